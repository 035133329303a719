"""Every registered game is a PettingZoo AEC environment that passes PettingZoo's own
tests (``api_test``, ``seed_test``, ``render_test`` for the text board), whose episodes
write logs that pass the audit, and whose observations and masks come from the acting
seat's view only.

PettingZoo's ``max_cycles_test`` does not apply: it drives a ``parallel_env``, and these
turn-based games have none (nor do PettingZoo's own classic games); ``max_cycles``
truncation is checked here instead. The cycles are few: the suite's time is spent
elsewhere (about 8 s of CPU for everything in tests/envs).
"""

from __future__ import annotations

import functools
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

with warnings.catch_warnings():  # pettingzoo.test imports connect_four_v3 the old way
    warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
    from pettingzoo.test import api_test, render_test, seed_test

from games import GAMES, made_without_secrets
from grimoire.core import registry
from grimoire.core.audit import audit
from grimoire.core.match import Match
from grimoire.envs import GrimoireEnv, env

CYCLES = 12  # environment steps per PettingZoo test: each test checks every step it takes


def counts(game: str) -> tuple[int, ...]:
    """Each player count of ``game``: the fewest, and the most where it differs."""
    seats = registry.get(game).seats
    return tuple(dict.fromkeys((min(seats), max(seats))))


CASES = [(g, n) for g in GAMES for n in counts(g)]


# api_test warns of an observation that is not one array, and of any observation space but
# a Box or a Discrete, unless the environment is one of its own lists (env_obs_dicts,
# env_obs_space): PettingZoo's own classic games (chess_v6, go_v5) have this same Dict of
# an observation and an action_mask, its documented form for masked actions.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    api_test(env(game, players=players, max_cycles=CYCLES), num_cycles=CYCLES)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game: str) -> None:
    """The same ``reset(seed=...)`` and the same actions play the same episode."""
    seed_test(lambda: env(game, max_cycles=CYCLES), num_cycles=CYCLES)


def text_only(game: str, render_mode: str | None = None) -> Any:
    """``game``'s environment offering render_test its text modes only (a picture costs
    50 to 300 ms of CPU: render_test would draw five a game)."""
    e = env(game, render_mode=render_mode, max_cycles=6)
    modes = [m for m in e.unwrapped.metadata["render_modes"] if m != "rgb_array"]
    e.unwrapped.metadata = {**e.unwrapped.metadata, "render_modes": modes}
    return e


def nonempty(text: object) -> bool:
    return isinstance(text, str) and text != ""


def test_pettingzoo_render_test_passes_in_every_mode() -> None:
    """Wizard Armies, the cheapest pictures, in every mode (the text board printed and
    returned; the SVG picture rasterised as an RGB array)."""
    render_test(lambda render_mode=None: env("wizard-armies", render_mode=render_mode,
                                             max_cycles=6), custom_tests={"ansi": nonempty})


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test_passes_for_the_text_board(game: str) -> None:
    render_test(functools.partial(text_only, game), custom_tests={"ansi": nonempty})


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_is_the_picture_as_render_test_wants_it(game: str) -> None:
    """One picture a game, held to render_test's own check for ``rgb_array``."""
    try:
        import cairosvg  # noqa: F401
    except OSError:
        pytest.skip("the system's Cairo library is not installed (Debian: apt-get install "
                    "libcairo2; `make test` installs it when it can)")
    e = env(game, render_mode="rgb_array")
    e.reset(seed=0)
    picture = e.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    assert len(picture.shape) == 3 and picture.shape[2] == 3 and picture.min() < 255


@pytest.mark.parametrize("game", GAMES)
def test_an_episode_writes_a_log_that_validates(game: str, tmp_path: Path) -> None:
    """``log_dir``: the episode's log, its seed revealed, passes the audit with its dice
    re-derived; the seed is ``reset``'s, in hexadecimal."""
    e = GrimoireEnv(game, max_cycles=30, log_dir=tmp_path)
    e.reset(seed=42)
    rng = np.random.default_rng(0)
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated
               else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    e.close()
    assert len(e.logs) == 1
    report = audit(e.logs[0])
    assert report.ok and report.dice == "verified", report.summary()
    assert Match.load(e.logs[0]).header.seed == f"{42:064x}"


def test_max_cycles_truncates_every_agent() -> None:
    """After ``max_cycles`` steps every agent is truncated and the mask is empty."""
    e = GrimoireEnv("wizard-armies", max_cycles=3)
    e.reset(seed=1)
    for _ in range(3):
        e.step(int(np.flatnonzero(e.masked())[0]))
    assert all(e.truncations.values()) and not e.masked().any()


def test_the_acting_seat_keeps_the_turn_until_its_action_is_complete() -> None:
    """One step is one choice: Vicious Circle's first setup step names a square for the
    Saint, and the same seat answers the next question."""
    e = GrimoireEnv("vicious-circle")
    e.reset(seed=0)
    before = len(e.match.events) if e.match else -1
    e.step(int(np.flatnonzero(e.masked())[0]))
    assert e.agent_selection == "player_0" and e.match is not None
    assert len(e.match.events) == before


def test_a_seat_sees_the_same_on_disguised_twin_states() -> None:
    """A seat's observation and mask are the same on a state and on any state that
    differs only in what it cannot know (``disguise``), for each game, from states of
    seeded random play; the test checks that the twins differ somewhere, so it cannot
    pass by comparing a state with itself."""
    for game in GAMES:
        rules = registry.get(game)
        e = GrimoireEnv(game)
        m = Match.new(rules, seed="5a" * 32)
        rng = random.Random(5)
        differ = 0
        for k in range(24):
            if m.outcome is not None:
                break
            if k < 4 or k % 6 == 0:  # the first: secret setups, deployments
                for seat in range(len(e.names)):
                    twin = rules.disguise(m.state, seat, random.Random(k))
                    differ += twin != m.state
                    mine, theirs = (_seen(e, s, seat) for s in (m.state, twin))
                    assert np.array_equal(mine[0], theirs[0]), (game, k, seat)
                    assert np.array_equal(mine[1], theirs[1]), (game, k, seat)
            seat = min(m.to_act)
            m.act(rng.choice(list(m.legal(seat))))
        assert differ or made_without_secrets(rules), f"{game}: no twin differed from its state"


def _seen(e: GrimoireEnv, state: object, seat: int) -> tuple[np.ndarray, np.ndarray]:
    from grimoire.core.choices import choices
    from grimoire.envs import encode

    step = choices(e.rules, state, seat)
    mask = np.zeros(e.codec.size, dtype=np.int8)
    if step is not None:
        mask[e.codec.codes(step, seat)] = 1
    return encode(e.rules, state, seat, (), e.length), mask


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_a_game_with_no_observe_module_is_an_environment_too() -> None:
    """The registry's test-only dice race (``tally``: no places, no numbers, no steps of
    its own) gets the fallbacks: its actions as the step's words, its view's JSON."""
    e = GrimoireEnv("tally", max_cycles=CYCLES)
    assert (len(e.codec.places), e.length) == (0, 4096)
    api_test(env("tally", max_cycles=CYCLES), num_cycles=CYCLES)


def _after(rules: Any, state: object, action: object) -> object:
    """``state`` once ``action`` is played (its dice, if any, from a fixed stream)."""
    from grimoire.core.dice import SeededDice
    from grimoire.core.replay import fold

    return fold(rules, state, rules.decide(state, action, SeededDice(bytes(32))))


@pytest.mark.parametrize(("game", "hidden"), [
    ("vicious-circle", ""), ("vicious-circle", "commit"), ("wizard-armies", ""),
    ("wizard-armies", "commit"), ("swords-wizardry", ""), ("swords-wizardry", "commit")])
def test_a_seat_choosing_after_another_at_once_is_blind_to_its_choice(
        game: str, hidden: str) -> None:
    """Where several seats act at once (a secret setup, a deployment), the environment
    asks the lowest first: whatever it chose, the next seat's observation and mask are
    the same. In Swords & Wizardry's deployment the next seat sees where the other's
    pieces stand (a square that holds a piece, as its view shows the opponent's pieces),
    never what they are: there, the alternatives compared are those of one square."""
    rules = registry.get(game)
    options: dict[str, Any] = {"hidden": hidden} if hidden else {}
    e = GrimoireEnv(game, **options)
    m = Match.new(rules, options=options, seed="3e" * 32)
    rng = random.Random(3)
    compared = 0
    for _ in range(40):
        if m.outcome is not None:
            break
        first, *rest = sorted(m.to_act)
        legal = list(m.legal(first))
        if rest and len(legal) > 1:
            if game == "swords-wizardry":  # one square's kinds
                square = rng.choice(legal).square  # type: ignore[attr-defined]
                legal = [a for a in legal if a.square == square]  # type: ignore[attr-defined]
            for seat in rest:
                seen = {tuple(map(bytes, _seen(e, _after(rules, m.state, a), seat)))
                        for a in legal[:8]}
                assert len(seen) == 1, (game, hidden, len(m.events), seat)
                compared += len(legal[:8]) > 1
        m.act(rng.choice(list(m.legal(first))))
    assert compared
