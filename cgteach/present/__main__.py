"""``python -m cgteach.present slides|site|handouts|settings [--notebooks DIR] [--out DIR]``.

A bad ``--notebooks`` or ``--out`` prints one line naming the problem (no
traceback) and exits with status 2.  ``settings`` prepares an environment
(``--out``: its prefix, default this Python's) for presenting live in
JupyterLab: see :mod:`cgteach.present.live`.
"""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cgteach.present",
                                     description="Export the lessons for presenting.")
    parser.add_argument("what", choices=["slides", "site", "handouts", "settings"])
    parser.add_argument("--notebooks", default="notebooks")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    try:
        if args.what == "slides":
            from cgteach.present.slides import export_slides

            export_slides(args.notebooks, args.out or "build/slides")
        elif args.what == "site":
            from cgteach.present.site import build_site

            build_site(args.notebooks, args.out or "build/site")
        elif args.what == "handouts":
            from cgteach.present.handouts import write_handouts

            write_handouts(args.notebooks, args.out or "build/handouts")
        else:
            from cgteach.present.live import install_settings

            print(install_settings(args.out))
    except (ValueError, TypeError, OSError, RuntimeError) as error:
        message = " ".join(str(error).split())
        print(f"python -m cgteach.present {args.what}: error: {message[:500]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("python -m cgteach.present: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
