# Two entry points: `make demo` and `make test`. Both bootstrap .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck bench fuzz goldens schemas fixtures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python tools/demo.py --out demo-out

test: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests tools

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python tools/bench.py

# 100,000 mutated logs and 100,000 position strings through every tool (make test runs a
# seeded few thousand); failures are kept in tests/hostile/found/.
fuzz: $(STAMP)
	$(BIN)/python tests/hostile/fuzz.py

goldens: $(STAMP)
	$(BIN)/pytest --snapshot-update

schemas: $(STAMP)
	$(BIN)/python tools/gen_schemas.py

fixtures: $(STAMP)
	$(BIN)/python tools/gen_fixtures.py

clean:
	rm -rf $(VENV) demo-out .pytest_cache .mypy_cache .ruff_cache
