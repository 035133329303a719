"""Imports point one way, ``cli -> tools -> games -> core``, and nothing imports in a circle.

Every import statement in ``src/grimoire`` counts, those inside functions too (a lazy import
hides a cycle from Python but not from a reader). The layers:

- ``core`` imports only ``core``; a game only ``core`` and itself (no game imports another);
- ``bots`` import ``core``; ``testing`` imports ``core`` and ``bots``; ``envs`` (the
  learning environments) import ``core`` and ``bots`` (games only through the registry);
- ``store`` (the SQLite event store) imports ``core``; ``server`` imports ``core``,
  ``store``, ``bots`` and ``tools``;
- ``tools`` import ``core``, ``bots``, ``store`` and ``server`` (games are reached through
  the registry, never by name); the ``cli`` imports ``tools`` and the facade only.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}


def resolve(name: str) -> str:
    """The module an import names (``pkg.mod.thing`` -> ``pkg.mod``)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def imports(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(resolve(a.name) for a in node.names if a.name.startswith("grimoire"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            if not base.startswith("grimoire"):
                continue
            for alias in node.names:
                out.add(resolve(f"{base}.{alias.name}"))
    out.discard("")
    return out


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's grimoire imports (read when a test asks: collecting the suite, on
    every worker, does not parse the whole source tree)."""
    return {m: imports(m) for m in MODULES}


def layer(module: str) -> str:
    parts = module.split(".")
    if module == "grimoire":
        return "facade"
    if parts[1] == "games" and len(parts) > 2:
        return f"game:{parts[2]}"
    return {"games": "registry", "registry": "registry"}.get(parts[1], parts[1])


ALLOWED = {
    "core": {"core"},
    "registry": {"core", "registry"},
    "bots": {"core", "bots"},
    "envs": {"core", "bots", "envs"},
    "testing": {"core", "bots", "testing"},
    "store": {"core", "store"},
    "server": {"core", "store", "bots", "tools", "server"},
    "tools": {"core", "bots", "tools", "store", "server"},
    "cli": {"tools", "cli", "facade"},
    "facade": {"core", "registry"},
}


def test_imports_point_one_way() -> None:
    wrong = []
    for module, targets in graph().items():
        mine = layer(module)
        allowed = ALLOWED.get(mine, {"core", mine})
        for target in targets:
            if layer(target) not in allowed:
                wrong.append(f"{module} -> {target}")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph().get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for module in sorted(graph()):
        if module not in state:
            visit(module, [module])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)
