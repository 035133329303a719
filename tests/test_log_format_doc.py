"""The worked example of ``docs/log-format.md`` checks out with nothing but BLAKE2b and
Ed25519, as a reader in another language would check it: the chain, each seat's act
signature, the commitments and the seal; and it is what ``tools/log_example.py`` writes."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from games import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "log-format.md"
EXAMPLE = ROOT / "docs" / "examples" / "sealed-setup.jsonl"
AUDITOR = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"


def b2(data: bytes, size: int) -> bytes:
    return hashlib.blake2b(data, digest_size=size).digest()


def ed25519_ok(public: str, message: bytes, signature: str) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(
            bytes.fromhex(signature), message)
    except InvalidSignature:
        return False
    return True


def event_text(line: bytes) -> bytes:
    """The ``"event"`` value's text exactly as on the line (canonical, so what the chain
    hashes), cut out of the line rather than re-encoded."""
    start = line.index(b'"event":') + len(b'"event":')
    end = line.rindex(b',"chain":')
    return line[start:end]


def lines() -> list[bytes]:
    return EXAMPLE.read_bytes().splitlines()


def test_chain_from_the_header_through_every_record() -> None:
    header, *records, _seal = lines()
    assert b'"seed"' not in header  # nothing to blank: the line is hashed as it is
    chain = b2(header, 16)
    assert chain.hex() == "5b6a86ce662381dd5c56fe0e4378cf98"
    for raw in records:
        chain = b2(chain + event_text(raw), 16)
        assert json.loads(raw)["chain"] == chain.hex()
    assert chain.hex() == "1b73ebe015bc3dee56c72bef522d450b"


def test_every_action_is_signed_by_its_seat_over_the_chain_value() -> None:
    header, *records, _seal = lines()
    keys = json.loads(header)["keys"]
    signed = 0
    for raw in records:
        rec: dict[str, Any] = json.loads(raw)
        if "player" not in rec["event"]:
            assert "sig" not in rec  # a consequence (the reveal) is nobody's act
            continue
        message = b"grimoire/act\x00" + bytes.fromhex(rec["chain"])
        seat = rec["event"]["player"]
        assert ed25519_ok(keys[seat], message, rec["sig"])
        assert not ed25519_ok(keys[1 - seat], message, rec["sig"])
        signed += 1
    assert signed == 4
    assert (b"grimoire/act\x00" + bytes.fromhex(json.loads(records[0])["chain"])).hex() == (
        "6772696d6f6972652f61637400" "9426c6a400e237e1e7d9e67ed21d63b5")


def test_each_opening_matches_its_commitment() -> None:
    _header, *records, _seal = lines()
    events = [json.loads(raw)["event"] for raw in records]
    digests = {e["player"]: e["digest"] for e in events if e["type"] == "commit"}
    for opening in (e for e in events if e["type"] == "open"):
        choice = json.dumps(opening["placement"], separators=(",", ":")).encode()
        digest = b2(b"grimoire/choice\x00" + bytes.fromhex(opening["nonce"]) + choice, 32)
        assert digest.hex() == digests[opening["player"]]
    assert digests[0] == "ebe8cbaff4736790c9ac258374b9b7efb9c6f7b483cdc63a3b69d343789b2612"


def test_the_seal_signs_record_count_last_chain_and_outcome() -> None:
    _header, *records, last = lines()
    seal = json.loads(last)["signature"]
    chain = json.loads(records[-1])["chain"]
    assert (seal["records"], seal["chain"], seal["outcome"]) == (len(records), chain, None)
    message = (b"grimoire/seal\x00" + len(records).to_bytes(8, "big") + bytes.fromhex(chain)
               + b"null")
    assert len(message) == 42
    assert ed25519_ok(seal["key"], message, seal["sig"])
    truncated = (b"grimoire/seal\x00" + (len(records) - 1).to_bytes(8, "big")
                 + bytes.fromhex(json.loads(records[-2])["chain"]) + b"null")
    assert not ed25519_ok(seal["key"], truncated, seal["sig"])


def test_the_keys_are_rfc_8032s_test_vectors() -> None:
    header = json.loads(lines()[0])
    assert header["keys"] == [
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",  # test 1
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",  # test 2
    ]
    assert json.loads(lines()[-1])["signature"]["key"] == AUDITOR  # test 3


def test_the_doc_quotes_the_example() -> None:
    """Every line of the file appears in the doc (signatures and the header's options
    shortened with an ellipsis), and each value the doc's steps name is the file's."""
    doc = DOC.read_text()
    block = re.search(r"one line per line.*?```\n(.*?)```", doc, re.S)
    assert block is not None
    quoted = block.group(1).splitlines()
    assert len(quoted) == len(lines())
    for shown, raw in zip(quoted, lines(), strict=True):
        pattern = ".*?".join(re.escape(part) for part in shown.split("…"))
        assert re.fullmatch(pattern, raw.decode()), shown
    for value in ("5b6a86ce662381dd5c56fe0e4378cf98", "9426c6a400e237e1e7d9e67ed21d63b5",
                  "1b73ebe015bc3dee56c72bef522d450b"):
        assert value in doc


def test_the_example_is_what_the_script_writes_and_grimoire_accepts(tmp_path: Path) -> None:
    from grimoire.core.audit import audit

    spec = importlib.util.spec_from_file_location("log_example", ROOT / "tools" / "log_example.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "again.jsonl"
    module.build(out)
    assert out.read_bytes() == EXAMPLE.read_bytes()
    report = audit(EXAMPLE, trust=[AUDITOR])
    assert report.ok, report.summary()
    assert report.trusted


@pytest.mark.parametrize(("cut", "reason"), [(1, "log/partial-decision"), (2, "sign/records")])
def test_a_cut_example_keeping_its_seal_is_refused(tmp_path: Path, cut: int, reason: str) -> None:
    """Drop the last records and keep the old signature: cut inside a decision, the cut
    shows; cut at a decision's end, the seal no longer matches."""
    from grimoire.core.audit import audit

    header, *records, last = lines()
    bad = tmp_path / "cut.jsonl"
    bad.write_bytes(b"\n".join([header, *records[:-cut], last]) + b"\n")
    report = audit(bad, trust=[AUDITOR])
    assert not report.ok
    assert report.error is not None and report.error["reason"] == reason, report.error


# ---------------------------------------------------------------- the other examples

def block_after(heading: str) -> list[bytes]:
    """The lines of the first code block after ``heading`` in the page."""
    doc = DOC.read_text()
    found = re.search(re.escape(heading) + r".*?```\n(.*?)```", doc, re.S)
    assert found is not None, heading
    return [line.encode() for line in found.group(1).splitlines()]


def test_the_second_worked_example_checks_out() -> None:
    """Wizard Armies' sealed deployments, checked with hashlib alone: the lines are the
    frozen file's, the chain starts where the page says, each opening matches the
    latest commitment of its seat; and Swords & Wizardry's opening pairs with its
    seat's commitment of the same square."""
    armies = (ROOT / "fixtures" / "wizard-armies" /
              "frozen-format2-edge-commit-opening.jsonl").read_bytes().splitlines()
    shown = block_after("Its first lines, as they stand:")
    assert shown == armies[:len(shown)] and len(shown) == 10
    start = b2(armies[0], 16)
    assert start.hex() == "f2730d3d84d51347a06f644381532c81"
    assert b2(start + event_text(armies[1]), 16).hex() == json.loads(armies[1])["chain"] \
        == "0514c3a48f379e4bda132b26a6cdeb57"
    latest: dict[int, str] = {}
    opened = 0
    for raw in armies[1:]:
        event = json.loads(raw)["event"]
        if event["type"] == "commit":
            latest[event["player"]] = event["digest"]
        elif event["type"] == "open":
            choice = json.dumps(["deploy", event["player"], event["units"]],
                                separators=(",", ":")).encode()
            digest = b2(b"grimoire/choice\x00" + bytes.fromhex(event["nonce"]) + choice, 32)
            assert digest.hex() == latest[event["player"]]
            opened += 1
    assert opened == 2 and len(latest) == 2  # then the next round's two commitments
    assert sum(b'"type":"commit"' in raw for raw in armies) == 4
    doc = DOC.read_text()
    for value in ("8d933bffce3d936cd780a2c28954cd63bd33a5a6b9475083450489461214616f",
                  "4c3b82b6653afa4da70b17d19d0b3c8623c31f0c4f68467b9bab063e4daf5489"):
        assert value in doc
    swords = (ROOT / "fixtures" / "swords-wizardry" /
              "frozen-format2-edge-commit-opening.jsonl").read_bytes().splitlines()
    commit, opening = block_after("its opening:")
    assert (swords[33], swords[77]) == (commit, opening)
    sealed, event = json.loads(commit)["event"], json.loads(opening)["event"]
    assert (sealed["player"], sealed["square"]) == (event["player"], event["square"])
    choice = json.dumps([event["piece"], event["square"]], separators=(",", ":")).encode()
    assert b2(b"grimoire/choice\x00" + bytes.fromhex(event["nonce"]) + choice,
              32).hex() == sealed["digest"]


def test_the_first_format_example_checks_out() -> None:
    """A ``grimoire/1`` log: its header holds all eleven fields, the chain starts from the
    header with the seed's value null, every event writes every field but for the few
    that already left defaults out, and the chain runs through the whole file."""
    path = ROOT / "fixtures" / "magery" / "frozen-format1-full-01.jsonl"
    lines = path.read_bytes().splitlines()
    shown = block_after("of its records:")
    assert shown[0] == lines[0] and all(line in lines for line in shown)
    header = json.loads(lines[0])
    assert list(header) == ["format", "game", "rules", "options", "players", "dice",
                            "seed_commitment", "seed", "meta", "position", "forked_from"]
    blanked = lines[0].replace(f'"seed":"{header["seed"]}"'.encode(), b'"seed":null')
    chain = b2(blanked, 16)
    assert chain.hex() == "16ae2564b4d77af1181665fd027d5c14"
    for raw in lines[1:]:
        chain = b2(chain + event_text(raw), 16)
        assert json.loads(raw)["chain"] == chain.hex()
    assert b'{"type":"turn","player":1,"extra":[]}' in shown[2]
    assert b'"type":"place"' in shown[3] and b'"card"' not in shown[3]


def table(heading: str) -> list[list[str]]:
    """The rows of the first table after ``heading`` (cells without their backticks)."""
    doc = DOC.read_text()
    start = doc.index(heading)
    rows = []
    for line in doc[start:].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # past the heading row and the rule


def tags(cell: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", cell))


def test_the_kinds_table_is_the_games_own() -> None:
    """How to tell an action from a consequence without the rules: the page's table and
    the schemas' ``x-kind`` say what the code says."""
    from grimoire.core import registry
    from grimoire.core.events import Action, Chance

    rows = table("## Kinds of events")
    listed = {tags(row[0]).pop() for row in rows}
    missing = sorted(set(SHIPPED) - listed)
    assert not missing, (f"docs/log-format.md's 'Kinds of events' table has no row for "
                         f"{missing}: add one per game (its actions and chance events)")
    assert listed <= set(registry.names()), sorted(listed - set(registry.names()))
    for row in rows:
        game = tags(row[0]).pop()
        events = registry.get(game).Event.__args__
        kinds = {cls.__struct_config__.tag: cls for cls in events}
        assert tags(row[1]) == {t for t, c in kinds.items() if issubclass(c, Action)}, game
        assert tags(row[2]) == {t for t, c in kinds.items() if issubclass(c, Chance)}, game
        schema = json.loads((ROOT / "schemas" / f"{game}.schema.json").read_text())
        for cls in events:
            kind = schema["$defs"][cls.__name__]["x-kind"]
            assert (kind == "action") == (cls.__struct_config__.tag in tags(row[1])), cls


def test_the_first_format_s_exceptions_are_the_code_s() -> None:
    from grimoire.core import registry
    from grimoire.core.events import omits_defaults_in_legacy

    doc = DOC.read_text()
    found = {f"{name}:{cls.__struct_config__.tag}" for name in SHIPPED
             for cls in registry.get(name).Event.__args__ if omits_defaults_in_legacy(cls)}
    # the shipped games' own exceptions, as the page names them
    known = {"magery:place", "magery:remove", "magery:dismiss", "magery:relocate",
             "wiz-war:punch"}
    assert found == {k for k in known if k.split(":")[0] in SHIPPED}
    assert ("(Magery's `place`, `remove`, `dismiss`,\n  `relocate`; Wiz-War's `punch`)"
            in doc)


def test_every_reason_the_format_gives_is_in_the_table() -> None:
    """Each reason code the reading, the audit, the signatures and the upgrade raise is
    listed in the page's table of error reasons."""
    listed = "\n".join("|".join(row) for row in table("## Error reasons"))
    sources = ["core/logfile.py", "core/audit.py", "core/signing.py", "core/events.py",
               "core/match.py", "tools/upgrade.py", "tools/seal.py"]
    codes: set[str] = set()
    for name in sources:
        source = (ROOT / "src" / "grimoire" / name).read_text()
        codes |= set(re.findall(r'(?:Error|Refused)\(\s*"((?:log|sign|upgrade)/[a-z-]+)"',
                                source))
    assert len(codes) > 30
    missing = sorted(code for code in codes if f"`{code}`" not in listed)
    assert not missing, missing
