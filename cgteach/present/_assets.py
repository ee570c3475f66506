"""Where the offline copies of reveal.js and MathJax come from, and copying them.

reveal.js 5 comes from the ``sphinx-revealjs`` wheel (it ships ``dist/``, the
themes with their fonts as local files, and the notes plugin); MathJax 2.7
comes from ``jupyter-server-mathjax`` (the copy Jupyter itself serves offline).
Both are plain pip packages, so ``pip install -e '.[test]'`` brings them and no
npm or CDN is needed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["reveal_dir", "mathjax_dir", "copy_tree"]


def _package_dir(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(
            f"the {name} package is missing: run `make test` once, or "
            f"`pip install -e '.[test]'`, to install the presenting tools")
    return Path(next(iter(spec.submodule_search_locations)))


def reveal_dir() -> Path:
    """The folder holding reveal.js's ``dist/`` and ``plugin/``."""
    return _package_dir("sphinx_revealjs") / "_static" / "revealjs"


def mathjax_dir() -> Path:
    """The folder holding ``MathJax.js`` (MathJax 2.7)."""
    return _package_dir("jupyter_server_mathjax") / "static"


def copy_tree(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` once (kept when it is already there and newer)."""
    stamp = target / ".cgteach-copied"
    if stamp.exists() and stamp.stat().st_mtime >= source.stat().st_mtime:
        return
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.map", "__pycache__"))
    stamp.touch()
