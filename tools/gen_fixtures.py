"""Regenerate the games' fixtures (``make fixtures``; ``make fixtures GAME=my-game`` for
one): runs tools/fixtures/<module>.py for each game named, or every one there.

    python tools/gen_fixtures.py [GAME ...]
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

if __name__ == "__main__":
    here = Path(__file__).resolve().parent / "fixtures"
    # every game's script; not a ``*_v2.py``, which records with an older ruleset's code
    # and is run by hand against that commit (its docstring says how)
    scripts = [here / f"{game.replace('-', '_')}.py" for game in sys.argv[1:]] \
        or sorted(p for p in here.glob("*.py") if not p.stem.endswith("_v2"))
    for script in scripts:
        if not script.exists():
            sys.exit(f"no fixture script {script.relative_to(here.parents[1])}: write one "
                     "(tools/fixtures/vicious_circle.py shows the shape)")
        print(f"== {script.name}", file=sys.stderr)
        runpy.run_path(str(script), run_name="__main__")
