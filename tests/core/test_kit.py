"""The game kit: the builder, immutable tuples, square names, the rank codec, GameOver,
the parts of the games' position builders (write_pieces, options_of), the evolve dispatch
(evolver), seat names, the position guards, and the drawing kit's frame, caption and
legend lines."""

from __future__ import annotations

import time

import msgspec
import pytest

from grimoire.core.dice import NoDice, RecordedDice
from grimoire.core.errors import GrimoireError, IllegalAction, UsageError
from grimoire.core.events import Action, Consequence
from grimoire.core.kit import (
    Builder,
    GameOver,
    Grid,
    check_evolver,
    ended,
    evolver,
    handlers_of,
    named,
    number,
    options_of,
    position_fields,
    put,
    put_many,
    read_ranks,
    seat_name,
    seat_names,
    who,
    without,
    write_pieces,
    write_ranks,
)
from grimoire.core.svg import caption, draw_caption, frame, legend_hidden, legend_last


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


class Step(Action, frozen=True, tag="step"):
    to: str


class Rest(Action, frozen=True, tag="rest"):
    pass


class Hit(Consequence, frozen=True, tag="hit"):
    pass


def _step(state: tuple[str, ...], ev: Step) -> tuple[str, ...]:
    return (*state, ev.to)


def _rest(state: tuple[str, ...], ev: Rest) -> tuple[str, ...]:
    return state


def test_evolver_folds_each_event_with_the_function_its_type_has() -> None:
    evolve = evolver(tuple, {Step: _step, Rest: _rest}, game="demo")
    assert evolve(evolve((), Step(player=0, to="b2")), Rest(player=1)) == ("b2",)
    assert set(handlers_of(evolve) or {}) == {Step, Rest}
    assert handlers_of(_step) is None


def test_an_event_evolve_has_no_handler_for_names_the_game_the_event_and_the_fix() -> None:
    """The issue: "an event missing from evolve surfaced only as a bare KeyError"."""
    evolve = evolver(tuple, {Step: _step}, game="demo")
    with pytest.raises(GrimoireError) as exc:
        evolve((), Hit())
    assert exc.value.reason == "game/unhandled-event"
    detail = exc.value.detail
    assert "the game demo" in detail and "Hit" in detail and "'hit'" in detail
    assert "add `Hit: a function (state, event) -> State`" in detail
    assert __name__ in detail  # the module holding the table


def test_a_handler_failing_is_not_taken_for_a_missing_handler() -> None:
    def broken(state: tuple[str, ...], ev: Step) -> tuple[str, ...]:
        return {"x": state}[ev.to]

    with pytest.raises(KeyError):
        evolver(tuple, {Step: broken})((), Step(player=0, to="b2"))


def test_assembling_refuses_an_event_union_member_evolve_lacks_and_names_the_game() -> None:
    evolve = evolver(tuple, {Step: _step, Rest: _rest})
    check_evolver("demo", evolve, Step | Rest)  # every member handled: nothing to say
    with pytest.raises(GrimoireError) as exc:
        check_evolver("other", evolve, Step | Rest | Hit)
    assert exc.value.reason == "game/unhandled-event"
    assert "the game demo's evolve" in exc.value.detail  # named once, by the first game
    lone = evolver(tuple, {Step: _step})
    with pytest.raises(GrimoireError, match="the game solo's evolve has no handler for Hit"):
        check_evolver("solo", lone, Hit)


def test_an_evolve_written_by_hand_is_left_alone() -> None:
    check_evolver("demo", _step, Step | Hit)


class Named(msgspec.Struct, frozen=True):
    names: tuple[str, ...] = ()


@pytest.mark.parametrize(("state", "seat", "name"), [
    (None, 0, "Dawn"), (Named(), 1, "Twilight"), (Named(("Ann", "Ben")), 1, "Ben"),
    (Named(("Ann", "")), 1, "Twilight"), (Named(("Ann",)), 1, "Twilight"),
    (None, 2, "player 3"), (None, -1, "player 0"),
])
def test_seat_name_is_the_states_name_else_the_games_seat_name(
        state: Named | None, seat: int, name: str) -> None:
    assert seat_name(state, seat, ("Dawn", "Twilight")) == name


def test_seat_names_names_every_seat() -> None:
    assert seat_names(Named(("Ann", "Ben", "Cy")), ("A", "B")) == ("Ann", "Ben", "Cy")
    assert seat_names(None, ("A", "B")) == ("A", "B")
    assert seat_name(None, 4, (), unknown="seat {n}") == "seat 5"


@pytest.mark.parametrize(("text", "why"), [
    (None, "a position is text, not NoneType"),
    (b"A2/3/2I a 0", "a position is text, not bytes"),
    ("A" * 41, "41 characters; no position is longer than 40"),
    ("A2/3/2I a", "expected 3 fields: board turn turns"),
    ("A2/3/2I a 0 0", "expected 3 fields: board turn turns"),
])
def test_position_fields_guards_every_position_text(text: object, why: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        position_fields(text, 3, longest=40, names="board turn turns")
    assert exc.value.reason == "position/invalid" and why in exc.value.detail
    assert len(exc.value.detail) < 120  # never echoes a hostile text whole


def test_frame_caption_and_legend_lines_draw_what_every_picture_has() -> None:
    picture = frame(300, 100, title="demo")
    lines = caption("Ann steps " + "far " * 30, width=40)
    assert len(lines) == 4 and lines[0].startswith("Last: Ann steps")
    draw_caption(picture, 8, lines)
    assert all(line.startswith("<text") for line in picture.lines[-4:])
    assert 'y="88"' in picture.lines[-1] and 'y="37"' in picture.lines[-4]
    y = legend_last(picture, 10, 10)
    y = legend_hidden(picture, 10, y)
    svg = picture.svg()
    assert "the last event's squares" in svg and "a piece this picture may not show" in svg
    assert svg.count("<text") == 7 and y == pytest.approx(45.2)
