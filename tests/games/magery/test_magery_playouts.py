"""Seeded random playouts of Magery under every option: the properties every game keeps
(legal actions are accepted, audits pass, replay and round trips are exact, views leak
nothing, notation round-trips)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import grimoire
from grimoire.core.audit import audit_events
from grimoire.core.replay import Replay, fold
from grimoire.core.views import leaks
from grimoire.games.magery import RULES
from grimoire.games.magery.rules import victory

OPTIONS: list[dict[str, Any]] = [
    {},
    {"archmage": "archmage"},
    {"archmage": "ultimate", "rotating": True},
    {"rotating": True, "enchanted": "dead", "round_limit": 12},
    {"twelfth_card": "magus", "archmage": "archmage", "rotating": True},
]


def playout(seed: int, options: dict[str, Any], limit: int = 3000) -> grimoire.Match:
    m = grimoire.Match.new("magery", seed=f"{seed:064x}", options=options)
    rng = random.Random(seed)
    for _ in range(limit):
        if m.outcome is not None:
            break
        (p,) = m.to_act
        actions = m.legal(p)
        assert actions, f"no legal action for seat {p}"
        m.act(rng.choice(actions))
    return m


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_end_and_audit(seed: int, options: dict[str, Any]) -> None:
    """Random games end in fewer than 3000 actions and their logs audit."""
    m = playout(seed, options)
    assert m.outcome is not None
    report = audit_events(m.rules, m.log(reveal=True).header, m.events)
    assert report.ok, report.summary()
    replay = Replay(m.rules, m.header, m.events, every=50)
    for n in (0, 1, 17, len(m.events) // 2, len(m.events)):
        assert replay.seek(n) == fold(RULES, RULES.setup(RULES.Options(**options),
                                                         m.header.players), m.events[:n])


@pytest.mark.parametrize("options", OPTIONS)
def test_every_legal_action_is_accepted_and_states_round_trip(options: dict[str, Any]) -> None:
    """Every legal action passes decide; states survive JSON, msgpack and notation."""
    m = playout(7, options, limit=400)
    rules = m.rules
    state = RULES.setup(RULES.Options(**options), m.header.players)
    dec = msgspec.json.Decoder(RULES.State)
    mp = msgspec.msgpack.Decoder(RULES.State)
    ev_dec = msgspec.json.Decoder(RULES.Event)
    rng = random.Random(3)
    for i, event in enumerate(m.events):
        assert ev_dec.decode(msgspec.json.encode(event)) == event
        state = rules.evolve(state, event)
        if i % 7:
            continue
        assert dec.decode(msgspec.json.encode(state)) == state
        assert mp.decode(msgspec.msgpack.encode(state)) == state
        text = rules.notation(state)
        won = victory(state) if state.phase in ("decision", "action") else None
        # Ruling 29: a state between the winning action and its game-over event reads back
        # as the ended game; every other state reads back as itself
        expected = state if won is None else rules.evolve(state, won)
        assert rules.parse(text, RULES.Options(**options), m.header.players) == expected, text
        for p in rules.to_act(state):
            for action in rules.legal(state, p):
                rules.decide(state, action, grimoire.SeededDice(b"x"))
        for p in (0, 1):
            assert not leaks(rules, state, p, rng=rng, tries=3)
            assert rules.render(rules.view(state, p), p)
        assert rules.render(rules.view(state, None), None)
        assert rules.describe(event)
