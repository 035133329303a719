"""Logs that prove themselves: a seal signs where a log ends, seats sign their actions, and
a truncated, re-sealed, extended or re-signed-by-a-stranger log is refused with a reason
code and its line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.bots.random import RandomBot
from grimoire.cli.app import app
from grimoire.core.audit import audit
from grimoire.core.errors import IllegalAction
from grimoire.core.logfile import read_log
from grimoire.core.match import Match
from grimoire.core.signing import act_message, generate, seal_message, sign, verify
from grimoire.tools.rewind import rewind
from grimoire.tools.seal import keygen, seal

ORGANISER = generate()
STRANGER = generate()
ANN, BEN = generate(), generate()


def played(path: Path, *, keys: bool = False, actions: int = 400) -> Match:
    secret = {0: ANN[0], 1: BEN[0]}
    match = Match.new("wizard-armies", seed="0a" * 16, players=("Ann", "Ben"),
                      keys=(ANN[1], BEN[1]) if keys else None)
    bot = RandomBot(2)
    for _ in range(actions):
        if not match.to_act:
            break
        seat = min(match.to_act)
        match.act(bot.choose(match, seat), key=secret[seat] if keys else None)
    match.save(path)
    return match


def whole(match: Match, near: int) -> int:
    """The number of events of ``match`` closest below ``near`` that ends a decision."""
    from grimoire.core.events import Action

    return max(i for i in range(1, near + 1)
               if i == len(match.events) or isinstance(match.events[i], Action))


def reason(path: Path, trust: tuple[str, ...] = ()) -> tuple[str, int | None]:
    report = audit(path, trust=trust)
    assert report.error is not None, report.summary()
    return report.error["reason"], report.error["line"]


def test_the_messages_are_domain_separated() -> None:
    secret, public = generate()
    chain = bytes(range(16))
    assert verify(public, act_message(chain), sign(secret, act_message(chain)))
    assert not verify(public, seal_message(0, chain, None), sign(secret, act_message(chain)))


def test_a_sealed_log_is_trusted_only_when_a_trusted_key_signed_it(tmp_path: Path) -> None:
    played(tmp_path / "m.jsonl")
    seal(tmp_path / "m.jsonl", tmp_path / "s.jsonl", key=ORGANISER[0])
    report = audit(tmp_path / "s.jsonl", trust=(ORGANISER[1],))
    assert report.ok and report.trusted and report.signed_by == ORGANISER[1]
    assert reason(tmp_path / "s.jsonl", trust=(STRANGER[1],))[0] == "sign/untrusted"
    assert reason(tmp_path / "m.jsonl", trust=(ORGANISER[1],))[0] == "sign/unsigned"


def test_cutting_records_off_and_resealing_is_refused(tmp_path: Path) -> None:
    """Cut 40 records off a finished log and re-seal it: validate used to say ``ok …
    unfinished``; with the organiser's key trusted it is refused."""
    match = played(tmp_path / "m.jsonl")
    seal(tmp_path / "m.jsonl", tmp_path / "s.jsonl", key=ORGANISER[0])
    lines = (tmp_path / "s.jsonl").read_bytes().splitlines(keepends=True)
    keep = whole(match, len(match.events) - 40)  # about 40 records cut, at a decision's end
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join([*lines[:1 + keep], lines[-1]]))  # records gone, signature kept
    assert reason(cut) == ("sign/records", keep + 2)
    bare = tmp_path / "bare.jsonl"
    bare.write_bytes(b"".join(lines[:1 + keep]))
    seal(bare, tmp_path / "resealed.jsonl", key=STRANGER[0])
    assert reason(tmp_path / "resealed.jsonl", trust=(ORGANISER[1],))[0] == "sign/untrusted"
    extended = tmp_path / "extended.jsonl"
    extended.write_bytes(b"".join([*lines, lines[1]]))
    assert reason(extended)[0] == "log/after-signature"
    assert match.outcome is not None


def test_a_forged_signature_or_outcome_is_refused(tmp_path: Path) -> None:
    played(tmp_path / "m.jsonl")
    seal(tmp_path / "m.jsonl", tmp_path / "s.jsonl", key=ORGANISER[0])
    lines = (tmp_path / "s.jsonl").read_bytes().splitlines()
    trailer = json.loads(lines[-1])
    for field, value, code in (("sig", "00" * 64, "sign/bad"),
                               ("outcome", {"winners": [0, 1], "reason": "x"}, "sign/outcome"),
                               ("chain", "00" * 16, "sign/chain")):
        forged = dict(trailer["signature"], **{field: value})
        path = tmp_path / f"forged-{field}.jsonl"
        path.write_bytes(b"\n".join([*lines[:-1], json.dumps(
            {"signature": forged}, separators=(",", ":")).encode()]) + b"\n")
        assert reason(path) == (code, len(lines))


def test_each_seat_signs_its_actions_and_a_log_proves_who_acted(tmp_path: Path) -> None:
    match = played(tmp_path / "m.jsonl", keys=True)
    report = audit(tmp_path / "m.jsonl")
    assert report.ok, report.summary()
    log = read_log(tmp_path / "m.jsonl")
    assert log.header.keys == (ANN[1], BEN[1]) and len(log.sigs) == report.actions
    lines = (tmp_path / "m.jsonl").read_bytes().splitlines()
    first = json.loads(lines[1])
    del first["sig"]
    unsigned = tmp_path / "unsigned.jsonl"
    unsigned.write_bytes(b"\n".join([lines[0], json.dumps(first, separators=(",", ":")).encode(),
                                     *lines[2:]]) + b"\n")
    assert reason(unsigned) == ("sign/act-missing", 2)
    swapped = dict(json.loads(lines[1]), sig=json.loads(lines[2] if b'"sig"' in lines[2]
                                                         else lines[1])["sig"])
    swapped["sig"] = sign(STRANGER[0], act_message(bytes.fromhex(swapped["chain"])))
    other = tmp_path / "other.jsonl"
    other.write_bytes(b"\n".join([lines[0], json.dumps(swapped, separators=(",", ":")).encode(),
                                  *lines[2:]]) + b"\n")
    assert reason(other) == ("sign/act", 2)
    fork = tmp_path / "fork.jsonl"
    header = rewind(tmp_path / "m.jsonl", whole(match, 10), fork)
    assert audit(fork).ok and header.keys is None, "a fork drops the keys"
    assert header.forked_from is not None
    assert header.forked_from.chain == json.loads(lines[whole(match, 10)])["chain"]
    assert match.chain == json.loads(lines[-1])["chain"]


def test_a_seat_must_sign_with_its_own_key(tmp_path: Path) -> None:
    match = Match.new("wizard-armies", seed="0b" * 16, keys=(ANN[1], BEN[1]))
    action = match.legal(0)[0]
    with pytest.raises(IllegalAction) as err:
        match.act(action)
    assert err.value.reason == "sign/needed"
    with pytest.raises(IllegalAction) as err:
        match.act(action, key=BEN[0])
    assert err.value.reason == "sign/key" and not match.events
    match.act(action, key=ANN[0])
    assert len(match.events) >= 1


def test_keygen_seal_and_validate_from_the_command(tmp_path: Path) -> None:
    runner = CliRunner()
    played(tmp_path / "m.jsonl")
    result = runner.invoke(app, ["keygen", "-o", str(tmp_path / "k")])
    assert result.exit_code == 0 and (tmp_path / "k").stat().st_mode & 0o077 == 0
    result = runner.invoke(app, ["seal", str(tmp_path / "m.jsonl"), "-o",
                                 str(tmp_path / "s.jsonl"), "--key", str(tmp_path / "k")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", str(tmp_path / "s.jsonl"), "--trust",
                                 str(tmp_path / "k.pub")])
    assert result.exit_code == 0 and "(trusted)" in result.output
    keygen(tmp_path / "other")
    result = runner.invoke(app, ["validate", str(tmp_path / "s.jsonl"), "--trust",
                                 str(tmp_path / "other.pub")])
    assert result.exit_code == 1 and "sign/untrusted" in result.output


# ---------------------------------------------------------------- sig exactly on actions

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "sealed-setup.jsonl"
DAWN_SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"  # RFC 8032 1
EXAMPLE_AUDITOR = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"


def test_a_sig_on_a_consequence_is_refused_even_a_seat_s_true_signature(
        tmp_path: Path) -> None:
    """Issue 32, case 2: the worked example's reveal (a consequence) given a ``sig`` --
    Dawn's genuine signature of its chain value -- was accepted; nobody acted, so
    nobody signs it, and it is refused with its line."""
    lines = EXAMPLE.read_bytes().split(b"\n")
    reveal = json.loads(lines[5])
    assert reveal["event"]["type"] == "reveal" and "sig" not in reveal
    reveal["sig"] = sign(DAWN_SECRET, act_message(bytes.fromhex(reveal["chain"])))
    lines[5] = json.dumps(reveal, separators=(",", ":")).encode()
    path = tmp_path / "signed-reveal.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert reason(path, trust=(EXAMPLE_AUDITOR,)) == ("sign/act-unexpected", 6)


def test_a_sig_in_a_log_without_keys_is_refused(tmp_path: Path) -> None:
    """Issue 32, case 3: an action of a log whose header lists no keys, given a ``sig``,
    was reported "ok … sealed"; no record of such a log is signed."""
    played(tmp_path / "m.jsonl", actions=6)
    lines = (tmp_path / "m.jsonl").read_bytes().split(b"\n")
    first = json.loads(lines[1])
    first["sig"] = sign(ANN[0], act_message(bytes.fromhex(first["chain"])))
    lines[1] = json.dumps(first, separators=(",", ":")).encode()
    path = tmp_path / "signed-without-keys.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert reason(path) == ("sign/act-unexpected", 2)


def test_accept_takes_a_sig_only_on_the_action_of_a_match_with_keys() -> None:
    """Two processes exchanging lines hold each other to the same rule as the audit."""
    from grimoire.core.errors import GrimoireError

    host = Match.new("vicious-circle", dice="recorded")
    guest = Match.join(host.lines()[0])
    host.act(host.legal(0)[0])
    line = json.loads(host.lines(0)[0])
    line["sig"] = "ab" * 64
    with pytest.raises(GrimoireError) as err:
        guest.accept([json.dumps(line, separators=(",", ":")).encode()])
    assert err.value.reason == "sign/act-unexpected" and not guest.events
    keyed = Match.new("wizard-armies", seed="0a" * 16, keys=(ANN[1], BEN[1]))
    other = Match.join(keyed.lines()[0])
    seat = min(keyed.to_act)
    keyed.act(keyed.legal(seat)[0], key=(ANN, BEN)[seat][0])
    decision = [json.loads(raw) for raw in keyed.lines(0)]
    assert len(decision) > 1, "a decision with a consequence or a roll after its action"
    decision[1]["sig"] = decision[0]["sig"]
    with pytest.raises(GrimoireError) as err:
        other.accept([json.dumps(d, separators=(",", ":")).encode() for d in decision])
    assert err.value.reason == "sign/act-unexpected" and not other.events


# ---------------------------------------------------------------- one hex case


def upper(tmp_path: Path, line: int, field: str) -> Path:
    """The worked example with one hex value of ``line`` (1-based) in upper case:
    ``field`` is a record's key, ``"signature.NAME"`` or ``"keys"``."""
    lines = EXAMPLE.read_bytes().split(b"\n")
    value = json.loads(lines[line - 1])
    if field == "keys":
        value["keys"][1] = value["keys"][1].upper()
    elif field.startswith("signature."):
        name = field.split(".")[1]
        value["signature"][name] = value["signature"][name].upper()
    else:
        value[field] = value[field].upper()
    lines[line - 1] = json.dumps(value, separators=(",", ":")).encode()
    path = tmp_path / f"upper-{line}-{field}.jsonl"
    path.write_bytes(b"\n".join(lines))
    return path


@pytest.mark.parametrize(("line", "field"), [
    (2, "sig"), (3, "chain"), (7, "signature.sig"), (7, "signature.key"),
    (7, "signature.chain"), (1, "keys"),
])
def test_hex_in_upper_case_is_refused_wherever_it_stands(
        tmp_path: Path, line: int, field: str) -> None:
    """Issue 32, case 4: an act signature, the signature line's ``sig`` or ``key`` in
    upper case were accepted (and an upper-case key then failed ``--trust`` with the same
    key in lower case). Hex is written one way, lowercase: ``log/bad-hex`` with the line,
    under ``--trust`` or not."""
    path = upper(tmp_path, line, field)
    assert reason(path, trust=(EXAMPLE_AUDITOR,)) == ("log/bad-hex", line)
    assert reason(path) == ("log/bad-hex", line)


@pytest.mark.parametrize(("edit", "expected"), [
    ({"keys": ["d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"]},
     "sign/bad-key"),
    ({"forked_from": {"log": "a.jsonl", "seq": 3, "chain": "AB" * 16}}, "log/bad-hex"),
])
def test_a_header_s_keys_are_one_a_seat_and_its_chain_values_lowercase(
        tmp_path: Path, edit: dict[str, object], expected: str) -> None:
    lines = EXAMPLE.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    keys = header.pop("keys")
    header.update({**edit, "keys": edit.get("keys", keys)})  # fields in their order
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    path = tmp_path / "header.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert reason(path) == (expected, 1)


@pytest.mark.parametrize(("field", "value"), [
    ("seed", "0A" * 16), ("seed", "0a" * 15 + "0"), ("seed_commitment", "0a" * 31),
    ("seed_commitment", "0A" * 32)])
def test_a_seed_or_commitment_not_lowercase_hex_is_a_bad_seed(
        tmp_path: Path, field: str, value: str) -> None:
    source = Path(__file__).resolve().parents[2] / "fixtures" / "wizard-armies" / \
        "frozen-format2-full-01.jsonl"
    lines = source.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    assert field in header
    header[field] = value
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    path = tmp_path / "seed.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert reason(path) == ("log/bad-seed", 1)


@pytest.mark.parametrize("records", [-1, 2**64])
def test_a_signature_covering_no_count_of_records_is_a_bad_signature_line(
        tmp_path: Path, records: int) -> None:
    """Issue 32, case 8: ``records: -1`` was read (and refused only as a count the log
    does not have); a count is a whole number from 0 to 2**53 - 1, as the schemas say."""
    lines = EXAMPLE.read_bytes().split(b"\n")
    lines[6] = lines[6].replace(b'"records":5', b'"records":' + str(records).encode())
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert reason(path, trust=(EXAMPLE_AUDITOR,)) == ("log/bad-signature", 7)
