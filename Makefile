# The board's build: every target sets up what it needs (a pinned .venv and the pinned
# npm packages), so a fresh clone needs only `make sim` and `make test`.
PY := .venv/bin/python
VENV_STAMP := .venv/.installed
NODE_STAMP := node_modules/.installed

.PHONY: setup sim test test-py test-upy bench build hardware deploy clean test-vpico

setup: $(VENV_STAMP) $(NODE_STAMP)

$(VENV_STAMP): requirements.txt constraints.txt requirements-nodeps.txt
	python3 -m venv .venv
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt -c constraints.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -r requirements-nodeps.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --silent --no-audit --no-fund
	touch $@

# Plays on the simulator: a window where there is a display, the terminal otherwise.
sim: setup
	$(PY) -m sim

test: setup
	$(PY) -m pytest -q tests
	$(MAKE) --no-print-directory test-vpico
	$(MAKE) --no-print-directory test-upy

test-py: setup
	$(PY) -m pytest -q tests

# The firmware's tests and the simulator scenarios under real MicroPython (wasm).
test-upy: build
	$(PY) -m host_tools.upy_tests

# Every firmware file compiled by mpy-cross into build/, as it is deployed.
build: setup
	$(PY) -m host_tools.build

# The firmware's tests, the scenarios through the real drivers and `make deploy`, on the
# virtual Pico (MicroPython's rp2 firmware on an emulated RP2040); skipped, saying what
# is missing, where there is no firmware image (README: "The virtual Pico").
test-vpico: build
	$(PY) -m host_tools.vpico.tests

bench: build
	$(PY) -m host_tools.bench

hardware: setup
	$(PY) -m hardware.generate

deploy: build
	$(PY) -m host_tools.deploy

clean:
	rm -rf build .venv node_modules .pytest_cache
