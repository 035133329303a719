"""``tools.stats_plot`` and ``grimoire stats --plot``: a real matplotlib picture of a real
report, an SVG that is XML naming each game, a PNG of a sensible size, the same bytes for
the same report (and for the report decoded from ``--json``), and clear usage errors."""

from __future__ import annotations

import json
import struct
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.core.errors import UsageError
from grimoire.tools.simulate import simulate
from grimoire.tools.stats import StatsReport, stats
from grimoire.tools.stats_plot import DPI, ROW_HEIGHT, WIDTH, plot

runner = CliRunner()
# Two short games, a deliberately small pair: the plot's rows, not the games, are tested here
GAMES = ("vicious-circle", "wizard-armies")
PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("archive")
    for game in GAMES:
        simulate(game, games=5, seed=4, out=out / game, max_actions=40)
    (out / "broken.jsonl").write_bytes(b"not a log\n")
    return out


@pytest.fixture(scope="module")
def report(archive: Path) -> StatsReport:
    return stats([archive], jobs=1)


@pytest.fixture(scope="module")
def drawn(report: StatsReport, tmp_path_factory: pytest.TempPathFactory
          ) -> Callable[[str], Path]:
    """The report's picture as a ``.svg`` or ``.png`` file: ``plot(report, …)`` once per
    suffix, for every test that reads that picture (the same-bytes test draws it twice
    more and compares: the pictures are the same every time)."""
    folder = tmp_path_factory.mktemp("drawn")
    made: dict[str, Path] = {}

    def get(suffix: str) -> Path:
        if suffix not in made:
            plot(report, folder / f"figures{suffix}")
            made[suffix] = folder / f"figures{suffix}"
        return made[suffix]

    return get


def test_the_svg_is_xml_with_a_row_of_panels_naming_each_game(
        drawn: Callable[[str], Path]) -> None:
    root = ET.parse(drawn(".svg")).getroot()
    assert root.tag == f"{SVG}svg"
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    for game in GAMES:
        assert any(t.startswith(f"{game}: wins by seat (5 games)") for t in texts), texts
    assert texts.count("length: actions a game") == texts.count("endings") == len(GAMES)
    assert any("1 of no known game (log/not-a-log 1)" in t for t in texts)


def test_the_png_has_its_signature_and_a_row_of_panels_a_game(
        drawn: Callable[[str], Path]) -> None:
    data = drawn(".png").read_bytes()
    assert data[:8] == PNG and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width == WIDTH * DPI
    assert height == round((ROW_HEIGHT * len(GAMES) + 0.7) * DPI)
    assert 10_000 < len(data) < 1_000_000


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_the_same_report_gives_the_same_bytes_from_code_and_from_json(
        report: StatsReport, drawn: Callable[[str], Path], tmp_path: Path,
        suffix: str) -> None:
    """``grimoire stats --json`` is enough to plot: its decoded document draws the same
    picture as the report itself, byte for byte, every time."""
    decoded = json.loads(json.dumps(msgspec.to_builtins(report)))
    assert all(isinstance(k, str) for g in decoded["games"] for k in g["action_lengths"])
    plot(report, tmp_path / f"b{suffix}")  # the report drawn again (``drawn`` drew it once)
    plot(decoded, tmp_path / f"c{suffix}")
    a = drawn(suffix).read_bytes()
    b, c = ((tmp_path / f"{n}{suffix}").read_bytes() for n in "bc")
    assert a == b == c


def test_the_cli_draws_the_figures_it_prints(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "figures.svg"
    result = runner.invoke(app, ["stats", "--jobs", "1", str(archive), "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"{out}: the figures of 2 games\n")
    assert b"wizard-armies: wins by seat" in out.read_bytes()


@pytest.mark.parametrize(("name", "reason"), [
    ("figures.pdf", "stats/plot-format"),
    ("figures", "stats/plot-format"),
    ("taken.svg", "io/exists"),
])
def test_a_wrong_plot_file_is_a_usage_error_before_any_work(
        archive: Path, tmp_path: Path, name: str, reason: str) -> None:
    (tmp_path / "taken.svg").write_text("mine")
    result = runner.invoke(app, ["stats", str(tmp_path / "no-such-folder"),
                                 "--plot", str(tmp_path / name)])
    assert result.exit_code == 2
    assert result.output.startswith(f"grimoire: {reason}: ")
    assert result.output.count("\n") == 1
    assert (tmp_path / "taken.svg").read_text() == "mine"
    result = runner.invoke(app, ["stats", "--json", str(archive), "--plot",
                                 str(tmp_path / name)])
    assert result.exit_code == 2 and json.loads(result.output)["error"]["reason"] == reason


def test_without_matplotlib_the_user_is_told_to_install_the_extra(
        report: StatsReport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # ``import matplotlib`` fails
    with pytest.raises(UsageError, match=r"pip install 'grimoire-games\[archive\]'") as err:
        plot(report, tmp_path / "figures.png")
    assert err.value.reason == "stats/needs-archive"
    assert not (tmp_path / "figures.png").exists()


def test_a_document_that_is_no_stats_report_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as err:
        plot({"logs": "many"}, tmp_path / "figures.svg")
    assert err.value.reason == "stats/bad-report"


def test_an_archive_of_no_known_game_still_gives_a_picture_saying_so(tmp_path: Path) -> None:
    plot(StatsReport(logs=2, validated=False, games=(), unknown={"log/empty": 2}),
         tmp_path / "none.svg")
    root = ET.parse(tmp_path / "none.svg").getroot()
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "no logs of a known game" in texts


def test_a_report_from_before_action_lengths_draws_no_histogram(
        report: StatsReport, tmp_path: Path) -> None:
    old = msgspec.to_builtins(report)
    for game in old["games"]:
        del game["action_lengths"]
    plot(old, tmp_path / "old.svg")
    texts = ["".join(t.itertext()) for t in ET.parse(tmp_path / "old.svg").getroot().iter(
        f"{SVG}text")]
    assert texts.count("no lengths in this report") == len(GAMES)


def test_one_games_figures_have_whole_numbers_on_their_axes(tmp_path: Path) -> None:
    """A single game's histogram counts 1 game of one length: its axes show whole
    numbers (games, actions), never 0.2 of a game or 55.65 actions; the bars are named
    by the game's sides."""
    simulate("vicious-circle", games=1, seed=3, out=tmp_path / "one")
    plot(stats([tmp_path / "one"], jobs=1), tmp_path / "one.svg")
    root = ET.parse(tmp_path / "one.svg").getroot()
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    numbers = [t for t in texts if t.replace(".", "").replace("\u2212", "").isdigit()]
    assert numbers and all("." not in t for t in numbers), numbers
    assert "Dawn (seat 0)" in texts and "Twilight (seat 1)" in texts
