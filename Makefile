# Two entry points: `make demo` and `make test`. Both bootstrap .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: demo test browser postgres lint typecheck serve bench archive-check fuzz goldens schemas fixtures clean \
	docs docs-serve docs-check

# Packages are installed with uv where it runs (the same packages as pip, from the package
# index, several times faster: pip took 41 s here from a fresh clone), else with pip.
# Modules are compiled as they are first imported: compiling every installed module up
# front (uv --compile-bytecode, as pip does) cost 19 s of CPU, 10 s of the install's 13,
# for modules the tests never import.
INSTALL = { $(BIN)/uv pip install --quiet --python $(BIN)/python $(1) || \
	  { $(BIN)/python -m pip --version >/dev/null 2>&1 || \
	    $(BIN)/python -m ensurepip --upgrade >/dev/null; \
	    $(BIN)/python -m pip install --quiet $(1); }; }

$(STAMP): pyproject.toml
	@# The environment is made without a pip of its own, and uv put into it by the
	@# system's pip (pip --python, pip 22.3 or later): making it with its pip (ensurepip)
	@# took 5.7 s of the 11 s a fresh clone's set-up took here, all before any test.
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(BIN)/python install --quiet uv 2>/dev/null || \
	  { $(BIN)/python -m ensurepip --upgrade >/dev/null && \
	    $(BIN)/python -m pip install --quiet uv; } || true
	@# Before 0.3.0 the distribution was called "grimoire": drop it from an older .venv, or
	@# its metadata and entry points would sit beside grimoire-games' ones.
	$(BIN)/uv pip uninstall --quiet --python $(BIN)/python grimoire 2>/dev/null || \
	  $(BIN)/python -m pip uninstall --quiet --yes grimoire 2>/dev/null || true
	$(call INSTALL,-e '.[test]')
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python tools/demo.py --out demo-out

# The suite runs on every core (pytest-xdist; JOBS=0 runs it in this one process). Whole
# files are handed out as workers free up, the longest first (tests/conftest.py's
# LONG_FIRST), so each file's module fixtures are built once and no long file starts
# last. Bytecode is written (whatever PYTHONDONTWRITEBYTECODE says outside): the many
# `grimoire` processes the tests start then read grimoire compiled, not from source.
# Two workers more than the cores: the browser and server tests wait on each other part
# of the time (measured on 2 cores: 289 s with 3 workers, 334 s with 2, the same CPU; on
# 2026-11-28, 268 s with 4 workers against 275 s with 3).
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 2 )))

test: $(STAMP) browser postgres
	$(BIN)/ruff check src tests tools
	@# mypy runs beside everything up to the alone run (its report printed after the
	@# parallel run): first beside a collection of the suite, which writes the compiled
	@# tests (assertions rewritten) and sources that every worker then reads, where each
	@# would compile them all again; then beside the workers. Waiting for it after the
	@# collection left a core idle for 10 s.
	$(BIN)/mypy > $(VENV)/mypy.out 2>&1 & mypy=$$!; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --collect-only -q >/dev/null 2>&1; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder \
	  -m 'not alone'; tests=$$?; \
	wait $$mypy; typed=$$?; cat $(VENV)/mypy.out; [ $$tests = 0 ] && [ $$typed = 0 ]
	@# the tests that time the server against other requests, with no other test beside
	@# them (collected from the files that mark one, not from the whole suite again)
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -m alone \
	  $$(grep -rlE --include='*.py' 'pytest\.mark\.alone' tests || echo tests)

# The pages' tests drive Debian's headless Chromium and the terminal's tests read tmux;
# install them when we can (as root with apt-get), else say so: those tests are then
# skipped, plainly. The accessibility tests run axe-core (the accessibility engine) in
# that Chromium: its own release on the npm registry, one pinned version, fetched with
# `npm pack` (which checks the tarball against the registry's integrity hash) into
# .venv/axe-core/VERSION/ (tests/support/axe.py reads the newest there, or the file
# GRIMOIRE_AXE names).
AXE_VERSION := 4.14.1
AXE := $(VENV)/axe-core/$(AXE_VERSION)/axe.min.js

browser: $(AXE)
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 \
	  && command -v tmux >/dev/null 2>&1 && { ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | grep -q libcairo.so.2; \
	  then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Chromium, tmux and Cairo for the browser, terminal and picture tests" \
	    "(apt-get install chromium chromium-driver tmux libcairo2)"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -q chromium chromium-driver tmux libcairo2 >/dev/null 2>&1 || \
	  { apt-get update -q >/dev/null 2>&1 && \
	    apt-get install -y -q chromium chromium-driver tmux libcairo2 >/dev/null 2>&1; } || \
	  echo "note: Chromium, tmux or Cairo could not be installed; their tests will be skipped"; \
	else echo "note: Chromium, tmux or Cairo is not installed; their tests will be skipped" \
	  "(apt-get install chromium chromium-driver tmux libcairo2)"; fi

# The store's tests run against a real PostgreSQL server too: a throw-away cluster that
# tests/support/postgres.py makes with Debian's initdb in a temporary folder (run as the
# unprivileged postgres user when the tests run as root). Install the server when we can
# (as root with apt-get), else say so: those tests are then skipped, plainly. Debian puts
# initdb in /usr/lib/postgresql/VERSION/bin, not on PATH.
postgres:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb \
	  >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing PostgreSQL for the store's tests (apt-get install postgresql)"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -q postgresql >/dev/null 2>&1 || \
	  { apt-get update -q >/dev/null 2>&1 && \
	    apt-get install -y -q postgresql >/dev/null 2>&1; } || \
	  echo "note: PostgreSQL could not be installed; its tests will be skipped"; \
	else echo "note: PostgreSQL is not installed; its tests will be skipped" \
	  "(apt-get install postgresql)"; fi

$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
	  echo "fetching axe-core $(AXE_VERSION) for the accessibility tests (npm pack)"; \
	  tmp=$$(mktemp -d) && mkdir -p $(@D) && \
	  (cd $$tmp && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null 2>&1) && \
	  tar -xzf $$tmp/axe-core-$(AXE_VERSION).tgz -C $(@D) --strip-components=1 \
	    package/axe.min.js package/LICENSE; \
	  rm -rf $$tmp; \
	  [ -f $@ ] || echo "note: axe-core could not be fetched; the accessibility tests" \
	    "will be skipped"; \
	else echo "note: npm is not installed; the accessibility tests will be skipped" \
	  "(Debian: apt-get install npm)"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests tools

typecheck: $(STAMP)
	$(BIN)/mypy

# The match server on http://127.0.0.1:8000 (API at /docs) over matches.sqlite.
serve: $(STAMP)
	$(BIN)/grimoire serve --db matches.sqlite

# The benchmarks' anchors (python-chess, OpenSpiel, PettingZoo's classic games) are the
# bench extra, installed here only. OpenSpiel has wheels for few platforms, and
# PettingZoo's classic games need it: where it will not install, python-chess is
# installed alone and the benchmark skips the OpenSpiel figure and the environments'
# anchors, saying so.
$(BENCH_STAMP): $(STAMP)
	$(call INSTALL,-e '.[bench]') || \
	  { echo "note: the bench extra did not install; installing python-chess alone" \
	    "(the OpenSpiel figure and the environments' anchors will be skipped)"; \
	    $(call INSTALL,'chess>=1.10'); }
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python tools/bench.py

# The documentation site (mkdocs.yml, the docs extra): `make docs` builds it into site/
# with --strict (a broken link, anchor or cross-reference fails the build), `make
# docs-serve` shows it on http://127.0.0.1:8001 and rebuilds as pages change, and `make
# docs-check` is the strict build alone, into a folder of its own (site/ untouched).
DOCS_STAMP := $(VENV)/.installed-docs
MKDOCS := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs

$(DOCS_STAMP): $(STAMP)
	$(call INSTALL,-e '.[docs]')
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(MKDOCS) build --strict --site-dir site

docs-serve: $(DOCS_STAMP)
	$(MKDOCS) serve --dev-addr 127.0.0.1:8001

docs-check: $(DOCS_STAMP)
	@out=$$(mktemp -d) && $(MKDOCS) build --strict --quiet --site-dir $$out; \
	  status=$$?; rm -rf $$out; exit $$status

# The archive tools end to end (docs/archives.md): 2,000 simulated matches through
# validate --jobs, stats and export, here and on a local Dask cluster; all must agree.
archive-check: $(STAMP)
	$(BIN)/python tools/archive_check.py --matches 2000

# 100,000 mutated logs and 100,000 position strings through every tool (make test runs a
# seeded few thousand); failures are kept in tests/hostile/found/.
fuzz: $(STAMP)
	$(BIN)/python tests/hostile/fuzz.py

# Every game's goldens, fixtures and schemas; GAME=my-game regenerates one game's goldens
# (its playthrough and its own tests' snapshots) and fixtures only.
GAME ?=
GAME_DIR = tests/games/$(subst -,_,$(GAME))

goldens: $(STAMP)
ifeq ($(GAME),)
	$(BIN)/pytest --snapshot-update
else
	$(BIN)/pytest --snapshot-update tests/contract/test_playthroughs.py -k '$(GAME)'
	@if [ -d $(GAME_DIR) ]; then $(BIN)/pytest --snapshot-update $(GAME_DIR); fi
endif

schemas: $(STAMP)
	$(BIN)/python tools/gen_schemas.py

fixtures: $(STAMP)
	$(BIN)/python tools/gen_fixtures.py $(GAME)
	@if [ -z "$(GAME)" ]; then $(BIN)/python tools/log_example.py; fi

clean:
	rm -rf $(VENV) demo-out .pytest_cache .mypy_cache .ruff_cache
