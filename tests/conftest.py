"""Shared test settings: headless matplotlib, reproducible hypothesis runs, and the
order and grouping of the tests when pytest-xdist runs them in parallel (``make test``)."""

import os
import re

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


# -- parallel runs (pytest-xdist, ``-n N --dist loadgroup``) ---------------------------
#
# A file's tests stay together, in order, on one worker (as with ``--dist loadfile``):
# a notebook's nbval cells share one kernel, and a browser test module shares one
# notebook page (the ``book`` fixture).  A test module whose tests are independent of
# each other and long can say so with ``XDIST_SPREAD = True``: its tests are then
# handed out one by one.  The work is started longest first, so that no long file
# starts last and keeps one worker busy while the others wait: the files that read
# the exports (their first test builds them, see tests/test_present.py's ``built``),
# the browser tests, the spread tests, the lessons under nbval, then the rest.

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _same_ids_in_every_worker(items) -> None:
    """Every worker must collect the same test ids: a parameter shown by its ``repr``
    (``ids=repr``) may carry a memory address, which differs between processes, so it
    is left out (and a second test of the same id is numbered)."""
    seen: dict[str, int] = {}
    for item in items:
        nodeid = _ADDRESS.sub("", item.nodeid)
        if nodeid != item.nodeid:
            seen[nodeid] = seen.get(nodeid, 0) + 1
            item._nodeid = nodeid if seen[nodeid] == 1 else f"{nodeid}#{seen[nodeid]}"


def _cost_class(item) -> int:
    spread = getattr(getattr(item, "module", None), "XDIST_SPREAD", False)
    if item.get_closest_marker("export"):
        return 0
    if "browser" in item.path.parts and item.path.name.startswith("test_"):
        return 1
    if spread:
        return 2
    if item.path.suffix == ".ipynb":
        return 3
    return 4


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # On a worker, xdist sets ``dist`` to "no" and keeps ``--dist loadgroup`` here:
    if not getattr(config.option, "loadgroup", False):
        return
    _same_ids_in_every_worker(items)
    cost: dict = {}
    for item in items:
        cost[item.path] = min(cost.get(item.path, 9), _cost_class(item))
        if item.get_closest_marker("xdist_group"):
            continue
        if getattr(getattr(item, "module", None), "XDIST_SPREAD", False):
            continue            # no group: a unit of its own
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
    items.sort(key=lambda item: cost[item.path])     # stable: a file keeps its order
