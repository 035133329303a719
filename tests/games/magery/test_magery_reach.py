"""Magery: the one-square checks decide uses (``board.reaches``, ``board.sides``,
``board.shadows``, ``board.SUMMON_ROWS``) agree with the whole-board searches they stand
in for, on random arenas."""

from __future__ import annotations

import random

from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T


def random_arena(rng: random.Random) -> list[str]:
    letters = [*B.SEAT_OF]
    cells = [B.EMPTY] * B.N
    for sq in rng.sample(range(B.N), rng.randrange(0, 40)):
        cells[sq] = rng.choice(letters)
    return cells


def test_reaches_agrees_with_destinations() -> None:
    rng = random.Random(21)
    for _ in range(40):
        arena = random_arena(rng)
        shielded = tuple(sorted(rng.sample(range(B.N), rng.randrange(0, 4))))
        for src in range(B.N):
            if arena[src] == B.EMPTY:
                continue
            for knight in (False, True):
                for capture in (False, True):
                    ends = B.destinations(arena, src, knight, shielded, capture)
                    for dst in range(B.N):
                        got = B.reaches(arena, src, dst, knight, shielded, capture)
                        assert got == (dst in ends), (arena, src, dst, knight, capture)


def test_sides_shadows_and_summon_rows() -> None:
    rng = random.Random(22)
    for _ in range(200):
        arena = random_arena(rng)
        assert B.sides(arena) == tuple(
            any(ch != B.EMPTY and B.SEAT_OF[ch] == seat for ch in arena) for seat in (0, 1))
        for seat in (0, 1):
            for sq in range(B.N):
                assert B.shadows(arena, sq, seat) == any(
                    arena[n] != B.EMPTY and B.SEAT_OF[arena[n]] == seat
                    for n in B.ORTHO_NEIGHBOURS[sq])
            for kind in range(len(B.KINDS)):
                squares = B.summon_squares(arena, seat, kind)
                for sq in range(B.N):
                    if arena[sq] == B.EMPTY:
                        assert (sq // 8 in B.SUMMON_ROWS[seat][kind]) == (sq in squares)
    assert B.SUMMON_ROWS[T.WHITE][B.KIND_INDEX["dragon"]] == (0,)
