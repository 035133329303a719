"""The Custom Spellbook (option ``custom_spellbook``, issue 16): the players split into two
groups by seat, each with its cantrip school and three drafted schools in a deck of its
own; each seat draws from its group's deck, each card is discarded to the pile of the
deck it belongs to, and each group's pile is reshuffled into its own deck alone."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from grimoire import Match
from grimoire.core.errors import UsageError
from grimoire.core.events import Shuffle
from grimoire.core.logfile import read_log
from grimoire.core.replay import initial_state
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.rules import school_choice, spellbook_choice
from grimoire.games.wiz_war.state import (
    SECTOR_PILE,
    Options,
    State,
    deck_of,
    discard_of,
    group_of,
    spellbook,
)

BOOK = "alchemy,mentalism,thaumaturgy/conjuring,elemental,mutation"
SCHOOLS = ("alchemy", "mentalism", "thaumaturgy", "elemental", "conjuring", "mutation")
NAMES = ("A", "B", "C", "D")


def start(n: int, seed: int = 7, book: str = BOOK) -> Match:
    m = Match.new("wiz-war", seed=bytes([seed]) * 32, players=NAMES[:n],
                  options={"custom_spellbook": book})
    m.act(m.legal(0)[0])  # start: shuffle both decks, deal, roll the first player
    return m


def playout(n: int, seed: int, actions: int = 800) -> Match:
    rng = random.Random(seed)
    m = Match.new("wiz-war", seed=bytes([seed]) * 32, players=NAMES[:n],
                  options={"custom_spellbook": BOOK})
    for _ in range(actions):
        if m.outcome is not None:
            break
        seat = rng.choice(sorted(m.rules.to_act(m.state)))
        m.act(rng.choice(m.legal(seat)))
    return m


# ---------------------------------------------------------------- the option


def test_the_option_names_each_groups_three_schools() -> None:
    """The first group's (White Cantrip's) three, a slash, the second's (Black Cantrip's),
    any case and spacing, each group's kept in the order of card numbers."""
    got = spellbook_choice(Options(custom_spellbook=" Thaumaturgy,ALCHEMY, mentalism / "
                                                    "mutation,elemental,conjuring"))
    assert got == SCHOOLS
    assert spellbook_choice(Options()) is None
    s = RULES.setup(Options(custom_spellbook=BOOK), NAMES[:2])
    assert s.schools == SCHOOLS and spellbook(s)
    first, second = B.groups(SCHOOLS)
    assert s.deck == first + second and s.split == len(first)
    assert first[:12] == B.SCHOOL_CARDS["white-cantrip"]
    assert second[:12] == B.SCHOOL_CARDS["black-cantrip"]
    assert len(first) == 12 + sum(len(B.SCHOOL_CARDS[x]) for x in SCHOOLS[:3])
    assert len(second) == 12 + sum(len(B.SCHOOL_CARDS[x]) for x in SCHOOLS[3:])


@pytest.mark.parametrize("bad", [
    "alchemy,mentalism,thaumaturgy",  # one group only
    "alchemy,mentalism/conjuring,elemental,mutation",  # two schools for the first group
    "alchemy,mentalism,thaumaturgy/alchemy,elemental,mutation",  # Alchemy drafted twice
    "alchemy,mentalism,thaumaturgy/conjuring,elemental,necromancy",  # no such school
    "alchemy,mentalism,black-cantrip/conjuring,elemental,mutation",  # a cantrip drafted
    "a/b/c", "",
])
def test_a_bad_value_is_refused(bad: str) -> None:
    with pytest.raises(UsageError) as info:
        RULES.setup(Options(custom_spellbook=bad), NAMES[:2])
    assert info.value.reason == "setup/custom-spellbook"
    assert "a slash between" in str(info.value) and "mutation" in str(info.value)


@pytest.mark.parametrize("other", [{"schools": "alchemy,elemental,mentalism"},
                                   {"extra_cards": ("Dust Cloud",)}])
def test_not_with_the_schools_or_extra_cards_options(other: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        RULES.setup(Options(custom_spellbook=BOOK, **other), NAMES[:2])  # type: ignore[arg-type]
    assert info.value.reason == "setup/custom-spellbook"


def test_unset_nothing_changes() -> None:
    s = RULES.setup(Options(), NAMES[:2])
    assert not spellbook(s) and s.split == 0 and school_choice(Options()) == s.schools
    assert group_of(s, 1) == 0 and deck_of(s, 1) == s.deck and discard_of(s, 1) == s.discard


# ---------------------------------------------------------------- groups and the deal


@pytest.mark.parametrize(("n", "groups"), [(2, (0, 1)), (3, (0, 1, 0)), (4, (0, 1, 0, 1))])
def test_groups_alternate_seats_and_each_is_dealt_from_its_deck(
        n: int, groups: tuple[int, ...]) -> None:
    """Even seats play White Cantrip's deck, odd seats Black Cantrip's (two players: a
    deck each); each deck is shuffled on its own and every hand dealt from its seat's."""
    m = start(n)
    s = m.state
    assert tuple(group_of(s, p) for p in range(n)) == groups
    piles = [e.pile for e in m.events if isinstance(e, Shuffle)]
    assert piles == ["sectors", "deck-white", "deck-black"]  # the board, then the decks
    first, second = B.groups(s.schools)
    for p, hand in enumerate(s.hands):
        assert len(hand) == 5 and set(hand) <= set((first, second)[groups[p]])
    assert len(deck_of(s, 0)) == len(first) - 5 * groups.count(0)
    assert len(deck_of(s, 1)) == len(second) - 5 * groups.count(1)


def test_draws_come_from_the_seats_own_deck() -> None:
    """Every draw takes the top of the drawing seat's group's deck and leaves the other
    group's deck as it was."""
    m = playout(3, 11, actions=300)
    s = RULES.setup(Options(custom_spellbook=BOOK), NAMES[:3])
    draws = 0
    for event in m.events:
        if isinstance(event, E.Draw):
            g = group_of(s, event.player)
            assert event.cards == deck_of(s, g)[:len(event.cards)]
            other = deck_of(s, 1 - g)
            s = RULES.evolve(s, event)
            assert deck_of(s, 1 - g) == other
            draws += 1
        else:
            s = RULES.evolve(s, event)
    assert draws > 10


def test_each_card_is_discarded_to_the_pile_of_its_own_deck() -> None:
    """A card taken from the other group (here put in a hand by hand) still goes to the
    discard pile of the deck it belongs to, and the draw limit counts the seat's own deck
    and pile only."""
    m = start(2)
    s = m.state
    black = B.SCHOOL_CARDS["black-cantrip"][0]
    white = B.SCHOOL_CARDS["white-cantrip"][0]
    s = msgspec.structs.replace(s, discard=(black, white))
    assert discard_of(s, 0) == (white,) and discard_of(s, 1) == (black,)
    assert [B.owner(SCHOOLS, c) for c in (white, black)] == [0, 1]


def test_one_groups_discard_pile_is_reshuffled_into_its_own_deck() -> None:
    """When a group's deck runs out its own discard pile, and only it, is shuffled into
    it (a ``shuffle`` of pile ``discard-white`` or ``discard-black``); the other group's
    deck and discards stay as they were."""
    seen = set()
    for seed, n in ((3, 2), (5, 3), (9, 4)):
        m = playout(n, seed, actions=2500)
        s = RULES.setup(Options(custom_spellbook=BOOK), NAMES[:n])
        for event in m.events:
            if isinstance(event, Shuffle) and event.pile.startswith("discard-"):
                g = ("discard-white", "discard-black").index(event.pile)
                assert not deck_of(s, g) and discard_of(s, g)
                pile, other = discard_of(s, g), (deck_of(s, 1 - g), discard_of(s, 1 - g))
                after = RULES.evolve(s, event)
                assert Counter(deck_of(after, g)) == Counter(pile) and not discard_of(after, g)
                assert (deck_of(after, 1 - g), discard_of(after, 1 - g)) == other
                seen.add(event.pile)
            s = RULES.evolve(s, event)
    assert seen == {"discard-white", "discard-black"}


# ---------------------------------------------------------------- hidden information


def test_views_and_redacted_events_hide_both_decks() -> None:
    """A view hides both decks' cards and keeps only their sizes (public); every shuffle
    of cards loses its order (the sectors' is the board's, laid face up) and another seat's
    draws their cards; a disguise deals each group's
    deck from its own unseen cards, from the view alone."""
    m = playout(4, 13, actions=400)
    s = m.state
    for p in (0, 1, None):
        v = RULES.view(s, p)
        assert set(v.deck) <= {-1} and len(v.deck) == len(s.deck) and v.split == s.split
    for p in range(4):
        d = RULES.disguise(s, p, random.Random(p))
        assert d == RULES.disguise(RULES.view(s, p), p, random.Random(p))
        assert d.split == s.split and len(d.deck) == len(s.deck)
        for g in (0, 1):
            assert all(B.owner(SCHOOLS, c) == g for c in deck_of(d, g))
        for event in m.events:
            told = RULES.redact(event, p)
            if isinstance(told, Shuffle):
                assert (told.order == ()) == (told.pile != SECTOR_PILE)
            if isinstance(told, E.Draw) and told.player != p:
                assert set(told.cards) <= {-1}
            if isinstance(told, E.Deal):
                assert all(set(h) <= {-1} for q, h in enumerate(told.hands) if q != p)


def test_positions_round_trip_with_two_decks() -> None:
    """The notation writes the two decks with a slash between and reads them back."""
    m = start(3)
    text = RULES.notation(m.state)
    assert "deck=" in text
    back = RULES.parse(text, m.state.options, m.header.players)
    assert back == m.state
    v = RULES.view(m.state, 1)
    assert RULES.parse(RULES.notation(v), m.state.options, m.header.players) == v


def test_a_state_of_another_game_has_one_deck() -> None:
    m = Match.new("wiz-war", seed=bytes(32), players=NAMES[:2])
    m.act(m.legal(0)[0])
    s: State = m.state
    assert s.split == 0 and "/" not in RULES.notation(s).split("deck=")[1].split()[0]
    assert "/" in RULES.notation(start(2).state).split("deck=")[1].split()[0]


def test_the_text_board_shows_each_groups_deck() -> None:
    text = RULES.render(start(3).state)
    assert "deck of seats 0 and 2: " in text and "White Cantrip, Alchemy, Mentalism and" in text
    assert "deck of seat 1: " in text and "(Black Cantrip, Elemental, Conjuring and" in text


def test_each_decks_shuffle_reads_by_its_cantrip() -> None:
    said = [RULES.describe(Shuffle(pile=p, order=()), None)
            for p in ("deck-white", "discard-black", "deck", "discard")]
    assert said == ["The White Cantrip deck is shuffled",
                    "The Black Cantrip deck's discard pile is shuffled into it",
                    "The deck is shuffled", "The discard pile is shuffled into a new deck"]


FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wiz-war"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_full_games_play_black_cantrip_and_draw_by_group(n: int) -> None:
    """The seeded Custom Spellbook games (tools/fixtures/wiz_war.py) cast Black Cantrip's
    cards (its own numbers), and every card a seat is dealt or draws is of its group's
    deck."""
    log = read_log(FIXTURES / f"full-spellbook-{n}p.jsonl")
    s = initial_state(RULES, log.header)
    black = set(B.SCHOOL_CARDS["black-cantrip"])
    first, second = B.groups(s.schools)
    played = {B.DECK[e.card] for e in log.events
              if isinstance(e, (E.Cast, E.Counter, E.Boost)) and e.card in black}
    assert len(played) >= 5 and played <= {name for name, _ in T.SCHOOLS["black-cantrip"]}
    for e in log.events:
        if isinstance(e, E.Draw):
            assert set(e.cards) <= set((first, second)[e.player % 2])
        if isinstance(e, E.Deal):
            for p, hand in enumerate(e.hands):
                assert set(hand) <= set((first, second)[p % 2])


def test_a_card_from_the_other_groups_deck_goes_back_to_its_own_pile() -> None:
    """Option ``discard_to_origin`` (ruleset 2's reading): red (White Cantrip's group)
    holds a Black Cantrip card (as after a Thought Steal) and discards it: it lies on
    Black Cantrip's pile, and when blue's deck runs out it is shuffled into blue's deck,
    never red's."""
    options = Options(custom_spellbook=BOOK, discard_to_origin=True)
    s = RULES.setup(options, NAMES[:2])
    first, second = B.groups(s.schools)
    stolen = second[0]
    deck0 = first[4:]
    s = msgspec.structs.replace(
        s, phase="move", active=0, turns=(2, 2), mp=3,
        hands=((*first[:4], stolen), second[1:3]),
        deck=deck0, split=len(deck0), discard=second[3:])
    m = Match.new("wiz-war", players=NAMES[:2], seed=bytes(32), position=RULES.notation(s),
                  options=msgspec.to_builtins(options))
    m.act(E.EndMove(player=0))
    m.act(E.Discard(player=0, card=stolen))
    assert discard_of(m.state, 1)[-1] == stolen and stolen not in discard_of(m.state, 0)
    m.act(E.EndTurn(player=0, draw=0))
    m.act(E.EndMove(player=1))
    m.act(E.EndTurn(player=1, draw=2))
    assert [e.pile for e in m.events if isinstance(e, Shuffle)] == ["discard-black"]
    after = m.state
    assert stolen in after.hands[1] + deck_of(after, 1) and deck_of(after, 0) == deck0
    assert not after.discard


def test_a_card_from_the_other_groups_deck_goes_to_the_discarding_players_pile() -> None:
    """Custom Spellbook: "members of a group only receive cards from (and discard cards
    to) the Magic deck they helped to build", and "all Magic cards have a common back":
    red (White Cantrip's group) discards a Black Cantrip card he took (as after a Thought
    Steal): it lies on White Cantrip's pile (``adopted``), and when red's deck runs out it
    is shuffled into red's deck; the position reads back as it stands."""
    options = Options(custom_spellbook=BOOK)
    s = RULES.setup(options, NAMES[:2])
    first, second = B.groups(s.schools)
    stolen = second[0]
    s = msgspec.structs.replace(
        s, phase="move", active=0, turns=(2, 2), mp=3,
        hands=((*first[:4], stolen), second[1:3]),
        deck=second[3:], split=0, discard=first[4:])
    m = Match.new("wiz-war", players=NAMES[:2], seed=bytes(32), position=RULES.notation(s),
                  options=msgspec.to_builtins(options))
    m.act(E.EndMove(player=0))
    m.act(E.Discard(player=0, card=stolen))
    assert discard_of(m.state, 0)[-1] == stolen and stolen not in discard_of(m.state, 1)
    assert m.state.adopted == (stolen,)
    text = RULES.notation(m.state)
    assert f"adopted={stolen}" in text and RULES.parse(text, options, NAMES[:2]) == m.state
    m.act(E.EndTurn(player=0, draw=2))
    assert [e.pile for e in m.events if isinstance(e, Shuffle)] == ["discard-white"]
    after = m.state
    assert stolen in after.hands[0] + deck_of(after, 0)
    assert deck_of(after, 1) == second[3:] and not after.discard
    d = RULES.disguise(RULES.view(after, 1), 1, random.Random(0))
    assert stolen in d.hands[0] + deck_of(d, 0)


def test_a_card_goes_home_when_its_own_group_discards_it_again() -> None:
    """Blue's group discards its own Black Cantrip card, adopted by White Cantrip's pile
    before: it is Black Cantrip's again."""
    options = Options(custom_spellbook=BOOK)
    s = RULES.setup(options, NAMES[:2])
    first, second = B.groups(s.schools)
    back = second[0]
    s = msgspec.structs.replace(
        s, phase="move", active=1, turns=(2, 2), mp=3,
        hands=(first[:4], (back, *second[1:3])), deck=first[4:] + second[3:],
        split=len(first[4:]), adopted=(back,))
    m = Match.new("wiz-war", players=NAMES[:2], seed=bytes(32), position=RULES.notation(s),
                  options=msgspec.to_builtins(options))
    m.act(E.EndMove(player=1))
    m.act(E.Discard(player=1, card=back))
    assert m.state.adopted == () and discard_of(m.state, 1) == (back,)


def test_every_discard_of_seeded_games_goes_to_the_discarding_players_pile() -> None:
    """Over seeded bot games with the Custom Spellbook, every card an event puts on a pile
    lies on the pile of the group of whoever held it (in hand, carried, as his spell or in
    the attack or spell waiting), and only the events ``evolve`` knows may discard."""
    from grimoire.games.wiz_war.evolve import _DISCARDING
    from grimoire.games.wiz_war.state import holder, home

    adopted = 0
    for seed in (3, 23):  # games where cards change hands and are discarded
        m = Match.new("wiz-war", players=NAMES[:2], seed=bytes([seed]) * 32,
                      options={"custom_spellbook": BOOK})
        bot = random.Random(seed)
        for _ in range(300):
            if not m.to_act:
                break
            before = len(m.events)
            s = m.state
            m.act(bot.choice(list(m.legal(min(m.to_act)))))
            for e in m.events[before:]:
                after = RULES.evolve(s, e)
                new = [c for c in after.discard if c not in s.discard]
                assert not new or type(e) in _DISCARDING, e
                for c in new:
                    p = holder(s, c)
                    if p >= 0:
                        assert home(after, c) == p % 2, (e, c)
                s = after
            assert s == m.state
            adopted += len(s.adopted)
    assert adopted
