# Two commands matter: `make test` and `make serve`. Both work from a fresh clone and
# can be run again at no cost: the install step reruns only when pyproject.toml or the
# pinned versions (constraints.txt) change.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# One venv for everything: tests, the Voila server and JupyterLab (about 2 s and 50 MB more).
EXTRAS := test,lab
# The versions of everything installed, shared with Binder.
CONSTRAINTS := constraints.txt
# Voila and JupyterLab run with the settings and page template in serving/.
WITH_SETTINGS := serving/run
PORT ?= 8866
# JupyterLab refuses to run as root without this flag.
LAB_ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: test lint pytest serve classroom lab clean printables static static-serve catalogs messages

# The gettext catalogs (worms_tutor/locale/<lang>/LC_MESSAGES/worms_tutor.po), compiled to the
# .mo the engine reads; the package build compiles them too (setup.py).
CATALOGS := $(patsubst %.po,%.mo,$(wildcard worms_tutor/locale/*/LC_MESSAGES/*.po))

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(CONSTRAINTS) -e ".[$(EXTRAS)]"
	touch $@

catalogs: $(CATALOGS)

%.mo: %.po tools/msgfmt.py
	$(PYTHON) tools/msgfmt.py

# After changing an English message: add it to every .po (untranslated) and drop the unused;
# tests/engine/test_language.py runs `tools/messages.py --check`; the puzzles' texts likewise
# (tools/puzzle_language.py, checked by tests/widgets/test_puzzle_language.py).
messages:
	$(PYTHON) tools/messages.py
	$(PYTHON) tools/puzzle_language.py

# Lint, types, then one pytest run: unit tests, browser tests (tests/browser) and nbval
# executing every notebook in notebooks/.
test: lint pytest

# Python sources only: notebooks are prose with code and are checked by nbval instead.
# mypy reads the widgets from their folder, by the folder's name: it cannot follow the
# installed package's mapping of worms_tutor.widgets onto widgets/.
lint: $(STAMP)
	$(BIN)/ruff check worms_tutor widgets tests benchmarks serving/config
	$(BIN)/mypy --strict worms_tutor widgets
	$(BIN)/python tools/check_layers.py

# On as many workers as there are cores (pytest-xdist), each with its own Voila server and
# Chromium. --dist loadfile keeps a notebook's cells on one worker (nbval runs them in one
# kernel); tests/conftest.py hands out the browser tests one by one, in the order collected,
# so the slow ones start first.
pytest: $(STAMP) $(CATALOGS)
	$(BIN)/python -m pytest tests $(wildcard notebooks) --nbval-lax --nbval-current-env \
		-n auto --dist loadfile --no-loadscope-reorder --durations=15

# Settings are in serving/config (voila.json, voila.py). No --preheat_kernel: it saves
# 1.5-2.5 s on a heavy page, but only while that page's one-kernel pool is full (not when a
# class opens it together), runs every notebook at startup and again after each view, keeps
# an idle kernel per notebook (about 800 MB for the series), makes notebooks call
# voila.utils.wait_for_request() before reading the ?query string, and turns off voila.py's
# launch hook (so leaving a page no longer shuts its kernel down). Try it:
# make serve VOILA_ARGS=--preheat_kernel=True
serve: $(STAMP) $(CATALOGS)
	$(WITH_SETTINGS) $(BIN)/voila notebooks --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 \
		--Voila.port_retries=0 $(VOILA_ARGS)

# For a class: the chapters named in CHAPTERS, each run LEARNERS times before anyone asks
# (Voila's preheated kernels), on the local network; prints the address learners type.
# make classroom CHAPTERS="05 06" LEARNERS=30 (worms-tutor classroom --help: the other options)
CHAPTERS ?= 00
LEARNERS ?= 30
classroom: $(STAMP) $(CATALOGS)
	$(BIN)/worms-tutor classroom $(CHAPTERS) --learners=$(LEARNERS) --port=$(PORT)

# For authors: the notebooks in JupyterLab; Voila pages at /voila/render/notebooks/...
lab: $(STAMP) $(CATALOGS)
	$(WITH_SETTINGS) $(BIN)/jupyter lab $(LAB_ROOT_FLAG) --LabApp.news_url=None

# For a class: A4 PDFs to print (rank sheet, score sheet, a rules summary per rulebook,
# worksheets with answer keys, how to make the pack) in printables/, the Danish ones in
# printables/da/.
printables: $(STAMP) $(CATALOGS)
	$(BIN)/python -c "from worms_tutor.widgets.printables import write_all; write_all('printables'); write_all('printables/da', 'da')"

# The static edition: the series as a Voici site (Python in the browser, no server) in
# _static_site/, built with its own venv from the versions in static/requirements.txt.
STATIC_VENV := .venv-static
STATIC_STAMP := $(STATIC_VENV)/.installed
STATIC_SITE := _static_site
STATIC_PORT ?= 8000
STATIC_BIND ?= 127.0.0.1

$(STATIC_STAMP): static/requirements.txt
	$(PYTHON) -m venv $(STATIC_VENV)
	$(STATIC_VENV)/bin/python -m pip install -q -r static/requirements.txt
	touch $@

static: $(STATIC_STAMP) $(STAMP)
	$(STATIC_VENV)/bin/python tools/static_site.py --output $(STATIC_SITE) --drawing-python $(BIN)/python

# Preview: make static-serve (for a class on the local network: STATIC_BIND=0.0.0.0)
static-serve:
	@test -d $(STATIC_SITE) || $(MAKE) static
	@echo "The static edition: http://$(if $(filter 0.0.0.0,$(STATIC_BIND)),$$(hostname -I | cut -d' ' -f1),$(STATIC_BIND)):$(STATIC_PORT)/"
	$(PYTHON) tools/static_site.py --output $(STATIC_SITE) --serve $(STATIC_BIND):$(STATIC_PORT)

clean:
	rm -rf printables $(VENV) $(STATIC_VENV) $(STATIC_SITE) build/static-lite build/static-cache test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
