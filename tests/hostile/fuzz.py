"""Fuzz targets for every entry point that reads outside input.

- ``logs``: mutated logs (JSON Lines and msgpack, chained, re-chained after the mutation
  so the damage reaches past the chain check, or unsealed; signed logs with their seats'
  signatures, keys and seal mutated too) through ``validate`` (with and without
  ``--trust``), ``replay`` and ``render`` from every perspective, ``diff``, ``Match.load``,
  ``repair``, ``upgrade`` and ``seal --key``;
- ``positions``: mutated position texts of every game through its ``parse``, and what
  parses through ``notation``, ``to_act`` and ``legal``;
- ``options``: random option values through ``Match.new``;
- ``cli``: random argument lists through the ``grimoire`` command.

Every run must end in a result or a ``GrimoireError`` (for the command: exit 0, 1 or 2),
within ``--seconds`` a case; the process's peak memory is reported. ``make test`` runs a
few thousand seeded cases (``tests/hostile/test_fuzz.py``); ``make fuzz`` runs
``python tests/hostile/fuzz.py`` with 100,000 logs and 100,000 positions. A case that
fails is written to ``tests/hostile/found/`` so it can become a regression file under
``tests/hostile/``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from grimoire.bots.random import RandomBot
from grimoire.core import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))  # run as a script
from games import GAMES as REGISTERED
from grimoire.core.audit import audit
from grimoire.core.errors import GrimoireError
from grimoire.core.events import canonical, chain_next, header_hash
from grimoire.core.logfile import Header, encode_frame
from grimoire.core.match import Match
from grimoire.tools.diff import diff
from grimoire.tools.render import render, replay_lines
from grimoire.tools.repair import repair
from grimoire.tools.seal import seal
from grimoire.tools.upgrade import upgrade

ROOT = Path(__file__).resolve().parents[2]
FOUND = Path(__file__).resolve().parent / "found"
GAMES = tuple(REGISTERED)  # every registered game (GRIMOIRE_TEST_GAMES chooses some)

NUMBERS = [b"-1", b"0", b"1", b"2", b"3", b"7", b"-7", b"255", b"65536", b"2147483648",
           b"9" * 10, b"9" * 20, b"9" * 5000, b"-" + b"9" * 30, b"1e999", b"1.5", b"NaN",
           b"null", b"true", b'"x"', b"[]", b"{}"]
STRINGS = [b'""', b'"a"', b'"\\u001b[2J"', b'"' + b"x" * 5000 + b'"', b'"\\ud800"',
           b'"\xff"', b'"spectator"', b'"0"', b'"/"', b'"-"']


class Failure(Exception):
    """A case that ended in something other than a result or a GrimoireError."""


# ---------------------------------------------------------------- seeds


# RFC 8032's test keys 1-3 (secret, public): two seats and an auditor.
KEYS = (("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
         "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"),
        ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
         "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"),
        ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
         "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"))
AUDITOR = KEYS[2]


def signed_logs(seed: int = 7) -> list[bytes]:
    """Finished matches of every two-seat game in which each seat signs its actions,
    sealed and signed by the auditor, and the same in each game's commit mode."""
    out = []
    with tempfile.TemporaryDirectory() as tmp_name:
        for k, game in enumerate(GAMES):
            for options in ({}, {"hidden": "commit"}):
                rules = registry.get(game)
                try:
                    rules.Options(**options)
                except TypeError:
                    continue
                live = Path(tmp_name) / f"{game}-{len(out)}.jsonl"
                match = Match.new(game, players=("A", "B"), options=options,
                                  seed=bytes([seed + k]) * 16,
                                  keys=(KEYS[0][1], KEYS[1][1]), path=live)
                bot = RandomBot(seed + k)
                for _ in range(300):
                    if not match.to_act:
                        break
                    seat = min(match.to_act)
                    match.act(bot.choose(match, seat), key=KEYS[seat][0])
                match.close()
                sealed = live.with_suffix(".sealed.jsonl")
                seal(live, sealed, key=AUDITOR[0], seed=match.seed)
                out.append(sealed.read_bytes())
    return out


def seed_logs() -> list[bytes]:
    """Every fixture log, the log format's worked example and signed matches of every
    game (the corpus the mutations start from)."""
    files = [*sorted((ROOT / "fixtures").glob("*/*.jsonl")),
             *sorted((ROOT / "docs" / "examples").glob("*.jsonl"))]
    return [p.read_bytes() for p in files] + signed_logs()


def seed_positions(per_game: int = 12, seed: int = 0) -> dict[str, list[str]]:
    """Position texts of every game met while seeded bots play."""
    out: dict[str, list[str]] = {}
    for game in GAMES:
        rules = registry.get(game)
        texts: list[str] = []
        for i in range(per_game // 4 or 1):
            players = tuple(f"P{k}" for k in range(max(rules.seats) if i % 2 else 2))
            match = Match.new(game, seed=bytes([seed + i]) * 16, players=players)
            bot = RandomBot(seed + i)
            for step in range(400):
                if not match.to_act:
                    break
                if step % 37 == 0:
                    with contextlib.suppress(GrimoireError):
                        texts.append(match.notation())
                match.act(bot.choose(match, min(match.to_act)))
        out[game] = texts
    return out


# ---------------------------------------------------------------- mutations


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _rechain(data: bytes) -> bytes:
    """Recompute every record's chain after a mutation, so the damage is met past the
    chain check (as a forger would)."""
    lines = [line for line in data.split(b"\n") if line.strip()]
    try:
        header = msgspec.json.decode(lines[0], type=Header)
        chain = header_hash(header)
    except (msgspec.MsgspecError, IndexError, RecursionError, ValueError):
        return data
    out = [lines[0]]
    for line in lines[1:]:
        try:
            rec = json.loads(line)
            event = rec["event"]
            chain = chain_next(chain, canonical(msgspec.json.decode(json.dumps(
                event, separators=(",", ":")).encode())))
            rec["chain"] = chain.hex()
            out.append(json.dumps(rec, separators=(",", ":")).encode())
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError,
                msgspec.MsgspecError):
            out.append(line)
    return b"\n".join(out) + b"\n"


def _token_spans(data: bytes, rng: random.Random, kind: str) -> tuple[int, int] | None:
    """A random number or string token of ``data``: (start, end)."""
    starts = []
    for _ in range(40):
        i = rng.randrange(len(data)) if data else 0
        if kind == "number" and data[i:i + 1].isdigit():
            j = i
            while j > 0 and data[j - 1:j].isdigit():
                j -= 1
            k = i
            while k < len(data) and data[k:k + 1].isdigit():
                k += 1
            return j, k
        if kind == "string" and data[i:i + 1] == b'"':
            k = data.find(b'"', i + 1)
            if k > 0:
                starts.append((i, k + 1))
                return starts[0]
    return None


def mutate_log(data: bytes, rng: random.Random) -> bytes:
    """One to three random mutations of a log's bytes."""
    for _ in range(rng.randint(1, 3)):
        lines = _lines(data)
        op = rng.randrange(14)
        n = len(lines)
        if op == 0 and data:
            data = data[: rng.randrange(len(data))]
        elif op == 1 and n > 2:
            del lines[rng.randrange(1, n)]
            data = b"\n".join(lines)
        elif op == 2 and n > 1:
            i = rng.randrange(n)
            lines.insert(i, lines[rng.randrange(n)])
            data = b"\n".join(lines)
        elif op == 3 and n > 2:
            i, j = rng.randrange(n), rng.randrange(n)
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif op == 4 and data:
            i = rng.randrange(len(data))
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
        elif op in (5, 6):
            span = _token_spans(data, rng, "number")
            if span:
                data = data[: span[0]] + rng.choice(NUMBERS) + data[span[1]:]
        elif op == 7:
            span = _token_spans(data, rng, "string")
            if span:
                data = data[: span[0]] + rng.choice(STRINGS) + data[span[1]:]
        elif op == 8 and n > 1:
            i = rng.randrange(n)
            depth = rng.choice([3, 40, 1000, 20000])
            extra = b', "zz": ' + b"[" * depth + b"]" * depth + b"}"
            if lines[i].endswith(b"}"):
                lines[i] = lines[i][:-1] + extra
            data = b"\n".join(lines)
        elif op == 9 and n > 1:
            i = rng.randrange(1, n)
            lines[i:i] = [lines[i]] * rng.choice([2, 50, 1500])
            data = b"\n".join(lines)
        elif op == 10:
            key = rng.choice([b'"player":', b'"owner":', b'"target":', b'"winners":[',
                              b'"draws":', b'"seq":', b'"first":', b'"turn":'])
            i = data.find(key, rng.randrange(len(data) or 1))
            if i >= 0:
                j = i + len(key)
                k = j
                while k < len(data) and (data[k:k + 1].isdigit() or data[k:k + 1] == b"-"):
                    k += 1
                data = data[:j] + rng.choice(NUMBERS[:12]) + data[k:]
        elif op == 11 and n > 0:
            header = lines[0]
            for key in (b'"position":', b'"options":{', b'"players":[', b'"dice":'):
                if key in header and rng.random() < 0.5:
                    i = header.find(key) + len(key)
                    header = header[:i] + rng.choice([*NUMBERS, *STRINGS]) + b"," + header[i:]
            lines[0] = header
            data = b"\n".join(lines)
        elif op == 12:
            data = _mutate_hex(data, rng)
        elif op == 13 and n > 1:
            data = _mutate_signed(lines, rng)
    if rng.random() < 0.5:
        data = _rechain(data)
    return data


_HEX = re.compile(rb'"([0-9a-f]{32}|[0-9a-f]{64}|[0-9a-f]{128})"')


def _mutate_hex(data: bytes, rng: random.Random) -> bytes:
    """Change one hex value (a chain, digest, nonce, key or signature): one digit, its
    length, its case, or another value of the same length from the log."""
    found = list(_HEX.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    value = m.group(1)
    choice = rng.randrange(5)
    if choice == 0:
        i = rng.randrange(len(value))
        value = value[:i] + bytes([b"0123456789abcdef"[rng.randrange(16)]]) + value[i + 1:]
    elif choice == 1:
        value = value[:-2] if rng.random() < 0.5 else value + b"00"
    elif choice == 2:
        value = value.upper()
    elif choice == 3:
        same = [f.group(1) for f in found if len(f.group(1)) == len(value)]
        value = rng.choice(same)
    else:
        value = rng.choice([b"zz" * (len(value) // 2), b"", b"00" * (len(value) // 2)])
    return data[:m.start(1)] + value + data[m.end(1):]


def _mutate_signed(lines: list[bytes], rng: random.Random) -> bytes:
    """Move, copy or drop the signature line, a record's ``sig`` or the header's ``keys``;
    change the seal's record count or outcome."""
    choice = rng.randrange(6)
    body = [line for line in lines if line.strip()]
    last = body[-1] if body else b""
    if choice == 0 and last.startswith(b'{"signature"'):
        body.insert(rng.randrange(1, len(body)), last)
        if rng.random() < 0.5:
            body.pop()
    elif choice == 1:
        i = rng.randrange(1, len(body)) if len(body) > 1 else 0
        body[i] = re.sub(rb',"sig":"[0-9a-f]*"', b"", body[i])
    elif choice == 2:
        i = rng.randrange(1, len(body)) if len(body) > 1 else 0
        sigs = re.findall(rb'"sig":"[0-9a-f]*"', b"\n".join(body))
        if sigs and body[i].endswith(b"}"):
            body[i] = body[i][:-1] + b"," + rng.choice(sigs) + b"}"
    elif choice == 3:
        body[0] = re.sub(rb',"keys":\[[^\]]*\]', rng.choice(
            [b"", b',"keys":[]', b',"keys":["' + KEYS[1][1].encode() + b'"]',
             b',"keys":"x"']), body[0])
    elif choice == 4:
        body[-1] = re.sub(rb'"records":\d+', b'"records":' + rng.choice(NUMBERS), last)
    else:
        body[-1] = re.sub(rb'"outcome":(null|\{[^}]*\})', rng.choice(
            [b'"outcome":null', b'"outcome":{"winners":[0],"reason":"x"}',
             b'"outcome":{"winners":[],"reason":"draw"}', b'"outcome":7']), last)
    return b"\n".join(body) + b"\n"


def to_msgpack(data: bytes) -> bytes:
    """The same log as msgpack frames (lines that do not decode are framed as raw JSON
    bytes, which the reader must refuse)."""
    out = []
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            out.append(encode_frame(msgspec.json.decode(line)))
        except (msgspec.MsgspecError, RecursionError, OverflowError, ValueError):
            out.append(b"\xc6" + len(line).to_bytes(4, "big") + line)
    return b"".join(out)


def mutate_text(text: str, rng: random.Random) -> str:
    """One to four random mutations of a position text."""
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        i = rng.randrange(len(text) + 1)
        if op == 0:
            text = text[:i] + rng.choice("0123456789/ =,.-:;|@#*!abcdefghijklmnopqrstuvwxyz") \
                + text[i:]
        elif op == 1 and text:
            text = text[:i] + text[i + 1:]
        elif op == 2 and text:
            text = text[:i] + rng.choice("09/ =,-x") + text[i + 1:]
        elif op == 3:
            text = text[:i] + rng.choice(["9" * 10, "9" * 20, "9" * 5000, "999999999", "-1",
                                          "0", "00"]) + text[i:]
        elif op == 4:
            sep = rng.choice(["/", " ", "=", ",", ":"])
            text = text.replace(sep, sep * 2, 1) if rng.random() < 0.5 else text.replace(
                sep, "", 1)
        elif op == 5:
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + str(rng.choice([0, 1, 2, 3, 7, 15, 99, 100000])) + text[k + 1:]
        elif op == 6 and len(text) > 2:
            a, b = sorted(rng.sample(range(len(text)), 2))
            text = text[:a] + text[b:]
        elif op == 7:
            text = text[:i] + rng.choice(["\x00", "\x1b", "\u202e", "\udc80", "é", "６"]) \
                + text[i:]
    return text


# ---------------------------------------------------------------- targets


def check_log(data: bytes, original: bytes, tmp: Path, index: int) -> None:
    """Every tool that reads a log, on ``data``: nothing but results and GrimoireErrors."""
    suffix = ".msgpack" if data[:1] == b"\xc6" else ".jsonl"
    path = tmp / f"case-{index}{suffix}"
    path.write_bytes(data)
    base = tmp / "original.jsonl"
    if not base.exists() or base.read_bytes() != original:
        base.write_bytes(original)
    report = audit(path)
    if report.error is not None and report.error.get("reason") == "internal/error":
        raise Failure(report.error["detail"])
    steps: list[Callable[[], Any]] = [
        lambda: Match.load(path),
        lambda: Match.load(path, drop_partial=True),
        lambda: diff(base, path),
    ]
    for who in (None, "spectator", "0", "1", 2, "P9"):
        steps.append(lambda who=who: render(path, None, who))
        steps.append(lambda who=who: render(path, 3, who))
        steps.append(lambda who=who: list(zip(range(60), replay_lines(path, None, who),
                                              strict=False)))
    out = tmp / f"repaired-{index}.jsonl"
    steps.append(lambda: repair(path, out))
    trusted = audit(path, trust=[AUDITOR[1]])
    if trusted.error is not None and trusted.error.get("reason") == "internal/error":
        raise Failure(trusted.error["detail"])
    upgraded = tmp / f"upgraded-{index}.jsonl"
    steps.append(lambda: upgrade(path, upgraded))
    resealed = tmp / f"resealed-{index}.jsonl"
    steps.append(lambda: seal(path, resealed, key=AUDITOR[0]))
    for step in steps:
        with contextlib.suppress(GrimoireError):
            step()
    for leftover in (path, out, upgraded, resealed):
        leftover.unlink(missing_ok=True)


def check_position(game: str, text: str) -> None:
    rules = registry.get(game)
    for count in rules.seats:
        players = tuple(f"P{k}" for k in range(count))
        try:
            state = rules.parse(text, rules.Options(), players)
        except GrimoireError:
            continue
        rules.notation(state)
        for seat in rules.to_act(state):
            for action in list(rules.legal(state, seat))[:20]:
                with contextlib.suppress(GrimoireError):
                    Match.new(game, players=players, dice="recorded",
                              position=text).act(action, dice=[1] * 64)


def check_options(game: str, rng: random.Random) -> None:
    rules = registry.get(game)
    fields = msgspec.structs.fields(rules.Options)
    options: dict[str, Any] = {}
    for field in rng.sample(fields, rng.randint(1, len(fields))) if fields else ():
        options[field.name] = rng.choice([None, -1, 0, 1, 3, 10**30, "", "x", "any", [], {},
                                          True, 2.5, "9" * 5000, {"x": 1}, ["a"]])
    with contextlib.suppress(GrimoireError):
        Match.new(game, options=options)


def check_cli(args: list[str]) -> None:
    from typer.testing import CliRunner

    from grimoire.cli.app import app

    result = CliRunner().invoke(app, args)
    if result.exit_code not in (0, 1, 2) or (
            result.exception is not None and not isinstance(result.exception, SystemExit)):
        raise Failure(f"exit {result.exit_code}: {args!r}: {result.output[-400:]}")


def cli_args(rng: random.Random, logs: list[Path]) -> list[str]:
    commands = ["games", "new", "simulate", "validate", "diff", "rewind", "replay", "render",
                "odds", "schema", "seal", "repair"]
    values = ["-1", "0", "1", "5", "99999999999999999999", "x", "", "vicious-circle",
              "wiz-war", "spectator", "--json", "--at", "--as", "--seat", "--to", "-o",
              "--option", "edition=illustrated", "players=9", "--max-line", "--games", "-n",
              "--seed", "zz", "--dice", "recorded", *map(str, logs[:3]), "/dev/null", "."]
    return [rng.choice(commands), *(rng.choice(values) for _ in range(rng.randint(0, 6)))]


# ---------------------------------------------------------------- running


def peak_mb() -> float:
    """This process's peak resident memory so far (MiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


MEMORY_STEP_MB = 40.0
"""A case that raises the process's peak memory by more than this is reported."""


def _timed(seconds: float, label: str, fn: Callable[[], None], found: list[str],
           payload: bytes) -> float:
    before = peak_mb()
    t0 = time.perf_counter()
    try:
        fn()
    except GrimoireError:
        pass
    except Exception:
        found.append(f"{label}: {traceback.format_exc(limit=6)}")
        _keep(label, payload)
    took = time.perf_counter() - t0
    if took > seconds:
        found.append(f"{label}: took {took:.1f} s")
        _keep(label, payload)
    grew = peak_mb() - before
    if grew > MEMORY_STEP_MB:
        found.append(f"{label}: peak memory grew by {grew:.0f} MiB")
        _keep(label, payload)
    return took


def _keep(label: str, payload: bytes) -> None:
    FOUND.mkdir(exist_ok=True)
    (FOUND / f"{label.replace('/', '_').replace(' ', '_')}.bin").write_bytes(payload)


def fuzz(*, logs: int, positions: int, options: int, cli: int, seed: int,
         seconds: float = 10.0, progress: bool = False, skip: int = 0,
         trace_mb: float = 0.0) -> dict[str, Any]:
    """Run the targets; returns counts, the slowest case, peak memory and the failures.
    ``skip`` generates the first logs without checking them (to reach a case of a long
    run quickly); ``trace_mb`` reports every log case whose traced allocations peak above
    that many MiB (tracemalloc: slower)."""
    if trace_mb:
        tracemalloc.start()
    rng = random.Random(seed)
    found: list[str] = []
    slowest = 0.0
    corpus = seed_logs()
    texts = seed_positions(seed=seed % 200)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        sample_logs = []
        for i, data in enumerate(corpus[:3]):
            p = tmp / f"sample-{i}.jsonl"
            p.write_bytes(data)
            sample_logs.append(p)
        for i in range(logs):
            original = rng.choice(corpus)
            data = mutate_log(original, rng)
            if rng.random() < 0.2:
                data = to_msgpack(data)
            if i < skip:
                continue
            if trace_mb:
                tracemalloc.reset_peak()
            slowest = max(slowest, _timed(
                seconds, f"log-{seed}-{i}",
                lambda data=data, original=original, i=i: check_log(data, original, tmp, i),
                found, data))
            if trace_mb:
                traced = tracemalloc.get_traced_memory()[1] / 2**20
                if traced > trace_mb:
                    found.append(f"log-{seed}-{i}: allocations peaked at {traced:.0f} MiB")
                    _keep(f"log-{seed}-{i}", data)
            if progress and i % 1000 == 0:
                print(f"logs {i}/{logs} peak {peak_mb():.0f} MiB", file=sys.stderr)
        for i in range(positions):
            game = GAMES[i % len(GAMES)]
            text = mutate_text(rng.choice(texts[game]) if texts[game] else "", rng)
            slowest = max(slowest, _timed(
                seconds, f"position-{game}-{seed}-{i}",
                lambda game=game, text=text: check_position(game, text), found,
                f"{game}\n{text}".encode("utf-8", "surrogatepass")))
            if progress and i % 5000 == 0:
                print(f"positions {i}/{positions}", file=sys.stderr)
        for i in range(options):
            game = GAMES[i % len(GAMES)]
            state = rng.getstate()
            slowest = max(slowest, _timed(
                seconds, f"options-{game}-{seed}-{i}",
                lambda game=game: check_options(game, rng), found, repr(state).encode()))
        for i in range(cli):
            args = cli_args(rng, sample_logs)
            cwd = os.getcwd()
            os.chdir(tmp)
            try:
                slowest = max(slowest, _timed(seconds, f"cli-{seed}-{i}",
                                              lambda args=args: check_cli(args), found,
                                              json.dumps(args).encode()))
            finally:
                os.chdir(cwd)
    return {"logs": logs, "positions": positions, "options": options, "cli": cli,
            "slowest_s": round(slowest, 3), "peak_mb": round(peak_mb(), 1), "found": found}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", type=int, default=100_000)
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--options", type=int, default=5_000)
    ap.add_argument("--cli", type=int, default=2_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--skip", type=int, default=0, help="generate but skip the first logs")
    ap.add_argument("--trace-mb", type=float, default=0.0,
                    help="report log cases whose allocations peak above this (MiB)")
    args = ap.parse_args(argv)
    result = fuzz(logs=args.logs, positions=args.positions, options=args.options,
                  cli=args.cli, seed=args.seed, seconds=args.seconds, progress=True,
                  skip=args.skip, trace_mb=args.trace_mb)
    print(json.dumps({k: v for k, v in result.items() if k != "found"}, indent=2))
    for failure in result["found"]:
        print(failure, file=sys.stderr)
    return 1 if result["found"] else 0


def iter_regressions() -> Iterator[Path]:
    """The regression files under ``tests/hostile/`` (one hostile input each)."""
    here = Path(__file__).resolve().parent
    yield from sorted(p for p in here.iterdir()
                      if p.suffix in (".jsonl", ".msgpack", ".position"))


if __name__ == "__main__":
    raise SystemExit(main())
