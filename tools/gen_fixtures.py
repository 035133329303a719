"""Regenerate every game's fixtures (``make fixtures``): runs each tools/fixtures/*.py."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

if __name__ == "__main__":
    here = Path(__file__).resolve().parent / "fixtures"
    for script in sorted(here.glob("*.py")):
        print(f"== {script.name}", file=sys.stderr)
        runpy.run_path(str(script), run_name="__main__")
