"""The modules of cgteach.hackenbush stand on strict floors: none imports one above it.

The floors (documented in ``cgteach/hackenbush/__init__.py``): the position
at the bottom, the shared number and block machinery next, the green and
blue-red engines above it, the engine for any colouring on top.  A module
may import only modules of lower floors, at the top of the file or inside a
function (both are read here, from the source, with ``ast``).
"""

from __future__ import annotations

import ast
import pathlib

import cgteach.hackenbush

PACKAGE = pathlib.Path(cgteach.hackenbush.__file__).parent
NAME = "cgteach.hackenbush"

FLOORS = {
    "position": 0,
    "blocks": 1,
    "examples": 1,
    "green": 2,
    "bluered": 2,
    "partizan": 3,
    "__init__": 4,
}


def imported_modules(path: pathlib.Path) -> set[str]:
    """The modules of the package that ``path`` imports, by their short names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # a relative import: from . import x, from .x import y
                base = node.module or ""
                names = [f"{NAME}.{base}".rstrip(".")]
                if not base:
                    names = [f"{NAME}.{a.name}" for a in node.names]
            elif node.module == NAME:
                names = [f"{NAME}.{a.name}" for a in node.names]
            else:
                names = [node.module or ""]
        else:
            continue
        for name in names:
            if name.startswith(NAME + "."):
                short = name[len(NAME) + 1:].split(".")[0]
                if short in FLOORS:
                    found.add(short)
    return found


def test_every_module_has_a_floor():
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    assert modules == set(FLOORS), "give every module of cgteach.hackenbush a floor"


def test_no_module_imports_from_a_floor_above_or_its_own():
    wrong = []
    for stem, floor in FLOORS.items():
        for other in imported_modules(PACKAGE / f"{stem}.py"):
            if FLOORS[other] >= floor:
                wrong.append(f"{stem} (floor {floor}) imports {other} (floor {FLOORS[other]})")
    assert not wrong, wrong


def test_the_parser_sees_imports_inside_functions(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "def f():\n    from cgteach.hackenbush.partizan import canonical\n"
        "    from cgteach.hackenbush import green\n    import cgteach.hackenbush.bluered\n"
    )
    assert imported_modules(source) == {"partizan", "green", "bluered"}


def test_position_methods_reach_the_engines_through_the_table():
    from cgteach.hackenbush import Hackenbush, position

    assert {"green.grundy", "bluered.value", "partizan.canonical"} <= set(position._ANALYSES)
    h = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue")])
    assert h.value() == 1 and str(h.canonical()) == "1" and h.outcome() == "L"
