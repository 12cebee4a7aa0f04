# The two commands of the README: `make run` and `make test`. Everything else is their set-up.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# `make test` runs the suite on this many pytest-xdist workers, a test file to a worker, the
# heaviest first (tests/conftest.py; each worker has its own test database and Redis database:
# tests/settings.py).
TEST_WORKERS ?= 2
DEBUG ?= 0
DAPHNE_LIMITS := --websocket-max-message-size 16384 --websocket-max-frame-size 16384
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test test-slow puzzles lint format chromium node native native-required messages clean

# --- set-up ---------------------------------------------------------------------------------
$(BIN)/python:
	@$(PYTHON) -m venv $(VENV) || { \
	  echo "python3-venv is missing: installing it from Debian's packages"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	@touch $@ $(VENV)/.run-installed

# The move generator in C (engine/_native.c): built when a compiler is at hand; without one the
# engine runs on its Python generator. `make test` needs it built (the tests check it is used).
native: | $(BIN)/python
	$(BIN)/python -m engine.build_native

native-required: | $(BIN)/python
	@$(BIN)/python -c "import engine.build_native as b; raise SystemExit(b.missing() is not None)" || { \
	  echo "Installing gcc and the Python headers from Debian's packages for engine/_native.c"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y gcc python3-dev; }
	$(BIN)/python -m engine.build_native --require

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Chromium from Debian's packages for the browser tests"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; }

node:
	@command -v node >/dev/null 2>&1 || { \
	  echo "Installing Node.js from Debian's packages for the board's unit tests"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y nodejs; }

# The translations: locale/<language>/LC_MESSAGES/*.po compiled to the .mo files Django reads
# (generated, not committed). msgfmt is GNU gettext's, from Debian's packages.
messages: | $(BIN)/python
	@command -v msgfmt >/dev/null 2>&1 || { \
	  echo "Installing gettext from Debian's packages to compile the translations"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y gettext; }
	$(BIN)/python manage.py compilemessages --ignore=.venv --verbosity 0

# --- the two commands ------------------------------------------------------------------------
# On a developer's machine (DEVELOPMENT=1): the site's own 404 and 500 pages unless DEBUG=1 is
# given (DEBUG=1 make run shows Django's debug pages). Socket frames are capped at what the
# largest legal message needs (games/domain/protocol.py: MAX_MESSAGE_BYTES characters of UTF-8).
run: $(VENV)/.run-installed native messages
	DEBUG=$(DEBUG) DEVELOPMENT=1 $(BIN)/python manage.py migrate --noinput
	@echo "Chesskers is on http://$(HOST):$(PORT)/"
	DEBUG=$(DEBUG) DEVELOPMENT=1 $(BIN)/daphne -b $(HOST) -p $(PORT) $(DAPHNE_LIMITS) \
	  chesskers_site.asgi:application

test: $(VENV)/.dev-installed chromium node native-required messages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	node --test tests/js/
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# --- extras ----------------------------------------------------------------------------------
test-slow: $(VENV)/.dev-installed native-required messages
	$(BIN)/python -m pytest -m slow $(PYTEST_ARGS)

# Puzzles for a new site: the bot plays SELF_PLAY games of each game against itself and the
# puzzles of those games, and of the site's finished games, are stored (manage.py find_puzzles).
SELF_PLAY ?= 2
puzzles: $(VENV)/.run-installed native
	DEVELOPMENT=1 $(BIN)/python manage.py migrate --noinput
	DEVELOPMENT=1 $(BIN)/python manage.py find_puzzles --self-play $(SELF_PLAY)

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev-installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -f engine/_native*.so
	rm -f locale/*/LC_MESSAGES/*.mo
	rm -rf $(VENV) staticfiles artifacts .pytest_cache .ruff_cache .hypothesis test-db.sqlite3*
