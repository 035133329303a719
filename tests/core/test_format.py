"""Logs that last: a field added later never changes an old log's bytes, the first format
is still read and audited exactly, old rulesets are read through their upcasters, and
``upgrade`` rewrites any old log in today's format and ruleset."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from grimoire.core import registry
from grimoire.core.audit import audit
from grimoire.core.events import (
    FORMAT,
    LEGACY,
    Action,
    Header,
    canonical,
    chain_next,
    header_bytes,
    header_hash,
    legacy_canonical,
)
from grimoire.core.kit import GameOver, ended
from grimoire.core.logfile import read_log
from grimoire.core.match import Match
from grimoire.core.rules import Game
from grimoire.tools.upgrade import upgrade

ROOT = Path(__file__).resolve().parents[2]
OLD = sorted([*ROOT.glob("fixtures/*/frozen-format1-*.jsonl"),
              *ROOT.glob("fixtures/*/v1-full-*.jsonl")])
# The logs of today's format, frozen on the day it began: their bytes must never change
# (nothing regenerates them) and they must validate for ever.
FROZEN = {
    "magery/frozen-format2-full-01.jsonl":
        "85785d829de39c503ab0d620bd389a608035d40ffaa2885f9360b6d6e150cf96",
    "swords-wizardry/frozen-format2-edge-commit-opening.jsonl":
        "0dac8040f5bba69fdf00acbeea0c84e19c8a4c5dd05abf8f6564f207755bb9a1",
    "swords-wizardry/frozen-format2-full-01.jsonl":
        "5adf0ab678b919681b8ab460950ed93c87830e185f58af6cd8bd8d4433a59b6d",
    "vicious-circle/frozen-format2-edge-commit-opening.jsonl":
        "7fc2fbac7eda87d5d9578cc88a45c53b299ca6ce93d9819db67a1c176522c097",
    "vicious-circle/frozen-format2-full-01.jsonl":
        "354afa948fb1314995afcd6e1bae60f8fb7b5c85649a6b918b9f0ef689357fca",
    "wiz-war/frozen-format2-full-01.jsonl":
        "e35f843dfe587a71d33d84be9699650380a4eea33c08520f7c705b7e839b39b8",
    "wizard-armies/frozen-format2-edge-commit-opening.jsonl":
        "c5b8c6c1fb63aee048db1387f395443c14509adacc6c7cbf4369069cf068ef76",
    "wizard-armies/frozen-format2-full-01.jsonl":
        "5cadf5c6cc03df52b352aa6702a55f6c0651656b22885663fa99a5d62298e17b",
}


def test_a_defaulted_field_added_later_leaves_old_bytes_alone() -> None:
    """New fields need defaults: an event written before the field existed hashes the
    same as the same event read after it was added."""

    class Before(Action, frozen=True, tag="poke"):
        strength: int

    class After(Action, frozen=True, tag="poke"):
        strength: int
        aim: str = ""

    assert canonical(Before(player=0, strength=3)) == canonical(After(player=0, strength=3))
    assert canonical(After(player=0, strength=3, aim="x")) != canonical(
        Before(player=0, strength=3))


def test_today_s_format_leaves_defaults_out_and_the_first_kept_them() -> None:
    over = GameOver(winners=(), reason="draw")
    assert canonical(over) == b'{"type":"game-over","winners":[],"reason":"draw"}'
    header = Header(game="g", rules="1", players=("a", "b"))
    assert header_bytes(header) == (b'{"format":"grimoire/2","game":"g","rules":"1",'
                                    b'"players":["a","b"]}')
    old = msgspec.structs.replace(header, format=LEGACY)
    assert b'"seed":null' in header_bytes(old) and b"upgraded_from" not in header_bytes(old)


@pytest.mark.parametrize("path", OLD, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_first_format_logs_are_read_byte_for_byte_and_upgrade_to_valid_logs(
    path: Path, tmp_path: Path
) -> None:
    """A frozen ``grimoire/1`` log (kept from the day the format changed) must validate
    forever, and its lines are exactly what the first format wrote."""
    report = audit(path)
    assert report.ok, report.summary()
    log = read_log(path)
    assert log.header.format == LEGACY
    lines = path.read_bytes().splitlines()
    first = json.loads(lines[1])["event"]
    assert legacy_canonical(log.events[0]) == json.dumps(first, separators=(",", ":")).encode()
    out = tmp_path / "new.jsonl"
    done = upgrade(path, out)
    new = read_log(out)
    assert new.header.format == FORMAT and new.header.upgraded_from is not None
    assert new.header.upgraded_from.chain == json.loads(lines[-1])["chain"]
    assert new.header.upgraded_from.records == len(log.events) == done.records
    assert new.header.rules == registry.get(log.header.game).version
    assert new.events == log.events
    again = audit(out)
    assert again.ok and again.outcome == report.outcome, again.summary()


def test_every_game_has_frozen_logs_of_both_formats() -> None:
    games = {p.parent.name for p in ROOT.glob("fixtures/*/full-01.jsonl")}
    assert {name.split("/")[0] for name in FROZEN} == games
    assert {p.parent.name for p in ROOT.glob("fixtures/*/frozen-format1-*.jsonl")} == games
    assert {f"{p.parent.name}/{p.name}" for p in ROOT.glob("fixtures/*/frozen-format2-*")} == \
        set(FROZEN)


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_frozen_logs_of_today_s_format_keep_their_bytes_and_validate(name: str) -> None:
    """Today's format, frozen: if this fails, a change broke logs people already keep
    (the chain, an event's bytes or a rule); fix the change, never the file."""
    path = ROOT / "fixtures" / name
    assert hashlib.sha256(path.read_bytes()).hexdigest() == FROZEN[name]
    report = audit(path)
    assert report.ok and report.sealed, report.summary()
    assert read_log(path).header.format == FORMAT


# ---------------------------------------------------------------- upcasters


class Tap(Action, frozen=True, tag="tap"):
    force: int = 1


class Opts(msgspec.Struct, frozen=True):
    taps: int = 3


class St(msgspec.Struct, frozen=True):
    taps: int
    turn: int = 0
    winners: tuple[int, ...] = ()
    result: str = ""


Ev = Tap | GameOver


def _decide(state: St, action: Ev, dice: object) -> tuple[Ev, ...]:
    assert isinstance(action, Tap)
    if state.taps <= action.force:
        return (action, GameOver(winners=(action.player,), reason="last-tap"))
    return (action,)


def _evolve(state: St, event: Ev) -> St:
    if isinstance(event, GameOver):
        return ended(state, event)
    return msgspec.structs.replace(state, taps=state.taps - event.force, turn=1 - state.turn)


def _tap_v1(event: dict) -> dict:  # type: ignore[type-arg]
    """Ruleset 1 wrote a tap's strength as ``hits``."""
    if event.get("type") == "tap" and "hits" in event:
        event["force"] = event.pop("hits")
    return event


@pytest.fixture
def taps() -> Iterator[Game[St, Ev, Opts]]:
    game: Game[St, Ev, Opts] = Game(
        name="taps-upcast", version="2", seats=(2,), default_players=("A", "B"),
        Options=Opts, State=St, Event=Ev, reasons={},
        setup=lambda o, p: St(taps=o.taps), to_act=lambda s: frozenset((s.turn,)),
        legal=lambda s, p: (Tap(player=p),), decide=_decide, evolve=_evolve,
        render=lambda s, p: f"{s.taps}", describe=lambda e, s=None: "tap",
        notation=lambda s: str(s.taps), parse=lambda t, o, p: St(taps=int(t)),
        older={"1": {}}, upcasters={"1": _tap_v1})
    registry.register(game)
    yield game
    registry.unregister("taps-upcast")


def old_log(path: Path) -> Path:
    """A ruleset-1 log as its program wrote it: taps with ``hits``, chained over those
    bytes."""
    header = Header(game="taps-upcast", rules="1", players=("A", "B"), dice="recorded")
    events = [{"type": "tap", "player": 0, "hits": 2},
              {"type": "tap", "player": 1, "hits": 1},
              {"type": "game-over", "winners": [1], "reason": "last-tap"}]
    chain = header_hash(header)
    lines = [header_bytes(header)]
    for seq, event in enumerate(events):
        raw = json.dumps(event, separators=(",", ":")).encode()
        chain = chain_next(chain, raw)
        lines.append(json.dumps({"seq": seq, "event": event, "chain": chain.hex()},
                                separators=(",", ":")).encode())
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_an_older_ruleset_is_read_through_its_upcaster(taps: Game[St, Ev, Opts],
                                                        tmp_path: Path) -> None:
    path = old_log(tmp_path / "old.jsonl")
    report = audit(path)
    assert report.ok and report.sealed, report.summary()
    match = Match.load(path)
    assert match.events[0] == Tap(player=0, force=2) and match.outcome is not None
    out = tmp_path / "new.jsonl"
    upgrade(path, out)
    new = read_log(out)
    assert new.header.rules == "2" and b'"force":2' in out.read_bytes()
    assert audit(out).ok


def test_an_upcaster_meeting_what_it_cannot_read_is_a_bad_record(
    taps: Game[St, Ev, Opts], tmp_path: Path
) -> None:
    path = old_log(tmp_path / "old.jsonl")
    lines = path.read_bytes().splitlines()
    lines[2] = lines[2].replace(b'"hits":1', b'"hits":"one"')
    path.write_bytes(b"\n".join(lines) + b"\n")
    report = audit(path)
    assert report.error is not None
    assert (report.error["reason"], report.error["line"]) == ("log/bad-record", 3)


@pytest.mark.parametrize("edit", [(b'"seq":1,', b'"seq": 1,'), (b'{"seq":1,"event":',
                                                                 b'{"event":')])
def test_an_old_ruleset_s_record_not_in_canonical_form_is_refused(
    taps: Game[St, Ev, Opts], tmp_path: Path, edit: tuple[bytes, bytes]
) -> None:
    """An upcast log's events keep the fields they were written with, but each line must
    still be its JSON's canonical bytes, the record's fields in order."""
    path = old_log(tmp_path / "old.jsonl")
    data = path.read_bytes().replace(*edit, 1)
    if edit[1] == b'{"event":':
        data = data.replace(b'"}\n{"seq":2', b'","seq":1}\n{"seq":2', 1)
    path.write_bytes(data)
    report = audit(path)
    assert report.error is not None
    assert (report.error["reason"], report.error["line"]) == ("log/not-canonical", 3)
    assert read_log(path).events[1] == Tap(player=1, force=1)  # trusted reading reads it


@pytest.mark.parametrize(("edit", "reason"), [
    ((b'"stalemate"', b'"stjlemate"'), "log/bad-options"),
    ((b'"players":["', b'"players":["Third","'), "log/player-count"),
])
def test_upgrading_a_log_whose_header_the_game_refuses_is_a_log_error(
        tmp_path: Path, edit: tuple[bytes, bytes], reason: str) -> None:
    """Found by the fuzzer: options the game does not have raised msgspec's error."""
    from grimoire.core.errors import LogError

    path = tmp_path / "old.jsonl"
    original = next(p for p in OLD if p.parent.name == "magery")
    path.write_bytes(original.read_bytes().replace(*edit, 1))
    out = tmp_path / "new.jsonl"
    with pytest.raises(LogError) as refused:
        upgrade(path, out)
    assert (refused.value.reason, refused.value.line) == (reason, 1)
    assert not out.exists()
