"""``python -m cgteach.present slides|site|handouts|settings [--notebooks DIR] [--out DIR]``.

A bad ``--notebooks`` or ``--out`` prints one line naming the problem (no
traceback) and exits with status 2; standard output that cannot be written
(``--help > /dev/full``) gives status 1.  ``settings`` prepares an environment
(``--out``: its prefix, default this Python's) for presenting live in
JupyterLab: see :mod:`cgteach.present.live`.
"""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    """Run the command; return its exit status (troubles with the streams: :mod:`cgteach._cli`)."""
    from cgteach import _cli

    return _cli.run(lambda: _main(argv), "python -m cgteach.present")


def _out(given, default: str) -> str:
    """``--out`` as given (an empty one is refused by the writer, never read as the default)."""
    return default if given is None else given


def _main(argv) -> int:
    from cgteach._cli import is_output_error, say_on_stderr

    parser = argparse.ArgumentParser(prog="python -m cgteach.present",
                                     description="Export the lessons for presenting.")
    parser.add_argument("what", choices=["slides", "site", "handouts", "settings"])
    parser.add_argument("--notebooks", default="notebooks")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    said = None
    try:
        if args.what == "slides":
            from cgteach.present.slides import export_slides

            export_slides(args.notebooks, _out(args.out, "build/slides"))
        elif args.what == "site":
            from cgteach.present.site import build_site

            build_site(args.notebooks, _out(args.out, "build/site"))
        elif args.what == "handouts":
            from cgteach.present.handouts import write_handouts

            write_handouts(args.notebooks, _out(args.out, "build/handouts"))
        else:
            from cgteach.present.live import install_settings

            said = install_settings(args.out)
    except (ValueError, TypeError, OSError, RuntimeError) as error:
        if is_output_error(error):
            raise
        message = " ".join(str(error).split())
        say_on_stderr(f"python -m cgteach.present {args.what}: error: {message[:500]}")
        return 2
    except KeyboardInterrupt:
        say_on_stderr("python -m cgteach.present: interrupted")
        return 130
    if said is not None:
        print(said)     # outside the try: a failing standard output is _cli's to report
    return 0


if __name__ == "__main__":
    sys.exit(main())
