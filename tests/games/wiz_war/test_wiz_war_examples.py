"""The rulebook's examples as recorded in fixtures/wiz-war/ (made by
tools/fixtures/wiz_war.py): each log folds to the state its ``about`` describes."""

from __future__ import annotations

from pathlib import Path

from grimoire.core.events import Roll
from grimoire.core.match import Match
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.board import DECK
from grimoire.games.wiz_war.state import form, speed

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wiz-war"


def load(name: str) -> Match:
    return Match.load(FIXTURES / f"edge-{name}.jsonl")


def rolls(m: Match, purpose: str) -> list[int]:
    return [v for e in m.events if isinstance(e, Roll) and e.purpose == purpose
            for v in e.values]


def test_fireball_5_and_shield_to_3() -> None:
    assert load("fireball-5").state.life == (15, 10)
    assert load("shield-reduces-to-3").state.life == (15, 12)


def test_gnome_form_evades_on_a_2() -> None:
    m = load("gnome-form-evades")
    f = form(m.state, 2)
    assert f is not None and DECK[f.card] == "Gnome Form"
    assert rolls(m, "evade") == [2]
    assert m.state.life == (15, 15, 15)
    assert not any(isinstance(e, E.Damage) for e in m.events)


def test_golem_form_drops_the_last_movement_point() -> None:
    m = load("golem-form-no-movement")
    assert speed(m.state, 0) == 2 and m.state.mp == 0
    assert not any(isinstance(a, E.Move) for a in m.legal(0))


def test_dust_cloud_random_direction_face_1_is_east() -> None:
    m = load("dust-cloud-random-direction")
    assert rolls(m, "direction") == [1]
    assert B.geometry(2).name(m.state.pos[0]) == "e3"


def test_every_neutral_spell_waits_for_allows() -> None:
    """Each window names the other living players in turn order."""
    m = load("negate-neutral")
    (window,) = [e for e in m.events if isinstance(e, E.Window)]
    assert window.responders == (1, 2)
    assert m.state.carried[1] == (DECK.index("Large Rock"),)


def test_multi_target_attacks_one_window_per_wizard() -> None:
    bolt = load("lightning-bolt-bounce")
    assert [e.target for e in bolt.events if isinstance(e, E.Attack)] == [1, 2]
    assert bolt.state.life == (15, 12, 12)
    storm = load("psychic-storm")
    assert [e.target for e in storm.events if isinstance(e, E.Attack)] == [0, 1]
    assert storm.state.life == (11, 11)
