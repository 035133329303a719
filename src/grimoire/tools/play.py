"""``grimoire play``: a person against the random bot, or people at one terminal.

The loop takes its input and output as functions so it can be driven by tests or
embedded in another text frontend.

>>> from grimoire import Match
>>> out = []
>>> m = Match.new("vicious-circle", seed="02" * 16)
>>> answers = iter(["r", "q"])
>>> play(m, humans={0}, ask=lambda _: next(answers), say=out.append)
'quit'
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.random import RandomBot
from grimoire.bots.spec import Bot, make_bot
from grimoire.core import registry
from grimoire.core.choices import Step
from grimoire.core.dice import dice_seed
from grimoire.core.errors import GrimoireError, IllegalAction, UsageError
from grimoire.core.events import Event
from grimoire.core.match import Match, seed_file
from grimoire.core.rules import describe
from grimoire.tools.new import seat_names

LIST = 40
"""Most options listed by number at once; a larger step is all squares of the board,
which are named in a few lines (type one)."""
HELP = ("answer with a number, a name or a square (e4); text narrows the list; '-' backs up "
        "one step; '? NAME' tells what a card or piece does; 'b' shows the board; 'r' plays "
        "a random action; '?' this help; 'q' saves and quits")


class Quit(Exception):
    """The person at the terminal stopped (``q``, Ctrl-C or Ctrl-D)."""


def _ask(ask: Callable[[str], str], prompt: str) -> str:
    try:
        return ask(prompt).strip()
    except (EOFError, KeyboardInterrupt) as exc:
        raise Quit from exc


def text_of(rules: Any, name: str, step: Step | None = None) -> str | None:
    """What ``name`` (a card, piece or named place, any case; or an option of ``step``)
    is, in the game's own short text, or ``None``.

    >>> from grimoire import registry
    >>> text_of(registry.get("tally"), "nothing") is None
    True
    """
    texts: Mapping[str, str] = getattr(rules, "texts", {})
    wanted = name.strip().casefold()
    if step is not None:
        for o in step.options:
            if o.text and wanted in (o.label.casefold(), o.card.casefold(), o.piece.casefold()):
                return f"{o.card or o.piece or o.label}: {o.text}"
    for key, text in texts.items():
        if key.casefold() == wanted:
            return f"{key}: {text}"
    found = [key for key in texts if wanted and wanted in key.casefold()]
    if len(found) == 1:
        return f"{found[0]}: {texts[found[0]]}"
    return None


def listing(step: Step, shown: Sequence[int], say: Callable[[str], None]) -> None:
    """The step's options: numbered when they are few (at most :data:`LIST`); the squares
    of a larger board step named in lines, the other options numbered."""
    options = step.options
    if len(shown) <= LIST:
        for i in shown:
            say(f"  {i + 1:>3}. {options[i].label}")
        return
    squares = [options[i].square for i in shown if options[i].square]
    for k in range(0, len(squares), 16):
        say("  squares: " + " ".join(squares[k:k + 16]))
    for i in shown:
        if not options[i].square:
            say(f"  {i + 1:>3}. {options[i].label}")


def _choose(
    match: Match, seat: int, ask: Callable[[str], str], say: Callable[[str], None],
    bot: Bot, board: Callable[[], None] = lambda: None,
) -> Event | None:
    """The action the person at ``seat`` takes, step by step (see
    :mod:`grimoire.core.choices`): each step's options (a square, a name or a number
    answers), ``-`` backing up one step. A step with one option below the first is
    answered for the person (that tells nobody anything the action will not); a first
    step only where the game says the others can tell the seat had no choice."""
    tree = match.choices(seat)
    if tree is None:
        return None
    if tree.forced:
        say(f"  {tree.options[0].label} (your only choice)")
        return cast(Event, tree.options[0].action)
    path: list[tuple[Step, str]] = []  # the steps answered, with the answer's label
    step = tree
    shown: list[int] = list(range(len(step.options)))

    def head() -> str:
        trail = " > ".join(label for _, label in path)
        return f"{trail} > {step.prompt}" if trail else step.prompt

    fresh = True
    while True:
        if fresh:
            say(head())
            listing(step, shown, say)
            fresh = False
        answer = _ask(ask, f"{match.header.players[seat]}> ")
        low = answer.casefold()
        if low == "q":
            return None
        if low == "r":
            return bot.choose(match, seat)
        if low == "?":
            say(HELP)
            continue
        if low.startswith("?"):
            told = text_of(match.rules, answer[1:], step)
            say(told or f"no card, piece or place called {answer[1:].strip()!r}")
            continue
        if low == "b":
            board()
            fresh = True
            continue
        if low in ("-", "back"):
            if path:
                step = path.pop()[0]
            else:
                say("(this is the first step)")
            shown, fresh = list(range(len(step.options))), True
            continue
        if low in ("", "l"):
            shown, fresh = list(range(len(step.options))), True
            continue
        try:
            chosen = step.option(answer)
        except GrimoireError:
            found = [i for i in range(len(step.options))
                     if low in step.options[i].label.casefold()]
            if len(found) == 1:
                chosen = step.options[found[0]]
            elif not found:
                say(f"nothing matches {answer!r}; '?' for help")
                continue
            else:
                shown, fresh = found, True
                continue
        while True:  # go down, answering steps with one option
            if chosen.then is None:
                return cast(Event, chosen.action)
            path.append((step, chosen.label))
            step = chosen.then
            if len(step.options) != 1:
                break
            chosen = step.options[0]
            say(f"  {step.prompt} {chosen.label} (the only choice)")
        shown, fresh = list(range(len(step.options))), True


def new_match(game: str, *, players: int | None = None,
              options: Mapping[str, Any] | None = None, seed: str | None = None,
              path: str | os.PathLike[str] | None = None,
              humans: Iterable[int] = ()) -> Match:
    """A match of ``game`` for ``players`` seats (default: the fewest the game allows),
    named by the game's default seat names when it has enough of them
    (:func:`~grimoire.tools.new.seat_names`: a count the game does not allow is refused,
    ``game/players``, naming the counts it does). A seat of ``humans`` the match will
    not have is refused (``player/unknown``), and so is a ``path`` that exists
    (``io/exists``: a new match never overwrites a log), before anything is written.

    >>> new_match("wiz-war").header.players, new_match("wiz-war", players=3).header.players
    (('Callista', 'Matt'), ('Player 1', 'Player 2', 'Player 3'))
    """
    rules = registry.get(game)
    names = seat_names(rules, players)
    wrong = sorted(seat for seat in humans if not 0 <= seat < len(names))
    if wrong:
        raise UsageError("player/unknown", f"no seat {wrong[0]} (seats are "
                         f"0..{len(names) - 1})")
    if path is not None and (os.path.lexists(path) or os.path.lexists(seed_file(path))):
        held = path if os.path.lexists(path) else seed_file(path)
        raise UsageError("io/exists", f"{held} exists: a new game never overwrites a log "
                         f"(continue it with --resume {path}, or choose another name)")
    return Match.new(rules, players=names, options=options,
                     seed=None if seed is None else dice_seed(seed), path=path)


def log_name(game: str, folder: str | os.PathLike[str] = ".") -> Path:
    """A name for a new game's log in ``folder`` that no file holds yet (nor its seed
    file): ``GAME-game.jsonl``, else ``GAME-game-2.jsonl``, ``GAME-game-3.jsonl``…

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> log_name("magery", folder).name
    'magery-game.jsonl'
    >>> _ = (Path(folder) / "magery-game.jsonl").write_text("")
    >>> log_name("magery", folder).name
    'magery-game-2.jsonl'
    """
    for k in itertools.count(1):
        path = Path(folder) / (f"{game}-game.jsonl" if k == 1 else f"{game}-game-{k}.jsonl")
        if not (os.path.lexists(path) or os.path.lexists(seed_file(path))):
            return path
    raise AssertionError("unreachable")  # pragma: no cover


def opening(match: Match, path: str | os.PathLike[str], humans: Iterable[int],
            bot: str | None, *, resumed: bool = False) -> str:
    """What a terminal says before the first move: who plays whom, and where the log is
    saved as the game is played (and how to continue it).

    >>> print(opening(new_match("magery"), "magery-game.jsonl", {0}, "random"))
    ... # doctest: +NORMALIZE_WHITESPACE
    magery: White (you) against Black (random bot).
    Saving the log to magery-game.jsonl as you play: 'q' saves and quits;
    `grimoire play magery --resume magery-game.jsonl` continues it.
    """
    seats = set(humans)
    people = [n for i, n in enumerate(match.header.players) if i in seats]
    others = [n for i, n in enumerate(match.header.players) if i not in seats]
    if not others:
        who = f"{', '.join(people)} at this terminal"
    else:
        who = (f"{', '.join(people)} (you) against {', '.join(others)} "
               f"({bot or 'random'} bot)")
    verb = "Continuing" if resumed else "Saving"
    return (f"{match.rules.name}: {who}.\n{verb} the log {'in' if resumed else 'to'} "
            f"{path} as you play: 'q' saves and quits; `grimoire play {match.rules.name} "
            f"--resume {path}` continues it.")


def bot_for(spec: str, seed: int | str = 0,
            thinking: Callable[[int, int], None] | None = None) -> Bot:
    """The bot ``spec`` names (``random``, ``mcts``, ``mcts:iterations=400``…); a search
    bot tells ``thinking(done, total)`` how far its search is."""
    bot = make_bot(spec, seed)
    if isinstance(bot, MCTSBot):
        bot.progress = thinking
    return bot


def play(
    match: Match,
    *,
    humans: set[int],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    bot: Bot | None = None,
    bot_seed: int | str = 0,
    dice: Callable[[int], list[int]] | None = None,
    show: Callable[[str], None] | None = None,
    compact: bool = True,
) -> str:
    """Run the match until it ends (``"over"``) or a person quits (``"quit"``).

    People see the board as their seat sees it, printed when it has changed (``compact``:
    without the key once it has been shown; ``b`` shows it whole) and choose step by step
    (:func:`_choose`); bots (``bot``, any :class:`~grimoire.bots.Bot`, or a random bot
    seeded with ``bot_seed``) play the other seats. Every event is described as it
    happens, so dice are shown as they fall.
    """
    seats = range(len(match.header.players))
    wrong = sorted(seat for seat in humans if seat not in seats)
    if wrong:
        raise UsageError("player/unknown", f"no seat {wrong[0]} (seats are 0..{len(seats) - 1})")
    chosen: Bot = bot or RandomBot(bot_seed)
    boards = Boards(show or say, compact=compact)
    rules = match.rules
    last_viewer: int | None = None
    while match.to_act:
        seat = min(match.to_act)
        if seat in humans:
            turned = len(humans) > 1 and last_viewer != seat
            if turned:
                say(f"--- {match.header.players[seat]}'s turn (others look away) ---")
            last_viewer = seat
            boards.show(seat, match.render(seat), again=turned)
            whole = functools.partial(_whole, boards, match, seat)
            try:
                action = _choose(match, seat, ask, say, chosen, whole)
            except Quit:
                action = None
            if action is None:
                return "quit"
        else:
            action = chosen.choose(match, seat)
        # one person sees their own seat's events; a table of several sees what a
        # spectator may (nobody's secrets), as everyone reads the same screen
        viewer = next(iter(humans)) if len(humans) == 1 else None
        before = match.state
        try:
            values = dice(seat) if dice is not None and match.header.dice == "recorded" else None
            events = match.act(action, values)
        except IllegalAction as exc:
            say(f"refused: {exc}")
            continue
        for event in events:
            shown = rules.redact(event, viewer) if humans else event
            known = rules.view(before, viewer) if humans else before
            say(f"  {describe(rules, shown, known)}")
            before = rules.evolve(before, event)
    boards.show(None, match.render(None), whole=True)
    return "over"


def _whole(boards: Boards, match: Match, seat: int) -> None:
    boards.show(seat, match.render(seat), whole=True)


class Boards:
    r"""The boards a terminal shows: one only when it differs from the last shown to the
    same reader (or ``again``); ``compact``: after the first, without the key lines the
    first showed (the lines they end with alike, and lines starting ``key``).

    >>> out = []
    >>> b = Boards(out.append)
    >>> b.show(0, "row 1\nkey: x\nkey: y"); b.show(0, "row 1\nkey: x\nkey: y")
    >>> b.show(0, "row 2\nkey: x\nkey: y"); out
    ['row 1\nkey: x\nkey: y', "row 2\n  (the key as above: 'b' shows the whole board)"]
    """

    def __init__(self, show: Callable[[str], None], *, compact: bool = True) -> None:
        self._show, self.compact = show, compact
        self._first: str | None = None
        self._last: dict[int | None, str] = {}

    def show(self, reader: int | None, text: str, *, again: bool = False,
             whole: bool = False) -> None:
        if not (again or whole) and self._last.get(reader) == text:
            return
        self._last[reader] = text
        if whole or not self.compact or self._first is None:
            self._first = self._first or text
            self._show(text)
            return
        self._show(compact_board(text, self._first))


def compact_board(text: str, first: str) -> str:
    r"""``text`` without the key ``first`` already showed: the lines both end with, and
    any line of ``first`` starting with ``key``.

    >>> compact_board("a\nb\nkey: k\nend", "z\nkey: k\nend")
    "a\nb\n  (the key as above: 'b' shows the whole board)"
    """
    lines, before = text.split("\n"), first.split("\n")
    same = 0
    while same < min(len(lines), len(before)) - 1 and lines[-1 - same] == before[-1 - same]:
        same += 1
    kept = lines[:len(lines) - same] if same >= 2 else lines
    known = {line for line in before if line.strip().casefold().startswith("key")}
    kept = [line for line in kept if line not in known]
    if len(kept) == len(lines):
        return text
    return "\n".join([*kept, "  (the key as above: 'b' shows the whole board)"])


def finish(match: Match, path: str | os.PathLike[str], *, reveal: bool = False) -> str:
    """Close a played match's live log at ``path``. A finished match (or one the players
    agree to reveal) gets its seed written into the log's header (the same records and
    chain) and its private seed file removed; otherwise the seed stays in the seed file
    for :meth:`Match.resume`. Returns what happened, for people."""
    match.close()
    if match.outcome is None and not reveal:
        return (f"log saved to {path}; continue it with `grimoire play "
                f"{match.rules.name} --resume {path}` (its seed stays secret in "
                f"{seed_file(path)})")
    if match.seed is not None:
        match.save(path, reveal=True)
        Path(seed_file(path)).unlink(missing_ok=True)
        return f"log saved to {path} (seed revealed)"
    return f"log saved to {path}"
