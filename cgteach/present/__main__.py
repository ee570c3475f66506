"""``python -m cgteach.present slides|site|settings [--out DIR]`` (see the package).

``settings`` prepares an environment (``--out``: its prefix, default this Python's) for
presenting live in JupyterLab: see :mod:`cgteach.present.live`.
"""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cgteach.present",
                                     description="Export the lessons for presenting.")
    parser.add_argument("what", choices=["slides", "site", "settings"])
    parser.add_argument("--notebooks", default="notebooks")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    if args.what == "slides":
        from cgteach.present.slides import export_slides

        export_slides(args.notebooks, args.out or "build/slides")
    elif args.what == "site":
        from cgteach.present.site import build_site

        build_site(args.notebooks, args.out or "build/site")
    else:
        from cgteach.present.live import install_settings

        try:
            print(install_settings(args.out))
        except (ValueError, TypeError) as error:
            print(f"python -m cgteach.present settings: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
