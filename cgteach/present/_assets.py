"""Where the offline copies of reveal.js, MathJax and axe-core come from.

* **reveal.js 5** comes from the ``sphinx-revealjs`` wheel (it ships ``dist/``,
  the themes with their fonts as local files, and the notes plugin).
* **MathJax 3** (``es5/tex-svg-full.js``: one file, every TeX extension, SVG
  output, so no font files at all) and **axe-core** (the accessibility audit the
  browser tests run) come from the npm registry: the exact versions are pinned in
  ``npm/package.json`` and ``npm/package-lock.json`` next to this module, and
  :func:`ensure_js` installs them once with ``npm ci`` into :func:`js_home`
  (``build/npm`` of a source checkout).  No page ever asks a CDN for anything.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

__all__ = ["reveal_dir", "mathjax_file", "axe_file", "js_home", "ensure_js", "MATHJAX"]

#: The MathJax build the pages load: TeX input (every extension), SVG output.
MATHJAX = "tex-svg-full.js"

_NPM = Path(__file__).parent / "npm"


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


def js_home() -> Path:
    """Where the npm packages are installed: ``$CGTEACH_JS_DIR``, else ``build/npm``
    of the source checkout, else ``~/.cache/cgteach/npm``."""
    if os.environ.get("CGTEACH_JS_DIR"):
        return Path(os.environ["CGTEACH_JS_DIR"])
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").exists() and (root / "cgteach").is_dir():
        return root / "build" / "npm"
    return Path.home() / ".cache" / "cgteach" / "npm"


def _lock_digest() -> str:
    return hashlib.sha256((_NPM / "package-lock.json").read_bytes()).hexdigest()


def ensure_js() -> Path:
    """Install the pinned npm packages into :func:`js_home` unless already there; return it.

    Runs ``npm ci`` (the npm registry only; scripts off) the first time, and again
    when the lock file changes.  Concurrent callers wait for each other.
    """
    home = js_home()
    stamp = home / ".cgteach-lock"
    digest = _lock_digest()
    if stamp.exists() and stamp.read_text() == digest and _installed(home):
        return home
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed once to install MathJax and axe-core from the npm "
                           "registry: install Node.js (e.g. `apt-get install npm`)")
    home.mkdir(parents=True, exist_ok=True)
    import fcntl

    with open(home / ".cgteach-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.exists() and stamp.read_text() == digest and _installed(home):
            return home
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(_NPM / name, home / name)
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
            cwd=home, capture_output=True, text=True)
        if done.returncode != 0 or not _installed(home):
            raise RuntimeError(f"`npm ci` in {home} failed:\n{done.stderr[-2000:]}")
        stamp.write_text(digest)
    return home


def _installed(home: Path) -> bool:
    return (home / "node_modules" / "mathjax" / "es5" / MATHJAX).is_file() and (
        home / "node_modules" / "axe-core" / "axe.min.js").is_file()


def mathjax_file() -> Path:
    """MathJax 3's single-file TeX-to-SVG build (installed by :func:`ensure_js`)."""
    return ensure_js() / "node_modules" / "mathjax" / "es5" / MATHJAX


def axe_file() -> Path:
    """axe-core's ``axe.min.js`` (installed by :func:`ensure_js`)."""
    return ensure_js() / "node_modules" / "axe-core" / "axe.min.js"
