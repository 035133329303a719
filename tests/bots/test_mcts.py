"""Information-set MCTS plays every game legally and deterministically, is blind to what
its seat cannot see, and beats the random bot in short seeded games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games import GAMES, made_without_secrets
from grimoire.bots.mcts import MCTSBot, SearchResult, random_policy
from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.match import Match


def positions(game: str, seed: int, every: int = 7, count: int = 4) -> Iterator[Match]:
    """A seeded random game, stopped after its first and second actions (secret setups)
    and every ``every`` actions after, while someone is to act."""
    match = Match.new(game, seed=bytes([seed]) * 32)
    bot = RandomBot(seed)
    found = 0
    for n in range(2_000):
        if not match.to_act or found == count:
            return
        if n in (1, 2) or n % every == every - 1:
            found += 1
            yield match
        seat = min(match.to_act)
        match.act(bot.choose(match, seat))


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_chooses_a_legal_action_and_the_same_one_again(game: str) -> None:
    for match in positions(game, 3):
        seat = min(match.to_act)
        chosen = MCTSBot(seed=5, iterations=30).choose(match, seat)
        assert chosen in match.legal(seat)
        assert MCTSBot(seed=5, iterations=30).choose(match, seat) == chosen


def hidden_positions(game: str) -> Iterator[tuple[Match, int, Any]]:
    """(match, seat to act, twin): positions of seeded random games where something is
    hidden from the seat and it has a choice to make, and a true state that differs from
    the match's only in what is hidden (the seat's ``disguise`` of it)."""
    rules = registry.get(game)
    for seed in range(2, 40):
        for match in positions(game, seed, every=5, count=6):
            for seat in sorted(match.to_act):
                if len(match.legal(seat)) < 2:
                    continue
                twin = rules.disguise(match.state, seat, random.Random(99))
                if twin != match.state:
                    yield match, seat, twin


@pytest.mark.parametrize("game", GAMES)
def test_true_states_that_differ_only_in_what_the_seat_cannot_see_get_the_same_choice(
        game: str) -> None:
    """Two matches whose true states differ only in what the seat cannot see: the seat's
    views are equal, and the bot chooses the same action with the same visits and values
    in both."""
    if made_without_secrets(registry.get(game)):
        pytest.skip(f"{game} hides nothing: every seat sees the true state")
    compared = 0
    for match, seat, state in hidden_positions(game):
        twin = Match(match.rules, match.header, state, [])
        assert twin.state != match.state and twin.view(seat) == match.view(seat)
        a, b = MCTSBot(seed=1, iterations=40), MCTSBot(seed=1, iterations=40)
        assert a.choose(match, seat) == b.choose(twin, seat)
        assert a.last is not None and b.last is not None
        assert (a.last.visits, a.last.values) == (b.last.visits, b.last.values)
        compared += 1
        if compared == 4:
            break
    assert compared >= 3, (f"{game}: fewer than 3 positions with hidden facts were compared "
                           "(seeds 2 to 39): its disguise never varies a state")


class Watched:
    """A game's rules that refuse the true state ``truth`` to every function but ``view``
    (what a match reads its views with): a bot choosing through these rules may look at
    its seat's view only. Disguises are counted, each checked to start from ``mine``."""

    def __init__(self, rules: Any, truth: Any, mine: Any) -> None:
        self.rules, self.truth, self.mine, self.disguises = rules, truth, mine, 0

    def disguise(self, state: Any, player: int, rng: random.Random) -> Any:
        assert state is not self.truth and state == self.mine, "refused: not the view"
        self.disguises += 1
        return self.rules.disguise(state, player, rng)

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.rules, name)
        if name == "view" or not callable(found) or isinstance(found, type):
            return found

        def checked(*args: Any) -> Any:
            assert all(a is not self.truth for a in args), f"refused: {name} of the truth"
            return found(*args)
        return checked


@pytest.mark.parametrize("game", GAMES)
def test_the_search_is_given_the_seats_view_never_the_true_state(game: str) -> None:
    """``choose`` hands the search only the seat's view: through rules that refuse the
    true state, the bot still chooses, every world it searches is a disguise of the view,
    and it chooses as a search handed the view directly does. The same search handed the
    true state is caught (the check has teeth)."""
    if made_without_secrets(registry.get(game)):
        pytest.skip(f"{game} hides nothing: the search may be given the true state")
    match, seat, _ = next(hidden_positions(game))
    rules, truth, mine = match.rules, match.state, match.view(seat)
    assert mine != truth
    watched = Watched(rules, truth, mine)
    bot = MCTSBot(seed=3, iterations=30)
    chosen = bot.choose(Match(watched, match.header, truth, []), seat)
    seats = len(match.header.players)
    direct = MCTSBot(seed=3, iterations=30).search(rules, mine, seat, seats=seats)
    assert bot.last is not None and bot.last.iterations == 30 and watched.disguises > 30
    assert (chosen, bot.last.visits, bot.last.values) == (
        direct.action, direct.visits, direct.values)
    with pytest.raises(AssertionError, match="refused"):
        MCTSBot(seed=3, iterations=30).search(watched, truth, seat, seats=seats)


def test_the_bot_beats_the_random_bot_at_vicious_circle() -> None:
    wins = 0
    for k in range(6):
        match = Match.new("vicious-circle", seed=bytes([k]) * 32)
        me = k % 2
        bots: dict[int, Any] = {me: MCTSBot(seed=k, iterations=150), 1 - me: RandomBot(k)}
        while match.to_act:
            seat = min(match.to_act)
            match.act(bots[seat].choose(match, seat))
        assert match.outcome is not None
        wins += me in match.outcome.winners
    assert wins >= 5


def test_a_search_reports_its_counts_and_tells_its_progress() -> None:
    match = next(m for m in positions("wiz-war", 3, count=20)
                 if len(m.legal(min(m.to_act))) > 1)
    told: list[tuple[int, int]] = []
    bot = MCTSBot(seed=2, iterations=130, progress=lambda d, t: told.append((d, t)))
    bot.choose(match, min(match.to_act))
    result = bot.last
    assert isinstance(result, SearchResult) and result.iterations == 130
    assert sum(result.visits) == 130 and len(result.visits) == len(result.values)
    assert told == [(64, 130), (128, 130), (130, -1)]


def test_a_time_budget_bounds_the_search() -> None:
    match = next(positions("magery", 3))
    bot = MCTSBot(seed=2, iterations=None, ms=50)
    bot.choose(match, min(match.to_act))
    assert bot.last is not None and bot.last.iterations >= 1 and bot.last.seconds < 1.0


def test_the_game_rollout_policy_is_used_and_can_be_replaced() -> None:
    assert registry.get("wiz-war").rollout is not None
    seen: list[int] = []

    def policy(state: Any, seat: int, actions: Any, rng: random.Random) -> Any:
        seen.append(len(actions))
        return random_policy(state, seat, actions, rng)

    match = Match.new("vicious-circle", seed=bytes(32))
    MCTSBot(seed=1, iterations=20, policy=policy).choose(match, 0)
    assert seen


@pytest.mark.parametrize("settings", [{"iterations": 0}, {"iterations": None},
                                      {"ms": -1.0, "iterations": None}, {"depth": -1}])
def test_a_bot_without_a_budget_is_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(UsageError) as err:
        MCTSBot(**settings)
    assert err.value.reason == "bot/budget"
