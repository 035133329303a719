"""Two honest auditors always agree (issue 32): a verifier written from
``docs/log-format.md`` alone (``tests/support/verifier.py``, which imports nothing of
grimoire) against ``grimoire validate``, on every fixture and on a tamper corpus holding
every case the issue found. Where ``validate`` names a code of the verifier's (the chain,
the canonical form, act signatures, the signature line, an upgrade's carried signature,
the sealed choices), both give the same code at the same line; where ``validate``
refuses a line for the rules' own reason, the verifier finds nothing before that line;
where ``validate`` finds nothing, neither does the verifier, and both say alike whether
the log is chained, who signed it and (the page's rule) its outcome.

The corpus is built from real logs, each edited in one way and, where the edit is not
about the chain or a signature, chained and signed again with the keys that signed it
(RFC 8032's test vectors), so that only the edit can be refused."""

from __future__ import annotations

import ast
import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from verifier import REASONS, Verdict, canonical_float, verify

from grimoire.core.audit import AuditReport, audit

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
FIXTURES = sorted(ROOT.glob("fixtures/*/*.jsonl"))
EXAMPLE = ROOT / "docs" / "examples" / "sealed-setup.jsonl"
SECRETS = {  # RFC 8032's test vectors 1, 2, 3: the worked example's seats and auditor
    "dawn": "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    "twilight": "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    "auditor": "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
}
STRANGER = "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"  # RFC 8032 4


def public(secret: str) -> str:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret)).public_key() \
        .public_bytes_raw().hex()


def sign(secret: str, message: bytes) -> str:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret)).sign(message).hex()


AUDITOR = public(SECRETS["auditor"])


def b2(data: bytes, size: int) -> bytes:
    return hashlib.blake2b(data, digest_size=size).digest()


def text(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


# ---------------------------------------------------------------- the verdicts


def verdicts(data: bytes, tmp: Path, trust: tuple[str, ...] = ()
             ) -> tuple[AuditReport, Verdict]:
    path = tmp / "log.jsonl"
    path.write_bytes(data)
    return audit(path, trust=trust), verify(data, SCHEMAS, trust)


def agree(report: AuditReport, mine: Verdict) -> None:
    """The rule the module's docstring states."""
    if report.error is None:
        assert mine.reason is None, f"validate: ok; verifier: {mine}"
        assert (mine.chained, mine.signed_by) == (report.chained, report.signed_by)
        if mine.outcome_known:
            theirs = None if report.outcome is None else {
                "winners": list(report.outcome.winners), "reason": report.outcome.reason}
            assert mine.outcome == theirs
        return
    reason, line = report.error["reason"], report.error["line"]
    if reason in REASONS:
        assert (mine.reason, mine.line) == (reason, line), \
            f"validate: {reason} at line {line} ({report.error['detail']}); verifier: {mine}"
    else:
        assert mine.reason is None or mine.line is None or line is None or \
            mine.line >= line, f"validate: {reason} at line {line}; verifier: {mine}"


def test_the_verifier_imports_nothing_of_grimoire() -> None:
    """Written from the page alone: only the standard library and ``cryptography``."""
    tree = ast.parse((ROOT / "tests" / "support" / "verifier.py").read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module or "" for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom)}
    assert not any(n == "grimoire" or n.startswith("grimoire.") for n in names), names
    assert {n.split(".")[0] for n in names} <= {
        "__future__", "hashlib", "json", "re", "collections", "dataclasses", "pathlib",
        "typing", "cryptography"}, names


def test_the_page_s_rule_for_fractions_is_the_encoder_s() -> None:
    """The canonical form of a number with a fraction (only ever in ``meta``), as the
    page words it, is what grimoire's encoder writes, over 20,000 doubles."""
    rng = random.Random(32)
    values = [0.5, 1e16, 9.99e15, 1e-5, 1e-6, -2.5, -0.0, 5e-324, 1.7976931348623157e308]
    values += [rng.uniform(-1e6, 1e6) * 10 ** rng.randint(-30, 30) for _ in range(20_000)]
    for value in values:
        assert canonical_float(value) == msgspec.json.encode(value).decode(), value


@pytest.mark.parametrize("path", [*FIXTURES, EXAMPLE],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_verifier_and_validate_agree_on_every_fixture(path: Path) -> None:
    report = audit(path, trust=(AUDITOR,) if path == EXAMPLE else ())
    agree(report, verify(path.read_bytes(), SCHEMAS, (AUDITOR,) if path == EXAMPLE else ()))


def test_the_fixtures_hold_every_kind_of_verdict() -> None:
    """Valid logs of both formats, sealed choices that open and one that does not, and
    logs the rules refuse: the agreement above is not an agreement on nothing."""
    reports = [audit(p) for p in FIXTURES if "commit" in p.name or "frozen" in p.name]
    reasons = {r.error["reason"] if r.error else None for r in reports}
    assert {None, "commit/mismatch"} <= reasons


# ---------------------------------------------------------------- the tamper corpus


@dataclass
class Log:
    """A log as its lines' JSON values, edited, then written again: chained (when it
    was) and signed with the keys that signed it."""

    header: dict[str, Any]
    records: list[dict[str, Any]]
    seal: dict[str, Any] | None
    seats: list[str] = field(default_factory=list)  # the seats' secret keys, if any

    @classmethod
    def of(cls, data: bytes, seats: tuple[str, ...] = ()) -> Log:
        lines = [json.loads(raw) for raw in data.splitlines() if raw.strip()]
        seal = lines.pop()["signature"] if "signature" in lines[-1] else None
        return cls(lines[0], lines[1:], seal, list(seats))

    def start(self) -> bytes:
        if self.header["format"] == "grimoire/1":
            return b2(text(dict(self.header, seed=None)), 16)
        return b2(text({k: v for k, v in self.header.items() if k != "seed"}), 16)

    def bytes(self, *, rechain: bool = True, resign: bool = True) -> bytes:
        chain = self.start()
        lines = [text(self.header)]
        for rec in self.records:
            chain = b2(chain + text(rec["event"]), 16)
            if rechain and "chain" in rec:
                rec["chain"] = chain.hex()
            if resign and "sig" in rec and self.seats and "player" in rec["event"]:
                rec["sig"] = sign(self.seats[rec["event"]["player"]],
                                  b"grimoire/act\x00" + chain)
            lines.append(text(rec))
        if self.seal is not None:
            if resign:
                self.seal["records"], self.seal["chain"] = len(self.records), chain.hex()
                self.seal["sig"] = sign(SECRETS["auditor"], b"grimoire/seal\x00"
                                        + len(self.records).to_bytes(8, "big") + chain
                                        + text(self.seal["outcome"]))
            lines.append(text({"signature": self.seal}))
        return b"\n".join(lines) + b"\n"


@dataclass
class Bases:
    example: bytes  # Vicious Circle, sealed setup, keys, signed
    armies: bytes  # Wizard Armies, sealed deployments, recorded dice, no keys
    swords: bytes  # Swords & Wizardry, sealed pieces
    format1: bytes  # Magery, grimoire/1, seed revealed
    format2: bytes  # Magery, grimoire/2
    finished: bytes  # Vicious Circle, a whole game, signed by the auditor
    keyed: bytes  # Wizard Armies, sealed deployments, keys, rolls, signed
    upgraded: bytes  # a signed grimoire/1 log upgraded: upgraded_from carries its signature
    empty: bytes  # a log of no records, signed


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> Bases:
    from grimoire.bots.random import RandomBot
    from grimoire.core.match import Match
    from grimoire.tools.seal import seal
    from grimoire.tools.upgrade import upgrade

    tmp = tmp_path_factory.mktemp("bases")
    fixtures = ROOT / "fixtures"
    seal(fixtures / "vicious-circle" / "full-01.jsonl", tmp / "finished.jsonl",
         key=SECRETS["auditor"])
    seats = (SECRETS["dawn"], SECRETS["twilight"])
    match = Match.new("wizard-armies", seed="0a" * 16, options={"hidden": "commit"},
                      keys=tuple(public(s) for s in seats))
    bot = RandomBot(5)
    for _ in range(40):
        if not match.to_act:
            break
        seat = min(match.to_act)
        match.act(bot.choose(match, seat), key=seats[seat])
    match.save(tmp / "keyed-plain.jsonl", reveal=True)
    seal(tmp / "keyed-plain.jsonl", tmp / "keyed.jsonl", key=SECRETS["auditor"])
    seal(fixtures / "vicious-circle" / "v1-full-01.jsonl", tmp / "v1-signed.jsonl",
         key=SECRETS["auditor"])
    upgrade(tmp / "v1-signed.jsonl", tmp / "upgraded.jsonl")
    Match.new("magery", dice="recorded").save(tmp / "empty-plain.jsonl")
    seal(tmp / "empty-plain.jsonl", tmp / "empty.jsonl", key=SECRETS["auditor"])
    return Bases(
        example=EXAMPLE.read_bytes(),
        armies=(fixtures / "wizard-armies" / "frozen-format2-edge-commit-opening.jsonl")
        .read_bytes(),
        swords=(fixtures / "swords-wizardry" / "frozen-format2-edge-commit-opening.jsonl")
        .read_bytes(),
        format1=(fixtures / "magery" / "frozen-format1-full-01.jsonl").read_bytes(),
        format2=(fixtures / "magery" / "frozen-format2-full-01.jsonl").read_bytes(),
        finished=(tmp / "finished.jsonl").read_bytes(),
        keyed=(tmp / "keyed.jsonl").read_bytes(),
        upgraded=(tmp / "upgraded.jsonl").read_bytes(),
        empty=(tmp / "empty.jsonl").read_bytes(),
    )


def example(b: Bases) -> Log:
    return Log.of(b.example, (SECRETS["dawn"], SECRETS["twilight"]))


def keyed(b: Bases) -> Log:
    return Log.of(b.keyed, (SECRETS["dawn"], SECRETS["twilight"]))


def line_of(log: Log, kind: str, nth: int = 0) -> int:
    """The index among ``log.records`` of the ``nth`` record whose event is ``kind``."""
    return [k for k, rec in enumerate(log.records) if rec["event"]["type"] == kind][nth]


def replace(data: bytes, line: int, old: bytes, new: bytes) -> bytes:
    lines = data.split(b"\n")
    assert old in lines[line - 1], (old, lines[line - 1][:100])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return b"\n".join(lines)


def upper(value: str) -> str:
    return value.upper()


Case = Callable[[Bases], tuple[bytes, tuple[str, ...], tuple[str | None, int | None]]]
CASES: dict[str, Case] = {}


def case(name: str) -> Callable[[Case], Case]:
    def register(fn: Case) -> Case:
        CASES[name] = fn
        return fn
    return register


# 1. a field nobody reads in the signature line


@case("1 a field inside the signature, trusted")
def _(b: Bases) -> Any:
    return replace(b.example, 7, b'{"signature":{"key"', b'{"signature":{"signer":'
                   b'"Official referee","key"'), (AUDITOR,), ("log/unknown-field", 7)


@case("1 a field beside the signature")
def _(b: Bases) -> Any:
    return replace(b.example, 7, b'"}}', b'"},"signer":"Official referee"}'), (), \
        ("log/unknown-field", 7)


# 2, 3. sig exactly on the actions of a log with keys


@case("2 a sig on a consequence (the reveal), the seat's true signature")
def _(b: Bases) -> Any:
    log = example(b)
    k = line_of(log, "reveal")
    log.records[k]["sig"] = "00" * 64
    data = log.bytes()  # chained and signed again: the reveal's sig is Dawn's, of its chain
    reveal = json.loads(data.splitlines()[k + 1])
    reveal["sig"] = sign(SECRETS["dawn"], b"grimoire/act\x00" + bytes.fromhex(reveal["chain"]))
    lines = data.split(b"\n")
    lines[k + 1] = text(reveal)
    return b"\n".join(lines), (AUDITOR,), ("sign/act-unexpected", k + 2)


@case("2 a sig on a roll of a log with keys")
def _(b: Bases) -> Any:
    log = keyed(b)
    k = line_of(log, "roll")
    log.records[k]["sig"] = "00" * 64
    return log.bytes(), (), ("sign/act-unexpected", k + 2)


@case("3 a sig on an action of a log without keys")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    log.records[0]["sig"] = sign(SECRETS["dawn"], b"grimoire/act\x00" + b"\0" * 16)
    return log.bytes(), (), ("sign/act-unexpected", 2)


# 4. one hex case


@case("4 an act signature in upper case")
def _(b: Bases) -> Any:
    log = example(b)
    data = log.bytes()
    sig = json.loads(data.splitlines()[1])["sig"]
    return replace(data, 2, sig.encode(), upper(sig).encode()), (AUDITOR,), ("log/bad-hex", 2)


@case("4 the signature line's sig in upper case")
def _(b: Bases) -> Any:
    sig = json.loads(b.example.splitlines()[-1])["signature"]["sig"]
    return replace(b.example, 7, sig.encode(), upper(sig).encode()), (AUDITOR,), \
        ("log/bad-hex", 7)


@case("4 the signature line's key in upper case, trusted in lower case")
def _(b: Bases) -> Any:
    return replace(b.example, 7, AUDITOR.encode(), upper(AUDITOR).encode()), (AUDITOR,), \
        ("log/bad-hex", 7)


@case("4 a header key in upper case")
def _(b: Bases) -> Any:
    key = json.loads(b.example.splitlines()[0])["keys"][1]
    return replace(b.example, 1, key.encode(), upper(key).encode()), (), ("log/bad-hex", 1)


@case("4 a record's chain in upper case")
def _(b: Bases) -> Any:
    chain = json.loads(b.armies.splitlines()[3])["chain"]
    return replace(b.armies, 4, chain.encode(), upper(chain).encode()), (), ("log/bad-hex", 4)


@case("4 a seed in upper case")
def _(b: Bases) -> Any:
    seed = json.loads(b.format1.splitlines()[0])["seed"]
    return replace(b.format1, 1, seed.encode(), upper(seed).encode()), (), ("log/bad-seed", 1)


@case("4 a nonce in upper case")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    k = line_of(log, "open")
    log.records[k]["event"]["nonce"] = upper(log.records[k]["event"]["nonce"])
    return log.bytes(), (), ("commit/bad-nonce", k + 2)


@case("4 a digest in upper case")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    k = line_of(log, "commit")
    log.records[k]["event"]["digest"] = upper(log.records[k]["event"]["digest"])
    return log.bytes(), (), ("commit/bad-digest", k + 2)


@case("4 keys not one a seat")
def _(b: Bases) -> Any:
    log = example(b)
    log.header["keys"] = log.header["keys"][:1]
    return log.bytes(), (), ("sign/bad-key", 1)


# 5. a line is canonical or refused


@case("5 an event's fields reordered")
def _(b: Bases) -> Any:
    return replace(b.example, 3, b'"type":"commit","player":1,', b'"player":1,"type":"commit",'
                   ), (AUDITOR,), ("log/not-canonical", 3)


@case("5 a space in a record")
def _(b: Bases) -> Any:
    return replace(b.armies, 5, b'"seq":3,', b'"seq": 3,'), (), ("log/not-canonical", 5)


@case("5 an escaped letter in a key")
def _(b: Bases) -> Any:
    return replace(b.example, 4, b'{"type":"open"', b'{"\\u0074ype":"open"'), (AUDITOR,), \
        ("log/not-canonical", 4)


@case("5 a space in the header")
def _(b: Bases) -> Any:
    return replace(b.example, 1, b'"dice":"recorded"', b'"dice": "recorded"'), (AUDITOR,), \
        ("log/not-canonical", 1)


@case("5 a space in the signature line")
def _(b: Bases) -> Any:
    return replace(b.example, 7, b'"records":5', b'"records": 5'), (AUDITOR,), \
        ("log/not-canonical", 7)


@case("5 seq written -0")
def _(b: Bases) -> Any:
    return replace(b.armies, 2, b'"seq":0,', b'"seq":-0,'), (), ("log/not-canonical", 2)


@case("5 a first-format event with a defaulted field left out")
def _(b: Bases) -> Any:
    k = next(i for i, raw in enumerate(b.format1.split(b"\n")) if b',"extra":[]}' in raw)
    return replace(b.format1, k + 1, b',"extra":[]}', b"}"), (), ("log/not-canonical", k + 1)


@case("5 a defaulted field written out")
def _(b: Bases) -> Any:
    k = next(i for i, raw in enumerate(b.format2.split(b"\n")) if b'"type":"turn"' in raw)
    return replace(b.format2, k + 1, b'"player":1}', b'"player":1,"extra":[]}'), (), \
        ("log/not-canonical", k + 1)


@case("5 a first-format header without a defaulted field")
def _(b: Bases) -> Any:
    return replace(b.format1, 1, b',"forked_from":null', b""), (), ("log/not-canonical", 1)


@case("5 CR LF line ends and blank lines are no part of a line")
def _(b: Bases) -> Any:
    lines = b.example.split(b"\n")
    return b"\r\n".join([lines[0], b"", *lines[1:3], b" \t", *lines[3:]]), (AUDITOR,), \
        (None, None)


@case("5 a key twice in a record")
def _(b: Bases) -> Any:
    return replace(b.armies, 3, b'"seq":1,', b'"seq":1,"seq":1,'), (), ("log/duplicate-key", 3)


# 6. an upgrade's carried signature


@case("6 an upgrade's carried signature forged (a record count it did not sign)")
def _(b: Bases) -> Any:
    log = Log.of(b.upgraded)
    log.header["upgraded_from"]["records"] = 9999
    return log.bytes(), (), ("sign/upgraded-from", 1)


@case("6 an upgrade's carried signature over a chain of zeros")
def _(b: Bases) -> Any:
    log = Log.of(b.upgraded)
    log.header["upgraded_from"]["chain"] = "0" * 32
    return log.bytes(), (), ("sign/upgraded-from", 1)


@case("6 an upgrade's key without its signature")
def _(b: Bases) -> Any:
    log = Log.of(b.upgraded)
    del log.header["upgraded_from"]["sig"]
    return log.bytes(), (), ("sign/upgraded-from", 1)


@case("6 an upgraded copy as written")
def _(b: Bases) -> Any:
    return b.upgraded, (), (None, None)


# the chain, the signatures and the sealed choices, as they always were


@case("an event changed")
def _(b: Bases) -> Any:
    return replace(b.armies, 2, b'"player":0', b'"player":1'), (), ("log/chain", 2)


@case("a seq skipped")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    for rec in log.records[3:]:
        rec["seq"] += 1
    return log.bytes(), (), ("log/seq", 5)


@case("a record without its chain among chained ones")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    del log.records[4]["chain"]
    return log.bytes(), (), ("log/chain-missing", 6)


@case("records cut, the signature kept")
def _(b: Bases) -> Any:
    lines = b.example.split(b"\n")
    return b"\n".join([*lines[:4], *lines[6:]]), (AUDITOR,), ("sign/records", 5)


@case("the signature's chain changed")
def _(b: Bases) -> Any:
    chain = json.loads(b.example.splitlines()[-1])["signature"]["chain"]
    return replace(b.example, 7, chain.encode(), b"0" * 32), (), ("sign/chain", 7)


@case("the outcome changed and signed again")
def _(b: Bases) -> Any:
    log = Log.of(b.finished)
    assert log.seal is not None and log.seal["outcome"] is not None
    log.seal["outcome"] = dict(log.seal["outcome"], reason="resignation")
    return log.bytes(), (), ("sign/outcome", len(log.records) + 2)


@case("a forged signature")
def _(b: Bases) -> Any:
    sig = json.loads(b.example.splitlines()[-1])["signature"]["sig"]
    return replace(b.example, 7, sig.encode(), (sig[:-4] + "0000").encode()), (), \
        ("sign/bad", 7)


@case("signed by a stranger, the auditor trusted")
def _(b: Bases) -> Any:
    log = example(b)
    data = log.bytes()
    last = json.loads(data.splitlines()[-1])["signature"]
    message = (b"grimoire/seal\x00" + last["records"].to_bytes(8, "big")
               + bytes.fromhex(last["chain"]) + b"null")
    last.update(key=public(STRANGER), sig=sign(STRANGER, message))
    lines = data.split(b"\n")
    lines[-2] = text({"signature": last})
    return b"\n".join(lines), (AUDITOR,), ("sign/untrusted", 7)


@case("unsigned, a key trusted")
def _(b: Bases) -> Any:
    return b.armies, (AUDITOR,), ("sign/unsigned", None)


@case("an action's signature missing")
def _(b: Bases) -> Any:
    log = example(b)
    del log.records[0]["sig"]
    return log.bytes(), (AUDITOR,), ("sign/act-missing", 2)


@case("an action signed by the other seat")
def _(b: Bases) -> Any:
    log = example(b)
    data = log.bytes()
    rec = json.loads(data.splitlines()[1])
    rec["sig"] = sign(SECRETS["twilight"], b"grimoire/act\x00" + bytes.fromhex(rec["chain"]))
    lines = data.split(b"\n")
    lines[1] = text(rec)
    return b"\n".join(lines), (AUDITOR,), ("sign/act", 2)


@case("a line after the signature")
def _(b: Bases) -> Any:
    lines = b.example.split(b"\n")
    return b"\n".join([*lines[:-1], lines[5], b""]), (AUDITOR,), ("log/after-signature", 8)


@case("a torn last line")
def _(b: Bases) -> Any:
    return b.armies[:-40], (), ("log/torn-line", len(b.armies.splitlines()))


@case("the signature's records of -1")
def _(b: Bases) -> Any:
    return replace(b.example, 7, b'"records":5', b'"records":-1'), (), ("log/bad-signature", 7)


@case("a Vicious Circle opening that does not match its commitment")
def _(b: Bases) -> Any:
    log = example(b)
    k = line_of(log, "open")
    log.records[k]["event"]["nonce"] = "0" * 32
    return log.bytes(), (AUDITOR,), ("commit/mismatch", k + 2)


@case("a Wizard Armies opening of another deployment")
def _(b: Bases) -> Any:
    log = Log.of(b.armies)
    k = line_of(log, "open", 1)
    log.records[k]["event"]["nonce"] = "2f" * 16
    return log.bytes(), (), ("commit/mismatch", k + 2)


@case("a Swords & Wizardry opening of another piece")
def _(b: Bases) -> Any:
    log = Log.of(b.swords)
    k = line_of(log, "open")
    log.records[k]["event"]["nonce"] = "0" * 32
    return log.bytes(), (), ("commit/mismatch", k + 2)


@case("a Wizard Armies log with keys, rolls and sealed deployments, signed")
def _(b: Bases) -> Any:
    return b.keyed, (AUDITOR,), (None, None)


@case("a finished game, signed")
def _(b: Bases) -> Any:
    return b.finished, (AUDITOR,), (None, None)


@case("a log of no records, signed: records 0, the chain's start")
def _(b: Bases) -> Any:
    header, last = b.empty.splitlines()
    seal = json.loads(last)["signature"]
    assert (seal["records"], seal["chain"]) == (0, b2(header, 16).hex())
    return b.empty, (AUDITOR,), (None, None)


@case("a log of no records, its signature claiming one")
def _(b: Bases) -> Any:
    return replace(b.empty, 2, b'"records":0', b'"records":1'), (), ("sign/records", 2)


@pytest.mark.parametrize("name", list(CASES))
def test_the_verifier_and_validate_agree_on_each_tampered_log(
        name: str, bases: Bases, tmp_path: Path) -> None:
    data, trust, expected = CASES[name](bases)
    report, mine = verdicts(data, tmp_path, trust)
    got = (report.error["reason"], report.error["line"]) if report.error else (None, None)
    assert got == expected, f"validate: {report.summary()}"
    agree(report, mine)
    assert (mine.reason, mine.line) == expected, mine


def test_the_corpus_holds_every_case_of_the_issue() -> None:
    assert {name.split(" ")[0] for name in CASES} >= {"1", "2", "3", "4", "5", "6"}
