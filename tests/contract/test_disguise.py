"""Every game's ``disguise`` is blind: a search bot samples hidden state with it, so the
sample may depend only on what the seat may know, never on the hidden facts themselves.
The bot is handed only its seat's view, so a disguise works from a view.

For states reached by seeded random play (every registered game at each of its player
counts, the options that hide more: ``hidden="commit"``, Magery's private Chaos Mage
cards), each
seat ``p`` and ``s2 = disguise(s, p, r)`` (a state that differs from ``s`` only in what
``p`` cannot see):

1. from the view: ``disguise(view(s, p), p, Random(k)) == disguise(s, p, Random(k))``,
   and for ``p`` to act, ``legal(disguise(view(s, p), p, r), p) == legal(s, p)``;
2. canonical: ``disguise(s, p, Random(k)) == disguise(s2, p, Random(k))`` for every k;
3. ``view(disguise(s, p, r), p) == view(s, p)``;
4. the disguised state can be played on: whoever is to act has a legal action, and a
   random one is decided and folded without error;
5. nothing is lost or made: the cards (or pieces) are the same, hidden ones included.

A game without hidden information (assembled without ``secrets``) passes as it is: the
contract then checks that its view and disguise are the identity, nothing hidden and
nothing invented (``tests/support/open_race.py`` is such a game, run here).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import msgspec
import pytest

from games import GAMES, IN_TESTS, made_without_secrets, rules_of
from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.dice import SeededDice
from grimoire.core.match import Match
from grimoire.games.swords_wizardry.board import EMPTY, PIECE

# The options that hide more than a game's defaults (they name the games' own options, so
# this is written out): every game in GAMES also runs with its defaults at each of its
# player counts, and these at its fewest.
HIDING: dict[str, tuple[dict[str, Any], ...]] = {
    "vicious-circle": ({"hidden": "commit"},),
    "wizard-armies": ({"hidden": "commit"},),
    "swords-wizardry": ({"hidden": "commit"},),
    "magery": ({"archmage": "archmage"}, {"archmage": "ultimate", "rotating": True}),
}
def _cases() -> Iterator[tuple[str, int, dict[str, Any]]]:
    for name in [*GAMES, *IN_TESTS]:  # IN_TESTS: open-race, made without secrets
        seats = rules_of(name).seats
        for count in seats:
            yield name, count, {}
        for options in HIDING.get(name, ()):
            yield name, min(seats), options


# (game, players, options): every game's hidden-information modes, every player count.
CASES: tuple[tuple[str, int, dict[str, Any]], ...] = tuple(_cases())
# (dice seed, bot seed): two bots under the same dice make different secret choices the
# other seat sees alike (a setup, a deployment), so there are true states to compare.
MATCHES = ((1, 1), (1, 3), (2, 2))
ACTIONS = 240  # actions per match; Swords & Wizardry deploys for its first 72
EVERY = 4  # a state sampled every EVERY actions, and every one of the first 12
KEYS = (0, 1, 2)  # the rng seeds the canonical property is checked for
OTHERS = (7, 8)  # the rng seeds of the other possibilities s2
GUIDE = "docs/adding-a-game.md, the disguise row of the contract table"


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, count, options = case
    return "-".join([name, f"{count}p", *(f"{k}={v}" for k, v in options.items())])


CASES_BY_ID = {case_id(c): c for c in CASES}
# Cases whose matches (same dice, other bots) reach states a seat cannot tell apart (the
# games' secret setups and deployments: written out, they are these games' rules).
TWINS = {"vicious-circle-2p", "wizard-armies-2p", "swords-wizardry-2p"}


@cache
def states(case: str) -> tuple[Any, ...]:
    """States of a case's seeded random matches (cached: each test reads the same)."""
    name, count, options = CASES_BY_ID[case]
    out = []
    for dice, seed in MATCHES:
        match = Match.new(rules_of(name), players=tuple(f"P{i}" for i in range(count)),
                          seed=bytes([dice]) * 16, options=options)
        bot = RandomBot(seed)
        for n in range(ACTIONS):
            if not match.to_act:
                break
            if n < 12 or n % EVERY == 0:
                out.append(match.state)
            match.act(bot.choose(match, min(match.to_act)))
        out.append(match.state)
    return tuple(out)


def sampled(case: str) -> Iterator[tuple[Any, Any, int]]:
    """(rules, state, seat) for every sampled state and seat of a case."""
    name, count, _ = CASES_BY_ID[case]
    rules = rules_of(name)
    for state in states(case):
        for seat in range(count):
            yield rules, state, seat


def test_the_tables_of_particular_games_name_registered_games() -> None:
    """Every game runs here from the registry; the tables above only add what particular
    games need (options that hide more, cards to count): a name there that no package
    registers is a renamed or removed game."""
    named = {*HIDING, *CONSERVED, *(c.rsplit("-", 1)[0] for c in TWINS)}
    stale = sorted(named - set(registry.names()))
    assert not stale, (f"test_disguise.py's HIDING, TWINS or CONSERVED name {stale}, which "
                       "no package registers: rename or remove their entries")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_disguise_works_from_the_seats_view(case: str) -> None:
    """A search bot is given ``view(s, p)``, never ``s``: disguising the view draws the
    same world as disguising the true state, draw for draw (so whatever the view blanks,
    the disguise never needed), and the view is not the state where something is hidden
    (so the equality has teeth). A game made without secrets hides nothing: its views are
    the states themselves."""
    name = CASES_BY_ID[case][0]
    hiding = 0
    for rules, s, p in sampled(case):
        mine = rules.view(s, p)
        hiding += mine != s
        for k in KEYS:
            assert rules.disguise(mine, p, random.Random(k)) == rules.disguise(
                s, p, random.Random(k)), (
                f"{name}: seat {p}, rng {k}: disguising the seat's view draws another "
                "world than disguising the true state: disguise reads something view "
                f"blanks; read only what the view keeps, or keep it in the view ({GUIDE})")
    if made_without_secrets(rules_of(name)):
        assert not hiding, f"{name}: made without secrets, yet its views hide something"
        return
    sealed = CASES_BY_ID[case][2].get("hidden") == "commit"  # the state holds no secret
    assert hiding or sealed, (
        f"{name}: no state hid anything from a seat, yet the game has a view of its own: "
        "if it has no hidden information, leave secrets= out of Game.assemble (the core's "
        "view, redact and disguise then show everything); if it has, make view blank what "
        "the seat may not know")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_a_seats_legal_actions_are_a_function_of_its_view(case: str) -> None:
    """The seat to act finds the same legal actions, in the same order, in a world drawn
    from its view as in the true state: the search's root is the true one."""
    name = CASES_BY_ID[case][0]
    for rules, s, p in sampled(case):
        if p not in rules.to_act(s):
            continue
        mine = rules.view(s, p)
        for k in KEYS:
            world = rules.disguise(mine, p, random.Random(k))
            assert rules.legal(world, p) == rules.legal(s, p), (
                f"{name}: seat {p}, rng {k}: the seat's legal actions differ in a world "
                "disguised from its view: legal reads a fact the seat may not know, or "
                f"disguise deals it differently; make legal depend on the view ({GUIDE})")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_disguise_depends_only_on_what_the_seat_may_know(case: str) -> None:
    """Two states that differ only in what ``p`` cannot see disguise alike, draw for
    draw: the determinization is blind to the true hidden facts."""
    name = CASES_BY_ID[case][0]
    for rules, s, p in sampled(case):
        for a in OTHERS:
            s2 = rules.disguise(s, p, random.Random(a))
            for k in KEYS:
                assert rules.disguise(s, p, random.Random(k)) == rules.disguise(
                    s2, p, random.Random(k)), (
                    f"{name}: seat {p}, other possibility {a}, rng {k}: two states the "
                    "seat cannot tell apart disguise differently: disguise reads the true "
                    "hidden facts; deal from a sorted pool of what the seat cannot see "
                    f"({GUIDE})")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_true_states_a_seat_cannot_tell_apart_disguise_alike(case: str) -> None:
    """The same property for true states of different matches: two states the seat sees
    alike (equal views) disguise alike, draw for draw (this catches a disguise that keeps
    a hidden fact, such as which kinds a side has deployed so far, which disguised states
    alone cannot show)."""
    name = CASES_BY_ID[case][0]
    first: dict[tuple[int, bytes], Any] = {}
    twins = 0
    for rules, s, p in sampled(case):
        other = first.setdefault((p, msgspec.json.encode(rules.view(s, p))), s)
        if other != s:
            twins += 1
            for k in KEYS:
                assert rules.disguise(s, p, random.Random(k)) == rules.disguise(
                    other, p, random.Random(k)), (
                    f"{name}: seat {p}, rng {k}: two true states with the same view "
                    "disguise differently: disguise keeps a hidden fact; deal every unseen "
                    f"fact anew from what the view shows ({GUIDE})")
    assert twins or case not in TWINS, (
        f"{case}: the matches meant to differ in secret did not: change MATCHES' seeds or "
        "take the case out of TWINS")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_disguise_keeps_the_view(case: str) -> None:
    """The seat sees the same thing in the disguised state; a state that hides nothing
    from the seat is left as it is (nothing invented: for a game made without secrets,
    every state, as a spectator sees it too); and where something is hidden, disguise
    does vary it (the other tests have something to check)."""
    name = CASES_BY_ID[case][0]
    hiding = varied = 0
    for rules, s, p in sampled(case):
        mine = rules.view(s, p)
        for k in KEYS:
            d = rules.disguise(s, p, random.Random(k))
            assert rules.view(d, p) == mine, (
                f"{name}: seat {p}, rng {k}: the seat sees a disguised state differently: "
                f"disguise may change only what view blanks ({GUIDE})")
            varied += d != s
        if mine == s:
            assert rules.disguise(s, p, random.Random(0)) == s, (
                f"{name}: seat {p}: disguise changed a state that hides nothing from the "
                "seat: it invents what the seat can see; leave such a state as it is")
        else:
            hiding += 1
    if made_without_secrets(rules_of(name)):
        assert not hiding and all(rules.view(s, None) == s for s in states(case)), (
            f"{name}: made without secrets, yet a view hides something")
    assert not hiding or varied, (
        f"{name}: states hide something but disguise never varied them: write a disguise "
        f"that deals the hidden facts anew ({GUIDE})")


@pytest.mark.parametrize("case", list(CASES_BY_ID))
def test_a_disguised_state_can_be_played_on(case: str) -> None:
    """Whoever is to act in a disguised state has a legal action, and a random one is
    decided and folded without error."""
    name = CASES_BY_ID[case][0]
    pick = random.Random(5)
    for i, (rules, s, p) in enumerate(sampled(case)):
        d = rules.disguise(s, p, random.Random(i))
        for seat in sorted(rules.to_act(d)):
            actions = rules.legal(d, seat)
            assert actions, (
                f"{name}: seat {seat} is to act in a state disguised for seat {p} but has "
                "no legal action: disguise deals a state the rules cannot play on")
            action = actions[pick.randrange(len(actions))]
            after = d
            for event in rules.decide(d, action, SeededDice(bytes([i % 256]) * 16)):
                after = rules.evolve(after, event)


def _wiz_war_cards(s: Any) -> Counter[int]:
    return Counter([*s.deck, *(c for h in s.hands for c in h), *s.discard,
                    *(c for cs in s.carried for c in cs), *(sp.card for sp in s.spells),
                    *(c for c, _ in s.objects)])


def _magery_cards(s: Any) -> Counter[str]:
    return Counter(c for c in (*s.deck, *s.cards, *s.discard) if c)


def _pieces(s: Any) -> Counter[Any]:
    """Swords & Wizardry: after the deployment, the pieces on the board; during it (which
    kinds the opponent placed is secret) how many each seat placed, within its counts (a
    sealed piece, ``X``, is of no kind the state knows)."""
    if s.turn >= 0:
        return Counter(s.board)
    kinds = Counter(PIECE[ch] for ch in s.board if ch in PIECE)
    assert all(n <= s.counts[kind] for (_, kind), n in kinds.items())
    return Counter(ch.isupper() for ch in s.board if ch != EMPTY)


CONSERVED: dict[str, Callable[[Any], Counter[Any]]] = {
    "wiz-war": _wiz_war_cards, "magery": _magery_cards, "swords-wizardry": _pieces,
}


@pytest.mark.parametrize("case", [c for c in CASES_BY_ID if CASES_BY_ID[c][0] in CONSERVED])
def test_disguise_loses_and_makes_no_card(case: str) -> None:
    """The multiset of every card (or piece) in the game is the same in the disguised
    state: the unseen ones are dealt again, none lost or duplicated."""
    things = CONSERVED[CASES_BY_ID[case][0]]
    for rules, s, p in sampled(case):
        for k in KEYS:
            assert things(rules.disguise(s, p, random.Random(k))) == things(s), (
                f"{case}: seat {p}, rng {k}: the disguised state has other cards or pieces "
                "than the true one: deal the unseen ones again, losing and copying none")
