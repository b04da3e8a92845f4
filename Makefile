# Every target creates or refreshes .venv itself: a clean clone needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench typecheck clean help

help:
	@echo "make run    - play a full game between two bots, printed deal by deal"
	@echo "make test   - lint, type-check and run every test"
	@echo "make lint   - ruff and mypy (strict on the domain package)"
	@echo "make bench  - engine benchmarks against an in-run reference"
	@echo "make format - format the code with ruff"

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/scopa play --bots strong greedy --seed $${SEED:-7}

lint: $(STAMP)
	$(BIN)/ruff check shared tests functions infra bench
	$(BIN)/ruff format --check shared tests functions infra bench
	$(BIN)/mypy shared tests bench

format: $(STAMP)
	$(BIN)/ruff format shared tests functions infra bench
	$(BIN)/ruff check --fix shared tests functions infra bench

test: lint
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
