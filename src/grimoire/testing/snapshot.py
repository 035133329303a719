"""A syrupy extension that stores grimoire transcripts as plain text files, one per
snapshot, so a failing golden shows the first line that differs.

Regenerate goldens with ``make goldens`` (``pytest --snapshot-update``).
"""

from __future__ import annotations

from typing import Any

import msgspec
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class GrimoireSnapshot(SingleFileSnapshotExtension):
    """Text snapshots: scenarios and playthroughs as their transcript, strings as they are,
    msgspec values (events, states) as indented JSON."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"

    def serialize(self, data: Any, **kwargs: Any) -> str:
        if hasattr(data, "transcript"):
            return str(data.transcript())
        if isinstance(data, str):
            return data
        return msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n"
