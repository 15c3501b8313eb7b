# Seneschal: two commands do all the set-up (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run build test compiled suite-rules suite-rest types lint bench mutate refusals clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# `make run` starts at once in plain Python (or with the compiled engine, if `make build` ran).
run: $(STAMP)
	$(PY) -m bot

# The engine compiled with mypyc (engine/compile.py): the same sources, faster playouts and search. One
# library per folder (or run of about 1,800 lines); a build compiles again only the libraries whose C changed,
# two at a time (from nothing, about 3.5 minutes of CPU over the two cores; after an edit of one rule file,
# about 25 s: mypyc's C written again, one library compiled). Its record,
# engine/compiled.json, is dated from when it read the sources: the import guard and this rule go by it.
BUILT := engine/compiled.json
ENGINE_SOURCES := $(shell find engine -name '*.py' -not -path '*/words/*')

$(BUILT): $(STAMP) $(ENGINE_SOURCES)
	$(PY) -m engine.compile

build: $(BUILT)

# The engine core and tools are type-checked strictly; the games join as they become clean.
TYPED := engine/__init__.py engine/compile.py engine/core engine/fief engine/okc engine/agents engine/arena.py engine/simulate.py engine/scenario.py engine/statedoc.py engine/registry.py renderer bot/table bot/discord bot/local bot/config.py bot/__main__.py bot/admin.py

# `make test`: the lint, then four parts two at a time, one a core (docs/architecture.md, "Build and tests"):
# the build and the tests marked `build` on it (it is what runs, it plays the same games as the sources,
# every command the docs name starts); the rest of the suite on the engine's sources, in two halves (the
# rules' tests, and all the others), so that nothing waits for a compiler and the first results come within
# seconds of an edit; and mypy. A part starts as soon as a core is free.
SUITE := SENESCHAL_PURE=1 $(PY) -m pytest -m 'not slow and not build'
RULES_TESTS := tests/fief tests/okc

test: $(STAMP)
	$(PY) -m ruff check .
	$(MAKE) --no-print-directory -j2 compiled suite-rules suite-rest types

compiled: $(BUILT)
	$(PY) -m engine.compile --check
	$(PY) -m pytest -m build

suite-rules: $(STAMP)
	$(SUITE) $(RULES_TESTS)

suite-rest: $(STAMP)
	$(SUITE) $(RULES_TESTS:%=--ignore=%)

types: $(STAMP)
	$(PY) -m mypy --strict $(TYPED)

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(BUILT)
	$(PY) -m tests.bench

# Mutation testing of engine/fief and engine/okc (mutmut, pinned in the dev extras; slow, not in `make test`).
# A fixed-seed sample: MUTATE_SAMPLE=150 mutants per area, MUTATE_ONLY the areas (name prefixes such as
# engine.fief.estates.income, or fief-9-13 okc-modules agents table, or new for those four), MUTATE_SEED=12;
# MUTATE_NAMES="name name ..." runs exactly those mutants (an earlier sample's survivors). docs/scenarios.md.
mutate: $(STAMP)
	rm -rf mutants
	SENESCHAL_PURE=1 $(PY) -m tests.mutation.sample

# The refusals of an area that no test raises or whose words no test reads (tests/mutation/refusals.py):
# REFUSALS_AREA=fief-9-13 (default), okc-modules, agents, table, or a whole game: fief, okc. Minutes; not in `make test`.
refusals: $(STAMP)
	SENESCHAL_PURE=1 $(PY) -m tests.mutation.refusals

clean:
	$(PYTHON) -m engine.compile --clean
	rm -rf $(VENV) .pytest_cache .ruff_cache mutants build
