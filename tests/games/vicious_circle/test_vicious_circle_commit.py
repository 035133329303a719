"""The sealed setup (option ``hidden="commit"``, Ruling 18): each seat commits to the
digest of its setup, both open after both have committed, and the reveal follows the
second opening. Two players who exchange only log lines, and a third who reads the log,
can check that nobody changed a setup after seeing the other's."""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
import random
import time
from pathlib import Path

import msgspec
import pytest

from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit, audit_events
from grimoire.core.dice import NoDice
from grimoire.core.errors import GrimoireError, IllegalAction
from grimoire.core.events import Header
from grimoire.core.kit import PUBLIC_NONCE, commitment, fresh_nonce
from grimoire.core.logfile import read_log, write_log
from grimoire.core.match import Match
from grimoire.core.views import leaks
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle.events import (
    Commit,
    Deploy,
    Move,
    Open,
    Pass,
    Reveal,
    Setup,
    choice,
    commit_choice,
    open_choice,
)
from grimoire.games.vicious_circle.rules import SETUPS
from grimoire.games.vicious_circle.svg import board as picture

PLAYERS = ("Ann", "Ben")
ANN = Setup(player=0, placement=(("child", "e4"), ("saint", "e5"), ("spirit", "d5")))
BEN = Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"), ("child", "c2")))
NONCES = ("5e" * 16, "a7" * 16)


def sealed(**options: str) -> Match:
    return Match.new("vicious-circle", options={"hidden": "commit", **options},
                     dice="recorded", players=PLAYERS)


def committed(**options: str) -> Match:
    """A sealed match in which both seats have committed (Ann's and Ben's setups above,
    sealed with secret-looking nonces)."""
    m = sealed(**options)
    m.act(commit_choice(ANN, NONCES[0]))
    m.act(commit_choice(BEN, NONCES[1]))
    return m


def refused(m: Match, action: object) -> str:
    before = (m.state, len(m.events))
    with pytest.raises(IllegalAction) as err:
        m.act(action)  # type: ignore[arg-type]
    assert (m.state, len(m.events)) == before, "a refusal changes nothing"
    return err.value.reason


# ------------------------------------------------------------------ the option


def test_the_trusted_default_leaves_headers_and_play_as_they_were() -> None:
    """``hidden`` left at ``trusted`` is not written in a header: a trusted match's log is
    byte for byte what it was before the option existed."""
    m = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
    assert "hidden" not in m.header.options
    assert m.state.hidden == "trusted" and len(m.legal(0)) == len(SETUPS[0])
    assert all(isinstance(a, Setup) for a in m.legal(0))
    explicit = Match.new("vicious-circle", dice="recorded", players=PLAYERS,
                         options={"hidden": "trusted"})
    assert explicit.state == m.state
    assert sealed().header.options["hidden"] == "commit"


def test_a_setup_in_the_clear_is_refused_when_setups_are_sealed() -> None:
    assert refused(sealed(), ANN) == "setup/sealed"


def test_commit_and_open_are_refused_when_setups_are_not_sealed() -> None:
    m = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
    assert refused(m, commit_choice(ANN, NONCES[0])) == "commit/off"
    assert refused(m, open_choice(ANN, NONCES[0])) == "commit/off"


# ------------------------------------------------------------------ the choice and its seal


def test_the_choice_is_the_placement_in_the_creatures_order() -> None:
    """The committed value is the (creature, square) pairs in the order saint, spirit,
    child, warrior, dragon, as JSON with no spaces: another program computes the same
    digest from the docs page alone."""
    assert choice(ANN.placement) == (("saint", "e5"), ("spirit", "d5"), ("child", "e4"))
    assert msgspec.json.encode(choice(BEN.placement)) == (
        b'[["child","c2"],["warrior","b1"],["dragon","a1"]]')
    for order in itertools.permutations(ANN.placement):
        assert commit_choice(Setup(player=0, placement=order), NONCES[0]) == \
            commit_choice(ANN, NONCES[0])
    digest = commit_choice(ANN, NONCES[0]).digest
    assert digest == commitment([["saint", "e5"], ["spirit", "d5"], ["child", "e4"]],
                                NONCES[0])
    assert len(digest) == 64


def test_a_commitment_reveals_nothing_of_the_setup() -> None:
    """The state keeps only the digest; every seat and the spectator see the same state,
    and a commit is never redacted."""
    m = sealed()
    m.act(commit_choice(ANN, NONCES[0]))
    assert m.state.digests == (commit_choice(ANN, NONCES[0]).digest, "")
    assert m.state.board == RULES.setup(RULES.Options(), PLAYERS).board
    assert m.state.reserves == ("", "")
    for seat in (None, 0, 1):
        assert RULES.view(m.state, seat) == m.state
        assert RULES.redact(m.events[0], seat) == m.events[0]
    for seat in (0, 1):
        assert not leaks(RULES, m.state, seat, rng=random.Random(0))


@pytest.mark.parametrize("digest", [
    "", "ab" * 31, "ab" * 33, "AB" * 32, "g" * 64, " " + "ab" * 31 + "a", "ab" * 31 + "a\n",
])
def test_a_commitment_is_64_lowercase_hex_digits(digest: str) -> None:
    assert refused(sealed(), Commit(player=0, digest=digest)) == "commit/bad-digest"


def test_each_seat_commits_once() -> None:
    m = sealed()
    m.act(commit_choice(ANN, NONCES[0]))
    assert m.to_act == {1}
    with pytest.raises(GrimoireError) as err:
        m.act(commit_choice(ANN, NONCES[1]))
    assert err.value.reason == "turn/not-to-act"
    m.act(commit_choice(BEN, NONCES[1]))
    assert refused(m, commit_choice(ANN, NONCES[1])) == "commit/done"


# ------------------------------------------------------------------ the turn order


def test_both_seats_commit_before_either_opens() -> None:
    """"Both open after both have committed": an opening before that is refused."""
    m = sealed()
    assert m.to_act == {0, 1}
    m.act(commit_choice(ANN, NONCES[0]))
    assert m.to_act == {1}
    assert refused(m, open_choice(BEN, NONCES[1])) == "commit/pending"
    with pytest.raises(GrimoireError) as err:
        m.act(open_choice(ANN, NONCES[0]))
    assert err.value.reason == "turn/not-to-act"
    m.act(commit_choice(BEN, NONCES[1]))
    assert m.to_act == {0, 1}


def test_the_commitments_may_come_in_either_order() -> None:
    m = sealed()
    m.act(commit_choice(BEN, NONCES[1]))
    assert m.to_act == {0}
    m.act(commit_choice(ANN, NONCES[0]))
    m.act(open_choice(ANN, NONCES[0]))
    m.act(open_choice(BEN, NONCES[1]))
    assert m.state.turn == 1


MOVES = [Move(player=0, from_="e4", to="e3"), Move(player=1, from_="c2", to="b3"),
         Deploy(player=0, creature="dragon", to="c4"), Pass(player=0), Pass(player=1)]


def test_nothing_can_happen_before_both_openings() -> None:
    """No one may act on a sealed setup before it is opened: until the second opening no
    move, deploy or pass is allowed, at any step of the setup."""
    steps = [commit_choice(ANN, NONCES[0]), commit_choice(BEN, NONCES[1]),
             open_choice(ANN, NONCES[0]), open_choice(BEN, NONCES[1])]
    m = sealed()
    for step in steps:
        assert m.state.turn < 0
        for action in MOVES:
            if action.player in m.to_act:
                assert refused(m, action) == "setup/pending"
        m.act(step)
    assert m.state.turn == 1 and m.to_act == {1}


def test_the_reveal_follows_the_second_opening() -> None:
    m = committed()
    assert m.act(open_choice(BEN, NONCES[1])) == (open_choice(BEN, NONCES[1]),)
    assert m.to_act == {0} and m.state.turn < 0
    events = m.act(open_choice(ANN, NONCES[0]))
    assert events == (open_choice(ANN, NONCES[0]),
                      Reveal(placements=(choice(ANN.placement), choice(BEN.placement)),
                             first=1))
    assert m.state.digests == ("", "")  # the reveal clears them


@pytest.mark.parametrize("options", [{}, {"edition": "illustrated"}, {"rematch": "dawn"}])
def test_after_the_reveal_the_game_is_the_trusted_game(options: dict[str, str]) -> None:
    """The sealed setup changes how the setup is recorded, nothing after it: the state
    after the reveal is the trusted game's (the option aside), with the same first player,
    notation and legal actions."""
    m = committed(**options)
    m.act(open_choice(ANN, NONCES[0]))
    m.act(open_choice(BEN, NONCES[1]))
    t = Match.new("vicious-circle", options=options, dice="recorded", players=PLAYERS)
    t.act(ANN)
    t.act(BEN)
    assert msgspec.structs.replace(m.state, hidden="trusted") == t.state
    assert m.events[-1] == t.events[-1]
    assert RULES.notation(m.state) == RULES.notation(t.state)
    assert list(m.legal(m.state.turn)) == list(t.legal(t.state.turn))


# ------------------------------------------------------------------ opening


def test_an_opening_in_any_order_is_the_same_choice() -> None:
    m = committed()
    shuffled = (ANN.placement[2], ANN.placement[0], ANN.placement[1])
    m.act(Open(player=0, placement=shuffled, nonce=NONCES[0]))
    assert m.state.setups == (True, False)


@pytest.mark.parametrize(("opening", "why"), [
    (open_choice(ANN, NONCES[1]), "the other seat's nonce"),
    (open_choice(ANN, PUBLIC_NONCE), "the public nonce"),
    (Open(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("child", "d4")),
          nonce=NONCES[0]), "one creature moved"),
    (Open(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("dragon", "e4")),
          nonce=NONCES[0]), "another creature"),
    (Open(player=0, placement=(("saint", "d5"), ("spirit", "e5"), ("child", "e4")),
          nonce=NONCES[0]), "two creatures swapped"),
])
def test_an_opening_that_does_not_match_the_commitment_is_refused(opening: Open,
                                                                    why: str) -> None:
    m = committed()
    assert refused(m, opening) == "commit/mismatch", why
    m.act(open_choice(ANN, NONCES[0]))  # the true opening still goes in


@pytest.mark.parametrize("nonce", ["", "5e" * 15, "5e" * 17, "5E" * 16, "zz" * 16,
                                   " " + "5e" * 15 + "5"])
def test_a_nonce_is_32_lowercase_hex_digits(nonce: str) -> None:
    assert refused(committed(), Open(player=0, placement=ANN.placement, nonce=nonce)) == \
        "commit/bad-nonce"


ILLEGAL = [
    ((("saint", "e5"), ("spirit", "d5")), "setup/count"),
    ((("saint", "e5"), ("spirit", "d5"), ("child", "e4"), ("dragon", "c5")), "setup/count"),
    ((("saint", "e5"), ("troll", "d5"), ("child", "e4")), "setup/unknown-creature"),
    ((("saint", "e5"), ("spirit", "z9"), ("child", "e4")), "setup/unknown-square"),
    ((("saint", "e5"), ("saint", "d5"), ("child", "e4")), "setup/duplicate-creature"),
    ((("saint", "e5"), ("spirit", "e5"), ("child", "e4")), "setup/shared-square"),
    ((("saint", "e5"), ("spirit", "d5"), ("child", "a1")), "setup/outside-domain"),
]


@pytest.mark.parametrize(("placement", "reason"), ILLEGAL)
def test_an_illegal_opened_setup_is_refused_like_a_trusted_setup(
        placement: tuple[tuple[str, str], ...], reason: str) -> None:
    """An opening is a setup: it is refused with the trusted setup's code even when it
    matches the seat's commitment (a seat that sealed an illegal setup can never open)."""
    trusted = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
    assert refused(trusted, Setup(player=0, placement=placement)) == reason
    m = sealed()
    bad = Setup(player=0, placement=placement)
    m.act(commit_choice(bad, NONCES[0]))
    m.act(commit_choice(BEN, NONCES[1]))
    assert refused(m, open_choice(bad, NONCES[0])) == reason


def test_the_opening_is_public() -> None:
    """Once opened, a setup is seen by everyone (the other seat is bound by its digest)."""
    m = committed()
    m.act(open_choice(ANN, NONCES[0]))
    for seat in (None, 0, 1):
        view = m.view(seat)
        assert view == m.state and view.board[4] == "S"  # Ann's saint on e5
        assert not leaks(RULES, m.state, 1, rng=random.Random(1))


def test_nothing_is_opened_or_committed_after_the_setup() -> None:
    m = committed()
    m.act(open_choice(ANN, NONCES[0]))
    m.act(open_choice(BEN, NONCES[1]))
    assert m.to_act == {1}
    for action in (commit_choice(BEN, NONCES[1]), open_choice(BEN, NONCES[1])):
        assert refused(m, action) == "setup/done"


# ------------------------------------------------------------------ legal


def test_legal_lists_the_public_commit_of_every_trusted_setup() -> None:
    """While committing, ``legal`` lists one commit per setup the trusted mode offers,
    sealed with ``kit.PUBLIC_NONCE``, in the same order; decide accepts every one."""
    m = sealed()
    for seat in (0, 1):
        commits = list(m.legal(seat))
        assert commits == [commit_choice(s, PUBLIC_NONCE) for s in SETUPS[seat]]
        assert len({c.digest for c in commits}) == len(SETUPS[seat])
        for c in commits:
            assert RULES.decide(m.state, c, NoDice()) == (c,)


def test_legal_lists_the_opening_of_a_public_seal_and_decide_accepts_it() -> None:
    rng = random.Random(3)
    for _ in range(20):
        m = sealed()
        picks = [rng.randrange(len(SETUPS[0])), rng.randrange(len(SETUPS[1]))]
        for seat in (0, 1):
            m.act(m.legal(seat)[picks[seat]])
        for seat in (0, 1):
            (opening,) = m.legal(seat)
            assert opening == open_choice(SETUPS[seat][picks[seat]], PUBLIC_NONCE)
            RULES.decide(m.state, opening, NoDice())
        m.act(m.legal(0)[0])
        m.act(m.legal(1)[0])
        assert m.state.turn == 1


def test_legal_lists_no_opening_of_a_secret_seal() -> None:
    """A seal with a secret nonce has one opening, which only its seat knows."""
    m = committed()
    assert m.legal(0) == () and m.legal(1) == ()
    m.act(open_choice(ANN, NONCES[0]))
    assert m.to_act == {1}


def test_legal_is_fast() -> None:
    m = sealed()
    start = time.perf_counter()
    for _ in range(50):
        m.legal(0), m.legal(1)
    m.act(m.legal(0)[0])
    m.act(m.legal(1)[0])
    for _ in range(50):
        m.legal(0), m.legal(1)
    assert time.perf_counter() - start < 1.0


# ------------------------------------------------------------------ text and picture


def test_every_legal_commit_reads_differently() -> None:
    m = sealed()
    for seat in (0, 1):
        sentences = [RULES.describe(a, m.state) for a in m.legal(seat)]
        assert len(set(sentences)) == len(sentences)


def test_the_board_says_who_has_committed_and_who_has_opened() -> None:
    m = sealed()
    assert "sealed setup: waiting for Ann and Ben to commit" in m.render(None)
    m.act(commit_choice(ANN, NONCES[0]))
    text = m.render(1)
    assert "sealed setup: Ann has committed; waiting for Ben to commit" in text
    assert "reserve ?? sealed" in text and "reserve not set up" in text
    assert "? a creature of a sealed setup, not yet opened" in text
    m.act(commit_choice(BEN, NONCES[1]))
    assert "both have committed; waiting for Ann and Ben to open" in m.render(0)
    m.act(open_choice(BEN, NONCES[1]))
    text = m.render(None)
    assert "sealed setup: Ben has opened; waiting for Ann to open" in text
    assert "reserve sp" in text and "reserve WD" not in text  # Ann has not opened


def test_the_picture_marks_a_committed_setup_as_sealed() -> None:
    m = sealed()
    m.act(commit_choice(ANN, NONCES[0]))
    svg = picture(m.view(1), 1, m.events[-1])
    assert "sealed, not opened" in svg and "Ann has committed" in svg
    assert "Ann's saint" not in svg and "Ann's child" not in svg  # nobody knows them yet


# ------------------------------------------------------------------ the audit


def header(**meta: str) -> Header:
    opts = msgspec.to_builtins(RULES.Options(hidden="commit"))
    return Header(game="vicious-circle", rules=RULES.version, players=PLAYERS,
                  dice="recorded", options=opts, meta=dict(meta))


def whole_opening() -> list[object]:
    m = committed()
    m.act(open_choice(ANN, NONCES[0]))
    m.act(open_choice(BEN, NONCES[1]))
    m.act(Move(player=1, from_="c2", to="b3"))
    return list(m.events)


def test_the_audit_accepts_a_sealed_setup() -> None:
    report = audit_events(RULES, header(), whole_opening())  # type: ignore[arg-type]
    assert report.ok, report.summary()


def test_the_audit_refuses_an_opening_that_does_not_match_its_commitment(
        tmp_path: Path) -> None:
    """A log whose opening was changed after the fact (another setup, its reveal rewritten
    to agree) is refused at the opening, with ``commit/mismatch``."""
    events = whole_opening()
    other = (("saint", "e5"), ("spirit", "d5"), ("dragon", "e4"))
    assert isinstance(events[2], Open) and isinstance(events[4], Reveal)
    events[2] = Open(player=0, placement=other, nonce=NONCES[0])
    events[4] = Reveal(placements=(other, choice(BEN.placement)), first=1)
    path = tmp_path / "forged.jsonl"
    write_log(path, header(), events)  # type: ignore[arg-type]
    report = audit(path)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "commit/mismatch" and report.error["seq"] == 2


@pytest.mark.parametrize("cut", [2, 3])
def test_the_audit_refuses_a_move_before_the_openings(cut: int) -> None:
    """A log in which Ben moves after both commitments (or after Ann's opening) but before
    his own opening is refused there."""
    events = [*whole_opening()[:cut], Move(player=1, from_="c2", to="b3")]
    report = audit_events(RULES, header(), events)  # type: ignore[arg-type]
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "setup/pending" and report.error["seq"] == cut


def test_a_peer_refuses_an_opening_that_does_not_match_its_commitment() -> None:
    """The other player's process re-decides every opening it receives."""
    host = committed()
    guest = Match.join(host.lines()[0])
    guest.accept(host.lines(0)[:1])
    guest.accept(host.lines(1))
    forged = Open(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("dragon", "e4")),
                  nonce=NONCES[0])
    line = msgspec.json.encode({"seq": 2, "event": msgspec.to_builtins(forged)})
    with pytest.raises(GrimoireError) as err:
        guest.accept([line])
    assert err.value.reason == "commit/mismatch" and len(guest.events) == 2
    host.act(open_choice(ANN, NONCES[0]))
    guest.accept(host.lines(2))
    assert guest.state == host.state


@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_playouts_with_sealed_setups_pass_the_audit(seed: int) -> None:
    """Bots seal with the public nonce (``legal``) or, on odd seeds, with fresh nonces."""
    options = ({}, {"edition": "illustrated"}, {"no_move": "lose"})[seed % 3]
    m = sealed(**options)
    bot = RandomBot(f"commit:{seed}")
    real = seed % 2 == 1
    setups = {s: SETUPS[s][random.Random(seed).randrange(1200)] for s in (0, 1)}
    nonces = {s: fresh_nonce() for s in (0, 1)}
    for _ in range(800):
        if not m.to_act:
            break
        seat = min(m.to_act)
        if real and m.state.turn < 0:
            sealing = not m.state.digests[seat]
            m.act((commit_choice if sealing else open_choice)(setups[seat], nonces[seat]))
        else:
            m.act(bot.choose(m, seat))
    assert m.outcome is not None
    log = m.log()
    report = audit_events(RULES, log.header, log.events)
    assert report.ok, report.summary()
    assert report.outcome == m.outcome
    kinds = [type(e).__name__ for e in log.events[:5]]
    assert kinds == ["Commit", "Commit", "Open", "Open", "Reveal"]


# ------------------------------------------------------------------ two processes


def test_two_processes_exchanging_log_lines_play_a_sealed_match(tmp_path: Path,
                                                                 monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Two OS processes, each with its own secret key and its own setup sealed with a
    fresh nonce, exchange only log lines; both keep the same log, a third party audits
    it, and the log one player sealed with its key passes an audit that trusts that key.
    """
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    peer = importlib.import_module("vicious_circle_peer")
    ctx = multiprocessing.get_context("spawn")
    ann_end, ben_end = ctx.Pipe()
    results = ctx.Queue()
    paths = [str(tmp_path / "ann.jsonl"), str(tmp_path / "ben.jsonl")]
    procs = [ctx.Process(target=peer.play, args=(seat, end, paths[seat], 2026, results))
             for seat, end in enumerate((ann_end, ben_end))]
    start = time.perf_counter()
    for p in procs:
        p.start()
    try:
        found = sorted(results.get(timeout=60) for _ in procs)
    finally:
        for p in procs:
            p.join(timeout=10)
            if p.is_alive():  # pragma: no cover - only when a peer hangs
                p.terminate()
    elapsed = time.perf_counter() - start
    for seat, _public, error in found:
        assert error is None, f"seat {seat} failed:\n{error}"
    assert all(p.exitcode == 0 for p in procs)
    keys = {seat: public for seat, public, _ in found}
    ann, ben = (Path(p).read_bytes() for p in paths)
    assert ann == ben, "both processes keep byte-identical logs"
    log = read_log(paths[0])
    assert log.header.keys == (keys[0], keys[1]) and log.header.options["hidden"] == "commit"
    kinds = [type(e).__name__ for e in log.events[:5]]
    assert kinds == ["Commit", "Commit", "Open", "Open", "Reveal"]
    for opening in log.events[2:4]:
        assert isinstance(opening, Open) and opening.nonce != PUBLIC_NONCE  # secret seals
    third = audit(paths[0])
    assert third.ok, third.summary()
    assert third.outcome is not None
    trusted = audit(paths[0] + ".sealed", trust=(keys[0],))
    assert trusted.ok, trusted.summary()
    assert not audit(paths[0] + ".sealed", trust=(keys[1],)).ok  # Ben did not seal it
    assert elapsed < 10, f"the two-process match took {elapsed:.1f} s"
