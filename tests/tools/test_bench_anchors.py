"""``tools/bench_anchors.py``, the benchmark's anchors, works: its recorded chess games are
the same for the same seed and replay in python-chess and OpenSpiel (each only when the
``bench`` extra installed it), and the table states each game's ratio ours/anchor. Nothing
here times anything."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_anchors",
                                                  ROOT / "tools" / "bench_anchors.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


anchors = load()


def test_recorded_games_are_seeded_and_replay_validated_in_python_chess() -> None:
    pytest.importorskip("chess")
    games = anchors.record_games(games=2, plies=3, seed=1)
    assert games == anchors.record_games(games=2, plies=3, seed=1)
    assert [len(g) for g in games] == [3, 3]
    assert anchors.push_uci_rate(games, repeat=1) > 0


def test_open_spiel_replays_the_same_moves_as_action_ids() -> None:
    pytest.importorskip("chess")
    pytest.importorskip("pyspiel")
    games = anchors.record_games(games=1, plies=3, seed=1)
    actions = anchors.to_actions(games)  # checks each is legal and the last position matches
    assert [len(a) for a in actions] == [3]
    assert anchors.apply_action_rate(actions, repeat=1) > 0


def test_the_table_gives_each_game_its_ratios_and_marks_a_missed_target() -> None:
    res = {"anchor_games": 1, "anchor_moves": 3, "anchor_python_chess_version": "1",
           "anchor_python_chess_push_uci_moves_per_s": 100.0,
           "anchor_open_spiel_version": "2", "anchor_open_spiel_apply_action_moves_per_s": 50.0,
           "magery_validate_events_per_s": 250.0, "magery_fold_events_per_s": 150.0}
    anchors.compare(res, ["magery"])
    assert res["magery_validate_vs_python_chess"] == 2.5
    assert res["magery_fold_vs_open_spiel"] == 3.0
    row = next(line for line in anchors.table(res, ["magery"]).splitlines()
               if line.startswith("magery"))
    assert "2.50x " in row and "3.00x!" in row  # validate meets 2x, replay misses 4x
    assert row.split().count("-") == 2  # no rounds: no paired ratios


def test_paired_ratios_are_the_median_of_each_rounds_ratio() -> None:
    """A round where the machine ran fast for us and slow for the anchor (round 2) moves
    the best-against-best ratio (40/11) but not the median of the rounds' ratios."""
    history = {"anchor_python_chess_push_uci_moves_per_s": [10.0, 8.0, 11.0],
               "anchor_open_spiel_apply_action_moves_per_s": [50.0, 50.0, 50.0],
               "magery_validate_events_per_s": [18.0, 40.0, 22.0],
               "magery_fold_events_per_s": [100.0, 150.0, 125.0]}
    got = anchors.paired(history, ["magery", "wiz_war"])
    assert got == {"magery_validate_vs_python_chess_paired": 2.0,
                   "magery_fold_vs_open_spiel_paired": 2.5}


def test_without_open_spiel_its_figure_is_skipped_with_a_note(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("chess")
    monkeypatch.setattr(anchors, "missing", lambda: ["pyspiel"])
    monkeypatch.setattr(anchors, "record_games", lambda *a: [["e2e4", "e7e5"]])
    res = anchors.anchors(repeat=1)
    assert res["anchor_moves"] == 2
    assert "anchor_open_spiel_apply_action_moves_per_s" not in res
    assert "OpenSpiel is not installed" in res["anchor_open_spiel_note"]
