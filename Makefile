# Two commands matter: `make test` and `make serve`. Both work from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test

.PHONY: test serve lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check worms_tutor widgets tests benchmarks
	$(BIN)/mypy --strict worms_tutor

test: $(STAMP) lint
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV)
