"""The README's embedding example runs as written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_embedding_example_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert code is not None
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(code.group(1), "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert (tmp_path / "match.jsonl").exists()
    assert "a b c d e" in capsys.readouterr().out


def test_the_choices_page_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/choices.md's example: a Swords & Wizardry deployment chosen by a piece's name."""
    page = README.parent / "docs" / "choices.md"
    code = re.search(r"```python\n(.*?)```", page.read_text(), re.S)
    assert code is not None
    exec(compile(code.group(1), "docs/choices.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("What stands on a10?") and "Dragon (1 left)" in out
