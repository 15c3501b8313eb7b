# Seneschal: two commands do all the set-up (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

# The engine core and tools are type-checked strictly; the games join as they become clean.
TYPED := engine/core engine/fief engine/okc engine/simulate.py engine/scenario.py engine/registry.py renderer bot/table bot/local bot/config.py bot/__main__.py bot/admin.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict $(TYPED)
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(STAMP)
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
