"""The environment's example (``examples/random_agent_env.py``) plays episodes with a
random agent, writes their logs, and every log passes the audit ``grimoire stats`` runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_agent_env.py"


def test_the_random_agent_example_writes_logs_that_validate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("random_agent_env", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.main(["--game", "wizard-armies", "--episodes", "3",
                         "--logs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "3 logs audited: 3 valid, 0 kept out" in out
    assert len(list(tmp_path.glob("wizard-armies-*.jsonl"))) == 3
