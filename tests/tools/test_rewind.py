"""``grimoire rewind``: a fork ends at a whole decision, so it validates."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import bot_match

from grimoire.core.errors import UsageError
from grimoire.core.events import Action
from grimoire.tools import rewind, validate

ROOT = Path(__file__).resolve().parents[2]


def test_a_cut_inside_a_decision_is_refused_naming_the_whole_cuts(tmp_path: Path) -> None:
    """Records after an action belong to it: ``--to`` between them would leave half a
    decision (which ``validate`` refuses), so it is refused with the cuts on either side,
    and either of those writes a fork that validates."""
    log = tmp_path / "match.jsonl"
    match = bot_match("wizard-armies", seed=1)
    match.save(log, reveal=True)
    kinds = [isinstance(e, Action) for e in match.events]
    start = kinds.index(True)
    end = kinds.index(True, start + 1)
    assert end - start > 1, "the first decision has events after its action"
    with pytest.raises(UsageError) as refused:
        rewind(log, start + 1, tmp_path / "half.jsonl")
    assert refused.value.reason == "rewind/mid-decision"
    assert f"--to {start} or --to {end}" in refused.value.detail
    assert not (tmp_path / "half.jsonl").exists()
    for cut in (start, end, len(match.events)):
        fork = tmp_path / f"fork-{cut}.jsonl"
        rewind(log, cut, fork)
        (report,) = validate([fork])
        assert report.ok, report.summary()


def test_make_demos_fork_validates(tmp_path: Path) -> None:
    """``make demo`` rewinds a log halfway: its fork is valid (it was cut mid-decision)."""
    out = tmp_path / "demo"
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "demo.py"), "--out", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    forks = list(out.glob("fork-*.jsonl"))
    assert forks
    assert all(r.ok for r in validate(forks)), [r.summary() for r in validate(forks)]
