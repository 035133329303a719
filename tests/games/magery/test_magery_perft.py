"""Perft-style move counts: for each position in ``perft/*.json`` the number of legal
actions at depth 1 and the number of action pairs at depth 2 (the sum over every legal
action of the legal actions that follow it). A change to movement, summoning or any
power's choices shows up here at once.

Regenerate (after a deliberate rules change) with
``.venv/bin/python tests/games/magery/test_magery_perft.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from grimoire.core.dice import SeededDice
from grimoire.games.magery import RULES

HERE = Path(__file__).resolve().parent / "perft"
PLAYERS = ("White", "Black")

MID = "arena=c1esd1mu/1f1u1b2/4f3/2E3s1/3D1b2/2F5/1U2B1S1/C4EMU"
POSITIONS: dict[str, tuple[str, str | None, dict[str, Any]]] = {
    "setup": ("the empty board before White's first arrangement", None, {}),
    "round-1-decision": (
        "round 1 opens: both back rows arranged, every chamber empty",
        "arena=cfedsbmu/8/8/8/8/8/8/CFEDSBMU chaos=seer,magus,alchemist,conjurer",
        {},
    ),
    "midgame-removals": (
        "White may empty the Elemental Master, Dragon Lord, Animist or Mystic chamber",
        f"{MID} tower=...s.cEDUF phase=action", {},
    ),
    "midgame-runes": (
        "the same with the Rune Master's knight moves for White",
        f"{MID} tower=...s.cEDUF phase=action runes=w", {},
    ),
    "chaos-powers": (
        "White on the Mentalist, Illusionist, Shadow Mage and Enchanter",
        f"{MID} tower=...s.c......SFUE phase=action "
        "chaos=mentalist,illusionist,shadow-mage,enchanter", {},
    ),
    "dream-lord": (
        "White's Dream Lord may dream any Chaos Mage not in the Tower",
        f"{MID} tower=...s.c........S. phase=action chaos=seer,magus,dream-lord,alchemist",
        {},
    ),
    "archmage-private": (
        "Archmage: White's minion on its private Force Mage, Black's on the Magician",
        f"{MID} tower=...s.c.....c.... phase=action private=force-mage@S/seer",
        {"archmage": "archmage"},
    ),
}


def start(position: str | None, options: dict[str, Any]) -> Any:
    opts = msgspec.convert(options, RULES.Options)
    if position is None:
        return RULES.setup(opts, PLAYERS)
    return RULES.parse(position, opts, PLAYERS)


def children(state: Any) -> list[Any]:
    out = []
    for seat in sorted(RULES.to_act(state)):
        for action in RULES.legal(state, seat):
            after = state
            for event in RULES.decide(state, action, SeededDice(b"perft")):
                after = RULES.evolve(after, event)
            out.append(after)
    return out


def counts(state: Any) -> tuple[int, int]:
    kids = children(state)
    return len(kids), sum(len(children(k)) for k in kids)


def files() -> list[Path]:
    return sorted(HERE.glob("*.json"))


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_perft_counts(path: Path) -> None:
    """The legal action counts at depth 1 and 2 match the recorded ones."""
    data = json.loads(path.read_text())
    state = start(data["position"], data["options"])
    assert counts(state) == (data["depth1"], data["depth2"])


def test_every_perft_position_is_recorded() -> None:
    assert {p.stem for p in files()} == set(POSITIONS)


def regenerate() -> None:
    HERE.mkdir(exist_ok=True)
    for name, (about, position, options) in POSITIONS.items():
        d1, d2 = counts(start(position, options))
        data = {"about": about, "position": position, "options": options,
                "depth1": d1, "depth2": d2}
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=2) + "\n")
        print(f"{name}: {d1} {d2}", file=sys.stderr)


if __name__ == "__main__":
    regenerate()
