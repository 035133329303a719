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

import os
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


_RUN = """
const done = arguments[arguments.length - 1];
axe.run(arguments[0] || document, {resultTypes: ["violations"]})
  .then((r) => done({version: axe.version, violations: r.violations}))
  .catch((e) => done({error: String(e)}));
"""


def violations(driver: Any, context: str | None = None,
               impacts: tuple[str, ...] = IMPACTS) -> list[dict[str, Any]]:
    """axe-core's violations in the page ``driver`` shows now (or in the element the CSS
    selector ``context`` names), those of the given ``impacts`` only: each is axe's
    object (``id``, ``impact``, ``help``, ``nodes`` with their ``target`` and
    ``failureSummary``)."""
    script = axe_script()
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(script)
    driver.set_script_timeout(120)
    target = driver.execute_script(
        "return document.querySelector(arguments[0])", context) if context else None
    result = driver.execute_async_script(_RUN, target)
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
