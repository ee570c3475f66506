"""Shared test settings: headless matplotlib, reproducible hypothesis runs, and the
order and grouping of the tests when pytest-xdist runs them in parallel (``make test``)."""

import functools
import os
import re
from pathlib import Path

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

# Draw off-screen in this process only.  (Setting MPLBACKEND in the
# environment instead would leak into the nbval kernels and stop the lesson
# notebooks from showing their figures inline.)
matplotlib.use("Agg")

settings.register_profile(
    "cgteach",
    deadline=None,
    max_examples=200,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cgteach"))


# -- parallel runs (pytest-xdist: ``make test`` runs ``-n 4 --dist loadfile``) ---------
#
# A file's tests stay together, in order, on one worker (``--dist loadfile``): a
# notebook's nbval cells share one kernel, and a browser test module shares one
# notebook page (the ``book`` fixture).  A test module whose tests are independent of
# each other and long says so with a line ``XDIST_SPREAD = True``: the scheduler below
# then hands its tests out one by one.  The work is started longest first, so that no
# long file starts last and keeps one worker busy while the others wait: the browser
# tests, then the tests that read the exports (``make test`` builds those meanwhile,
# see tests/test_present.py's ``built``), the spread tests, the lessons under nbval,
# the rest.

ROOT = Path(__file__).resolve().parents[1]
_SPREAD_LINE = re.compile(r"^XDIST_SPREAD\s*=\s*True\b", re.M)


@functools.cache
def _spread(path: str) -> bool:
    """Whether the test file ``path`` (relative to the project) says ``XDIST_SPREAD = True``."""
    file = ROOT / path
    return file.suffix == ".py" and file.is_file() and bool(
        _SPREAD_LINE.search(file.read_text(encoding="utf-8")))


@pytest.hookimpl(optionalhook=True)     # a hook of pytest-xdist, when it is installed
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile``, except that a spread file's tests are units of their own."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scheduler(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if _spread(path) else path

    # Units in the order collected (sorted below), not by their number of tests.
    config.option.loadscopereorder = False
    return Scheduler(config, log)


def _cost_class(item) -> int:
    if item.get_closest_marker("export"):
        return 1
    if "browser" in item.path.parts and item.path.name.startswith("test_"):
        return 0
    if getattr(getattr(item, "module", None), "XDIST_SPREAD", False):
        return 2
    if item.path.suffix == ".ipynb":
        return 3
    return 4


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    if not hasattr(config, "workerinput"):    # only in a pytest-xdist worker
        return
    cost: dict = {}
    for item in items:
        cost[item.path] = min(cost.get(item.path, 9), _cost_class(item))
    items.sort(key=lambda item: cost[item.path])     # stable: a file keeps its order
