"""Writing an export without ever losing anything cgteach did not make.

Every writer in :mod:`cgteach.present` builds into a fresh temporary folder
next to its output folder, checks everything there, and only then moves it
into place (:func:`staged`).  An output folder may be replaced only when it is
missing, empty, or carries the marker file :data:`MARKER` that cgteach writes
into every folder it makes; anything else is refused with a ``ValueError``
before a single file is written.

>>> import tempfile, pathlib
>>> home = pathlib.Path(tempfile.mkdtemp())
>>> (home / "mine").mkdir(); _ = (home / "mine" / "essay.txt").write_text("keep me")
>>> with staged(home / "mine") as tmp:
...     pass
Traceback (most recent call last):
ValueError: out=... holds files cgteach did not make: ... (give an empty or new folder)
>>> (home / "mine" / "essay.txt").read_text()
'keep me'
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from cgteach._validate import show

__all__ = ["MARKER", "as_path", "check_out", "staged", "read_notebook", "notebook_paths"]

#: The file cgteach writes into every output folder it makes.
MARKER = ".cgteach-made"

#: The most notebook files one export takes.
MAX_NOTEBOOKS = 1000

#: The largest notebook file read (bytes).
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024


def as_path(value, name: str, what: str = "folder path") -> Path:
    """``value`` as a :class:`~pathlib.Path`; only ``str`` and ``os.PathLike`` are paths.

    >>> as_path(1, "out")
    Traceback (most recent call last):
    TypeError: out must be a folder path (str or os.PathLike), got 1 of type int
    """
    if isinstance(value, bool) or not isinstance(value, str | os.PathLike):
        raise TypeError(f"{name} must be a {what} (str or os.PathLike), "
                        f"got {show(value)} of type {type(value).__name__}")
    text = os.fspath(value)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if not text or "\0" in text:
        raise ValueError(f"{name} must be a non-empty path without NUL characters, "
                         f"got {show(text)}")
    return Path(text)


def check_out(out, name: str = "out") -> Path:
    """The absolute output folder ``out`` if cgteach may (re)place it; else ``ValueError``."""
    out = Path(os.path.abspath(as_path(out, name)))
    if out.is_symlink():
        raise ValueError(f"{name}={str(out)!r} is a symbolic link: give a real folder")
    from cgteach._io import _check_links

    # a folder on the way that another user linked from a shared folder such as /tmp
    _check_links(str(out), "the folder", f"{name}={show(str(out), 200)}")
    if out.exists():
        if not out.is_dir():
            raise ValueError(f"{name}={str(out)!r} exists and is not a folder: "
                             "give a new or empty folder")
        try:
            entries = os.listdir(out)
        except OSError as error:
            raise ValueError(f"{name}={str(out)!r} cannot be read ({error.strerror})") from None
        if entries and MARKER not in entries:
            raise ValueError(f"{name}={str(out)!r} holds files cgteach did not make: "
                             f"{sorted(entries)[:3]} (give an empty or new folder)")
    parent = out.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise ValueError(f"{name}={str(out)!r}: {str(parent)!r} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"{name}={str(out)!r}: cannot write in {str(parent)!r}")
    return out


@contextlib.contextmanager
def staged(out, name: str = "out"):
    """Yield a fresh temporary folder; on success it replaces ``out`` (see the module).

    On an exception the temporary folder is removed and ``out`` is left untouched.
    """
    out = check_out(out, name)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.cgteach-", dir=out.parent))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)     # mkdtemp's 0700 would hide the pages from others
    except OSError as error:
        raise ValueError(f"{name}={str(out)!r}: cannot write there ({error.strerror})") from None
    try:
        yield tmp
        (tmp / MARKER).write_text("made by cgteach.present: it may replace this folder\n")
        check_out(out, name)      # nothing foreign moved in meanwhile
        old = None
        if out.exists():
            if os.listdir(out):
                old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
                os.rename(out, old / "x")
            else:
                out.rmdir()
        os.rename(tmp, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def notebook_paths(notebooks, name: str = "notebooks") -> list[Path]:
    """The lesson files: ``notebooks`` is a folder (its ``*.ipynb``) or a list of files."""
    if isinstance(notebooks, list | tuple):
        if len(notebooks) > MAX_NOTEBOOKS:
            raise ValueError(f"{name} lists {len(notebooks)} files; at most {MAX_NOTEBOOKS}")
        paths = [as_path(p, name, "list of notebook file paths") for p in notebooks]
        for p in paths:
            if not p.is_file():
                raise ValueError(f"{name}: {str(p)!r} is not a notebook file")
    else:
        folder = as_path(notebooks, name)
        if not folder.is_dir():
            raise ValueError(f"{name}={str(folder)!r} is not a folder of lessons")
        paths = sorted(p for p in folder.glob("*.ipynb") if p.is_file())
    if not paths:
        raise ValueError(f"{name}: no notebooks found in {show(notebooks, 80)}: "
                         "give the lessons' folder")
    return paths


def read_notebook(path: Path):
    """Read and validate one notebook; a bad file gives ``ValueError`` naming it.

    >>> read_notebook(3)
    Traceback (most recent call last):
    TypeError: path must be a notebook file path (str or os.PathLike), got 3 of type int
    """
    import nbformat

    path = as_path(path, "path", "notebook file path")
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise ValueError(f"{str(path)!r} is not a regular file")
        if size > MAX_NOTEBOOK_BYTES:
            raise ValueError(f"{str(path)!r} is {size} bytes; notebooks up to "
                             f"{MAX_NOTEBOOK_BYTES} bytes are read")
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_NOTEBOOK_BYTES + 1)
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
    except UnicodeDecodeError:
        raise ValueError(f"{str(path)!r} is not a readable notebook: it is not UTF-8 text "
                         "(a notebook is a JSON text file)") from None
    except ValueError as error:
        raise ValueError(f"{str(path)!r} is not a valid notebook: {str(error)[:200]}") from None
    except OSError as error:
        raise ValueError(f"{str(path)!r} is not a readable notebook "
                         f"({error.strerror or type(error).__name__})") from None
    except RecursionError:
        raise ValueError(f"{str(path)!r} is not a readable notebook: its JSON is nested "
                         "too deeply for a notebook") from None
    except (TypeError, AttributeError, KeyError, IndexError):
        raise ValueError(f"{str(path)!r} is not a readable notebook: its JSON does not have "
                         "a notebook's layout (cells, metadata, nbformat)") from None
    except Exception as error:   # nbformat's ValidationError and friends
        raise ValueError(f"{str(path)!r} is not a valid notebook: {str(error)[:200]}") from None
    if not nb.get("cells"):
        raise ValueError(f"{str(path)!r} is not a lesson: it has no cells")
    for i, cell in enumerate(nb.cells):
        if not isinstance(cell.get("source"), str):
            raise ValueError(f"{str(path)!r}: cell {i} has no text source")
    return nb
