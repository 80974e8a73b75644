# The board's build: every target sets up what it needs (a pinned .venv and the pinned
# npm packages), so a fresh clone needs only `make sim` and `make test`. Playing needs
# only requirements.txt; the hardware generator's packages (requirements-hardware.txt,
# SKiDL and its numpy, matplotlib, h5py) come with `make hardware` and `make test`.
PY := .venv/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
VENV_STAMP := .venv/.installed
HARDWARE_STAMP := .venv/.installed-hardware
NODE_STAMP := node_modules/.installed
CP_LIBS := .venv/circuitpython
CP_STAMP := $(CP_LIBS)/.installed

.PHONY: setup setup-hardware sim test test-py test-upy test-vpico bench build build-circuitpython hardware deploy clean

setup: $(VENV_STAMP) $(NODE_STAMP)

setup-hardware: $(HARDWARE_STAMP)

$(VENV_STAMP): requirements.txt constraints.txt requirements-nodeps.txt
	python3 -m venv .venv
	$(PIP) -r requirements.txt -c constraints.txt
	$(PIP) --no-deps -r requirements-nodeps.txt
	touch $@

$(HARDWARE_STAMP): $(VENV_STAMP) requirements-hardware.txt constraints.txt
	$(PIP) -r requirements-hardware.txt -c constraints.txt
	touch $@

# Adafruit's NeoPixel library for the CircuitPython tests (no Blinka: the tests fake it).
$(CP_STAMP): $(VENV_STAMP) requirements-circuitpython.txt
	$(PIP) --no-deps --target $(CP_LIBS) -r requirements-circuitpython.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --silent --no-audit --no-fund
	touch $@

# Plays on the simulator: a window where there is a display, the terminal otherwise.
sim: $(VENV_STAMP)
	$(PY) -m sim

test: setup setup-hardware $(CP_STAMP)
	$(PY) -m pytest -q tests
	$(MAKE) --no-print-directory test-vpico
	$(MAKE) --no-print-directory test-upy

test-py: setup setup-hardware $(CP_STAMP)
	$(PY) -m pytest -q tests

# The firmware's tests and the simulator scenarios under real MicroPython (wasm).
test-upy: build
	$(PY) -m host_tools.upy_tests

# Every firmware file compiled by mpy-cross into build/, as it is deployed.
build: setup
	$(PY) -m host_tools.build

# The files to copy to a Pico running CircuitPython (source: CircuitPython's .mpy
# format is not MicroPython's, and its mpy-cross is not on PyPI).
build-circuitpython: setup
	$(PY) -m host_tools.build_circuitpython

# The firmware's tests, the scenarios through the real drivers and `make deploy`, on the
# virtual Pico (MicroPython's rp2 firmware on an emulated RP2040); skipped, saying what
# is missing, where there is no firmware image (README: "The virtual Pico").
test-vpico: build
	$(PY) -m host_tools.vpico.tests

bench: build
	$(PY) -m host_tools.bench
	$(PY) -m host_tools.bench_players
	$(PY) -m host_tools.bench_strength

hardware: setup-hardware
	$(PY) -m hardware.generate

deploy: build
	$(PY) -m host_tools.deploy

clean:
	rm -rf build build-circuitpython .venv node_modules .pytest_cache
