# Two commands do all the set-up on a fresh machine:
#   make lab    create .venv if missing, install cgteach, open the lessons in JupyterLab
#   make test   create .venv if missing, install cgteach with its test tools, run every test
#   make check  the quick loop: ruff and every test except the browser tests and the exports
# Use another environment by passing its python:  make test PYTHON=/path/to/python

VENV   ?= .venv
PYTHON ?= $(VENV)/bin/python
STAMP  := $(VENV)/.cgteach-installed

# The first Python >= 3.11 found on PATH builds the virtual environment.
BASE_PYTHON := $(shell for p in python3 python3.13 python3.12 python3.11; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { echo $$p; break; }; done)

PYTEST_ARGS ?=
# pytest-xdist workers.  Each worker is one process with its own JupyterLab and
# Chromium (tests/browser/conftest.py); --dist loadfile keeps a file's tests, and
# so a notebook's nbval cells, in one worker and in order (a file that says
# XDIST_SPREAD = True is shared out test by test: tests/conftest.py).  The browser
# tests mostly wait for the page, so more workers than cores pay.
WORKERS ?= 4
PYTEST := $(PYTHON) -m pytest -p no:cacheprovider --dist loadfile \
	--doctest-modules --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
# JupyterLab refuses to start as root unless told it may (containers, CI machines).
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lecture test check walk exports lint bench clean-venv slides site handouts my-lessons fresh

# Presenting live in JupyterLab (F5 starts a lesson's slideshow, Alt+N the notes window):
# cgteach's small extension and JupyterLab's settings overrides (no news pop-up).
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

$(STAMP): pyproject.toml
	@test -n "$(BASE_PYTHON)$$(test -x $(VENV)/bin/python && echo ok)" || { echo 'cgteach needs Python 3.11 or newer on PATH' >&2; exit 1; }
	@test -x $(VENV)/bin/python || $(BASE_PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -c 'import sys; assert sys.version_info >= (3, 11), "cgteach needs Python 3.11 or newer"'
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

$(LAB_SETTINGS): $(STAMP) cgteach/present/live.py $(wildcard cgteach/present/labextension/*.json cgteach/present/labextension/static/*)
	$(VENV)/bin/python -m cgteach.present settings --out $(VENV)

lab: $(STAMP) $(LAB_SETTINGS) my-lessons
	$(VENV)/bin/jupyter lab $(LAB_ARGS) $(MY_LESSONS)/00-welcome.ipynb

# JupyterLab for a projector: every picture in lecture mode (large, fits 1280x720);
# open a lesson and press F5 to present it.
lecture: $(STAMP) $(LAB_SETTINGS) my-lessons
	CGTEACH_LECTURE=1 $(VENV)/bin/jupyter lab $(LAB_ARGS) $(MY_LESSONS)/00-welcome.ipynb

# The student's working copy (git-ignored): `make lab` opens $(MY_LESSONS)/, never notebooks/.
# A file already there is never overwritten; a lesson new in notebooks/ is copied in.
MY_LESSONS ?= my-lessons

my-lessons: $(STAMP)
	@$(PYTHON) -m cgteach.classroom notebooks '$(MY_LESSONS)'

# A fresh copy of one lesson:  make fresh LESSON=02  (your old copy moves to $(MY_LESSONS)/replaced/)
fresh: $(STAMP)
	@$(PYTHON) -m cgteach.classroom notebooks '$(MY_LESSONS)' --fresh '$(LESSON)'

# The tests check the exported slideshows, site and handouts.  The three are built
# (`python -m cgteach.present slides|site|handouts`, as below) side by side while
# pytest starts, each only when it is missing or older than a lesson or
# cgteach/present: tests/test_present.py's built() takes a lock per export, so a
# test that reads one waits for it (or builds it itself if nothing else did).
# The ten slowest tests are listed at the end, so that growth shows on every run.
BUILT = $(PYTHON) -c 'import sys; from tests.test_present import built; built(sys.argv[1])'

test: $(STAMP) $(LAB_SETTINGS)
	$(VENV)/bin/ruff check .
	@for kind in slides site handouts; do $(BUILT) $$kind & done; \
	$(PYTEST) -n $(WORKERS) --durations=10 cgteach tests notebooks $(PYTEST_ARGS); \
	status=$$?; wait; exit $$status

# The quick loop while editing: everything but the browser tests and the exports
# (tests marked `browser` or `export`).  `make test` stays the full suite, the one CI runs.
# These tests only compute (no page to wait for): one worker per core.
CHECK_WORKERS ?= 2
check: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PYTEST) -n $(CHECK_WORKERS) --durations=10 -m 'not browser and not export' \
	    --ignore=tests/browser cgteach tests notebooks $(PYTEST_ARGS)

# Only the lessons' walks (part of `make test`): every lesson opened as `make lecture`
# opens it, Run All once, the live slideshow stepped with Page Down at 1280x720 (every
# step measured, every live board clicked once), then saved, closed and reopened as a
# student finds it (tests/browser/_lecturer_walk.py).  For work on the slides.
walk: $(STAMP) $(LAB_SETTINGS)
	$(PYTEST) -n $(WORKERS) tests/browser/test_lecturer_path_*_browser.py $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PYTHON) $$f || exit 1; done

# The first export installs MathJax 3 and axe-core from the npm registry into build/npm
# (versions pinned in cgteach/present/npm/package-lock.json; needs npm once, never a CDN).

# Every lesson as an offline reveal.js slideshow: build/slides/NN-name.slides.html
slides: $(STAMP)
	$(PYTHON) -m cgteach.present slides --out build/slides

# The lessons as an offline website: build/site/index.html
site: $(STAMP)
	$(PYTHON) -m cgteach.present site --out build/site

# Two PDFs per lesson, printed offline by /usr/bin/chromium:
# build/handouts/NN-name.student.pdf (no notes, no solutions) and NN-name.lecturer.pdf
handouts: $(STAMP)
	$(PYTHON) -m cgteach.present handouts --out build/handouts

# The three exports, built side by side (one make, -j3), each only when it is
# missing or older than a lesson or a file of cgteach/present (the rule of
# tests/test_present.py's built(); the first to need the npm assets installs
# them while the others wait, see cgteach/present/_assets.py).
EXPORT_INPUTS := $(STAMP) $(wildcard notebooks/*.ipynb) \
	$(shell find cgteach/present -type f -not -path '*/__pycache__/*' 2>/dev/null)
build/%/.cgteach-made: $(EXPORT_INPUTS)
	$(PYTHON) -m cgteach.present $* --out build/$*

exports: $(STAMP)
	@$(MAKE) --no-print-directory -j3 build/slides/.cgteach-made build/site/.cgteach-made \
	    build/handouts/.cgteach-made

clean-venv:
	rm -rf $(VENV)
