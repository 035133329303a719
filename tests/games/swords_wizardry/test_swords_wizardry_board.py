"""Swords & Wizardry: the precomputed movement tables (``board.OWNER``, ``board.STEPS``)
agree with the definitions they were made from, over every square and piece."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from grimoire.games.swords_wizardry import board as B
from grimoire.games.swords_wizardry import tables as T


def test_owner_table_is_the_letter_case() -> None:
    for ch in (*B.PIECE, *B.UNKNOWN, B.EMPTY, "?"):
        assert B.owner(ch) == (T.RED if ch.isupper() else T.BLACK)


def slow_destinations(board: Sequence[str], revealed: Sequence[bool],
                      pinned: Sequence[bool], src: int,
                      challenge_shown: bool = False) -> Iterator[int]:
    """``board.destinations`` as first written: candidates built on every call."""
    seat, kind = B.PIECE[board[src]]
    if kind == B.PRINCESS and pinned[seat]:
        return
    seen: set[int] = set()
    candidates: list[int] = []
    if kind == B.WIZARD:
        for ray in B.RAYS[src]:
            for sq in ray:
                if B.LAKE[sq]:
                    continue
                candidates.append(sq)
                if board[sq] != B.EMPTY:
                    break
    else:
        for ray in B.RAYS[src]:
            if not ray:
                continue
            if not B.LAKE[ray[0]]:
                candidates.append(ray[0])
            if kind == B.DRAGON and len(ray) > 1 and not B.LAKE[ray[1]]:
                candidates.append(ray[1])
    candidates.extend(B.BRIDGE_STEPS[src])
    for dst in candidates:
        if dst in seen:
            continue
        seen.add(dst)
        occ = board[dst]
        if occ == B.EMPTY:
            if not (B.CASTLE[dst] and kind == B.CATAPULT):
                yield dst
        elif (occ.isupper() != board[src].isupper()) and kind != B.PRINCESS and (
                not B.CASTLE[dst] or kind == B.CATAPULT
                or B.can_challenge_in_castle(occ, revealed[dst], pinned, challenge_shown)):
            yield dst


def test_destinations_match_the_first_definition_on_every_square() -> None:
    rng = random.Random(14)
    letters = [*B.PIECE]
    for trial in range(60):
        cells = [B.EMPTY] * B.N
        for sq in rng.sample(range(B.N), rng.randrange(0, 60)):
            if not B.LAKE[sq]:
                cells[sq] = rng.choice(letters)
        revealed = [rng.random() < 0.5 for _ in range(B.N)]
        pinned = (rng.random() < 0.3, rng.random() < 0.3)
        shown = trial % 2 == 1
        for src in range(B.N):
            if B.LAKE[src]:
                continue
            for ch in letters:
                board = list(cells)
                board[src] = ch
                assert list(B.destinations(board, revealed, pinned, src, shown)) == \
                    list(slow_destinations(board, revealed, pinned, src, shown)), (ch, src)
