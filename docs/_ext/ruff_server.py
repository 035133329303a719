"""An MkDocs hook: the API reference's signatures formatted by one ``ruff server``.

mkdocstrings' Python handler formats each long signature (``separate_signature``) with
Ruff, starting ``ruff format --config line-length=N --stdin-filename file.py -`` once per
signature: about 300 processes per build, 4 s of the build's 15 s of CPU. This hook gives
the handler a formatter that sends the same text to one ``ruff server`` per line length
(the language server Ruff ships, formatting with the same settings, read from the same
pyproject.toml for ``file.py`` in the working directory) and gets the same text back, byte
for byte. Where the server cannot be started or fails, the handler's own formatter runs.
Black, which the handler prefers where it is installed, is still preferred.
"""

from __future__ import annotations

import atexit
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

Formatter = Callable[[str, int], str]


class RuffServer:
    """One ``ruff server`` process, formatting Python text at one line length."""

    def __init__(self, ruff: str, line_length: int) -> None:
        root = Path.cwd()
        self.uri = (root / "file.py").as_uri()  # where `--stdin-filename file.py` points
        self.proc = subprocess.Popen([ruff, "server"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.last_id = 0
        self._request("initialize", {
            "processId": None, "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {"general": {"positionEncodings": ["utf-8"]}},
            "initializationOptions": {"settings": {"lineLength": line_length,
                                                   "lint": {"enable": False}}}})
        self._notify("initialized", {})

    def format(self, code: str) -> str:
        """``code`` formatted, as ``ruff format`` prints it; a ``RuntimeError`` where Ruff
        cannot format it (a syntax error)."""
        doc = {"uri": self.uri}
        self._notify("textDocument/didOpen", {"textDocument": {
            **doc, "languageId": "python", "version": 1, "text": code}})
        try:
            edits = self._request("textDocument/formatting", {
                "textDocument": doc, "options": {"tabSize": 4, "insertSpaces": True}})
        finally:
            self._notify("textDocument/didClose", {"textDocument": doc})
        return _edited(code, edits or [])

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self._request("shutdown", None)
                self._notify("exit", None)
                self.proc.wait(timeout=5)
            except (OSError, RuntimeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%b" % (len(body), body))
        self.proc.stdin.flush()

    def _receive(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        length = 0
        while (line := self.proc.stdout.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        if not length:
            raise RuntimeError("ruff server stopped")
        message: dict[str, Any] = json.loads(self.proc.stdout.read(length))
        return message

    def _notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def _request(self, method: str, params: Any) -> Any:
        self.last_id += 1
        self._send({"id": self.last_id, "method": method, "params": params})
        while True:
            message = self._receive()
            if "method" in message:  # the server's own notice or request
                if "id" in message:
                    self._send({"id": message["id"], "result": None})
            elif message.get("id") == self.last_id:
                if "error" in message:
                    raise RuntimeError(message["error"].get("message", "error"))
                return message.get("result")


def _edited(code: str, edits: list[dict[str, Any]]) -> str:
    """``code`` with the language server's text edits (UTF-8 positions) made."""
    data = code.encode()
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(position: dict[str, int]) -> int:
        line = position["line"]
        return len(data) if line >= len(starts) else starts[line] + position["character"]

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
        data = data[:start] + edit["newText"].encode() + data[end:]
    return data.decode()


class ServerFormatter:
    """The handler's formatter (``code, line_length -> code``), one server per line
    length; ``cli``, the handler's own, where a server cannot run."""

    def __init__(self, cli: Formatter, ruff: str) -> None:
        self.cli, self.ruff = cli, ruff
        self.servers: dict[int, RuffServer] = {}
        self.broken: set[int] = set()
        atexit.register(self.close)

    def __call__(self, code: str, line_length: int) -> str:
        if line_length not in self.broken:
            try:
                if line_length not in self.servers:
                    self.servers[line_length] = RuffServer(self.ruff, line_length)
                return self.servers[line_length].format(code)
            except RuntimeError:  # what `ruff format` fails on, it gives back as it is
                server = self.servers.get(line_length)
                if server is not None and server.proc.poll() is None:
                    return code
            except OSError:
                pass
            self.broken.add(line_length)  # no server: the handler's own way from now on
            if line_length in self.servers:
                self.servers.pop(line_length).close()
        return self.cli(code, line_length)

    def close(self) -> None:
        while self.servers:
            self.servers.popitem()[1].close()


_formatters: list[ServerFormatter] = []


def on_startup(command: str, dirty: bool) -> None:
    """Put the server formatter in place of the handler's ``ruff format`` per call."""
    try:
        from mkdocstrings_handlers.python._internal import rendering
        from ruff.__main__ import find_ruff_bin
    except ImportError:
        return
    cli_factory = getattr(rendering, "_get_ruff_formatter", None)
    if cli_factory is None or cli_factory.__name__ == "served_formatter":
        return
    try:
        ruff = str(find_ruff_bin())
    except FileNotFoundError:
        ruff = "ruff"

    def served_formatter() -> Formatter | None:
        cli = cli_factory()
        if cli is None:
            return None
        _formatters.append(ServerFormatter(cli, ruff))
        return _formatters[-1]

    rendering._get_ruff_formatter = served_formatter


def on_shutdown() -> None:
    for formatter in _formatters:
        formatter.close()
