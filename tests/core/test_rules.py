"""The decider contract: ``Game`` (the kit's implementation) and games written as a class."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from grimoire import Match, registry
from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import GrimoireError, IllegalAction
from grimoire.core.events import Action
from grimoire.core.kit import GameOver, ended
from grimoire.core.rules import (
    CORE_REASONS,
    BaseRules,
    Game,
    Odds,
    Outcome,
    SupportsOdds,
    finished,
    require_turn,
)
from grimoire.testing import tally


class Tap(Action, frozen=True, tag="tap"):
    pass


class Opts(msgspec.Struct, frozen=True):
    taps: int = 2


class St(msgspec.Struct, frozen=True):
    taps: int
    turn: int = 0
    winners: tuple[int, ...] = ()
    result: str = ""


Ev = Tap | GameOver
calls: list[str] = []


def _decide(state: St, action: Ev, dice: Dice) -> tuple[Ev, ...]:
    calls.append("decide")
    if state.taps == 1:
        return (action, GameOver(winners=(action.player,), reason="last-tap"))
    return (action,)


def _evolve(state: St, event: Ev) -> St:
    if isinstance(event, GameOver):
        return ended(state, event)
    return msgspec.structs.replace(state, taps=state.taps - 1, turn=1 - state.turn)


def _to_act(state: St) -> frozenset[int]:
    calls.append("to_act")
    return frozenset((state.turn,))


def taps_parts() -> dict[str, Any]:
    return dict(
        name="taps", version="1", seats=(2,), default_players=("A", "B"), Options=Opts,
        State=St, Event=Ev, reasons={}, setup=lambda o, p: St(taps=o.taps), to_act=_to_act,
        legal=lambda s, p: (Tap(player=p),), decide=_decide, evolve=_evolve,
        render=lambda s, p: f"{s.taps} taps", describe=lambda e, s=None: "tap",
        notation=lambda s: str(s.taps), parse=lambda t, o, p: St(taps=int(t)),
    )


def taps_game() -> Game[St, Ev, Opts]:
    return Game(**taps_parts())


def test_game_asks_nobody_to_act_once_over_and_lists_nothing_for_others() -> None:
    game = taps_game()
    state = St(taps=2)
    assert game.to_act(state) == {0}
    assert game.legal(state, 1) == () and game.legal(state, 0) == (Tap(player=0),)
    over = St(taps=0, winners=(0,), result="last-tap")
    assert game.to_act(over) == frozenset() and game.legal(over, 0) == ()
    assert game.outcome(over) == Outcome((0,), "last-tap") == finished(over)


def test_game_makes_the_turn_check_once_before_the_games_decide() -> None:
    game = taps_game()
    calls.clear()
    with pytest.raises(IllegalAction) as err:
        game.decide(St(taps=2), Tap(player=1), NoDice())
    assert err.value.reason == "turn/not-to-act" and "decide" not in calls
    with pytest.raises(IllegalAction) as err:
        game.decide(St(taps=2), GameOver(winners=(), reason="x"), NoDice())
    assert err.value.reason == "action/not-an-action"
    calls.clear()
    match = Match.new(game, seed="00" * 16)
    match.act(Tap(player=0))
    assert calls.count("decide") == 1 and calls.count("to_act") == 1, calls


def test_game_defaults_to_perfect_information() -> None:
    game = taps_game()
    state = St(taps=2)
    assert game.view(state, 1) is state and game.redact(Tap(player=0), 1) == Tap(player=0)
    assert game.disguise(state, 1, __import__("random").Random(0)) is state
    assert game.render(state) == "2 taps" and game.title == ""


def test_assemble_reads_each_part_by_its_role() -> None:
    """``Game.assemble`` wires a folder's modules: rules (and secrets), evolve, notation,
    render; without ``secrets`` the game has perfect information."""
    parts = taps_parts()
    rules = SimpleNamespace(**{k: parts[k] for k in ("setup", "to_act", "legal", "decide")})
    text = SimpleNamespace(board=parts["render"], describe=parts["describe"])
    notation = SimpleNamespace(notation=parts["notation"], parse=parts["parse"])
    meta = {k: parts[k] for k in ("name", "version", "seats", "default_players", "Options",
                                  "State", "Event", "reasons")}
    game = Game.assemble(**meta, title="Taps", rules=rules, evolve=_evolve,
                         notation=notation, render=text)
    state = game.setup(Opts(), ("A", "B"))
    assert game.legal(state, 0) == (Tap(player=0),) and game.render(state) == "2 taps"
    assert game.notation(state) == "2" and game.parse("1", Opts(), ()) == St(taps=1)
    assert game.view(state, 1) is state and game.describe(Tap(player=0)) == "tap"
    secrets = SimpleNamespace(view=lambda s, p: St(taps=-1), redact=lambda e, p: e,
                              disguise=lambda s, p, rng: s)
    hidden = Game.assemble(**meta, title="Taps", rules=rules, evolve=_evolve,
                           notation=notation, render=text, secrets=secrets)
    assert hidden.view(state, 1) == St(taps=-1)
    with pytest.raises(IllegalAction) as err:
        hidden.decide(state, Tap(player=1), NoDice())
    assert err.value.reason == "turn/not-to-act"


def test_core_reasons_are_the_turn_checks() -> None:
    state = St(taps=0, result="x")
    with pytest.raises(IllegalAction) as err:
        require_turn(taps_game(), state, Tap(player=0))
    assert err.value.reason == "game/over" and err.value.reason in CORE_REASONS


class ClassTaps(BaseRules[St, Ev, Opts]):
    """Taps, written as a class (the way games were written before the kit)."""

    name = "class-taps"
    version = "1"
    Options = Opts
    State = St
    Event = Ev

    def setup(self, options: Opts, players: Sequence[str]) -> St:
        return St(taps=options.taps)

    def to_act(self, state: St) -> frozenset[int]:
        return frozenset() if state.result else frozenset((state.turn,))

    def legal(self, state: St, player: int) -> Sequence[Ev]:
        return (Tap(player=player),)

    def decide(self, state: St, action: Ev, dice: Dice) -> tuple[Ev, ...]:
        self.require_turn(state, action)
        return _decide(state, action, dice)

    def evolve(self, state: St, event: Ev) -> St:
        return _evolve(state, event)

    def outcome(self, state: St) -> Outcome | None:
        return finished(state)

    def render(self, state: St, player: int | None = None) -> str:
        return f"{state.taps} taps"

    def notation(self, state: St) -> str:
        return str(state.taps)

    def parse(self, text: str, options: Opts, players: Sequence[str]) -> St:
        return St(taps=int(text))


def test_a_game_written_as_a_class_still_plays_and_audits() -> None:
    rules = ClassTaps()
    assert rules.title == "Taps, written as a class (the way games were written before the kit)."
    assert rules.reasons == {}
    match = Match.new(rules, seed="01" * 16)
    with pytest.raises(IllegalAction):
        match.act(Tap(player=1))
    match.act(Tap(player=0))
    match.act(Tap(player=1))
    assert match.outcome == Outcome((1,), "last-tap")
    assert rules.describe(Tap(player=0)) == "tap player=0"


def test_odds_is_a_capability_found_on_the_rules_object() -> None:
    assert not isinstance(taps_game(), SupportsOdds)
    assert not isinstance(tally.RULES, SupportsOdds)

    class Priced(Game[St, Ev, Opts]):
        def odds(self, state: St, *, samples: int, seed: bytes) -> Odds:
            return Odds(method="exact", win=(1.0, 0.0), tie=0.0)

    priced = Priced(**taps_parts())
    assert isinstance(priced, SupportsOdds)
    assert priced.odds(St(taps=1), samples=1, seed=b"").win == (1.0, 0.0)


def test_registry_is_reachable_however_grimoire_games_resolves() -> None:
    import grimoire
    import grimoire.games.magery  # importing a game used to shadow the registry

    assert grimoire.games.get("magery").name == "magery"
    assert grimoire.registry.get("magery") is registry.get("magery")
    assert "magery" in grimoire.games.names()


def test_a_game_replays_its_older_ruleset_versions_with_their_options(tmp_path: Any) -> None:
    """A rule change bumps the ruleset version; ``older`` maps each earlier version to the
    options that reproduce it, so old logs replay as they were played."""
    from grimoire.core.events import Header
    from grimoire.core.logfile import rules_for, write_log
    from grimoire.core.replay import initial_state

    game = Game(**{**taps_parts(), "name": "taps-v2", "version": "2",
                   "older": {"1": {"taps": 3}}})
    registry.register(game)
    try:
        old = Header(game="taps-v2", rules="1", players=("A", "B"))
        assert rules_for(old) is game
        assert initial_state(game, old) == St(taps=3)
        explicit = Header(game="taps-v2", rules="1", players=("A", "B"), options={"taps": 5})
        assert initial_state(game, explicit) == St(taps=5), "the header's own options win"
        assert initial_state(game, Header(game="taps-v2", rules="2", players=("A", "B"))) \
            == St(taps=2)
        path = tmp_path / "old.jsonl"
        write_log(path, old, [Tap(player=0), Tap(player=1), Tap(player=0),
                              GameOver(winners=(0,), reason="last-tap")])
        assert Match.load(path).outcome == Outcome((0,), "last-tap")
        with pytest.raises(GrimoireError) as err:
            rules_for(Header(game="taps-v2", rules="0", players=("A", "B")))
        assert err.value.reason == "log/rules-version" and "'1', '2'" in err.value.detail
    finally:
        registry.unregister("taps-v2")
