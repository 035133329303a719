"""The Wiz-War position notation: every field written, exact round trips, clean refusals."""

from __future__ import annotations

import doctest

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core.errors import IllegalAction
from grimoire.core.replay import initial_state
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war.events import Cast
from grimoire.games.wiz_war.state import Options, Pending, Spell, State
from grimoire.tools.simulate import bot_match

NAMES = ("Callista", "Matt", "Grendel", "Ysolde")


def names(n: int) -> tuple[str, ...]:
    return NAMES[:n]


def round_trip(s: State) -> str:
    text = N.notation(s)
    assert text.startswith("wiz-war/1 ")
    back = N.parse(text, s.options, s.names)
    assert back == s, text
    assert N.notation(back) == text
    return text


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
        same = [f for f in N.HANDLED_STATE_FIELDS - {"names", "options", "players"}
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
    text = round_trip(s)
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
    text = round_trip(s)
    assert "?x30" in text and "?x5" in text and "action:1.50.@" in text
    for view in [None, *range(n)]:
        round_trip(RULES.view(s, view))
    # text values with any character survive
    odd = msgspec.structs.replace(s, phase="mo ve=/,.", result="ü%20 x")
    round_trip(odd)
    spells = (Spell(card=25, caster=0, target="q012", tokens=1),
              Spell(card=26, caster=0, target="-", tokens=1),
              Spell(card=27, caster=0, target="@a1", tokens=1))
    round_trip(msgspec.structs.replace(s, result="-", mp=-1, spells=spells))


def test_states_of_seeded_random_games_round_trip() -> None:
    checked = finished = 0
    for n, games in ((2, 3), (3, 2), (4, 1)):
        for index in range(games):
            match = bot_match(RULES, seed=31, index=index, players=names(n))
            s = initial_state(RULES, match.header)
            round_trip(s)
            for k, event in enumerate(match.events):
                prev, s = s, RULES.evolve(s, event)
                if s is prev:
                    continue
                round_trip(s)
                if k % 2 == 0:
                    round_trip(RULES.view(s, k % n))
                if k % 7 == 0:
                    round_trip(RULES.view(s, None))
                checked += 1
            finished += bool(s.result)
    assert checked > 5000 and finished >= 3


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
