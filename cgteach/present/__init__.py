"""Present the lessons: HTML slideshows, a static website and PDF handouts, all offline.

Terms used here:

* **slideshow** — one HTML file per lesson (``build/slides/NN-name.slides.html``)
  run by reveal.js.  Each cell's ``metadata.slideshow.slide_type`` places it:
  ``slide`` starts a slide, ``subslide`` a slide below it, ``fragment`` a step
  that appears on the next key press, ``-`` stays on the same slide, ``skip``
  is left out and ``notes`` becomes the slide's **speaker notes** (press ``S``).
* **site** — a Sphinx website of every lesson (``build/site/index.html``):
  all stored outputs, next/previous links, search and typeset mathematics.
* **still picture** — what a live widget becomes in both: its ``image/png``
  output and a line saying to open the lesson in JupyterLab to play.
* **handouts** — two PDFs per lesson (``build/handouts/NN-name.student.pdf``
  without the notes and solutions, ``NN-name.lecturer.pdf`` with them open),
  printed by Chromium (:mod:`cgteach.present.handouts`).
* **offline** — reveal.js (from the ``sphinx-revealjs`` package) and MathJax 3
  (one file, SVG output, no fonts; from the npm registry, see
  :mod:`cgteach.present._assets`) are copied next to the pages, so they open
  from ``file://`` with no network at all.
* **safe writing** — every writer builds in a fresh folder and moves it into
  place; it replaces only a folder it made itself (:mod:`cgteach.present._safe`).

Use ``make slides`` / ``make site`` / ``make handouts``, or
``python -m cgteach.present slides|site|handouts``.
Nothing here is imported by ``import cgteach``.
"""

from __future__ import annotations

__all__ = ["prepare_notebook", "export_slides", "build_site", "write_handouts", "WIDGET_NOTE"]

from cgteach.present._prepare import WIDGET_NOTE, prepare_notebook


def export_slides(*args, **kwargs):
    """Export lessons to offline slideshows (see :func:`cgteach.present.slides.export_slides`)."""
    from cgteach.present.slides import export_slides as run

    return run(*args, **kwargs)


def build_site(*args, **kwargs):
    """Build the offline lesson website (see :func:`cgteach.present.site.build_site`)."""
    from cgteach.present.site import build_site as run

    return run(*args, **kwargs)


def write_handouts(*args, **kwargs):
    """Print the handouts (see :func:`cgteach.present.handouts.write_handouts`)."""
    from cgteach.present.handouts import write_handouts as run

    return run(*args, **kwargs)
