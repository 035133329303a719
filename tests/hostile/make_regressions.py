"""Write the hostile regression files of ``tests/hostile/`` (``python
tests/hostile/make_regressions.py``): each is an input that once crashed a tool, hung it or
exhausted memory, and must now be refused with a GrimoireError naming its line.

The file name says what it holds; ``test_hostile.py`` runs every tool over each.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import msgspec

from grimoire.bots.random import RandomBot, play_out
from grimoire.core.events import Header, canonical, chain_next, header_hash
from grimoire.core.logfile import encode_frame
from grimoire.core.match import Match

HERE = Path(__file__).resolve().parent


def header(game: str, **fields: object) -> dict[str, object]:
    base: dict[str, object] = {"format": "grimoire/1", "game": game, "rules": "2",
                               "players": ["A", "B"], "dice": "recorded"}
    base.update(fields)
    return base


def lines_of(match: Match, reveal: bool = True) -> list[dict[str, object]]:
    log = match.log(reveal=reveal)
    out: list[dict[str, object]] = [msgspec.to_builtins(log.header)]
    chain = header_hash(log.header)
    for seq, event in enumerate(log.events):
        chain = chain_next(chain, canonical(event))
        out.append({"seq": seq, "event": msgspec.to_builtins(event), "chain": chain.hex()})
    return out


def rechain(lines: list[dict[str, object]]) -> list[dict[str, object]]:
    """Recompute the chain after an edit, as a forger would."""
    head = msgspec.convert(lines[0], Header)
    chain = header_hash(head)
    for rec in lines[1:]:
        event = json.dumps(rec["event"], separators=(",", ":")).encode()
        chain = chain_next(chain, event)
        rec["chain"] = chain.hex()
    return lines


def dump(lines: list[dict[str, object]]) -> bytes:
    return b"".join(json.dumps(x, separators=(",", ":")).encode() + b"\n" for x in lines)


def game(name: str, seed: int = 1, actions: int = 30) -> Match:
    match = Match.new(name, seed=bytes([seed]) * 16)
    play_out(match, RandomBot(seed), max_actions=actions)
    return match


def cases() -> dict[str, Callable[[], bytes]]:
    nest = "[" * 1000 + "]" * 1000

    def huge_run(run: str) -> bytes:
        return dump([header("swords-wizardry",
                            position=f"{run}/10/10/10/10/10/10/10/10/10 r - - 0")])

    def seat(value: int, chained: bool) -> bytes:
        lines = lines_of(game("vicious-circle"))
        for rec in lines[1:]:
            event = rec["event"]
            assert isinstance(event, dict)
            if event.get("type") == "move":
                event["player"] = value
                break
        return dump(rechain(lines) if chained else [
            lines[0], *({k: v for k, v in r.items() if k != "chain"} for r in lines[1:])])

    def negative_draws() -> bytes:
        match = Match.new("wizard-armies", seed=b"\x01" * 16)
        play_out(match, RandomBot(1), max_actions=6)
        lines = lines_of(match, reveal=False)
        for rec in lines[1:]:
            event = rec["event"]
            assert isinstance(event, dict)
            if event.get("type") == "roll":
                event["draws"] = -(10**6)
                break
        return dump(rechain(lines))

    def nested_record(msgpack: bool) -> bytes:
        lines = lines_of(game("magery", actions=4))
        data = dump(lines).split(b"\n")
        data[2] = data[2][:-1] + b',"x":' + nest.encode() + b"}"
        text = b"\n".join(data)
        if not msgpack:
            return text
        out = b""
        for i, line in enumerate(text.split(b"\n")):
            if line and i != 2:
                out += encode_frame(json.loads(line))
            elif line:  # {"seq": 1, "x": [[[...]]]} written by hand: 1,000 arrays deep
                body = b"\x82\xa3seq\x01\xa1x" + b"\x91" * 999 + b"\x90"
                out += b"\xc6" + len(body).to_bytes(4, "big") + body
        return out

    def flood(count: int) -> bytes:
        """The first consequence repeated ``count`` times (renumbered, re-chained)."""
        lines = lines_of(game("vicious-circle", actions=3))
        i = next(k for k, rec in enumerate(lines[1:], 1)
                 if isinstance(rec["event"], dict) and rec["event"].get("type") == "reveal")
        copies = [dict(lines[i]) for _ in range(count)]
        out = [*lines[: i + 1], *copies, *lines[i + 1:]]
        for seq, rec in enumerate(out[1:]):
            rec["seq"] = seq
        return dump(rechain(out))

    def half_decision() -> bytes:
        """A live log cut after an action whose consequences never reached the file."""
        match = game("wizard-armies", actions=8)
        lines = lines_of(match)
        for k in range(len(lines) - 2, 0, -1):
            event, after = lines[k]["event"], lines[k + 1]["event"]
            if isinstance(event, dict) and event.get("player") is not None and isinstance(
                    after, dict) and after.get("type") in ("roll", "reveal", "round-over"):
                return dump(lines[: k + 1])
        raise AssertionError("no decision to cut")

    return {
        "sw-run-of-nine-nines.jsonl": lambda: huge_run("999999999"),
        "sw-run-of-ten-nines.jsonl": lambda: huge_run("9999999999"),
        "sw-run-of-twenty-nines.jsonl": lambda: huge_run("9" * 20),
        "wa-position-5000-digits.jsonl": lambda: dump([header(
            "wizard-armies", position="battle " + "9" * 5000)]),
        "magery-position-5000-digits.jsonl": lambda: dump([header(
            "magery", position="round=" + "9" * 5000)]),
        "sw-position-5000-digits.jsonl": lambda: dump([header(
            "swords-wizardry", position="10/10/10/10/10/10/10/10/10/10 r - - " + "9" * 5000)]),
        "header-meta-nested-1000.jsonl": lambda: dump([header(
            "vicious-circle", meta={"x": "NEST"})]).replace(b'"NEST"', nest.encode()),
        "record-unknown-field-nested-1000.jsonl": lambda: nested_record(False),
        "record-unknown-field-nested-1000.msgpack": lambda: nested_record(True),
        "seat-minus-one-unsealed.jsonl": lambda: seat(-1, False),
        "seat-five-rechained.jsonl": lambda: seat(5, True),
        "seat-seven-rechained.jsonl": lambda: seat(7, True),
        "seat-ten-to-the-thirty-rechained.jsonl": lambda: seat(10**30, True),
        "negative-draws-live.jsonl": negative_draws,
        "one-action-then-1500-consequences.jsonl": lambda: flood(1500),
        "half-a-decision.jsonl": half_decision,
        "recorded-dice-with-seed-zz.jsonl": lambda: dump([header("vicious-circle", seed="zz")]),
        "duplicate-key.jsonl": lambda: dump([header("vicious-circle")])[:-2]
        + b',"game":"magery"}\n',
        "not-utf8-in-unknown-key.jsonl": lambda: dump([header("vicious-circle")])[:-2]
        + b',"k\xff":1}\n',
    }


def main() -> None:
    for name, make in cases().items():
        (HERE / name).write_bytes(make())
        print(name)


if __name__ == "__main__":
    main()
