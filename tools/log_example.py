"""Write ``docs/examples/sealed-setup.jsonl``, the worked example of ``docs/log-format.md``.

A Vicious Circle match with sealed setups (``hidden="commit"``) and recorded dice: both
seats commit, both open, the reveal follows; every action is signed by its seat, and the
log is sealed and signed by an auditor. The keys are the secret keys of RFC 8032's first
three Ed25519 test vectors, so anyone can check every value. Ed25519 is deterministic:
running this again writes the same bytes (``tests/test_log_format_doc.py`` checks it).

    python tools/log_example.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from grimoire.core.match import Match
from grimoire.core.signing import public_of
from grimoire.games.vicious_circle.events import Setup, commit_choice, open_choice
from grimoire.tools.seal import seal

DAWN = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
TWILIGHT = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"
AUDITOR = "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7"
NONCES = ("9f1c2b7e4d8a06f35b2e7c91d4a8f063", "27b5e0c4a9d13f86e2c7b5091a4d6e38")
SETUPS = (Setup(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("child", "e4"))),
          Setup(player=1, placement=(("child", "c2"), ("warrior", "b1"), ("dragon", "a1"))))
OUT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "sealed-setup.jsonl"


def build(out: Path) -> None:
    """Play the example and write it, sealed and signed, to ``out``."""
    with tempfile.TemporaryDirectory() as tmp:
        live = Path(tmp) / "live.jsonl"
        match = Match.new("vicious-circle", players=("Dawn", "Twilight"),
                          options={"hidden": "commit"}, dice="recorded",
                          keys=(public_of(DAWN), public_of(TWILIGHT)), path=live)
        secret = (DAWN, TWILIGHT)
        for seat in (0, 1):
            match.act(commit_choice(SETUPS[seat], NONCES[seat]), key=secret[seat])
        for seat in (0, 1):
            match.act(open_choice(SETUPS[seat], NONCES[seat]), key=secret[seat])
        match.close()
        seal(live, out, key=AUDITOR, overwrite=True)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
