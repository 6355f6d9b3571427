# Two entry points: `make serve` runs the main job, `make test` runs every check.
# Both create the virtual environment they need in .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint typecheck bench clean

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

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
