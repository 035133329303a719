"""The drawing kit: SVG boards built the same way by every game.

A :class:`Picture` collects SVG elements, one per line, in the order they are drawn, and
writes a standalone document (no scripts, no external references) that browsers,
Jupyter and image viewers show as it is. One element per line keeps pictures of
consecutive positions mostly identical line for line, which the HTML viewer uses to store
a long match compactly. Everything here is deterministic: the same state always gives the
same bytes.

>>> p = Picture(60, 30, title="demo")
>>> p.rect(0, 0, 30, 30, fill=TERRAIN["plain"])
>>> p.piece(45, 15, 12, "K", seat=1)
>>> svg = p.svg()
>>> svg.startswith("<svg") and svg.count("\\n") > 3
True
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Iterable, Sequence

from grimoire.core.kit import Grid

SEAT_COLOURS = ("#b03a2e", "#1f4e79", "#1e8449", "#7d3c98", "#b9770e", "#117a65")
"""The colour of each seat's pieces, seat 0 first (red, blue, green, purple…)."""

TERRAIN = {
    "plain": "#f3ead7",
    "dark": "#e2d3b4",
    "water": "#8ec9e8",
    "forest": "#8fbf7f",
    "mountain": "#b5a48f",
    "swamp": "#9fae7d",
    "castle": "#c9b79c",
    "bridge": "#caa472",
    "shrine": "#f0d97a",
    "village": "#e5c29f",
    "throne": "#e7b0a8",
    "wall": "#4a3b2c",
    "door": "#a0522d",
    "none": "#ffffff",
}
"""Fill colours for the kinds of ground the games have."""

INK = "#222222"
LAST = "#f1c40f"
HIDDEN = "#767676"  # 4.5:1 on white: the "?" of a hidden piece is text (WCAG AA)


def number(value: float) -> str:
    """A coordinate as SVG wants it: no trailing zeros.

    >>> number(3.0), number(2.5), number(1 / 3)
    ('3', '2.5', '0.33')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_NOT_XML = dict.fromkeys(
    [c for c in range(0x20) if c not in (0x09,)] + [0x7F] + list(range(0xD800, 0xE000))
    + [0xFFFE, 0xFFFF], " ")


def clean(text: str) -> str:
    """``text`` with what an XML document cannot hold (control characters, lone
    surrogates) and line breaks turned into spaces, so any name can be drawn.

    >>> clean("Ann" + chr(10) + "the" + chr(27) + "Great")
    'Ann the Great'
    """
    return text.translate(_NOT_XML)


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` escaped, as :func:`xml.sax.saxutils.escape` escapes them
    (written here: importing :mod:`xml.sax.saxutils` imports :mod:`urllib.request`,
    some milliseconds of every start, for three string replacements).

    >>> escape("a < b & c")
    'a &lt; b &amp; c'
    """
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``data`` escaped and quoted as an attribute value, as
    :func:`xml.sax.saxutils.quoteattr` does it.

    >>> print(quoteattr("a<b"), quoteattr('say "hi"'), quoteattr("it's " + '"hi"'))
    "a&lt;b" 'say "hi"' "it's &quot;hi&quot;"
    """
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"{}"'.format(data.replace('"', "&quot;"))


def _attrs(attrs: dict[str, object]) -> str:
    return " ".join(_attr(key, value) for key, value in attrs.items() if value is not None)


@functools.lru_cache(maxsize=1 << 16)
def _attr(key: str, value: object) -> str:
    """One attribute as written (pictures of one match repeat most of theirs: kept)."""
    name = key.rstrip("_").replace("_", "-")
    text = number(value) if isinstance(value, float) else clean(str(value))
    return f"{name}={quoteattr(text)}"


@functools.lru_cache(maxsize=1 << 15)
def _element(tag: str, text: str | None, tip: str, attrs: tuple[tuple[str, object], ...],
             ) -> str:
    """One element's line (the squares and walls of a board are the same in every
    picture of a match: their lines are kept, not written again)."""
    inner = " ".join(_attr(key, value) for key, value in attrs if value is not None)
    head = f"<{tag} {inner}" if inner else f"<{tag}"
    body = "" if text is None else escape(clean(text))
    if tip:
        body = f"<title>{escape(clean(tip))}</title>{body}"
    return f"{head}/>" if not body else f"{head}>{body}</{tag}>"


class Picture:
    """An SVG document drawn element by element (one line each).

    ``width`` and ``height`` are in pixels; ``title`` becomes the document's ``<title>``
    (shown as a tooltip, read by screen readers)."""

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self.lines: list[str] = []

    def add(self, tag: str, text: str | None = None, /, **attrs: object) -> None:
        """One element: ``<tag attrs>text</tag>`` (``text`` escaped); an attribute
        ``tip`` becomes its tooltip (a ``<title>`` inside it)."""
        tip = str(attrs.pop("tip", "") or "")
        try:
            self.lines.append(_element(tag, text, tip, tuple(attrs.items())))
        except TypeError:  # an attribute's value that cannot be a key: written afresh
            self.lines.append(_element.__wrapped__(tag, text, tip, tuple(attrs.items())))

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)

    def circle(self, x: float, y: float, r: float, **attrs: object) -> None:
        self.add("circle", cx=float(x), cy=float(y), r=float(r), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], **attrs: object) -> None:
        self.add("polygon", points=" ".join(f"{number(x)},{number(y)}" for x, y in points),
                 **attrs)

    def text(self, x: float, y: float, label: str, *, size: float = 12,
             anchor: str = "middle", **attrs: object) -> None:
        """Text centred on (``x``, ``y``) unless ``anchor`` says otherwise."""
        attrs.setdefault("fill", INK)
        attrs.setdefault("font_family", "sans-serif")
        self.add("text", label, x=float(x), y=float(y), font_size=float(size),
                 text_anchor=anchor, dominant_baseline="central", **attrs)

    def piece(self, x: float, y: float, r: float, label: str, *, seat: int | None,
              hidden: bool = False, title: str = "", square: str = "",
              name: str = "") -> None:
        """A round counter of ``seat``'s colour with ``label`` on it; ``hidden`` draws its
        back (grey, ``?``) for a piece whose identity the viewer may not know. A piece on
        the board gives its ``square`` and ``name`` (as the viewer knows it), written on
        the counter as ``data-square`` and ``data-piece`` for frontends to click."""
        args = (x, y, r, label, seat, hidden, title, square, name)
        try:
            self.lines.extend(_counter(*args))
        except TypeError:  # an argument that cannot be a key: drawn afresh
            self.lines.extend(_counter.__wrapped__(*args))

    def mark(self, x: float, y: float, w: float, h: float) -> None:
        """The frame drawn around a square the last event touched."""
        self.rect(x + 1.5, y + 1.5, w - 3, h - 3, fill="none", stroke=LAST, stroke_width=3.0)

    def svg(self) -> str:
        """The document."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(self.width)}" '
                f'height="{number(self.height)}" viewBox="0 0 {number(self.width)} '
                f'{number(self.height)}" role="img">')
        title = [f"<title>{escape(clean(self.title))}</title>"] if self.title else []
        return "\n".join([head, *title, *self.lines, "</svg>"]) + "\n"


@functools.lru_cache(maxsize=1 << 14)
def _counter(x: float, y: float, r: float, label: str, seat: int | None, hidden: bool,
             title: str, square: str, name: str) -> tuple[str, ...]:
    """The lines of :meth:`Picture.piece` (the counters of a match stand on the same
    squares picture after picture: their lines are kept, not drawn again)."""
    p = Picture(0, 0)
    colour = HIDDEN if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    at, called = square or None, name or None
    p.circle(x, y, r, fill="#ffffff" if hidden else colour, stroke=colour,
             stroke_width=max(r / 5, 1.0), tip=title, data_square=at, data_piece=called)
    # the letter lets the pointer through to the counter (its tooltip, its click)
    if hidden:
        p.text(x, y, "?", size=r * 1.2, fill=colour, font_weight="bold",
               pointer_events="none", data_square=at, data_piece=called)
    else:
        p.text(x, y, label, size=r * (1.1 if len(label) < 2 else 0.8), fill="#ffffff",
               font_weight="bold", pointer_events="none", data_square=at, data_piece=called)
    return tuple(p.lines)


def square_board(picture: Picture, grid: Grid, *, cell: float, left: float, top: float,
                 ground: Callable[[int], str], label: Callable[[int], str] | None = None,
                 coordinates: bool = True, turned: bool = False,
                 tip: Callable[[int], str] | None = None,
                 ) -> Callable[[int], tuple[float, float]]:
    """Draw ``grid``'s squares (fill by ``ground(i)``, a key of :data:`TERRAIN` or a colour;
    ``label(i)`` a small mark in the corner; ``tip(i)`` its tooltip) with file letters and
    rank numbers around it; ``turned`` draws it upside down (a half turn: the last row at
    the top, the last file at the left), for the seat whose side is the grid's first
    rows. Each square carries ``data-square="NAME"``. Returns the function giving a
    square's top-left corner.

    >>> p = Picture(100, 100)
    >>> corner = square_board(p, Grid(2, 2), cell=10, left=0, top=0, ground=lambda i: "plain",
    ...                       turned=True)
    >>> corner(0), 'data-square="a2"' in p.lines[0]
    ((10, 10), True)
    """
    # what each square shows, asked in the order it is drawn; the lines are kept for the
    # next picture of the same squares (a match's board changes little between them)
    shown = tuple((ground(i), None if tip is None else tip(i),
                   None if label is None else label(i))
                  for i in range(grid.size) if grid.valid[i])
    args = (grid, cell, left, top, coordinates, turned, shown)
    try:
        picture.lines.extend(_squares(*args))
    except TypeError:  # a value that cannot be a key: drawn afresh
        picture.lines.extend(_squares.__wrapped__(*args))
    return _corners(grid, cell, left, top, turned)


def _corners(grid: Grid, cell: float, left: float, top: float, turned: bool,
             ) -> Callable[[int], tuple[float, float]]:
    """The function giving a square's top-left corner on a :func:`square_board`."""

    def corner(i: int) -> tuple[float, float]:
        col, row = i % grid.width, i // grid.width
        if turned:
            col, row = grid.width - 1 - col, grid.height - 1 - row
        return left + col * cell, top + row * cell

    return corner


@functools.lru_cache(maxsize=1 << 10)
def _squares(grid: Grid, cell: float, left: float, top: float, coordinates: bool,
             turned: bool, shown: tuple[tuple[str, str | None, str | None], ...],
             ) -> tuple[str, ...]:
    """The lines :func:`square_board` draws, ``shown`` giving each valid square's ground,
    tooltip and label."""
    picture = Picture(0, 0)
    corner = _corners(grid, cell, left, top, turned)
    for i, (fill, tip, mark) in zip([i for i in range(grid.size) if grid.valid[i]], shown,
                                    strict=True):
        x, y = corner(i)
        picture.rect(x, y, cell, cell, fill=TERRAIN.get(fill, fill), stroke="#9c8f7a",
                     stroke_width=0.5, data_square=grid.names[i], tip=tip)
        if mark:
            picture.text(x + 3, y + 7, mark, size=cell / 5, anchor="start", fill="#5d4d3a",
                         data_square=grid.names[i])
    if coordinates:
        for col in range(grid.width):
            x, _ = corner(col)
            picture.text(x + cell / 2, top + grid.height * cell + cell / 4,
                         grid.names[col].rstrip("0123456789"), size=cell / 4)
        for row in range(grid.height):
            _, y = corner(row * grid.width)
            picture.text(left - cell / 4, y + cell / 2,
                         grid.names[row * grid.width].lstrip("abcdefghijklmnopqrstuvwxyz"),
                         size=cell / 4)
    return tuple(picture.lines)


def legend(picture: Picture, x: float, y: float, entries: Sequence[tuple[str, str]],
           *, size: float = 11) -> float:
    """Colour swatches with their meanings, one per line from (``x``, ``y``); returns the
    y below the last line."""
    for colour, meaning in entries:
        picture.rect(x, y, size, size, fill=TERRAIN.get(colour, colour), stroke="#9c8f7a",
                     stroke_width=0.5)
        picture.text(x + size * 1.5, y + size / 2, meaning, size=size, anchor="start")
        y += size * 1.6
    return y


def frame(width: float, height: float, *, title: str = "", fill: str = "#ffffff") -> Picture:
    """A picture ``width`` x ``height`` with its ``title`` and a background of ``fill``:
    how every game's drawing starts.

    >>> frame(120, 80, title="demo").lines
    ['<rect x="0" y="0" width="120" height="80" fill="#ffffff"/>']
    """
    picture = Picture(width, height, title=title)
    picture.rect(0, 0, width, height, fill=fill)
    return picture


def caption(sentence: str | None, *, width: int = 90, prefix: str = "Last: ") -> list[str]:
    """The caption telling the last event (``sentence``, its ``describe``), wrapped at
    ``width`` characters; no lines for no event. Size the picture with its length, then
    draw it with :func:`draw_caption`.

    >>> caption("Ann steps from a1 to b2"), caption(None)
    (['Last: Ann steps from a1 to b2'], [])
    """
    return [] if sentence is None else textwrap.wrap(prefix + sentence, width=width)


def draw_caption(picture: Picture, x: float, lines: Sequence[str], *, size: float = 12,
                 leading: float = 17, bottom: float = 12) -> None:
    """The :func:`caption` ``lines`` at the foot of ``picture``, from ``x``, the last line
    ``bottom`` above the picture's edge, ``leading`` apart.

    >>> p = frame(200, 60)
    >>> draw_caption(p, 10, ["Last: a step"])
    >>> 'y="48"' in p.lines[-1]
    True
    """
    for k, line in enumerate(lines):
        picture.text(x, picture.height - bottom - leading * (len(lines) - 1 - k), line,
                     size=size, anchor="start")


def legend_last(picture: Picture, x: float, y: float,
                meaning: str = "the last event's squares", *, size: float = 11) -> float:
    """The legend's line for the frame :meth:`Picture.mark` draws around what the last
    event touched; returns the y below it (as :func:`legend` does).

    >>> legend_last(frame(200, 60), 10, 10)
    27.6
    """
    picture.rect(x, y, size, size, fill="none", stroke=LAST, stroke_width=3.0)
    picture.text(x + size * 1.5, y + size / 2, meaning, size=size, anchor="start")
    return y + size * 1.6


def legend_hidden(picture: Picture, x: float, y: float,
                  meaning: str = "a piece this picture may not show", *,
                  size: float = 11) -> float:
    """The legend's line for a piece's back (:meth:`Picture.piece` with ``hidden``);
    returns the y below it.

    >>> legend_hidden(frame(200, 60), 10, 10)
    27.6
    """
    picture.piece(x + size / 2, y + size / 2, size / 2, "", seat=None, hidden=True)
    picture.text(x + size * 1.5, y + size / 2, meaning, size=size, anchor="start")
    return y + size * 1.6


def text_picture(text: str, *, title: str = "") -> str:
    """A plain picture of a text board (monospaced lines), for a game without a drawing of
    its own.

    >>> "<text" in text_picture("a b\\n1 2")
    True
    """
    rows = text.rstrip("\n").split("\n")
    size = 14.0
    width = max((len(row) for row in rows), default=1) * size * 0.62 + 16
    picture = Picture(width, len(rows) * size * 1.3 + 16, title=title)
    picture.rect(0, 0, picture.width, picture.height, fill=TERRAIN["plain"])
    for k, row in enumerate(rows):
        picture.text(8, 8 + (k + 0.5) * size * 1.3, row, size=size, anchor="start",
                     font_family="monospace", style="white-space:pre")
    return picture.svg()
