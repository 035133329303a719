"""The ``grimoire`` command, through CliRunner and through the installed executable."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    code, out = run("simulate", "vicious-circle", "--games", "2", "--seed", "3", "-o",
                    str(tmp_path))
    assert code == 0, out
    return tmp_path


def test_version_prints_grimoire_version() -> None:
    """``grimoire --version`` reads the one version, ``grimoire.__version__`` (the installed
    distribution's metadata is checked against it by tests/packaging/test_wheel.py)."""
    import grimoire

    code, out = run("--version")
    assert code == 0 and out == f"grimoire {grimoire.__version__}\n"


def test_games_lists_vicious_circle() -> None:
    code, out = run("games")
    assert code == 0 and "vicious-circle" in out
    code, out = run("games", "--json")
    assert any(g["name"] == "vicious-circle" for g in json.loads(out)["games"])


def test_validate_exit_codes(logs: Path, tmp_path: Path) -> None:
    log = sorted(logs.glob("*.jsonl"))[0]
    code, out = run("validate", str(log))
    assert code == 0 and ": ok," in out
    lines = log.read_text().splitlines(keepends=True)
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("".join([*lines[:3], lines[4], lines[3], *lines[5:]]))
    code, out = run("validate", str(bad))
    assert code == 1 and "line 4 (seq 3): log/seq: expected seq 2" in out
    code, out = run("validate", str(tmp_path / "missing.jsonl"))
    assert code == 2
    code, out = run("validate", "--json", str(log), str(bad))
    data = json.loads(out)
    assert code == 1 and [x["ok"] for x in data["logs"]] == [True, False]


def test_rewind_diff_replay_render(logs: Path, tmp_path: Path) -> None:
    log = sorted(logs.glob("*.jsonl"))[0]
    fork = tmp_path / "fork.jsonl"
    code, out = run("rewind", str(log), "--to", "5", "-o", str(fork))
    assert code == 0, out
    code, out = run("diff", str(log), str(fork))
    assert code == 1 and "common prefix: 5 records" in out
    code, out = run("diff", "--json", str(log), str(fork))
    assert json.loads(out)["common"] == 5
    code, out = run("replay", str(fork))
    assert code == 0 and "[4]" in out
    code, out = run("render", str(log), "--at", "1", "--as", "Twilight")
    assert code == 0 and "?" in out
    code, out = run("render", str(log), "--at", "999")
    assert code == 2 and "replay/out-of-range" in out


def test_schema_and_seal(logs: Path, tmp_path: Path) -> None:
    code, out = run("schema", "vicious-circle")
    schema = json.loads(out)
    assert code == 0 and "vicious-circle" in schema["title"]
    assert {"Header", "Record", "Trailer", "Move"} <= set(schema["$defs"])
    log = sorted(logs.glob("*.jsonl"))[0]
    code, out = run("seal", str(log), "-o", str(tmp_path / "s.jsonl"))
    assert code == 0 and "records, chained" in out


def test_new_and_bad_options(tmp_path: Path) -> None:
    code, out = run("new", "vicious-circle", "-o", str(tmp_path / "n.jsonl"), "--option",
                    "edition=illustrated")
    assert code == 0 and "seed" in out
    code, out = run("new", "vicious-circle", "-o", str(tmp_path / "m.jsonl"), "--option",
                    "edition=pirate")
    assert code == 2 and "options/invalid" in out
    code, out = run("new", "chess", "-o", str(tmp_path / "c.jsonl"))
    assert code == 2 and "game/unknown" in out


def test_play_with_scripted_input(tmp_path: Path) -> None:
    out_log = tmp_path / "p.jsonl"
    result = runner.invoke(app, ["play", "vicious-circle", "--seed", "05" * 16, "-o",
                                 str(out_log)], input="r\n" * 200)
    assert result.exit_code == 0, result.output
    assert out_log.exists()


def test_the_installed_executable(tmp_path: Path) -> None:
    exe = shutil.which("grimoire") or str(Path(sys.executable).parent / "grimoire")
    done = subprocess.run([exe, "simulate", "vicious-circle", "-n", "1", "-o", str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    log = next(tmp_path.glob("*.jsonl"))
    done = subprocess.run([exe, "--log-json", "validate", str(log)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0 and ": ok," in done.stdout
    assert json.loads(done.stderr.splitlines()[0])["event"] == "validated"
    done = subprocess.run([exe, "validate", str(tmp_path / "nope.jsonl")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [
    ("new", "wiz-war", "-o", "{out}", "--option", "victory_points=0"),
    ("new", "vicious-circle", "-o", "{out}", "--seed", "zz"),
    ("simulate", "no-such-game"),
])
def test_usage_mistakes_exit_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    code, out = run(*(a.format(out=tmp_path / "x.jsonl") for a in args))
    assert code == 2, out


def test_a_log_header_with_a_bad_option_is_invalid_on_line_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    header = {"format": "grimoire/2", "game": "wiz-war", "rules": "1",
              "options": {"victory_points": 0}, "players": ["A", "B"], "dice": "recorded"}
    path.write_text(json.dumps(header, separators=(",", ":")) + "\n")
    code, out = run("validate", str(path))
    assert code == 1 and "line 1: setup/victory-points" in out, out
    path.write_text(json.dumps(header) + "\n")  # by hand, with spaces: its form first
    code, out = run("validate", str(path))
    assert code == 1 and "line 1: log/not-canonical" in out, out
