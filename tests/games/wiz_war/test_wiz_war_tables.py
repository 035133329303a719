"""Wiz-War: the precomputed lookups agree with the definitions they were made from."""

from __future__ import annotations

from pathlib import Path

from grimoire.core.logfile import LogReader
from grimoire.core.replay import initial_state
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import state as S


def test_neighbour_table_is_the_flat_board_for_every_layout() -> None:
    for players in (2, 3, 4):
        g = B.geometry(players)
        for sq in range(-g.width, g.size + g.width):
            for d in range(4):
                r, c = divmod(sq, g.width)
                r, c = r + B.DR[d], c + B.DC[d]
                inside = 0 <= r < g.height and 0 <= c < g.width and g.valid[r * g.width + c]
                assert g.neighbour(sq, d) == (r * g.width + c if inside else -1)


def test_stone_at_is_membership_of_the_stone_blocks_over_the_fixtures() -> None:
    found = 0
    for path in sorted((Path(__file__).parents[3] / "fixtures" / "wiz-war").glob("*.jsonl")):
        with LogReader(str(path)) as reader:
            state = initial_state(reader.rules, reader.header)
            for _, _, rec in reader.records(verify=False):
                state = reader.rules.evolve(state, rec.event)
                blocks = S.stone_blocks(state)
                found += len(blocks)
                g = B.geometry(state.players)
                assert [S.stone_at(state, q) for q in range(g.size)] == \
                    [q in blocks for q in range(g.size)]
    assert found  # the fixtures do hold stone blocks
