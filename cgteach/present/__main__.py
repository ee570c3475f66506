"""``python -m cgteach.present slides|site|rise-settings [--out DIR]`` (see the package)."""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cgteach.present",
                                     description="Export the lessons for presenting.")
    parser.add_argument("what", choices=["slides", "site", "rise-settings"])
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
        from cgteach.present.rise import install_settings

        print(install_settings(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
