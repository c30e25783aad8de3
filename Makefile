# Two entry points: `make demo` and `make test`. Both build .venv from scratch if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
# The demo key lives outside the repository, as a real key must, and apart from the default key
# file (~/.config/redactor/key): a key made for the demo must not become the machine's key, which
# signs and verifies seals (the gate blocks seals made by another key where a key is present).
DEMO_KEY_FILE ?= $(HOME)/.config/redactor/demo-key

.PHONY: demo test lint bench clean install

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

install: $(STAMP_RUN)

demo: $(STAMP_RUN)
	REDACTOR_KEY_FILE=$(DEMO_KEY_FILE) $(BIN)/redactor keygen --if-missing
	REDACTOR_KEY_FILE=$(DEMO_KEY_FILE) $(BIN)/python -m redactor.demo

test: $(STAMP_DEV)
	$(BIN)/python -m pytest -q
	$(BIN)/ruff check redactor tests bench
	$(BIN)/mypy

lint: $(STAMP_DEV)
	$(BIN)/ruff check redactor tests bench
	$(BIN)/mypy

# The configuration README's Results were measured with (a smaller corpus is start-up bound and says less:
# `make bench BENCH_ARGS="--size-mb 4"` for a quick run).
BENCH_ARGS ?= --size-mb 16 --baseline-mb 0.4 --memory-mb 1,4,16,48

bench: $(STAMP_DEV)
	$(BIN)/python -m bench.run_all $(BENCH_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info
