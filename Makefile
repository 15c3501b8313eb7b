# Seneschal: two commands do all the set-up (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run build test lint bench mutate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# `make run` starts at once in plain Python (or with the compiled engine, if `make build` ran).
run: $(STAMP)
	$(PY) -m bot

# The engine compiled with mypyc (engine/compile.py): the same sources, faster playouts and search.
# Every build compiles the whole engine (about 6 minutes on 2 cores).
COMPILED := $(VENV)/.compiled
ENGINE_SOURCES := $(shell find engine -name '*.py' -not -path '*/words/*')

$(COMPILED): $(STAMP) $(ENGINE_SOURCES)
	$(PY) -m engine.compile
	touch $(COMPILED)

build: $(COMPILED)

# The engine core and tools are type-checked strictly; the games join as they become clean.
TYPED := engine/__init__.py engine/compile.py engine/core engine/fief engine/okc engine/agents engine/arena.py engine/simulate.py engine/scenario.py engine/statedoc.py engine/registry.py renderer bot/table bot/discord bot/local bot/config.py bot/__main__.py bot/admin.py

# The suite runs on the compiled engine, as `make bench` and a built server do.
test: $(COMPILED)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict $(TYPED)
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(COMPILED)
	$(PY) -m tests.bench

# Mutation testing of engine/fief and engine/okc (mutmut, pinned in the dev extras; slow, not in `make test`).
# A fixed-seed sample: MUTATE_SAMPLE=150 mutants per area, MUTATE_ONLY the areas (name prefixes such as
# engine.fief.estates.income, or fief-9-13 okc-modules agents table, or new for those four), MUTATE_SEED=12;
# MUTATE_NAMES="name name ..." runs exactly those mutants (an earlier sample's survivors). docs/scenarios.md.
mutate: $(STAMP)
	rm -rf mutants
	SENESCHAL_PURE=1 $(PY) -m tests.mutation.sample

clean:
	$(PYTHON) -m engine.compile --clean
	rm -rf $(VENV) .pytest_cache .ruff_cache mutants build
