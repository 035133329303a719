"""Wizard Armies' secret deployment by commit-reveal (option ``hidden="commit"``).

"Each player secretly chooses how many units to send to the field ... Both choices are
revealed together once both are made." With ``hidden="commit"`` each seat commits to its
deployment (a digest of ``("deploy", seat, units)`` and a secret nonce), both open once
both have committed, and the reveal follows the second opening: the log alone proves
that no one changed a choice after seeing the other's, and two processes that exchange
only log lines play one match a third party can audit.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import random
import time
import traceback
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire import IllegalAction, Match
from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit, audit_events
from grimoire.core.dice import SeededDice
from grimoire.core.errors import UsageError
from grimoire.core.kit import PUBLIC_NONCE, commitment, fresh_nonce
from grimoire.core.logfile import write_log
from grimoire.core.views import leaks
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies.rules import deployments
from grimoire.games.wizard_armies.state import Options, State

ROOT = Path(__file__).resolve().parents[3]
COMMIT = {"hidden": "commit"}
ANN_NONCE, BEN_NONCE = "a1" * 16, "b2" * 16


def mustered(troops: tuple[tuple[int, int], tuple[int, int]] = ((4, 5), (5, 6)),
             **options: str) -> Match:
    """A commit-mode match with recorded dice whose armies are raised (9 and 11 troops)."""
    m = Match.new("wizard-armies", dice="recorded", players=("Ann", "Ben"),
                  options={**COMMIT, **options})
    m.act(E.Muster(player=0), dice=list(troops[0]))
    m.act(E.Muster(player=1), dice=list(troops[1]))
    return m


def committed(ann: int = 3, ben: int = 2) -> Match:
    """Both seats have committed: Ann to ``ann`` units, Ben to ``ben``."""
    m = mustered()
    m.act(E.commit_choice(E.Deploy(player=0, units=ann), ANN_NONCE))
    m.act(E.commit_choice(E.Deploy(player=1, units=ben), BEN_NONCE))
    return m


def refused(m: Match, action: Any, dice: list[int] | None = None) -> str:
    """The reason ``action`` is refused with; the match must be left as it was."""
    before, count = m.state, len(m.events)
    with pytest.raises(IllegalAction) as err:
        m.act(action, dice=dice)
    assert m.state == before and len(m.events) == count
    return err.value.reason


# ------------------------------------------------------------------ the option


def test_the_default_is_trusted_and_writes_the_header_as_before() -> None:
    """``hidden`` left out is ``"trusted"``: the header records exactly the options it
    recorded before the option existed, so older logs keep their bytes."""
    m = Match.new("wizard-armies", dice="recorded")
    assert m.header.options == {"doubles": "repeat", "battle_end": "no-strike"}
    assert m.state.hidden == "trusted" and Options().mode == "trusted"
    assert Match.new("wizard-armies", options=COMMIT).header.options["hidden"] == "commit"
    with pytest.raises(UsageError) as err:
        Match.new("wizard-armies", options={"hidden": "sealed"})
    assert err.value.reason == "options/invalid"


def test_an_explicit_trusted_option_plays_exactly_the_default_game() -> None:
    """``hidden: "trusted"`` given plays the same events as the option left out."""
    logs = []
    for options in ({}, {"hidden": "trusted"}):
        m = Match.new("wizard-armies", seed="0c" * 32, options=options)
        bot = RandomBot(3)
        while m.outcome is None:
            m.act(bot.choose(m, min(m.to_act)))
        logs.append(list(m.events))
    assert logs[0] == logs[1]
    assert any(isinstance(e, E.Deploy) for e in logs[0])


def test_a_plain_deploy_is_refused_in_commit_mode_and_a_commit_in_trusted_mode() -> None:
    """Each mode has its own way to choose: ``deploy/sealed`` and ``commit/off``."""
    m = mustered()
    assert refused(m, E.Deploy(player=0, units=3)) == "deploy/sealed"
    trusted = Match.new("wizard-armies", dice="recorded")
    trusted.act(E.Muster(player=0), dice=[4, 5])
    trusted.act(E.Muster(player=1), dice=[5, 6])
    commit = E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE)
    assert refused(trusted, commit) == "commit/off"
    assert refused(trusted, E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE)) == "commit/off"


# ------------------------------------------------------------------ committing


def test_a_commit_records_only_the_digest() -> None:
    """The commitment reveals nothing: the state keeps only the digest until the
    opening, and no event is redacted."""
    m = mustered()
    commit = E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE)
    assert m.act(commit) == (commit,)
    assert m.state.sealed == (commit.digest, "")
    assert m.state.deployed == (0, 0) and m.state.ready == (False, False)
    assert m.to_act == frozenset({1})
    for seat in (0, 1, None):
        assert RULES.redact(commit, seat) == commit
        assert RULES.view(m.state, seat) == m.state
    assert "3" not in RULES.describe(commit, m.state)


def test_the_digest_is_the_documented_commitment_of_the_choice() -> None:
    """The choice is ``("deploy", seat, units)``: its digest is ``kit.commitment`` of it,
    the BLAKE2b-256 the docs page spells out (with the public nonce, seat 0's three units
    give 18cb77c7...)."""
    deploy = E.Deploy(player=0, units=3)
    assert E.choice(deploy) == ("deploy", 0, 3)
    digest = E.commit_choice(deploy, PUBLIC_NONCE).digest
    assert digest == commitment(("deploy", 0, 3), PUBLIC_NONCE)
    assert digest == "18cb77c761dde28e699411fabda1bbd986b452caa6462ba6e0ce3a52b28de309"
    import hashlib

    h = hashlib.blake2b(b"grimoire/choice\x00" + bytes(16) + b'["deploy",0,3]', digest_size=32)
    assert h.hexdigest() == digest


@pytest.mark.parametrize("digest", [
    "", "ab" * 31, "ab" * 33, "AB" * 32, "zz" * 32, " " + "ab" * 31 + "a", "ab" * 32 + "\n",
])
def test_a_commitment_is_64_lowercase_hex_digits(digest: str) -> None:
    m = mustered()
    assert refused(m, E.Commit(player=0, digest=digest)) == "commit/bad-digest"


def test_a_seat_commits_once_a_round() -> None:
    """A second commit is refused: not to act while the other commits, and
    ``commit/not-now`` once both have committed (it is then time to open)."""
    m = mustered()
    m.act(E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    again = E.commit_choice(E.Deploy(player=0, units=1), ANN_NONCE)
    assert refused(m, again) == "turn/not-to-act"
    m.act(E.commit_choice(E.Deploy(player=1, units=2), BEN_NONCE))
    assert refused(m, again) == "commit/not-now"


def test_nothing_is_committed_outside_the_deployment() -> None:
    m = Match.new("wizard-armies", dice="recorded", options=COMMIT)
    commit = E.commit_choice(E.Deploy(player=0, units=1), ANN_NONCE)
    assert refused(m, commit) == "commit/not-now"
    assert refused(m, E.open_choice(E.Deploy(player=0, units=1), ANN_NONCE)) == "commit/not-now"


# ------------------------------------------------------------------ opening


def test_nobody_opens_before_both_have_committed() -> None:
    """Both open after both have committed: an opening before the other's commitment
    would show the choice while the other may still choose (``commit/too-early``)."""
    m = mustered()
    m.act(E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    assert refused(m, E.open_choice(E.Deploy(player=1, units=2), BEN_NONCE)) == "commit/too-early"
    m2 = mustered()
    m2.act(E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    opening = E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE)
    with pytest.raises(IllegalAction) as err:  # not Ann's turn (Ben commits)
        RULES.decide(m2.state, opening, SeededDice(b"x"))
    assert err.value.reason == "turn/not-to-act"
    from grimoire.games.wizard_armies.rules import decide

    with pytest.raises(IllegalAction) as err:  # the game's own rule, under the turn check
        decide(m2.state, opening, SeededDice(b"x"))
    assert err.value.reason == "commit/too-early"


@pytest.mark.parametrize(("units", "nonce"), [
    (2, ANN_NONCE),  # another deployment
    (3, BEN_NONCE),  # another nonce
    (4, PUBLIC_NONCE),  # both
])
def test_an_opening_that_does_not_match_the_commitment_is_refused(units: int, nonce: str) -> None:
    """"The reveal must match the commitment": anything else is ``commit/mismatch`` and
    changes nothing; the right opening is still accepted."""
    m = committed(ann=3)
    assert refused(m, E.Open(player=0, units=units, nonce=nonce)) == "commit/mismatch"
    m.act(E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    assert m.state.deployed == (3, 0) and m.state.ready == (True, False)


@pytest.mark.parametrize(("units", "reason"), [
    (0, "deploy/too-few"), (7, "deploy/too-many"), (12, "deploy/too-many"),
])
def test_an_illegal_opened_choice_is_refused_like_a_trusted_deploy(units: int,
                                                                   reason: str) -> None:
    """A commitment cannot be checked (it reveals nothing), but its opening is: a
    deployment the seat may not make is refused as the trusted ``deploy`` is, even when
    it matches the commitment."""
    m = committed(ann=units)
    assert refused(m, E.open_choice(E.Deploy(player=0, units=units), ANN_NONCE)) == reason


def test_an_opening_beyond_the_army_is_refused() -> None:
    """"never more than the army holds": Ann has three troops and committed to four."""
    m = mustered(((1, 2), (5, 6)))
    m.act(E.commit_choice(E.Deploy(player=0, units=4), ANN_NONCE))
    m.act(E.commit_choice(E.Deploy(player=1, units=2), BEN_NONCE))
    opening = E.open_choice(E.Deploy(player=0, units=4), ANN_NONCE)
    assert refused(m, opening) == "deploy/beyond-army"


@pytest.mark.parametrize("nonce", ["", "a1" * 15, "a1" * 17, "A1" * 16, "g1" * 16])
def test_a_nonce_is_32_lowercase_hex_digits(nonce: str) -> None:
    m = committed()
    assert refused(m, E.Open(player=0, units=3, nonce=nonce)) == "commit/bad-nonce"


def test_nobody_can_open_the_other_seats_digest_as_their_own() -> None:
    """The seat is part of the choice: Ben copying Ann's digest cannot open it with Ann's
    deployment and nonce once she has opened."""
    m = mustered()
    ann = E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE)
    m.act(ann)
    m.act(E.Commit(player=1, digest=ann.digest))
    m.act(E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    assert refused(m, E.Open(player=1, units=3, nonce=ANN_NONCE)) == "commit/mismatch"


def test_a_seat_opens_once() -> None:
    m = committed()
    opening = E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE)
    m.act(opening)
    assert refused(m, opening) == "turn/not-to-act"
    from grimoire.games.wizard_armies.rules import decide

    with pytest.raises(IllegalAction) as err:
        decide(m.state, opening, SeededDice(b"x"))
    assert err.value.reason == "commit/not-now"


# ------------------------------------------------------------------ the turn order


def test_nothing_happens_before_the_second_opening() -> None:
    """Nobody acts on a hidden choice before it is opened: until both are opened only
    commits and opens are legal, nothing is rolled or revealed, and the reveal, the
    initiative and the battle rolls come in the decision of the second opening, right
    after it."""
    m = committed(ann=3, ben=2)
    assert m.to_act == frozenset({0, 1}) and m.state.phase == "deploy"
    for seat in (0, 1):
        assert [type(a) for a in RULES.legal(m.state, seat)] in ([], [E.Open])
    assert refused(m, E.Strike(player=0, dice=(6,), target=1)) == "strike/not-now"
    assert refused(m, E.CampStrike(player=1)) == "strike/not-now"
    m.act(E.open_choice(E.Deploy(player=1, units=2), BEN_NONCE))
    assert m.to_act == frozenset({0}) and m.state.phase == "deploy"
    assert not any(isinstance(e, (E.Reveal, E.Roll)) for e in m.events[4:])
    assert refused(m, E.Strike(player=0, dice=(6,), target=1)) == "strike/not-now"
    events = m.act(E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE),
                   dice=[5, 2, 4, 3, 3, 5, 2])
    assert isinstance(events[0], E.Open) and events[1] == E.Reveal(units=(3, 2))
    assert [type(e) for e in events[2:6]] == [E.Roll, E.Roll, E.Initiative, E.Roll]
    assert m.state.phase == "battle" and m.state.sealed == ("", "")
    assert m.state.field == ((4, 3, 3), (5, 2))


def test_the_next_round_commits_afresh() -> None:
    """Commitments last one deployment: after the round, both commit again."""
    m = committed(ann=1, ben=1)
    m.act(E.open_choice(E.Deploy(player=0, units=1), ANN_NONCE))
    m.act(E.open_choice(E.Deploy(player=1, units=1), BEN_NONCE), dice=[5, 2, 3, 3])
    assert m.state.round == 2 and m.state.phase == "deploy"
    assert m.state.sealed == ("", "") and m.to_act == frozenset({0, 1})
    assert all(isinstance(a, E.Commit) for a in RULES.legal(m.state, 0))


def test_positions_with_a_commitment_pending_have_no_notation() -> None:
    m = mustered()
    text = RULES.notation(m.state)
    assert RULES.parse(text, Options(hidden="commit"), ("Ann", "Ben")).hidden == "commit"
    m.act(E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    with pytest.raises(IllegalAction) as err:
        RULES.notation(m.state)
    assert err.value.reason == "position/setup"


# ------------------------------------------------------------------ legal


def test_legal_lists_the_trusted_choices_sealed_with_the_public_nonce() -> None:
    """While a seat commits, legal lists the commit of every deployment the trusted mode
    offers, sealed with ``PUBLIC_NONCE``; at the opening, the one opening that matches
    such a seal."""
    m = mustered(((1, 2), (5, 6)))  # Ann has 3 troops, Ben 11
    trusted = deployments(m.state, 0)
    assert [d.units for d in trusted] == [1, 2, 3]
    assert list(RULES.legal(m.state, 0)) == [E.commit_choice(d, PUBLIC_NONCE) for d in trusted]
    assert len(RULES.legal(m.state, 1)) == 6
    m.act(RULES.legal(m.state, 0)[1])
    m.act(RULES.legal(m.state, 1)[5])
    assert list(RULES.legal(m.state, 0)) == [E.Open(player=0, units=2, nonce=PUBLIC_NONCE)]
    assert list(RULES.legal(m.state, 1)) == [E.Open(player=1, units=6, nonce=PUBLIC_NONCE)]


def test_legal_cannot_open_a_seal_made_with_a_fresh_nonce() -> None:
    """Only the author knows a fresh nonce: legal lists no opening for it."""
    m = mustered()
    secret = fresh_nonce()
    m.act(E.commit_choice(E.Deploy(player=0, units=3), secret))
    m.act(RULES.legal(m.state, 1)[0])
    assert list(RULES.legal(m.state, 0)) == []
    m.act(E.open_choice(E.Deploy(player=0, units=3), secret))
    assert m.state.deployed[0] == 3


def playout(seed: int, options: dict[str, str] | None = None, check: Any = None) -> Match:
    """A seeded game in commit mode to its end, a seeded bot choosing among legal
    actions (seats in a random order when both may act)."""
    m = Match.new("wizard-armies", seed=f"{seed:064x}", options={**COMMIT, **(options or {})})
    chooser = random.Random(seed)
    for _ in range(3000):
        if m.outcome is not None:
            break
        if check is not None:
            check(m)
        seat = chooser.choice(sorted(m.to_act))
        m.act(chooser.choice(list(m.legal(seat))))
    assert m.outcome is not None
    return m


def test_every_legal_commit_and_open_is_accepted_by_decide() -> None:
    seen: set[type] = set()

    def check(m: Match) -> None:
        for seat in m.to_act:
            actions = list(m.legal(seat))
            assert actions, f"seat {seat} is to act but has no legal action"
            for action in actions:
                seen.add(type(action))
                events = RULES.decide(m.state, action, SeededDice(b"legal"))
                assert events[0] == action

    for seed in range(4):
        playout(seed, check=check)
    assert {E.Commit, E.Open} <= seen and E.Deploy not in seen


OPTIONS = [{}, {"doubles": "once"}, {"doubles": "none", "battle_end": "empty-field"}]


@pytest.mark.parametrize("seed", range(9))
def test_seeded_playouts_in_commit_mode_pass_the_audit(seed: int) -> None:
    m = playout(seed, OPTIONS[seed % 3])
    log = m.log(reveal=True)
    report = audit_events(RULES, log.header, log.events)
    assert report.ok, report.summary()
    assert report.outcome == m.outcome
    assert sum(isinstance(e, E.Open) for e in log.events) == 2 * sum(
        isinstance(e, E.Reveal) for e in log.events)


def test_commit_mode_views_leak_nothing_and_describe_every_event() -> None:
    """No state of a commit match holds a secret: every view is the state, the leak check
    finds nothing, and every event reads as a sentence naming its actor."""
    rng = random.Random(4)

    def check(m: Match) -> None:
        for seat in (0, 1):
            assert RULES.view(m.state, seat) == m.state
            assert not leaks(RULES, m.state, seat, rng=rng, tries=2)

    m = playout(11, check=check)
    state = RULES.setup(Options(hidden="commit"), m.header.players)
    for event in m.events:
        line = RULES.describe(event, state)
        assert line and line[0].isupper() and "=" not in line
        state = RULES.evolve(state, event)


@given(st.integers(1, 6), st.integers(1, 6), st.binary(min_size=16, max_size=16),
       st.binary(min_size=16, max_size=16))
def test_any_two_sealed_deployments_open_to_exactly_what_was_chosen(
        ann: int, ben: int, ann_nonce: bytes, ben_nonce: bytes) -> None:
    """Whatever the deployments and nonces, the openings of the commitments are
    accepted, the reveal shows exactly the choices, and the audit accepts the log; any
    other deployment opened is refused."""
    m = mustered(((6, 5), (6, 4)), doubles="none")  # 11 and 10 troops
    a, b = ann_nonce.hex(), ben_nonce.hex()
    m.act(E.commit_choice(E.Deploy(player=0, units=ann), a))
    m.act(E.commit_choice(E.Deploy(player=1, units=ben), b))
    other = ann % 6 + 1
    assert refused(m, E.Open(player=0, units=other, nonce=a)) == "commit/mismatch"
    m.act(E.open_choice(E.Deploy(player=0, units=ann), a))
    rng = random.Random(ann * 7 + ben)
    values: list[int] = []
    while True:
        try:
            events = m.act(E.open_choice(E.Deploy(player=1, units=ben), b), dice=values)
            break
        except IllegalAction as exc:
            assert exc.reason == "dice/needed"
            values.append(rng.randint(1, 6))
    assert E.Reveal(units=(ann, ben)) in events
    log = m.log()
    assert audit_events(RULES, log.header, log.events).ok


# ------------------------------------------------------------------ the audit


def test_the_audit_refuses_an_opening_that_does_not_match_its_commitment(
        tmp_path: Path) -> None:
    """``validate`` re-decides every action: a log whose opening was changed after the
    fact (another deployment, with consequences to match) is refused with
    ``commit/mismatch`` on that opening's line."""
    m = committed(ann=3, ben=2)
    m.act(E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    m.act(E.open_choice(E.Deploy(player=1, units=2), BEN_NONCE), dice=[5, 2, 4, 3, 3, 5, 2])
    good = tmp_path / "good.jsonl"
    m.save(good)
    assert audit(good).ok
    events = list(m.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, E.Open) and e.player == 0)
    events[index] = E.Open(player=0, units=4, nonce=ANN_NONCE)
    bad = tmp_path / "bad.jsonl"
    write_log(bad, m.header, events)
    report = audit(bad)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "commit/mismatch"
    assert report.error["line"] == index + 2


def test_the_audit_refuses_a_reveal_before_the_openings(tmp_path: Path) -> None:
    """A log that reveals (and battles) before both openings is refused: the rules give
    nothing after the first opening."""
    m = committed(ann=3, ben=2)
    m.act(E.open_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    m.act(E.open_choice(E.Deploy(player=1, units=2), BEN_NONCE), dice=[5, 2, 4, 3, 3, 5, 2])
    events = list(m.events)
    first = next(i for i, e in enumerate(events) if isinstance(e, E.Open))
    # Move the reveal and what follows the second opening to just after the first.
    tail = events[first + 2:]
    forged = [*events[:first + 1], *tail, events[first + 1]]
    path = tmp_path / "early.jsonl"
    write_log(path, m.header, forged)
    report = audit(path)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "audit/unexpected-event", report.summary()
    assert report.error["line"] == first + 3  # the reveal, right after the first opening


# ------------------------------------------------------------------ what people see


def test_the_board_says_who_has_committed_and_who_has_opened() -> None:
    m = mustered()
    assert RULES.render(m.state).splitlines()[-1] == (
        " sealed deployment: waiting for Ann and Ben to commit")
    m.act(E.commit_choice(E.Deploy(player=0, units=3), ANN_NONCE))
    text = RULES.render(m.state)
    assert "has committed" in text.splitlines()[1] and "choosing" in text.splitlines()[2]
    m.act(E.commit_choice(E.Deploy(player=1, units=2), BEN_NONCE))
    m.act(E.open_choice(E.Deploy(player=1, units=2), BEN_NONCE))
    text = RULES.render(m.state)
    assert "opened: deploys 2" in text.splitlines()[2]
    assert text.splitlines()[-1] == " both have committed: waiting for Ann to open"
    picture = m.svg(0)
    assert ">committed</text>" in picture and ">opened</text>" in picture
    assert "committed: a deployment sealed" in picture


def test_commits_and_openings_read_as_sentences() -> None:
    s = State(hidden="commit", phase="deploy", troops=(4, 5), names=("Ann", "Ben"))
    digest = "3f2a9c1d07b4" + "0" * 52
    assert RULES.describe(E.Commit(player=0, digest=digest), s) == (
        "Ann commits to a deployment in secret (seal 3f2a9c1d07b4)")
    labels = [RULES.describe(a, s) for a in RULES.legal(s, 1)]
    assert len(set(labels)) == len(labels) == 5
    assert labels[0] == ("Ben commits to deploying 1 unit, sealed with the public nonce "
                         "(anyone can open it)")
    assert RULES.describe(E.Open(player=1, units=1, nonce=BEN_NONCE), s) == (
        "Ben opens the sealed deployment: 1 unit to the field")


# ------------------------------------------------------------------ two processes


TIMEOUT = 30.0


def _player(seat: int, peer: Any, report: Any, folder: str, seed: int) -> None:
    """One player in its own process: its own key pair and its own secret deployments
    (sealed with fresh nonces), a seeded bot choosing, its own dice values for what its
    actions roll; it sends and receives only log lines (and, before the match, its
    public key). Seat 0 creates the match; at the end seat 0 seals its log with its key.
    Reports its public key and its log's path, or the error."""
    try:
        from grimoire.core.signing import generate
        from grimoire.tools.seal import seal

        secret, public = generate()
        if seat == 0:
            if not peer.poll(TIMEOUT):
                raise TimeoutError("no key from the other player")
            theirs = peer.recv_bytes().decode()
            m = Match.new("wizard-armies", players=("Ann", "Ben"), dice="recorded",
                          options=COMMIT, keys=(public, theirs), meta={"about": "peers"},
                          path=Path(folder) / "ann.jsonl")
            peer.send_bytes(m.lines()[0])
        else:
            peer.send_bytes(public.encode())
            if not peer.poll(TIMEOUT):
                raise TimeoutError("no header from the other player")
            m = Match.join(peer.recv_bytes(), path=Path(folder) / "ben.jsonl")
        bot, rng = RandomBot(seed + seat), random.Random(seed * 10 + seat)
        sealed: E.Deploy | None = None
        nonce = ""
        for _ in range(2000):
            if not m.to_act:
                break
            if min(m.to_act) != seat:
                if not peer.poll(TIMEOUT):
                    raise TimeoutError("the other player went quiet")
                m.accept(peer.recv_bytes().splitlines(keepends=True))
                continue
            state = m.state
            if state.phase == "deploy" and not state.sealed[seat]:
                listed = list(m.legal(seat))  # the bot picks among the deployments
                sealed = deployments(state, seat)[listed.index(bot.choose(m, seat))]
                nonce = fresh_nonce()
                action: Any = E.commit_choice(sealed, nonce)
            elif state.phase == "deploy":
                assert sealed is not None and not m.legal(seat)  # nobody else can open it
                action = E.open_choice(sealed, nonce)
            else:
                action = bot.choose(m, seat)
            start, values = len(m.events), list[int]()
            while True:  # roll this player's dice until the action has all it needs
                try:
                    m.act(action, dice=values, key=secret)
                    break
                except IllegalAction as exc:
                    if exc.reason != "dice/needed":
                        raise
                    values.append(rng.randint(1, 6))
            peer.send_bytes(b"".join(m.lines(start)))
        m.close()
        assert m.outcome is not None, "the match did not end"
        mine = Path(folder) / ("ann.jsonl" if seat == 0 else "ben.jsonl")
        if seat == 0:
            seal(mine, Path(folder) / "sealed.jsonl", key=secret)
        report.send(("ok", public, str(mine), b"".join(m.lines())))
    except BaseException:  # pragma: no cover - reported to the test
        report.send(("error", traceback.format_exc(), "", b""))


def test_two_processes_exchanging_only_log_lines_play_one_auditable_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two OS processes, each with its own secret key and its own secret deployments
    sealed with fresh nonces, exchange only log lines and play a whole seeded match in
    commit mode; both keep byte-identical logs, a third party's audit accepts them, and
    the log seat 0 seals with its key passes an audit that trusts that key."""
    began = time.monotonic()
    # A spawned process imports ``_player`` from this module by its name (tests....),
    # so the repository root must be on the path it inherits.
    monkeypatch.syspath_prepend(str(ROOT))
    ctx = multiprocessing.get_context("spawn")
    ann_end, ben_end = ctx.Pipe()
    reports = [ctx.Pipe(duplex=False) for _ in range(2)]
    players = [
        ctx.Process(target=_player, args=(seat, end, reports[seat][1], str(tmp_path), 2026))
        for seat, end in ((0, ann_end), (1, ben_end))
    ]
    for p in players:
        p.start()
    results = []
    for (receive, _), p in zip(reports, players, strict=True):
        ready = multiprocessing.connection.wait([receive, p.sentinel], timeout=60)
        assert receive in ready or receive.poll(0), f"a player stopped ({p.exitcode})"
        results.append(receive.recv())
    for p in players:
        p.join(10)
        assert p.exitcode == 0
    for status, *rest in results:
        assert status == "ok", rest[0]
    (_, ann_key, ann_path, ann_lines), (_, ben_key, ben_path, ben_lines) = results
    ann_log, ben_log = Path(ann_path).read_bytes(), Path(ben_path).read_bytes()
    assert ann_log == ben_log == ann_lines == ben_lines
    assert ann_key != ben_key
    report = audit(ann_path)
    assert report.ok, report.summary()
    assert report.outcome is not None
    sealed = tmp_path / "sealed.jsonl"
    trusted = audit(sealed, trust=(ann_key,))
    assert trusted.ok and trusted.trusted, trusted.summary()
    assert not audit(sealed, trust=(ben_key,)).ok
    events = [msgspec.json.decode(line)["event"] for line in ann_log.splitlines()[1:]]
    kinds = [e["type"] for e in events]
    assert "commit" in kinds and "open" in kinds and "deploy" not in kinds
    nonces = [e["nonce"] for e in events if e["type"] == "open"]
    assert PUBLIC_NONCE not in nonces and len(set(nonces)) == len(nonces)
    assert time.monotonic() - began < 10
