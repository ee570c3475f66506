"""No import loop in cgteach; cgteach.games stands on floors; models do not import pictures.

Every module of the package is read with ``ast`` (imports inside functions
included: a loop hidden in a function is still a loop for the reader), and
the graph "module A imports module B" must have no cycle.  An import names
the most specific module it reaches: ``from cgteach.games import temperature``
is the module ``cgteach.games.temperature``, ``from cgteach.games import parse``
is the package ``cgteach.games`` (its ``__init__``).  Importing a submodule
also runs its package's ``__init__`` first; that is Python's order, not an
edge of the graph.
"""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

import cgteach

ROOT = pathlib.Path(cgteach.__file__).parent


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str, modules) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: pathlib.Path, modules=MODULES) -> set[str]:
    """The modules of cgteach that the module ``name`` (source at ``path``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [_resolve(a.name, modules) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                full = f"{base}.{node.module}" if node.module else base
            else:
                full = node.module or ""
            targets = []
            for a in node.names:
                sub = f"{full}.{a.name}"
                targets.append(sub if sub in modules else _resolve(full, modules))
        else:
            continue
        out.update(t for t in targets if t and t.startswith("cgteach"))
    out.discard(name)
    return out


def import_graph(modules=MODULES) -> dict[str, set[str]]:
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in graph:
                    continue
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_no_import_loop_anywhere_in_the_package():
    graph = import_graph()
    found = loops(graph)
    described = [
        {m: sorted(graph[m] & set(comp)) for m in comp} for comp in found
    ]
    assert not found, f"import loops (module -> what it imports inside the loop): {described}"


def test_the_loop_finder_sees_lazy_and_relative_imports(tmp_path):
    pkg = tmp_path / "cgteach"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from cgteach.sub import b\n")
    (pkg / "a.py").write_text("def f():\n    from cgteach.sub.b import g\n")
    (pkg / "sub" / "b.py").write_text("def g():\n    from .. import a\n")
    (pkg / "c.py").write_text("import cgteach.sub\n")
    modules = {}
    for path in pkg.rglob("*.py"):
        parts = list(path.relative_to(tmp_path).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    graph = import_graph(modules)
    assert graph["cgteach.a"] == {"cgteach.sub.b"}
    assert graph["cgteach.sub.b"] == {"cgteach.a"}
    assert graph["cgteach.sub"] == {"cgteach.sub.b"}
    assert graph["cgteach.c"] == {"cgteach.sub"}
    assert loops(graph) == [["cgteach.a", "cgteach.sub.b"]]
    (pkg / "sub" / "b.py").write_text("def g():\n    return 1\n")
    assert loops(import_graph(modules)) == []


# -- cgteach.games on floors ---------------------------------------------------

GAMES = "cgteach.games"
GAME_FLOORS = {
    "_forms": 0,  # the Game value, interning, the usual values
    "_order": 1,  # order, canonical forms, arithmetic
    "_text": 2,  # names, parse, reading any value as a game
    "_steps": 3,  # simplification steps
    "temperature": 4,  # temperature theory
    "cold": 5,  # the cold side (all-small, atomic weight, reduced, heat), when it comes
    "__init__": 6,  # fills the table _forms._ABOVE
}


def test_every_games_module_has_a_floor_and_says_so():
    folder = ROOT / "games"
    stems = {p.stem for p in folder.glob("*.py")}
    assert stems <= set(GAME_FLOORS), "give every module of cgteach.games a floor"
    for stem in stems - {"__init__"}:
        doc = ast.get_docstring(ast.parse((folder / f"{stem}.py").read_text(encoding="utf-8")))
        assert f"Floor {GAME_FLOORS[stem]} of" in doc and "May import" in doc, stem


def test_games_modules_import_only_lower_floors():
    wrong = []
    for stem, floor in GAME_FLOORS.items():
        path = ROOT / "games" / f"{stem}.py"
        if not path.exists():
            continue
        name = GAMES if stem == "__init__" else f"{GAMES}.{stem}"
        for other in imports_of(name, path):
            if not other.startswith(GAMES):
                continue
            short = "__init__" if other == GAMES else other[len(GAMES) + 1:].split(".")[0]
            if GAME_FLOORS[short] >= floor:
                wrong.append(f"{stem} (floor {floor}) imports {short} (floor {GAME_FLOORS[short]})")
    assert not wrong, wrong


def test_game_methods_reach_higher_floors_through_the_table():
    from cgteach import games
    from cgteach.games import _forms

    assert {"le", "add", "neg", "canonical", "coerce", "name", "game", "record",
            "mean", "temperature", "cool", "thermograph", "cold.is_all_small",
            "cold.atomic_weight", "cold.reduced", "cold.heat",
            "cold.overheat"} <= set(_forms._ABOVE)
    g = games.game([3], [-1])
    assert g.temperature() == 2 and str(g.cool(1)) == "{2|0}"
    assert g + "*" == games.parse("{3|-1} + *")
    assert [s.rule for s in games.parse("{0,↑|↑}").simplification_steps()][-1] == "canonical"


def _top_level_imports_after_code(path: pathlib.Path) -> list[int]:
    """Line numbers of module-level imports that come after other statements."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    seen_code = False
    late = []
    for i, node in enumerate(tree.body):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if seen_code:
                late.append(node.lineno)
        elif i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        elif isinstance(node, (ast.If, ast.Try)):
            continue  # a guarded import block is still "at the top"
        elif isinstance(node, ast.Assign) and all(
            isinstance(t, ast.Name) and t.id.startswith("__") for t in node.targets
        ):
            continue  # __all__ = [...] may come first (as pycodestyle allows)
        else:
            seen_code = True
    return late


def test_no_import_at_the_bottom_and_no_e402_exemption():
    late = {}
    for name, path in MODULES.items():
        lines = _top_level_imports_after_code(path)
        if lines:
            late[name] = lines
        assert "noqa: E402" not in path.read_text(encoding="utf-8"), name
    assert not late, late
    pyproject = (ROOT.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "E402" not in pyproject


# -- pictures --------------------------------------------------------------------

PICTURED = {
    "cgteach.hackenbush.position": ["hackenbush.png"],
    "cgteach.hackendot": ["hackendot.png"],
    "cgteach.rulesets.domineering": ["domineering.png", "domineering.draw"],
    "cgteach.rulesets.toads_and_frogs": ["toads_and_frogs.png", "toads_and_frogs.draw"],
    "cgteach.rulesets.clobber": ["clobber.png", "clobber.draw"],
    "cgteach.rulesets.cram": ["domineering.png", "domineering.draw"],
    "cgteach.games.temperature": ["thermograph.png", "thermograph.draw"],
}


def test_models_do_not_import_their_drawings():
    for name in PICTURED:
        drawn = {m for m in imports_of(name, MODULES[name]) if m.startswith("cgteach.draw")}
        assert not drawn, (name, drawn)
        assert "cgteach._pictures" in imports_of(name, MODULES[name])


def test_cgteach_draw_registers_every_drawer():
    import cgteach.draw  # noqa: F401
    from cgteach import _pictures

    wanted = {key for keys in PICTURED.values() for key in keys}
    assert wanted <= set(_pictures.DRAWERS)
    for key in wanted:
        assert _pictures.DRAWERS[key].__module__.startswith("cgteach.draw.")


def test_an_unknown_drawer_is_a_clear_error():
    from cgteach._pictures import drawer

    with pytest.raises(LookupError, match="no drawer is registered as 'nothing.png'"):
        drawer("nothing.png")


def test_the_first_picture_loads_the_drawings_in_a_fresh_process():
    code = (
        "import sys\n"
        "from cgteach.hackenbush import Hackenbush\n"
        "from cgteach.rulesets.domineering import Domineering\n"
        "from cgteach.games import parse\n"
        "assert 'cgteach.draw' not in sys.modules\n"
        "h = Hackenbush([(0, 1, 'blue'), (1, 2, 'red')])\n"
        "png = h._repr_png_()\n"
        "assert 'cgteach.draw' in sys.modules\n"
        "from cgteach.draw.hackenbush import png as draw_png\n"
        "assert png[:8] == b'\\x89PNG\\r\\n\\x1a\\n' and png == draw_png(h)\n"
        "from cgteach.draw.domineering import domineering_png\n"
        "d = Domineering(['..', '.#'])\n"
        "assert d._repr_png_() == domineering_png(d)\n"
        "from cgteach.draw.thermographs import thermograph_png\n"
        "th = parse('{3|-1}').thermograph()\n"
        "assert th._repr_png_() == thermograph_png(th)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT.parent, timeout=300)
    assert out.stdout.strip() == "ok", out.stderr


# -- the floors of the whole package (named at the top of cgteach/__init__.py) ----

PACKAGE_FLOORS = {
    "_validate": 0, "_io": 0, "_cli": 0, "_pictures": 0, "_budget": 0, "nimbers": 0,
    "numbers": 0,
    "impartial": 1, "nim": 1, "games": 1, "hot": 1, "small": 1, "brute": 1, "rulesets": 1,
    "hackenbush": 1, "hackendot": 1, "misere": 1, "rules": 1,
    "draw": 2,
    "widgets": 3, "exercises": 3, "present": 3, "classroom": 3,
    "": 4,  # cgteach/__init__.py, the roof
}


def _root_reexports() -> dict[str, str]:
    """``name -> module`` for the names ``cgteach/__init__.py`` imports to offer them."""
    tree = ast.parse((ROOT / "__init__.py").read_text(encoding="utf-8"))
    return {a.asname or a.name: node.module for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module and node.module != "cgteach"
            for a in node.names}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_part_of_the_package_has_a_floor():
    parts = {_part(m) for m in MODULES}
    assert parts == set(PACKAGE_FLOORS), parts ^ set(PACKAGE_FLOORS)
    doc = cgteach.__doc__
    for part in PACKAGE_FLOORS:
        if part:
            assert f"``{part}``" in doc, f"the floors at the top of cgteach/__init__.py omit {part}"


def test_every_part_imports_only_its_floor_or_lower():
    reexports = _root_reexports()
    wrong = []
    for name, path in MODULES.items():
        here = _part(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # ``from cgteach import nim_sum`` imports the module that defines nim_sum
        offered = {reexports[a.name] for node in ast.walk(tree)
                   if isinstance(node, ast.ImportFrom) and node.module == "cgteach"
                   for a in node.names if a.name in reexports}
        for other in (imports_of(name, path) - {"cgteach"}) | offered:
            there = _part(other)
            if there != here and PACKAGE_FLOORS[there] > PACKAGE_FLOORS[here]:
                wrong.append(f"{name} (floor {PACKAGE_FLOORS[here]}) imports {other} "
                             f"(floor {PACKAGE_FLOORS[there]})")
    assert not wrong, wrong
