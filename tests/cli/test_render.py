"""``grimoire render``: what it writes is what the file's name says."""

from __future__ import annotations

from pathlib import Path

from helpers import bot_match
from typer.testing import CliRunner

from grimoire.cli.app import app

runner = CliRunner()


def test_render_into_a_file_named_svg_writes_an_svg_picture(tmp_path: Path) -> None:
    """``-o board.svg`` without ``--svg`` writes a picture, never the text board."""
    log = tmp_path / "match.jsonl"
    bot_match(seed=4, max_actions=10).save(log)
    result = runner.invoke(app, ["render", str(log), "-o", str(tmp_path / "board.svg")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "board.svg").read_text().startswith("<svg")
    assert "an SVG picture" in result.output
    result = runner.invoke(app, ["render", str(log), "-o", str(tmp_path / "board.txt")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "board.txt").read_text()
    assert "<svg" not in text and "a  b  c  d  e" in text
