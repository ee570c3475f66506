"""The student's working copy of the lessons: ``make lab`` opens it, never ``notebooks/``.

The lessons under ``notebooks/`` are what the tests, the slides and the site
are built from; a student who runs and edits them would break the tests and
lose their answers at the next ``git pull``.  So ``make lab`` first makes a
*working copy*, ``my-lessons/`` (git-ignored), and opens JupyterLab there:

- on the first run every file of ``notebooks/`` is copied;
- afterwards a file already in the copy is never touched, and a file new
  in ``notebooks/`` (a lesson added upstream) is copied in;
- ``make fresh LESSON=02`` replaces one lesson by a fresh copy; the old one
  is kept in ``my-lessons/replaced/`` with the time in its name.

A notebook is copied with its kernel metadata (``kernelspec`` and
``language_info``) set to what this installation's JupyterLab writes for
its ``python3`` kernel, so that opening a lesson does not mark it modified
(the Python version in ``language_info`` differs from machine to machine);
everything else is copied as it is.

Nothing is ever overwritten or deleted unless this module made it: a copy is
opened for exclusive creation, and a half-written copy (a full disk) is
removed again.  A lesson that is not a notebook (``[]``, no ``cells``, JSON
nested too deeply) is not copied: the others are, then a ``ValueError``
names each damaged file and says what is wrong with it.  A failed
``--fresh`` says where the old copy is only when it was moved (and puts it
back when it can).  A destination that is not a folder, or cannot be made,
raises a :class:`ValueError` naming ``dst``; the command prints one line
(``python -m cgteach.classroom: …``) and exits with status 2.

Offers :func:`copy_lessons`, :func:`fresh_copy`, :func:`kernel_metadata`,
and the command line ``python -m cgteach.classroom SRC DST`` (add
``--fresh NN`` for one fresh lesson).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import sys
from pathlib import Path

from cgteach._validate import show

__all__ = ["copy_lessons", "fresh_copy", "kernel_metadata", "main"]


def kernel_metadata(kernel: str = "python3") -> dict[str, dict]:
    """The ``kernelspec`` and ``language_info`` JupyterLab writes here for ``kernel``."""
    from ipykernel.ipkernel import IPythonKernel
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    if not isinstance(kernel, str):
        raise TypeError("kernel must be a kernel name such as 'python3', "
                        f"got a {type(kernel).__name__}")
    try:
        spec = KernelSpecManager().get_kernel_spec(kernel)
    except NoSuchKernel:
        raise ValueError(f"no Jupyter kernel named {kernel!r} is installed here; "
                         "'python3' is the one the lessons use") from None
    return {"kernelspec": {"display_name": spec.display_name, "language": spec.language,
                           "name": kernel},
            "language_info": json.loads(json.dumps(IPythonKernel.language_info))}


def _copy(src: Path, dst: Path, metadata: dict[str, dict] | None) -> None:
    """Copy ``src`` to ``dst``, which must not exist: nothing is ever overwritten.

    A half-written ``dst`` (a full disk) is removed again, so that the next run
    copies it whole instead of keeping it as the student's file.
    """
    if src.suffix != ".ipynb" or metadata is None:
        with open(src, "rb") as f:
            data = f.read()
    else:
        nb = _read_lesson(src)
        if nb.metadata.get("kernelspec", {}).get("name") == metadata["kernelspec"]["name"]:
            nb.metadata.update(json.loads(json.dumps(metadata)))
        import nbformat

        text = nbformat.writes(nb)  # as the Jupyter server writes it
        data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
    with open(dst, "xb") as out:  # "x": refuse to replace anything, even a racing file
        try:
            out.write(data)
        except BaseException:
            out.close()
            dst.unlink(missing_ok=True)
            raise


class BadLesson(ValueError):
    """A lesson file that is not a notebook (its name and what is wrong are in the message)."""


def _read_lesson(src: Path):
    """The notebook ``src``; a :class:`BadLesson` naming the file and what is wrong."""
    from cgteach.present._safe import read_notebook

    try:
        nb = read_notebook(src)
    except ValueError as error:
        raise BadLesson(str(error)) from None
    if not isinstance(nb.get("metadata"), dict) or not isinstance(
            nb.metadata.get("kernelspec", {}), dict):
        raise BadLesson(f"{str(src)!r} is not a valid notebook: its metadata is malformed")
    return nb


def _path(value, name: str) -> Path:
    if isinstance(value, bool) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a folder path (str or os.PathLike), "
                        f"not {type(value).__name__}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text or "\0" in text:
        raise ValueError(f"{name} must be a non-empty folder path, got {show(value)}")
    return Path(text)


def _is_dir(path: Path, name: str) -> bool:
    """``path.is_dir()``, or a ValueError naming ``name`` (a name too long, no permission)."""
    try:
        return path.is_dir()
    except OSError as error:
        raise ValueError(f"{name}={show(str(path), 200)}: cannot look at it "
                         f"({error.strerror or error})") from None


def _folder(dst: Path) -> None:
    """Make the folder ``dst`` (and its parents) if needed; a ValueError naming dst if not."""
    if (_there(dst) or dst.is_symlink()) and not _is_dir(dst, "dst"):
        raise ValueError(f"dst={show(str(dst), 200)} exists and is not a folder: "
                         "give the folder of the working copy")
    try:
        dst.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"dst={show(str(dst), 200)}: cannot make that folder "
                         f"({error.strerror or error})") from None


def _there(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()  # a dangling link is someone's too
    except OSError as error:  # a name too long, a folder we may not look into
        raise ValueError(f"cannot look at {show(str(path), 200)} "
                         f"({error.strerror or error})") from None


def _metadata_or_none() -> dict[str, dict] | None:
    try:
        return kernel_metadata()
    except Exception:  # noqa: BLE001 - no kernel here: copy the files as they are
        return None


def copy_lessons(src: str | Path, dst: str | Path) -> list[Path]:
    """Copy every file of ``src`` that ``dst`` lacks; return the new files in ``dst``."""
    src, dst = _path(src, "src"), _path(dst, "dst")
    if not _is_dir(src, "src"):
        raise ValueError(f"src must be a folder of lessons, got {show(str(src), 200)}")
    _folder(dst)
    try:
        missing = [f for f in sorted(src.iterdir())
                   if f.is_file() and not f.name.startswith(".") and not _there(dst / f.name)]
    except OSError as error:
        raise ValueError(f"src={show(str(src), 200)}: cannot list it "
                         f"({error.strerror or error})") from None
    metadata = _metadata_or_none() if any(f.suffix == ".ipynb" for f in missing) else None
    copied, bad = [], []
    for f in missing:
        try:
            _copy(f, dst / f.name, metadata)
        except BadLesson as error:  # copy the others, then say which ones are damaged
            bad.append(str(error))
            continue
        except OSError as error:
            raise ValueError(f"dst={show(str(dst), 200)}: cannot copy {f.name} there "
                             f"({error.strerror or error})") from None
        copied.append(dst / f.name)
    if bad:
        done = f"copied {len(copied)} other file(s); " if copied else ""
        raise ValueError(f"{done}not copied, as {'it is' if len(bad) == 1 else 'they are'} "
                         f"not a notebook: " + "; ".join(bad[:5])
                         + (f"; and {len(bad) - 5} more" if len(bad) > 5 else ""))
    return copied


def fresh_copy(src: str | Path, dst: str | Path, lesson: str) -> tuple[Path, Path | None]:
    """Replace lesson ``lesson`` (``"02"`` or ``"02-nim"``) of ``dst`` by a fresh copy.

    Returns the fresh file and where the old one went (``None`` if there was none).
    """
    src, dst = _path(src, "src"), _path(dst, "dst")
    if not isinstance(lesson, str):
        raise TypeError(f"lesson must be a text such as '02', not {type(lesson).__name__}")
    if not _is_dir(src, "src"):
        raise ValueError(f"src must be a folder of lessons, got {show(str(src), 200)}")
    found = []
    if re.fullmatch(r"[0-9]{2}(-[A-Za-z0-9_-]+)?", lesson):  # no glob, no "/", no ".."
        found = sorted(src.glob(f"{lesson}-*.ipynb")) + sorted(src.glob(f"{lesson}.ipynb"))
    if len(found) != 1:
        names = ", ".join(p.stem[:2] for p in sorted(src.glob("[0-9][0-9]-*.ipynb")))
        raise ValueError(f"lesson must name one lesson of {src} ({names}), got {show(lesson)}")
    name = found[0].name
    _folder(dst)
    _read_lesson(found[0])  # a damaged lesson: refused before the old copy is moved
    old = moved = None
    try:
        if _there(dst / name):
            if (dst / name).is_symlink() or not (dst / name).is_file():
                raise ValueError(f"dst={show(str(dst), 200)}: {name} there is not a file: "
                                 "move it away and run this again")
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            old = dst / "replaced" / f"{found[0].stem}-{stamp}.ipynb"
            if _there(old):
                raise ValueError(f"dst={show(str(dst), 200)}: {old} exists already: "
                                 "wait a second and run this again")
            old.parent.mkdir(exist_ok=True)
            (dst / name).rename(old)
            moved = old
        _copy(found[0], dst / name, _metadata_or_none())
    except OSError as error:
        kept = ""
        if moved is None:
            kept = f" (your copy {name} was not touched)" if old is not None else ""
        elif not _there(dst / name):
            try:  # put the old copy back where it was
                moved.rename(dst / name)
                kept = f" (your copy {name} is back in place, unchanged)"
            except OSError:
                kept = f" (your old copy is now {moved})"
        else:
            kept = f" (your old copy is now {moved})"
        raise ValueError(f"dst={show(str(dst), 200)}: cannot put a fresh {name} there "
                         f"({error.strerror or error}){kept}") from None
    return dst / name, old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cgteach.classroom",
                                     description="Make or refresh the working copy of the lessons.")
    parser.add_argument("src", help="the lessons (notebooks/)")
    parser.add_argument("dst", help="the working copy (my-lessons/)")
    parser.add_argument("--fresh", metavar="NN", help="replace lesson NN by a fresh copy")
    args = parser.parse_args(argv)
    try:
        if args.fresh is not None:
            new, old = fresh_copy(args.src, args.dst, args.fresh)
            if old is not None:
                print(f"your old copy is now {old}")
            print(f"fresh copy: {new}")
        else:
            for path in copy_lessons(args.src, args.dst):
                print(f"copied to {path}")
    except (ValueError, OSError) as exc:  # one line, never a traceback
        text = " ".join(str(exc).split()) or type(exc).__name__
        print(f"{parser.prog}: {text}", file=sys.stderr)
        return 2 if isinstance(exc, ValueError) else 1
    return 0


if __name__ == "__main__":
    from cgteach import _cli  # standard output that cannot be written: status 1, one line

    sys.exit(_cli.run(main, "python -m cgteach.classroom"))
