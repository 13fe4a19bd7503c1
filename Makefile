# finrag: two commands for a newcomer: `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
DATA ?= finrag-data
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: install run test lint soak bench bench-pg examples clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

install: $(VENV)/.installed

## make run: install, ingest the bundled samples, serve the API + web page on 127.0.0.1
run: install
	$(VENV)/bin/finrag ingest examples --recursive --data $(DATA)
	$(VENV)/bin/finrag serve --data $(DATA) --host 127.0.0.1

## make test: ruff, mypy and the whole test suite
test: install lint
	$(VENV)/bin/pytest

lint: install
	$(VENV)/bin/ruff check finrag tests bench scripts
	$(VENV)/bin/mypy finrag

## make soak: the long fuzz / crash / load loops (minutes, not in CI)
soak: install
	FINRAG_SOAK=1 $(VENV)/bin/pytest -m slow
	FINRAG_SOAK=1 $(VENV)/bin/pytest tests/reliability -m "not slow"

## make bench: speed and quality benchmarks on ../shared/eval (results go to docs/BENCHMARKS.md by hand)
bench: install
	$(PY) bench/parse_speed.py

## make bench-pg: PostgreSQL store at scale (throwaway local cluster; FINRAG_TEST_PG_URL for a real server)
bench-pg: install
	nice -n 10 $(PY) bench/pg_scale.py --chunks 300000 --load-budget-s 400

## regenerate the sample documents under examples/
examples: install
	$(PY) scripts/make_examples.py

clean:
	rm -rf $(VENV) $(DATA) .pytest_cache .mypy_cache .ruff_cache
