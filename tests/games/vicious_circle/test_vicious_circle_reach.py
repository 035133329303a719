"""Vicious Circle: ``board.reachable`` with its precomputed landing table (``LANDING``)
agrees with the definition it replaced, for every piece on every square, both throne
defences and both kinds of path, on many boards."""

from __future__ import annotations

import random
from collections.abc import Sequence

from grimoire.games.vicious_circle import board as B


def first_reachable(board: Sequence[str], src: int, *, blocks: bool = False,
                    straight: bool = False) -> dict[int, bool]:
    """``board.reachable`` as first written: the landing rule asked square by square."""
    piece = board[src]
    seat, kind = B.PIECE[piece]
    passable = B.PASSABLE[kind]
    enemy_throne = B.THRONE[1 - seat]
    beats = B.BEATS_LETTER[piece]

    def lands(sq: int, occ: str) -> bool:
        if B.PIECE[occ][0] == seat:
            return False
        if beats[occ]:
            return True
        return sq == enemy_throne and not (blocks and B.BEATS_LETTER[occ][piece])

    out: dict[int, bool] = {}
    if straight:
        for ray in B.RAYS[src]:
            for sq in ray[:B.RANGE[kind]]:
                if not passable[sq]:
                    break
                occ = board[sq]
                if occ == B.EMPTY:
                    out[sq] = False
                    continue
                if lands(sq, occ):
                    out[sq] = True
                break
        return out
    frontier = [src]
    seen = {src}
    for _ in range(B.RANGE[kind]):
        nxt = []
        for sq in frontier:
            for nb in B.NEIGHBOURS[sq]:
                if nb in seen or not passable[nb]:
                    continue
                seen.add(nb)
                occ = board[nb]
                if occ == B.EMPTY:
                    out[nb] = False
                    nxt.append(nb)
                elif lands(nb, occ):
                    out[nb] = True
        frontier = nxt
    return out


def test_reachable_matches_the_first_definition() -> None:
    rng = random.Random(14)
    letters = [*B.PIECE]
    for _ in range(30):
        cells = [B.EMPTY] * B.N
        for sq in rng.sample(range(B.N), rng.randrange(0, B.N)):
            cells[sq] = rng.choice(letters)
        for src in range(B.N):
            for ch in letters:
                board = [*cells]
                board[src] = ch
                for blocks in (False, True):
                    for straight in (False, True):
                        want = first_reachable(board, src, blocks=blocks, straight=straight)
                        got = B.reachable(board, src, blocks=blocks, straight=straight)
                        assert list(got.items()) == list(want.items())


def test_reaches_agrees_with_reachable() -> None:
    """``board.reaches`` (one destination, through the ``WAYS`` table) answers exactly as
    membership in ``board.reachable`` does, for every square of random boards."""
    rng = random.Random(15)
    letters = [*B.PIECE]
    for _ in range(30):
        cells = [B.EMPTY] * B.N
        for sq in rng.sample(range(B.N), rng.randrange(0, B.N)):
            cells[sq] = rng.choice(letters)
        for src in range(B.N):
            for ch in letters:
                board = [*cells]
                board[src] = ch
                for blocks in (False, True):
                    for straight in (False, True):
                        ends = B.reachable(board, src, blocks=blocks, straight=straight)
                        for dst in range(B.N):
                            if dst != src:
                                got = B.reaches(board, src, dst, blocks=blocks,
                                                straight=straight)
                                assert got == (dst in ends)
