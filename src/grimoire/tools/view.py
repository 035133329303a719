"""``grimoire view``: one self-contained HTML file to watch a whole match.

The file holds the board after every event as an SVG picture, every event described in
one sentence, the outcome and the header's facts (the options that differ from the
game's defaults, in words), and a little script to step through them (a slider, the
arrow keys, play and pause, the event list). It needs nothing else: no network, no fonts
or scripts from elsewhere; it opens from ``file://``.

A finished match's result stays hidden until the replay reaches the last event, or the
reader asks for it (one click on "show the result"); until then the event list shows the
events up to the one on the board only, since the last ones tell the ending. Once shown,
the result and the whole list stay shown while the reader steps back: they know it by
then, and hiding it again would only hide what they have read. Every control works from
the keyboard (Tab reaches the buttons, the slider and the event list, one stop, whose
events the up and down arrows move between and Enter or Space shows), and the board
scales down to a phone's width, the controls above it.

A live match's page (the match server's, made with ``live``, the URL path of the
match's frames) opens at the latest event and follows the match: every 1.5 s it asks
``GET <frames>?since=N`` (passing on the ``token`` of its own address) for the events
after the ``N`` it has, answered as ``{"version", "outcome", "events", "frames",
"keyframe"}`` (the event lines from seq ``N`` on and the frames after them, in the
encoding below, and optionally ``"texts"``); a reader at the end moves to the new end,
one looking back stays where they are. It stops once the match is over or the server
refuses it (a 4xx answer), and says so.

A page may hold some of the pictures only (``more``, the URL path of the match server's
frames: its page of a long match holds the key-frame span it opens at, and frame 0): it
asks ``GET <more>?since=N&until=M`` for the others, one span of :data:`KEYFRAME` events
at a time, when the reader steps to them (the board says it is fetching meanwhile), and
for the next span once a span is shown. A file of ``grimoire view`` holds them all.

Written for a seat (``player``), it holds only what that seat may know: every picture is
drawn from ``view(state, seat)``, every event is described from ``redact(event, seat)``
in the viewed state, and the header's seed appears only once revealed. Written for
``"spectator"``, it holds what the public may know; with no player, everything (the
auditor's file).

Pictures of consecutive positions differ in a few lines, so each is stored as the lines
that changed since the one before (with a whole picture every :data:`KEYFRAME` events),
and the data is gzip-compressed and unpacked by the browser (``DecompressionStream``).

>>> # view("match.jsonl", "match.html", player="Ann")
"""

from __future__ import annotations

import base64
import difflib
import gzip
import html
import json
import os
import zlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Header
from grimoire.core.logfile import LogReader
from grimoire.core.options import changed, options_of
from grimoire.core.replay import Replay
from grimoire.core.rules import AnyRules, Outcome
from grimoire.tools.render import Perspective, named_texts

KEYFRAME = 200
"""Every this many events the file holds a whole picture (seeking stays quick)."""


class ViewReport(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`view` wrote: the file, for whom, how many events and bytes."""

    path: str
    out: str
    perspective: str
    events: int
    bytes: int

    def summary(self) -> str:
        """One line for people."""
        return (f"{self.out}: {self.events} events of {os.path.basename(self.path)} as "
                f"{self.perspective} sees them ({self.bytes:,} bytes)")


def _patch(before: list[str], after: list[str]) -> list[Any]:
    """``after`` as edits of ``before``: ``[start, stop, [new lines]]`` in order. The
    lines both start and end with are set aside first (a move changes a few lines of a
    picture), so the diff reads only the lines between.

    >>> _patch(["a", "b", "c"], ["a", "x", "c"])
    [[1, 2, ['x']]]
    """
    head = 0
    most = min(len(before), len(after))
    while head < most and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < most - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    ops: list[Any] = []
    matcher = difflib.SequenceMatcher(None, before[head:len(before) - tail],
                                      after[head:len(after) - tail], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            ops.append([head + i1, head + i2, after[head + j1:head + j2]])
    return ops


class _Span:
    """The frames of one key-frame span (frames ``KEYFRAME * c`` to ``KEYFRAME * c +
    KEYFRAME - 1``) as far as they are drawn: the last picture's lines and its state, to
    draw on from, and the texts of what the frames name, in the order they first appear
    (found in each line once: the lines seen)."""

    __slots__ = ("frames", "names", "picture", "seen", "state")

    def __init__(self, picture: list[str], state: Any, names: dict[str, str]) -> None:
        self.frames: list[Any] = [picture]
        self.picture, self.state, self.names = picture, state, names
        self.seen = set(picture)


class Reel:
    """The viewer's event lines and pictures for one reader, built one event at a time:
    :meth:`add` tells one sentence, whatever the length of what came before, so a server
    extends a reader's viewer by the new events only. Frame ``k`` is the picture after
    ``k`` events: a whole picture (its lines) when ``k`` is a multiple of
    :data:`KEYFRAME`, else a patch of frame ``k - 1`` (``[start, stop, [new lines]]``).
    Pictures are drawn when they are first asked for (:meth:`between`, :attr:`frames`),
    one key-frame span at a time from the state at its key frame, and kept: a page that
    opens at one event (:meth:`opening`) draws the pictures of its span only, and the
    others are drawn when a reader steps to them. :meth:`page` packs a page, compressing
    only the lines added since it was last called.

    >>> from grimoire import Match
    >>> m = Match.new("vicious-circle", seed=bytes(32))
    >>> eye = Perspective(m.rules, None, True)
    >>> reel = Reel(eye, m.state)
    >>> events = m.act(m.legal(0)[0])
    >>> state = m.rules.setup(m.rules.Options(), m.header.players)
    >>> for event in events:
    ...     state = m.rules.evolve(state, event)
    ...     reel.add(event, state)
    >>> len(reel), len(reel.frames), reel.lines[0].startswith("Dawn sets up")
    (1, 2, True)
    """

    def __init__(self, reader: Perspective, start: Any) -> None:
        self.reader = reader
        self.state = start
        """The state after the last event added."""
        self.lines: list[str] = []
        self.events: list[Any] = []
        """The events added, as they are in the log (each reader's redaction is drawn)."""
        self._keys: list[Any] = [start]  # the state at each key frame
        self._spans: list[_Span | None] = []
        self._named_lines: dict[str, str] = {}
        self._named_first: dict[str, str] = {}  # in frame 0
        self._packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip, as page() writes
        self._packed: list[bytes] = [self._packer.compress(b'{"events":[')]

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, event: Any, state: Any) -> None:
        """One more event, and ``state``, the state after it."""
        line = self.reader.tell(event, self.state)
        self.lines.append(line)
        self.events.append(event)
        if len(self.lines) % KEYFRAME == 0:
            self._keys.append(state)
        self.state = state
        for name, text in named_texts(self.reader.rules, line).items():
            self._named_lines.setdefault(name, text)

    @property
    def frames(self) -> list[Any]:
        """Every frame, from the first (before any event) to the last (drawn if not yet)."""
        return self.between(0, len(self))

    def between(self, first: int, last: int) -> list[Any]:
        """Frames ``first`` to ``last`` (both included, as far as there are events),
        drawing those not drawn yet.

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> reel = Reel(Perspective(m.rules, None, True), m.state)
        >>> [frame[0][:4] for frame in reel.between(0, 5)]  # no events yet: frame 0 only
        ['<svg']
        """
        last = min(last, len(self))
        out: list[Any] = []
        for c in range(first // KEYFRAME, last // KEYFRAME + 1) if first <= last else ():
            start = c * KEYFRAME
            span = self._drawn(c, min(last, start + KEYFRAME - 1))
            out += span.frames[max(first, start) - start:last + 1 - start]
        return out

    def _drawn(self, c: int, last: int) -> _Span:
        """Key-frame span ``c`` drawn to frame ``last`` at least."""
        self._spans += [None] * (c + 1 - len(self._spans))
        span, start, rules = self._spans[c], c * KEYFRAME, self.reader.rules
        if span is None:
            event = self.events[start - 1] if start else None
            picture = self.reader.draw(self._keys[c], event).split("\n")
            span = self._spans[c] = _Span(picture, self._keys[c],
                                          named_texts(rules, "\n".join(picture)))
            if c == 0:
                self._named_first = dict(span.names)
        for k in range(start + len(span.frames), last + 1):
            event = self.events[k - 1]
            span.state = rules.evolve(span.state, event)
            new = self.reader.draw(span.state, event).split("\n")
            frame = _patch(span.picture, new)
            span.frames.append(frame)
            span.picture = new
            unseen = [line for line in _lines_of(frame) if line not in span.seen]
            span.seen.update(unseen)
            for name, text in named_texts(rules, "\n".join(unseen)).items():
                span.names.setdefault(name, text)
        return span

    def texts(self) -> dict[str, str]:
        """The texts of what the lines and the pictures drawn so far name (every picture
        drawn, :attr:`frames`: as :func:`html_of` finds them)."""
        found = dict(self._named_lines)
        for span in self._spans:
            for name, text in (span.names if span else {}).items():
                found.setdefault(name, text)
        return found

    def opening(self, at: int) -> tuple[list[Any], list[Any] | None, dict[str, str]]:
        """What a page opening at event ``at`` holds of the pictures, drawing only those:
        ``(frames, later, texts)``. ``frames`` are frames 0 on: the whole first key-frame
        span when ``at`` is in it, else frame 0 alone; ``later`` is ``None`` or ``[k,
        frames k on]``, the span ``at`` is in (from its key frame ``k`` to the last frame
        there is); ``texts`` those of what the lines and these frames name. The same
        reel and events give the same answer, whatever was drawn before.

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> reel = Reel(Perspective(m.rules, None, True), m.state)
        >>> frames, later, texts = reel.opening(0)
        >>> len(frames), later
        (1, None)
        """
        start = at - at % KEYFRAME
        span = self.between(start, min(start + KEYFRAME - 1, len(self)))
        first = self.between(0, 0) if start else span
        found = dict(self._named_lines)
        for name, text in (self._named_first | self._drawn(start // KEYFRAME, start).names
                           ).items():
            found.setdefault(name, text)
        return (first, [start, span], found) if start else (span, None, found)

    def page(self, data: dict[str, Any], title: str) -> str:
        """:func:`page` of ``data``, whose ``events`` are this reel's lines: the lines'
        compressed bytes are kept, so a page one event longer compresses one line and
        ``data``'s rest."""
        lines = data["events"]
        fed = len(self._packed) - 1
        if fed > len(lines):  # fewer lines than were packed: packed afresh
            return page(data, title)
        for k in range(fed, len(lines)):
            self._packed.append(self._packer.compress((b"," if k else b"") + _json(lines[k])))
        rest = {k: v for k, v in data.items() if k != "events"}
        tail = self._packer.copy()
        packed = b"".join([*self._packed, tail.compress(b"]," + _json(rest)[1:]),
                           tail.flush()])
        return _filled(base64.b64encode(packed).decode(), title)


def frames_of(replay: Replay, reader: Perspective,
              progress: Callable[[int], None] | None = None) -> tuple[list[Any], list[str]]:
    """The pictures (as key frames and patches) and the event lines of ``replay`` as
    ``reader`` sees it."""
    reel = _reel_of(replay, reader, progress)
    return reel.frames, reel.lines


def _reel_of(replay: Replay, reader: Perspective,
             progress: Callable[[int], None] | None = None) -> Reel:
    """The reel of every event of ``replay``, every picture drawn."""
    reel = Reel(reader, replay.seek(0))
    for seq, event, state in replay.states():
        reel.add(event, state)
        reel.between(seq + 1, seq + 1)  # drawn as it goes, for the progress told
        if progress is not None:
            progress(seq + 1)
    return reel


def page(data: dict[str, Any], title: str) -> str:
    """The HTML document around ``data`` (gzip and base64: about a tenth of the JSON)."""
    packed = base64.b64encode(gzip.compress(_json(data), mtime=0)).decode()
    return _filled(packed, title)


def _json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def _filled(packed: str, title: str) -> str:
    return _TEMPLATE.replace("%TITLE%", html.escape(title)).replace("%DATA%", packed)


def seen_by(reader: Perspective, names: tuple[str, ...]) -> str:
    """Who ``reader`` is, in words."""
    return ("everyone (the auditor's file)" if not reader.public else
            "the spectator" if reader.seat is None else names[reader.seat])


def title_of(header: Header) -> str:
    """The viewer's title: the game and the players.

    >>> from grimoire import Match
    >>> title_of(Match.new("vicious-circle", seed=bytes(32)).header)
    'vicious-circle: Dawn vs Twilight'
    """
    return f"{header.game}: {' vs '.join(header.players)}"


def ending_of(outcome: Outcome | None, names: tuple[str, ...]) -> str | None:
    """How the match ended, as the viewer says it (``None`` while it is unfinished).

    >>> ending_of(Outcome((1,), "throne"), ("Ann", "Ben"))
    'won by Ben (throne)'
    """
    if outcome is None:
        return None
    winners = ", ".join(names[w] for w in outcome.winners if 0 <= w < len(names))
    return f"won by {winners} ({outcome.reason})" if winners else f"drawn ({outcome.reason})"


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _plain(value: Any) -> Any:
    """``value`` as JSON reads it back (a tuple and a list alike)."""
    return json.loads(json.dumps(value))


def options_told(rules: AnyRules, options: Mapping[str, Any]) -> list[str]:
    """The ``options`` (a header's) that differ from the game's defaults, each in words:
    its name, its value and the default it replaces, and what it means (from
    :func:`grimoire.core.options.options_of`). An empty list: the game as it comes.

    >>> from grimoire import registry
    >>> options_told(registry.get("wiz-war"), {"victory_points": 3, "rotate_270": False})
    ['victory_points: 3 instead of 2 — points to win (2; Extended Play: 3 or 4).']
    >>> options_told(registry.get("wiz-war"), {"victory_points": 2})
    []
    """
    about = options_of(rules)
    told = []
    for name, value in changed(rules, options):
        if _plain(value) == _plain(about[name].default):  # () as a header's []
            continue
        meaning = about[name].text.rstrip(".")
        default = about[name].default
        line = (f"{name}: {_shown(value)} " + ("(unset by default)" if default is None else
                                              f"instead of {_shown(default)}"))
        told.append(f"{line} — {meaning}." if meaning else f"{line}.")
    return told


def viewer_data(rules: AnyRules, header: Header, reader: Perspective, *, sealed: bool,
                outcome: Outcome | None, lines: list[str], frames: list[Any],
                texts: dict[str, str] | None = None, live: str | None = None,
                later: list[Any] | None = None, more: str | None = None) -> dict[str, Any]:
    """What the viewer's page holds (packed by :func:`page`): the header's facts (the
    options that differ from the defaults, in words), the event ``lines``, the
    ``frames``, the outcome (``None`` while unfinished; the page keeps it hidden until
    the replay reaches the last event), and the ``texts`` of what they name (found in
    them when not given). ``live``, the URL path of a live match's frames (the match
    server's), makes the page open at the latest event and follow the match (see the
    module's docs).

    A page may hold some of the frames only (the match server's page of a long match:
    :meth:`Reel.opening`): ``frames`` are then the first ones, ``later`` ``[k, frames k
    on]`` another run of them, and ``more`` the URL path the page asks for the others
    (``GET <more>?since=N&until=M``: the frames after events N+1 to M) when the reader
    steps to them.

    >>> from grimoire import Match
    >>> m = Match.new("wiz-war", seed=bytes(32), options={"victory_points": 3})
    >>> data = viewer_data(m.rules, m.header, Perspective(m.rules, None, True), sealed=False,
    ...                    outcome=None, lines=[], frames=[[]], live="/matches/x/frames")
    >>> dict(data["facts"])["options"]
    ['victory_points: 3 instead of 2 — points to win (2; Extended Play: 3 or 4).']
    >>> data["outcome"], data["live"]
    (None, {'version': 0, 'frames': '/matches/x/frames'})
    """
    names = header.players
    facts: list[list[Any]] = [
        ["game", f"{rules.title or header.game} (rules {header.rules})"],
        ["players", ", ".join(names)],
        ["options", options_told(rules, header.options) or "the game's defaults"],
        ["dice", "physical dice (recorded)" if header.dice == "recorded" else
         "seeded, seed revealed" if header.seed else "seeded, seed not revealed"],
        ["chain", "chained: every record carries its chain value" if sealed and len(lines)
         else "not chained (`grimoire seal` adds the chain)"],
        ["seen as", seen_by(reader, names)],
    ]
    if header.position:  # a position may name hidden things: its text for the auditor only
        facts.append(["starts from", header.position if not reader.public else
                      "a given position (shown on the first board)"])
    if texts is None:
        texts = texts_of(rules, lines, frames)
    data = {"facts": facts, "events": lines, "frames": frames, "keyframe": KEYFRAME,
            "outcome": ending_of(outcome, names), "game": header.game, "texts": texts}
    if live is not None:
        data["live"] = {"version": len(lines), "frames": live}
    if later is not None:
        data["later"] = later
    if more is not None:
        data["more"] = more
    return data


def html_of(replay: Replay, reader: Perspective, *, sealed: bool,
            progress: Callable[[int], None] | None = None, live: str | None = None) -> str:
    """The viewer's HTML page of every event of ``replay`` as ``reader`` sees them
    (``sealed``: every record is chained; ``live``: the URL path of the match server's
    frames of this match, to follow it as it goes). Used by :func:`view` for a file and
    by the match server, which builds the same page with a :class:`Reel` per reader,
    one event at a time.

    >>> from grimoire import Match
    >>> m = Match.new("vicious-circle", seed=bytes(32))
    >>> _ = m.act(m.legal(0)[0])
    >>> page = html_of(Replay(m.rules, m.header, m.events), Perspective(m.rules, 1, True),
    ...                sealed=False)
    >>> page.startswith("<!doctype html>")
    True
    """
    reel = _reel_of(replay, reader, progress)
    outcome = replay.rules.outcome(replay.seek(len(replay)))
    data = viewer_data(replay.rules, replay.header, reader, sealed=sealed, outcome=outcome,
                       lines=reel.lines, frames=reel.frames, texts=reel.texts(), live=live)
    return page(data, title_of(replay.header))


def texts_of(rules: AnyRules, lines: list[str], frames: list[Any]) -> dict[str, str]:
    """The game's texts of what event ``lines`` and ``frames`` (whole pictures or
    patches) name, in the order they first appear.

    >>> from grimoire import registry
    >>> list(texts_of(registry.get("vicious-circle"), ["a Saint moves"], [[[0, 1, ["Swamp"]]]]))
    ['Saint', 'Swamp']
    """
    return named_texts(rules, "\n".join(
        [*lines, *(line for frame in frames for line in _lines_of(frame))]))


def _lines_of(frame: Any) -> Iterator[str]:
    """The lines of text a frame holds (a whole picture, or a patch's new lines)."""
    for item in frame:
        if isinstance(item, str):
            yield item
        else:
            yield from item[2]


def view(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str] | None = None,
    *,
    player: str | int | None = None,
    progress: Callable[[int], None] | None = None,
) -> str | ViewReport:
    """The HTML file of the log at ``path`` as ``player`` may see it (a name or seat
    number, ``"spectator"``, or ``None`` for everything). Returns the HTML text, or writes
    it to ``out`` (a new file) and returns a :class:`ViewReport`."""
    if out is not None and os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    with LogReader(path) as log:  # one streaming pass: is every record chained?
        sealed = all(rec.chain is not None for _, _, rec in log.records())
    with Replay.open(path) as replay:
        reader = Perspective.of(replay, player)
        text = html_of(replay, reader, sealed=sealed, progress=progress)
        n, who = len(replay), seen_by(reader, replay.header.players)
    if out is None:
        return text
    with open(out, "x", encoding="utf-8") as f:
        f.write(text)
    return ViewReport(path=os.fspath(path), out=os.fspath(out), perspective=who, events=n,
                      bytes=len(text.encode()))


_TEMPLATE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#222;
overflow-wrap:anywhere}
header{padding:.6em 1em;background:#2c3e50;color:#fff}
header h1{font-size:1.1em;margin:0}
#facts{font-size:.85em;margin:.3em 0 0;display:flex;flex-wrap:wrap;gap:.2em 1.5em}
#facts b{font-weight:600;color:#f1c40f;margin-right:.3em}
#facts .list{flex:1 1 100%}
#facts ul{margin:0;padding-left:1.2em}
main{display:grid;grid-template-columns:minmax(0,max-content) minmax(280px,1fr);
grid-template-areas:"board controls" "board side";grid-template-rows:auto 1fr;
gap:.5em 1em;padding:1em;align-items:start}
#board{grid-area:board;background:#fff;border:1px solid #ccc;padding:.5em;min-width:0}
#board svg{display:block;width:100%;height:auto}
#controls{grid-area:controls;display:flex;gap:.3em;align-items:center;flex-wrap:wrap}
#controls button{font-size:1em;padding:.2em .6em;min-width:2.6em;min-height:2.2em}
#slider{flex:1 1 160px;min-width:120px;height:2em}
#where{font-variant-numeric:tabular-nums}
#live{flex:1 1 100%;font-size:.9em;color:#1f4e79}
#side{grid-area:side;min-width:0;display:flex;flex-direction:column;gap:.5em}
#now{background:#fff;border:1px solid #ccc;padding:.5em;min-height:2.5em;margin:0}
#result{display:flex;flex-wrap:wrap;gap:.5em;align-items:center}
#outcome{font-weight:600}
#outcome.hidden{font-weight:normal;font-style:italic}
ol#events{position:relative;margin:0;padding:0 0 0 3.5em;max-height:60vh;overflow:auto;
background:#fff;border:1px solid #ccc;font-size:.9em}
ol#events li{padding:0}
ol#events button{all:unset;box-sizing:border-box;display:block;width:100%;cursor:pointer;
padding:.1em .3em;color:inherit}
ol#events button:hover{background:#eef}
ol#events button:focus-visible{outline:2px solid #1f4e79;outline-offset:-2px}
ol#events li.current{background:#fdebd0;font-weight:600}
ol#events li.future{color:#595959;font-style:italic}
#error{color:#b03a2e}
#info{font-size:.9em;background:#fff;border-left:4px solid #2c3e50;padding:.3em .6em}
#info:empty{display:none}
#texts,#keys{font-size:.9em}
#texts dt{font-weight:600;margin-top:.3em}
#texts dd{margin:0 0 0 1em}
#keys p{margin:.3em 0}
#board [data-piece],#board [data-card]{cursor:help}
@media (max-width:760px){
header{padding:.4em .6em}
main{grid-template-columns:minmax(0,1fr);grid-template-areas:"controls" "board" "side";
grid-template-rows:none;padding:.5em}
#board{padding:.2em}
ol#events{max-height:50vh}
}
</style>
</head>
<body>
<header><h1>%TITLE%</h1><div id="facts"></div></header>
<main>
<div id="controls" role="group" aria-label="Replay">
<button type="button" id="first" aria-label="first" title="the start (Home)">|&lt;</button>
<button type="button" id="prev" aria-label="back" title="one event back (left arrow)"
>&lt;</button>
<button type="button" id="play" title="play or pause (space)">play</button>
<button type="button" id="next" aria-label="forward" title="one event forward (right arrow)"
>&gt;</button>
<button type="button" id="last" aria-label="last" title="the end (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="event">
<span id="where"></span>
<span id="live" role="status" hidden></span>
</div>
<div id="board"></div>
<div id="side">
<p id="now" aria-live="polite"></p>
<div id="result"><span id="outcome" tabindex="-1"></span>
<button type="button" id="reveal" hidden>show the result</button></div>
<div id="info"></div>
<ol id="events" aria-label="events"></ol>
<details id="texts" hidden><summary>What the cards, pieces and places are</summary><dl></dl>
</details>
<details id="keys"><summary>Keys</summary>
<p>Left and right arrows: one event back or forward; Home and End: the start and the end;
Space: play or pause (on a button, Space presses it).</p>
<p>Tab reaches the buttons, the slider and the event list; in the list, the up and down
arrows move between events and Enter or Space shows one.</p>
</details>
<div id="error" role="alert"></div>
<noscript>This page needs JavaScript to show the match.</noscript>
</div>
</main>
<script id="grimoire-data" type="application/octet-stream">%DATA%</script>
<script>
"use strict";
(async function () {
  const $ = (id) => document.getElementById(id);
  let data;
  try {
    const b64 = $("grimoire-data").textContent.trim();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    data = JSON.parse(await new Response(stream).text());
  } catch (err) {
    $("error").textContent = "This browser cannot unpack the match (" + err + ").";
    return;
  }
  const frames = data.frames, events = data.events, live = data.live || null;
  const keyframe = data.keyframe, more = data.more || null;
  // A page may hold some of the frames only (the server's page of a long match): the
  // first ones and data.later, [k, frames k on]; the others are asked for (more) when
  // the reader steps to them, one key-frame span at a time.
  while (frames.length < events.length + 1) frames.push(null);
  if (data.later) data.later[1].forEach((f, j) => { frames[data.later[0] + j] = f; });
  let n = events.length, outcome = data.outcome || null;
  // The result stays hidden until the replay reaches the last event (or the reader asks
  // for it); from then on it stays shown, with every event listed. Unfinished matches
  // have no result to hide.
  let revealed = !outcome;
  for (const [k, v] of data.facts) {
    const span = document.createElement("span");
    const b = document.createElement("b");
    b.textContent = k;
    span.append(b);
    if (Array.isArray(v)) {
      const ul = document.createElement("ul");
      for (const item of v) {
        const li = document.createElement("li");
        li.textContent = item;
        ul.append(li);
      }
      span.className = "list";
      span.append(ul);
    } else span.append(document.createTextNode(v));
    $("facts").append(span);
  }
  const texts = {};
  function learn(more) {
    const dl = $("texts").querySelector("dl");
    for (const [name, text] of Object.entries(more || {})) {
      if (name in texts) continue;
      texts[name] = text;
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = name;
      dd.textContent = text;
      dl.append(dt, dd);
      $("texts").hidden = false;
    }
  }
  learn(data.texts);
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-card], [data-piece]");
    const name = el && (el.dataset.card || el.dataset.piece);
    $("info").textContent = name && texts[name] ? name + ": " + texts[name] : "";
  });
  const list = $("events");
  function listed(text, k) {
    const li = document.createElement("li"), b = document.createElement("button");
    b.type = "button";
    b.tabIndex = -1;
    b.textContent = text;
    b.dataset.at = String(k);
    li.dataset.at = String(k);
    li.append(b);
    list.append(li);
  }
  events.forEach((text, i) => listed(text, i + 1));
  list.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b) show(Number(b.dataset.at));
  });
  // One stop for Tab in the list; the up and down arrows move between its events.
  let tabbable = null;
  function tabTo(b) {
    if (tabbable === b) return;
    if (tabbable) tabbable.tabIndex = -1;
    tabbable = b;
    if (b) b.tabIndex = 0;
  }
  list.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    const li = e.target.closest("li");
    if (!li) return;
    let next = e.key === "ArrowUp" ? li.previousElementSibling : li.nextElementSibling;
    if (next && next.hidden) next = null;
    if (next) {
      const b = next.querySelector("button");
      tabTo(b);
      b.focus();
    }
    e.preventDefault();
  });
  const whole = (f) => f.length > 0 && typeof f[0] === "string";
  const cache = new Map();
  // A frame is a whole picture (its lines) or a patch of the one before it: rebuild
  // forward from the nearest whole picture (or the nearest picture already rebuilt).
  function pictureAt(at) {
    if (cache.has(at)) return cache.get(at);
    let k = at;
    while (k > 0 && !cache.has(k) && frames[k] && !whole(frames[k])) k--;
    if (!frames[k] && !cache.has(k)) return null;  // not fetched yet
    const lines = (cache.has(k) ? cache.get(k) : frames[k]).slice();
    for (let j = k + 1; j <= at; j++) {
      const ops = frames[j];
      for (let i = ops.length - 1; i >= 0; i--) {
        const [i1, i2, repl] = ops[i];
        lines.splice(i1, i2 - i1, ...repl);
      }
    }
    if (cache.size > 64) cache.clear();
    cache.set(at, lines);
    return lines;
  }
  let at = 0, timer = null;
  const slider = $("slider");
  // The board after event `at`, once its frames are here (asked for if they are not);
  // then the next span is asked for too, so stepping on does not wait.
  function board() {
    const lines = pictureAt(at), el = $("board");
    if (lines) {
      el.innerHTML = lines.join("\n");
      el.removeAttribute("aria-busy");
      document.body.dataset.board = String(at);
      const next = (Math.floor(at / keyframe) + 1) * keyframe;
      if (next <= n && !frames[next]) fetchSpan(next / keyframe);
    } else {
      el.textContent = "Fetching the board after event " + at + "\u2026";
      el.setAttribute("aria-busy", "true");
      document.body.dataset.board = "";
      fetchSpan(Math.floor(at / keyframe));
    }
  }
  const asking = new Set();
  async function fetchSpan(c) {
    if (!more || asking.has(c)) return;
    asking.add(c);
    const first = c * keyframe, since = Math.max(0, first - 1);
    const url = new URL(more, location.href);
    url.searchParams.set("since", String(since));
    url.searchParams.set("until", String(Math.min(first + keyframe - 1, n)));
    const token = new URLSearchParams(location.search).get("token");
    if (token) url.searchParams.set("token", token);
    let problem = null;
    try {
      const res = await fetch(url, {cache: "no-store", headers: {accept: "application/json"}});
      if (res.ok) {
        const answer = await res.json();
        answer.frames.forEach((f, j) => { if (!frames[since + 1 + j]) frames[since + 1 + j] = f; });
        learn(answer.texts);
      } else problem = "the server answered " + res.status;
    } catch (err) {
      problem = "the server cannot be reached";
    }
    asking.delete(c);
    if (Math.floor(at / keyframe) !== c) return;
    if (!problem) board();
    else $("board").textContent = "The board after event " + at + " could not be fetched ("
      + problem + "); step to it again to try again.";
  }
  function told() {
    const shown = outcome && (revealed || at === n);
    const el = $("outcome");
    el.className = shown || !outcome ? "" : "hidden";
    el.textContent = shown ? "Outcome: " + outcome
      : outcome ? "The result is hidden until the last event."
      : live ? "The match is going on." : "Outcome: unfinished (the log stops before the end).";
    $("reveal").hidden = !outcome || shown;
  }
  function show(i) {
    at = Math.max(0, Math.min(n, i));
    if (at === n) revealed = true;
    board();
    slider.max = String(n);
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", "event " + at + " of " + n);
    $("where").textContent = "event " + at + " of " + n;
    $("now").textContent = at === 0 ? "Before the first event." : events[at - 1];
    for (const li of list.children) {
      const k = Number(li.dataset.at);
      const name = k === at ? "current" : k > at ? "future" : "";
      if (li.className !== name) li.className = name;
      const hide = k > at && !revealed;
      if (li.hidden !== hide) li.hidden = hide;
    }
    list.hidden = (revealed ? n : at) === 0;  // nothing to list yet
    const cur = list.children[at - 1];
    if (!list.contains(document.activeElement)) {
      const item = cur || list.firstElementChild;
      tabTo(item ? item.querySelector("button") : null);
    }
    if (cur) {
      const top = cur.offsetTop;
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    told();
    document.body.dataset.at = String(at);
    document.body.dataset.events = String(n);
    following();
  }
  $("reveal").onclick = () => {
    revealed = true;
    show(at);
    $("outcome").focus();
  };
  function playing(on) {
    if (on && !timer) {
      if (at >= n) show(0);
      timer = setInterval(() => { if (at >= n) playing(false); else show(at + 1); }, 700);
    } else if (!on && timer) { clearInterval(timer); timer = null; }
    $("play").textContent = timer ? "pause" : "play";
  }
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(at - 1);
  $("next").onclick = () => show(at + 1);
  $("last").onclick = () => show(n);
  $("play").onclick = () => playing(!timer);
  slider.addEventListener("input", () => show(Number(slider.value)));
  const own = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp",
    "PageDown"];
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (t === slider && own.includes(e.key)) return;  // the slider's own keys
    if (e.key === " " && t.closest && t.closest("button, summary, a, input")) return;
    if (e.key === "ArrowRight") { show(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { show(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(n); e.preventDefault(); }
    else if (e.key === " ") { playing(!timer); e.preventDefault(); }
  });
  // A live match: open at its latest event and ask the server for the events after it
  // every 1.5 s; a reader at the end moves to the new end, one looking back stays put.
  let over = !live;
  function following() {
    if (!live) return;
    const el = $("live");
    el.hidden = false;
    el.textContent = over ? (outcome ? "Live: the match is over." : el.textContent)
      : at === n ? "Live: following the match."
      : "Live: new events are added; End follows the match again.";
  }
  function take(answer) {
    const got = Math.min(answer.events.length, answer.frames.length);
    const follow = at === n;
    for (let j = 0; j < got; j++) {
      events.push(answer.events[j]);
      frames.push(answer.frames[j]);
      listed(answer.events[j], events.length);
    }
    n = events.length;
    learn(answer.texts);
    if (answer.outcome) outcome = answer.outcome;
    show(follow ? n : at);
  }
  async function poll() {
    const url = new URL(live.frames, location.href);
    url.searchParams.set("since", String(n));
    const token = new URLSearchParams(location.search).get("token");
    if (token) url.searchParams.set("token", token);
    let answer = null, wait = 1500;
    try {
      const res = await fetch(url, {cache: "no-store", headers: {accept: "application/json"}});
      if (res.ok) answer = await res.json();
      else if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        over = true;
        $("live").textContent = "Live updates stopped: the server answered " + res.status
          + ". Reload the page to try again.";
        return;
      } else wait = 5000;
    } catch (err) {
      wait = 5000;
      $("live").textContent = "Live: the server cannot be reached; trying again.";
    }
    if (answer) {
      if (answer.outcome) over = true;
      take(answer);
    }
    if (!over) setTimeout(poll, wait);
  }
  show(live ? n : 0);
  if (live) setTimeout(poll, 1500);
  document.body.dataset.ready = "yes";
})();
</script>
</body>
</html>
"""
