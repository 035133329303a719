"""Ed25519 signatures over a log's chain: who signed a log, and who acted in it.

The chain value after a record commits to the header and to every record before it, so
signing one 32-byte-ish value signs the whole prefix:

- **the log's signature** (its signature line, the last, ``{"signature": {...}}``) signs
  the record count, the final chain value and the outcome: a truncated, extended or
  re-signed log no longer matches it, and ``validate --trust KEY`` refuses a log signed
  by anyone else;
- **an act signature** (a record's ``sig``) is the acting seat's signature of the chain
  value after its action, with the key the header lists for that seat (``keys``): a log
  players exchange proves who played each action.

Messages are domain-separated: ``b"grimoire/seal\\x00" + records (8 bytes, big-endian) +
chain (16 bytes) + outcome`` (its canonical JSON ``{"winners":[…],"reason":"…"}``, or
``null``), and ``b"grimoire/act\\x00" + chain``. Keys and signatures are lowercase hex
(32-byte public keys, 64-byte signatures), as RFC 8032 defines Ed25519.

This needs the ``grimoire-games[sign]`` extra (the ``cryptography`` package).

>>> secret, public = generate()
>>> verify(public, act_message(bytes(16)), sign(secret, act_message(bytes(16))))
True
"""

from __future__ import annotations

import functools
import os
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Count

SEAL_CONTEXT = b"grimoire/seal\x00"
ACT_CONTEXT = b"grimoire/act\x00"


class Signature(msgspec.Struct, frozen=True, kw_only=True):
    """A log's signature: ``key`` (hex) signed ``records``, ``chain`` (hex) and ``outcome``."""

    key: str
    records: Count
    chain: str
    outcome: dict[str, Any] | None = None
    sig: str


class Trailer(msgspec.Struct, frozen=True):
    """The signature line: the last line of a signed log."""

    signature: Signature


def _ed25519() -> Any:
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:  # pragma: no cover - the extra is part of the test install
        raise UsageError("sign/unavailable", "signatures need the grimoire-games[sign] extra "
                         "(pip install 'grimoire-games[sign]')") from None
    return ed25519


def _hex(text: str, size: int, what: str) -> bytes:
    try:
        raw = bytes.fromhex(text.strip())
    except ValueError:
        raw = b""
    if len(raw) != size:
        raise UsageError("sign/bad-key", f"{what} must be {size * 2} hex digits")
    return raw


def generate() -> tuple[str, str]:
    """A new key pair as hex: ``(secret, public)``."""
    secret = os.urandom(32)
    return secret.hex(), public_of(secret.hex())


def public_of(secret: str) -> str:
    """The public key (hex) of a secret key (hex)."""
    key = _ed25519().Ed25519PrivateKey.from_private_bytes(_hex(secret, 32, "a secret key"))
    raw: bytes = key.public_key().public_bytes_raw()
    return raw.hex()


def sign(secret: str, message: bytes) -> str:
    """The signature (hex) of ``message`` by the secret key ``secret`` (hex)."""
    key = _ed25519().Ed25519PrivateKey.from_private_bytes(_hex(secret, 32, "a secret key"))
    raw: bytes = key.sign(message)
    return raw.hex()


@functools.lru_cache(maxsize=256)
def _public_key(public: str) -> Any:
    """The key object of a public key (hex), built once: a log checks one per action."""
    return _ed25519().Ed25519PublicKey.from_public_bytes(_hex(public, 32, "a public key"))


def verify(public: str, message: bytes, signature: str) -> bool:
    """Does ``signature`` (hex) sign ``message`` with the key ``public`` (hex)?"""
    try:
        key = _public_key(public)
        key.verify(bytes.fromhex(signature), message)
    except (ValueError, UsageError):
        return False
    except Exception as exc:  # cryptography's InvalidSignature
        if type(exc).__name__ == "InvalidSignature":
            return False
        raise
    return True


def outcome_bytes(outcome: Any) -> bytes:
    """The outcome as a log's signature signs it: ``{"winners":[…],"reason":"…"}`` or
    ``null``.

    >>> outcome_bytes(None)
    b'null'
    """
    if outcome is None:
        return b"null"
    return msgspec.json.encode({"winners": list(outcome.winners), "reason": outcome.reason})


def seal_message(records: int, chain: bytes, outcome: Any) -> bytes:
    """What a log's signature signs (its signature line's ``sig``).

    >>> len(seal_message(0, bytes(16), None))  # 14 + 8 + 16 + len(b"null")
    42
    """
    return SEAL_CONTEXT + records.to_bytes(8, "big") + chain + outcome_bytes(outcome)


def act_message(chain: bytes) -> bytes:
    """What an acting seat signs: the chain value after its action."""
    return ACT_CONTEXT + chain


def read_key(text: str) -> str:
    """A key given on the command line: hex, or the path of a file holding it."""
    text = text.strip()
    if os.path.isfile(text):
        with open(text, encoding="utf-8") as f:
            text = f.read().strip().split()[-1]
    return text.lower()
