"""``grimoire play`` in a real terminal: tmux runs the installed command, the test types
its answers with ``send-keys`` and reads the screen with ``capture-pane``, as a person
would. Every list the terminal shows is of at most 40 numbered options (a larger step is
squares of the board, named in lines and answered by typing one)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.core.audit import audit

TMUX = shutil.which("tmux")
GRIMOIRE = str(Path(sys.executable).parent / "grimoire")
NUMBERED = re.compile(r"^\s+(\d+)\. (.+)$")
ENDED = "[the command ended]"

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (Debian: "
                                "apt-get install tmux; `make test` installs it when it can)")


class Terminal:
    """One tmux session running one command, 200 columns wide; the session stays after
    the command ends (which it says on the screen), so its last words can be read."""

    def __init__(self, command: list[str]) -> None:
        self.name = f"grimoire-{uuid.uuid4().hex[:8]}"
        # a tmux server of its own (-L: its own socket): a session another test kills
        # never takes down the server this one is connecting to
        self.tmux = [str(TMUX), "-L", self.name]
        line = " ".join(shlex.quote(part) for part in command)
        subprocess.run([*self.tmux, "new-session", "-d", "-s", self.name, "-x", "200", "-y",
                        "50", f"{line}; echo '{ENDED}'; sleep 600"], check=True, env=_env())
        subprocess.run([*self.tmux, "set-option", "-t", self.name, "history-limit", "20000"],
                       check=True)
        self.read = 0  # the lines of the history already answered

    def screen(self) -> list[str]:
        done = subprocess.run([*self.tmux, "capture-pane", "-p", "-J", "-t", self.name, "-S",
                               "-20000"], capture_output=True, text=True, check=True)
        return done.stdout.rstrip("\n").split("\n")

    def prompt(self, seconds: float = 30.0) -> list[str]:
        """The lines shown since the last answer, once the command waits for input (its
        last line is a player's prompt ``Name> ``) or has ended."""
        deadline = time.monotonic() + seconds
        before: list[str] = []
        while time.monotonic() < deadline:
            lines = self.screen()
            last = next((line for line in reversed(lines) if line.strip()), "")
            waiting = last.rstrip().endswith(">") or ENDED in lines
            if waiting and lines == before:  # the same screen twice: nothing more to come
                new = lines[self.read:]
                self.read = len(lines)
                return new
            before = lines
            time.sleep(0.1)
        raise AssertionError("no prompt:\n" + "\n".join(self.screen()[-30:]))

    def send(self, text: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, "-l", text], check=True)
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, "Enter"], check=True)

    def alive(self) -> bool:
        """Whether the command still runs."""
        return ENDED not in self.screen()

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, check=False)


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}


@pytest.fixture
def terminal() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for t in opened:
        t.close()


def options_listed(lines: list[str]) -> list[str]:
    """The numbered options of the last list on the screen."""
    found: list[str] = []
    for line in lines:
        hit = NUMBERED.match(line)
        if hit:
            if hit.group(1) == "1":
                found = []
            found.append(hit.group(2))
    return found


def test_a_swords_and_wizardry_deployment_step_by_step(terminal: list[Terminal],
                                                       tmp_path: Path) -> None:
    """Deployment asks "what stands on this square?" with the kinds left, never more than
    40 of them; a kind is answered by name and a piece's text is one ``?`` away."""
    log = tmp_path / "sw.jsonl"
    t = Terminal([GRIMOIRE, "play", "swords-wizardry", "--seed", "5", "-o", str(log)])
    terminal.append(t)
    placed = 0
    asked_text = False
    for _ in range(12):
        lines = t.prompt()
        listed = options_listed(lines)
        assert 0 < len(listed) <= 40, lines
        if not asked_text:
            t.send("? Dragon")
            told = t.prompt()
            assert any("Dragon:" in line for line in told), told
            asked_text = True
            listed = listed or options_listed(told)
        name = listed[0].split(" (")[0]
        t.send(name)
        placed += 1
    t.send("q")
    t.prompt()
    for _ in range(100):
        if not t.alive():
            break
        time.sleep(0.05)
    report = audit(log)
    assert report.ok and report.events >= placed


def test_a_wiz_war_turn_step_by_step(terminal: list[Terminal], tmp_path: Path) -> None:
    """A Wiz-War turn: each question lists at most 40 options; choosing goes a step at a
    time (a card, then its target…) and ``-`` backs up one step; the turn ends and the
    other seat plays."""
    log = tmp_path / "ww.jsonl"
    t = Terminal([GRIMOIRE, "play", "wiz-war", "--seed", "7", "-o", str(log)])
    terminal.append(t)
    backed = False
    acted = 0
    for _ in range(60):
        lines = t.prompt()
        if not t.alive():
            break
        listed = options_listed(lines)
        heads = [line for line in lines if line.rstrip().endswith("?")]
        assert len(listed) <= 40, lines
        if not listed:  # a step of squares named in lines: type the first one
            squares = [line.split(":", 1)[1].split() for line in lines
                       if line.strip().startswith("squares:")]
            assert squares, lines
            t.send(squares[-1][0])
            continue
        if not backed and " > " in "".join(heads):
            t.send("-")  # back up one step: the question before is asked again
            again = t.prompt()
            assert options_listed(again), again
            backed = True
            t.send("1")
            continue
        ending = [i for i, label in enumerate(listed) if label.lower().startswith("end")]
        t.send(str((ending[0] if ending and acted >= 3 else 0) + 1))
        acted += 1
    t.send("q")
    for _ in range(100):
        if not t.alive():
            break
        time.sleep(0.05)
    report = audit(log)
    assert report.ok and report.events > 5
    assert acted >= 3
