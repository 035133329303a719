"""Events, records and the header: tags, immutability, the chain."""

from __future__ import annotations

import msgspec
import pytest

from grimoire.core.dice import RecordedDice, SeededDice
from grimoire.core.events import (
    Header,
    Record,
    Roll,
    Shuffle,
    canonical,
    chain_next,
    header_bytes,
    header_hash,
)
from grimoire.games.vicious_circle.events import Move


def test_events_are_tagged_by_type_and_frozen() -> None:
    move = Move(player=0, from_="c5", to="c3")
    assert msgspec.json.encode(move) == b'{"type":"move","player":0,"from":"c5","to":"c3"}'
    with pytest.raises(AttributeError):
        move.to = "c2"  # type: ignore[misc]


def test_roll_of_counts_draws_and_keeps_values() -> None:
    roll = Roll.of(SeededDice(b"s"), 1, 6, 3, "battle")
    assert roll.draws == 3 and len(roll.values) == 3 and roll.purpose == "battle"
    assert Roll.of(RecordedDice(roll.values), 1, 6, 3, "battle") == roll


def test_shuffle_apply_and_outcomes() -> None:
    sh = Shuffle.of(SeededDice(b"s"), "deck", 5)
    items = ("a", "b", "c", "d", "e")
    assert sorted(sh.apply(items)) == list(items)
    assert Shuffle.of(RecordedDice(sh.outcomes()), "deck", 5).order == sh.order


def test_header_hash_ignores_the_revealed_seed() -> None:
    """Revealing the seed at the end must not break the chain of a sealed log."""
    h = Header(game="g", rules="1", players=("a", "b"), seed_commitment="c")
    assert header_hash(h) == header_hash(msgspec.structs.replace(h, seed="00ff"))
    assert header_hash(h) != header_hash(msgspec.structs.replace(h, players=("a", "c")))


def test_header_hash_from_the_line_blanks_only_the_header_s_own_seed() -> None:
    """A reader hashes the header line it read, with the seed cut out of it: the same
    value as the header encoded without its seed, also when ``options`` or ``meta`` hold
    the same key and value, the seed needs escaping, or the log is of the first format."""
    seed = "5e" * 16
    for h in (
        Header(game="g", rules="1", players=("a", "b"), seed=seed),
        Header(game="g", rules="1", players=("a", "b"), seed=seed, meta={"seed": seed}),
        Header(game="g", rules="1", players=("a", "b"), seed=seed,
               options={"o": {"a": 1, "seed": seed}}, seed_commitment="c", keys=("k", "l")),
        Header(game="g", rules="1", players=("a", "b"), seed='a"b\\c',
               meta={"note": ',"seed":"a\\"b'}),
        # the first format's canonical bytes hold every field, a missing seed as null
        Header(format="grimoire/1", game="g", rules="1", players=("a", "b"), seed=seed),
    ):
        unseeded = header_hash(msgspec.structs.replace(h, seed=None))
        assert header_hash(h) == unseeded
        assert header_hash(h, encoded=header_bytes(h)) == unseeded


def test_chain_depends_on_every_byte_and_the_order() -> None:
    a = canonical(Move(player=0, from_="c5", to="c3"))
    b = canonical(Move(player=1, from_="a1", to="b1"))
    h0 = b"\0" * 16
    assert chain_next(chain_next(h0, a), b) != chain_next(chain_next(h0, b), a)
    assert len(chain_next(h0, a)) == 16


def test_record_omits_a_missing_chain() -> None:
    assert msgspec.json.encode(Record(0, Move(player=0, from_="c5", to="c3"))) == (
        b'{"seq":0,"event":{"type":"move","player":0,"from":"c5","to":"c3"}}'
    )
