"""The dice stream, exactly as docs/dice.md specifies it, checked against its vectors."""

from __future__ import annotations

import pytest

from grimoire.core.dice import (
    RecordedDice,
    SeededDice,
    commitment,
    fisher_yates_draws,
    parse_seed,
    raw_draw,
    seed_key,
)
from grimoire.core.errors import IllegalAction, UsageError

# (seed hex, k, raw draw hex) — the same table is published in docs/dice.md.
RAW_VECTORS = [
    ("", 0, "08e7e41088b6c455"),
    ("", 1, "e831e454e4177fc0"),
    ("", 2, "a098c2a804130870"),
    ("", 1000, "e8e5871d7bc2e421"),
    ("00" * 32, 0, "e17bde30c2db0de3"),
    ("00" * 32, 1, "13dc09dda971bae4"),
    ("00" * 32, 1000, "ca47a42bf0fd7a89"),
    ("6772696d6f697265", 0, "f88d5ef1f8c7496d"),
    ("6772696d6f697265", 2, "fe375b35040f5b77"),
]

ROLL_VECTORS = [
    ("", 6, (6, 3, 5, 3, 4, 4, 5, 6, 6, 5)),
    ("", 4, (2, 1, 1, 3, 4, 2, 3, 2, 4, 3)),
    ("00" * 32, 6, (6, 5, 4, 4, 5, 5, 2, 4, 1, 2)),
    ("6772696d6f697265", 6, (4, 5, 2, 3, 1, 3, 4, 1, 1, 6)),
    ("6772696d6f697265", 4, (2, 3, 4, 3, 3, 3, 2, 3, 1, 2)),
]

SHUFFLE_VECTORS = [
    ("", (9, 4, 5, 8, 1, 3, 6, 0, 2, 7)),
    ("00" * 32, (9, 2, 0, 3, 6, 4, 8, 5, 7, 1)),
    ("6772696d6f697265", (6, 2, 8, 1, 5, 0, 9, 7, 4, 3)),
]


@pytest.mark.parametrize(("seed", "k", "expected"), RAW_VECTORS)
def test_raw_draw_matches_published_vectors(seed: str, k: int, expected: str) -> None:
    """draw k = big-endian uint64 of BLAKE2b-64(k as 8 big-endian bytes, key=BLAKE2b-256(seed))."""
    assert f"{raw_draw(seed_key(bytes.fromhex(seed)), k):016x}" == expected


@pytest.mark.parametrize(("seed", "sides", "expected"), ROLL_VECTORS)
def test_dice_match_published_vectors(seed: str, sides: int, expected: tuple[int, ...]) -> None:
    """A die of s sides is 1 + uniform(s), one draw per die when nothing is rejected."""
    dice = SeededDice(bytes.fromhex(seed))
    assert dice.rolls(sides, 10) == expected
    assert dice.counter == 10


@pytest.mark.parametrize(("seed", "expected"), SHUFFLE_VECTORS)
def test_shuffle_matches_published_vectors(seed: str, expected: tuple[int, ...]) -> None:
    """A shuffle is Fisher-Yates from the last index down, j = uniform(i + 1)."""
    dice = SeededDice(bytes.fromhex(seed))
    assert dice.permutation(10) == expected
    assert dice.counter == 9


def test_uniform_rejects_the_biased_tail_and_draws_again() -> None:
    """uniform(n) rejects u >= 2**64 - (2**64 % n): with n just over 2**63 about half the
    draws are rejected, and every rejected draw still advances the counter."""
    n = 2**63 + 1
    dice = SeededDice(b"")
    values = [dice.uniform(n) for _ in range(20)]
    assert all(0 <= v < n for v in values)
    assert dice.counter > 20
    limit = 2**64 - (2**64 % n)
    key = seed_key(b"")
    accepted = [u % n for u in (raw_draw(key, k) for k in range(dice.counter)) if u < limit]
    assert accepted == values


@pytest.mark.parametrize("sides", [1, 2, 6, 20, 2**63 + 1, 2**64 - 1])
@pytest.mark.parametrize("start", [0, 7, 1000])
def test_rolling_many_at_once_is_rolling_each_in_turn(sides: int, start: int) -> None:
    """``SeededDice.rolls`` (one loop, what every ``Roll`` uses) gives the values and
    the counter that ``roll`` called again and again gives, rejected draws included
    (about half of them with ``2**63 + 1`` sides); the published vectors hold both ways."""
    one, many = SeededDice(b"r", start), SeededDice(b"r", start)
    for count in (0, 1, 5, 17):
        assert many.rolls(sides, count) == tuple(one.roll(sides) for _ in range(count))
        assert many.counter == one.counter
    with pytest.raises(ValueError):
        many.rolls(0, 1)


def test_counter_resumes_the_stream() -> None:
    """Because the counter is all the state, resuming at k gives draw k onwards."""
    a = SeededDice(b"x")
    first = a.rolls(6, 7)
    b = SeededDice(b"x", counter=3)
    assert b.rolls(6, 4) == first[3:]


def test_commitment_differs_from_the_draw_key() -> None:
    """Publishing the commitment must not reveal the key the rolls are drawn with."""
    seed = b"secret"
    assert commitment(seed) != seed_key(seed).hex()
    assert len(commitment(seed)) == 64


def test_recorded_dice_check_their_range() -> None:
    """Physical dice values are taken as given and only their range is checked."""
    assert RecordedDice([1, 6]).rolls(6, 2) == (1, 6)
    with pytest.raises(IllegalAction) as err:
        RecordedDice([7]).roll(6)
    assert err.value.reason == "dice/out-of-range"
    with pytest.raises(IllegalAction) as err:
        RecordedDice([]).roll(6)
    assert err.value.reason == "dice/needed"


@pytest.mark.parametrize("n", [0, 1, 2, 5, 17])
def test_a_recorded_shuffle_replays_from_its_permutation(n: int) -> None:
    for s in range(10):
        perm = SeededDice(bytes([s])).permutation(n)
        assert RecordedDice(fisher_yates_draws(perm)).permutation(n) == perm


def test_seed_must_be_hex_and_a_bad_one_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as err:
        parse_seed("not hex")
    assert err.value.reason == "dice/bad-seed"
