"""Two programs that exchange only log lines play one match: each acts for its own seat
(signing with its key) and takes the other's decisions with ``Match.accept``, which
refuses anything the rules would not produce; both keep the same log."""

from __future__ import annotations

import json

import pytest

from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit
from grimoire.core.errors import GrimoireError
from grimoire.core.match import Match
from grimoire.core.signing import generate

ANN, BEN = generate(), generate()


def test_two_matches_exchanging_lines_keep_one_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    host = Match.new("vicious-circle", dice="recorded", players=("Ann", "Ben"),
                     keys=(ANN[1], BEN[1]), path=tmp_path / "ann.jsonl")
    guest = Match.join(host.lines()[0], path=tmp_path / "ben.jsonl")
    sides = {0: (host, ANN[0], guest), 1: (guest, BEN[0], host)}
    bots = {0: RandomBot(1), 1: RandomBot(2)}
    for _ in range(200):
        if not host.to_act:
            break
        seat = min(host.to_act)
        mine, key, theirs = sides[seat]
        start = len(mine.events)
        mine.act(bots[seat].choose(mine, seat), key=key)
        theirs.accept(mine.lines(start))
        assert theirs.state == mine.state
    assert host.outcome is not None and host.lines() == guest.lines()
    host.close()
    guest.close()
    assert (tmp_path / "ann.jsonl").read_bytes() == (tmp_path / "ben.jsonl").read_bytes()
    assert audit(tmp_path / "ann.jsonl").ok


def test_accept_refuses_what_the_rules_would_not_produce() -> None:
    host = Match.new("vicious-circle", dice="recorded", keys=(ANN[1], BEN[1]))
    guest = Match.join(host.lines()[0])
    host.act(host.legal(0)[0], key=ANN[0])
    line = json.loads(host.lines(0)[0])
    forged = dict(line, sig=line["sig"][::-1])
    with pytest.raises(GrimoireError) as err:
        guest.accept([json.dumps(forged, separators=(",", ":")).encode()])
    assert err.value.reason == "sign/act" and not guest.events
    wrong = dict(line, seq=3)
    with pytest.raises(GrimoireError) as err:
        guest.accept([json.dumps(wrong, separators=(",", ":")).encode()])
    assert err.value.reason == "log/seq"
    with pytest.raises(GrimoireError) as err:  # the same record, with spaces
        guest.accept([json.dumps(line).encode()])
    assert err.value.reason == "log/not-canonical" and not guest.events
    guest.accept(host.lines(0))
    assert guest.events == host.events


def test_join_takes_a_header_line_only_in_canonical_form() -> None:
    """The header line another process sends is held to the rule every line is: the
    same header written by hand, with spaces, is refused."""
    host = Match.new("vicious-circle", dice="recorded")
    line = host.lines()[0]
    assert Match.join(line).header == host.header
    with pytest.raises(GrimoireError) as err:
        Match.join(json.dumps(json.loads(line)).encode())
    assert err.value.reason == "log/not-canonical"
