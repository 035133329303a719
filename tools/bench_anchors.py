"""The anchors of issue 14, measured in the same run as our own figures
(``python tools/bench.py --anchors``, or in the full run when the ``bench`` extra is
installed: ``pip install -e '.[bench]'``):

- validate against python-chess: ``board.push_uci(move)`` for every move of recorded games
  (each move parsed and checked legal before it is played), moves/s;
- trusted replay against OpenSpiel: ``state.apply_action(a)`` for the same games as
  OpenSpiel action ids, moves/s.

The recorded games are made here, so nothing is downloaded: random legal games from a
seeded RNG, played with python-chess and capped at ``plies``, each stopped where chess
ends in either library (mate, stalemate, too little material, fifty moves, threefold),
recorded as UCI strings and converted once to OpenSpiel's action ids (each checked legal,
and each game's final position checked against python-chess's). Each figure is the best
of ``repeat`` runs. Without OpenSpiel (it ships wheels for few platforms) its figure is
skipped with a note; without python-chess both are. ``tools/bench.py`` measures them in
rounds with our own figures (one pass of each a round, CPU time, best round kept), so a
ratio compares figures taken under the same load. Nothing here asserts a time.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import time
from importlib.metadata import PackageNotFoundError, version
from typing import Any

# The targets: ours / anchor.
VALIDATE_TARGET = 2.0
REPLAY_TARGET = 4.0
INSTALL = "pip install -e '.[bench]'"


def missing() -> list[str]:
    """The anchors' packages that are not installed (import names)."""
    return [m for m in ("chess", "pyspiel") if importlib.util.find_spec(m) is None]


def available() -> bool:
    """Whether the anchors can run: python-chess is installed (OpenSpiel's figure is
    skipped with a note when it alone is missing)."""
    return "chess" not in missing()


def record_games(games: int = 200, plies: int = 200, seed: int = 14) -> list[list[str]]:
    """``games`` random legal chess games as UCI moves, the same ones for the same seed."""
    import chess

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = chess.Board()
        moves: list[str] = []
        while (len(moves) < plies and not board.is_game_over()
               and not board.can_claim_fifty_moves() and not board.is_repetition(3)):
            move = rng.choice(list(board.legal_moves))
            moves.append(move.uci())
            board.push(move)
        out.append(moves)
    return out


def to_actions(games: list[list[str]]) -> list[list[int]]:
    """The same games as OpenSpiel chess action ids (each checked legal where it is played,
    and each game's last position checked against python-chess's)."""
    import chess
    import pyspiel

    game = pyspiel.load_game("chess")
    out = []
    for moves in games:
        state = game.new_initial_state()
        actions: list[int] = []
        for uci in moves:
            action = state.parse_move_to_action(uci)
            if state.is_terminal() or action not in state.legal_actions():
                raise AssertionError(f"OpenSpiel refuses {uci!r} after {len(actions)} moves")
            state.apply_action(action)
            actions.append(action)
        board = chess.Board()
        for uci in moves:
            board.push_uci(uci)
        ours, theirs = board.fen().split()[:4], str(state).split()[:4]
        if ours != theirs:
            raise AssertionError(f"positions differ: {ours} against OpenSpiel's {theirs}")
        out.append(actions)
    return out


def push_uci_rate(games: list[list[str]], repeat: int) -> float:
    """python-chess's validated replay, best of ``repeat``: moves/s (CPU time)."""
    import chess

    moves = sum(len(g) for g in games)
    best = 0.0
    for _ in range(repeat):
        t0 = time.process_time()
        for game in games:
            board = chess.Board()
            push_uci = board.push_uci
            for uci in game:
                push_uci(uci)
        best = max(best, moves / (time.process_time() - t0))
    return best


def apply_action_rate(games: list[list[int]], repeat: int) -> float:
    """OpenSpiel's chess replay of recorded actions, best of ``repeat``: moves/s (CPU
    time)."""
    import pyspiel

    game = pyspiel.load_game("chess")
    moves = sum(len(g) for g in games)
    best = 0.0
    for _ in range(repeat):
        t0 = time.process_time()
        for actions in games:
            state = game.new_initial_state()
            apply_action = state.apply_action
            for action in actions:
                apply_action(action)
        best = max(best, moves / (time.process_time() - t0))
    return best


def package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


def prepare(games: int = 200, plies: int = 200, seed: int = 14) -> dict[str, Any]:
    """The recorded games (``recorded``, and ``actions`` for OpenSpiel, when installed)
    and the facts the report states about them (``anchor_*`` keys, or notes saying why
    an anchor is skipped)."""
    absent = missing()
    res: dict[str, Any] = {}
    if "chess" in absent:
        res["anchor_note"] = f"python-chess is not installed ({INSTALL}): anchors skipped"
        return res
    recorded = record_games(games, plies, seed)
    res["recorded"] = recorded
    res["anchor_games"] = len(recorded)
    res["anchor_moves"] = sum(len(g) for g in recorded)
    res["anchor_python_chess_version"] = package_version("chess")
    if "pyspiel" in absent:
        res["anchor_open_spiel_note"] = (
            f"OpenSpiel is not installed ({INSTALL}; it has wheels for few platforms): "
            "replay anchor skipped")
        return res
    res["anchor_open_spiel_version"] = package_version("open_spiel")
    res["actions"] = to_actions(recorded)
    return res


def measure(prepared: dict[str, Any]) -> dict[str, float]:
    """One pass of each anchor over the prepared games: ``anchor_*_moves_per_s``."""
    out: dict[str, float] = {}
    if "recorded" in prepared:
        out["anchor_python_chess_push_uci_moves_per_s"] = push_uci_rate(
            prepared["recorded"], 1)
    if "actions" in prepared:
        out["anchor_open_spiel_apply_action_moves_per_s"] = apply_action_rate(
            prepared["actions"], 1)
    return out


def paired(history: dict[str, list[float]], keys: list[str]) -> dict[str, float]:
    """Each game's ratios round by round (ours against the anchor measured in the same
    round), their median over the rounds: ``KEY_validate_vs_python_chess_paired`` and
    ``KEY_fold_vs_open_spiel_paired``. On a machine whose speed drifts, the best of our
    rounds and the best of the anchor's may come from different moments; a round's two
    figures come from the same one.

    >>> paired({"anchor_python_chess_push_uci_moves_per_s": [10.0, 20.0, 10.0],
    ...         "g_validate_events_per_s": [30.0, 40.0, 10.0]}, ["g"])
    {'g_validate_vs_python_chess_paired': 2.0}
    """
    out: dict[str, float] = {}
    pairs = (("validate_events_per_s", "anchor_python_chess_push_uci_moves_per_s",
              "validate_vs_python_chess_paired"),
             ("fold_events_per_s", "anchor_open_spiel_apply_action_moves_per_s",
              "fold_vs_open_spiel_paired"))
    for key in keys:
        for ours, anchor, name in pairs:
            mine, theirs = history.get(f"{key}_{ours}"), history.get(anchor)
            if mine and theirs and len(mine) == len(theirs):
                out[f"{key}_{name}"] = statistics.median(
                    a / b for a, b in zip(mine, theirs, strict=True))
    return out


def facts(prepared: dict[str, Any]) -> dict[str, Any]:
    """What the report says of the prepared anchors (without the games themselves)."""
    return {k: v for k, v in prepared.items() if k not in ("recorded", "actions")}


def anchors(repeat: int = 5, games: int = 200, plies: int = 200,
            seed: int = 14) -> dict[str, Any]:
    """Both anchors' figures (``anchor_*`` keys), best of ``repeat`` passes, or notes
    saying why one was skipped."""
    prepared = prepare(games, plies, seed)
    res = facts(prepared)
    for _ in range(repeat):
        for figure, rate in measure(prepared).items():
            res[figure] = max(res.get(figure, 0.0), rate)
    return res


def compare(res: dict[str, Any], keys: list[str]) -> None:
    """Add each game's ratios ours/anchor (``KEY_validate_vs_python_chess``,
    ``KEY_fold_vs_open_spiel``) for the games whose figures ``res`` holds."""
    chess_rate = res.get("anchor_python_chess_push_uci_moves_per_s")
    spiel_rate = res.get("anchor_open_spiel_apply_action_moves_per_s")
    for key in keys:
        validate = res.get(f"{key}_validate_events_per_s")
        fold = res.get(f"{key}_fold_events_per_s")
        if chess_rate and validate:
            res[f"{key}_validate_vs_python_chess"] = validate / chess_rate
        if spiel_rate and fold:
            res[f"{key}_fold_vs_open_spiel"] = fold / spiel_rate


def table(res: dict[str, Any], names: list[str]) -> str:
    """The side-by-side table: a row per game, ours against each anchor (empty when
    python-chess is missing; ``res`` then holds a note saying so)."""
    if "anchor_moves" not in res:
        return ""
    lines = []
    chess_rate = res["anchor_python_chess_push_uci_moves_per_s"]
    spiel_rate = res.get("anchor_open_spiel_apply_action_moves_per_s")
    lines.append(
        f"anchors: {res['anchor_games']} seeded random chess games, {res['anchor_moves']:,} "
        f"moves; python-chess {res['anchor_python_chess_version']} push_uci "
        f"{chess_rate:,.0f} moves/s" + (
            f"; OpenSpiel {res['anchor_open_spiel_version']} apply_action "
            f"{spiel_rate:,.0f} moves/s" if spiel_rate else ""))

    def ratio(value: float | None, target: float) -> str:
        if value is None:
            return "-"
        return f"{value:.2f}x" + (" " if value >= target else "!")

    lines.append(f"{'game':<16} {'events/act':>10} {'validate ev/s':>14} {'chess mv/s':>11} "
                 f"{'ratio':>7} {'paired':>7} {'fold ev/s':>11} {'spiel mv/s':>11} "
                 f"{'ratio':>7} {'paired':>7}")
    for name in names:
        key = name.replace("-", "_")
        if f"{key}_validate_events_per_s" not in res:
            continue
        per_action = res.get(f"{key}_events_per_action", 0.0)
        lines.append(
            f"{name:<16} {per_action:>10.2f} {res[f'{key}_validate_events_per_s']:>14,.0f} "
            f"{chess_rate:>11,.0f} "
            f"{ratio(res.get(f'{key}_validate_vs_python_chess'), VALIDATE_TARGET):>7} "
            f"{ratio(res.get(f'{key}_validate_vs_python_chess_paired'), VALIDATE_TARGET):>7} "
            f"{res[f'{key}_fold_events_per_s']:>11,.0f} "
            + (f"{spiel_rate:>11,.0f} " if spiel_rate else f"{'-':>11} ")
            + f"{ratio(res.get(f'{key}_fold_vs_open_spiel'), REPLAY_TARGET):>7} "
            + f"{ratio(res.get(f'{key}_fold_vs_open_spiel_paired'), REPLAY_TARGET):>7}")
    lines.append(f"ratio = ours / anchor, best round against best round; paired = the median "
                 f"over the rounds of each round's ratio; '!' marks one under the issue's "
                 f"target (validate {VALIDATE_TARGET:g}x python-chess, replay "
                 f"{REPLAY_TARGET:g}x OpenSpiel).")
    lines.append("Our figures count events (an action and the events it causes); the anchors "
                 "count moves.")
    return "\n".join(lines)


if __name__ == "__main__":
    import json

    print(json.dumps(anchors(), indent=2))
