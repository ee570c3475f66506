# Two commands do all the set-up on a fresh machine:
#   make lab    create .venv if missing, install cgteach, open the lessons in JupyterLab
#   make test   create .venv if missing, install cgteach with its test tools, run every test
# Use another environment by passing its python:  make test PYTHON=/path/to/python

VENV   ?= .venv
PYTHON ?= $(VENV)/bin/python
STAMP  := $(VENV)/.cgteach-installed

# The first Python >= 3.11 found on PATH builds the virtual environment.
BASE_PYTHON := $(shell for p in python3 python3.13 python3.12 python3.11; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { echo $$p; break; }; done)

PYTEST_ARGS ?=
# JupyterLab refuses to start as root unless told it may (containers, CI machines).
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lecture test lint bench clean-venv slides site handouts my-lessons fresh

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

# The tests check the exported slideshows, site and handouts, so build them first.
test: $(STAMP) $(LAB_SETTINGS) slides site handouts
	$(VENV)/bin/ruff check .
	$(PYTHON) -m pytest -p no:cacheprovider --doctest-modules \
	    --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
	    cgteach tests notebooks $(PYTEST_ARGS)

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

clean-venv:
	rm -rf $(VENV)
