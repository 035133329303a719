"""Swords & Wizardry with sealed pieces (option ``hidden="commit"``): each placement is a
commitment to the piece's identity, and a piece is opened by its owner exactly when the
rules need its identity, before anything that depends on it is decided.

Hand-built positions are folded from ``commit`` events (a commit-mode match has no
notation); whole matches are played through ``Match`` and audited.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import random
import sys
import time
from pathlib import Path

import msgspec
import pytest

from grimoire import IllegalAction, Match
from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit, audit_events
from grimoire.core.dice import RecordedDice
from grimoire.core.errors import GrimoireError, UsageError
from grimoire.core.events import Record
from grimoire.core.kit import PUBLIC_NONCE, commitment, fresh_nonce
from grimoire.core.logfile import encode_line, read_log, write_log
from grimoire.core.signing import generate
from grimoire.core.views import leaks
from grimoire.games.swords_wizardry import RULES
from grimoire.games.swords_wizardry.board import INDEX, KINDS, PIECE, SQUARES
from grimoire.games.swords_wizardry.events import (
    Advance,
    Arrive,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Commit,
    Eliminate,
    GameOver,
    Move,
    Open,
    Pin,
    Place,
    Reveal,
    Roll,
    Storm,
    Surround,
    choice,
    commit_choice,
    open_choice,
)
from grimoire.games.swords_wizardry.rules import (
    must_show,
    openings,
    placements,
    public_kind,
    with_own,
)
from grimoire.games.swords_wizardry.state import State
from grimoire.tools.seal import seal

GAME = "swords-wizardry"
NAMES = ("Ann", "Ben")
SEALED = {"hidden": "commit"}
HERE = Path(__file__).resolve().parent


# ------------------------------------------------------------------ helpers


def sealed(pieces: dict[str, str], turn: int = 0, shown: tuple[str, ...] = ()) -> State:
    """A position in commit mode: each piece (``square -> letter``, Red's capitals) sealed
    where it stands with ``PUBLIC_NONCE``; the pieces on ``shown`` already opened."""
    state = RULES.setup(RULES.Options(hidden="commit"), NAMES)
    for square, ch in pieces.items():
        seat, kind = PIECE[ch]
        state = RULES.evolve(state, commit_choice(Place(player=seat, piece=KINDS[kind],
                                                        square=square), PUBLIC_NONCE))
    state = RULES.evolve(state, Commence(first=turn))
    for square in shown:
        seat, kind = PIECE[pieces[square]]
        state = RULES.evolve(state, Open(player=seat, square=square, piece=KINDS[kind],
                                         nonce=PUBLIC_NONCE))
    return state


def opening(state: State, square: str, piece: str | None = None,
            nonce: str = PUBLIC_NONCE) -> Open:
    """The opening of the piece deployed on ``square`` (its true piece unless ``piece``)."""
    home = INDEX[square]
    seat = 0 if state.board[state.home.index(home)] == "X" else 1
    kind = public_kind(state.digests[home], square)
    return Open(player=seat, square=square, piece=piece or KINDS[kind], nonce=nonce)


def act(state: State, action: object, dice: tuple[int, ...] = ()) -> tuple[State, tuple]:
    """Decide ``action`` (the turn checked as in play) and fold what it causes."""
    events = RULES.decide(state, action, RecordedDice(dice))
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def refused(state: State, action: object, dice: tuple[int, ...] = ()) -> str:
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, action, RecordedDice(dice))
    return err.value.reason


ROWS = {
    0: ["SASASPSANS", "AOSBNMKNBS", "BNSHGWDBOA", "BCA   SCB "],
    1: ["SASBPASCAS", "ABNSKMNBOS", "AOSBWDGHBN", "CBS   AN S"],
}


def deployment(seat: int, swap: dict[str, str] | None = None) -> list[Place]:
    """A sensible deployment (the fixtures' own), with ``swap`` replacing some pieces."""
    ranks = (10, 9, 8, 7) if seat == 0 else (1, 2, 3, 4)
    out: list[Place] = []
    for rank, row in zip(ranks, ROWS[seat], strict=True):
        for col, ch in enumerate(row):
            if ch != " ":
                square = SQUARES[(10 - rank) * 10 + col]
                piece = (swap or {}).get(square, KINDS[PIECE[ch][1]])
                out.append(Place(player=seat, piece=piece, square=square))
    return out


def commit_match(**options: object) -> Match:
    return Match.new(GAME, players=NAMES, options={**SEALED, **options}, dice="recorded")


def deployed(swap: dict[str, str] | None = None) -> Match:
    """A commit-mode match with both sides deployed, sealed with ``PUBLIC_NONCE``."""
    m = commit_match()
    for seat in (0, 1):
        for place in deployment(seat, swap):
            m.act(commit_choice(place, PUBLIC_NONCE))
    return m


# ------------------------------------------------------------------ the option


def test_the_trusted_mode_is_the_default_and_is_never_written() -> None:
    """``hidden`` left out is ``"trusted"``, and a header never names it then: every log
    recorded before the option keeps its bytes."""
    m = Match.new(GAME, players=NAMES)
    assert "hidden" not in m.header.options
    assert msgspec.convert(m.header.options, RULES.Options).mode == "trusted"
    assert commit_match().header.options["hidden"] == "commit"
    full = read_log(HERE.parents[2] / "fixtures" / GAME / "full-01.jsonl")
    assert "hidden" not in full.header.options


def test_a_trusted_match_refuses_seals_and_a_sealed_match_refuses_plain_placements() -> None:
    """Each mode has its own placement: ``place`` in the trusted mode, ``commit`` in the
    commit mode; nothing can be opened in the trusted mode."""
    trusted = Match.new(GAME, players=NAMES)
    place = Place(player=0, piece="peasants", square="a10")
    with pytest.raises(IllegalAction) as err:
        trusted.act(commit_choice(place, PUBLIC_NONCE))
    assert err.value.reason == "commit/off"
    with pytest.raises(IllegalAction) as err:
        trusted.act(open_choice(place, PUBLIC_NONCE))
    assert err.value.reason == "commit/off"
    with pytest.raises(IllegalAction) as err:
        commit_match().act(place)
    assert err.value.reason == "commit/required"


def test_a_sealed_match_has_no_notation_and_starts_from_the_deployment() -> None:
    """A position cannot say what a sealed piece is: none is written, none is read."""
    text = "S9/10/10/10/10/10/10/10/10/9s r - - 0"
    with pytest.raises(UsageError) as err:
        Match.new(GAME, options=SEALED, position=text)
    assert err.value.reason == "log/bad-position"
    with pytest.raises(IllegalAction) as refusal:
        RULES.parse(text, RULES.Options(hidden="commit"), NAMES)
    assert refusal.value.reason == "position/invalid"
    with pytest.raises(IllegalAction) as err:
        deployed().notation()
    assert err.value.reason == "position/sealed"


# ------------------------------------------------------------------ what is committed


def test_the_seal_is_the_documented_commitment_of_piece_and_square() -> None:
    """The choice is ``["piece","square"]``; the seal is BLAKE2b-256 of
    ``grimoire/choice\\0``, the nonce's bytes and that JSON, so another program computes
    the same digest (the docs page's example)."""
    nonce = fresh_nonce()
    by_hand = hashlib.blake2b(b"grimoire/choice\x00" + bytes.fromhex(nonce) +
                              b'["princess","b10"]', digest_size=32).hexdigest()
    place = Place(player=0, piece="princess", square="b10")
    assert commit_choice(place, nonce).digest == by_hand
    assert commitment(choice("princess", "b10"), nonce) == by_hand
    assert commit_choice(place, PUBLIC_NONCE).digest == (
        "ec460d2185889ef0c61684d4e24f90d3ba44e3389e048ab5920df21b9b8d3e67")
    docs = (HERE.parents[2] / "docs" / "games" / f"{GAME}.md").read_text()
    assert commit_choice(place, PUBLIC_NONCE).digest in docs
    assert open_choice(place, nonce) == Open(player=0, square="b10", piece="princess",
                                             nonce=nonce)


@pytest.mark.parametrize("digest", ["", "ab" * 31, "AB" * 32, "ab" * 32 + "0", "zz" * 32])
def test_a_commit_carries_a_digest_of_64_lowercase_hex_digits(digest: str) -> None:
    """A seal that is not 64 hex digits is refused; nothing is placed."""
    m = commit_match()
    with pytest.raises(IllegalAction) as err:
        m.act(Commit(player=0, square="a10", digest=digest))
    assert err.value.reason == "commit/bad-digest" and not m.events


def test_a_commit_goes_on_the_next_square_like_a_placement() -> None:
    """The placing order (Ruling 2) holds for sealed placements."""
    m = commit_match()
    with pytest.raises(IllegalAction) as err:
        m.act(Commit(player=0, square="b10", digest="ab" * 32))
    assert err.value.reason == "setup/out-of-order"
    with pytest.raises(IllegalAction) as err:
        m.act(Commit(player=0, square="a1", digest="ab" * 32))
    assert err.value.reason == "setup/outside-zone"


def test_the_state_holds_only_digests_until_the_opening() -> None:
    """A sealed piece is ``X``/``x`` for everyone, the rules included: the state, every
    view and every redacted event show no more than the log."""
    m = deployed()
    state = m.state
    assert set(state.board) <= {"X", "x", "."}
    assert not any(state.revealed)
    assert state.digests[INDEX["b10"]] == commit_choice(
        Place(player=0, piece="men-at-arms", square="b10"), PUBLIC_NONCE).digest
    for seat in (0, 1, None):
        assert RULES.view(state, seat) == state
        assert all(RULES.redact(e, seat) == e for e in m.events)
        if seat is not None:
            assert not leaks(RULES, state, seat, rng=random.Random(seat))


def test_legal_commits_are_the_trusted_placements_sealed_with_the_public_nonce() -> None:
    """``legal`` lists the ``commit`` of every placement the trusted mode offers, sealed
    with ``kit.PUBLIC_NONCE``, as the deployment goes on."""
    trusted = Match.new(GAME, players=NAMES)
    m = commit_match()
    for place in deployment(0)[:12]:
        for seat in (0, 1):
            want = [commit_choice(p, PUBLIC_NONCE) for p in trusted.legal(seat)]
            assert list(m.legal(seat)) == want
        trusted.act(place)
        m.act(commit_choice(place, PUBLIC_NONCE))


def test_a_real_seal_is_known_only_to_its_owner() -> None:
    """A piece sealed with a fresh nonce cannot be found by trying the kinds; its owner's
    program fills it in from its own secrets (``with_own``), and ``placements`` is then
    exact again."""
    m = commit_match()
    place = Place(player=0, piece="king", square="a10")
    m.act(commit_choice(place, fresh_nonce()))
    home = INDEX["a10"]
    assert public_kind(m.state.digests[home], "a10") == -1
    assert not any(isinstance(a, Open) for a in m.legal(0))
    mine = with_own(m.state, 0, {"a10": "king"})
    assert mine.board[home] == "K" and m.state.board[home] == "X"
    assert "king" in [p.piece for p in placements(m.state, 0)]
    assert "king" not in [p.piece for p in placements(mine, 0)]


# ------------------------------------------------------------------ when pieces are opened


def test_a_plain_step_of_a_sealed_piece_opens_nothing() -> None:
    """One square onto open ground is a move every kind can make: nothing is shown."""
    state = sealed({"c7": "N", "a10": "S", "j1": "s"})
    state, events = act(state, Move(player=0, from_="c7", to="c6"))
    assert events == (Move(player=0, from_="c7", to="c6"),)
    assert state.board[INDEX["c6"]] == "X" and not state.revealed[INDEX["c6"]]
    assert state.home[INDEX["c6"]] == INDEX["c7"] and state.pending is None
    assert RULES.to_act(state) == {1}


def test_a_flight_waits_for_its_piece_to_be_opened_then_arrives() -> None:
    """Only a Wizard flies from e9 over the lake to the bridge: the move waits until the
    piece is opened, and is made (``arrive``) in the opening's decision."""
    state = sealed({"e9": "W", "a10": "S", "j1": "s"})
    state, events = act(state, Move(player=0, from_="e9", to="e6"))
    assert events == (Move(player=0, from_="e9", to="e6"),)
    assert state.pending is not None and state.board[INDEX["e9"]] == "X"
    assert RULES.to_act(state) == {0} and openings(state, 0) == ("e9",)
    assert list(RULES.legal(state, 0)) == [opening(state, "e9")]
    state, events = act(state, opening(state, "e9"))
    assert events[1:] == (Arrive(from_="e9", to="e6"),)
    assert state.board[INDEX["e6"]] == "W" and state.revealed[INDEX["e6"]]
    assert RULES.to_act(state) == {1}


def test_a_move_the_opened_piece_cannot_make_is_refused_at_its_opening() -> None:
    """The opening is refused with the trusted mode's reason when the piece it shows may
    not make the move that waits (Knights do not fly; the Princess never challenges), and
    the target is not shown meanwhile."""
    state = sealed({"e9": "N", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="e9", to="e6"))
    assert refused(state, opening(state, "e9")) == "move/unreachable"
    princess = sealed({"b10": "P", "b9": "s", "a10": "S", "j1": "s"})
    princess, _ = act(princess, Move(player=0, from_="b10", to="b9"))
    assert RULES.to_act(princess) == {0}
    assert refused(princess, opening(princess, "b10")) == "move/princess-cannot-attack"
    assert not princess.revealed[INDEX["b9"]]


def test_a_move_no_kind_could_make_is_refused_at_once() -> None:
    """A sealed piece may try any move some kind it may be could make, never another."""
    state = sealed({"c7": "N", "c6": "S", "a10": "S", "j1": "s"})
    assert refused(state, Move(player=0, from_="c7", to="d6")) == "move/lake"
    assert refused(state, Move(player=0, from_="c7", to="b6")) == "move/diagonal"
    assert refused(state, Move(player=0, from_="c7", to="c6")) == "move/own-piece"
    assert refused(state, Move(player=0, from_="c7", to="c4")) == "move/unreachable"
    act(state, Move(player=0, from_="c7", to="c5"))  # a Dragon's leap: it may be one


def test_a_challenge_opens_the_challenger_then_the_defender_then_is_decided() -> None:
    """"Each player shows his piece": the challenger's side opens first, then the
    defender's; the challenge and its result come with the last opening."""
    state = sealed({"c7": "N", "c6": "s", "a10": "S", "j1": "s"})
    state, events = act(state, Move(player=0, from_="c7", to="c6"))
    assert events == (Move(player=0, from_="c7", to="c6"),)
    assert RULES.to_act(state) == {0} and openings(state, 1) == ()
    state, events = act(state, opening(state, "c7"))
    assert len(events) == 1 and RULES.to_act(state) == {1}
    state, events = act(state, opening(state, "c6"))
    assert events[1:] == (
        Challenge(from_="c7", to="c6", attacker="knights", defender="peasants"),
        Eliminate(square="c6", owner=1, piece="peasants"),
        Advance(from_="c7", to="c6"),
    )
    assert RULES.to_act(state) == {1} and state.pending is None


def test_the_wizards_die_is_thrown_with_the_last_opening() -> None:
    """The Wizard's die is thrown once both pieces are known: with recorded dice its value
    comes with the last opening, whoever owns the Wizard."""
    state = sealed({"c8": "W", "c7": "n", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="c8", to="c7"))
    state, _ = act(state, opening(state, "c8"))
    assert refused(state, opening(state, "c7")) == "dice/needed"
    state, events = act(state, opening(state, "c7"), dice=(4,))
    assert [type(e) for e in events] == [Open, Challenge, Roll, Eliminate, Advance]
    assert state.board[INDEX["c7"]] == "W"


def test_a_bombardment_opens_the_catapult_then_its_target() -> None:
    """A sealed piece may bombard only if it may be a catapult; it is shown to be one
    before its target is shown."""
    state = sealed({"c9": "C", "c7": "n", "a10": "S", "j1": "s"})
    state, _ = act(state, Bombard(player=0, from_="c9", to="c7"))
    assert openings(state, 0) == ("c9",)
    state, _ = act(state, opening(state, "c9"))
    state, events = act(state, opening(state, "c7"))
    assert events[1:] == (Challenge(from_="c9", to="c7", attacker="siege-catapult",
                                    defender="knights"),)
    ogre = sealed({"c9": "O", "c7": "n", "a10": "S", "j1": "s"})
    ogre, _ = act(ogre, Bombard(player=0, from_="c9", to="c7"))
    assert refused(ogre, opening(ogre, "c9")) == "bombard/not-a-catapult"
    castle = sealed({"f10": "K", "f8": "n", "a10": "S", "j1": "s"})
    assert refused(castle, Bombard(player=0, from_="f10", to="f8")) == "bombard/not-a-catapult"


def test_a_storm_opens_the_occupant_then_the_storming_piece() -> None:
    """The occupant is shown; unless she is the Princess, the storming piece is shown
    too (a Siege Catapult would stay where it is), then the occupant is removed."""
    state = sealed({"a1": "N", "c1": "A", "b3": "B", "b1": "k", "a10": "S", "j1": "s"})
    state, events = act(state, Move(player=0, from_="b3", to="b2"))
    assert events[-1] == Surround(castle="b1", by=0)
    state, events = act(state, Storm(player=0, castle="b1", from_="c1"))
    assert len(events) == 1 and RULES.to_act(state) == {1}
    state, _ = act(state, opening(state, "b1"))
    assert openings(state, 0) == ("c1",)
    state, events = act(state, opening(state, "c1"))
    assert events[1:] == (Reveal(square="b1", piece="king"),
                          Eliminate(square="b1", owner=1, piece="king"),
                          Advance(from_="c1", to="b1"))


def test_a_stormed_princess_shows_the_ring_one_piece_at_a_time() -> None:
    """"A Princess found by a storm is shown together with every surrounding piece": the
    storming side opens each piece of the ring in turn, and a rescuer among them wins."""
    state = sealed({"a1": "S", "c1": "N", "b3": "O", "b1": "p", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="b3", to="b2"))
    state, _ = act(state, Storm(player=0, castle="b1", from_="b2"))
    state, _ = act(state, opening(state, "b1"))
    assert openings(state, 0) == ("b3", "a1", "c1") and openings(state, 1) == ()
    assert refused(state, Move(player=0, from_="a10", to="a9")) == "commit/awaiting"
    for square in ("c1", "a1"):
        state, events = act(state, opening(state, square))
        assert len(events) == 1
    state, events = act(state, opening(state, "b3"))
    assert events[-1] == GameOver(winners=(0,), reason="rescue")


def test_nothing_happens_before_the_opening() -> None:
    """While a piece is awaited, only its owner acts, and only to open it: no move, no
    other opening, nothing from the other side."""
    state = sealed({"c7": "N", "c6": "s", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="c7", to="c6"))
    assert refused(state, Move(player=0, from_="a10", to="a9")) == "commit/awaiting"
    assert refused(state, Move(player=1, from_="j1", to="j2")) == "turn/not-to-act"
    assert refused(state, opening(state, "c6")) == "turn/not-to-act"
    assert refused(state, opening(state, "a10")) == "commit/not-awaited"
    assert refused(state, Open(player=0, square="d7", piece="knights",
                               nonce=PUBLIC_NONCE)) == "commit/no-seal"
    state, _ = act(state, opening(state, "c7"))
    assert refused(state, Move(player=1, from_="j1", to="j2")) == "commit/awaiting"
    assert refused(state, Move(player=0, from_="a10", to="a9")) == "turn/not-to-act"


def test_a_side_that_may_not_be_able_to_move_opens_pieces_until_one_can() -> None:
    """"Should at any stage a player be unable to move any piece when it is his turn ...
    victory is immediately awarded to the other player": when that depends on what sealed
    pieces are, the side opens them first; if none can act, it loses."""
    ring = {"a10": "s", "c10": "s", "b9": "s", "j1": "s"}
    state = sealed({"b10": "P", **ring})
    assert must_show(state) and RULES.to_act(state) == {0}
    assert refused(state, Move(player=0, from_="b10", to="b9")) == "commit/awaiting"
    assert list(RULES.legal(state, 0)) == [opening(state, "b10")]
    over, events = act(state, opening(state, "b10"))
    assert events[-1] == GameOver(winners=(1,), reason="no-move") and not RULES.to_act(over)
    knights = sealed({"b10": "N", **ring})
    state, events = act(knights, opening(knights, "b10"))
    assert len(events) == 1 and not must_show(state)
    assert Move(player=0, from_="b10", to="b9") in RULES.legal(state, 0)


# ------------------------------------------------------------------ refusals of an opening


def test_an_opening_that_does_not_match_its_seal_is_refused() -> None:
    """The piece and the nonce must give the seal back exactly: another piece, another
    nonce or a nonce that is not 32 hex digits is refused and changes nothing."""
    state = sealed({"c7": "N", "c6": "s", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="c7", to="c6"))
    assert refused(state, opening(state, "c7", piece="hero")) == "commit/mismatch"
    assert refused(state, opening(state, "c7", nonce="01" * 16)) == "commit/mismatch"
    assert refused(state, opening(state, "c7", nonce="xyz")) == "commit/bad-nonce"
    assert refused(state, opening(state, "c7", piece="troll")) == "setup/unknown-piece"


def test_an_opened_piece_the_deployment_forbids_is_refused() -> None:
    """The deployment's rules are checked when a piece is opened: no more of a kind than
    the counts, the Princess only from a castle, a catapult never from one."""
    princess = sealed({"c7": "P", "c6": "s", "a10": "S", "j1": "s"})
    princess, _ = act(princess, Move(player=0, from_="c7", to="c6"))
    assert refused(princess, opening(princess, "c7")) == "setup/princess-off-castle"
    catapult = sealed({"f10": "C", "f9": "s", "a10": "S", "j1": "s"})
    catapult, _ = act(catapult, Move(player=0, from_="f10", to="f9"))
    assert refused(catapult, opening(catapult, "f10")) == "setup/catapult-on-castle"


def test_a_deployment_breach_is_found_when_its_piece_is_opened() -> None:
    """A seal says nothing until it is opened: two Dragons are deployed unchecked, the
    first is opened, and the second's opening is refused (the side cannot go on). A piece
    never opened is never checked (Ruling 24)."""
    m = deployed(swap={"a7": "dragon"})
    assert m.state.turn == 0
    state = sealed({"c7": "D", "h7": "D", "c6": "s", "h6": "s", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="c7", to="c6"))
    state, _ = act(state, opening(state, "c7"))
    state, _ = act(state, opening(state, "c6"))
    state, _ = act(state, Move(player=1, from_="j1", to="j2"))
    assert refused(state, Move(player=0, from_="h7", to="h5")) == "move/unreachable"
    state, _ = act(state, Move(player=0, from_="h7", to="h6"))
    assert refused(state, opening(state, "h7")) == "setup/none-left"


# ------------------------------------------------------------------ whole matches


def play(seed: int, check: object = None) -> Match:
    m = Match.new(GAME, players=NAMES, options=SEALED, seed=bytes([seed]) * 16)
    bot = RandomBot(seed)
    for _ in range(6000):
        if not m.to_act:
            break
        if check is not None:
            check(m)  # type: ignore[operator]
        m.act(bot.choose(m, min(m.to_act)))
    return m


def test_legal_commits_opens_and_moves_are_accepted_by_decide() -> None:
    """At every step of seeded games, a sample of every seat's legal actions (commits,
    openings, moves) is accepted by decide; a seat to act always has one."""
    rng = random.Random(7)
    kinds: set[type] = set()

    def check(m: Match) -> None:
        for seat in m.to_act:
            legal = list(m.legal(seat))
            assert legal
            for action in rng.sample(legal, min(len(legal), 8)):
                kinds.add(type(action))
                events = m.rules.decide(m.state, action, m._dice(None))
                assert events[0] == action

    for seed in (1, 2):
        play(seed, check)
    assert {Commit, Open, Move} <= kinds


def test_refusals_with_sealed_pieces_carry_listed_codes() -> None:
    """Actions legal a moment ago, and the other seat's, tried at every step of a sealed
    game: each refusal's reason is one the docs page lists."""
    listed = set(RULES.reasons) | {"turn/not-to-act", "game/over", "action/not-an-action"}
    rng = random.Random(11)
    earlier: list[object] = []
    seen: set[str] = set()

    def check(m: Match) -> None:
        for action in rng.sample(earlier, min(len(earlier), 6)):
            try:
                m.rules.decide(m.state, action, m._dice(None))
            except GrimoireError as exc:
                assert exc.reason in listed, exc
                seen.add(exc.reason)
        legal = list(m.legal(min(m.to_act)))
        earlier.extend(rng.sample(legal, min(len(legal), 3)))

    play(4, check)
    assert {"commit/awaiting", "setup/done"} <= seen


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_seeded_random_games_with_sealed_pieces_pass_the_audit(seed: int) -> None:
    """Bots play whole games with every piece sealed; the audit re-decides every commit,
    opening and move and accepts the log; every piece a challenge, an elimination, a pin,
    a storm or an advance names was opened before it."""
    m = play(seed)
    assert m.outcome is not None
    log = m.log(reveal=True)
    report = audit_events(m.rules, log.header, log.events)
    assert report.ok, report.summary()
    assert report.outcome == m.outcome
    state = RULES.setup(RULES.Options(hidden="commit"), NAMES)
    for event in m.events:  # every piece an outcome names was opened before it
        if isinstance(event, Challenge):
            assert state.revealed[INDEX[event.from_]] and state.revealed[INDEX[event.to]]
        if isinstance(event, Eliminate | Reveal | Pin):
            assert state.revealed[INDEX[event.square]]
        if isinstance(event, Arrive | Advance | Bounce):
            assert state.revealed[INDEX[event.from_]]
        state = RULES.evolve(state, event)
    assert state == m.state


def test_the_audit_refuses_an_opening_that_does_not_match_its_seal(tmp_path: Path) -> None:
    """A log whose opening names another piece than its seal's is refused at that line,
    with ``commit/mismatch``."""
    m = deployed()
    bot = RandomBot(3)
    for _ in range(200):
        if m.state.pending is not None:
            break
        m.act(bot.choose(m, min(m.to_act)))
    seat = min(m.to_act)
    good = next(iter(m.legal(seat)))
    assert isinstance(good, Open)
    other = next(k for k in KINDS if k != good.piece)
    forged = msgspec.structs.replace(good, piece=other)
    write_log(tmp_path / "forged.jsonl", m.header, [*m.events, forged])
    report = audit(tmp_path / "forged.jsonl")
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "commit/mismatch"
    assert report.error["line"] == len(m.events) + 2


def test_a_player_refuses_an_opening_that_does_not_match_its_seal() -> None:
    """Two matches exchanging lines: the other side's opening that does not match its seal
    is refused by ``Match.accept`` and changes nothing; the true one is taken."""
    host = commit_match()
    guest = Match.join(host.lines()[0])
    bot = RandomBot(5)
    for _ in range(300):
        if host.state.pending is not None:
            break
        start = len(host.events)
        host.act(bot.choose(host, min(host.to_act)))
        guest.accept(host.lines(start))
    true = next(iter(host.legal(min(host.to_act))))
    assert isinstance(true, Open) and guest.state == host.state
    forged = msgspec.structs.replace(true, nonce="01" * 16)
    with pytest.raises(GrimoireError) as err:
        guest.accept([encode_line(Record(len(host.events), forged, None, None))])
    assert err.value.reason == "commit/mismatch" and guest.state == host.state
    start = len(host.events)
    host.act(true, dice=[6] if _needs_die(host, true) else None)
    guest.accept(host.lines(start))
    assert guest.state == host.state and guest.lines() == host.lines()


def _needs_die(m: Match, action: Open) -> bool:
    try:
        m.rules.decide(m.state, action, RecordedDice(()))
    except IllegalAction as exc:
        return exc.reason == "dice/needed"
    return False


# ------------------------------------------------------------------ what people see


def test_the_board_says_who_must_open_what() -> None:
    """The status line and the picture show the piece the rules wait for."""
    state = sealed({"c7": "N", "c6": "s", "a10": "S", "j1": "s"})
    state, _ = act(state, Move(player=0, from_="c7", to="c6"))
    text = RULES.render(state)
    assert " to open: Ann (Red) must open the piece on c7 before the challenge goes on" in (
        text.splitlines())
    assert "sealed until its owner opens it" in text
    picture = RULES.svg(state, 0, None)
    assert 'stroke-dasharray="2 3"' in picture and "to open the piece on c7" in picture
    shy = sealed({"b10": "P", "a10": "s", "c10": "s", "b9": "s", "j1": "s"})
    assert "must show that a sealed piece can move" in RULES.render(shy)


def test_sealed_events_read_as_plain_sentences() -> None:
    """A seal names its square, an opening the piece where it stands now (and where it
    was deployed, if it has moved), a waiting move says it waits."""
    state = sealed({"e9": "W", "c7": "N", "a10": "S", "j1": "s"})
    assert RULES.describe(Move(player=0, from_="e9", to="e6"), state) == (
        "Ann moves the piece on e9 to e6 once it is opened")
    stepped, _ = act(state, Move(player=0, from_="c7", to="c6"))
    stepped, _ = act(stepped, Move(player=1, from_="j1", to="j2"))
    stepped, _ = act(stepped, Move(player=0, from_="c6", to="c5"))
    assert RULES.describe(opening(stepped, "c7"), stepped) == (
        "Ann opens the piece on c5, deployed on c7, and shows Knights")
    flying, _ = act(state, Move(player=0, from_="e9", to="e6"))
    assert RULES.describe(opening(flying, "e9"), flying) == (
        "Ann opens the piece on e9 and shows the Wizard")
    shown, _ = act(flying, opening(flying, "e9"))
    assert RULES.describe(Arrive(from_="e9", to="e6"), RULES.evolve(
        flying, opening(flying, "e9"))) == "Ann's Wizard moves from e9 to e6"
    assert shown.board[INDEX["e6"]] == "W"


# ------------------------------------------------------------------ two processes


def test_two_processes_play_a_sealed_match_that_a_third_party_audits(tmp_path: Path) -> None:
    """Two OS processes, each with its own secret key and its own pieces sealed with fresh
    nonces, exchange only log lines; both keep byte-identical logs, which the audit
    accepts, and which one player seals and signs for a trusted audit."""
    ann, ben = generate(), generate()
    keys = (ann[1], ben[1])
    ctx = multiprocessing.get_context("spawn")
    a_end, b_end = ctx.Pipe()
    results = ctx.Queue()
    paths = (tmp_path / "ann.jsonl", tmp_path / "ben.jsonl")
    start = time.perf_counter()
    sys.path.insert(0, str(HERE))  # a spawned process starts with this path and imports
    try:                           # its player from here
        import sealed_player

        players = [
            ctx.Process(target=sealed_player.play,
                        args=(seat, end, secret, keys, str(path), 2026 + seat, results))
            for seat, end, secret, path in ((0, a_end, ann[0], paths[0]),
                                            (1, b_end, ben[0], paths[1]))
        ]
        for p in players:
            p.start()
    finally:
        sys.path.remove(str(HERE))
    try:
        reports = [results.get(timeout=60) for _ in players]
    finally:
        for p in players:
            p.join(timeout=10)
            if p.is_alive():
                p.terminate()
    elapsed = time.perf_counter() - start
    assert all(r[0] == "ok" for r in reports), reports
    assert all(p.exitcode == 0 for p in players)
    assert paths[0].read_bytes() == paths[1].read_bytes()
    log = read_log(paths[0])
    assert any(isinstance(e, GameOver) for e in log.events)
    opens = [e for e in log.events if isinstance(e, Open)]
    assert opens and all(o.nonce != PUBLIC_NONCE for o in opens)
    assert sum(isinstance(e, Commit) for e in log.events) == 72
    report = audit(paths[0])
    assert report.ok, report.summary()
    sealed_log = tmp_path / "sealed.jsonl"
    seal(paths[0], sealed_log, key=ann[0])
    trusted = audit(sealed_log, trust=(ann[1],))
    assert trusted.ok, trusted.summary()
    assert not audit(sealed_log, trust=(ben[1],)).ok
    print(f"two-process sealed match: {len(log.events)} records in {elapsed:.1f} s")
    assert elapsed < 30
