"""``grimoire play`` driven by scripted answers."""

from __future__ import annotations

from grimoire.core.match import Match
from grimoire.tools.play import play


def test_a_person_can_play_a_whole_game_against_the_bot() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    result = play(m, humans={0}, ask=lambda _: "1", say=said.append)
    assert result == "over" and m.outcome is not None
    assert any("sets up" in line for line in said)


def test_filtering_and_quitting() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    answers = iter(["saint e5", "zzz", "q"])
    assert play(m, humans={0}, ask=lambda _: next(answers), say=said.append) == "quit"
    assert any("nothing matches" in line for line in said)
    assert len(m.events) == 0


def test_hot_seat_announces_each_turn() -> None:
    m = Match.new("vicious-circle", seed="04" * 16)
    said: list[str] = []
    answers = iter(["r"] * 6 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("others look away" in line for line in said)


def test_hot_seat_shows_the_table_no_secret() -> None:
    """At one screen every event is shown as a spectator sees it: the deal and draws of
    Wiz-War name no card."""
    m = Match.new("wiz-war", seed="05" * 16)
    said: list[str] = []
    answers = iter(["r"] * 30 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("5 cards dealt to each of 2 players" in line for line in said)
    hands = [c for h in m.state.hands for c in h]
    assert hands and not any("hands=" in line or "cards=(" in line for line in said)


def test_ctrl_d_leaves_a_valid_log_that_resumes_to_the_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The log is written as the game is played: stopping (Ctrl-D raises EOFError in the
    ask function) leaves a valid unfinished log whose seed stays in a private file, and
    ``Match.resume`` plays on to the end."""
    from grimoire.core.audit import audit
    from grimoire.core.match import seed_file
    from grimoire.tools.play import finish, new_match

    path = tmp_path / "game.jsonl"
    match = new_match("wizard-armies", seed="7", path=path)
    answers = iter(["r", "r"])

    def ask(_: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    assert play(match, humans={0}, ask=ask, say=lambda _: None) == "quit"
    note = finish(match, path)
    assert "--resume" in note and audit(path).ok and not audit(path).outcome
    kept = tmp_path / "game.jsonl.seed"
    assert seed_file(path) == str(kept) and kept.stat().st_mode & 0o077 == 0
    assert match.seed is not None and match.seed not in path.read_text()
    again = Match.resume(path)
    assert play(again, humans={0}, ask=lambda _: "1", say=lambda _: None) == "over"
    assert "seed revealed" in finish(again, path)
    report = audit(path)
    assert report.ok and report.outcome is not None and report.dice == "verified"
    assert not kept.exists()


def numbered_lists(said: list[str]) -> list[int]:
    """How many options each numbered list of the transcript had."""
    sizes: list[int] = []
    run = 0
    for line in said:
        head = line.strip().split(".", 1)[0]
        if line.startswith("  ") and head.isdigit():
            run = 1 if head == "1" else run + 1
            if head == "1":
                sizes.append(0)
            sizes[-1] = run
    return sizes


def test_a_secret_setup_is_chosen_creature_by_creature_and_backed_up() -> None:
    """Vicious Circle's setup is asked one creature at a time, by square; '-' goes back
    one step and the square is chosen again."""
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    answers = iter(["c5", "-", "d5", "e5", "c4", "Keep in reserve", "Keep in reserve", "q"])
    play(m, humans={0}, ask=lambda _: next(answers), say=said.append)
    assert "Where does your Saint start?" in said
    assert any(line.endswith("Where does your Spirit start?") for line in said)
    setup = m.events[0]
    assert setup.player == 0  # type: ignore[attr-defined]
    placed = dict(setup.placement)  # type: ignore[attr-defined]
    assert placed["saint"] == "d5", placed  # c5 was taken back
    assert "c5" not in placed.values()


def test_question_mark_tells_what_a_card_or_piece_is() -> None:
    m = Match.new("swords-wizardry", seed="03" * 16)
    said: list[str] = []
    answers = iter(["? dragon", "? nothing-of-that-name", "q"])
    play(m, humans={0}, ask=lambda _: next(answers), say=said.append)
    assert any(line.startswith("Dragon: ") for line in said)
    assert any("no card, piece or place called 'nothing-of-that-name'" in line
               for line in said)


def test_lists_are_short_and_the_board_is_shown_only_when_it_changed() -> None:
    """Every numbered list has at most 40 options (Magery's flat list had 600); the board
    is printed again only once it has changed, without the key after the first time."""
    m = Match.new("magery", seed="07" * 16)
    said: list[str] = []
    boards: list[str] = []
    answers = iter(["1"] * 80 + ["q"])
    play(m, humans={0}, ask=lambda _: next(answers), say=said.append, show=boards.append)
    sizes = numbered_lists(said)
    assert sizes and max(sizes) <= 40
    assert len(boards) >= 2 and len(set(boards)) == len(boards), "a board printed twice"
    assert "Key:" in boards[0] and all("Key:" not in b for b in boards[1:])
    assert all("the key as above" in b for b in boards[1:])


def test_a_forced_step_is_taken_for_the_person_and_said() -> None:
    """Wizard Armies opens with the muster, which everyone knows is each side's only
    choice: it is rolled for the person, who is told so, and the next question is asked;
    a step of one option inside an action is answered too, and said."""
    m = Match.new("wizard-armies", seed="03" * 16)
    said: list[str] = []
    answers = iter(["q"])
    play(m, humans={0}, ask=lambda _: next(answers), say=said.append)
    assert "  Roll for troops (your only choice)" in said
    assert type(m.events[0]).__name__ == "Muster"
    s = Match.new("swords-wizardry", seed="03" * 16)
    said = []
    answers = iter(["1"] * 40 + ["q"])
    play(s, humans={0}, ask=lambda _: next(answers), say=said.append)
    assert any(line.endswith("(the only choice)") for line in said)
