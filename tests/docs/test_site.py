"""The documentation site (mkdocs.yml): it builds with ``--strict`` (so a broken link,
anchor or cross-reference fails), every page is in its navigation, the API reference
covers the public modules and the names ``import grimoire`` gives, search works without
the network, and the home page's example runs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from tests.docs.pages import DOCS, ROOT, blocks, page

import grimoire

MKDOCS = Path(sys.executable).parent / "mkdocs"
PUBLIC = [  # the modules users call, each rendered on a page of the reference
    "grimoire", "grimoire.core.match", "grimoire.core.choices", "grimoire.core.rules",
    "grimoire.core.events", "grimoire.core.logfile", "grimoire.core.replay",
    "grimoire.core.audit", "grimoire.core.dice", "grimoire.core.errors",
    "grimoire.core.options", "grimoire.core.registry", "grimoire.registry",
    "grimoire.core.kit", "grimoire.core.signing", "grimoire.testing",
    "grimoire.testing.positions", "grimoire.testing.contract", "grimoire.bots",
    "grimoire.envs", "grimoire.envs.aec", "grimoire.envs.codec", "grimoire.envs.observation",
    "grimoire.envs.steps", "grimoire.envs.single",
    "grimoire.store", "grimoire.server", "grimoire.server.app", "grimoire.server.lobby",
    "grimoire.tools", "grimoire.tools.validate", "grimoire.tools.stats",
    "grimoire.tools.stats_plot", "grimoire.tools.export", "grimoire.tools.simulate",
    "grimoire.tools.view", "grimoire.tools.render", "grimoire.tools.serve",
    "grimoire.tools.store", "grimoire.tools.arena", "grimoire.tools.diff",
    "grimoire.tools.rewind", "grimoire.tools.seal", "grimoire.tools.upgrade",
    "grimoire.tools.repair", "grimoire.tools.new", "grimoire.tools.schema",
    "grimoire.tools.new_game",
]


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    if not MKDOCS.exists():
        pytest.fail("mkdocs is not installed: the documentation site needs the docs extra "
                    "(pip install -e '.[docs]'; make docs-check installs it)")
    return subprocess.run(
        [str(MKDOCS), "build", "--strict", "--config-file", str(config), "--site-dir",
         str(site)], cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once with --strict as ``make docs`` builds it."""
    out = tmp_path_factory.mktemp("site")
    done = mkdocs_build(ROOT / "mkdocs.yml", out)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def test_the_site_builds_strict_with_every_page_in_its_navigation(site: Path) -> None:
    """``--strict`` passed: no broken link, anchor or reference, no page left out of the
    navigation (mkdocs.yml's validation makes each of those a warning, --strict an error);
    and every page of docs/ is there."""
    pages = sorted(p.relative_to(DOCS) for p in DOCS.rglob("*.md") if "_ext" not in p.parts)
    for md in pages:
        html = site / (md.with_suffix("") / "index.html" if md.name != "index.md"
                       else md.with_name("index.html"))
        assert html.exists(), md
    assert (site / "examples/sealed-setup.jsonl").exists()  # the log the log format cites
    assert not (site / "_ext").exists()


def test_the_reference_renders_every_public_module(site: Path) -> None:
    rendered = "".join(p.read_text() for p in (site / "reference").rglob("index.html"))
    for module in PUBLIC:
        assert f'id="{module}"' in rendered, module


def test_the_facade_page_covers_every_name_import_grimoire_gives() -> None:
    text = page("reference/grimoire.md")
    missing = [n for n in grimoire.__all__ if f"[`{n}`]" not in text]
    assert not missing


def test_doctests_and_roles_read_as_code_and_links(site: Path) -> None:
    """The docstrings' RST habits (docs/_ext/rst_docstrings.py): doctest lines become
    highlighted code, and a role a link to the object it names."""
    match = (site / "reference/match/index.html").read_text()
    assert '<span class="gp">&gt;&gt;&gt; </span>' in match  # a console session's prompt
    assert "<blockquote>" not in match  # not Markdown's quotes, ">>>" read as three
    testing = (site / "reference/testing/index.html").read_text()
    assert re.search(r'<a [^>]*href="[^"]*#grimoire\.core\.match\.Match"', testing)
    assert ":class:" not in testing and ":func:" not in testing


def test_search_works_offline(site: Path) -> None:
    """The search index is built in, and no page fetches fonts or scripts elsewhere."""
    index = json.loads((site / "search/search_index.json").read_text())
    titles = {doc["title"] for doc in index["docs"]}
    assert "Host a match behind a web page" in titles
    home = (site / "index.html").read_text()
    assert "fonts.googleapis" not in home and "fonts.gstatic" not in home


def test_a_broken_link_or_reference_fails_the_strict_build(tmp_path: Path) -> None:
    """mkdocs.yml's own settings, over one page with a link to a missing page and a
    reference to a missing object: the build fails, naming both."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [nothing](missing.md) and "
                                   "[`Nothing`][grimoire.core.match.Nothing].\n")
    text = (ROOT / "mkdocs.yml").read_text()
    text = text.split("\nnav:")[0].replace("docs_dir: docs", f"docs_dir: {docs}")
    text = text.replace("  - docs/_ext/", f"  - {ROOT}/docs/_ext/")  # the hooks, from here
    config = tmp_path / "mkdocs.yml"
    config.write_text(text + "\nnav:\n  - Home: index.md\n")
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode != 0
    assert "missing.md" in done.stderr and "grimoire.core.match.Nothing" in done.stderr


def test_the_install_lines_name_the_distribution() -> None:
    """Every ``pip install`` of the pages names the distribution pyproject.toml builds,
    with extras it has."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = set(project["optional-dependencies"])
    found = re.findall(r"pip install '?([\w.-]+)(?:\[(\w+)\])?'?", page("index.md"))
    assert found
    for name, extra in found:
        assert name == project["name"], name
        assert not extra or extra in extras, extra


def test_the_home_page_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code = next(b.body for b in blocks(page("index.md")) if b.lang == "python")
    exec(compile(code, "docs/index.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("move/too-far\n") and "Dawn" in out


def test_the_docstring_translation_keeps_its_examples() -> None:
    """docs/_ext/rst_docstrings.py's own examples (it is not under src/, where the
    doctests are collected)."""
    import doctest
    import importlib.util

    spec = importlib.util.spec_from_file_location("rst_docstrings",
                                                  DOCS / "_ext" / "rst_docstrings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
