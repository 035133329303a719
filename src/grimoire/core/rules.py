"""The decider protocol every game implements, and :class:`Game`, the kit's implementation.

A game module exports ``RULES``; the core drives it through these members only. ``Rules``
is generic over the game's state, event and options types, so mypy checks every function
a game hands to the core against the others:

>>> from grimoire import registry
>>> rules = registry.get("vicious-circle")
>>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
>>> sorted(rules.to_act(state))
[0, 1]

Optional capabilities (today: odds) are protocols a game may also implement; tools find
them through the rules object (``isinstance(rules, SupportsOdds)``), never by game name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

import msgspec

from grimoire.core.choices import Answer, Pick
from grimoire.core.dice import Dice, RecordedDice, SeededDice
from grimoire.core.errors import IllegalAction, RulesError
from grimoire.core.events import Action, Chance
from grimoire.core.kit import check_evolver
from grimoire.core.svg import text_picture

PlayerId = int
"""A seat index: 0 for the first name in the header's ``players``, 1 for the next…"""

S = TypeVar("S")
E = TypeVar("E")
O = TypeVar("O")  # noqa: E741 (the options type)
S_in = TypeVar("S_in", contravariant=True)
E_in = TypeVar("E_in", contravariant=True)
O_in = TypeVar("O_in", contravariant=True)
S_out = TypeVar("S_out", covariant=True)

CORE_REASONS: Mapping[str, str] = MappingProxyType({
    "action/not-an-action": "the event given is not a player action",
    "game/over": "the game has ended",
    "turn/not-to-act": "the seat may not act now",
})
"""Reason codes the core itself refuses an action with, before the game looks at it."""


class Outcome(msgspec.Struct, frozen=True, omit_defaults=True):
    """How a game ended: the winning seats (empty for a draw), a reason code, and the
    winners' names when the state knows them.

    >>> Outcome(winners=(0,), reason="throne")
    Outcome(winners=(0,), reason='throne', names=())
    """

    winners: tuple[PlayerId, ...]
    reason: str
    names: tuple[str, ...] = ()


@runtime_checkable
class Rules(Protocol[S, E, O]):
    """The decider. ``evolve`` is pure; ``decide`` validates an action and returns it
    followed by every chance and consequence event it causes.

    ``S`` is the game's state, ``E`` its event union, ``O`` its options. ``Event`` is the
    union itself (a typing form, used to build the log decoder); ``reasons`` maps every
    reason code the game refuses with to a one-line meaning; ``title`` is one line naming
    the game for people."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def default_players(self) -> tuple[str, ...]: ...
    @property
    def Options(self) -> type[O]: ...
    @property
    def State(self) -> type[S]: ...
    @property
    def Event(self) -> Any: ...
    @property
    def reasons(self) -> Mapping[str, str]: ...

    def setup(self, options: O, players: Sequence[str]) -> S: ...
    def to_act(self, state: S) -> frozenset[PlayerId]: ...
    def legal(self, state: S, player: PlayerId) -> Sequence[E]: ...
    def decide(self, state: S, action: E, dice: Dice) -> tuple[E, ...]: ...
    def evolve(self, state: S, event: E) -> S: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def view(self, state: S, player: PlayerId | None) -> S: ...
    def redact(self, event: E, player: PlayerId | None) -> E: ...
    def render(self, state: S, player: PlayerId | None = None) -> str: ...
    def describe(self, event: E) -> str: ...
    def notation(self, state: S) -> str: ...
    def parse(self, text: str, options: O, players: Sequence[str]) -> S: ...
    def disguise(self, state: S, player: PlayerId, rng: random.Random) -> S: ...


AnyRules = Rules[Any, Any, Any]
"""Rules of a game the caller does not know (what the registry hands out)."""


def require_turn(rules: AnyRules, state: Any, action: Any) -> PlayerId:
    """Refuse what no game accepts: a non-action, anything after the end, a seat that is
    not to act. Returns the acting seat. :meth:`Game.decide` makes this check before the
    game's own ``decide`` sees the action (a class written on :class:`BaseRules` calls it
    first itself).

    >>> from grimoire import registry
    >>> from grimoire.games.vicious_circle.events import Pass
    >>> rules = registry.get("vicious-circle")
    >>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
    >>> require_turn(rules, state, Pass(player=1))
    1
    """
    if not isinstance(action, Action):
        raise IllegalAction("action/not-an-action", f"{action!r} is not a player action")
    if rules.outcome(state) is not None:
        raise IllegalAction("game/over", "the game has ended")
    to_act = rules.to_act(state)
    if action.player not in to_act:
        raise IllegalAction(
            "turn/not-to-act", f"seat {action.player} may not act now (to act: {sorted(to_act)})"
        )
    return action.player


def decide_checked(rules: AnyRules, state: Any, action: Any, dice: Dice) -> tuple[Any, ...]:
    """``rules.decide``, holding the game to its dice promises (what :meth:`Match.act
    <grimoire.core.match.Match.act>` and the audit decide with): every die drawn is recorded
    in a chance event of the decision, and no die is drawn for an action then refused.
    Either broken promise is a :class:`~grimoire.core.errors.RulesError` naming the game,
    the action and the fix (``dice/unrecorded``, ``dice/drawn-for-refused``).

    >>> from grimoire import registry
    >>> from grimoire.core.dice import SeededDice
    >>> rules = registry.get("vicious-circle")
    >>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
    >>> action = rules.legal(state, 0)[0]
    >>> decide_checked(rules, state, action, SeededDice(b"s")) == rules.decide(
    ...     state, action, SeededDice(b"s"))
    True
    """
    start = dice.counter
    try:
        events = rules.decide(state, action, dice)
    except IllegalAction as exc:
        # the dice's own refusals (dice/needed, dice/no-seed...) come from a draw
        if dice.counter != start and not exc.reason.startswith("dice/"):
            raise RulesError(
                "dice/drawn-for-refused",
                f"{rules.name}: decide drew {dice.counter - start} dice for "
                f"{type(action).__name__} and then refused it ({exc.reason}); make every "
                "check that can refuse the action before the first draw") from exc
        raise
    if isinstance(dice, SeededDice | RecordedDice):
        drawn = dice.counter - start  # counted as a chance event's ``draws`` counts them
        recorded = sum(e.draws for e in events if isinstance(e, Chance))
        if drawn != recorded:
            raise RulesError(
                "dice/unrecorded",
                f"{rules.name}: decide drew {drawn} dice for {type(action).__name__} but its "
                f"events record {recorded}; record every draw in a chance event (make it "
                "with Roll.of(dice, ...) or Shuffle.of(dice, ...))")
    return events


def finished(state: Any) -> Outcome | None:
    """The default outcome: a state whose ``result`` is set (by
    :func:`grimoire.core.kit.ended`) is over, won by its ``winners`` (named from the
    state's ``names`` when it has them)."""
    result: str = state.result
    if not result:
        return None
    names: tuple[str, ...] = getattr(state, "names", ())
    winners: tuple[int, ...] = state.winners
    return Outcome(winners, result,
                   tuple(names[w] for w in winners if 0 <= w < len(names)) if names else ())


def draw(rules: AnyRules, state: Any, player: PlayerId | None = None, last: Any = None,
         bottom: PlayerId | None = None) -> str:
    """``state`` as an SVG picture (as ``player`` sees it, ``last`` marked, seat ``bottom``
    at the bottom): the game's own drawing (:meth:`Game.svg`), or a picture of its text
    board for a game written as a class.

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> draw(rules, rules.setup(rules.Options(), ("Ann", "Ben")))[:4]
    '<svg'
    """
    if isinstance(rules, Game):
        return rules.svg(state, player, last, bottom)
    return text_picture(rules.render(state, player), title=rules.name)


def describe(rules: AnyRules, event: Any, state: Any = None) -> str:
    """``event`` in one sentence for people. A kit game (:class:`Game`) also gets the state
    the event happens in (names, squares, cards); a game written as a class gets the event
    only.

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> from grimoire.games.vicious_circle.events import Pass
    >>> describe(rules, Pass(player=1), rules.setup(rules.Options(), ("Ann", "Ben")))
    'Ben passes, as no move or reinforcement is possible'
    """
    if isinstance(rules, Game):
        return rules.describe(event, state)
    return rules.describe(event)


def options_for(rules: AnyRules, version: str, options: Mapping[str, Any]) -> Any:
    """The game's ``Options`` for a log written under ruleset ``version``.

    When a rule changes, the game bumps its ``version`` and keeps the old behaviour as an
    option; ``rules.older`` maps each earlier version it still replays to the option
    values that reproduce it. A log of an older version is read with those values (any
    option its header sets explicitly wins), so it replays and audits exactly as it was
    played. Raises ``KeyError`` for a version the game does not know, and
    ``msgspec.ValidationError`` for options that do not fit.

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> options_for(rules, rules.version, {"edition": "illustrated"}).edition
    'illustrated'
    """
    if version != rules.version:
        older: Mapping[str, Mapping[str, Any]] = getattr(rules, "older", {})
        options = {**older[version], **options}
    return msgspec.convert(dict(options), rules.Options)


def _same(state: Any, player: PlayerId | None) -> Any:
    return state


def _shown(event: Any, player: PlayerId | None) -> Any:
    return event


def _disguised(state: Any, player: PlayerId, rng: random.Random) -> Any:
    return state


def describe_fields(event: Any) -> str:
    """A generic one-line description: the tag and the fields (``move player=0 to='c3'``)."""
    fields = msgspec.structs.asdict(event)
    tag = type(event).__struct_config__.tag
    return f"{tag} " + " ".join(f"{k}={v!r}" for k, v in fields.items())


class Decider(Protocol[S, E, O_in]):
    """A game's ``rules`` module as :meth:`Game.assemble` reads it (a module satisfies a
    protocol: mypy checks its functions against the game's types)."""

    def setup(self, options: O_in, players: Sequence[str], /) -> S: ...
    def to_act(self, state: S, /) -> frozenset[PlayerId]: ...
    def legal(self, state: S, player: PlayerId, /) -> Sequence[E]: ...
    def decide(self, state: S, action: E, dice: Dice, /) -> tuple[E, ...]: ...


class Secrets(Protocol[S, E]):
    """What each seat may know: a game with hidden information has these in ``rules``.

    ``view(state, player)`` is a state of the game's own type with what ``player`` may
    not know blanked (``None``: a spectator); ``redact(event, player)`` the event as
    ``player`` sees it. ``disguise(state, player, rng)`` is a state that differs from
    ``state`` only in what ``player`` cannot know, dealt anew from what it may know: it
    works from the seat's view (``disguise(view(s, p), p, rng)`` equals ``disguise(s, p,
    rng)`` for the same draws, so a view keeps every public fact the deal needs), which
    is all a search bot is given; and the seat's legal actions in it are those of the
    true state (``tests/contract/test_disguise.py``).
    """

    def view(self, state: S, player: PlayerId | None, /) -> S: ...
    def redact(self, event: E, player: PlayerId | None, /) -> E: ...
    def disguise(self, state: S, player: PlayerId, rng: random.Random, /) -> S: ...


class Notation(Protocol[S, O_in]):
    """A game's ``notation`` module: positions written and read back."""

    def notation(self, state: S, /) -> str: ...
    def parse(self, text: str, options: O_in, players: Sequence[str], /) -> S: ...


class Text(Protocol[S_in, E_in]):
    """A game's ``render`` module: the text board and one-sentence event descriptions
    (``state``: the state the event happens in, or ``None``)."""

    def board(self, state: S_in, player: PlayerId | None, /) -> str: ...
    def describe(self, event: E_in, state: S_in | None, /) -> str: ...


class Drawing(Protocol[S_in, E_in]):
    """A game's ``svg`` module: the board as an SVG picture, as ``player`` may see it
    (``None``: everything), with ``last`` (the event just played) marked, turned so that
    seat ``bottom``'s pieces are at the bottom (``None``: the board's usual way up).
    Every square carries ``data-square="NAME"`` (the name :class:`~grimoire.core.choices.
    Pick` uses), every piece ``data-square`` of the square it stands on and
    ``data-piece``, every card shown ``data-card="NAME"``; pieces, cards and named places
    have a ``<title>`` with their text."""

    def board(self, state: S_in, player: PlayerId | None, last: E_in | None,
              bottom: PlayerId | None = None, /) -> str: ...


class Choosing(Protocol[S_in, E_in]):
    """A game's ``choices`` module: ``steps(view, seat, action)`` splits one of the seat's
    legal actions into the :class:`~grimoire.core.choices.Pick` s a player makes to reach
    it, told from ``view`` (the seat's view) only; ``forced(view, seat)`` says whether the
    seat's one legal action may be taken for it at once, telling the others nothing they
    cannot tell already (see :mod:`grimoire.core.choices`)."""

    def steps(self, view: S_in, player: PlayerId, action: E_in, /) -> Sequence[Pick]: ...
    def forced(self, view: S_in, player: PlayerId, /) -> bool: ...


class Positions(Protocol[S_out]):
    """A game's ``positions`` module: ``position(**facts)``, a position built from a few
    facts (pieces by square, a hand of cards by name, the seat to move…) for tests of
    the rules; each game's module documents its facts. ``grimoire.testing.position(game,
    **facts)`` reaches it through the registry."""

    @property
    def position(self) -> Callable[..., S_out]: ...


class Playing(Protocol[S_in, E]):
    """A game's ``bots`` module: how a search bot imagines the rest of a game. ``rollout``
    picks one of ``actions`` (all legal for ``player``) cheaply, e.g. letting attacks
    through rather than answering every window at random; ``evaluate`` gives each seat's
    share of the win in a position a rollout stopped at before the end (``None``: no
    opinion, the share is even)."""

    def rollout(self, state: S_in, player: PlayerId, actions: Sequence[E],
                rng: random.Random, /) -> E: ...
    def evaluate(self, state: S_in, /) -> Sequence[float] | None: ...


class Observing(Protocol):
    """A game's ``observe`` module: what the learning environments (:mod:`grimoire.envs`)
    read beyond the rules. ``places(count)`` lists, in a fixed order, every place an option
    of the choice tree may name (``Option.square``) in a match of ``count`` seats: the
    board's squares, then the places the picture marks beside it (reserves, chambers,
    camps, dice), so an action codec numbers each place once for every position. It may
    also have ``observation(view, seat)``: the seat's view as a fixed number of small
    numbers (0 to 255), documented field by field, for learning agents (without it the
    environments encode the view's JSON); ``words(count)``: the game's vocabulary, every
    word an option that names no place and no card may say ("Pass", "3 units"), in a
    fixed order, so the codec gives each word one number; and ``word(option)``: the word
    an option says, where it is not its label (``"Hero"`` for ``"Hero (1 left)"``)."""

    def places(self, count: int, /) -> Sequence[str]: ...


class Game(Generic[S, E, O]):
    """A game assembled from its functions: the kit's implementation of :class:`Rules`.

    A game package builds its ``RULES`` with :meth:`assemble` from its folder's modules
    (or as one ``Game(...)`` of its functions). The game's ``to_act``, ``legal`` and
    ``decide`` see only live positions and seats that are to act: ``Game`` answers
    ``to_act`` with nobody once the game is over, ``legal`` with nothing for a seat not
    to act, and makes :func:`require_turn`'s check before ``decide``. ``outcome``
    defaults to :func:`finished`; a game with no hidden information leaves out ``view``,
    ``redact`` and ``disguise``.

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> isinstance(rules, Game), rules.name, rules.title[:29]
    (True, 'vicious-circle', 'Wizards of the Vicious Circle')
    """

    def __init__(
        self,
        *,
        name: str,
        version: str,
        seats: tuple[int, ...],
        default_players: tuple[str, ...],
        Options: type[O],
        State: type[S],
        Event: Any,
        reasons: Mapping[str, str],
        setup: Callable[[O, Sequence[str]], S],
        to_act: Callable[[S], frozenset[PlayerId]],
        legal: Callable[[S, PlayerId], Sequence[E]],
        decide: Callable[[S, E, Dice], tuple[E, ...]],
        evolve: Callable[[S, E], S],
        render: Callable[[S, PlayerId | None], str],
        describe: Callable[[E, S | None], str],
        notation: Callable[[S], str],
        parse: Callable[[str, O, Sequence[str]], S],
        outcome: Callable[[S], Outcome | None] = finished,
        view: Callable[[S, PlayerId | None], S] = _same,
        redact: Callable[[E, PlayerId | None], E] = _shown,
        disguise: Callable[[S, PlayerId, random.Random], S] = _disguised,
        title: str = "",
        older: Mapping[str, Mapping[str, Any]] | None = None,
        svg: Callable[..., str] | None = None,
        seat_of: Mapping[str, PlayerId] | None = None,
        squares: Callable[[S], Sequence[str]] | None = None,
        square_fields: Collection[str] = (),
        upcasters: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
        rollout: Callable[[S, PlayerId, Sequence[E], random.Random], E] | None = None,
        evaluate: Callable[[S], Sequence[float] | None] | None = None,
        steps: Callable[[S, PlayerId, E], Sequence[Pick]] | None = None,
        forced: Callable[[S, PlayerId], bool] | None = None,
        texts: Mapping[str, str] | None = None,
        position: Callable[..., S] | None = None,
        places: Callable[[int], Sequence[str]] | None = None,
        observation: Callable[[S, PlayerId], Sequence[int]] | None = None,
        words: Callable[[int], Sequence[str]] | None = None,
        word: Callable[[Answer], str] | None = None,
    ) -> None:
        self.name = name
        self.title = title
        self.version = version
        self.seats = seats
        self.default_players = default_players
        self.Options = Options
        self.State = State
        self.Event = Event
        self.reasons: Mapping[str, str] = MappingProxyType(dict(reasons))
        self.older: Mapping[str, Mapping[str, Any]] = MappingProxyType(
            {v: MappingProxyType(dict(o)) for v, o in (older or {}).items()})
        self.setup = setup
        self._to_act = to_act
        self._legal = legal
        self._decide = decide
        check_evolver(name, evolve, Event)  # a kit.evolver lacking an event: refused now
        self.evolve = evolve  # the hot path: called directly, never wrapped
        self.outcome = outcome
        self.view = view
        self.redact = redact
        self.disguise = disguise
        self._render = render
        self._describe = describe
        self._svg = svg
        self.seat_of: Mapping[str, PlayerId] = MappingProxyType(dict(seat_of or {}))
        self._squares = squares
        self.square_fields: frozenset[str] = frozenset(square_fields)
        """The state's fields that hold a square's index into :meth:`squares` (indices
        written ``[*]``: ``pos[*]``), for tools that report squares by name (``diff``)."""
        self.upcasters: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] = \
            MappingProxyType(dict(upcasters or {}))
        self.notation = notation
        self.parse = parse
        self.rollout = rollout
        """The game's rollout policy for search bots (``None``: uniformly random)."""
        self.evaluate = evaluate
        """Each seat's share of the win in an unfinished position (``None``: even)."""
        if steps is not None:
            self.steps = steps
            """How a player chooses each legal action step by step (``choices.steps``)."""
        if forced is not None:
            self.forced = forced
        self.texts: Mapping[str, str] = MappingProxyType(dict(texts or {}))
        """A short text in our words for every card and named rule object of the game
        (pieces, places, terrain), by its name as the game shows it."""
        if position is not None:
            self.position = position
            """A position from a few facts, for tests of the rules (the game's
            ``positions.position``; ``grimoire.testing.position(game, **facts)``)."""
        self._places = places
        self.observation = observation
        """A seat's view as a fixed number of small numbers, for learning agents (the
        game's ``observe.observation``; ``None``: the environments encode the view's
        JSON)."""
        self._words = words
        self.word = word
        """The word an option says (the game's ``observe.word``; ``None``: its label)."""

    @classmethod
    def assemble(
        cls,
        *,
        name: str,
        version: str,
        seats: tuple[int, ...],
        default_players: tuple[str, ...],
        title: str,
        Options: type[O],
        State: type[S],
        Event: Any,
        reasons: Mapping[str, str],
        rules: Decider[S, E, O],
        evolve: Callable[[S, E], S],
        notation: Notation[S, O],
        render: Text[S, E],
        secrets: Secrets[S, E] | None = None,
        older: Mapping[str, Mapping[str, Any]] | None = None,
        svg: Drawing[S, E] | None = None,
        upcasters: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
        bots: Playing[S, E] | None = None,
        choices: Choosing[S, E] | None = None,
        texts: Mapping[str, str] | None = None,
        positions: Positions[S] | None = None,
        observe: Observing | None = None,
    ) -> Self:
        """The game from its folder's parts, each read by its role: ``rules`` (setup,
        to_act, legal, decide; and ``secrets``, usually the same module, for view, redact
        and disguise), ``evolve``, ``notation`` (notation, parse), ``render`` (board,
        describe; optionally ``SEAT_OF``, which seat each character of the text board's
        grid belongs to, for colours, ``squares(state)``, the squares' names by index, and
        ``SQUARE_FIELDS``, the state's fields holding a square's index), ``svg`` (board,
        the picture) and ``bots`` (rollout and evaluate, for search bots:
        :class:`Playing`; leave it out for uniformly random rollouts and no evaluation,
        :func:`~grimoire.core.kit.uniform_rollout` and :func:`~grimoire.core.kit.no_opinion`),
        ``choices`` (steps and forced: how a player chooses,
        :class:`Choosing`), ``texts`` (each card's and named object's short text) and
        ``positions`` (``position(**facts)``: a position from a few facts, for tests of
        the rules: :class:`Positions`) and ``observe`` (``places(count)``, every place a
        choice may name, in a fixed order, for the learning environments:
        :class:`Observing`). mypy checks every part against
        ``State``, ``Event`` and ``Options``.
        ``older`` lists the earlier ruleset versions the game still replays (see
        :func:`options_for`); ``upcasters`` maps such a version whose events had another
        shape to a pure function turning one of its events (a JSON object) into today's.

        >>> from grimoire.games.vicious_circle import events, evolve, notation, render
        >>> from grimoire.games.vicious_circle import rules, state
        >>> game = Game.assemble(
        ...     name="vc-copy", version="1", seats=(2,), default_players=("A", "B"),
        ...     title="A copy", Options=state.Options, State=state.State,
        ...     Event=events.Event, reasons={}, rules=rules, evolve=evolve.evolve,
        ...     notation=notation, render=render, secrets=rules)
        >>> sorted(game.to_act(game.setup(state.Options(), ("A", "B"))))
        [0, 1]
        """
        hidden: dict[str, Any] = {} if secrets is None else {
            "view": secrets.view, "redact": secrets.redact, "disguise": secrets.disguise}
        return cls(
            name=name, version=version, seats=seats, default_players=default_players,
            title=title, Options=Options, State=State, Event=Event, reasons=reasons,
            setup=rules.setup, to_act=rules.to_act, legal=rules.legal, decide=rules.decide,
            evolve=evolve, notation=notation.notation, parse=notation.parse,
            render=render.board, describe=render.describe, older=older,
            svg=None if svg is None else svg.board,
            seat_of=getattr(render, "SEAT_OF", None), squares=getattr(render, "squares", None),
            square_fields=getattr(render, "SQUARE_FIELDS", ()),
            upcasters=upcasters, **hidden,
            rollout=None if bots is None else bots.rollout,
            evaluate=None if bots is None else bots.evaluate,
            steps=None if choices is None else choices.steps,
            forced=None if choices is None else choices.forced,
            texts=texts,
            position=None if positions is None else positions.position,
            places=None if observe is None else observe.places,
            observation=getattr(observe, "observation", None),
            words=getattr(observe, "words", None), word=getattr(observe, "word", None),
        )

    def __repr__(self) -> str:
        return f"<Game {self.name} rules {self.version}>"

    def to_act(self, state: S) -> frozenset[PlayerId]:
        """Seats that may act now (nobody once the game is over)."""
        if self.outcome(state) is not None:
            return frozenset()
        return self._to_act(state)

    def legal(self, state: S, player: PlayerId) -> Sequence[E]:
        """Every legal action of ``player`` now, in a stable order (none for a seat that
        is not to act)."""
        if player not in self.to_act(state):
            return ()
        return self._legal(state, player)

    def decide(self, state: S, action: E, dice: Dice) -> tuple[E, ...]:
        """``action`` followed by every chance and consequence event it causes, or
        :class:`~grimoire.core.errors.IllegalAction` with a reason code."""
        # require_turn's checks, inlined: this is every audit's and search's hot path
        if not isinstance(action, Action) or self.outcome(state) is not None \
                or action.player not in self._to_act(state):
            require_turn(self, state, action)  # raises the refusal with its reason
        return self._decide(state, action, dice)

    def render(self, state: S, player: PlayerId | None = None) -> str:
        """A text board (of a state as ``player`` sees it)."""
        return self._render(state, player)

    def describe(self, event: E, state: S | None = None) -> str:
        """``event`` in one sentence, with names and squares from ``state`` (the state it
        happens in) when given."""
        return self._describe(event, state)

    def squares(self, state: S) -> Sequence[str]:
        """The names of ``state``'s squares, by index (as the boards show them), for tools
        that report squares (``diff``); ``()`` for a game with no squares."""
        return () if self._squares is None else self._squares(state)

    def places(self, count: int) -> tuple[str, ...]:
        """Every place an option of the choice tree may name in a match of ``count`` seats,
        in a fixed order (the game's ``observe.places``; ``()`` for a game without one).

        >>> from grimoire import registry
        >>> registry.get("vicious-circle").places(2)[-1]
        'twilight-reserve-dragon'
        """
        return () if self._places is None else tuple(self._places(count))

    def words(self, count: int) -> tuple[str, ...]:
        """The game's vocabulary in a match of ``count`` seats: every word an option that
        names no place and no card may say, in a fixed order (the game's ``observe.words``;
        ``()`` for a game without one).

        >>> from grimoire import registry
        >>> registry.get("wizard-armies").words(2)[:2]
        ('Roll for troops', 'Open')
        """
        return () if self._words is None else tuple(self._words(count))

    def svg(self, state: S, player: PlayerId | None = None, last: E | None = None,
            bottom: PlayerId | None = None) -> str:
        """The board as an SVG picture (of a state as ``player`` sees it), ``last`` marked,
        turned so that seat ``bottom`` sits at the bottom (``None``: the usual way up); a
        picture of the text board for a game without a drawing of its own."""
        if self._svg is not None:
            if bottom is None:
                return self._svg(state, player, last)
            return self._svg(state, player, last, bottom)
        return text_picture(self._render(state, player), title=self.title)


class BaseRules(Generic[S, E, O]):
    """Defaults for a game written as a class instead of a :class:`Game`: perfect
    information (views and redaction are the identity), a generic one-line description,
    no disguise, no reason codes listed. Subclasses set the class attributes, implement
    the game, and start ``decide`` with ``self.require_turn(state, action)``.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    seats: ClassVar[tuple[int, ...]] = (2,)
    title: ClassVar[str] = ""
    default_players: ClassVar[tuple[str, ...]] = ("North", "South")
    reasons: ClassVar[Mapping[str, str]] = MappingProxyType({})
    older: ClassVar[Mapping[str, Mapping[str, Any]]] = MappingProxyType({})
    upcasters: ClassVar[Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]]] = \
        MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("title"):
            cls.title = (cls.__doc__ or cls.__name__).strip().splitlines()[0]

    def view(self, state: S, player: PlayerId | None) -> S:
        return state

    def redact(self, event: E, player: PlayerId | None) -> E:
        return event

    def describe(self, event: E) -> str:
        return describe_fields(event)

    def disguise(self, state: S, player: PlayerId, rng: random.Random) -> S:
        return state

    def require_turn(self, state: S, action: E) -> PlayerId:
        """:func:`require_turn` for this game: the first line of ``decide``."""
        return require_turn(self, state, action)  # type: ignore[arg-type]


# ---------------------------------------------------------------- optional capabilities


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    """Chances that each seat wins what is being fought for now (``win[seat]``), and of a
    tie. ``method`` is ``"exact"``, ``"simulation"`` (``error``: the 95% half-width on
    each chance, over ``samples`` seeded samples) or ``"none"`` (nothing left to bet on);
    ``assumption`` says what was assumed about choices not yet made. ``phase`` and
    ``round`` say where in the game the odds are for.

    >>> Odds(method="exact", win=(0.25, 0.5), tie=0.25).tie
    0.25
    """

    method: str
    win: tuple[float, ...]
    tie: float
    error: float = 0.0
    samples: int = 0
    assumption: str = ""
    phase: str = ""
    round: int = 0


@runtime_checkable
class SupportsOdds(Protocol):
    """A game that can price its position: ``odds(state)`` as a spectator sees it, with
    ``samples`` seeded samples (and ``seed``) where chance is still to come."""

    def odds(self, state: Any, *, samples: int, seed: bytes) -> Odds: ...
