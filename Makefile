# The board's build: every target sets up what it needs (a pinned .venv and the pinned
# npm packages), so a fresh clone needs only `make sim` and `make test`. Playing needs
# only requirements.txt; the hardware generator's packages (requirements-hardware.txt,
# SKiDL and its numpy, matplotlib, h5py) come with `make hardware` and `make test`.
PY := .venv/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
# make test's pytest runs this many tests side by side (pytest-xdist): a CI machine's 2 cores
PYTEST_JOBS ?= 2
VENV_STAMP := .venv/.installed
HARDWARE_STAMP := .venv/.installed-hardware
NODE_STAMP := node_modules/.installed
CP_LIBS := .venv/circuitpython
CP_STAMP := $(CP_LIBS)/.installed

.PHONY: setup setup-hardware kicad sim test test-py test-upy test-vpico test-web bench build build-circuitpython hardware pcb deploy clean web web-serve browser

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

test: setup setup-hardware kicad $(CP_STAMP)
	$(MAKE) --no-print-directory test-py
	$(MAKE) --no-print-directory test-vpico
	$(MAKE) --no-print-directory test-upy
	$(MAKE) --no-print-directory test-web

test-py: setup setup-hardware kicad $(CP_STAMP)
	$(PY) -m pytest -q -n $(PYTEST_JOBS) tests --ignore=tests/web

# The board's web page in a real browser (Debian's chromium, driven by selenium): the
# tests build the page themselves and serve it on 127.0.0.1. Nothing reaches the network.
test-web: setup browser
	WEB_TESTS_REQUIRED=1 $(PY) -m pytest -q tests/web

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

# The firmware's tests (the pure rules' own run under test-upy and pytest), the
# scenarios through the real drivers and `make deploy`, on the virtual Pico
# (MicroPython's rp2 firmware on an emulated RP2040); skipped, saying what is missing,
# where there is no firmware image (README: "The virtual Pico").
test-vpico: build
	$(PY) -m host_tools.vpico.tests

# Every bench, its output kept in .bench.log; the last line names every target missed
# in any of them, and make bench then exits 1 (host_tools/targets.py).
BENCH_LOG := .bench.log
bench: SHELL := /bin/bash
bench: build browser
	@rm -f $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.bench | tee -a $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.bench_players | tee -a $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.bench_strength | tee -a $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.bench_web | tee -a $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.colour_check | tee -a $(BENCH_LOG)
	set -o pipefail; $(PY) -m host_tools.bench_window | tee -a $(BENCH_LOG)
	@$(PY) -m host_tools.targets $(BENCH_LOG)

# The board in a web browser: a static site in build/web/ (the firmware on MicroPython's
# wasm port, nothing fetched at build or run time), served on this machine only.
# (`make build` replaces build/ whole, the page with it: `make web` makes it again.)
web: setup
	$(PY) -m host_tools.build_web

web-serve: web
	@echo "the board: http://127.0.0.1:8000/ (Ctrl-C stops the server)"
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory build/web

# Debian's Chromium and its WebDriver, for the page's tests and bench (where missing).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		$$( [ "$$(id -u)" = 0 ] || echo sudo ) sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver'; \
	fi

hardware: setup-hardware
	$(PY) -m hardware.generate

# The PCB (hardware/pcb/): laid out, routed and DRC-checked by KiCad's pcbnew module,
# which Debian's kicad package brings (KiCad 6.0; installed here where it is missing).
pcb: setup-hardware kicad
	@start=$$(date +%s); $(PY) -m hardware.pcb; rc=$$?; \
	echo "make pcb: $$(( $$(date +%s) - start )) s"; exit $$rc

# Debian's KiCad, only where pcbnew is missing: `apt-get install --no-install-recommends
# kicad` (bookworm: 6.0.11, 45 packages, a 111 MB download, 511 MB installed; no
# footprint libraries needed: hardware/footprints.py draws every footprint).
KICAD_MODULE := /usr/lib/python3/dist-packages/pcbnew.py
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
kicad:
	@if [ ! -e $(KICAD_MODULE) ]; then \
	  echo "installing Debian's kicad (KiCad 6.0 and its pcbnew module, ~111 MB download)"; \
	  start=$$(date +%s); \
	  if $(SUDO) apt-get install -y --no-install-recommends kicad >/dev/null 2>&1 || \
	     { $(SUDO) apt-get update >/dev/null && $(SUDO) apt-get install -y --no-install-recommends kicad >/dev/null; }; \
	  then echo "kicad installed in $$(( $$(date +%s) - start )) s"; \
	  else echo "kicad could not be installed: make pcb fails and the PCB tests skip"; fi; \
	fi

# `make deploy PORT=/dev/ttyACM0` chooses the Pico's serial port (none: it is found).
deploy: build
	$(PY) -m host_tools.deploy $(if $(PORT),--port $(PORT))

clean:
	rm -rf build build-circuitpython .venv node_modules .pytest_cache
