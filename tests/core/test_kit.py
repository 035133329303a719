"""The game kit: the builder, immutable tuples, square names, the rank codec, GameOver,
and the parts of the games' position builders (write_pieces, options_of)."""

from __future__ import annotations

import time

import msgspec
import pytest

from grimoire.core.dice import NoDice, RecordedDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.kit import (
    Builder,
    GameOver,
    Grid,
    ended,
    named,
    number,
    options_of,
    put,
    put_many,
    read_ranks,
    who,
    without,
    write_pieces,
    write_ranks,
)


def test_builder_folds_each_event_as_it_is_emitted() -> None:
    seen = []

    def evolve(total: int, n: int) -> int:
        seen.append(total)
        return total + n

    b = Builder(10, evolve, RecordedDice([4]))
    assert b.emit(1) == 11 and b.emit(2) == 13
    assert seen == [10, 11], "each event is folded into the state the earlier ones left"
    assert b.done() == (1, 2) and b.state == 13
    assert b.dice.roll(6) == 4


def test_builder_without_dice_refuses_to_roll() -> None:
    b: Builder[int, int] = Builder(0, lambda s, e: s + e)
    assert isinstance(b.dice, NoDice)
    with pytest.raises(IllegalAction) as err:
        b.dice.roll(6)
    assert err.value.reason == "dice/needed"


def test_put_replaces_one_item_and_refuses_an_index_it_does_not_have() -> None:
    assert put((1, 2, 3), 0, 9) == (9, 2, 3)
    assert put((1, 2), 1, 9) == (1, 9)
    for bad in (-1, 2, 10**30):
        with pytest.raises(IndexError):
            put((1, 2), bad, 9)


def test_put_replaces_in_longer_tuples_and_refuses_negative_indexes() -> None:
    assert put((1, 2, 3, 4), 3, 9) == (1, 2, 3, 9)
    for bad in (-1, -4, 4):
        with pytest.raises(IndexError):
            put((1, 2, 3, 4), bad, 9)


@pytest.mark.parametrize("field", ["", "-", "x", "1.5", "+3", "\u0663", "100", "-1", "9" * 5000])
def test_number_refuses_anything_but_a_bounded_whole_number(field: str) -> None:
    """A position's numbers are refused with ``position/invalid``, never a ValueError,
    however long (Python refuses ``int()`` of over 4,300 digits)."""
    with pytest.raises(IllegalAction) as err:
        number("pos", field, 0, 99)
    assert err.value.reason == "position/invalid"


def test_number_reads_a_bounded_whole_number() -> None:
    assert number("pos", "0", 0, 99) == 0 and number("pos", "-3", -5, 5) == -3
    assert number("pos", "99", 0, 99) == 99


def test_put_many_and_without() -> None:
    assert put_many(("a", "b", "c"), {0: "x", 2: "z"}) == ("x", "b", "z")
    with pytest.raises(IndexError):
        put_many(("a",), {3: "x"})
    assert without((1, 2, 1), 1) == (2, 1)
    with pytest.raises(ValueError):
        without((1, 2), 3)


def test_grid_names_squares_like_a_chess_diagram_or_rank_one_first() -> None:
    chess_diagram = Grid(5, 5)
    assert chess_diagram.name(0) == "a5" and chess_diagram.name(24) == "e1"
    assert chess_diagram.find("e5") == 4
    arena = Grid(8, 8, ascending=True)
    assert arena.name(0) == "a1" and arena.name(63) == "h8" and arena.find("h1") == 7


def test_grid_refuses_unknown_squares_with_the_callers_reason() -> None:
    grid = Grid(10, 10)
    assert grid.parse("j10", "move/unknown-square") == 9
    with pytest.raises(IllegalAction) as err:
        grid.parse("k1", "move/unknown-square")
    assert err.value.reason == "move/unknown-square"
    assert err.value.detail == "no square 'k1' (squares are a1..j10)"
    assert grid.find("a01") == -1 and grid.find("") == -1


def test_grid_leaves_out_squares_that_do_not_exist() -> None:
    grid = Grid(2, 2, ascending=True, valid=(True, True, True, False))
    assert grid.find("b2") == -1 and grid.name(3) == "b2" and grid.find("a2") == 2


def test_named_and_who() -> None:
    assert named({"saint": 0}, "saint", "x/y", "creature") == 0
    with pytest.raises(IllegalAction) as err:
        named({"saint": 0, "spirit": 1}, "troll", "setup/unknown-creature", "creature")
    assert err.value.reason == "setup/unknown-creature"
    assert err.value.detail == "no creature 'troll' (one of saint, spirit)"
    assert who(("A", "B", "C"), (0, 2)) == "A and C" and who(("A",), ()) == "nobody"


def test_ranks_round_trip() -> None:
    rows = [["K*", ".", ".", "q"], [".", ".", ".", "."], ["p", "p", ".", "."]]
    text = write_ranks(rows)
    assert text == "K*2q/4/pp2"
    assert read_ranks("x", text, 4, 3, pieces="Kqp", marks="*") == rows


def test_ranks_take_runs_of_several_digits() -> None:
    assert read_ranks("x", "10", 10, 1, pieces="") == [["."] * 10]


@pytest.mark.parametrize(("ranks", "why"), [
    ("4/4", "expected 3 ranks"),
    ("4/4/5", "is not 4 squares"),
    ("4/4/3", "is not 4 squares"),
    ("4/4/Z3", "unknown piece letter 'Z'"),
    ("4/4/0p3", "is not 4 squares"),
    ("4/4/\u00b23", "unknown piece letter"),
])
def test_ranks_refuse_what_does_not_fit(ranks: str, why: str) -> None:
    with pytest.raises(IllegalAction) as err:
        read_ranks("whole position", ranks, 4, 3, pieces="p")
    assert err.value.reason == "position/invalid"
    assert why in err.value.detail and "'whole position'" in err.value.detail


def test_a_huge_run_is_refused_before_anything_is_allocated() -> None:
    t0 = time.perf_counter()
    with pytest.raises(IllegalAction):
        read_ranks("x", "9" * 5000, 10, 1, pieces="")
    with pytest.raises(IllegalAction):
        read_ranks("x", "999999999", 10, 1, pieces="")
    assert time.perf_counter() - t0 < 1.0


def test_game_over_is_one_event_for_every_game_and_ended_folds_it() -> None:
    class S(msgspec.Struct, frozen=True):
        winners: tuple[int, ...] = ()
        result: str = ""
        phase: str = "play"

    event = GameOver(winners=(1,), reason="throne")
    assert msgspec.json.encode(event) == b'{"type":"game-over","winners":[1],"reason":"throne"}'
    assert ended(S(), event, phase="over") == S(winners=(1,), result="throne", phase="over")


def test_write_pieces_puts_each_piece_on_its_named_square_highest_rank_first() -> None:
    grid = Grid(5, 5)
    ranks = write_pieces(grid, {"a5": "S", "c5": "D*", "a1": "s", "e3": "w"})
    assert ranks == "S1D*2/5/4w/5/s4"
    rows = read_ranks("p", ranks, 5, 5, pieces="SDsw", marks="*")
    assert rows[0][:3] == ["S", ".", "D*"] and rows[4][0] == "s" and rows[2][4] == "w"


def test_write_pieces_of_nothing_is_an_empty_board() -> None:
    assert write_pieces(Grid(3, 2), {}) == "3/3"
    assert write_pieces(Grid(10, 10), {"j10": "K"}) == "9K/" + "/".join(["10"] * 9)


@pytest.mark.parametrize("name", ["f1", "a6", "a0", "A1", "", "c3 "])
def test_write_pieces_refuses_a_name_that_is_no_square_of_the_board(name: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        write_pieces(Grid(5, 5), {"c3": "S", name: "D"})
    assert exc.value.reason == "position/invalid"
    assert f"no square {name!r} on a 5x5 board" in exc.value.detail


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 10
    edition: str = "first"


def test_options_of_reads_a_mapping_takes_options_as_they_are_and_defaults_none() -> None:
    given = Settings(rounds=4)
    assert options_of(Settings, given) is given
    assert options_of(Settings, {"rounds": 3}) == Settings(rounds=3)
    assert options_of(Settings, None) == options_of(Settings, {}) == Settings()


@pytest.mark.parametrize("options", [{"turns": 3}, {"rounds": "many"}])
def test_options_of_refuses_options_the_game_does_not_have(options: dict[str, object]) -> None:
    with pytest.raises(UsageError) as exc:
        options_of(Settings, options)
    assert exc.value.reason == "options/invalid" and repr(options) in exc.value.detail
