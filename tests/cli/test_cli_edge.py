"""What the command does with what it did not expect: an internal error is one line and
exit code 3 (its traceback only with ``--debug``), each log of a multi-file validate is
reported on its own, names and seats are never read as each other, control characters
never reach the terminal, and a seed stays secret until the game is over."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from grimoire.bots.random import RandomBot, play_out
from grimoire.cli import common
from grimoire.cli.app import app
from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.logfile import read_log, write_log
from grimoire.core.match import Match
from grimoire.testing import tally

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def broken() -> Iterator[str]:
    """The dice race with a setup (for logs whose header does not say "bug-free") and a
    decide that fail the way a bug would."""
    def boom(*_: object) -> str:
        raise ZeroDivisionError("a bug")

    def setup(options: object, players: object) -> object:
        if players == ("Bug", "Free"):
            return rules.setup(options, players)  # type: ignore[arg-type]
        raise ZeroDivisionError("a bug")

    rules = tally.RULES
    game = type(rules)(
        name="broken-tally", version=rules.version, seats=rules.seats,
        default_players=rules.default_players, Options=rules.Options, State=rules.State,
        Event=rules.Event, reasons=rules.reasons, setup=setup, to_act=rules._to_act,
        legal=rules._legal, decide=boom, evolve=rules.evolve, render=rules.render,
        describe=rules.describe, notation=rules.notation, parse=rules.parse)
    registry.register(game)
    yield "broken-tally"
    registry.unregister("broken-tally")
    common.debug = False


def tally_log(path: Path, game: str = "tally", players: tuple[str, str] = ("A", "B")) -> Path:
    match = Match.new("tally", seed="11" * 16, players=players)
    play_out(match, RandomBot(1), max_actions=6)
    log = match.log(reveal=True)
    write_log(path, msgspec.structs.replace(log.header, game=game), log.events)
    return path


def test_an_internal_error_is_one_line_and_exit_3(tmp_path: Path, broken: str) -> None:
    tally.register()
    path = tally_log(tmp_path / "b.jsonl", broken)
    code, out = run("render", str(path))
    assert code == 3, out
    assert "internal error: ZeroDivisionError: a bug" in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
    result = runner.invoke(app, ["--debug", "render", str(path)])
    assert isinstance(result.exception, ZeroDivisionError)


def test_each_log_of_a_validate_is_reported_whatever_the_others_do(
    tmp_path: Path, broken: str
) -> None:
    tally.register()
    good = tally_log(tmp_path / "a-good.jsonl")
    bad = tally_log(tmp_path / "b-bad.jsonl", broken, players=("Bug", "Free"))
    code, out = run("validate", "--json", str(good), str(bad))
    data = json.loads(out)
    assert code == 3
    assert [x["ok"] for x in data["logs"]] == [True, False]
    assert data["logs"][1]["error"]["reason"] == "internal/error"
    code, out = run("validate", str(good), str(bad))
    assert code == 3 and ": ok," in out and "internal/error" in out


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "esc.jsonl"
    match = Match.new("vicious-circle", seed="22" * 16)
    log = match.log(reveal=True)
    header = msgspec.structs.replace(log.header, players=("Ann\x1b[2J\x07", "Ben\u202e"))
    write_log(path, header, log.events)
    for args in (["render", str(path)], ["validate", str(path)], ["replay", str(path)]):
        code, out = run(*args)
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, args
    code, out = run("render", str(path), "--as", "Ann\x1b[2J\x07")
    assert code == 0, out


@pytest.mark.parametrize("names", [("Sam", "Sam"), ("1", "0"), ("Ann", ""), ("spectator", "B"),
                                   ("A\x1b", "B"), ("x" * 65, "B")])
def test_names_that_could_be_misread_are_refused_at_creation(names: tuple[str, str]) -> None:
    with pytest.raises(UsageError) as err:
        Match.new("vicious-circle", players=names)
    assert err.value.reason == "players/invalid"
    code, out = run("simulate", "vicious-circle", "-n", "1", "-p", names[0], "-p", names[1])
    assert code == 2, out


def test_as_reads_a_name_before_a_seat_number_and_seat_takes_a_number(tmp_path: Path) -> None:
    """A hand-made log whose players are named "1" and "0": ``--as 0`` is the player
    named "0" (seat 1) and never shows seat 0's secret setup; ``--seat 0`` is seat 0."""
    match = Match.new("vicious-circle", seed="33" * 16)
    match.act(match.legal(0)[0])  # seat 0 sets up in secret
    log = match.log()
    path = tmp_path / "digits.jsonl"
    write_log(path, msgspec.structs.replace(log.header, players=("1", "0")), log.events)
    _, as_zero = run("render", str(path), "--as", "0")
    _, seat_one = run("render", str(path), "--seat", "1")
    _, seat_zero = run("render", str(path), "--seat", "0")
    assert as_zero == seat_one != seat_zero
    code, out = run("render", str(path), "--as", "0", "--seat", "1")
    assert code == 2 and "player/both" in out
    write_log(path, msgspec.structs.replace(log.header, players=("Sam", "Sam")), log.events)
    code, out = run("render", str(path), "--as", "Sam")
    assert code == 2 and "player/ambiguous" in out


def test_simulate_keeps_the_seed_of_unfinished_matches_unless_asked(tmp_path: Path) -> None:
    code, out = run("simulate", "swords-wizardry", "-n", "1", "--max-actions", "5",
                    "-o", str(tmp_path / "a"))
    assert code == 0, out
    (log,) = (tmp_path / "a").glob("*.jsonl")
    header = read_log(log).header
    assert header.seed is None and header.seed_commitment is not None
    code, out = run("simulate", "swords-wizardry", "-n", "1", "--max-actions", "5",
                    "--reveal", "-o", str(tmp_path / "b"))
    (log,) = (tmp_path / "b").glob("*.jsonl")
    assert read_log(log).header.seed is not None
    code, out = run("simulate", "vicious-circle", "-n", "1", "-o", str(tmp_path / "c"))
    (log,) = (tmp_path / "c").glob("*.jsonl")
    assert read_log(log).header.seed is not None, "a finished match reveals its seed"


def test_play_quit_early_keeps_the_seed_secret_in_a_private_file(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "vicious-circle", "--seed", "44" * 16, "-o",
                                 str(out)], input="q\n")
    assert result.exit_code == 0, result.output
    assert read_log(out).header.seed is None
    seed_file = Path(f"{out}.seed")
    assert seed_file.read_text().strip() == "44" * 16
    assert seed_file.stat().st_mode & 0o077 == 0
    assert "44" * 16 not in result.output
    match = Match.load(out, seed=seed_file.read_text().strip())
    assert match.seed == "44" * 16


def test_limits_out_of_range_are_usage_errors(tmp_path: Path) -> None:
    code, out = run("validate", "--max-line", "-5", str(tmp_path))
    assert code == 2 and "limits/invalid" in out


@pytest.mark.parametrize("args", [
    ["simulate", "vicious-circle", "--games", "-1"],
    ["simulate", "vicious-circle", "--max-actions", "0"],
    ["play", "vicious-circle", "--seat", "5"],
    ["rewind", "x.jsonl", "--to", "-3", "-o", "y.jsonl"],
])
def test_option_values_out_of_range_are_usage_errors(
        args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run(*[str(tmp_path / a) if a.endswith(".jsonl") else a for a in args])
    assert code == 2, out
    assert list(tmp_path.iterdir()) == [], "a usage error wrote a file"


def test_boards_are_coloured_by_seat_only_on_a_terminal() -> None:
    """A seat's pieces on the grid and each player's name take the seat's colour; text
    that is not a terminal (a pipe, a file, CliRunner) stays plain."""
    from grimoire.cli.common import SEAT_STYLES, colour_board
    from grimoire.core import registry

    rules = registry.get("swords-wizardry")
    state = rules.setup(rules.Options(), ("Ann", "Ben"))
    match = Match.new("swords-wizardry", players=("Ann", "Ben"), seed="66" * 16)
    for _ in range(6):
        match.act(match.legal(min(match.to_act))[0])
    text = rules.render(match.state)
    coloured = colour_board(text, rules.seat_of, ("Ann", "Ben"))
    assert coloured.plain == text
    styled = {(span.start, span.end): str(span.style) for span in coloured.spans}
    flat = coloured.plain
    for (start, end), style in styled.items():
        piece = flat[start:end]
        assert piece in ("Ann", "Ben") or rules.seat_of.get(piece) is not None, piece
        if piece in rules.seat_of:
            assert style == SEAT_STYLES[rules.seat_of[piece]]
    assert any(flat[a:b] == "Ann" for a, b in styled) and len(styled) > 6
    assert state.names == ("Ann", "Ben")


def test_render_through_a_pipe_has_no_colour_codes(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    match = Match.new("magery", seed="67" * 16)
    match.save(log)
    code, out = run("render", str(log))
    assert code == 0 and "\x1b[" not in out
