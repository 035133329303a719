"""axe-core, the accessibility engine, run in the page a real headless Chromium shows.

`make browser` fetches one pinned release of axe-core from the npm registry into
``.venv/axe-core/VERSION/axe.min.js`` (``GRIMOIRE_AXE`` may name another copy); where it
is absent, the tests that need it are skipped with a plain message.

    from axe import serious, summary

    driver.get(url)
    found = serious(driver)
    assert not found, summary(found)
"""

from __future__ import annotations

import http.server
import os
import threading
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMPACTS = ("serious", "critical")


def _version(path: Path) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in path.parent.name.split("."))
    except ValueError:
        return ()


def axe_path() -> Path | None:
    """Where axe-core's script is: ``GRIMOIRE_AXE``, else the newest release `make
    browser` fetched, else ``None``."""
    named = os.environ.get("GRIMOIRE_AXE")
    if named:
        return Path(named) if Path(named).is_file() else None
    found = sorted((ROOT / ".venv" / "axe-core").glob("*/axe.min.js"), key=_version)
    return found[-1] if found else None


def axe_script() -> str:
    """axe-core's script, or a skip saying how to get it."""
    path = axe_path()
    if path is None and os.environ.get("GRIMOIRE_AXE"):
        pytest.skip(f"GRIMOIRE_AXE names no file: {os.environ['GRIMOIRE_AXE']}")
    if path is None:
        pytest.skip("axe-core is not installed (`make browser` fetches it with npm: "
                    "npm pack axe-core into .venv/axe-core/; or set GRIMOIRE_AXE to an "
                    "axe.min.js)")
    return path.read_text(encoding="utf-8")


# The rules that can give a violation of the impacts asked for: a violation's impact is
# its rule's, where the rule has one, else the highest of its failing checks' (axe-core's
# metadata), so a rule whose possible impacts are all others is not run (the same
# violations of those impacts, in about 20% less time). A rule or check whose impact is
# unknown, or an axe-core whose metadata is laid out otherwise, runs as before.
_RUN = """
const done = arguments[arguments.length - 1], impacts = arguments[1], rules = {};
try {
  const checks = axe._audit.data.checks;
  for (const rule of axe._audit.rules) {
    const possible = rule.impact ? [rule.impact] : [].concat(rule.any, rule.all, rule.none)
      .map((c) => (checks[c.id || c] || {}).impact);
    if (possible.length && possible.every((i) => i && !impacts.includes(i))) {
      rules[rule.id] = {enabled: false};
    }
  }
} catch (e) {
  for (const id of Object.keys(rules)) delete rules[id];
}
axe.run(arguments[0] || document, {resultTypes: ["violations"], rules: rules})
  .then((r) => done({version: axe.version, violations: r.violations}))
  .catch((e) => done({error: String(e)}));
"""

# axe-core's script is put in the page as a script element of its own address (taken out
# again once run), served by this process: Chromium then keeps the script and its
# compiled code between pages, instead of being sent half a megabyte to compile afresh on
# each page (about 70 ms of CPU a page).
_LOAD = """
const done = arguments[arguments.length - 1], script = document.createElement("script");
script.src = arguments[0];
script.onload = () => { script.remove(); done(true); };
script.onerror = () => { script.remove(); done(false); };
(document.head || document.documentElement).appendChild(script);
"""

_SERVED: dict[Path, str] = {}


def _served(path: Path) -> str:
    """The address this process serves ``path`` at (a server thread started once)."""
    if path not in _SERVED:
        body = path.read_bytes()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "max-age=86400")
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _SERVED[path] = f"http://127.0.0.1:{server.server_address[1]}/axe.min.js"
    return _SERVED[path]


def _load(driver: Any, path: Path) -> None:
    """axe-core in the page ``driver`` shows (its script served, else sent whole)."""
    if driver.execute_async_script(_LOAD, _served(path)) and driver.execute_script(
            "return typeof window.axe === 'object'"):
        return
    driver.execute_script(path.read_text(encoding="utf-8"))


def violations(driver: Any, context: str | None = None,
               impacts: tuple[str, ...] = IMPACTS) -> list[dict[str, Any]]:
    """axe-core's violations in the page ``driver`` shows now (or in the element the CSS
    selector ``context`` names), those of the given ``impacts`` only: each is axe's
    object (``id``, ``impact``, ``help``, ``nodes`` with their ``target`` and
    ``failureSummary``)."""
    path = axe_path()
    if path is None:
        axe_script()  # a skip saying how to get it
        raise AssertionError("unreachable")
    driver.set_script_timeout(120)
    if not driver.execute_script("return typeof window.axe === 'object'"):
        _load(driver, path)
    target = driver.execute_script(
        "return document.querySelector(arguments[0])", context) if context else None
    result = driver.execute_async_script(_RUN, target, list(impacts))
    if "error" in result:
        raise AssertionError(f"axe-core failed: {result['error']}")
    return [v for v in result["violations"] if v.get("impact") in impacts]


def serious(driver: Any, context: str | None = None) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds in the page ``driver`` shows."""
    return violations(driver, context)


def summary(found: list[dict[str, Any]], nodes: int = 5) -> str:
    """``found`` for people: each rule, its impact, how many nodes, and the first few
    nodes with what axe says to fix."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:nodes]:
            fix = " ".join(str(node.get("failureSummary", "")).split())
            lines.append(f"    {node['target']}: {node['html'][:120]} -- {fix[:240]}")
    return "\n".join(lines)


__all__ = ["axe_path", "axe_script", "serious", "summary", "violations"]
