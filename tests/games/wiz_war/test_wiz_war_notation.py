"""The Wiz-War position notation: every field written, exact round trips, clean refusals."""

from __future__ import annotations

import contextlib
import doctest
from functools import cache

import msgspec
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from wizwar import act, card, position

from grimoire.core.dice import SeededDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Action
from grimoire.core.match import Match
from grimoire.core.replay import initial_state
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war.events import Cast
from grimoire.games.wiz_war.state import Options, Pending, Spell, State, hand_count, hand_limit
from grimoire.tools.simulate import bot_match

NAMES = ("Callista", "Matt", "Grendel", "Ysolde")


def names(n: int) -> tuple[str, ...]:
    return NAMES[:n]


def round_trip(s: State, checked: bool = True) -> str:
    """The text of ``s`` reads back to ``s``: through ``parse`` (a position a game can
    reach) or, for states built on purpose with every field odd, through ``read``."""
    text = N.notation(s)
    assert text.startswith("wiz-war/1 ")
    back = (N.parse if checked else N.read)(text, s.options, s.names)
    assert back == s, text
    assert N.notation(back) == text
    return text


def view_round_trip(v: State) -> None:
    """A view reads back through ``parse`` too, but for one whose active seat must discard
    down to the hand size from a hand the view hides (after a Thought Steal, say): no
    seat could act from it as told, and ``parse`` refuses it (``read`` reads it back)."""
    p = v.active
    if v.phase in ("move", "draw") and -1 in v.hands[p] and hand_count(v, p) > hand_limit(v, p):
        with pytest.raises(IllegalAction, match="must discard down to the hand size"):
            N.parse(N.notation(v), v.options, v.names)
        round_trip(v, checked=False)
        return
    round_trip(v)


def rich(n: int = 3) -> State:
    """A position with every field away from its setup value."""
    s = RULES.setup(Options(victory_points=3), names(n))
    g = B.geometry(n)
    e = g.edge[g.home[0]][1]
    edges = list(s.edges)
    edges[e] = "W"
    edges[0] = "." if edges[0] != "." else "#"
    cracks = [0] * len(s.edges)
    cracks[3] = 2
    cracks[-1] = 4
    cast = Cast(player=1, card=50, target="q12", energy=60, mode="stun me%, please", add=61,
                energy2=62)
    return msgspec.structs.replace(
        s,
        phase="respond",
        active=1,
        turns=tuple(range(3, 3 + n)),
        pos=(-1, *s.pos[1:]),
        life=(0, 20, *((-2,) * (n - 2))),
        kills=(1,) * n,
        stun=(0, 2, *((1,) * (n - 2))),
        hands=((), (-1,) * 5, (5, 6, 7, 8, 40, 3), *(((),) * (n - 3))),
        deck=(-1,) * 30,
        discard=(0, 1, 2, 9, 11, 10),
        carried=((), (12, 13), *(((),) * (n - 2))),
        spells=(
            Spell(card=20, caster=1, target="w0", tokens=3),
            Spell(card=21, caster=2, target="q7", tokens=0, hits=2, carry=3, moves=1),
            Spell(card=22, caster=0, target="w1:c12", tokens=0),
            Spell(card=23, caster=1, target="*", tokens=1, moves=2),
            Spell(card=24, caster=1, target="e17", tokens=0, carry=0),
        ),
        objects=((30, g.home[1]), (31, g.home[1]), (32, 0)),
        treasures=(-1, -1, g.home[0], *s.treasures[3:]),
        bearer=(1, -1, 2, *s.bearer[3:]),
        edges=tuple(edges),
        cracks=tuple(cracks),
        mp=4,
        boosted=True,
        attacked=True,
        moved=True,
        stunned=True,
        picked=e,
        origin=g.home[2],
        bend=True,
        pending=Pending(attacker=1, target=2, card=-1, kind="neutral", damage=0,
                        dtype="magical", fire=True, energy=3, mode="x y", reduced=1,
                        origin=g.home[1], rest=(0, 2), responders=(2, 0), action=cast),
        winners=(1, 2),
        result="last-alive",
        charges=((13, 3),),
        schools=(),
        traps=((25, 3, 1), (25, 4, 0)),
        board=B.layout_key(n, "a", (1, 0, *range(2, n)), (1,) * n),
    )


# ---------------------------------------------------------------- coverage


def test_every_field_of_state_spell_pending_and_cast_is_handled() -> None:
    """A field added to the state (or what it holds) must be added to the notation."""
    def fields(cls: type) -> set[str]:
        return {f.name for f in msgspec.structs.fields(cls)}

    assert fields(State) == N.HANDLED_STATE_FIELDS
    assert fields(Spell) == N.HANDLED_SPELL_FIELDS
    assert fields(Pending) == N.HANDLED_PENDING_FIELDS
    assert fields(Cast) == N.HANDLED_CAST_FIELDS


def test_the_rich_position_changes_every_field() -> None:
    for n in (3, 4):
        s, s0 = rich(n), RULES.setup(Options(victory_points=3), names(n))
        # split, adopted: only a Custom Spellbook game has two decks and cards one group
        # took from the other's (test_wiz_war_spellbook)
        same = [f for f in N.HANDLED_STATE_FIELDS - {"names", "options", "players", "split",
                                                     "adopted"}
                if getattr(s, f) == getattr(s0, f)]
        assert same == []


def test_doctests() -> None:
    result = doctest.testmod(N)
    assert result.attempted >= 3 and result.failed == 0


# ---------------------------------------------------------------- the text


def test_a_fresh_game_is_three_sections() -> None:
    for n in (2, 3, 4):
        s = RULES.setup(Options(), names(n))
        assert round_trip(s) == f"wiz-war/1 players={n} phase=start active=0"


def test_a_position_reads_as_expected() -> None:
    s = RULES.setup(Options(), names(2))
    g = B.geometry(2)
    e = g.edge[g.home[0]][1]
    cracks = [0] * len(s.edges)
    cracks[e] = 2
    s = msgspec.structs.replace(
        s, phase="move", active=1, mp=2, moved=True, turns=(3, 2),
        pos=(g.square("c3"), g.square("h4")), life=(15, 12),
        hands=((1, 5, 6, 7), (-1,) * 5), deck=(-1,) * 60, discard=(30, 31, 32, 40),
        spells=(Spell(card=20, caster=1, target="w0", tokens=3),
                Spell(card=21, caster=0, target=f"q{g.square('d2')}", tokens=0)),
        objects=((41, g.square("b1")),),
        treasures=(-1, *s.treasures[1:]), bearer=(1, -1, -1, -1),
        cracks=tuple(cracks),
    )
    text = round_trip(s, checked=False)
    t1, t2, t3 = (g.name(q) for q in s.treasures[1:])
    assert text == (
        "wiz-war/1 players=2 phase=move active=1 mp=2 flags=moved turns=3/2 pos=c3/h4"
        " life=15/12 hands=1,5-7/?x5 deck=?x60 discard=30-32,40 spells=20.1.w0.3,21.0.@d2.0"
        f" objects=41@b1 treasures=w1,{t1},{t2},{t3} cracks=e{e}:2"
    )


def test_hidden_options_and_names_come_from_the_caller() -> None:
    s = RULES.setup(Options(victory_points=4, uncluttered_minds=True), names(2))
    text = N.notation(s)
    assert "victory" not in text and "Callista" not in text
    back = N.parse(text, Options(), ("A", "B"))
    assert back.names == ("A", "B") and back.options == Options()


@pytest.mark.parametrize("n", [3, 4])
def test_every_field_round_trips(n: int) -> None:
    s = rich(n)
    text = round_trip(s, checked=False)
    assert "?x30" in text and "?x5" in text and "action:1.50.@" in text
    for view in [None, *range(n)]:
        round_trip(RULES.view(s, view), checked=False)
    # text values with any character survive
    spells = (Spell(card=25, caster=0, target="q012", tokens=1),
              Spell(card=26, caster=0, target="-", tokens=1),
              Spell(card=27, caster=0, target="@a1", tokens=1),
              Spell(card=28, caster=0, target="ü%20 x=/,.", tokens=1))
    round_trip(msgspec.structs.replace(s, mp=-1, spells=spells), checked=False)


@cache
def game_states(n: int, index: int, seed: int = 31) -> tuple[tuple[State, bool], ...]:
    """Every state of a seeded bot game, each with whether someone is to act in it (a
    position: before an action, and the end) or it lies between the events of one action
    (cached: the round trips and the hostile positions read the same games)."""
    match = bot_match(RULES, seed=seed, index=index, players=names(n))
    s = initial_state(RULES, match.header)
    out = [(s, True)]
    for k, ev in enumerate(match.events):
        s = RULES.evolve(s, ev)
        last = k + 1 == len(match.events)
        out.append((s, last or isinstance(match.events[k + 1], Action)))
    return tuple(out)


def test_states_of_seeded_random_games_round_trip() -> None:
    """Every position a seeded game stands at reads back through ``parse``, and so does
    every view of it (hidden cards ``?``); the states between the events of one action
    read back through ``read``."""
    checked = finished = 0
    for n, games in ((2, 3), (3, 2), (4, 1)):
        for index in range(games):
            states = game_states(n, index)
            for k, (s, standing) in enumerate(states):
                if not standing:
                    if k % 3 == 0:
                        round_trip(s, checked=False)
                    continue
                round_trip(s)
                if k % 2 == 0:
                    view_round_trip(RULES.view(s, k % n))
                if k % 7 == 0:
                    view_round_trip(RULES.view(s, None))
                checked += 1
            finished += bool(states[-1][0].result)
    assert checked > 1000 and finished >= 3


# ---------------------------------------------------------------- refusals


def refused(text: str, players: tuple[str, ...] = NAMES[:2]) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        N.parse(text, Options(), players)
    return info.value


P = "wiz-war/1 players=2 phase=move active=0 "


@pytest.mark.parametrize(
    ("text", "section"),
    [
        ("wiz-war/2 players=2", "prefix"),
        ("wiz-war/1", "prefix"),
        ("", "prefix"),
        ("wiz-war/1 phase=move", "players"),
        ("wiz-war/1 players=two", "players"),
        (P + "pos=c3/z9", "pos"),
        (P + "pos=c3", "pos"),
        (P + "pos=c3/h4/a1", "pos"),
        (P + "pos=c3/a²", "pos"),
        (P + "colour=red", "colour"),
        (P + "life=15/x", "life"),
        (P + "life=15/", "life"),
        (P + "life", "life"),
        (P + "hands=1,2/3,", "hands"),
        (P + "hands=1,2/999", "hands"),
        (P + "hands=1,2/?x0", "hands"),
        (P + "deck=5-3", "deck"),
        (P + "deck=1--3", "deck"),
        (P + "active=2", "active"),
        (P + "active=-", "active"),
        (P + "mp=1 mp=2", "mp"),
        (P + "flags=fast", "flags"),
        (P + "picked=17", "picked"),
        (P + "picked=e99999", "picked"),
        (P + "origin=k1", "origin"),
        (P + "spells=20.1", "spells"),
        (P + "spells=20.1.w0.3.0.-1.0.9", "spells"),
        (P + "spells=20.5.w0.3", "spells"),
        (P + "spells=20.1.@z1.3", "spells"),
        (P + "objects=41b1", "objects"),
        (P + "objects=41@", "objects"),
        (P + "treasures=a1,b2", "treasures"),
        (P + "treasures=a1,b2,c3,w7", "treasures"),
        (P + "edges=e3X", "edges"),
        (P + "edges=17W", "edges"),
        (P + "edges=e99999W", "edges"),
        (P + "cracks=e3", "cracks"),
        (P + "cracks=e3:x", "cracks"),
        (P + "pending=attacker:0,target:1", "pending"),
        (P + "pending=attacker:0,target:1,card:-,kind:punch,damage:1,dtype:physical,who:1",
         "pending"),
        (P + "pending=attacker:0,target:1,card:-,kind:punch,damage:1,dtype:physical,fire:2",
         "pending"),
        (P + "pending=attacker:0,target:1,card:-,kind:spell,damage:1,dtype:magical,"
             "action:0", "pending"),
        (P + "pending=attacker:0,attacker:1", "pending"),
        (P + "winners=0,5", "winners"),
        (P + "result=%ff", "result"),
    ],
)
def test_malformed_text_is_refused_naming_the_section(text: str, section: str) -> None:
    exc = refused(text)
    assert exc.reason == "position/invalid"
    assert section in exc.detail


def test_the_player_count_must_match() -> None:
    text = N.notation(RULES.setup(Options(), names(3)))
    assert refused(text, names(2)).reason == "position/players"
    assert refused(text, names(4)).reason == "position/players"
    assert refused("wiz-war/1 players=5", (*NAMES, "Eve")).reason == "position/players"
    assert refused("wiz-war/1 players=1", NAMES[:1]).reason == "position/players"
    assert N.parse(text, Options(), names(3)).players == 3


def test_not_text_is_refused() -> None:
    assert refused(b"wiz-war/1 players=2").reason == "position/invalid"  # type: ignore[arg-type]


_RICH = N.notation(rich(4))


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, len(_RICH)), pos=st.integers(0, len(_RICH) - 1),
       char=st.sampled_from([*" =/,.:@?x-+%e0129aqwW#D", "ü", "\n"]))
def test_damaged_text_parses_or_is_refused_cleanly(cut: int, pos: int, char: str) -> None:
    players = names(4)
    for text in (_RICH[:cut], _RICH[:pos] + char + _RICH[pos + 1:],
                 _RICH[:pos] + _RICH[pos + 1:]):
        try:
            s = N.parse(text, Options(), players)
        except IllegalAction as exc:
            assert exc.reason in ("position/invalid", "position/players")
        else:
            assert isinstance(s, State)
            assert N.parse(N.notation(s), Options(), players) == s


# ---------------------------------------------------------------- hostile positions


@cache
def _positions() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Notations of positions from seeded bot games (2, 3 and 4 players: every phase, and
    views with hidden cards), with their players."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for n, index in ((2, 0), (3, 0), (4, 0)):
        states = [s for s, standing in game_states(n, index) if standing]
        for k, s in enumerate(states[:: max(1, len(states) // 40)]):
            out.append((N.notation(s), s.names))
            if k % 5 == 0:
                out.append((N.notation(RULES.view(s, k % n)), s.names))
        out.append((N.notation(states[-1]), s.names))
    return tuple(out)


_CHUNKS = ["", "-", "-1", "0", "1", "9", "99", "999999999999", "?", "?x87", "?x9999", "0-86",
           ",", "/", ".", ":", "@", "=", " ", "%", "%ff", "w1", "w9", "e999", "q9", "@a1",
           "@z9", "phase=respond", "phase=over", "phase=start", "phase=draw", "pending=-",
           "result=points", "winners=0", "spells=-", "active=1", "turns=0/0", "life=0/0",
           "pos=-/-", "hands=-/-", "deck=-", "charges=56:5", "picked=e0", "ü"]


def _mutate(text: str, ops: list[tuple[int, int, int]]) -> str:
    """Apply each op (kind, where, what): overwrite, insert or delete at a place, cut the
    text, copy a section over another, change a digit, or take a section's value from
    another sampled position."""
    for kind, where, what in ops:
        at = where % (len(text) + 1)
        chunk = _CHUNKS[what % len(_CHUNKS)]
        parts = text.split(" ")
        i, j = where % len(parts), what % len(parts)
        if kind == 0:
            text = text[:at] + chunk + text[at + len(chunk):]
        elif kind == 1:
            text = text[:at] + chunk + text[at:]
        elif kind == 2:
            text = text[:at] + text[at + 1 + what % 8:]
        elif kind == 3:
            text = text[:at]
        elif kind == 4:
            parts[i] = parts[j]
            text = " ".join(parts)
        elif kind == 5:
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = digits[where % len(digits)]
                text = text[:k] + str(what % 10) + text[k + 1:]
        else:
            key = parts[i].partition("=")[0]
            donor = _positions()[what % len(_positions())][0].split(" ")
            same = [x for x in donor if x.partition("=")[0] == key]
            parts[i] = same[0] if same else parts[i]
            text = " ".join(parts)
    return text


@settings(max_examples=200, deadline=None, derandomize=True)
@given(which=st.integers(0, 10_000),
       ops=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 10_000), st.integers(0, 999)),
                    min_size=1, max_size=3))
def test_mutated_positions_are_refused_or_safe(which: int, ops: list[tuple[int, int, int]]) -> None:
    """Any text that is not a position a game can reach is refused with a position reason
    code, nothing else; whatever ``parse`` accepts writes back the same and every legal
    action on it is decided without anything but ``IllegalAction``."""
    positions = _positions()
    text, players = positions[which % len(positions)]
    text = _mutate(text, ops)
    try:
        s = N.parse(text, Options(), players)
    except IllegalAction as exc:
        assert exc.reason in ("position/invalid", "position/players"), exc
        event("refused")
        return
    event("accepted")
    assert N.parse(N.notation(s), Options(), players) == s
    for seat in sorted(RULES.to_act(s)):
        for action in RULES.legal(s, seat):
            with contextlib.suppress(IllegalAction):  # anything else fails the test
                RULES.decide(s, action, SeededDice(b"hostile"))


def test_every_position_of_the_sample_parses() -> None:
    """The property above starts from real positions (so its mutations are near misses)."""
    for text, players in _positions():
        assert N.notation(N.parse(text, Options(), players)) == text


def _text(**fields: object) -> str:
    """The notation of a Move and Cast position of the tests' builder."""
    return N.notation(position(**fields))  # type: ignore[arg-type]


def _reason_of(text: str, players: tuple[str, ...] = NAMES[:2]) -> str:
    try:
        N.parse(text, Options(), players)
    except IllegalAction as exc:
        return exc.reason
    return "accepted"


def test_phase_respond_without_a_pending_attack_is_refused() -> None:
    """``phase=respond`` with nothing waiting used to read back, and then ``allow`` failed
    an assertion in ``decide`` and in ``Match.legal``: every phase must have what it needs."""
    base = _text()
    assert _reason_of(base) == "accepted"
    bad = base.replace("phase=move", "phase=respond")
    exc = refused(bad)
    assert exc.reason == "position/invalid" and "pending" in exc.detail
    with pytest.raises(UsageError) as info:
        Match.new("wiz-war", players=NAMES[:2], position=bad, dice="recorded")
    assert info.value.reason == "log/bad-position"


@pytest.mark.parametrize(("change", "section"), [
    ({"hands": ((card("Fireball"),), ())}, "cards"),  # the Fireball is in the deck too
    ({"discard": (card("Fireball"),)}, "cards"),
    ({"deck": ()}, "cards"),  # 84 cards missing
    ({"discard": (-1,)}, "discard"),  # hidden only in hands and the deck
    ({"carried": ((card("Fireball"),), ()),
      "deck": tuple(c for c in range(84) if c != card("Fireball"))}, "carried"),  # no item
    ({"life": (0, 15)}, "life"),  # alive with no life
    ({"pos": (-1, 27)}, "active"),  # the active wizard is dead...
    ({"turns": (0, 2)}, "active"),  # ...or has not begun a turn
    ({"pending": Pending(attacker=0, target=1, card=-1, kind="punch", damage=1,
                         dtype="physical", origin=22)}, "pending"),  # waits in phase move
    ({"winners": (0,), "result": "points"}, "result"),
    ({"picked": 0}, "picked"),  # not a door beside the wizard
    ({"phase": "draw", "bend": True}, "flags"),
    ({"charges": ((card("Stone Spikes"), 3),)}, "charges"),  # the card is in the deck
    ({"stun": (0, 1), "pos": (22, -1), "life": (15, -3)}, "pos"),  # dead with stun tokens
], ids=lambda v: str(v)[:40])
def test_an_inconsistent_position_is_refused(change: dict[str, object], section: str) -> None:
    """Seats, squares and cards in range; each card of the game in exactly one place; every
    phase with what it needs: otherwise ``position/invalid``, naming what is wrong."""
    s = msgspec.structs.replace(position(), **change)
    exc = refused(N.notation(s))
    assert exc.reason == "position/invalid" and section in exc.detail, exc.detail


def test_a_spell_in_play_must_fit_its_card() -> None:
    """A spell in play is aimed where its card can be: Fog on the whole board, Acid Bath on
    a living enemy, a created wall on a W border; its caster lives; tokens only on
    temporary spells."""
    fog, acid, cw = card("Fog"), card("Acid Bath"), card("Create Wall")
    good = position(spells=(Spell(fog, 1, "*", 2), Spell(acid, 0, "w1", 3)))
    assert N.parse(N.notation(good), Options(), NAMES[:2]) == good
    for spells in [(Spell(fog, 1, "w1", 2),), (Spell(acid, 0, "w0", 3),),
                   (Spell(acid, 0, "w1", 0),), (Spell(cw, 0, "e3", 0),),
                   (Spell(card("Fireball"), 0, "w1", 0),), (Spell(fog, 0, "*", 2),) * 2]:
        exc = refused(N.notation(msgspec.structs.replace(position(), spells=spells)))
        assert exc.reason == "position/invalid"


def test_a_won_position_must_say_it_is_over() -> None:
    """Ruling: a position that meets a victory condition is refused unless it is written as
    over, with exactly that result and winners; then it loads as a finished game."""
    s = position(kills=(1, 0), treasures=(0, 22, -1, 45))
    s = msgspec.structs.replace(s, bearer=(-1, -1, -1, -1), treasures=(0, 44, 22, 45))
    exc = refused(N.notation(s))
    assert exc.reason == "position/invalid" and "already over" in exc.detail
    over = msgspec.structs.replace(s, phase="over", result="points", winners=(0,))
    m = Match.new("wiz-war", players=NAMES[:2], position=N.notation(over), dice="recorded")
    assert m.outcome is not None and m.outcome.winners == (0,) and m.to_act == frozenset()
    wrong = msgspec.structs.replace(over, winners=(1,))
    assert refused(N.notation(wrong)).reason == "position/invalid"
    alone = msgspec.structs.replace(position(), pos=(22, -1), life=(15, 0), hands=((), ()))
    assert "already over" in refused(N.notation(alone)).detail


def test_a_neutral_spell_waiting_must_be_one_legal_could_offer() -> None:
    """The spell in a neutral window is checked like ``legal`` checks a cast: a Rotate
    Sector waiting with a 45 degree turn or a sector that does not exist is refused."""
    rs = card("Rotate Sector")
    s = position(hands={0: [rs]})
    _, waiting = act(s, E.Cast(player=0, card=rs, target="sector1", mode="90"), settle=False)
    assert waiting.phase == "respond"
    assert N.parse(N.notation(waiting), Options(), NAMES[:2]) == waiting
    pd = waiting.pending
    assert pd is not None and pd.action is not None
    for target, mode in (("sector1", "45"), ("sector7", "90"), ("sector1", "")):
        bad = msgspec.structs.replace(pd, action=msgspec.structs.replace(
            pd.action, target=target, mode=mode))
        exc = refused(N.notation(msgspec.structs.replace(waiting, pending=bad)))
        assert exc.reason == "position/invalid" and "pending" in exc.detail


@pytest.mark.parametrize("text", [
    "wiz-war/1 players=2 " + "x" * 1_000_000,
    "wiz-war/1 players=2 phase=move active=0 deck=" + ",".join(["0-86"] * 5000),
    "wiz-war/1 players=2 phase=move active=0 deck=?x" + "9" * 100_000,
    "wiz-war/1 players=2 phase=move active=0 hands=" + "/".join(["?x87"] * 3),
    "wiz-war/1 players=2 phase=move active=0 mp=" + "9" * 5000,
    "wiz-war/1 players=2 phase=move active=0 spells=" + ",".join(["20.0.*.1"] * 200),
    "wiz-war/1 players=2 phase=move active=0 turns=100000001/1",
    "wiz-war/1 players=" + "9" * 10_000,
    "wiz-war/1 players=2 " + " ".join(f"mp={k}" for k in range(30)),
])
def test_hostile_text_is_refused_before_it_costs_anything(text: str) -> None:
    """Counts are checked against the game's limits before anything is built: a million
    characters, a deck of 435,000 cards, a hundred-thousand-digit count, a number of 5,000
    digits: each a ``position/...`` refusal, at once."""
    exc = refused(text)
    assert exc.reason in ("position/invalid", "position/players")


def test_hidden_cards_are_never_offered() -> None:
    """A position read from a view holds hidden cards (``?``) in hands and the deck: they
    read back, and ``legal`` offers none of them (nor does ``decide`` take one)."""
    fb = card("Fireball")
    s = position(hands={0: [fb], 1: [card("Energy 5")]}, at={1: "h3"})
    view = RULES.view(s, 1)
    assert view.hands[0] == (-1,)
    back = N.parse(N.notation(view), Options(), NAMES[:2])
    assert back == view
    assert not any(getattr(a, "card", 0) == -1 for a in RULES.legal(back, 0))
    with pytest.raises(IllegalAction) as exc:
        RULES.decide(back, E.Cast(player=0, card=-1, target="w1"), SeededDice(b"x"))
    assert exc.value.reason == "cast/unknown-card"
