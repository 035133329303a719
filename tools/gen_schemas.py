"""Regenerate schemas/ from the code (``make schemas``); tests fail when they drift."""

from __future__ import annotations

from pathlib import Path

from grimoire.tools.schema import write_schemas

if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "schemas"
    for path in write_schemas(out):
        print(path)
