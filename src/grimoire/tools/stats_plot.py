"""``grimoire stats --plot FILE``: an archive's figures as a picture (SVG or PNG).

A row of three panels for each game of a :class:`~grimoire.tools.stats.StatsReport`:
wins by side (bars, with the 95% Wilson interval as error bars, draws and unfinished
games noted), the distribution of game length in actions (a histogram, the median
marked), and how the finished games ended (a bar per reason, the unfinished in grey).

Drawn with matplotlib (the ``archive`` extra), imported only here and only when a picture
is asked for; a :class:`matplotlib.figure.Figure` on its own canvas, so pyplot's global
state is never touched. The same report gives the same bytes: the SVG's ids are salted
with a constant and it carries no date, the PNG no software version. The SVG keeps its
words as text (searchable, and drawn in the viewer's sans-serif font).

>>> import tempfile, pathlib
>>> from grimoire.tools.simulate import simulate
>>> from grimoire.tools.stats import stats
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = simulate("vicious-circle", games=3, seed=2, out=folder / "logs")
>>> plot(stats([folder / "logs"], jobs=1), folder / "figures.svg")
>>> b"vicious-circle" in (folder / "figures.svg").read_bytes()
True
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Mapping
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.tools.stats import GameStats, StatsReport

__all__ = ["FORMATS", "check_target", "plot"]

FORMATS = (".svg", ".png")
"""The kinds of picture :func:`plot` draws, by the file's suffix."""

SEAT_COLOURS = ("#b03a2e", "#1f4e79", "#1e8449", "#7d3c98", "#b9770e", "#117a65")
"""Each seat's colour, in the order of the boards' SVG pictures."""
INK, MUTED, FACE = "#222222", "#9a9a9a", "#5d6d7e"
BINS = 30
"""The most bars a length histogram has (one per length when there are fewer)."""
ROW_HEIGHT, WIDTH, DPI = 3.4, 15.0, 100
_SALT = "grimoire-stats"


def check_target(path: str | os.PathLike[str]) -> str:
    """The picture's format (``"svg"`` or ``"png"``) for a new file at ``path``, checked
    before any work: a known suffix, no file there already, matplotlib installed.

    >>> check_target("figures.PNG")
    'png'
    >>> check_target("figures.pdf")
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: stats/plot-format: figures.pdf: a plot is an .svg or .png file
    """
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in FORMATS:
        raise UsageError("stats/plot-format", f"{os.fspath(path)}: a plot is an "
                         f"{' or '.join(FORMATS)} file")
    if os.path.lexists(path):
        raise UsageError("io/exists", f"{os.fspath(path)} exists; choose another name")
    _matplotlib()
    return suffix[1:]


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise UsageError("stats/needs-archive", "plotting needs matplotlib: pip install "
                         "'grimoire-games[archive]'") from None
    return matplotlib


def plot(report: StatsReport | Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw ``report`` (a :class:`StatsReport`, or one decoded from ``grimoire stats
    --json``) into a new file at ``path``, an SVG or a PNG by its suffix (an existing file
    is never replaced: ``io/exists``). A report without ``action_lengths`` (written before
    they were added) gets no histograms."""
    kind = check_target(path)
    if not isinstance(report, StatsReport):
        try:
            report = msgspec.convert(report, StatsReport, strict=False)
        except msgspec.ValidationError as exc:
            raise UsageError("stats/bad-report", f"not a stats report "
                             f"(grimoire stats --json): {exc}") from None
    data = _draw(report, kind)
    try:
        with open(path, "xb") as f:
            f.write(data)
    except FileExistsError:
        raise UsageError("io/exists", f"{os.fspath(path)} exists; choose another name"
                         ) from None


def _draw(report: StatsReport, kind: str) -> bytes:
    """The picture's bytes."""
    matplotlib = _matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = max(len(report.games), 1)
    rc = {"svg.hashsalt": _SALT, "svg.fonttype": "none", "font.size": 9,
          "axes.titlesize": 10, "axes.spines.top": False, "axes.spines.right": False}
    with matplotlib.rc_context(rc):
        fig = Figure(figsize=(WIDTH, ROW_HEIGHT * rows + 0.7), dpi=DPI, layout="constrained")
        FigureCanvasAgg(fig)
        read = "audited" if report.validated else "read unchecked (--no-validate)"
        title = f"{report.logs:,} logs {read}"
        unknown = sum(report.unknown.values())
        if unknown:
            title += f"; {unknown:,} of no known game (" + ", ".join(
                f"{r} {n:,}" for r, n in report.unknown.items()) + ")"
        fig.suptitle(title, color=INK)
        if not report.games:
            ax = fig.add_subplot(1, 1, 1)
            ax.set_axis_off()
            ax.text(0.5, 0.5, "no logs of a known game", ha="center", va="center",
                    color=MUTED, transform=ax.transAxes)
        else:
            grid = fig.subplots(rows, 3, squeeze=False, width_ratios=(1.0, 1.3, 1.1))
            for game, (wins, lengths, endings) in zip(report.games, grid, strict=True):
                _wins(wins, game)
                _lengths(lengths, game)
                _endings(endings, game)
        out = io.BytesIO()
        if kind == "svg":
            fig.savefig(out, format="svg", metadata={"Date": None})
        else:
            fig.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def _note(ax: Any, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", color=MUTED, transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def _wins(ax: Any, game: GameStats) -> None:
    """Each seat's share of the finished games, with its 95% Wilson interval."""
    plural = "s" if game.games != 1 else ""
    ax.set_title(f"{game.game}: wins by seat ({game.games:,} game{plural})", loc="left",
                 color=INK)
    even = "; dotted: an even share" if len(game.seats) > 1 else ""
    ax.set_xlabel(f"{game.finished:,} finished ({game.draws:,} drawn), "
                  f"{game.unfinished:,} unfinished{even}", color=FACE)
    if not game.seats:
        _note(ax, "no finished games")
        return
    x = range(len(game.seats))
    rates = [100 * s.rate for s in game.seats]
    below = [100 * (s.rate - s.low) for s in game.seats]
    above = [100 * (s.high - s.rate) for s in game.seats]
    colours = [SEAT_COLOURS[s.seat % len(SEAT_COLOURS)] for s in game.seats]
    ax.bar(x, rates, color=colours, alpha=0.85, yerr=(below, above), capsize=5,
           error_kw={"ecolor": INK, "elinewidth": 1})
    for k, s in enumerate(game.seats):
        ax.annotate(f"{s.wins:,}/{s.games:,}", (k, 100 * s.high), xytext=(0, 3),
                    textcoords="offset points", ha="center", va="bottom", color=INK,
                    fontsize=8)
    ax.set_xticks(list(x), [s.label for s in game.seats])
    ax.set_ylim(0, 110)
    ax.set_ylabel("won (%, 95% interval)")
    if len(game.seats) > 1 and game.finished:  # each seat's share if none had the edge
        share = 100 * (1 - game.draws / game.finished) / len(game.seats)
        ax.axhline(share, color=MUTED, linewidth=0.8, linestyle=":")


def _lengths(ax: Any, game: GameStats) -> None:
    """A histogram of game length in actions, the median marked."""
    ax.set_title("length: actions a game", loc="left", color=INK)
    counts = game.action_lengths
    if not counts:
        _note(ax, "no lengths in this report" if game.games else "no games")
        return
    lo, hi = min(counts), max(counts)
    width = max(1, math.ceil((hi - lo + 1) / BINS))
    edges = [lo - 0.5 + k * width for k in range(math.ceil((hi - lo + 1) / width) + 1)]
    values = list(counts)
    ax.hist(values, bins=edges, weights=[counts[v] for v in values], color=FACE,
            edgecolor="white", linewidth=0.5)
    ax.axvline(game.actions.median, color=INK, linewidth=1, linestyle="--")
    ax.annotate(f"median {game.actions.median:,.0f}", (game.actions.median, 1),
                xycoords=("data", "axes fraction"), xytext=(4, -4),
                textcoords="offset points", ha="left", va="top", color=INK, fontsize=8)
    ax.set_xlabel(f"actions (min {game.actions.min:,}, mean {game.actions.mean:,.1f}, "
                  f"max {game.actions.max:,})", color=FACE)
    ax.set_ylabel("games")
    _whole_numbers(ax.xaxis, ax.yaxis)  # lengths and counts: never a tick at 0.2 games


def _endings(ax: Any, game: GameStats) -> None:
    """A bar per ending (the outcome's reason), the unfinished games apart in grey."""
    ax.set_title("endings", loc="left", color=INK)
    labels = list(game.endings)
    counts = list(game.endings.values())
    colours = [FACE] * len(labels)
    if game.unfinished:
        labels.append("(unfinished)")
        counts.append(game.unfinished)
        colours.append(MUTED)
    if not labels:
        _note(ax, "no games")
        return
    y = list(range(len(labels)))
    ax.barh(y, counts, color=colours, height=0.6)
    ax.set_yticks(y, labels)
    ax.set_ylim(max(len(labels), 4) - 0.5, -0.5)  # the most common on top; a few bars
    # keep the height of a bar among four
    total = sum(counts)
    for k, n in enumerate(counts):
        ax.annotate(f"{n:,} ({n / total:.0%})", (n, k), xytext=(3, 0),
                    textcoords="offset points", va="center", color=INK, fontsize=8)
    ax.set_xlim(0, max(counts) * 1.25)
    ax.set_xlabel("games")
    _whole_numbers(ax.xaxis)


def _whole_numbers(*axes: Any) -> None:
    """Ticks at whole numbers only (what counts and lengths are)."""
    from matplotlib.ticker import MaxNLocator

    for axis in axes:
        axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
