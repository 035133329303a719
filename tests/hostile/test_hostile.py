"""No input crashes a tool: the hostile regression files and a seeded fuzz run.

Each file under ``tests/hostile/`` once crashed, hung or exhausted a tool (they are
written by ``make_regressions.py``); every tool must refuse it with a GrimoireError
naming its line, in bounded time and memory. The fuzz run is ``fuzz.py``'s targets with a
few thousand seeded cases (``make fuzz`` runs 100,000 logs and 100,000 positions)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz import check_log, fuzz, iter_regressions

from grimoire.core.audit import audit

HERE = Path(__file__).resolve().parent
FILES = list(iter_regressions())
MEMORY_CEILING_MB = 100


def test_there_are_regression_files() -> None:
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_hostile_file_is_refused_with_its_line(path: Path, tmp_path: Path) -> None:
    report = audit(path)
    assert not report.ok and report.error is not None, report.summary()
    assert report.error["reason"] != "internal/error", report.summary()
    assert report.error["line"] is not None, report.summary()
    check_log(path.read_bytes(), path.read_bytes(), tmp_path, 0)


def test_validating_every_hostile_file_stays_under_the_memory_ceiling() -> None:
    """Peak memory (VmHWM) of a fresh process validating every hostile file: under
    100 MiB plus the longest line."""
    code = (
        "import sys, json\n"
        "from grimoire.tools.validate import validate\n"
        "reports = validate(sys.argv[1:])\n"
        "hwm = next(int(x.split()[1]) for x in open('/proc/self/status') "
        "if x.startswith('VmHWM')) / 1024\n"
        "print(json.dumps({'ok': [r.ok for r in reports], 'mb': hwm, 'reasons': "
        "[r.error and r.error['reason'] for r in reports]}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, *map(str, FILES)], capture_output=True,
                         text=True, check=True, timeout=120)
    result = json.loads(out.stdout)
    longest = max(len(line) for p in FILES for line in p.read_bytes().split(b"\n"))
    assert not any(result["ok"]) and "internal/error" not in result["reasons"]
    assert result["mb"] < MEMORY_CEILING_MB + longest / 2**20, result["mb"]


def test_a_seeded_fuzz_run_finds_nothing() -> None:
    result = fuzz(logs=250, positions=1000, options=200, cli=60, seed=7, seconds=10.0)
    assert not result["found"], "\n".join(result["found"])
