"""``grimoire play`` driven by scripted answers."""

from __future__ import annotations

from grimoire.core.match import Match
from grimoire.tools.play import play


def test_a_person_can_play_a_whole_game_against_the_bot() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    result = play(m, humans={0}, ask=lambda _: "1", say=said.append)
    assert result == "over" and m.outcome is not None
    assert any("sets up" in line for line in said)


def test_filtering_and_quitting() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    answers = iter(["saint e5", "zzz", "q"])
    assert play(m, humans={0}, ask=lambda _: next(answers), say=said.append) == "quit"
    assert any("nothing matches" in line for line in said)
    assert len(m.events) == 0


def test_hot_seat_announces_each_turn() -> None:
    m = Match.new("vicious-circle", seed="04" * 16)
    said: list[str] = []
    answers = iter(["r"] * 6 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("others look away" in line for line in said)


def test_hot_seat_shows_the_table_no_secret() -> None:
    """At one screen every event is shown as a spectator sees it: the deal and draws of
    Wiz-War name no card."""
    m = Match.new("wiz-war", seed="05" * 16)
    said: list[str] = []
    answers = iter(["r"] * 30 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("5 cards dealt to each of 2 players" in line for line in said)
    hands = [c for h in m.state.hands for c in h]
    assert hands and not any("hands=" in line or "cards=(" in line for line in said)


def test_ctrl_d_leaves_a_valid_log_that_resumes_to_the_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The log is written as the game is played: stopping (Ctrl-D raises EOFError in the
    ask function) leaves a valid unfinished log whose seed stays in a private file, and
    ``Match.resume`` plays on to the end."""
    from grimoire.core.audit import audit
    from grimoire.core.match import seed_file
    from grimoire.tools.play import finish, new_match

    path = tmp_path / "game.jsonl"
    match = new_match("wizard-armies", seed="7", path=path)
    answers = iter(["r", "r"])

    def ask(_: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    assert play(match, humans={0}, ask=ask, say=lambda _: None) == "quit"
    note = finish(match, path)
    assert "--resume" in note and audit(path).ok and not audit(path).outcome
    kept = tmp_path / "game.jsonl.seed"
    assert seed_file(path) == str(kept) and kept.stat().st_mode & 0o077 == 0
    assert match.seed is not None and match.seed not in path.read_text()
    again = Match.resume(path)
    assert play(again, humans={0}, ask=lambda _: "1", say=lambda _: None) == "over"
    assert "seed revealed" in finish(again, path)
    report = audit(path)
    assert report.ok and report.outcome is not None and report.dice == "verified"
    assert not kept.exists()
