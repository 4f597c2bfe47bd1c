# The two commands a newcomer runs: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest workers (pytest-xdist): one per core by default; `make test TEST_WORKERS=0`
# for one process. --dist loadgroup keeps tests marked xdist_group (the ones that
# start Ray, or share an expensive module fixture) on one worker.
TEST_WORKERS ?= auto

.PHONY: demo test install lint clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt torch==2.13.0
	$(BIN)/pip install -q -c constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/labyrinth-gym demo --seed 0

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -x --durations=25 -n $(TEST_WORKERS) --dist loadgroup

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build dist *.egg-info
