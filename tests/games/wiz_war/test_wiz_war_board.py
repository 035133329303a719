"""Wiz-War's board as the rulebook builds it: both sides of the sector boards, the sectors
shuffled over the places and turned with the match's dice, and everything that follows
the turned sectors (setup step 2)."""

from __future__ import annotations

import random
from itertools import permutations, product

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wizwar import NAMES, act, card, position, reached_without_doors, well_formed

from grimoire import Match
from grimoire.bots.random import RandomBot, play_out
from grimoire.core.audit import audit_events
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.state import Options, State, passage

SIDES = sorted(T.SIDES)
SECTOR = T.SECTOR_SIZE


def _inside(art: tuple[str, ...], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The squares of a sector's drawing reached from ``start`` across open borders only
    (no door, no wall), without leaving the sector."""
    seen, todo = {start}, [start]
    while todo:
        i, j = todo.pop()
        for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            ii, jj = i + di, j + dj
            if (0 <= ii < SECTOR and 0 <= jj < SECTOR and (ii, jj) not in seen
                    and art[2 * i + 1 + di][2 * j + 1 + dj] == " "):
                seen.add((ii, jj))
                todo.append((ii, jj))
    return seen


@pytest.mark.parametrize(("side", "sector", "quarter"),
                         list(product(SIDES, range(4), range(4))))
def test_every_sector_of_both_sides_in_every_orientation(side: str, sector: int,
                                                         quarter: int) -> None:
    """"Each board has one home base square at the center ... as well as two treasure
    starting squares"; ours have an open exit mid-side and every square reachable from the
    home base without a door (doors are locked for enemies), however the sector is turned."""
    art = B.turned(T.SIDES[side][sector], quarter)
    assert len(art) == 11 and all(len(row) == 11 for row in art)
    well_formed(art)
    for y, row in enumerate(art):
        for x, ch in enumerate(row):
            if y % 2 != x % 2 and (x in (0, 10) or y in (0, 10)):  # the outer ring
                assert ch == (" " if 5 in (x, y) else "-" if y in (0, 10) else "|")
    assert art[5][5] == "H" and sum(row.count("T") for row in art) == 2
    assert len(_inside(art, (2, 2))) == SECTOR * SECTOR


def test_the_sides_differ_and_turning_four_times_is_no_turn() -> None:
    """Side B (classic) is four maps of its own, not side A's turned; four quarter turns
    give the drawing back."""
    for k in range(4):
        for side in SIDES:
            assert B.turned(T.SIDES[side][k], 4) == T.SIDES[side][k]
            assert B.turned(B.turned(T.SIDES[side][k], 1), 3) == T.SIDES[side][k]
        turns = {B.turned(T.SIDES["a"][j], q) for j in range(4) for q in range(4)}
        assert T.CLASSIC_SECTORS[k] not in turns


def _layouts(n: int) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """Every layout for 2 players; a seeded sample of them for 3 and 4."""
    every = [(side, sectors, quarters) for side in SIDES
             for sectors in permutations(range(n)) for quarters in product(range(4), repeat=n)]
    return every if n == 2 else random.Random(n).sample(every, 40)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_layout_keys_name_their_boards(n: int) -> None:
    """A layout is a number (``State.board``): it reads back as the layout, the fixed board
    of side A is the player count, and a layout that is no board is refused."""
    assert B.layout_key(n) == n and B.layout(n) == (n, "a", tuple(range(n)), (0,) * n)
    keys = set()
    for side, sectors, quarters in _layouts(n):
        key = B.layout_key(n, side, sectors, quarters)
        assert B.layout(key) == (n, side, sectors, quarters)
        keys.add(key)
    assert len(keys) == len(_layouts(n))
    for bad in (("c", None, None), ("a", (0,) * n, None), ("a", None, (4,) * n)):
        with pytest.raises(ValueError, match="not a board"):
            B.layout_key(n, *bad)
    with pytest.raises(ValueError, match="not a board"):
        B.layout(n + 8 * 2)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_layout_lays_each_sector_whole_in_its_place(n: int) -> None:
    """Each player's sector lies whole in one place, turned as the layout says: its home
    base the place's centre, its treasure starts and borders its turned drawing's; the
    squares, their names, the exits and the portals are the fixed board's; the whole
    labyrinth is reached from any home base without a door."""
    base = B.geometry(n)
    for side, sectors, quarters in _layouts(n):
        g = B.geometry(B.layout_key(n, side, sectors, quarters))
        assert (g.squares, g.grid.names, g.link, g.edge) == (base.squares, base.grid.names,
                                                            base.link, base.edge)
        for place, (k, q) in enumerate(zip(sectors, quarters, strict=True)):
            sr, sc = T.LAYOUTS[n][place]
            assert g.place[k] == (sr, sc)
            art = B.turned(T.SIDES[side][k], q)
            corner = sr * SECTOR * g.width + sc * SECTOR
            assert g.home[k] == corner + 2 * g.width + 2
            starts = {corner + i * g.width + j for i in range(SECTOR) for j in range(SECTOR)
                      if art[2 * i + 1][2 * j + 1] == "T"}
            assert set(g.treasure_starts[k]) == starts
            assert {q for q in g.squares if g.sector[q] == k} == {
                corner + i * g.width + j for i in range(SECTOR) for j in range(SECTOR)}
        assert len(reached_without_doors(n, g)) == len(g.squares)


@pytest.mark.parametrize(("n", "sector", "quarter"), [(2, 1, 1), (3, 2, 2), (4, 3, 3)])
def test_a_sector_built_turned_is_the_sector_rotate_sector_turns(n: int, sector: int,
                                                                 quarter: int) -> None:
    """The build and Rotate Sector turn a sector the same way: the borders of the board
    built with the sector turned are those of the unturned board after ``rotation``."""
    for side in SIDES:
        flat = B.geometry(B.layout_key(n, side))
        quarters = tuple(quarter if k == sector else 0 for k in range(n))
        g = B.geometry(B.layout_key(n, side, None, quarters))
        _, borders = B.rotation(flat.key, sector, quarter)
        moved = list(flat.initial_edges)
        for a, b in borders.items():
            moved[b] = flat.initial_edges[a]
        assert tuple(moved) == g.initial_edges


# ---------------------------------------------------------------- the build, as played


def _started(n: int, seed: bytes, **options: object) -> Match:
    m = Match.new("wiz-war", players=NAMES[:n], seed=seed, options=options)
    m.act(E.Start(player=0))
    return m


def test_the_board_is_built_by_recorded_dice_as_the_game_starts() -> None:
    """"He shuffles the sector boards under the table, being sure to change their
    orientation as well, and then randomly builds the game board": ``start`` shuffles the
    sectors over the places (public), rolls a d4 for each place's turn, and builds the
    board; wizards stand on their home bases and treasures on their starts as it lays
    them."""
    s0 = RULES.setup(Options(), NAMES[:4])
    assert s0.board == B.layout_key(4)
    m = _started(4, b"\x07" * 32)
    shuffle, roll, built = m.events[1:4]
    assert isinstance(shuffle, E.Shuffle) and shuffle.pile == "sectors"
    assert isinstance(roll, E.Roll) and (roll.purpose, roll.sides, len(roll.values)) == (
        "orientation", 4, 4)
    assert built == E.BoardBuilt(sectors=shuffle.order,
                                 quarters=tuple(v - 1 for v in roll.values))
    s = m.state
    g = B.geometry(s.board)
    assert B.layout(s.board) == (4, "a", built.sectors, built.quarters)
    assert s.pos == g.home and s.edges == g.initial_edges
    assert s.treasures == tuple(q for p in range(4) for q in g.treasure_starts[p])
    assert RULES.redact(shuffle, 1) == shuffle and RULES.redact(roll, 1) == roll
    assert RULES.view(s, 2).board == s.board


def test_the_fixed_board_is_a_house_rule_and_ruleset_2s_board() -> None:
    """``fixed_board``: no roll, each seat's sector in its own place, unturned (ruleset 2's
    board, the option every ruleset-2 log is read with)."""
    m = _started(3, b"\x07" * 32, fixed_board=True)
    assert [type(e) for e in m.events[1:3]] == [E.Shuffle, E.Deal]
    assert m.state.board == B.layout_key(3)
    b = _started(2, b"\x07" * 32, fixed_board=True, side="b")
    assert b.state.board == B.layout_key(2, "b")
    assert b.state.pos == B.geometry(B.layout_key(2, "b")).home


def test_side_is_a_or_b() -> None:
    """"Either new (side A) or classic (side B)": any other side is a usage error."""
    with pytest.raises(UsageError, match="setup/side"):
        RULES.setup(Options(side="c"), NAMES[:2])


@pytest.mark.parametrize(("n", "side"), list(product((2, 3, 4), SIDES)))
def test_seeded_games_on_each_side_validate(n: int, side: str) -> None:
    """A seeded game of each size on each side audits: the audit re-derives the board from
    the seed, and every move, sight line and door follows the turned sectors."""
    m = Match.new("wiz-war", players=NAMES[:n], seed=bytes([n, ord(side)]) * 16,
                  options={"side": side})
    play_out(m, RandomBot(f"board:{n}{side}"), max_actions=60)
    assert B.layout(m.state.board).side == side
    log = m.log(reveal=True)
    report = audit_events(RULES, log.header, log.events)
    assert report.ok, report.error
    text = RULES.notation(m.state)
    assert RULES.parse(text, m.state.options, m.state.names) == m.state


def test_a_forged_board_fails_the_audit() -> None:
    """A log whose recorded board is not the one the seed builds fails the audit."""
    m = _started(2, b"\x03" * 32)
    log = m.log(reveal=True)
    built = next(e for e in log.events if isinstance(e, E.BoardBuilt))
    forged = E.BoardBuilt(sectors=built.sectors[::-1], quarters=built.quarters)
    events = [forged if e is built else e for e in log.events]
    assert not audit_events(RULES, log.header, events).ok


@settings(max_examples=8, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), n=st.sampled_from((2, 3, 4)),
       side=st.sampled_from(SIDES), names=st.permutations(NAMES))
def test_the_board_follows_from_the_seed_alone(seed: bytes, n: int, side: str,
                                               names: list[str]) -> None:
    """The same seed builds the same board, whoever plays and whatever else the options
    choose; the notation carries it."""
    a = _started(n, seed, side=side)
    b = Match.new("wiz-war", players=tuple(names[:n]), seed=seed,
                  options={"side": side, "victory_points": 3, "uncluttered_minds": True})
    b.act(E.Start(player=0))
    assert a.state.board == b.state.board
    assert B.layout(a.state.board).side == side
    assert N.parse(N.notation(a.state), a.state.options, a.state.names).board == a.state.board


def test_no_sector_place_or_turn_is_stuck() -> None:
    """Across seeds, every sector lies in every place and every sector shows every turn."""
    placed: set[tuple[int, int]] = set()
    turned: set[tuple[int, int]] = set()
    for k in range(48):
        m = _started(4, k.to_bytes(32, "big"))
        lay = B.layout(m.state.board)
        placed.update(enumerate(lay.sectors))
        turned.update(zip(lay.sectors, lay.quarters, strict=True))
    assert placed == set(product(range(4), range(4)))
    assert turned == set(product(range(4), range(4)))


def test_a_position_names_its_board() -> None:
    """The notation writes the board built (``board=``, the sector in each place and its
    turn) and reads it back; a board before the start, or with ``fixed_board``, that is
    not the setup's is refused."""
    m = _started(3, b"\x09" * 32)
    text = N.notation(m.state)
    lay = B.layout(m.state.board)
    shown = ",".join(f"{k}.{90 * q}" for k, q in zip(lay.sectors, lay.quarters, strict=True))
    assert f" board={shown} " in text or lay == B.layout(B.layout_key(3))
    turned = msgspec.structs.replace(RULES.setup(Options(), NAMES[:2]), phase="move",
                                     board=B.layout_key(2, "a", (1, 0), (2, 1)))
    with pytest.raises(IllegalAction, match="board"):
        N.parse(N.notation(msgspec.structs.replace(turned, phase="start")),
                Options(), NAMES[:2])
    with pytest.raises(IllegalAction, match="board"):
        N.parse(N.notation(turned), Options(fixed_board=True), NAMES[:2])
    for bad in ("0.0", "0.45,1.0", "0.0,0.90", "x.0,1.0"):
        with pytest.raises(IllegalAction, match="board"):
            N.parse(f"wiz-war/1 players=2 phase=move active=0 board={bad}", Options(),
                    NAMES[:2])


def test_the_pictures_follow_the_turned_sectors() -> None:
    """The text board and the picture draw the board built: the home bases where the
    layout lays them, the classic side's home base as a square in its colour, the new
    side's as a runic circle."""
    for side in SIDES:
        m = _started(2, b"\x05" * 32, side=side)
        g = B.geometry(m.state.board)
        text = RULES.render(m.state)
        for p in range(2):
            assert f"home {g.name(g.home[p])}" in text
        picture = RULES.svg(m.state, 0)
        assert ("<circle" in picture and 'stroke-dasharray="5 2 1 2"' in picture) == (
            side == "a")
        assert ("side B, the classic maps" in picture) == (side == "b")


# ---------------------------------------------------------------- play on a built board


def _built(key: int, **facts: object) -> State:
    """A position (``positions.position``) on the board ``key``, as its ``board-built``
    lays it: wizards on their home bases, treasures on their starts."""
    lay = B.layout(key)
    s = position(lay.players, options=Options(side=lay.side), board=key,
                 **facts)  # type: ignore[arg-type]
    g = B.geometry(key)
    assert (s.board, s.pos, s.edges) == (key, g.home, g.initial_edges)
    return s


def test_a_position_on_a_board_must_be_one() -> None:
    """``positions.position(board=...)`` takes a board of the options' side for its
    player count, and refuses anything else."""
    for bad in (B.layout_key(3), B.layout_key(2, "b"), 16 * 255 + 2, "x"):
        with pytest.raises(IllegalAction, match="board"):
            position(2, board=bad)


def test_rotate_sector_turns_a_sector_where_the_build_laid_it() -> None:
    """Rotate Sector turns "one sector board" with everything on it wherever it lies: seat
    0's sector, laid east and turned 270 degrees, turned 90 more is the board with it
    unturned (its borders, its treasures on their starts); the rest stays."""
    rs = card("Rotate Sector")
    key = B.layout_key(2, "b", (1, 0), (1, 3))
    s = _built(key, hands={0: [rs]})
    _, after = act(s, E.Cast(player=0, card=rs, target="sector0", mode="90"))
    flat = B.geometry(B.layout_key(2, "b", (1, 0), (1, 0)))
    g = B.geometry(key)
    assert after.board == key and after.pos == s.pos == g.home
    assert set(after.treasures[:2]) == set(flat.treasure_starts[0]) != set(s.treasures[:2])
    assert after.treasures[2:] == s.treasures[2:]
    for e, (q, _) in enumerate(g.edge_squares):
        if g.edge_sector[e] == 0:
            assert after.edges[e] == flat.initial_edges[e]
        elif g.sector[q] == 1:
            assert after.edges[e] == s.edges[e]


def test_a_door_opens_for_its_sectors_wizard_wherever_the_sector_lies() -> None:
    """"Doors in a wizard's home sector are always" his to pass: on a built board, a door
    of seat 1's sector, turned and laid elsewhere, lets seat 1 through and stops seat 0."""
    key = B.layout_key(3, "b", (2, 0, 1), (0, 3, 1))
    s = _built(key)
    g = B.geometry(key)
    doors = [(e, q, d) for e, (q, d) in enumerate(g.edge_squares)
             if s.edges[e] == "D" and g.edge_sector[e] == 1]
    assert doors and all(g.sector[q] == 1 and g.place[1] == T.LAYOUTS[3][2]
                         for _, q, _ in doors)
    for _, q, d in doors:
        assert passage(s, q, d, 1) == g.neighbour(q, d)
        assert passage(s, q, d, 0) == -1
