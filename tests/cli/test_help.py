"""Every command's ``--help`` reads cleanly: no Python types (``<bool>``, ``<path>``,
``<list[Path]>``), no braces around arguments (``{GAME}``), no reStructuredText markup
(double backticks), no word the logs no longer use ("sealed" for chained or signed), and no
line broken mid-sentence: the terminal wraps the text, never the docstring's source."""

from __future__ import annotations

import re

import click
import pytest
import typer
from typer.testing import CliRunner

from grimoire.cli.app import app

runner = CliRunner()


def commands() -> list[tuple[str, ...]]:
    """Every command's words: ``()`` for ``grimoire`` itself, ``("store", "list")``…"""
    found: list[tuple[str, ...]] = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        found.append(path)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


def help_text(path: tuple[str, ...], width: int) -> str:
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.output


ARTEFACTS = {
    "a Python type": re.compile(r"<(?:bool|str|int|float|path|list|tuple|dict|[a-z]+\[)[^>]*>"),
    "an argument in braces": re.compile(r"\{[A-Z][A-Z_.]*\}"),
    "reStructuredText double backticks": re.compile(r"``"),
    "'sealed' (say chained or signed)": re.compile(r"\bsealed\b", re.I),
    "an extra eaten as markup ([sign] read as a style)": re.compile(r"grimoire(?=[)\s.,'])"
                                                                   r"(?<=needs grimoire)"),
}


def test_every_command_is_checked() -> None:
    names = {" ".join(p) for p in commands()}
    assert {"", "render", "diff", "new", "play", "store", "store list"} <= names
    assert len(names) > 20


@pytest.mark.parametrize("path", commands(), ids=lambda p: " ".join(p) or "grimoire")
def test_help_shows_no_artefacts(path: tuple[str, ...]) -> None:
    text = help_text(path, 80)
    for what, pattern in ARTEFACTS.items():
        hit = pattern.search(text)
        assert hit is None, f"grimoire {' '.join(path)} --help shows {what}: {hit.group(0)!r}"


BOX = re.compile(r"^[│|] (?P<row>.*?) *[│|]$")


@pytest.mark.parametrize("path", commands(), ids=lambda p: " ".join(p) or "grimoire")
def test_help_never_breaks_a_line_mid_sentence(path: tuple[str, ...]) -> None:
    """On a terminal wide enough for any line, nothing wraps: every row of a table
    starts with its name, and every paragraph of the description is one line. A line
    break there would be the source's, splitting a sentence."""
    text = help_text(path, 1000)
    lines = text.splitlines()
    first_box = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    description = [line.strip() for line in lines[:first_box]
                   if line.strip() and not line.strip().startswith("Usage:")]
    for line in description:
        assert line.endswith((".", ")", ":", "`")), f"a paragraph breaks after {line!r}"
    for line in lines[first_box:]:
        row = BOX.match(line)
        if row and row.group("row").strip():
            assert not row.group("row").startswith("      "), f"a row breaks: {line.strip()!r}"
