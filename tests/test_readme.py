"""The README's embedding example runs as written."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from grimoire import Match, UsageError
from grimoire.tools import validate

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_embedding_example_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It runs as written, and again: a second run never meets the first run's log (a
    live log is never overwritten, so the example starts a new one each time)."""
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert code is not None
    cwd = os.getcwd()
    os.chdir(tmp_path)
    logs = []
    try:
        for _ in range(2):
            exec(compile(code.group(1), "README.md", "exec"), {})
            out = capsys.readouterr().out
            assert "a b c d e" in out
            logs.append(Path(out.rsplit("the log so far: ", 1)[1].strip()))
    finally:
        os.chdir(cwd)
    assert logs[0] != logs[1]
    for log in logs:
        (report,) = validate([log])
        assert report.ok, report.summary()
        shutil.rmtree(log.parent)


def test_a_live_log_that_exists_is_refused_clearly(tmp_path: Path) -> None:
    """``Match.new(path=...)`` on a file that exists says what to do, and leaves it."""
    log = tmp_path / "match.jsonl"
    with Match.new("vicious-circle", path=log) as match:
        match.act(match.legal(0)[0])
    before = log.read_bytes()
    with pytest.raises(UsageError) as refused:
        Match.new("vicious-circle", path=log)
    assert refused.value.reason == "io/exists"
    assert "a new match never overwrites a log; continue it with Match.resume(" in str(
        refused.value)
    assert log.read_bytes() == before


def test_the_choices_page_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/choices.md's example: a Swords & Wizardry deployment chosen by a piece's name."""
    page = README.parent / "docs" / "choices.md"
    code = re.search(r"```python\n(.*?)```", page.read_text(), re.S)
    assert code is not None
    exec(compile(code.group(1), "docs/choices.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("What stands on a10?") and "Dragon (1 left)" in out
