"""The project's set-up files agree with each other and the package stays light."""

import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower()


def _environment_packages() -> set[str]:
    """Packages of environment.yml: conda-forge ones, and PyPI-only ones under ``pip:``."""
    names = set()
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        m = re.match(r"^\s{2}- ([A-Za-z0-9_.-]+[^:]*)$", line) or \
            re.match(r"^\s{6}- ([A-Za-z][A-Za-z0-9_.-]*[^:]*)$", line)
        if m:
            names.add(_name(m.group(1)))
    return names - {"python", "pip"}


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    wanted |= {_name(r) for r in project["optional-dependencies"]["test"]}
    assert _environment_packages() == wanted


def test_environment_yml_installs_the_package_editable():
    text = (ROOT / "environment.yml").read_text()
    assert re.search(r"- pip:\n(\s+(#.*|- .*)\n)*\s+- -e \.\n", text)


def test_import_is_light():
    code = (
        "import sys, cgteach, cgteach.nim, cgteach.impartial, cgteach.nimbers; "
        "heavy = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'networkx') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme and "make lab" in readme
    assert re.search(r"^make test\b", ci, re.M)


def test_notebooks_are_saved_for_strict_nbval():
    import json

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        assert nb["metadata"]["kernelspec"]["name"] == "python3", path.name
        assert "widgets" not in nb["metadata"], f"{path.name} keeps saved widget state"
        counts = [
            c["execution_count"]
            for c in nb["cells"]
            if c["cell_type"] == "code" and "".join(c["source"]).strip()
        ]
        assert counts == list(range(1, len(counts) + 1)), f"{path.name} is not run top to bottom"


def test_readme_examples_run():
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert tried >= 4 and failures == 0
