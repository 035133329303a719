"""``grimoire view``: one self-contained HTML file per match, leaking nothing a seat may not
know, that a real browser (headless Chromium) opens and steps through."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from browser import data_of, pictures, ready
from helpers import bot_match

from games import GAMES
from grimoire import registry
from grimoire.core.events import Event
from grimoire.core.match import Match
from grimoire.core.rules import describe
from grimoire.tools.view import KEYFRAME, ViewReport, view


def saved(tmp_path: Path, game: str, seed: int = 3, actions: int = 300) -> tuple[Match, Path]:
    match = bot_match(game, seed=seed, max_actions=actions)
    path = tmp_path / f"{game}.jsonl"
    match.save(path)
    return match, path


Viewed = Callable[[str], tuple[Match, Path, object]]


@pytest.fixture(scope="module")
def viewed(tmp_path_factory: pytest.TempPathFactory) -> Viewed:
    """``grimoire view``'s file of a game's seeded match (``saved``): the match, the file
    and what ``view`` answered, made once for the file's tests that read it (a long
    match's file takes ``view`` half a second)."""
    folder = tmp_path_factory.mktemp("viewed")
    made: dict[str, tuple[Match, Path, object]] = {}

    def get(game: str) -> tuple[Match, Path, object]:
        if game not in made:
            match, path = saved(folder, game)
            html = folder / f"{game}.html"
            made[game] = (match, html, view(path, html))
        return made[game]

    return get


@pytest.mark.parametrize("game", GAMES)
def test_the_file_is_self_contained_and_holds_every_event(game: str, viewed: Viewed) -> None:
    match, html, report = viewed(game)
    assert isinstance(report, ViewReport) and report.events == len(match.events)
    text = html.read_text()
    assert "<link" not in text and " src=" not in text
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), "nothing from the net"
    data = data_of(text)
    assert len(data["events"]) == len(match.events)
    assert len(data["frames"]) == len(match.events) + 1
    final = list(pictures(data))[-1]
    assert final == match.rules.svg(match.state, None, match.events[-1])


def test_pictures_rebuild_exactly_across_key_frames(tmp_path: Path) -> None:
    """The stored patches rebuild every picture exactly, key frames included."""
    match, path = saved(tmp_path, "magery", actions=KEYFRAME + 60)
    data = data_of(view(path))  # type: ignore[arg-type]
    replay = match.replay()
    rules = match.rules
    for n, picture in enumerate(pictures(data)):
        last = match.events[n - 1] if n else None
        assert picture == rules.svg(replay.seek(n), None, last), n


def hidden_words(match: Match, seat: int) -> set[str]:
    """Words the auditor's event lines hold that none of ``seat``'s lines or pictures
    hold: facts the seat may not know."""
    rules = match.rules
    replay = match.replay()
    theirs: set[str] = set()
    mine: set[str] = set()
    state = replay.seek(0)
    for event in match.events:
        theirs.update(re.findall(r"[A-Za-z][A-Za-z'-]{3,}", describe(rules, event, state)))
        told: Event = rules.redact(event, seat)
        seen = rules.view(state, seat)
        mine.update(re.findall(r"[A-Za-z][A-Za-z'-]{3,}", describe(rules, told, seen)))
        mine.update(re.findall(r"[A-Za-z][A-Za-z'-]{3,}", rules.svg(seen, seat, told)))
        state = rules.evolve(state, event)
    return theirs - mine


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_file_holds_nothing_hidden_from_that_seat(game: str, tmp_path: Path) -> None:
    """Generated for one seat, the file holds only what that seat may know: no word of an
    event line only the auditor sees (a card in another hand, a secret setup), and no
    seed while the match is live."""
    short = {"vicious-circle": 1, "wizard-armies": 3}  # stop inside their secret setups
    for actions in (short.get(game, 120), 30, 8, 2):  # a short game: a live match all the same
        match, path = saved(tmp_path, game, seed=5, actions=actions)
        if match.outcome is None:
            break
    assert match.outcome is None and match.seed is not None
    everything = json.dumps(data_of(view(path)))  # type: ignore[arg-type]
    for seat in range(len(match.header.players)):
        text = view(path, player=seat)
        assert isinstance(text, str)
        data = json.dumps(data_of(text))
        hidden = hidden_words(match, seat)
        leaked = sorted(w for w in hidden if w in data)
        assert not leaked, f"seat {seat} sees {leaked}"
        assert not hidden or any(w in everything for w in hidden), "the search can find them"
        assert match.seed not in text


# ---------------------------------------------------------------- a real browser


@pytest.mark.parametrize("game", GAMES)
def test_a_browser_opens_the_file_and_steps_through_the_match(
    browser: object, game: str, viewed: Viewed, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    match, html, _ = viewed(game)
    data = data_of(html.read_text())
    rebuilt = list(pictures(data))
    driver = browser
    driver.get(html.resolve().as_uri())  # type: ignore[attr-defined]
    ready(driver)

    def element(id_: str):  # type: ignore[no-untyped-def]
        return driver.find_element(By.ID, id_)  # type: ignore[attr-defined]

    def board_is(n: int) -> None:
        at = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-at"))  # type: ignore[attr-defined]
        assert at == n
        svg = element("board").get_attribute("innerHTML")
        expected = driver.execute_script(  # type: ignore[attr-defined]
            "const d = document.createElement('div'); d.innerHTML = arguments[0];"
            " return d.innerHTML;", rebuilt[n])
        assert svg == expected, f"the board after {n} events differs"

    n = len(match.events)
    assert element("error").text == ""
    assert element("where").text == f"event 0 of {n}"
    board_is(0)
    body = driver.find_element(By.TAG_NAME, "body")  # type: ignore[attr-defined]
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    board_is(2)
    assert element("now").text == data["events"][1]
    body.send_keys(Keys.ARROW_LEFT)
    board_is(1)
    body.send_keys(Keys.END)
    board_is(n)
    assert element("outcome").text.startswith("Outcome:")
    target = min(n, 40)
    item = f"ol#events li:nth-child({target})"
    driver.find_element(By.CSS_SELECTOR, f"{item} button").click()  # type: ignore[attr-defined]
    board_is(target)
    assert "current" in driver.find_element(  # type: ignore[attr-defined]
        By.CSS_SELECTOR, item).get_attribute("class")
    body.send_keys(Keys.HOME)
    board_is(0)
    shot = tmp_path / f"{game}.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 5_000  # type: ignore[attr-defined]


def test_a_seats_file_does_not_quote_a_starting_position() -> None:
    """A starting position's text can name hidden things (the cards in every hand): only
    the auditor's file quotes it."""
    from grimoire.core.logfile import read_log

    root = Path(__file__).resolve().parents[2] / "fixtures" / "wiz-war"
    path = next(p for p in sorted(root.glob("edge-*.jsonl"))
                if read_log(p).header.position and "hands" in str(read_log(p).header.position))
    position = read_log(path).header.position
    assert position is not None
    assert position in json.dumps(data_of(view(path)))  # type: ignore[arg-type]
    for seat in (0, 1, "spectator"):
        assert position not in json.dumps(data_of(view(path, player=seat)))  # type: ignore[arg-type]


def test_the_facts_tell_only_the_options_that_differ_from_the_defaults_in_words(
    tmp_path: Path,
) -> None:
    """The header's options are told by what differs from the game's defaults, each with
    its value, the default it replaces and its meaning; a log read back from its file
    (where a default tuple is a JSON list) lists no default."""
    from grimoire.core.options import options_of

    path = tmp_path / "ww.jsonl"
    Match.new("wiz-war", seed=bytes(16), options={"victory_points": 3}).save(path)
    assert json.loads(path.read_text().splitlines()[0])["options"]["extra_cards"] == []
    facts = dict(data_of(view(path))["facts"])  # type: ignore[arg-type]
    assert facts["options"] == [
        "victory_points: 3 instead of 2 — points to win (2; Extended Play: 3 or 4)."]

    Match.new("wiz-war", seed=bytes(16)).save(tmp_path / "plain.jsonl")
    assert dict(data_of(view(tmp_path / "plain.jsonl"))["facts"])["options"] == (  # type: ignore[arg-type]
        "the game's defaults")

    options = {"edition": "illustrated", "no_return": "off"}
    Match.new("vicious-circle", seed=bytes(16), options=options).save(tmp_path / "vc.jsonl")
    told = dict(data_of(view(tmp_path / "vc.jsonl"))["facts"])["options"]  # type: ignore[arg-type]
    about = options_of(registry.get("vicious-circle"))
    assert [line.split(":")[0] for line in told] == ["edition", "no_return"]
    assert told[0].startswith('edition: "illustrated" instead of "designer" — ')
    for line, name in zip(told, options, strict=True):
        assert about[name].text in line
