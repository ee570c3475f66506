"""Work budgets: one way for every engine to estimate, refuse, show progress and stop.

A long search in cgteach is never refused because a board looks big: it is
refused when the work it would take, *estimated before it starts* from the
position's shape and the engine's measured growth, is over the **budget** -- by
default about a minute on the 2-core machine the package is measured on
(:data:`DEFAULT_SECONDS`).  The refusal comes at once and says the estimate and
how to raise the budget.  There is one way to change it, the same for every
engine:

- ``with cgteach.budget(seconds=600): ...`` for every call inside the block, or
- the keyword ``budget=600`` on a heavy call (``Domineering(...).value(budget=600)``),
  which wins over the block; ``budget=None`` (or ``math.inf``) means no limit;
- the environment variable ``CGTEACH_BUDGET_SECONDS`` sets the default of a process.

Work that is expected to take more than a second or two shows a progress bar
(``tqdm.auto``: a widget in JupyterLab, a text bar in a terminal) that appears only
after :data:`PROGRESS_DELAY` seconds, so quick calls print nothing.  Ctrl-C (or the
notebook's interrupt) stops the work with ``KeyboardInterrupt``; an engine keeps only
finished results in its caches, so the next call gives the same answer as a fresh
process.

Engines use three things from here:

- :func:`budget_seconds` -- the budget in force (keyword, then block, then default);
- :func:`refuse_if_over` -- raise :class:`BudgetError` (a ``ValueError``) when an
  estimate is over it, with the message every engine shares;
- :func:`progress` -- a context manager giving an object with ``update(n)``.

>>> from cgteach._budget import budget, budget_seconds
>>> budget_seconds()
60.0
>>> with budget(seconds=5):
...     budget_seconds(), budget_seconds(2)
(5.0, 2.0)
>>> try:
...     refuse_if_over(90, "valuing this board")
... except BudgetError as refusal:
...     print(refusal)  # doctest: +NORMALIZE_WHITESPACE
valuing this board would take about 1.5 min (estimated), over the budget of 60 s;
to wait for it, raise the budget: pass budget=200 to the call, or run it inside
`with cgteach.budget(seconds=200):` (budget=None means no limit)
"""

import contextvars
import math
import os
from contextlib import contextmanager

__all__ = [
    "DEFAULT_SECONDS",
    "PROGRESS_DELAY",
    "BudgetError",
    "budget",
    "budget_seconds",
    "refuse_if_over",
    "progress",
    "describe_seconds",
]

#: The budget when nothing else is said: about a minute of work on the 2-core machine.
DEFAULT_SECONDS = 60.0

#: A progress bar is made for work estimated at this many seconds or more ...
PROGRESS_FROM = 1.0
#: ... and shows only once the work has run this long (quick calls print nothing).
PROGRESS_DELAY = 1.5

_UNSET = object()
_IN_FORCE = contextvars.ContextVar("cgteach_budget_seconds", default=_UNSET)


class BudgetError(ValueError):
    """A computation whose estimated work is over the budget, refused before it starts.

    ``estimate`` and ``budget`` are in seconds (on the 2-core reference machine).
    """

    def __init__(self, message, estimate=None, budget=None):
        super().__init__(message)
        self.estimate = estimate
        self.budget = budget


def _check_seconds(seconds, name="seconds"):
    """``seconds`` as a positive float (``math.inf`` for None), or a clear error."""
    if seconds is None:
        return math.inf
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(
            f"{name} must be a number of seconds (or None for no limit), "
            f"got {type(seconds).__name__}"
        )
    try:
        value = float(seconds)
    except OverflowError:
        value = math.inf
    if math.isnan(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number of seconds (or None), got {value!r}")
    return value


def _default_seconds():
    text = os.environ.get("CGTEACH_BUDGET_SECONDS", "").strip()
    if not text:
        return DEFAULT_SECONDS
    if text.lower() in {"none", "inf", "unlimited"}:
        return math.inf
    try:
        return _check_seconds(float(text), "CGTEACH_BUDGET_SECONDS")
    except (TypeError, ValueError):
        return DEFAULT_SECONDS


@contextmanager
def budget(seconds=DEFAULT_SECONDS):
    """Set the work budget, in seconds, for every cgteach call inside the block.

    ``None`` means no limit.  A ``budget=`` keyword on a call still wins.

    >>> import cgteach
    >>> with cgteach.budget(seconds=600):
    ...     pass
    """
    value = _check_seconds(seconds)
    token = _IN_FORCE.set(value)
    try:
        yield value
    finally:
        _IN_FORCE.reset(token)


def budget_seconds(override=_UNSET):
    """The budget in force: ``override`` if given (None = no limit), else the block's,
    else ``CGTEACH_BUDGET_SECONDS`` or :data:`DEFAULT_SECONDS`."""
    if override is not _UNSET:
        return _check_seconds(override, "budget")
    value = _IN_FORCE.get()
    return _default_seconds() if value is _UNSET else value


def describe_seconds(seconds):
    """Short words for a duration: ``'40 s'``, ``'1.5 min'``, ``'3 h'``, ``'2e+05 years'``."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"seconds must be a number, got {type(seconds).__name__}")
    try:
        seconds = float(seconds)
    except OverflowError:
        seconds = math.inf
    if math.isnan(seconds) or seconds < 0:
        raise ValueError(f"seconds must be a number of seconds, 0 or more, got {seconds!r}")
    if seconds == math.inf:
        return "no limit"
    if seconds < 1:
        return f"{seconds:.2g} s"
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.2g} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.2g} h"
    days = seconds / 86400
    if days < 730:
        return f"{days:.3g} days"
    return f"{days / 365.25:.2g} years"


def _suggest(estimate):
    """A round budget a little above ``estimate`` seconds."""
    target = max(estimate * 2, 1.0)
    magnitude = 10 ** math.floor(math.log10(target))
    for step in (1, 2, 3, 5, 10):
        if step * magnitude >= target:
            return int(step * magnitude) if step * magnitude >= 1 else step * magnitude
    return int(10 * magnitude)  # pragma: no cover


def refuse_if_over(estimate, what, budget=_UNSET):
    """Raise :class:`BudgetError` if ``estimate`` seconds of work is over the budget.

    ``what`` names the work in the user's words ("valuing this 6x6 Domineering
    board"); ``budget`` is the call's ``budget=`` keyword, if it had one.  Returns
    the budget in force when the work may go ahead.
    """
    allowed = budget_seconds(budget)
    # the hard guard: work that can never finish is refused even with no limit
    if not estimate <= allowed or estimate > 1e12:  # also refuses a NaN estimate
        if math.isinf(estimate) or estimate > 1e12:
            raise BudgetError(
                f"{what} would take longer than any budget can wait for "
                f"(estimated {describe_seconds(estimate)}); it is refused whatever the budget",
                estimate,
                allowed,
            )
        suggestion = _suggest(estimate)
        raise BudgetError(
            f"{what} would take about {describe_seconds(estimate)} (estimated), over the "
            f"budget of {describe_seconds(allowed)}; to wait for it, raise the budget: pass "
            f"budget={suggestion} to the call, or run it inside "
            f"`with cgteach.budget(seconds={suggestion}):` (budget=None means no limit)",
            estimate,
            allowed,
        )
    return allowed


class _NoBar:
    """What :func:`progress` gives for quick work: updates that cost nothing."""

    n = 0

    def update(self, n=1):
        self.n += n

    def set_postfix_str(self, text):
        pass


@contextmanager
def progress(total, description, estimate):
    """A progress bar for work estimated at ``estimate`` seconds (``total`` steps).

    Quick work (under :data:`PROGRESS_FROM` seconds) gets a bar that draws nothing;
    longer work a ``tqdm.auto`` bar that appears after :data:`PROGRESS_DELAY` seconds
    and is closed however the work ends (Ctrl-C included).
    """
    if not estimate >= PROGRESS_FROM:
        yield _NoBar()
        return
    from tqdm.auto import tqdm  # only for long work: import cgteach stays light

    bar = tqdm(total=total, desc=description, delay=PROGRESS_DELAY, leave=False)
    try:
        yield bar
    finally:
        bar.close()
