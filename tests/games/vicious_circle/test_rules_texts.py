"""Every rule statement of both Vicious Circle texts is quoted by a test that checks it.

``DESIGNER`` and ``ILLUSTRATED`` list the statements sentence by sentence, as the texts
spell them (typos included: "Sprits", "Shirine", "my be crossed"); story, credits and
strategy advice that states no rule are left out. The reference card's cells are read
across the card ("Dragon move 2 mountains"). A statement counts as covered when some
test's docstring in this folder quotes it (quotes, dashes and spacing normalised).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

DESIGNER: tuple[str, ...] = (
    # Setup
    "The game is for two players.",
    "Each player has an army of five pieces: Saint, Spirit, Child, Warrior, and Dragon.",
    "Two armies battle on a five by five board (please momentarily inspect it and its "
    "terrain).",
    "The game is set up with a screen (piece of paper) in the middle of the board, Village to "
    "Village, so the players cannot see each other's initial setup.",
    "Players each start with three pieces in play, put anywhere in your corner (your six "
    "colored squares).",
    "The goal is to move one of your pieces to the opponent's castle.",
    # Movement
    "The player in the Southwest territory moves first, unless the game is a re-match in "
    "which case the player who lost the previous game moves first.",
    "On each turn, you may either move one piece, or put one of your two reinforcements "
    "(initially unplayed pieces) into play anywhere in your corner.",
    "Placing a reinforcement can capture an enemy piece.",
    "A captured piece is out of the game - it cannot be put into play again.",
    "Pieces can move horizontally, vertically, or diagonally.",
    "Sprits move one, Saints move three, and Warriors, Children and Dragons move two.",
    # Terrain
    "Squares with terrain (Shirine, Swamp, Village, Mountains) can only be entered by one "
    "type of piece; naturally that piece is safe from attack there.",
    "only a Saint can enter a Shrine",
    "only a Spirit can enter a Swamp",
    "only a Child can enter a Village",
    "only a Dragon can enter the Mountains",
    # Capture
    "Pieces can capture each other by moving onto each other, as in chess.",
    "However only certain captures are allowed:",
    "a Saint can banish a Spirit",
    "a Spirit can frighten a Child",
    "a Child skilled at using a sling can slay an overconfident Warrior",
    "only a legendary Warrior has skill enough in battle to slay a Dragon",
    "a Dragon can eat a Saint",
    "Except for these combinations, pieces are not allowed to move onto occupied squares, or "
    "be placed (as reinforcements) on occupied squares.",
    # Castles and victory
    "The Castles are special.",
    "You win if one of your pieces reaches the opponent's Castle.",
    "(You are playing tag, not besiege.)",
    "You do not have to capture your opponent's piece if one is in the square with your "
    "opponent's Castle!",
    "However, if that piece can capture your piece, yours would be captured and you do not "
    "reach the Castle.",
    "In other words, a piece is automatically captured when within an attacked Castle, "
    "except if it is that one piece which captures the attacker.",
    # One final movement restriction
    "As in the game of Go, a piece may not move from square x to square y and then back to "
    "square x in three consecutive turns.",
    # The map
    "The roads have no impact on the game; they are decoration only.",
)

ILLUSTRATED: tuple[str, ...] = (
    # Objective and components
    "Each player takes the role of one of the Wizards and sends a force to capture the "
    "opposing Wizard.",
    "You'll need the game map and the ten counters from the end of this document.",
    "You'll also need a screen to allow you to set up your initial position secretly.",
    # The map
    "Wizards do not move during the game, so they are represented by spaces on the map "
    "rather than by counters.",
    "Dawn's throne is in the Northeast corner of the map, and Twilight's in the Southwest.",
    "The rest of the map is divided into open and restricted spaces.",
    "Restricted spaces include the Shrines in the Northwest and Southeast corners, the "
    "Villages in the West and East, the Mountain in the center of the Land, and the Swamps.",
    "All other spaces on the map are open.",
    "The six spaces in the Southwest (the ones marked with a shaded box on the map) are the "
    "domain of Twilight.",
    "That Wizard's creatures may begin there.",
    "The six spaces in the Northeast (the ones bracketed on the map) are the domain of Dawn,",
    "and that Wizard's creatures may start there.",
    # Forces
    "Each Wizard commands a force of five creatures, one each of the following types.",
    "Each creature is represented by a counter which can be moved around on the map",
    "Warriors look strong, but they have trained so much in how to fight Dragons that they "
    "can do little else.",
    "They will make an exception only if given the chance to eat a yummy Saint.",
    "Since they are the only creatures that can fly, they are the only ones who can occupy "
    "the Mountain in the center of the map.",
    "Saints carry so little that they can run very fast.",
    "Their holiness makes them the only creatures able to exorcise Spirits or enter the "
    "Shrines.",
    "Spirits are ponderous, but spectral menaces.",
    "They can scare Children and are the only creatures able to enter the swamps located "
    "between the Shrines and the Mountain.",
    "They would never shoot at a Saint— being upright citizens of the Land— but they can "
    "fell a Warrior with one well-placed stone between the eyes.",
    "They are the only creatures welcome in the two Villages; no other creatures can move "
    "into those spaces.",
    "Relationships of who can capture what are represented by the arrows of the Vicious "
    "Circle.",
    # First: Deployment
    "At the start of the game, players decide on the initial deployment of their creatures.",
    "First, players hold up a folder or other divider in the center of the map so that each "
    "can deploy without the other seeing.",
    "Three creatures begin on the map; two remain in reserve.",
    "The three creatures that begin on the map may be placed in any of the six spaces in "
    "their Wizard's domain.",
    "No creatures may begin in the same space with another creature, but one may begin in "
    "the space with its controlling Wizard if so desired.",
    "The two reserve creatures should be placed at the edge of the map.",
    # Game play
    "For the first game, Dawn's force takes the first turn.",
    "In subsequent games, the winner of the previous game will go first.",
    "Players alternate turns, either deploying or moving one of their own creatures each "
    "turn.",
    # Thrones
    "The exceptions to all of this are the two spaces where the Wizards sit on their "
    "thrones.",
    "These are very hard to defend, so any creature can capture a creature occupying one of "
    "these spaces unless the creature defending the Wizard could normally capture the "
    "attacker.",
    "For instance, a Dragon may move onto the throne of the opposing Wizard and capture "
    "anything there except the opposing Warrior.",
    # Victory conditions
    "The game ends when one player moves a creature onto the throne of the opposing Wizard.",
    "In subsequent games, the winner of the previous game makes the first move.",
    # Strategy (statements of fact about the rules)
    "Note that the Saint is the only creature fast enough to move from your domain to your "
    "opponent's Wizard in one move.",
    "A Dragon cannot be attacked on the mountain by anything, since the Warriors cannot go "
    "there.",
    "Yet from there it can descend on the opposing Wizard in a single move.",
    "The game ends when one of the players has a creature in the same space as the opposing "
    "player's Wizard.",
    # Deployment
    "In order to deploy, a player must have at least one creature remaining in reserve.",
    "She takes a reserve creature and places it on the map in her domain.",
    "She may not place it in the same space as another creature unless that creature is one "
    "that the deployed creature can capture.",
    "If that happens, the creature is captured immediately and should be removed from the "
    "map.",
    "After creatures are deployed, they may not go back into reserve.",
    "Captured creatures are not in reserve and may never be redeployed.",
    "For example, suppose Twilight's Dragon enters Dawn's domain.",
    "If Dawn's Warrior is in reserve, then it may be deployed into the space occupied by the "
    "Dragon.",
    "The Dragon is captured and set aside.",
    # Movement
    "Most creatures can move two spaces.",
    "The exceptions are the Saint (who can move three) and the Spirit (which can move one).",
    "Moves can be North, South, East, West, diagonal, or some combination of these.",
    "Any creature can move through unoccupied, open spaces.",
    "Each restricted space my be crossed or occupied by only one sort of creature: Dragons "
    "through the Mountain, Saints through the Shrines, Spirits through the Swamps, and "
    "Children through the Villages.",
    "No creature can move through an occupied space, and a creature can end its move in the "
    "same space as another creature only if it is capturing.",
    "Only Warriors can capture Dragons; only Dragons can capture Saints; only Saints can "
    "capture Spirits; only Spirits can capture Children; and only Children can capture "
    "Warriors.",
    # The reference card, read across
    "Dragon move 2 mountains",
    "Saint move 3 shrines",
    "Warrior move 2",
    "Spirit move 1 swamps",
    "Child move 2 villages",
)


def normalise(text: str) -> str:
    """Quotes and dashes made plain, runs of spacing one space."""
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                         ("\u2014", "-"), ("\u2013", "-")):
        text = text.replace(fancy, plain)
    return re.sub(r"\s+", " ", text).strip()


def docstrings() -> dict[str, str]:
    """Every test's docstring in this folder, by ``module::test``, normalised."""
    out = {}
    for path in sorted(HERE.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node)
                if doc:
                    out[f"{path.name}::{node.name}"] = normalise(doc)
    return out


DOCS = docstrings()


def covering(sentence: str) -> list[str]:
    wanted = normalise(sentence)
    return [name for name, doc in DOCS.items()
            if name.split("::")[0] != Path(__file__).name and wanted in doc]


@pytest.mark.parametrize("sentence", DESIGNER, ids=lambda s: s[:40])
def test_every_statement_of_the_designers_text_has_a_test(sentence: str) -> None:
    assert covering(sentence), f"no test quotes: {sentence!r}"


@pytest.mark.parametrize("sentence", ILLUSTRATED, ids=lambda s: s[:40])
def test_every_statement_of_the_illustrated_text_has_a_test(sentence: str) -> None:
    assert covering(sentence), f"no test quotes: {sentence!r}"
