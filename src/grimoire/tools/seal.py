"""``grimoire seal``: write a chained copy of a log (the chain value on every record, every
line in canonical form; optionally the seed revealed), and with a key a signed one (a
signature line at its end). The original is never rewritten.

>>> # seal("hand-written.jsonl", "chained.jsonl")
"""

from __future__ import annotations

import os

import msgspec

from grimoire.core.audit import audit_events
from grimoire.core.dice import commitment, parse_seed
from grimoire.core.errors import UsageError
from grimoire.core.events import canonical_for, chain_next, header_hash
from grimoire.core.logfile import read_log, rules_for, write_log
from grimoire.core.signing import (
    Signature,
    generate,
    outcome_bytes,
    public_of,
    read_key,
    seal_message,
    sign,
)
from grimoire.tools._log import get_logger

log = get_logger("grimoire.seal")


def seal(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    seed: str | None = None,
    overwrite: bool = False,
    key: str | None = None,
) -> int:
    """Seal ``path`` into ``out``; ``seed`` reveals the seed (checked against the
    commitment); ``key`` (a secret key, hex, or its file) signs the chained log's record
    count, final chain value and outcome, after an audit that must pass (nobody signs a
    log the rules refuse). Returns the number of records."""
    if os.path.exists(out) and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    the_log = read_log(path)
    header = the_log.header
    if seed is not None:
        raw = parse_seed(seed)
        if header.seed_commitment is not None and commitment(raw) != header.seed_commitment:
            raise UsageError("dice/commitment", "that seed does not match the log's commitment")
        header = msgspec.structs.replace(header, seed=raw.hex())
    signature = None
    if key is not None:
        secret = read_key(key)
        report = audit_events(rules_for(header), header, the_log.events, the_log.sigs)
        if not report.ok:
            raise UsageError("sign/invalid-log", f"{path} does not pass its audit, so it is "
                             f"not signed: {report.summary()}")
        chain = header_hash(header)
        canon = canonical_for(header.format)
        for event in the_log.events:
            chain = chain_next(chain, canon(event))
        count = len(the_log.events)
        outcome = report.outcome
        signature = Signature(
            key=public_of(secret), records=count, chain=chain.hex(),
            outcome=msgspec.json.decode(outcome_bytes(outcome)),
            sig=sign(secret, seal_message(count, chain, outcome)))
    write_log(out, header, the_log.events, seal=True, signature=signature,
              sigs=the_log.sigs)
    log.info("chained", origin=str(path), out=str(out), records=len(the_log.events),
             signed=signature is not None)
    return len(the_log.events)


def keygen(out: str | os.PathLike[str]) -> str:
    """A new Ed25519 key pair: the secret key in ``out`` (created new, readable by its
    owner only), the public key in ``out.pub``. Returns the public key (hex)."""
    secret, public = generate()
    try:
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise UsageError("io/exists", f"{out}: {exc.strerror}") from None
    with os.fdopen(fd, "w") as f:
        f.write(secret + "\n")
    with open(f"{os.fspath(out)}.pub", "x", encoding="utf-8") as f:
        f.write(public + "\n")
    return public
