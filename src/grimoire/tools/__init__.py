"""Library functions behind every ``grimoire`` command, for embedding code to call directly.

>>> from grimoire import tools
>>> sorted(n for n in tools.__all__ if not n[0].isupper())[:3]
['diff', 'new', 'render']
"""

from grimoire.tools.diff import DiffReport, diff
from grimoire.tools.new import new
from grimoire.tools.render import render, replay_lines
from grimoire.tools.rewind import rewind
from grimoire.tools.schema import schemas, write_schemas
from grimoire.tools.seal import seal
from grimoire.tools.simulate import SimulationSummary, simulate
from grimoire.tools.validate import validate

__all__ = [
    "DiffReport",
    "SimulationSummary",
    "diff",
    "new",
    "render",
    "replay_lines",
    "rewind",
    "schemas",
    "seal",
    "simulate",
    "validate",
    "write_schemas",
]
