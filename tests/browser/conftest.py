"""Real-browser tests: one JupyterLab server and one headless Chromium per session.

Under pytest-xdist (``make test``) every worker is a session of its own, with its
own server and browser.  The ``lab`` fixture starts JupyterLab on a localhost port
the server picks itself (read back from its own runtime folder, so parallel
workers never race for a port) with every directory it writes to (root, runtime,
config, workspaces, user settings) inside the worker's temporary folder, so a test
run never touches the user's set-up.
Tests write small notebooks there with :meth:`Lab.notebook`, which opens
one in a fresh page, runs all its cells and returns a :class:`Notebook`
helper for clicking on widgets and reading cell outputs.  The ``book``
fixture does that once per test module, with the module's ``CELLS``.

Chromium is Debian's (``/usr/bin/chromium``); nothing is downloaded.  When
it or playwright is missing the tests are skipped, unless the environment
sets ``CGTEACH_REQUIRE_BROWSER=1`` (as ``.ci/run`` does): then they fail.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

CHROMIUM = "/usr/bin/chromium"
REQUIRE = os.environ.get("CGTEACH_REQUIRE_BROWSER") == "1"
ROOT = Path(__file__).resolve().parents[2]
#: Screenshots and the latency record go here: the project's git-ignored build/browser/
#: unless CGTEACH_BROWSER_ARTIFACTS names another folder.
ARTIFACTS = Path(os.environ.get("CGTEACH_BROWSER_ARTIFACTS", ROOT / "build" / "browser"))


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (install Debian's chromium package)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright python package is not installed (pip install playwright)"
    return None


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    reason = _missing()
    for item in items:
        if here not in Path(str(item.fspath)).parents:
            continue
        item.add_marker(pytest.mark.browser)
        if reason and not REQUIRE:
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {reason}"))


def _server_url(proc, runtime: Path, deadline: float) -> str:
    """Wait for the JupyterLab started with ``--port=0`` to answer; return its address.

    The server binds a port the system picks and writes it to ``jpserver-<pid>.json``
    in its own runtime folder, so parallel test workers (pytest-xdist) never race for
    a port and never find one another's server.
    """
    url = None
    while True:
        if url is None:
            for info in runtime.glob("jpserver-*.json"):
                try:
                    port = json.loads(info.read_text())["port"]
                except (OSError, ValueError, KeyError):
                    continue        # being written: read it again
                url = f"http://127.0.0.1:{port}"
        if url is not None:
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        return url
            except (OSError, http.client.HTTPException):
                pass
        if proc.poll() is not None or time.monotonic() > deadline:
            return ""
        time.sleep(0.3)


def _write(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


# Playwright's sync API allows one instance per process, so every JupyterLab
# (the ``lab`` and ``make_lab`` servers) and every exported page share one
# Chromium, started on first use and stopped when the session ends.
_SHARED: dict = {}


def shared_browser():
    """The session's one headless Chromium (started on first use)."""
    if "browser" not in _SHARED:
        from playwright.sync_api import sync_playwright

        pw = sync_playwright().start()
        _SHARED["pw"] = pw
        _SHARED["browser"] = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
    return _SHARED["browser"]


@pytest.fixture(scope="session", autouse=True)
def _stop_the_shared_browser():
    yield
    if _SHARED:
        try:
            _SHARED.pop("browser").close()
        finally:
            _SHARED.pop("pw").stop()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab; yields a :class:`Lab`."""
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"CGTEACH_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("lab")
    root, runtime, config, workspaces, settings = (
        base / d for d in ("notebooks", "runtime", "config", "workspaces", "settings"))
    for d in (root, runtime, config, workspaces, settings):
        d.mkdir()
    # Quiet and predictable: no news pop-up, every cell attached to the page.
    _write(settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings",
           {"fetchNews": "false", "checkForUpdates": False})
    _write(settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings",
           {"windowingMode": "none", "autoStartDefaultKernel": True})
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(runtime), JUPYTER_CONFIG_DIR=str(config),
               JUPYTERLAB_WORKSPACES_DIR=str(workspaces), PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_TOKEN", None)
    log = open(base / "server.log", "w")  # noqa: SIM115 (closed at teardown)
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--port=0",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
         "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.open_browser=False",
         "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}",
         f"--LabApp.workspaces_dir={workspaces}", f"--LabApp.user_settings_dir={settings}"]
        + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=str(root),
    )
    url = _server_url(proc, runtime, time.monotonic() + 240)
    if not url:
        proc.kill()
        log.close()
        pytest.fail("JupyterLab did not start:\n" + (base / "server.log").read_text()[-3000:])
    lab = Lab(url, root)
    try:
        yield lab
    finally:
        lab.close()
        # shut every kernel down, then the server (our own process only)
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()
        shutil.rmtree(base, ignore_errors=True)


class Lab:
    """The server's address, its notebook folder and the shared browser."""

    def __init__(self, url: str, root: Path):
        self.url, self.root = url, root
        self.browser = shared_browser()

    def close(self):
        """The browser is the session's (see :func:`shared_browser`); nothing to stop here."""

    def notebook(self, name: str, cells: list[str], timeout: float = 90) -> Notebook:
        """Write a notebook of code ``cells``, open it and run all its cells."""
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
        nbformat.write(nb, self.root / f"{name}.ipynb")
        # Start the kernel first, so the page joins it and never asks which kernel to use.
        body = json.dumps({"path": f"{name}.ipynb", "type": "notebook", "name": "",
                           "kernel": {"name": "python3"}}).encode()
        request = urllib.request.Request(f"{self.url}/api/sessions", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as r:
            assert r.status in (200, 201), r.status
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000},
                                           accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(timeout * 1000)
        page.goto(f"{self.url}/lab/tree/{name}.ipynb?reset")
        book = Notebook(page, len(cells))
        book.wait_idle()
        book.run_all()
        page.set_default_timeout(20_000)  # the notebook is up: now a stuck step fails fast
        return book


class Notebook:
    """One open notebook page: run cells, read outputs, click in SVG boards."""

    def __init__(self, page, n_cells: int):
        self.page = page
        self.n_cells = n_cells

    def close(self):
        self.page.context.close()

    def wait_idle(self, timeout: float = 90):
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
        self.page.wait_for_selector(
            ".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=timeout * 1000)

    def cell(self, i: int):
        return self.page.locator(".jp-Notebook .jp-Cell").nth(i)

    def _count(self, i: int) -> int:
        text = self.cell(i).locator(".jp-InputPrompt").inner_text()
        m = re.search(r"\[(\d+)\]", text)
        return int(m.group(1)) if m else -1

    def run_all(self, timeout: float = 90):
        page = self.page
        first = self.cell(0).locator(".jp-InputPrompt")
        for _attempt in range(6):
            page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
            page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
            # A request sent before the page has joined the kernel is dropped: try again.
            try:
                page.wait_for_function(
                    "el => /\\[(\\*|\\d+)\\]/.test(el.textContent)",
                    arg=first.element_handle(), timeout=8000)
                break
            except Exception:  # noqa: BLE001 (playwright's TimeoutError)
                continue
        deadline = time.monotonic() + timeout
        progress, last_change, retries = None, time.monotonic(), 2
        while any(self._count(i) < 0 for i in range(self.n_cells)):
            counts = [self._count(i) for i in range(self.n_cells)]
            if counts != progress:
                progress, last_change = counts, time.monotonic()
            elif (retries and time.monotonic() - last_change > 20 and not any(
                    "[*]" in self.cell(i).locator(".jp-InputPrompt").inner_text()
                    for i in range(self.n_cells)) and page.locator(
                    ".jp-Notebook-ExecutionIndicator[data-status='idle']").count()):
                # Seen on a loaded machine: the first cell runs and the rest of the
                # run-all request is lost. Nothing runs, nothing is queued, and the
                # kernel has been idle for 20 s: ask again.
                retries -= 1
                last_change = time.monotonic()
                page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
                page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
            if time.monotonic() > deadline:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "failed-run-all.png"))
                prompts = [self._count(i) for i in range(self.n_cells)]
                raise AssertionError(f"the notebook's cells did not all run: {prompts}")
            time.sleep(0.2)
        self.wait_idle()
        stderr = "application/vnd.jupyter.stderr"
        errors = page.locator(f".jp-OutputArea-output[data-mime-type='{stderr}']")
        tracebacks = [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]
        assert not tracebacks, tracebacks

    def output(self, i: int) -> str:
        """The text output of cell ``i``."""
        return self.cell(i).locator(".jp-OutputArea").inner_text()

    def rerun(self, i: int, timeout: float = 30) -> str:
        """Run cell ``i`` again and return its new text output."""
        before = self._count(i)
        self.cell(i).locator(".jp-InputPrompt").click()
        self.page.keyboard.press("Control+Enter")
        deadline = time.monotonic() + timeout
        while self._count(i) <= before:
            if time.monotonic() > deadline:
                raise AssertionError(f"cell {i} did not run again")
            time.sleep(0.1)
        return self.output(i)

    def probe(self, cell: int, tag: str) -> str:
        """Run cell ``cell`` again; return its output line starting with ``tag``."""
        text = self.rerun(cell)
        return next(line for line in text.splitlines() if line.startswith(tag))

    def wait_until(self, js: str, locator, *args):
        """Wait until the JavaScript ``js`` (``([el, ...args]) => bool``) holds."""
        self.page.wait_for_function(js, arg=[locator.element_handle(), *args])

    def wait_text(self, locator, text: str):
        """Wait until ``locator``'s text is exactly ``text``."""
        self.wait_until("([el, t]) => el.textContent === t", locator, text)

    def wait_count(self, locator, selector: str, n: int):
        """Wait until ``locator`` holds exactly ``n`` elements matching ``selector``."""
        self.wait_until("([el, s, n]) => el.querySelectorAll(s).length === n", locator, selector, n)

    def board_click(self, board, x: float, y: float):
        """Click at board coordinates ``(x, y)`` of the SVG ``board`` (a locator)."""
        sx, sy = self.to_screen(board, x, y)
        self.page.mouse.click(sx, sy)

    def to_screen(self, board, x: float, y: float):
        board.scroll_into_view_if_needed()
        return board.evaluate(
            "(svg, [x, y]) => { const p = svg.createSVGPoint(); p.x = x; p.y = y;"
            " const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }", [x, y])

    def click_item(self, board, item):
        """Click an SVG item carrying ``data-mx``/``data-my`` or ``data-x``/``data-y``."""
        x = item.get_attribute("data-mx") or item.get_attribute("data-x")
        y = item.get_attribute("data-my") or item.get_attribute("data-y")
        self.board_click(board, float(x), float(y))

    def projector(self):
        """1280×720 with the left sidebar folded away, as on a projector or in a slideshow."""
        page = self.page
        page.set_viewport_size({"width": 1280, "height": 720})
        if page.locator("#jp-left-stack").is_visible():
            # clicking the open panel's own tab folds the sidebar away
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
            page.locator("#jp-left-stack").wait_for(state="hidden")
            page.wait_for_timeout(300)

    def screenshot(self, locator, name: str):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture(scope="module")
def book(lab, request):
    """The test module's notebook, opened once and shared by the module's tests (in order).

    It holds the module's ``CELLS`` and is named after the module:
    ``test_nim_browser.py`` opens ``nim.ipynb``.
    """
    name = request.module.__name__.rpartition(".")[2]
    name = name.removeprefix("test_").removesuffix("_browser")
    nb = lab.notebook(name, request.module.CELLS)
    yield nb
    nb.close()


def merge_record(path: Path, entries: dict) -> None:
    """Add ``entries`` to the JSON object in ``path`` (made if missing), under a lock.

    Parallel workers (pytest-xdist) each measure some lessons: each adds its own
    entries to the one record instead of writing it whole.
    """
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            record = {}
        if not isinstance(record, dict):
            record = {}
        record.update(entries)
        path.write_text(json.dumps(dict(sorted(record.items())), indent=1), encoding="utf-8")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots and measurements are written."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def make_lab(tmp_path_factory):
    """JupyterLab started by ``make lab`` itself, on a working copy in a temporary folder.

    The real target runs (its prerequisites write the JupyterLab settings and
    make the working copy, ``MY_LESSONS``); only the port, the token and the
    user's folders (config, data, runtime, settings, workspaces) are the
    test's, so nothing of the user's set-up is read or written.  Yields a
    :class:`Lab` whose ``root`` is the working copy.
    """
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"CGTEACH_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    venv = Path(sys.prefix)
    stamp = venv / ".cgteach-installed"
    if not stamp.exists() or stamp.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        pytest.fail(f"{stamp} is missing or older than pyproject.toml: run make first "
                    "(the test must not install anything)")
    base = tmp_path_factory.mktemp("make-lab")
    pristine = _digests(ROOT / "notebooks")
    copy = base / "my-lessons"
    home = {d: base / d for d in ("config", "data", "runtime", "settings", "workspaces")}
    for d in home.values():
        d.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "JUPYTER_TOKEN")}
    env.update(JUPYTER_CONFIG_DIR=str(home["config"]), JUPYTER_DATA_DIR=str(home["data"]),
               JUPYTER_RUNTIME_DIR=str(home["runtime"]),
               JUPYTERLAB_SETTINGS_DIR=str(home["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(home["workspaces"]), PYTHONUNBUFFERED="1")
    args = ("--no-browser --port=0 --ServerApp.ip=127.0.0.1 --ServerApp.port_retries=0 "
            "--ServerApp.token= --ServerApp.password= --ServerApp.disable_check_xsrf=True")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args += " --allow-root"
    log = open(base / "server.log", "w")  # noqa: SIM115 (closed at teardown)
    # A session of its own, so that teardown stops make and the server it started.
    proc = subprocess.Popen(
        ["make", "-s", "-C", str(ROOT), "lab", f"VENV={venv}", f"PYTHON={sys.executable}",
         f"MY_LESSONS={copy}", f"LAB_ARGS={args}"],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = _server_url(proc, home["runtime"], time.monotonic() + 300)
    if not url:
        _stop(proc)
        log.close()
        pytest.fail("make lab did not start JupyterLab:\n"
                    + (base / "server.log").read_text()[-3000:])
    lab = Lab(url, copy)
    lab.log = base / "server.log"
    try:
        yield lab
    finally:
        lab.close()
        _stop(proc)
        log.close()
        shutil.rmtree(base, ignore_errors=True)
    # The lessons are the working copy's: notebooks/ itself is never written to.
    assert _digests(ROOT / "notebooks") == pristine, "make lab wrote to notebooks/"


def _digests(folder: Path) -> dict[str, str]:
    import hashlib

    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())
            if p.is_file()}


def _stop(proc) -> None:
    """Stop ``proc`` (``make``) and the server it started: the process group we created."""
    import signal

    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="session")
def lecture_lab(tmp_path_factory):
    """JupyterLab as ``make lecture`` starts it: ``CGTEACH_LECTURE=1``, cgteach's
    lecturer extension and settings, the lessons opened from a ``my-lessons/`` copy.

    The extension is this checkout's (installed into the test's own Jupyter data
    folder, which JupyterLab reads before the environment's), so the walk tests the
    code under test and never writes into the environment.  Yields a :class:`Lab`
    whose ``root`` is the working copy.
    """
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"CGTEACH_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from cgteach.classroom import copy_lessons

    base = tmp_path_factory.mktemp("lecture-lab")
    copy = base / "my-lessons"
    copy_lessons(ROOT / "notebooks", copy)
    with extension_lab(base, copy, CGTEACH_LECTURE="1") as lab:
        yield lab


@contextlib.contextmanager
def extension_lab(base: Path, root: Path, **env_extra: str):
    """JupyterLab with this checkout's cgteach extension and the lessons' settings
    (what ``make lab``/``make lecture`` install), serving ``root``; ``base`` holds
    its own Jupyter folders (config, data, runtime, settings, workspaces), so
    nothing of the user's set-up is read or written.  ``env_extra`` goes into the
    server's environment (``CGTEACH_LECTURE="1"`` for the lecturer's).  Yields a
    :class:`Lab`; the server, its kernels and ``base`` are gone afterwards.
    """
    from cgteach.present import live

    home = {d: base / d for d in ("config", "data", "runtime", "settings", "workspaces")}
    for d in home.values():
        d.mkdir()
    live._install_extension(home["data"] / "labextensions" / live.EXTENSION)
    for plugin, values in live.LAB_SETTINGS.items():
        package, _, name = plugin.partition(":")
        _write(home["settings"] / package / f"{name}.jupyterlab-settings", values)
    # JupyterLab's own windowing (its default, "contentVisibility": cells off screen are
    # not drawn), as make lab and make lecture leave it
    _write(home["settings"] / "@jupyterlab" / "notebook-extension"
           / "tracker.jupyterlab-settings", {"autoStartDefaultKernel": True})
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_TOKEN"}
    env.update(JUPYTER_CONFIG_DIR=str(home["config"]), JUPYTER_DATA_DIR=str(home["data"]),
               JUPYTER_RUNTIME_DIR=str(home["runtime"]),
               JUPYTERLAB_SETTINGS_DIR=str(home["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(home["workspaces"]), PYTHONUNBUFFERED="1",
               # the test's data folder before the environment's (jupyter_core prefers
               # the environment's in a virtualenv): this checkout's extension is served
               JUPYTER_PREFER_ENV_PATH="0",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               **env_extra)
    log = open(base / "server.log", "w")  # noqa: SIM115 (closed at teardown)
    proc = subprocess.Popen(
        # --port=0: the system picks the port (a port picked here and handed over could
        # be taken meanwhile by another worker's kernel, whose sockets then answered)
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--port=0",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
         "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.open_browser=False",
         "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}"]
        + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=str(root))
    url = _server_url(proc, home["runtime"], time.monotonic() + 240)
    if not url:
        proc.kill()
        log.close()
        pytest.fail("JupyterLab did not start:\n" + (base / "server.log").read_text()[-3000:])
    lab = Lab(url, root)
    lab.log = base / "server.log"
    try:
        for name in ("remoteEntry.js", "stills.js"):
            served = urllib.request.urlopen(
                f"{url}/lab/extensions/{live.EXTENSION}/static/{name}", timeout=30).read()
            assert served == (live._SOURCE / "static" / name).read_bytes(), \
                f"JupyterLab serves another {name} than this checkout's"
        yield lab
    finally:
        lab.close()
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()
        shutil.rmtree(base, ignore_errors=True)
