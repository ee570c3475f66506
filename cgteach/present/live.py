"""The live slideshow in JupyterLab: its settings and the lecturer's small extension.

A lesson is presented *live*: the notebook itself becomes the slides
(``jupyterlab-slideshow``, which reads the same ``slideshow`` cell metadata as
the exported slides), so every widget on a slide still answers a click.  The
package ships a small JupyterLab extension of its own, ``cgteach-present``
(plain JavaScript and CSS in ``cgteach/present/labextension``, no build step),
that adds:

* **F5** starts the slideshow of the open lesson from its first slide, full
  screen (**Shift+F5** from the current cell); **Esc** leaves it;
* **Alt+N** opens the lecturer's **notes window**: the notes of the slide on
  screen and the next slide's title, following the slideshow;
* **Page Down / Page Up** step forward / back (what a presenter's clicker sends),
  also after a click on a widget: a widget that takes the keyboard (a Nim board, a
  Hackenbush drawing) switches JupyterLab's keys off while it has the focus, so the
  extension steps the slides on the step keys such a widget does not use itself
  (Page Down/Up always; Space when the widget leaves it);
* slide text at projector size (at least 18 px), widgets' text included (during the
  slideshow only: in the notebook the widgets keep their own sizes).

:func:`install_settings` puts that extension into an environment and writes
JupyterLab's **settings overrides** (``<prefix>/share/jupyter/lab/settings/
overrides.json``) with :data:`LAB_SETTINGS`, which also switch off JupyterLab's
news pop-up.  ``make lab`` and ``make lecture`` run it as
``python -m cgteach.present settings``.  Nothing is written outside the prefix,
nothing that cgteach did not make is replaced (an ``overrides.json`` that is a link
to another file of the settings folder, such as a user's ``my.json``, is refused),
and the overrides file is only
ever rewritten as valid JSON (no ``NaN``), by cgteach's one guarded writer
(:func:`cgteach._io.write_text`): an ``overrides.json`` that is a symbolic
link stays a link (the file it points to is rewritten), the file keeps its
permission bits, and one the user could not write is refused before anything
is installed.

>>> sorted(LAB_SETTINGS)
['@jupyterlab/apputils-extension:notification', 'jupyterlab-slideshow:plugin']
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import tempfile
from pathlib import Path

from cgteach._validate import show

__all__ = ["LAB_SETTINGS", "EXTENSION", "install_settings", "overrides_path", "extension_path"]

#: What the lessons need from JupyterLab: no news pop-up, no update check, and the
#: slideshow's defaults (no execution counts on slides).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "jupyterlab-slideshow:plugin": {
        "showCodeCellPrompt": False,
    },
}

#: The name of the lecturer's extension (a folder under ``share/jupyter/labextensions``).
EXTENSION = "cgteach-present"
#: Entries written by an earlier cgteach (RISE, now replaced): removed on the next install.
STALE = ("jupyterlab-rise:plugin",)
#: An overrides file larger than this is not read (it is not one a person wrote).
MAX_BYTES = 1_000_000
_SOURCE = Path(__file__).with_name("labextension")


def _prefix(prefix) -> Path:
    if prefix is None:
        return Path(sys.prefix)
    if isinstance(prefix, bool) or not isinstance(prefix, (str, os.PathLike)):
        raise TypeError(f"prefix must be a path (str or os.PathLike), not {type(prefix).__name__}")
    text = os.fspath(prefix)
    if not isinstance(text, str) or not text or "\0" in text:
        raise ValueError(f"prefix must be a non-empty folder path, got {show(prefix)}")
    return Path(text)


def _writable_prefix(prefix) -> Path:
    """``prefix`` as a Path; a ValueError naming it if a file stands where a folder must."""
    root = _prefix(prefix)
    for folder in (root, overrides_path(root).parent, extension_path(root).parent):
        place = folder
        while not (place.exists() or place.is_symlink()) and place.parent != place:
            place = place.parent
        if not place.is_dir():
            what = "is" if place == root else f"holds {show(str(place), 200)}, which is"
            raise ValueError(f"prefix={show(str(root), 200)} {what} not a folder: "
                             "give the folder of a Python environment")
    return root


def overrides_path(prefix=None) -> Path:
    """Where JupyterLab reads default-setting overrides for the environment at ``prefix``."""
    return _prefix(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def extension_path(prefix=None) -> Path:
    """Where the ``cgteach-present`` extension goes in the environment at ``prefix``."""
    return _prefix(prefix) / "share" / "jupyter" / "labextensions" / EXTENSION


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _check(value, where: str, depth: int = 0) -> None:
    """Refuse what JSON cannot hold: NaN, infinities, non-string keys, deep nesting."""
    if depth > 32:
        raise ValueError(f"{where}: nested more than 32 levels deep")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{where}: {value!r} is not a JSON number")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{where}: key {key!r} is not a string")
            _check(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check(item, f"{where}[{i}]", depth + 1)
    elif not (value is None or isinstance(value, (str, int, float))):
        raise ValueError(f"{where}: {type(value).__name__} is not a JSON value")


def _read(path: Path) -> dict:
    if not path.exists() and not path.is_symlink():
        return {}
    if not path.is_file():
        raise ValueError(f"{path} is not a regular file: move it away and run this again")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ValueError(f"{path} is {size} bytes, more than the {MAX_BYTES} an overrides "
                         "file may have: fix or delete it")
    try:
        with open(path, "rb") as f:
            text = f.read(MAX_BYTES + 1).decode("utf-8")
        data = json.loads(text or "{}", parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, ValueError, RecursionError) as error:
        raise ValueError(f"{path} is not valid JSON ({error}): fix or delete it") from None
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold a JSON object, not {type(data).__name__}")
    for plugin in (*LAB_SETTINGS, *STALE):
        if plugin in data and not isinstance(data[plugin], dict):
            raise ValueError(f"{path}: the entry {plugin!r} must be a JSON object")
    _check(data, path.name)
    return data


def _write_json(path: Path, data: dict) -> None:
    """Write the overrides through cgteach's one guarded writer (:func:`cgteach._io.write_text`):
    atomically, a symbolic link kept (the file it points to is replaced), the
    file's permission bits kept, a file the user could not write refused."""
    from cgteach import _io

    _check(data, path.name)
    text = json.dumps(data, indent=2, allow_nan=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    _io.write_text(path, text, "overrides file", only_cgteach=False)


def _install_extension(target: Path) -> None:
    """Copy the extension to ``target``, replacing only a copy cgteach made earlier."""
    if target.exists() or target.is_symlink():
        try:
            mine = json.loads((target / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            mine = None
        if not (target.is_dir() and not target.is_symlink()
                and isinstance(mine, dict) and mine.get("name") == EXTENSION):
            raise ValueError(f"{target} exists and was not made by cgteach: "
                             "move it away and run this again")
    target.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{EXTENSION}-", dir=target.parent))
    try:
        shutil.copytree(_SOURCE, fresh, dirs_exist_ok=True)
        if target.exists():
            shutil.rmtree(target)
        os.replace(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise


def _check_not_a_sibling(path: Path) -> None:
    """Refuse an ``overrides.json`` that is a link to another file of the settings folder.

    JupyterLab reads the other files there itself (a user's ``my.json``, the
    ``overrides.d`` folder): writing through such a link would change a file
    that is not cgteach's.  A link to a file elsewhere (the user's own
    overrides kept in another place) is followed, and stays a link.
    """
    if not path.is_symlink():
        return
    settings = Path(os.path.realpath(path.parent))
    target = Path(os.path.realpath(path))
    if target != settings / path.name and settings in target.parents:
        raise ValueError(
            f"{show(str(path), 200)} is a symbolic link to {show(target.name, 100)} in the "
            "same settings folder, a file JupyterLab reads on its own; cgteach writes only "
            "its own overrides.json and changes no other file there: remove the link "
            "and run this again")


def install_settings(prefix=None) -> Path:
    """Install the lecturer's extension and merge :data:`LAB_SETTINGS` into the overrides.

    Other entries of the overrides file are kept; entries an earlier cgteach wrote
    for RISE are removed.  Everything is checked before anything is written: a
    malformed overrides file (invalid JSON, ``NaN``, not an object) raises
    :class:`ValueError` naming it and is left as it was.  Returns the overrides path.
    """
    root = _writable_prefix(prefix)
    path = overrides_path(root)
    data = _read(path)
    for stale in STALE:
        data.pop(stale, None)
    for plugin, values in LAB_SETTINGS.items():
        data.setdefault(plugin, {}).update(values)
    _check(data, path.name)
    _check_not_a_sibling(path)
    if path.exists():   # refuse a file the user could not write before installing anything
        from cgteach import _io

        _io._check_may_replace(os.path.realpath(path), path.stat(), "overrides file",
                               show(str(path), 200))
    try:
        _install_extension(extension_path(root))
        _write_json(path, data)
    except OSError as error:
        raise ValueError(f"prefix={show(str(root), 200)}: cannot write there "
                         f"({error.strerror or error})") from None
    return path
