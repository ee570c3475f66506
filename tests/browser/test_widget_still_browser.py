"""A lesson run, saved, closed and opened again shows each widget's still picture
(issue 37), not ipywidgets' "Error displaying widget: model not found".

In real JupyterLab with cgteach's extension (this checkout's, installed into the
test's own Jupyter data folder): a cell showing a NimGame runs, the notebook is
saved and closed and its kernel shut down; opened again (a new kernel, which has
no such widget), the cell shows the still picture the output carries beside the
widget view, with its text alternative, and no error text.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest

from .conftest import ROOT, Lab, _free_port, _missing, _write

CELL = "from cgteach.widgets.nim import NimGame\nNimGame(seed=7)"
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def still_lab(tmp_path_factory):
    reason = _missing()
    if reason:
        pytest.skip(reason)
    from cgteach.present import live

    base = tmp_path_factory.mktemp("still-lab")
    home = {d: base / d for d in ("config", "data", "runtime", "settings", "workspaces", "nb")}
    for d in home.values():
        d.mkdir()
    live._install_extension(home["data"] / "labextensions" / live.EXTENSION)
    _write(home["settings"] / "@jupyterlab" / "notebook-extension"
           / "tracker.jupyterlab-settings", {"windowingMode": "none",
                                            "autoStartDefaultKernel": True})
    _write(home["settings"] / "@jupyterlab" / "apputils-extension"
           / "notification.jupyterlab-settings", {"fetchNews": "false", "checkForUpdates": False})
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_TOKEN"}
    env.update(JUPYTER_CONFIG_DIR=str(home["config"]), JUPYTER_DATA_DIR=str(home["data"]),
               JUPYTER_RUNTIME_DIR=str(home["runtime"]),
               JUPYTERLAB_SETTINGS_DIR=str(home["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(home["workspaces"]), PYTHONUNBUFFERED="1",
               JUPYTER_PREFER_ENV_PATH="0",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    log = open(base / "server.log", "w")  # noqa: SIM115 (closed at teardown)
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
         "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.open_browser=False",
         "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={home['nb']}"]
        + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=str(home["nb"]))
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                said = (base / "server.log").read_text()[-3000:]
                pytest.fail(f"JupyterLab did not start:\n{said}")
            time.sleep(0.3)
        served = urllib.request.urlopen(
            f"{url}/lab/extensions/{live.EXTENSION}/static/stills.js", timeout=30).read()
        assert served == (live._SOURCE / "static" / "stills.js").read_bytes()
        yield Lab(url, home["nb"])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


def _shut_kernels(url: str) -> None:
    with urllib.request.urlopen(f"{url}/api/sessions", timeout=30) as r:
        sessions = json.loads(r.read())
    for s in sessions:
        request = urllib.request.Request(f"{url}/api/sessions/{s['id']}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def test_a_reopened_lesson_shows_the_widgets_still_not_an_error(still_lab):
    book = still_lab.notebook("still", [CELL])
    page = book.page
    try:
        page.wait_for_selector(".jp-OutputArea-output .cgteach-nim-game, "
                               ".jp-OutputArea-output .cg-widget", timeout=60_000)
        page.locator(".jp-Notebook").click()
        page.keyboard.press("Control+s")
        path = still_lab.root / "still.ipynb"
        deadline = time.monotonic() + 30
        while WIDGET not in path.read_text() and time.monotonic() < deadline:
            time.sleep(0.3)
        saved = json.loads(path.read_text())
        data = saved["cells"][0]["outputs"][0]["data"]
        assert WIDGET in data and "image/png" in data, sorted(data)
    finally:
        book.close()
    _shut_kernels(still_lab.url)
    context = still_lab.browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{still_lab.url}/lab/tree/still.ipynb?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-OutputArea-output", timeout=90_000)
        page.wait_for_selector(".jp-OutputArea-output img.cg-widget-still", timeout=30_000)
        page.wait_for_timeout(1500)      # the widget manager has settled
        text = page.locator(".jp-OutputArea").inner_text()
        assert "Error displaying widget" not in text, text
        assert "run this cell to play" in text
        still = page.locator(".jp-OutputArea-output img.cg-widget-still")
        assert still.count() == 1
        size = still.evaluate("i => [i.naturalWidth, i.getBoundingClientRect().width]")
        assert size[0] > 100 and size[1] > 100, size
        alt = still.get_attribute("alt")
        assert alt.startswith("Still picture of the widget: ") and "Nim" in alt, alt
    finally:
        context.close()
        _shut_kernels(still_lab.url)
