"""The guide "Testing rules" (docs/testing.md) runs as written: its test file's tests pass
(one edge case per built-in game), its refusals are what the builders say, and its
snapshot example's transcript is the one a scenario writes."""

from __future__ import annotations

import doctest
from typing import Any

from tests.docs.pages import blocks, files, page

from games import SHIPPED

GUIDE = page("testing.md")


def test_the_edge_case_file_runs_and_every_test_in_it_passes() -> None:
    code = files(GUIDE)["tests/test_edge_cases.py"]
    scope: dict[str, Any] = {}
    exec(compile(code, "docs/testing.md", "exec"), scope)
    tests = [f for name, f in scope.items() if name.startswith("test_")]
    assert len(tests) >= 5
    for test in tests:
        test()


def test_the_page_has_an_edge_case_and_a_row_of_facts_for_every_game() -> None:
    code = files(GUIDE)["tests/test_edge_cases.py"]
    for game in SHIPPED:
        assert f'position("{game}"' in code, (
            f"docs/testing.md's tests/test_edge_cases.py has no position(\"{game}\", ...) "
            "edge case: add one")
        assert f"| `{game}` |" in GUIDE, (
            f"docs/testing.md's table of facts has no row for {game}: add one")


def test_the_refusals_shown_are_what_the_builders_say() -> None:
    (session,) = [b.body for b in blocks(GUIDE) if b.lang == "pycon"]
    test = doctest.DocTestParser().get_doctest(session, {}, "docs/testing.md", None, 0)
    result = doctest.DocTestRunner(verbose=False).run(test)
    assert result.failed == 0 and result.attempted == 4


def untitled(word: str) -> str:
    """The page's one untitled Python block that uses ``word``."""
    (code,) = [b.body for b in blocks(GUIDE)
               if b.lang == "python" and not b.title and word in b.body]
    return code


def test_the_snapshot_example_runs() -> None:
    exec(compile(untitled("transcript"), "docs/testing.md", "exec"), {})


def test_the_contract_example_passes_for_a_shipped_game() -> None:
    """The one-call contract, as the page writes it, with a real game for "my-game"."""
    code = untitled("check(")
    assert '"my-game"' in code
    scope: dict[str, object] = {}
    exec(compile(code.replace('"my-game"', '"vicious-circle"'), "docs/testing.md", "exec"),
         scope)
    [test] = [f for name, f in scope.items() if name.startswith("test_") and callable(f)]
    test()
