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

Offers :func:`copy_lessons`, :func:`fresh_copy`, :func:`kernel_metadata`,
and the command line ``python -m cgteach.classroom SRC DST`` (add
``--fresh NN`` for one fresh lesson).
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import sys
from pathlib import Path

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
    if src.suffix != ".ipynb" or metadata is None:
        shutil.copyfile(src, dst)
        return
    import nbformat

    nb = nbformat.read(src, as_version=4)
    if nb.metadata.get("kernelspec", {}).get("name") == metadata["kernelspec"]["name"]:
        nb.metadata.update(json.loads(json.dumps(metadata)))
    nbformat.write(nb, dst)  # as the Jupyter server writes it


def _metadata_or_none() -> dict[str, dict] | None:
    try:
        return kernel_metadata()
    except Exception:  # noqa: BLE001 - no kernel here: copy the files as they are
        return None


def copy_lessons(src: str | Path, dst: str | Path) -> list[Path]:
    """Copy every file of ``src`` that ``dst`` lacks; return the new files in ``dst``."""
    src, dst = Path(src), Path(dst)
    if not src.is_dir():
        raise ValueError(f"src must be a folder of lessons, got {str(src)!r}")
    dst.mkdir(parents=True, exist_ok=True)
    missing = [f for f in sorted(src.iterdir())
               if f.is_file() and not f.name.startswith(".") and not (dst / f.name).exists()]
    metadata = _metadata_or_none() if any(f.suffix == ".ipynb" for f in missing) else None
    for f in missing:
        _copy(f, dst / f.name, metadata)
    return [dst / f.name for f in missing]


def fresh_copy(src: str | Path, dst: str | Path, lesson: str) -> tuple[Path, Path | None]:
    """Replace lesson ``lesson`` (``"02"`` or ``"02-nim"``) of ``dst`` by a fresh copy.

    Returns the fresh file and where the old one went (``None`` if there was none).
    """
    src, dst = Path(src), Path(dst)
    found = sorted(src.glob(f"{lesson}-*.ipynb")) + sorted(src.glob(f"{lesson}.ipynb"))
    if len(found) != 1:
        names = ", ".join(p.stem[:2] for p in sorted(src.glob("[0-9][0-9]-*.ipynb")))
        raise ValueError(f"lesson must name one lesson of {src} ({names}), got {lesson!r}")
    name = found[0].name
    dst.mkdir(parents=True, exist_ok=True)
    old = None
    if (dst / name).exists():
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        old = dst / "replaced" / f"{found[0].stem}-{stamp}.ipynb"
        old.parent.mkdir(exist_ok=True)
        (dst / name).rename(old)
    _copy(found[0], dst / name, _metadata_or_none())
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
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from cgteach import _cli  # standard output that cannot be written: status 1, one line

    sys.exit(_cli.run(main, "python -m cgteach.classroom"))
