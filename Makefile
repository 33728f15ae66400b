# Two commands set everything up on a fresh clone: `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: serve test bench corpus-report install dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

dev: $(VENV)/.dev-installed

serve: install
	$(BIN)/gunicorn -c service/gunicorn.conf.py

test: dev
	$(BIN)/python -m pytest

bench: dev
	$(BIN)/python -m bench

corpus-report: dev
	$(BIN)/python -m tests.corpus.report

clean:
	rm -rf $(VENV)
