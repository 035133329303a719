"""``grimoire view``: one self-contained HTML file to watch a whole match.

The file holds the board after every event as an SVG picture, every event described in
one sentence, the outcome and the header's facts, and a little script to step through
them (a slider, the arrow keys, play and pause, a click on an event). It needs nothing
else: no network, no fonts or scripts from elsewhere; it opens from ``file://``.

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
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Header
from grimoire.core.logfile import LogReader
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
    """``after`` as edits of ``before``: ``[start, stop, [new lines]]`` in order."""
    ops: list[Any] = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            ops.append([i1, i2, after[j1:j2]])
    return ops


class Reel:
    """The viewer's pictures and event lines for one reader, built one event at a time:
    :meth:`add` draws one picture and tells one sentence, whatever the length of what came
    before, so a server extends a reader's viewer by the new events only. Frame ``k`` is
    the picture after ``k`` events: a whole picture (its lines) when ``k`` is a multiple
    of :data:`KEYFRAME`, else a patch of frame ``k - 1`` (``[start, stop, [new lines]]``).
    :meth:`page` packs them into the HTML page, compressing only the frames added since it
    was last called.

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
        self._picture = reader.draw(start).split("\n")
        self.frames: list[Any] = [self._picture]
        self.lines: list[str] = []
        self._named_lines: dict[str, str] = {}
        self._named_frames = named_texts(reader.rules, "\n".join(self._picture))
        self._packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip, as page() writes
        self._packed: list[bytes] = []

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, event: Any, state: Any) -> None:
        """One more event, and ``state``, the state after it."""
        line = self.reader.tell(event, self.state)
        new = self.reader.draw(state, event).split("\n")
        frame = new if len(self.frames) % KEYFRAME == 0 else _patch(self._picture, new)
        self.lines.append(line)
        self.frames.append(frame)
        self._picture, self.state = new, state
        rules = self.reader.rules
        for name, text in named_texts(rules, line).items():
            self._named_lines.setdefault(name, text)
        for name, text in named_texts(rules, "\n".join(_lines_of(frame))).items():
            self._named_frames.setdefault(name, text)

    def texts(self) -> dict[str, str]:
        """The texts of what the lines and pictures name (as :func:`html_of` finds them)."""
        return self._named_lines | {k: v for k, v in self._named_frames.items()
                                    if k not in self._named_lines}

    def page(self, data: dict[str, Any], title: str) -> str:
        """:func:`page` of ``data`` with this reel's frames: the frames' compressed bytes
        are kept, so a page one event longer compresses one frame and ``data``'s rest."""
        fed = len(self._packed)
        for frame in self.frames[fed:]:
            self._packed.append(self._packer.compress(
                (b"," if self._packed else b'{"frames":[') + _json(frame)))
        rest = {k: v for k, v in data.items() if k != "frames"}
        tail = self._packer.copy()
        packed = b"".join([*self._packed, tail.compress(b"]," + _json(rest)[1:]),
                           tail.flush()])
        return _filled(base64.b64encode(packed).decode(), title)


def frames_of(replay: Replay, reader: Perspective,
              progress: Callable[[int], None] | None = None) -> tuple[list[Any], list[str]]:
    """The pictures (as key frames and patches) and the event lines of ``replay`` as
    ``reader`` sees it."""
    reel = Reel(reader, replay.seek(0))
    for seq, event, state in replay.states():
        reel.add(event, state)
        if progress is not None:
            progress(seq + 1)
    return reel.frames, reel.lines


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


def html_of(replay: Replay, reader: Perspective, *, sealed: bool,
            progress: Callable[[int], None] | None = None) -> str:
    """The viewer's HTML page of every event of ``replay`` as ``reader`` sees them
    (``sealed``: every record is chained). Used by :func:`view` for a file; the match
    server builds the same page with a :class:`Reel` per reader, one event at a time.

    >>> from grimoire import Match
    >>> m = Match.new("vicious-circle", seed=bytes(32))
    >>> _ = m.act(m.legal(0)[0])
    >>> page = html_of(Replay(m.rules, m.header, m.events), Perspective(m.rules, 1, True),
    ...                sealed=False)
    >>> page.startswith("<!doctype html>")
    True
    """
    frames, lines = frames_of(replay, reader, progress)
    outcome = replay.rules.outcome(replay.seek(len(replay)))
    data = viewer_data(replay.rules, replay.header, reader, sealed=sealed, outcome=outcome,
                       lines=lines, frames=frames)
    return page(data, title_of(replay.header))


def title_of(header: Header) -> str:
    """The viewer's title: the game and the players."""
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


def viewer_data(rules: AnyRules, header: Header, reader: Perspective, *, sealed: bool,
                outcome: Outcome | None, lines: list[str], frames: list[Any],
                texts: dict[str, str] | None = None) -> dict[str, Any]:
    """What the viewer's page holds (packed by :func:`page`): the header's facts, the
    event ``lines``, the ``frames``, the outcome and the ``texts`` of what they name
    (found in them when not given)."""
    names = header.players
    facts = [
        ["game", f"{rules.title or header.game} (rules {header.rules})"],
        ["players", ", ".join(names)],
        ["options", ", ".join(f"{k}={json.dumps(v)}" for k, v in header.options.items())
         or "none"],
        ["dice", "physical dice (recorded)" if header.dice == "recorded" else
         "seeded, seed revealed" if header.seed else "seeded, seed not revealed"],
        ["chain", "sealed: every record chained" if sealed and len(lines) else
         "not sealed (`grimoire seal` adds the chain)"],
        ["seen as", seen_by(reader, names)],
    ]
    if header.position:  # a position may name hidden things: its text for the auditor only
        facts.append(["starts from", header.position if not reader.public else
                      "a given position (shown on the first board)"])
    if texts is None:
        texts = named_texts(rules, "\n".join(
            [*lines, *(line for frame in frames for line in _lines_of(frame))]))
    return {"facts": facts, "events": lines, "frames": frames, "keyframe": KEYFRAME,
            "outcome": ending_of(outcome, names) or "unfinished", "game": header.game,
            "texts": texts}


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


_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#222}
header{padding:.6em 1em;background:#2c3e50;color:#fff}
header h1{font-size:1.1em;margin:0}
#facts{font-size:.85em;margin:.3em 0 0;display:flex;flex-wrap:wrap;gap:.2em 1.5em}
#facts span b{font-weight:600;color:#f1c40f;margin-right:.3em}
main{display:flex;flex-wrap:wrap;gap:1em;padding:1em}
#board{flex:0 0 auto;background:#fff;border:1px solid #ccc;padding:.5em;min-width:300px}
#board svg{max-width:100%;height:auto}
#side{flex:1 1 320px;min-width:280px;display:flex;flex-direction:column;gap:.5em}
#controls{display:flex;gap:.3em;align-items:center;flex-wrap:wrap}
#controls button{font-size:1em;padding:.2em .6em}
#slider{flex:1 1 200px}
#where{font-variant-numeric:tabular-nums;min-width:9em}
#now{background:#fff;border:1px solid #ccc;padding:.5em;min-height:2.5em}
#outcome{font-weight:600}
ol#events{position:relative;margin:0;padding:0 0 0 3.5em;max-height:60vh;overflow:auto;
background:#fff;border:1px solid #ccc;font-size:.9em}
ol#events li{cursor:pointer;padding:.1em .3em}
ol#events li:hover{background:#eef}
ol#events li.current{background:#fdebd0;font-weight:600}
ol#events li.future{color:#999}
#error{color:#b03a2e}
#info{font-size:.9em;background:#fff;border-left:4px solid #2c3e50;padding:.3em .6em}
#info:empty{display:none}
#texts{font-size:.9em}
#texts dt{font-weight:600;margin-top:.3em}
#texts dd{margin:0 0 0 1em}
#board [data-piece],#board [data-card]{cursor:help}
</style>
</head>
<body>
<header><h1>%TITLE%</h1><div id="facts"></div></header>
<main>
<div id="board" aria-live="polite"></div>
<div id="side">
<div id="controls">
<button id="first" title="the start (Home)">|&lt;</button>
<button id="prev" title="one event back (left arrow)">&lt;</button>
<button id="play" title="play or pause (space)">play</button>
<button id="next" title="one event forward (right arrow)">&gt;</button>
<button id="last" title="the end (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="event">
<span id="where"></span>
</div>
<div id="now"></div>
<div id="outcome"></div>
<div id="info"></div>
<ol id="events"></ol>
<details id="texts" hidden><summary>What the cards, pieces and places are</summary><dl></dl>
</details>
<div id="error"></div>
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
  const frames = data.frames, events = data.events, K = data.keyframe;
  const n = events.length;
  for (const [k, v] of data.facts) {
    const span = document.createElement("span");
    const b = document.createElement("b");
    b.textContent = k;
    span.append(b, document.createTextNode(v));
    $("facts").append(span);
  }
  $("outcome").textContent = "Outcome: " + data.outcome;
  const texts = data.texts || {};
  for (const [name, text] of Object.entries(texts)) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = name;
    dd.textContent = text;
    $("texts").querySelector("dl").append(dt, dd);
    $("texts").hidden = false;
  }
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-card], [data-piece]");
    const name = el && (el.dataset.card || el.dataset.piece);
    $("info").textContent = name && texts[name] ? name + ": " + texts[name] : "";
  });
  const list = $("events");
  events.forEach((text, i) => {
    const li = document.createElement("li");
    li.textContent = text;
    li.dataset.at = String(i + 1);
    li.addEventListener("click", () => show(i + 1));
    list.append(li);
  });
  const cache = new Map();
  // Patches apply to the picture before them: rebuild forward from the nearest key frame.
  function pictureAt(at) {
    const base = at - (at % K);
    if (cache.has(at)) return cache.get(at);
    let lines = cache.has(at - 1) && at - 1 >= base ? cache.get(at - 1).slice()
      : frames[base].slice();
    const from = cache.has(at - 1) && at - 1 >= base ? at : base + 1;
    for (let k = from; k <= at; k++) {
      const ops = frames[k];
      for (let j = ops.length - 1; j >= 0; j--) {
        const [i1, i2, repl] = ops[j];
        lines.splice(i1, i2 - i1, ...repl);
      }
    }
    if (cache.size > 64) cache.clear();
    cache.set(at, lines);
    return lines;
  }
  let at = 0, timer = null;
  const slider = $("slider");
  slider.max = String(n);
  function show(i) {
    at = Math.max(0, Math.min(n, i));
    $("board").innerHTML = pictureAt(at).join("\\n");
    slider.value = String(at);
    $("where").textContent = "event " + at + " of " + n;
    $("now").textContent = at === 0 ? "Before the first event." : events[at - 1];
    for (const li of list.children) {
      const k = Number(li.dataset.at);
      li.className = k === at ? "current" : k > at ? "future" : "";
    }
    const cur = list.children[at - 1];
    if (cur) {
      const top = cur.offsetTop;
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    document.body.dataset.at = String(at);
  }
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
  document.addEventListener("keydown", (e) => {
    if (e.target === slider && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
    if (e.key === "ArrowRight") { show(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { show(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(n); e.preventDefault(); }
    else if (e.key === " ") { playing(!timer); e.preventDefault(); }
  });
  show(0);
  document.body.dataset.ready = "yes";
})();
</script>
</body>
</html>
"""
