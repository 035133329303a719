"""``grimoire export``: the same file on one process or two over every fixture, the
report as text and ``--json``, and usage mistakes as exit 2 with their reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# The games the fixtures hold (every shipped game has its folder: tests/contract/test_fixtures.py)
GAMES = sorted(d.name for d in FIXTURES.iterdir() if d.is_dir())


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_one_job_and_two_write_the_same_file_over_the_fixtures(tmp_path: Path) -> None:
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    code, out = run("export", str(FIXTURES), "-o", str(one), "--jobs", "1")
    assert code == 0, out
    assert "exported, " in out and f"columns in {one}" in out
    code, out = run("export", str(FIXTURES), "--out", str(two), "--jobs", "2", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["logs"] == sum(1 for _ in FIXTURES.rglob("*.jsonl"))
    assert report["exported"] + sum(report["skipped"].values()) == report["logs"]
    assert one.read_bytes() == two.read_bytes()
    import pyarrow.parquet as pq  # (imported here: every test process collects this file)

    table = pq.read_table(two)
    assert table.num_rows == report["rows"] and len(table.schema) == report["columns"]
    assert sorted(set(table.column("game").to_pylist())) == GAMES


def test_usage_mistakes_are_exit_2_with_their_reason(tmp_path: Path) -> None:
    taken = tmp_path / "taken.parquet"
    taken.write_bytes(b"")
    code, out = run("export", "--json", str(FIXTURES / "magery"), "-o", str(taken))
    assert code == 2 and json.loads(out)["error"]["reason"] == "io/exists"
    (tmp_path / "empty").mkdir()
    code, out = run("export", "--json", str(tmp_path / "empty"), "-o",
                    str(tmp_path / "e.parquet"))
    assert code == 2 and json.loads(out)["error"]["reason"] == "export/no-logs"
    assert taken.read_bytes() == b"" and not (tmp_path / "e.parquet").exists()


def test_force_replaces_the_file_once_the_new_one_is_whole(tmp_path: Path) -> None:
    out = tmp_path / "events.parquet"
    out.write_bytes(b"an older export")
    code, text = run("export", "--json", "--force", "--jobs", "1", str(FIXTURES / "magery"),
                     "-o", str(out))
    assert code == 0, text
    import pyarrow.parquet as pq

    assert pq.read_table(out).num_rows == json.loads(text)["rows"] > 0
    assert [p.name for p in tmp_path.iterdir()] == ["events.parquet"]  # no temporary left


@pytest.mark.parametrize("command", ["export", "stats", "validate"])
def test_the_help_names_the_archive_extra_as_it_is_installed(command: str) -> None:
    """Rich takes ``[archive]`` for markup unless it is escaped: the help must show it."""
    code, out = run(command, "--help")
    assert code == 0 and "grimoire-games[archive]" in " ".join(out.split())


def test_a_tampered_log_is_not_exported_unless_no_validate(tmp_path: Path) -> None:
    """By default each log is audited and a tampered one is left out, by its reason;
    --no-validate exports it as any other, and the summary says so."""
    logs = tmp_path / "logs"
    code, out = run("simulate", "vicious-circle", "-n", "2", "--seed", "5", "-o", str(logs))
    assert code == 0, out
    log = sorted(logs.glob("*.jsonl"))[0]
    lines = log.read_text().splitlines(keepends=True)
    victim = next(i for i, line in enumerate(lines) if i and '"player":0' in line)
    lines[victim] = lines[victim].replace('"player":0', '"player":1', 1)  # a seat flipped
    log.write_text("".join(lines))
    code, out = run("export", str(logs), "-o", str(tmp_path / "a.parquet"), "--jobs", "1")
    assert code == 0 and out.startswith("2 logs audited: 1 exported"), out
    assert "log/chain 1" in out
    code, out = run("export", str(logs), "-o", str(tmp_path / "t.parquet"), "--jobs", "1",
                    "--no-validate")
    assert code == 0, out
    assert out.startswith("2 logs read unchecked (--no-validate: a tampered log is exported "
                          "as any other): 2 exported"), out
