"""Wizard Armies as people see it: the players' names everywhere, every event in one plain
sentence, action labels that tell every legal action apart, a legend line for every
symbol of the text board, and the SVG picture (well formed, the last event framed, a
secret deployment drawn as a back, nothing leaked to a seat's picture)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any, get_args

import msgspec
import pytest

from grimoire import Match, Replay, Roll
from grimoire.core.kit import PUBLIC_NONCE
from grimoire.core.rules import describe, draw
from grimoire.core.svg import LAST, SEAT_COLOURS
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.render import LEGEND, LEGEND_DIE, LEGEND_NONE, SEAT_OF, unit
from grimoire.games.wizard_armies.state import State
from grimoire.games.wizard_armies.svg import board as picture

PLAYERS = ("Ann", "Ben")
GAMES = 30
OPTIONS = [
    {"doubles": doubles, "battle_end": end}
    for doubles in ("repeat", "once", "none") for end in ("no-strike", "empty-field")
]
FRAME = f'stroke="{LAST}" stroke-width="3"'  # a mark's frame (the legend's sample is thinner)


def play(seed: int, players: tuple[str, str] = PLAYERS) -> Match:
    """A seeded game to its end, each option set in turn, random legal actions."""
    m = Match.new("wizard-armies", seed=f"{seed:064x}", players=players,
                  options=OPTIONS[seed % len(OPTIONS)])
    chooser = random.Random(seed)
    while m.outcome is None:
        seat = min(m.to_act)
        m.act(chooser.choice(list(m.legal(seat))))
    return m


@cache
def games() -> tuple[Match, ...]:
    return tuple(play(seed) for seed in range(GAMES))


def steps(m: Match) -> Iterator[tuple[State, Any, State]]:
    """Every event with the state it happens in and the state after it."""
    replay = Replay(m.rules, m.header, m.events)
    before = replay.seek(0)
    for _, event, after in replay.states():
        yield before, event, after
        before = after


def decisions(m: Match) -> Iterator[State]:
    """The states at which a seat decides: after each action's last consequence."""
    events = list(m.events)
    replay = Replay(m.rules, m.header, events)
    for n in range(len(events) + 1):
        if n == len(events) or isinstance(events[n], (E.Muster, E.Deploy, E.Strike,
                                                      E.CampStrike)):
            yield replay.seek(n)


# ------------------------------------------------------------------ names


def test_setup_parse_and_views_keep_the_players_names() -> None:
    """The names are part of the state (set by setup and parse), public (every view keeps
    them) and not written in the notation."""
    m = Match.new("wizard-armies", players=PLAYERS, position="d 2 5,6 11 0,0 -/- - - 0,0 0,0 -")
    assert m.state.names == PLAYERS
    assert RULES.setup(RULES.Options(), ("Cy", "Di")).names == ("Cy", "Di")
    text = RULES.notation(m.state)
    assert "Ann" not in text and RULES.parse(text, RULES.Options(), PLAYERS).names == PLAYERS
    m.act(E.Deploy(player=0, units=3))
    for seat in (0, 1, None):
        assert RULES.view(m.state, seat).names == PLAYERS


def test_the_board_and_sentences_name_the_players_and_the_winner() -> None:
    """With players Ann and Ben every board and every event sentence says Ann and Ben (never
    the seat names), and the last board line names the winner: "won by Ben (conquest)"."""
    decided = 0
    for m in games()[:6]:
        for before, event, after in steps(m):
            for seat in (0, 1, None):
                text = RULES.render(RULES.view(after, seat), seat)
                assert "Light" not in text and "Dark" not in text
            line = RULES.describe(event, before)
            assert "Light" not in line and "Dark" not in line
            actor = getattr(event, "player", None)
            if isinstance(actor, int):
                assert PLAYERS[actor] in line
        outcome = m.outcome
        assert outcome is not None
        last = RULES.render(m.state).splitlines()[-1].strip()
        if outcome.winners:
            winner = PLAYERS[outcome.winners[0]]
            assert last == f"war over: won by {winner} (conquest)"
            assert outcome.names == (winner,)
            decided += 1
        else:
            assert last == "war over: won by nobody (mutual destruction)"
    assert decided > 0


def test_a_state_without_names_uses_the_seat_names() -> None:
    """A hand-built state has no names: the board and sentences say Light and Dark."""
    text = RULES.render(State(phase="battle", troops=(3, 3), field=((4,), (2,)), turn=0))
    assert "Light" in text and "Dark" in text and text.splitlines()[-1] == " Light strikes"
    assert RULES.describe(E.NoStrike(player=1), State()) == "Dark has no strike and passes"


# ------------------------------------------------------------------ sentences


def plain(line: str) -> list[str]:
    """What keeps ``line`` from being a plain English sentence (``[]``: nothing)."""
    faults = []
    if not line or not line[0].isupper():
        faults.append("does not start with a capital")
    if "=" in line or "  " in line or line != line.strip():
        faults.append("'=' or stray spaces")
    for word in ("None", "True", "False", "-1", "seat ", "W+", "+", "[", "]", "{", "_"):
        if word in line:
            faults.append(f"contains {word!r}")
    if re.search(r"\(\d+, ?\d+\)", line) or "'" in re.sub(r"\w's\b", "", line):
        faults.append("a Python repr")
    if re.search(r"[a-z]-[a-z]", line):
        faults.append("an internal code (kebab-case)")
    if re.search(r"\bW\b", line):
        faults.append("the board's symbol W instead of 'a Wizard'")
    if re.search(r"\b1 (units|dice|cowards)\b|\b([02-9]|\d\d+) (unit|die|coward)\b", line):
        faults.append("a wrong plural")
    if re.search(r"\ba [aeio8]|\ban [^aeiou8]", line):
        faults.append("a wrong article")
    return faults


def hand_made() -> list[tuple[Any, State | None]]:
    """Events a few seeded games may not meet, each with the state it happens in."""
    s = State(phase="battle", troops=(4, 5), deployed=(2, 3), field=((6, 1), (1, 1, 3)),
              turn=0, init=(5, 2), names=PLAYERS)
    return [
        (E.Desert(player=1, count=2), s),
        (E.Desert(player=0, count=1), s),
        (E.CampStrike(player=0), s),
        (E.Raid(raider=1), State(phase="battle", troops=(4, 5), field=((), (5, 3)), turn=1,
                                 names=PLAYERS)),
        (E.GameOver(winners=(), reason="mutual-destruction"), s),
        (E.GameOver(winners=(0,), reason="conquest"), s),
        (E.NoStrike(player=1), s),
        *_commit_events(),
    ]


def _commit_events() -> list[tuple[Any, State | None]]:
    """Option ``hidden="commit"``: a commitment sealed for real, one sealed with the public
    nonce, and an opening, each in the deployment it happens in."""
    s = State(hidden="commit", phase="deploy", troops=(4, 5), names=PLAYERS)
    public = E.commit_choice(E.Deploy(player=1, units=3), PUBLIC_NONCE)
    opening = msgspec.structs.replace(s, sealed=("3f" * 32, public.digest))
    return [
        (E.Commit(player=0, digest="3f" * 32), s),
        (public, s),
        (E.Open(player=1, units=3, nonce=PUBLIC_NONCE), opening),
        (E.Open(player=0, units=1, nonce="5a" * 16), opening),
    ]


def test_every_event_reads_as_a_plain_sentence() -> None:
    """Every event of every type, described with the state it happens in or without one,
    and as every seat may see it: a plain sentence (no '=', no repr, no 'seat 0', no
    internal codes, right articles and plurals); a deployment hidden from a seat is
    described as hidden (no number)."""
    seen: set[type] = set()
    cases = [(event, before) for m in games() for before, event, _ in steps(m)] + hand_made()
    for event, before in cases:
        seen.add(type(event))
        for seat in (0, 1, None):
            shown = RULES.redact(event, seat)
            for state in (before, None):
                line = RULES.describe(shown, state)
                assert plain(line) == [], (line, plain(line))
            if isinstance(event, E.Deploy) and seat != event.player:
                line = RULES.describe(shown, before)
                assert line == f"{PLAYERS[event.player]} chooses a deployment in secret"
    assert seen == set(get_args(E.Event))


NAMED = State(names=PLAYERS, mustered=(True, False), doubles="repeat")
BATTLE = State(phase="battle", troops=(8, 6), deployed=(4, 3), field=((5, 3, 3), (5, 4)),
               turn=0, init=(2, 5), names=PLAYERS)
RAID = msgspec.structs.replace(BATTLE, phase="raid", field=((5, 3, 3), ()), targets=(4, 1))


@pytest.mark.parametrize(("event", "state", "line"), [
    (E.Muster(player=0), NAMED, "Ann raises an army"),
    (Roll(player=0, sides=6, values=(3, 4), purpose="troops", draws=2), NAMED,
     "Ann rolls 3 and 4 for troops: an army of 7"),
    (Roll(player=0, sides=6, values=(5, 5), purpose="troops", draws=2), NAMED,
     "Ann rolls 5 and 5 for troops (10 so far): a double, so Ann rolls again"),
    (Roll(player=0, sides=6, values=(5, 5), purpose="troops", draws=2),
     msgspec.structs.replace(NAMED, doubles="none"), "Ann rolls 5 and 5 for troops: an army of 10"),
    (Roll(player=0, sides=6, values=(2, 2), purpose="troops", draws=2),
     msgspec.structs.replace(NAMED, doubles="once", troops=(10, 0)),
     "Ann rolls 2 and 2 for troops: an army of 14"),
    (E.Deploy(player=1, units=1), NAMED, "Ben deploys 1 unit to the field"),
    (E.Deploy(player=1, units=4), NAMED, "Ben deploys 4 units to the field"),
    (E.Deploy(player=1, units=0), NAMED, "Ben chooses a deployment in secret"),
    (E.Reveal(units=(4, 1)), NAMED,
     "Both deployments are revealed: Ann deploys 4 units and Ben 1 unit"),
    (Roll(player=1, sides=6, values=(5,), purpose="initiative", draws=1), BATTLE,
     "Ben rolls a 5 for initiative"),
    (E.Initiative(first=1), BATTLE, "Ben wins the initiative, 5 against 2, and strikes first"),
    (E.Initiative(first=1), None, "Dark wins the initiative and strikes first"),
    (Roll(player=0, sides=6, values=(6, 6, 3, 1), purpose="battle", draws=4), BATTLE,
     "Ann rolls two Wizards, a 3 and a 1 for the battle"),
    (E.Desert(player=0, count=2), BATTLE,
     "Ann's two 1s desert as cowards, leaving the field and the army"),
    (E.Desert(player=1, count=1), BATTLE,
     "Ben's 1 deserts as a coward, leaving the field and the army"),
    (E.Strike(player=0, dice=(5,), target=4), BATTLE, "Ann strikes Ben's 4 with a 5"),
    (E.Strike(player=0, dice=(3, 3), target=5), BATTLE, "Ann strikes Ben's 5 with two 3s together"),
    (E.Strike(player=1, dice=(6, 2), target=6), BATTLE,
     "Ben strikes Ann's Wizard with a Wizard and a 2 together"),
    (E.CampStrike(player=1), BATTLE, "Ben's Wizard kills a unit in Ann's camp"),
    (E.NoStrike(player=1), BATTLE, "Ben has no strike and passes"),
    (E.Raid(raider=0), RAID, "The battle is over: Ann raids Ben's camp with 3 dice"),
    (Roll(player=0, sides=6, values=(4, 1), purpose="raid", draws=2), RAID,
     "Ann rolls 2 dice for the units in Ben's camp: a 4 and a 1"),
    (E.Strike(player=0, dice=(5,), target=4), RAID, "Ann strikes a 4 in Ben's camp with a 5"),
    (E.RoundOver(round=3, lost=(1, 2), troops=(7, 4)), BATTLE,
     "Round 3 is over: Ann lost 1 unit and Ben 2 units; Ann has 7 units left and Ben 4"),
    (E.GameOver(winners=(1,), reason="conquest"), BATTLE, "The war is over: Ben wins by conquest"),
    (E.GameOver(winners=(), reason="mutual-destruction"), BATTLE,
     "The war is over: both armies are gone, so nobody wins"),
])
def test_sentences_say_what_happened(event: Any, state: State | None, line: str) -> None:
    """Each kind of event in words a newcomer reads: names, dice as "a 5" or "a Wizard",
    equal dice counted ("two 3s"), "1 unit" but "2 units"."""
    assert RULES.describe(event, state) == line
    assert describe(RULES, event, state) == line  # the core's entry point: the same
    assert plain(line) == []


# ------------------------------------------------------------------ labels


def enemy_line(board: list[str], state: State, seat: int) -> str:
    """The text board's line of ``seat``'s opponent: its field, or during a raid the raided
    units."""
    if state.phase == "raid":
        return next(line for line in board if line.startswith(" raid on"))
    name = PLAYERS[1 - seat]
    line = next(line for line in board if line.startswith(f" {name} "))
    return line.split(" field ", 1)[1]


def test_every_legal_action_has_its_own_label_naming_what_the_board_shows() -> None:
    """At every decision point of seeded games (every option set, the game's only seat
    count, 2), the labels of a seat's legal actions all differ, and the dice a strike
    names are on the text board: the striker's own on its field, the target on the enemy
    field (or among the raided camp units)."""
    assert RULES.seats == (2,)
    points = strikes = 0
    for m in games():
        for state in decisions(m):
            for seat in sorted(RULES.to_act(state)):
                actions = list(RULES.legal(state, seat))
                labels = [RULES.describe(a, state) for a in actions]
                assert len(set(labels)) == len(actions), labels
                points += 1
                board = RULES.render(state).splitlines()
                for action in actions:
                    if not isinstance(action, E.Strike):
                        continue
                    strikes += 1
                    target = unit(action.target)
                    assert target in enemy_line(board, state, seat).split()
                    own = next(line for line in board if line.startswith(f" {PLAYERS[seat]} "))
                    field = own.split(" field ", 1)[1].split()
                    assert all(unit(v) in field for v in action.dice)
    print(f"{len(games())} games, {points} decision points, {strikes} strike labels")
    assert points > 600 and strikes > 1000


# ------------------------------------------------------------------ the text board


def test_the_board_has_a_legend_line_for_every_symbol_it_shows() -> None:
    """``W`` (a Wizard), the other dice and ``-`` (an empty field) each come with their
    legend line, exactly when the board shows them."""
    for m in games()[:8]:
        for _, _, state in steps(m):
            board = RULES.render(state).splitlines()
            fields = [line.split(" field ", 1)[1][:12].split() for line in board[1:3]]
            raid = [line.split("units ", 1)[1].split() for line in board
                    if line.startswith(" raid on") and "still" not in line]
            symbols = {w for words in fields + raid for w in words}
            dice = {unit(v) for v in range(1, T.SIDES + 1)}
            assert (LEGEND in board) == ("W" in symbols)
            assert (LEGEND_DIE in board) == bool(symbols & (dice - {"W"}))
            assert (LEGEND_NONE in board) == ("-" in symbols)


def test_seat_of_names_every_character_only_one_seat_uses() -> None:
    """``SEAT_OF`` maps each board character that is one seat's piece to that seat. A
    unit's die is written by its value (``W`` a Wizard) whichever side it is on: over
    seeded boards both seats show every face, so no character is one seat's."""
    used: tuple[set[str], set[str]] = (set(), set())
    for m in games():
        for _, _, state in steps(m):
            for seat in (0, 1):
                used[seat].update(unit(v) for v in state.field[seat])
    assert used[0] & used[1] == {unit(v) for v in range(1, T.SIDES + 1)}
    assert set(SEAT_OF) == used[0] ^ used[1] == set()


# ------------------------------------------------------------------ the picture


def test_every_picture_is_well_formed_small_plain_and_deterministic() -> None:
    """Every picture of seeded games, as everyone may see it: XML that parses, one element
    per line, no script or external reference, under 60 KB, the same bytes twice."""
    biggest = 0
    for m in games()[:4]:
        for _, event, state in steps(m):
            for seat in (0, 1, None):
                seen = RULES.view(state, seat)
                svg = RULES.svg(seen, seat, RULES.redact(event, seat))
                if seat == 0:
                    assert svg == draw(RULES, seen, seat, RULES.redact(event, seat))
                ET.fromstring(svg)
                lines = svg.splitlines()
                assert all(line.startswith("<") and line.endswith(">") for line in lines)
                assert "<script" not in svg and "href" not in svg and "url(" not in svg
                biggest = max(biggest, len(svg.encode()))
    assert biggest < 60_000


def test_a_picture_survives_any_names() -> None:
    """Names are free text: markup in them (and in a hand-built state control characters
    and line breaks, which a match refuses) still gives well-formed XML, one element per
    line, and a long name is cut short in the picture (whole in its tooltip)."""
    long = "Bartholomew the Longwinded of the Eastern Marches"
    m = play(1, players=("<b>A & \"B\"</b>", long))
    for k, (_, event, state) in enumerate(steps(m)):
        if k % 2:
            state = msgspec.structs.replace(state, names=("A\x07\x00", "C\nD\ud800"))
        svg = picture(state, None, event)
        ET.fromstring(svg)
        assert all(line.startswith("<") and line.endswith(">") for line in svg.splitlines())
        if not k % 2:
            assert "&lt;b&gt;A &amp;" in svg and f"<title>{long}</title>" in svg


def test_the_picture_shows_what_the_text_board_shows() -> None:
    """The picture names the players, the round and its phase, and each side's army and
    camp by the text board's words; the status line is the board's last line."""
    for m in games()[:4]:
        for _, _, state in steps(m):
            svg = picture(state)
            board = RULES.render(state).splitlines()
            assert f"round {state.round}: " in svg and all(name in svg for name in PLAYERS)
            assert f">{board[-1].strip()}</text>" in svg
            for seat in (0, 1):
                assert f">army {state.troops[seat]}</text>" in svg
                assert f">camp {state.camp(seat)}</text>" in svg


def test_every_die_a_label_names_is_in_the_picture() -> None:
    """At every decision point of the seeded games, the dice a strike's label names are
    drawn: the target among the enemy's dice (or the raided camp units), the striking
    dice among the striker's."""
    for m in games():
        for state in decisions(m):
            for seat in sorted(RULES.to_act(state)):
                svg = picture(state)
                drawn = dice_drawn(svg)
                for action in RULES.legal(state, seat):
                    if isinstance(action, E.Strike):
                        enemy = "raided" if state.phase == "raid" else "field"
                        assert unit(action.target) in drawn[enemy, 1 - seat]
                        assert all(unit(v) in drawn["field", seat] for v in action.dice)


def dice_drawn(svg: str) -> dict[tuple[str, int], list[str]]:
    """The labels of the dice drawn in each place of a picture, read back from the SVG: a
    die is a rect filled (a unit on the field) or outlined (a raided unit) in its seat's
    colour, followed by its label."""
    colours = {SEAT_COLOURS[0]: 0, SEAT_COLOURS[1]: 1}
    drawn: dict[tuple[str, int], list[str]] = {}
    lines = svg.splitlines()
    for k, line in enumerate(lines):
        found = re.match(r'<rect .*fill="([^"]+)" stroke="([^"]+)" stroke-width="2"', line)
        if not found:
            continue
        fill, stroke = found.groups()
        label = re.search(r">([^<]*)</text>", next(x for x in lines[k + 1:] if "<text" in x))
        assert label is not None and stroke in colours
        place = "field" if fill == stroke else "raided"
        drawn.setdefault((place, colours[stroke]), []).append(label.group(1))
    return drawn


def test_the_picture_draws_every_die_of_the_state() -> None:
    """Every die on each field, and every raided camp unit, is drawn with its label."""
    for m in games()[:6]:
        for _, _, state in steps(m):
            drawn = dice_drawn(picture(state))
            for seat in (0, 1):
                assert drawn.get(("field", seat), []) == [unit(v) for v in state.field[seat]]
                raided = state.targets if state.phase == "raid" and state.turn == 1 - seat else ()
                assert drawn.get(("raided", seat), []) == [unit(v) for v in raided]


def test_an_extreme_state_stays_small() -> None:
    """Armies of 999, six Wizards a side in a raid and names of 300 characters: the camp is
    drawn as 24 counters and a count, the names cut short, the picture under 60 KB."""
    s = State(phase="raid", troops=(999, 999), deployed=(6, 6), field=((6,) * 6, ()),
              turn=0, targets=(6,) * 6, lost=(0, 6), init=(3, 4), names=("A" * 300, "B" * 300))
    svg = picture(s, 0, E.Strike(player=0, dice=(6,), target=6))
    ET.fromstring(svg)
    assert len(svg.encode()) < 60_000 and ">+975</text>" in svg and ">+969</text>" in svg


def test_the_picture_frames_what_the_last_event_touched() -> None:
    """With the last event given, its places are framed (a strike: the striker's field and
    camp, the enemy's field and losses), and the last event is told in words; without
    one, nothing is framed."""
    for m in games()[:4]:
        for _, event, state in steps(m):
            plain_svg, marked = picture(state), picture(state, None, event)
            assert FRAME not in plain_svg and "last: " not in plain_svg
            assert marked.count(FRAME) >= 1 and "last: " in marked
            if isinstance(event, E.Strike) and state.phase == "battle":
                assert marked.count(FRAME) == 4


def test_a_secret_deployment_is_drawn_as_a_back() -> None:
    """A deployment chosen in secret is the back of a counter (``?``) in the picture of a
    seat that may not know it, and a number in the chooser's (or the full) picture."""
    m = Match.new("wizard-armies", players=PLAYERS, position="d 2 5,6 11 0,0 -/- - - 0,0 0,0 -")
    m.act(E.Deploy(player=0, units=3))
    back = ">?</text>"
    for seat in (1, None):
        svg = RULES.svg(RULES.view(m.state, seat), seat)
        assert back in svg and ">3</text>" not in svg
    for seat in (0, None):
        svg = RULES.svg(m.state if seat is None else RULES.view(m.state, seat), seat)
        assert back not in svg and ">3</text>" in svg and "(secret)" in svg


def test_no_picture_leaks_what_its_viewer_may_not_know() -> None:
    """For every seat and every state of seeded games, the seat's picture of a disguised
    state (the opponent's secret deployment changed) is the picture of the true one."""
    rng = random.Random(11)
    states = disguised = 0
    for m in games():
        for _, _, state in steps(m):
            states += 1
            for seat in (0, 1):
                other = RULES.disguise(state, seat, rng)
                if other == state:
                    continue  # nothing hidden from this seat here: the same picture
                disguised += 1
                assert other.deployed != state.deployed
                assert (RULES.svg(RULES.view(state, seat), seat)
                        == RULES.svg(RULES.view(other, seat), seat))
                assert RULES.svg(state, seat) != RULES.svg(other, seat)  # the secret drawn
    print(f"{len(games())} games, {states} states, {disguised} disguised")
    assert states > 1500 and disguised > 100
