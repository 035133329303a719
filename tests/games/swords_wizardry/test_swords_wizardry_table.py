"""Swords & Wizardry: every cell of the attack table, the Wizard's die, the Ogres' woods.

Each challenge is played on a small position: a Red attacker on c8, a Black defender on
c7 (open ground), plus a Red peasant on a10 and a Black one on j1 so both sides can move.
"""

from __future__ import annotations

import pytest

from grimoire import Match, Roll
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import INDEX, KINDS, LETTERS
from grimoire.games.swords_wizardry.events import Challenge, Eliminate, GameOver, Move

GAME = "swords-wizardry"
ATTACKERS = list(T.ATTACK_TABLE)
DEFENDERS = list(T.ATTACK_COLUMNS)


def position(pieces: dict[str, str], turn: str = "r") -> str:
    cells = ["."] * 100
    for sq, ch in {"a10": "S", "j1": "s", **pieces}.items():
        cells[INDEX[sq]] = ch
    ranks = []
    for r in range(10):
        out, run = "", 0
        for ch in cells[r * 10:(r + 1) * 10]:
            if ch == ".":
                run += 1
                continue
            out += (str(run) if run else "") + ch
            run = 0
        ranks.append(out + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {turn} - - 0"


def challenge(attacker: str, defender: str, *, at: tuple[str, str] = ("c8", "c7"),
              dice: list[int] | None = None) -> Match:
    src, dst = at
    m = Match.new(GAME, position=position({src: attacker, dst: defender.lower()}),
                  dice="recorded")
    m.act(Move(player=0, from_=src, to=dst), dice=dice or [])
    return m


def eliminated(m: Match) -> list[tuple[int, str]]:
    return [(e.owner, e.piece) for e in m.events if isinstance(e, Eliminate)]


def name(letter: str) -> str:
    return KINDS[LETTERS.index(letter.upper())]


@pytest.mark.parametrize("a", ATTACKERS)
@pytest.mark.parametrize("d", [d for d in DEFENDERS if d != "P"])
def test_attack_table_every_cell(a: str, d: str) -> None:
    """"Consult this table whenever an attack is made. Find the name of the attacking
    piece in the left hand column, the name of the
    defending piece along the top of the table and read off the result ... X Both pieces
    eliminated, A Attacker eliminated, D Defender eliminated, — No Result. Both pieces
    remain in place" (and "Should the defending piece be defeated ... [the attacker
    occupies its square]"; "the Siege Catapult ... remains on its own square")."""
    result = T.ATTACK_TABLE[a][DEFENDERS.index(d)]
    m = challenge(a, d)
    board = m.state.board
    assert any(isinstance(e, Challenge) for e in m.events)
    if result == "X":
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (".", ".")
    elif result == "A":
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (".", d.lower())
    elif result == "D":
        if a == "C":
            assert (board[INDEX["c8"]], board[INDEX["c7"]]) == ("C", ".")
        else:
            assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (".", a)
    else:
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (a, d.lower())
    assert m.outcome is None


@pytest.mark.parametrize("a", ATTACKERS)
def test_attack_table_princess_column(a: str) -> None:
    """"The game is concluded once the Princess is challenged and identified by King, Hero,
    Marshall Royal or any Military Force ... cannot be rescued by monsters or Wizard (too
    frightening), Peasants (too demeaning), or Siege Catapult"; the Peasants, Giant and Ogre
    "Cannot rescue Princess", the Dragon "Cannot however achieve final rescue of Princess";
    a non-rescuer "must then retreat"."""
    m = challenge(a, "P")
    rescuer = T.ATTACK_TABLE[a][DEFENDERS.index("P")] == "D"
    assert rescuer == (a in "KHMNAB")
    if rescuer:
        assert m.outcome is not None and m.outcome.winners == (0,)
        assert m.outcome.reason == "rescue"
    else:
        assert m.outcome is None
        assert m.state.board[INDEX["c8"]] == a and m.state.board[INDEX["c7"]] == "p"
        assert m.state.revealed[INDEX["c7"]]


def test_attack_table_matches_text_notes() -> None:
    """Spot checks of the notes against the table: "Hero. Defeats all Monsters";
    "Peasants ... will defeat the King and the Hero"; "Attacks on or by Giant or other
    Dragon will destroy both"; "Bowmen ... ability to defeat the Knights"; "An attacking
    Siege Catapult will also defeat a Dragon"; "Marshall Royal. Strong against Military
    forces and Peasants"; "King ... fails against Monsters"."""
    cell = {(a, d): T.ATTACK_TABLE[a][DEFENDERS.index(d)] for a in ATTACKERS for d in DEFENDERS}
    assert all(cell["H", d] == "D" for d in "DGO")
    assert cell["S", "K"] == cell["S", "H"] == "D"
    assert cell["D", "G"] == cell["G", "D"] == cell["D", "D"] == "X"
    assert cell["B", "N"] == "D"
    assert cell["C", "D"] == "D"
    assert all(cell["M", d] == "D" for d in "NABS")
    assert all(cell["K", d] == "A" for d in "DGO")


def test_attack_table_matches_the_other_notes_on_the_pieces() -> None:
    """"Men-At-Arms ... are less powerful than the Knights"; Knights "are automatically
    defeated only by their feudal superiors, King and Marshall Royal, and the Bowmen and
    Dragon" (the King is the notes' slip, Rulings 3); the Dragon is "Defeated only by Hero,
    Wizard (probably) and Siege Catapult when attacking" (and by Giant or Dragon, both
    destroyed); Marshall Royal "Strong against Military forces and Peasants, but not
    Monsters"; the Hero "is overcome by Military forces and Peasants"."""
    cell = {(a, d): T.ATTACK_TABLE[a][DEFENDERS.index(d)] for a in ATTACKERS for d in DEFENDERS}
    assert cell["N", "A"] == "D" and cell["A", "N"] == "A"
    assert {a for a in ATTACKERS if cell[a, "N"] == "D"} == {"M", "B", "D"}
    assert T.NOTES_TABLE["K", "N"] == "D"
    assert {a for a in ATTACKERS if cell[a, "D"] == "D"} == {"H", "C"}
    assert {a for a in ATTACKERS if cell[a, "D"] == "X"} == {"D", "G"}
    assert all(cell["M", d] != "D" for d in "DGO")
    assert all(cell[a, "H"] == "D" for a in "ABS")


def test_attack_table_king_against_individuals() -> None:
    """"King. Is strong against pieces representing Individuals. (Hero, Marshall Royal)
    has limited abilities against Military pieces and Peasants but fails against
    Monsters": he defeats the Marshall Royal, no Individual defeats him (the Hero and the
    Marshall Royal attacking him are eliminated), he beats only the Bowmen among the
    Military pieces, and loses to every Monster."""
    cell = {(a, d): T.ATTACK_TABLE[a][DEFENDERS.index(d)] for a in ATTACKERS for d in DEFENDERS}
    assert cell["K", "M"] == "D" and cell["H", "K"] == cell["M", "K"] == "A"
    assert cell["K", "H"] == "-"
    assert [d for d in "NABS" if cell["K", d] == "D"] == ["B"]
    assert all(cell["K", d] == "A" for d in "DGO")


def test_defeated_pieces_go_to_the_victor() -> None:
    """"Should the defending piece be defeated it is removed from the game and given to
    the victorious player. Pieces removed from the board take no further part in the
    game."""
    m = challenge("M", "N")
    assert eliminated(m) == [(1, "knights")]
    assert "n" not in m.state.board
    assert m.state.lost[1].count("n") == m.state.counts[KINDS.index("knights")]
    assert any(isinstance(e, Eliminate) and e.owner == 1 and e.piece == "knights"
               for e in m.events)


# ------------------------------------------------------------------ the Wizard


@pytest.mark.parametrize("throw", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("victim", ["G", "N", "S", "K", "C", "D"])
def test_wizard_die(throw: int, victim: str) -> None:
    """"5 or 6 All pieces eliminated automatically (except opposing Wizard); 3 or 4 All
    non-Monster pieces eliminated; 2 Peasants only eliminated; 1 Wizard eliminated." (the
    notes: "A throw of 6 or 5 will defeat any other piece ... A throw of 4 or 3 will defeat
    all non-monster pieces. A throw of 2 will defeat Peasants only. A throw of 1 indicates
    that the spell has been unsuccessful and the Wizard is defeated")
    "Should the die throw result in neither piece being defeated, the Wizard bounces back"."""
    m = challenge("W", victim, dice=[throw])
    rolls = [e for e in m.events if isinstance(e, Roll)]
    assert [(r.player, r.sides, r.values, r.purpose) for r in rolls] == [
        (0, 6, (throw,), "wizard")
    ]
    monster = victim in "DGO"
    board = m.state.board
    if throw == 1:
        expected = (".", victim.lower())
    elif throw >= 5 or (throw >= 3 and not monster) or (throw == 2 and victim == "S"):
        expected = (".", "W")
    else:
        expected = ("W", victim.lower())  # bounces back
    assert (board[INDEX["c8"]], board[INDEX["c7"]]) == expected


@pytest.mark.parametrize("throw", [1, 2, 3, 5])
def test_wizard_defending_throws_for_its_owner(throw: int) -> None:
    """"The outcome of all conflicts involving the Wizard is determined by throwing the
    die": a Wizard attacked throws for its own side."""
    m = challenge("N", "W", dice=[throw])
    roll = next(e for e in m.events if isinstance(e, Roll))
    assert roll.player == 1
    board = m.state.board
    if throw == 1:
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (".", "N")
    elif throw == 2:  # "Peasants only": the Knights are not defeated, and return
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == ("N", "w")
    else:
        assert (board[INDEX["c8"]], board[INDEX["c7"]]) == (".", "w")


@pytest.mark.parametrize(("mine", "theirs", "c8", "c7"), [
    (6, 2, ".", "W"), (2, 6, ".", "w"), (4, 4, ".", "."), (1, 1, ".", "."),
])
def test_wizard_v_wizard(mine: int, theirs: int, c8: str, c7: str) -> None:
    """"Should Wizard attack Wizard, each throws the die, the higher thrower defeating and
    eliminating the lower thrower ... Should both throw the same number, both are
    eliminated" (the table's notes: "Lower thrower is eliminated. Equal throws—both pieces
    eliminated")."""
    m = challenge("W", "W", dice=[mine, theirs])
    rolls = [e for e in m.events if isinstance(e, Roll)]
    assert [r.player for r in rolls] == [0, 1]
    assert (m.state.board[INDEX["c8"]], m.state.board[INDEX["c7"]]) == (c8, c7)


def test_wizard_cannot_rescue_the_princess() -> None:
    """"The Wizard cannot rescue the Princess (treat as a 'No Result' attack)"."""
    m = challenge("W", "P")
    assert m.outcome is None
    assert not any(isinstance(e, Roll) for e in m.events)
    assert m.state.board[INDEX["c8"]] == "W" and m.state.revealed[INDEX["c7"]]


# ------------------------------------------------------------------ Ogres in the woods


@pytest.mark.parametrize("military", ["N", "A", "B", "S"])
def test_ogre_attacking_into_the_forest_defeats_military(military: str) -> None:
    """"the Ogre will automatically defeat any Military force, whether attacking or
    defending ... when an Ogre attacks a piece situated on a wooded square"."""
    m = challenge("O", military, at=("a7", "a6"))  # a6 is Forest Sauvage
    assert m.state.board[INDEX["a6"]] == "O"
    assert eliminated(m) == [(1, name(military))]


@pytest.mark.parametrize("military", ["N", "A", "B", "S"])
def test_ogre_defending_in_the_forest_defeats_military(military: str) -> None:
    """"... or when an Ogre is attacked when situated on a wooded square" (Grimmwood h6):
    "the powers of the 'Group' pieces Knights, Men-At-Arms, Bowmen and Peasants are
    reduced" ("Ogres' enhanced powers in wooded areas", one of the table's variations)."""
    m = challenge(military, "O", at=("h7", "h6"))
    assert m.state.board[INDEX["h6"]] == "o" and m.state.board[INDEX["h7"]] == "."
    assert eliminated(m) == [(0, name(military))]


def test_ogre_outside_the_forest_uses_the_table() -> None:
    """Off the wooded squares the table applies: Knights attacking an Ogre win (D)."""
    assert T.ATTACK_TABLE["N"][DEFENDERS.index("O")] == "D"
    m = challenge("N", "O")
    assert m.state.board[INDEX["c7"]] == "N"


def test_ogre_in_the_forest_against_monsters_uses_the_table() -> None:
    """The woods help the Ogre only against Military pieces: Giant attacking an Ogre in
    the woods still follows the table (D)."""
    m = challenge("G", "O", at=("a7", "a6"))
    assert m.state.board[INDEX["a6"]] == "G"


def test_no_result_attacker_returns() -> None:
    """"should the outcome be given as 'No Result' the attacker returns to the square it
    came from. In all circumstances, play immediately passes to the opposite player."""
    m = challenge("K", "H")
    assert m.state.board[INDEX["c8"]] == "K" and m.state.board[INDEX["c7"]] == "h"
    assert m.to_act == frozenset({1})


def test_game_over_is_the_last_event() -> None:
    m = challenge("K", "P")
    assert isinstance(m.events[-1], GameOver)


@pytest.mark.parametrize(("a", "d", "printed", "notes"), [
    ("K", "N", "A", "D"), ("G", "N", "A", "X"), ("B", "G", "A", "D"), ("G", "B", "D", "A"),
])
def test_notes_table_option(a: str, d: str, printed: str, notes: str) -> None:
    """Option ``table="notes"``: where the notes contradict the printed table ("[Knights]
    are automatically defeated only by their feudal superiors, King and Marshall Royal";
    Giant: "defeated by Hero and Bowmen. Attacks against Knights ... will destroy both
    pieces"), read the notes' way."""
    assert T.ATTACK_TABLE[a][DEFENDERS.index(d)] == printed
    assert T.NOTES_TABLE[a, d] == notes
    m = Match.new(GAME, position=position({"c8": a, "c7": d.lower()}), dice="recorded",
                  options={"table": "notes"})
    m.act(Move(player=0, from_="c8", to="c7"))
    board = m.state.board[INDEX["c8"]], m.state.board[INDEX["c7"]]
    assert board == {"D": (".", a), "X": (".", "."), "A": (".", d.lower())}[notes]
