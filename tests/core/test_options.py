"""Options explained for people (``grimoire.core.options``): every option of every game
has its meaning in words, its default and, where they are few, its values."""

from __future__ import annotations

import msgspec
import pytest

from games import GAMES
from grimoire.core import registry
from grimoire.core.options import changed, options_of


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_its_meaning_and_default(game: str) -> None:
    rules = registry.get(game)
    about = options_of(rules)
    fields = [f.encode_name for f in msgspec.structs.fields(rules.Options)]
    assert list(about) == fields
    defaults = msgspec.to_builtins(rules.Options())
    for name, help_ in about.items():
        assert help_.text and "`" not in help_.text, name
        assert help_.default == defaults.get(name), name
        if help_.choices and help_.default is not None:
            assert help_.default in help_.choices, name


def test_only_what_differs_from_the_defaults_is_changed() -> None:
    rules = registry.get("wiz-war")
    header = msgspec.to_builtins(rules.Options(victory_points=3))
    assert changed(rules, header) == [("victory_points", 3)]
    assert changed(rules, msgspec.to_builtins(rules.Options())) == []
    assert changed(rules, {"extra_cards": []}) == []  # a header's JSON list is the () default
