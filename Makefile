# Every target creates or refreshes .venv itself: a clean clone needs only `make run` or `make test`.
# The venv runs the Lambda runtime's Python (PYTHON_VERSION in infra/config.py), so what ships is what is
# tested. The first candidate that runs and reports that version wins: `python3.13` on PATH (a pyenv shim
# counts only when it runs), then pyenv's build of it; else python3, with a warning when the venv is made.
# `make PYTHON=...` still chooses by hand.
RUNTIME_PYTHON := $(shell sed -n 's/^PYTHON_VERSION = "\([0-9.]*\)".*/\1/p' infra/config.py)
ifeq ($(origin PYTHON),undefined)
PYTHON := $(or $(shell for candidate in python$(RUNTIME_PYTHON) \
	"$$(pyenv prefix $(RUNTIME_PYTHON) 2>/dev/null)/bin/python3" \
	$${PYENV_ROOT:-$$HOME/.pyenv}/versions/$(RUNTIME_PYTHON).*/bin/python3; do \
	[ "$$("$$candidate" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" = \
	"$(RUNTIME_PYTHON)" ] && { echo "$$candidate"; break; }; done),python3)
endif
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := requirements.lock
ENV ?= dev
# jsii (under aws-cdk-lib) prints an end-of-life banner on Node 20 at every synth; Node 20 synthesises
# correctly, so the banner is silenced on purpose instead of installing a second Node.
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20

.PHONY: run reset demo invoke events test check lint format bench clean help layer synth rehearse browser lock spec client

help:
	@echo "make run    - the API on http://127.0.0.1:8000 (live push: ws://127.0.0.1:8000/live), data in"
	@echo "              .local/scopa.db (SQLITE_PATH, PORT, HOST, ADMIN_TOKEN;"
	@echo "              STORAGE=dynamodb: embedded DynamoDB, gone at exit; DYNAMODB_ENDPOINT: another one)"
	@echo "make reset  - forget the data of make run (deletes .local/scopa.db)"
	@echo "make demo   - play a full game between two bots, printed deal by deal"
	@echo "make invoke EVENT=events/get-me.json - run the Lambda handler once on a sample event (fresh data)"
	@echo "make events - regenerate the sample events in events/"
	@echo "make test   - lint, type-check and run every test"
	@echo "make check  - the edit loop: lint, type-check, the domain's unit tests and the storage contract on"
	@echo "              SQLite, each property test on a tenth of its examples (about a minute; make test is all)"
	@echo "make browser - install chromium for the browser tests when missing (make test does it)"
	@echo "make lint   - ruff and mypy over shared, functions, tests, bench, events, infra, tools, clients (strict on scopa)"
	@echo "make bench  - engine (Scopa, Briscola), API, item size, move cost, pairing, pipeline, rating, load, live push,"
	@echo "              fan-out and cold start benchmarks, each against a reference measured in the same run, the"
	@echo "              scale model, and the champion bot's duel against the strong bot (several minutes)"
	@echo "make format - format the code with ruff"
	@echo "make spec   - write the OpenAPI document to docs/openapi.json (the committed contract)"
	@echo "make layer  - build the Lambda layer (arm64 wheels + scopa) in build/layer"
	@echo "make lock   - resolve pyproject.toml again into requirements.lock (the venv and the layer install it)"
	@echo "make client - regenerate the typed Python client (clients/python) from the API's OpenAPI document"
	@echo "make synth  - synthesise the AWS CDK app offline into cdk.out (ENV=dev|prod), cdk-nag checked"
	@echo "make rehearse - the deploy rehearsal: the synthesised app run from its assembly on a stand-in AWS,"
	@echo "              every call checked against its role (docs/deploying.md#the-deploy-rehearsal)"

# The venv installs the lock file, every pin checked against its hashes, then the project itself (no
# dependencies: the lock holds them all); `pip check` fails when the lock misses one (run `make lock`).
$(STAMP): pyproject.toml $(LOCK)
	@test -d $(VENV) || [ "$$($(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')" = \
		"$(RUNTIME_PYTHON)" ] || echo "WARNING: no Python $(RUNTIME_PYTHON) found (the Lambda runtime, \
	infra/config.py): .venv uses $(PYTHON), and tests/infra/test_runtime_python.py will fail" >&2
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r $(LOCK)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e . -e clients/python
	$(BIN)/python -m pip check
	touch $(STAMP)

run: $(STAMP)
	PYTHONPATH=functions $(BIN)/python -m tools.local_server

spec: $(STAMP)
	PYTHONPATH=functions $(BIN)/python -m tools.spec

reset:
	rm -f .local/scopa.db .local/scopa.db-wal .local/scopa.db-shm

demo: $(STAMP)
	$(BIN)/scopa play --bots strong greedy --seed $${SEED:-7}

invoke: $(STAMP)
	@test -n "$(EVENT)" || { echo "usage: make invoke EVENT=events/get-health.json (see events/)"; exit 2; }
	@PYTHONPATH=functions $(BIN)/python -m tools.local_invoke $(EVENT)

events: $(STAMP)
	$(BIN)/python events/generate.py

lint: $(STAMP)
	$(BIN)/ruff check shared tests functions infra bench events tools clients
	$(BIN)/ruff format --check shared tests functions infra bench events tools clients
	$(BIN)/mypy shared functions tests bench events infra tools clients/python/scopa_client

format: $(STAMP)
	$(BIN)/ruff format shared tests functions infra bench events tools
	$(BIN)/ruff check --fix shared tests functions infra bench events tools

# The browser tests (tests/web) drive Debian's chromium through Playwright; install it when missing.
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

# The edit loop: the pure domain's tests and the storage contract on SQLite, property tests scaled down
# (tests/conftest.py); no browser, moto, subprocess or CDK tier. `make test` stays everything, and CI's.
CHECK_TESTS := tests/briscola tests/tournaments tests/seasons tests/ratings tests/storage tests/live tests/contract \
	$(filter-out tests/test_cli.py tests/test_events.py tests/test_local_server_socket.py,$(wildcard tests/test_*.py))

check: lint
	SCOPA_QUICK_EXAMPLES=1 $(BIN)/pytest -n 2 --dist worksteal -m "not slow" -k "not dynamodb and not moto" $(CHECK_TESTS)

test: lint browser
	$(BIN)/pytest -n 2 --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m bench
	$(BIN)/python -m bench.api
	$(BIN)/python -m bench.item_size
	$(BIN)/python -m bench.move_cost
	$(BIN)/python -m bench.pairing
	$(BIN)/python -m bench.pipeline
	$(BIN)/python -m bench.ratings
	$(BIN)/python -m bench.load
	$(BIN)/python -m bench.live_latency
	$(BIN)/python -m bench.fanout
	$(BIN)/python -m bench.briscola
	$(BIN)/python -m bench.duel
	$(BIN)/python -m bench.venue_grid
	$(BIN)/python -m bench.cold_start
	$(BIN)/python -m bench.scale

# uv (a dev dependency, so in the venv) resolves for the Lambda's Python; the next make reinstalls the venv.
lock: $(STAMP)
	$(BIN)/python -m infra.lock

client: $(STAMP)
	PYTHONPATH=functions $(BIN)/python clients/python/generate.py

layer: $(STAMP)
	$(BIN)/python -m infra.layer build/layer

synth: layer
	$(BIN)/python -m infra.app --env $(ENV) --out cdk.out

# Synthesised with a stand-in admin token hash (the rehearsal rotates it, as an operator would) into its
# own folder, then rehearsed from that assembly alone; the sample events are played too.
REHEARSAL_ADMIN_HASH := 5d41402abc4b2a76b9719d911017c592ae3d3b5e1c4f8e6a9b0c7d2e3f4a5b6c
rehearse: layer
	$(BIN)/python -m infra.app --env $(ENV) --out build/rehearsal -c admin_token_hash=$(REHEARSAL_ADMIN_HASH)
	$(BIN)/python -m infra.rehearsal build/rehearsal --events events

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis build cdk.out
