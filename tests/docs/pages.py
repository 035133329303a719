"""Reading a documentation page's code as the tests run it: its files (fenced blocks with
a ``title="path"``), and its console sessions (``$ command`` lines and what they print,
``…`` standing for anything)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

FENCE = re.compile(
    r'^```(?P<lang>[\w-]+)(?: title="(?P<title>[^"]+)")?[^\n]*\n(?P<body>.*?)^```[ \t]*$',
    re.S | re.M)


class Block(msgspec.Struct, frozen=True):
    """One fenced block: its language, its title (a file's path, or empty) and its text."""

    lang: str
    title: str
    body: str


class Command(msgspec.Struct, frozen=True):
    """One ``$ command`` of a console block and the lines shown after it."""

    line: str
    shown: tuple[str, ...]

    def matches(self, out: str, **replace: str) -> bool:
        """Whether ``out`` is what the page shows, ``…`` matching anything within a line
        (after ``replace``'s substitutions in the page's text)."""
        lines = out.rstrip("\n").splitlines()
        if len(lines) != len(self.shown):
            return False
        for want, got in zip(self.shown, lines, strict=True):
            for old, new in replace.items():
                want = want.replace(old, new)
            pattern = ".*".join(re.escape(part) for part in want.split("…"))
            if not re.fullmatch(pattern, got):
                return False
        return True


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def blocks(text: str) -> list[Block]:
    """Every fenced block of a page, in order."""
    return [Block(m.group("lang"), m.group("title") or "", m.group("body"))
            for m in FENCE.finditer(text)]


def files(text: str) -> dict[str, str]:
    """The page's files by their path (a later block of the same path replaces it; a
    ``diff`` block is a change to a file, not the file: see :func:`diffs`)."""
    return {b.title: b.body for b in blocks(text) if b.title and b.lang != "diff"}


def diffs(text: str) -> list[Block]:
    """The page's changes to files, as unified diffs, in the page's order."""
    return [b for b in blocks(text) if b.lang == "diff"]


def write_files(text: str, into: Path, *, skip: str = "") -> dict[str, Path]:
    """Write the page's files under ``into`` (but those whose path holds ``skip``, when
    given); their paths by title."""
    out: dict[str, Path] = {}
    for title, body in files(text).items():
        if skip and skip in title:
            continue
        path = into / title
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
        out[title] = path
    return out


def commands(text: str) -> list[Command]:
    """Every ``$ command`` of the page's console blocks, with the lines shown after it."""
    out: list[Command] = []
    for block in blocks(text):
        if block.lang != "console":
            continue
        line = ""
        shown: list[str] = []
        for row in block.body.splitlines():
            if row.startswith("$ "):
                if line:
                    out.append(Command(line, tuple(shown)))
                line, shown = row[2:], []
            else:
                shown.append(row)
        if line:
            out.append(Command(line, tuple(shown)))
    return out


def command(text: str, line: str) -> Command:
    """The page's one command ``line``."""
    found = [c for c in commands(text) if c.line == line]
    assert len(found) == 1, f"the page has {len(found)} commands {line!r}"
    return found[0]
