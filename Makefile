# Two entry points: `make serve` runs the main job, `make test` runs every check.
# Both create the virtual environment they need in .venv on first use.
# The interpreter of the virtual environment: the system's /usr/bin/python3 when it is 3.11 or
# newer and can make a venv, else the first python3 on the PATH. On Debian that is a statically
# linked, profile-optimised CPython on which our Python code runs about 20-25% faster than on
# pyenv's default shared-library build (see README, "Figures"). Choose another with
# `make PYTHON=/path/to/python3 ...` after `rm -rf .venv`.
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint typecheck bench strength clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,ray]'
	touch $(STAMP)

# The main job: the web table on http://127.0.0.1:8000 with the embedded SQLite store in ./data.
serve: $(STAMP)
	$(BIN)/boomtown serve --host 127.0.0.1 --port 8000 --data data

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/boomtown bench western-town

# Bot strength (docs/bots.md, "Strength ladder"): the ladder easy < medium < hard, hard against
# today's ismcts:seconds=1, and all-hard games, seat-rotated three-player games of every game,
# one process under nice (hours). Games and report in strength/. A smoke check in minutes:
# make strength STRENGTH_ARGS=--quick
STRENGTH_ARGS ?=
strength: $(STAMP)
	nice -n 10 $(BIN)/python benchmarks/strength.py --out strength $(STRENGTH_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
