"""``tools/archive_check.py``, the end-to-end check of the archive tools, runs as the
README says (a small archive here; ``make archive-check`` runs 2,000 matches): every
command, on this machine and on a cluster started with the ``dask`` commands, agrees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "archive_check.py"


def test_every_tool_agrees_on_a_small_archive(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--matches", "10", "--cap", "150", "--keep",
         str(tmp_path)], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("all agree")
    assert "FAIL" not in done.stdout
    assert "the documented DuckDB query gives stats' figures for wiz-war" in done.stdout
    assert (tmp_path / "local.parquet").exists() and (tmp_path / "cluster.parquet").exists()
