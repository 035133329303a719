"""Match: live play, refusals that change nothing, views, save and load."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.audit import audit
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.logfile import read_log
from grimoire.core.match import Match, check_players
from grimoire.games.vicious_circle.events import Move, Setup


def test_illegal_action_changes_nothing() -> None:
    m = Match.new("vicious-circle", seed="01" * 16)
    before = (m.state, len(m.events))
    with pytest.raises(IllegalAction) as err:
        m.act(Setup(player=0, placement=(("saint", "a1"),)))
    assert err.value.reason == "setup/count"
    assert (m.state, len(m.events)) == before


def test_acting_out_of_turn_is_refused() -> None:
    m = Match.new("vicious-circle", position="5/5/5/5/s3S -/- t -,- 0", dice="recorded")
    with pytest.raises(IllegalAction) as err:
        m.act(Move(player=0, from_="e1", to="d1"))
    assert err.value.reason == "turn/not-to-act"


def test_seeded_match_saves_commitment_while_live_and_seed_when_over(tmp_path: Path) -> None:
    m = Match.new("tally", seed="0a" * 8, options={"target": 20})
    live = tmp_path / "live.jsonl"
    m.save(live)
    assert read_log(live).header.seed is None
    assert read_log(live).header.seed_commitment
    while m.outcome is None:
        m.act(m.legal(m.state.turn)[0])
    done = tmp_path / "done.jsonl"
    m.save(done)
    assert read_log(done).header.seed == "0a" * 8
    report = audit(done)
    assert report.ok and report.dice == "verified"


def test_live_log_file_grows_with_each_action(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    m = Match.new("tally", seed="0a" * 8, path=path)
    m.act(m.legal(0)[0])
    assert read_log(path).events == list(m.events)
    m.act(m.legal(1)[1])
    assert read_log(path).events == list(m.events)
    m.close()


def test_load_and_continue_needs_the_seed(tmp_path: Path) -> None:
    m = Match.new("tally", seed="0b" * 8)
    for _ in range(5):
        m.act(m.legal(m.state.turn)[0])
    path = tmp_path / "m.jsonl"
    m.save(path, reveal=False)
    blind = Match.load(path)
    with pytest.raises(IllegalAction) as err:
        blind.act(blind.legal(blind.state.turn)[0])
    assert err.value.reason == "dice/no-seed"
    again = Match.load(path, seed="0b" * 8)
    again.act(again.legal(again.state.turn)[0])
    m.act(m.legal(m.state.turn)[0])
    assert list(again.events) == list(m.events)
    with pytest.raises(UsageError):
        Match.load(path, seed="0c" * 8)


def test_recorded_dice_take_the_given_values() -> None:
    m = Match.new("tally", dice="recorded")
    events = m.act(m.legal(0)[0], dice=[5])
    assert m.state.total == 5 and len(events) == 2
    with pytest.raises(IllegalAction) as err:
        m.act(m.legal(1)[0], dice=[1, 2])
    assert err.value.reason == "dice/unused"
    with pytest.raises(IllegalAction) as err:
        m.act(m.legal(1)[0])
    assert err.value.reason == "dice/needed"


def test_bad_options_and_positions_are_usage_errors() -> None:
    with pytest.raises(UsageError):
        Match.new("vicious-circle", options={"edition": "pirate"})
    with pytest.raises(UsageError):
        Match.new("vicious-circle", position="nonsense")
    with pytest.raises(UsageError):
        Match.new("no-such-game")


@pytest.mark.parametrize(("game", "options", "seed", "reason"), [
    ("wiz-war", {"victory_points": 0}, None, "setup/victory-points"),
    ("wiz-war", {"counter_neutral": "nobody"}, None, "setup/counter-neutral"),
    ("vicious-circle", {}, "zz", "dice/bad-seed"),
])
def test_option_and_seed_mistakes_are_usage_errors_with_the_games_code(
        game: str, options: dict[str, object], seed: str | None, reason: str) -> None:
    with pytest.raises(UsageError) as err:
        Match.new(game, options=options, seed=seed)
    assert err.value.reason == reason


@pytest.mark.parametrize("name", [
    "\U0001f469\u200d\U0001f680 Ann",   # woman astronaut: an emoji joined by U+200D (ZWJ)
    "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag: a variation selector and a ZWJ
    "\u0645\u200c\u06cc",               # a zero-width non-joiner between Persian letters
    "\u2764\ufe0f Ben",                 # a heart drawn as an emoji (variation selector)
])
def test_a_name_may_join_emoji_and_letters(name: str) -> None:
    match = Match.new("vicious-circle", players=(name, "Ben2"))
    assert match.header.players[0] == name


@pytest.mark.parametrize("name", [
    "Ann\u202eneB",      # right-to-left override: reads as another name
    "\u202aAnn",         # left-to-right embedding
    "Ann\u2066x\u2069",  # isolates
    "\u200dAnn",         # a joiner with nothing before it
    "Ann\u200d",         # nor after it
    "\u200d\u200c",      # joiners alone: an invisible name
    "\ufe0f",            # a variation selector alone
    "Ann\u200b",         # zero-width space: a format character that joins nothing
    "Ann\x00",
])
def test_a_name_with_other_invisible_or_format_characters_is_refused(name: str) -> None:
    with pytest.raises(UsageError) as err:
        Match.new("vicious-circle", players=(name, "Ben"))
    assert err.value.reason == "players/invalid"


def test_an_empty_list_of_names_is_refused_by_check_players() -> None:
    with pytest.raises(UsageError) as err:
        check_players(())
    assert err.value.reason == "players/invalid"
