"""The tutorial "Audit and chart an archive of 10,000 matches"
(docs/tutorials/audit-an-archive.md) runs as written, on an archive of 60 matches
(``GRIMOIRE_TUTORIAL_N``, as the page says): every command of the page in its order, in
a folder holding the page's files, with the outcomes the page tells."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.docs.pages import Command, commands, page, write_files

TUTORIAL = page("tutorials/audit-an-archive.md")
N = 60  # more than 42: match 42 is one the page forges


def shell(command: Command, cwd: Path) -> tuple[int, str]:
    """Run a command of the page as a shell runs it, the installed ``grimoire`` and
    ``python`` first on the PATH."""
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "GRIMOIRE_TUTORIAL_N": str(N),
           "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command.line], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout


def test_the_page_runs_in_its_order_with_the_outcomes_it_tells(tmp_path: Path) -> None:
    write_files(TUTORIAL, tmp_path)
    steps = commands(TUTORIAL)
    assert [c.line for c in steps] == [
        "python simulate.py",
        "grimoire validate archive --jobs 2",
        "python forge.py",
        "grimoire validate archive --jobs 2 --json-lines > audit.jsonl",
        "python quarantine.py",
        "grimoire validate archive --jobs 2 | tail -n 1",
        "grimoire stats archive --jobs 2 --plot figures.svg",
        "python verdict.py",
    ]
    simulate, audit, forge, audit_json, quarantine, audit_again, stats, verdict = steps

    code, out = shell(simulate, tmp_path)
    assert code == 0 and out.startswith(f"wizard-armies: {N} games (seed 2024): wins ")
    assert len(list((tmp_path / "archive").glob("*.jsonl"))) == N

    code, out = shell(audit, tmp_path)  # the first lines as the page shows them, the summary
    lines = out.splitlines()
    assert code == 0 and lines[:2] == list(audit.shown[:2]), out
    assert re.fullmatch(rf"{N} logs, [\d,]+ events: {N} valid, 0 invalid, 0 unreadable",
                        lines[-1])

    assert shell(forge, tmp_path)[0] == 0
    code, _ = shell(audit_json, tmp_path)
    assert code == 1  # "The command exits with status 1: some log is invalid."

    code, out = shell(quarantine, tmp_path)  # the two forgeries, on the very line forged
    assert code == 0 and quarantine.matches(out, **{"9,998": str(N - 2)}), out
    assert sorted(p.name for p in (tmp_path / "quarantine").iterdir()) == [
        "wizard-armies-2024-0007.jsonl", "wizard-armies-2024-0042.jsonl"]

    code, out = shell(audit_again, tmp_path)
    assert code == 0 and audit_again.matches(out, **{"9,998": str(N - 2), "603,683": "…"})

    code, out = shell(stats, tmp_path)
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"{N - 2} logs audited: {N - 2} valid, 0 kept out", out
    assert lines[0] == stats.shown[0].replace("9,998", str(N - 2))
    assert lines[1].startswith(f"wizard-armies: {N - 2} games (2 players)")
    assert lines[-1] == stats.shown[-1] == "figures.svg: the figures of 1 game"
    assert "<svg" in (tmp_path / "figures.svg").read_text()[:2000]

    code, out = shell(verdict, tmp_path)
    assert code == 0
    shown = [re.sub(r"[\d,.]+", "…", line).replace("[…%, …%]", "[…]") for line in verdict.shown]
    assert verdict.matches(out, **dict(zip(verdict.shown, shown, strict=True))), out
    assert all(f" wins of {N - 2}, " in line for line in out.splitlines())


def test_the_page_shows_the_chart_it_makes() -> None:
    """The picture on the page is a ``stats --plot`` chart of the audited archive."""
    picture = Path(__file__).resolve().parents[2] / "docs/tutorials/audit-an-archive-figures.svg"
    assert "(audit-an-archive-figures.svg)" in TUTORIAL
    text = picture.read_text()
    assert text.lstrip().startswith(("<?xml", "<svg")) and "9,998 logs audited" in text
