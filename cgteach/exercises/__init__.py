"""Exercises that check themselves: right or wrong, and why.

Every lesson ends with exercises.  Each one has an identifier such as
``"02.1"`` (lesson 02, exercise 1) and a *checker*: a function that takes
the student's answer and says whether it is right, and, when it is not,
why — a counterexample position, the move that refutes a claimed winning
move, the first pile size where a table goes wrong.  The right answers are
never stored as text: every checker computes them from the mathematics of
the package (or by brute force) when it is asked.

>>> from cgteach.exercises import check
>>> check("02.1", [(0, 3)])
✗ Not yet. Pile 1: 13 → 3 leaves [3, 19, 10], whose nim sum is 26, not 0.
>>> bool(check("02.1", [(1, 8)]))
False

(A wrong answer is refuted; a right one is never printed here, so that
``help()`` does not hand an exercise's answer over.)

Offers:

- :func:`check` — ``check(exercise_id, answer)`` returns a :class:`Verdict`,
  which prints as one line starting with ``✓ Right`` or ``✗ Not yet`` and is
  truthy exactly when the answer is right.  It never raises for a strange
  answer: an answer it cannot read is wrong, with the reason.
- :func:`exercise` — the decorator that registers a checker (used by the
  modules ``cgteach.exercises.lessonNN``, one per lesson).
- :func:`right`, :func:`wrong` — build a :class:`Verdict` inside a checker.
- :func:`get`, :func:`all_exercises` — the registered :class:`Exercise`
  entries (used by the tests: each entry knows a way to compute a right
  answer, ``solution()``, and a few wrong answers it must reject, ``wrong``).

**Student code runs guarded.**  The answer is student code: a function
with bugs, a loop without end, an object whose ``==`` always says yes.
Whatever it does becomes a verdict, in one place (:meth:`Exercise.check`):

- an exception raised by the student's function (or by the answer's own
  methods, ``__iter__``, ``__eq__``, ``__repr__`` …) is reported with its
  type, its message and the line of the student's code it came from;
- each call of the student's function has a time limit, :data:`TIME_LIMIT`
  seconds (``check(..., time_limit=0.5)`` changes it), and the whole check
  at most :data:`TOTAL_FACTOR` times that; the verdict states the limit.
  In the main thread (a notebook's kernel runs cells there) the limit is a
  ``SIGALRM`` timer; in another thread a watchdog thread raises the timeout
  in the checking thread.  Both are removed before ``check`` returns.  A
  call stuck inside one C function (``time.sleep`` outside the main
  thread, one huge ``2 ** 10 ** 10``) is stopped only when that returns;
- answers are read with a bound: a list longer than the exercise could
  need, or an endless iterator, is "too long", and never read to the end;
- types are exact, by one rule for every checker (:func:`whole_number`,
  :func:`exact_number`, :func:`read_game`):

  * a **whole number** (a count, a pile, a nim value, an index, a row or a
    column) is an ``int`` or a numpy integer — not ``True``, not ``3.0``,
    not ``"3"``, not a subclass of ``int`` whose ``==`` might say anything;
  * a **number** (a value that may be a fraction: a stalk's value, a
    temperature, a mean) is an ``int``, a numpy integer, a ``Fraction``, a
    ``float`` or numpy float that holds the number exactly (``3.25`` yes,
    ``0.1`` no: as a float it is only close to 1/10), or a text such as
    ``"13/4"``, ``"3.25"`` or ``"−6"`` (a typeset minus is read as ``-``);
    at most :data:`MAX_DIGITS` digits, and no exponents (``"1e9"``), so a
    short text can never make the checker work for minutes;
  * a **game** is a game of the package (``game([3], [0])``, ``UP + STAR``),
    a game as written (``form(...)``, read to its canonical form), a text
    such as ``"{3|0}"`` of at most 200 characters, or a number as above.

  Right answers are compared as plain values that the checker made itself,
  with the package's own comparison — never with the answer's ``==`` or
  its other methods (an object of another class is refused, even if it
  inherits from the package's).

A checker module looks like this::

    from cgteach import nim
    from cgteach.exercises import exercise, read_items, right, wrong

    @exercise("02.1", "every winning move from [13, 19, 10]",
              solution=lambda: nim.winning_moves([13, 19, 10]),
              wrong=[[], [(0, 7)]])
    def _(answer):
        moves = read_items(answer, "the list of winning moves", limit=100)
        ...
        return right("that is the only one.")
"""

from __future__ import annotations

import importlib
import linecache
import math
import os
import pkgutil
import re
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice

from cgteach._validate import show as _show

__all__ = ["check", "exercise", "right", "wrong", "Verdict", "Exercise", "get", "all_exercises",
           "TIME_LIMIT", "TOTAL_FACTOR", "Refusal", "read_items", "whole_number", "read_bool",
           "missing_verdict", "StudentFunction", "require_function", "read_text", "exact_number",
           "read_game", "MAX_DIGITS", "MAX_GAME_TEXT", "MAX_VERDICT"]

#: Seconds one call of the student's function may take.
TIME_LIMIT = 2.0
#: The whole check may take at most this many times the limit of one call.
TOTAL_FACTOR = 10
#: Items read from a list answer unless a checker says otherwise.
MAX_ITEMS = 1000
#: Digits read in a number answer (numerator and denominator each); no answer needs more.
MAX_DIGITS = 60
#: Characters of a verdict's message at most: a longer one is cut, with "…".
MAX_VERDICT = 400

_ID = re.compile(r"^(\d\d)\.(\d+)$")
_REGISTRY: dict[str, Exercise] = {}


# --------------------------------------------------------------------------------------
# Verdicts

@dataclass(frozen=True)
class Verdict:
    """The answer of :func:`check`: right or not, and a sentence saying why.

    The message is shown as the checker wrote it (no letter is changed, so a
    function name such as ``my_mex`` stays as it is spelled).
    """

    ok: bool
    message: str
    exercise_id: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        mark = "✓ Right." if self.ok else "✗ Not yet."
        return f"{mark} {self.message}".rstrip()

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle):  # IPython shows the sentence, not a dataclass repr
        p.text(str(self))


def right(message: str = "") -> Verdict:
    """A verdict saying the answer is right (``message`` may add why)."""
    return Verdict(True, message)


def wrong(message: str) -> Verdict:
    """A verdict saying the answer is wrong, with the reason in ``message``."""
    return Verdict(False, message)


def missing_verdict(listed: int, missing: int, what: str = "move",
                    whose: str = "your list") -> Verdict:
    """The one sentence for a list of winning moves that is right as far as it goes.

    >>> print(missing_verdict(0, 1))
    ✗ Not yet. Your list is empty, but there is 1 winning move.
    >>> print(missing_verdict(2, 3, "cut"))
    ✗ Not yet. Every cut in your list wins, but your list misses 3 winning cuts.
    """
    plural = "" if missing == 1 else "s"
    if listed == 0:
        verb = "is" if missing == 1 else "are"
        return wrong(f"{whose[:1].upper()}{whose[1:]} is empty, but there {verb} {missing} "
                     f"winning {what}{plural}.")
    return wrong(f"Every {what} in {whose} wins, but {whose} misses {missing} winning "
                 f"{what}{plural}.")


# --------------------------------------------------------------------------------------
# Reading an answer: exact types, bounded lengths

class Refusal(ValueError):
    """Raised by a checker when the answer has the wrong shape; the message is the reason.

    Inside :func:`check` a refusal becomes a "✗ Not yet" verdict with this
    message; it never reaches the student as an exception.  Called directly,
    the readers (:func:`whole_number`, :func:`read_items` …) are ordinary
    argument checks, so a refusal is a ``ValueError`` like every other
    refusal of the package:

    >>> isinstance(Refusal("x"), ValueError)
    True
    """


def _numpy():
    return sys.modules.get("numpy")   # never imported here: only present if the student has it


def _kind(x) -> str:
    return type(x).__name__


def _cap(what: str) -> str:
    """``what`` starting a sentence: a capital, unless it starts with code (``my_mex(3)``)."""
    first = what.split(" ", 1)[0]
    if "(" in first or "_" in first:
        return what
    return what[:1].upper() + what[1:]


def whole_number(x, what: str = "the answer") -> int:
    """``x`` as a plain ``int`` if it is exactly a whole number, else a :class:`Refusal`.

    ``int`` and numpy integers are whole numbers; ``True``, ``3.0``, ``"3"``,
    a ``Fraction`` and subclasses of ``int`` are not.  A whole number of more
    than :data:`MAX_DIGITS` digits is refused without being written out
    (Python itself refuses to write an ``int`` of more than 4,300 digits).

    >>> whole_number(7)
    7
    >>> whole_number(7.0, "an edge number")
    Traceback (most recent call last):
    ...
    cgteach.exercises.Refusal: An edge number should be a whole number, not 7.0 (a float).
    """
    kind = type(x)
    if kind is int:
        if _too_many_digits(x):
            raise _digits_refusal(what)
        return x
    np = _numpy()
    if np is not None and issubclass(kind, np.integer):
        return int(x)
    if kind is bool or (np is not None and issubclass(kind, np.bool_)):
        raise Refusal(f"{_cap(what)} should be a whole number, not {x!r} (True and False are not "
                      "numbers here).")
    if issubclass(kind, float) or (np is not None and issubclass(kind, np.floating)):
        raise Refusal(f"{_cap(what)} should be a whole number, not {float(x)!r} (a float).")
    if kind is str:
        raise Refusal(f"{_cap(what)} should be a whole number, not the text {_show(x)} "
                      "(write the number without quotes).")
    if issubclass(kind, int):
        raise Refusal(f"{_cap(what)} should be a plain whole number, not an object of type "
                      f"{kind.__name__} (a kind of int whose == may say anything).")
    raise Refusal(f"{_cap(what)} should be a whole number, not an object of type {kind.__name__}.")


def read_bool(x, what: str) -> bool:
    """``x`` if it is ``True`` or ``False`` (or a numpy bool), else a :class:`Refusal`."""
    kind = type(x)
    if kind is bool:
        return x
    np = _numpy()
    if np is not None and issubclass(kind, np.bool_):
        return bool(x)
    shown = _show(x) if kind in (int, str, float, type(None)) else \
        f"an object of type {kind.__name__}"
    raise Refusal(f"{_cap(what)} should be True or False, not {shown}.")


def read_items(x, what: str, limit: int = MAX_ITEMS, *, ordered: bool = False) -> list:
    """The items of an iterable answer, at most ``limit`` of them, else a :class:`Refusal`.

    Texts, dictionaries and numbers (numpy's too) are not lists here; an
    iterable with more than ``limit`` items (an endless iterator too) is
    refused without being read further.  With ``ordered=True`` (a pair whose
    first and second items mean different things) a set is refused too: a
    set has no order, so its items would come out in whatever order Python
    keeps them.

    >>> read_items({(0, 1), (1, 0)}, "the move", ordered=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cgteach.exercises.Refusal: The move should be a list or a tuple in order, not a set: ...
    """
    kind = type(x)
    if issubclass(kind, (str, bytes, bytearray)):
        raise Refusal(f"{_cap(what)} should be a list, not the text {_show(x)}.")
    if issubclass(kind, Mapping):
        raise Refusal(f"{_cap(what)} should be a list, not a dictionary.")
    if ordered and issubclass(kind, (set, frozenset)):
        raise Refusal(f"{_cap(what)} should be a list or a tuple in order, not a set: a set has "
                      "no order, so the checker cannot tell its first item from its second.")
    np = _numpy()
    if np is not None and issubclass(kind, np.generic):     # np.int64(2) has __getitem__
        raise Refusal(f"{_cap(what)} should be a list, not a single number.")
    if not (hasattr(kind, "__iter__") or hasattr(kind, "__getitem__")):
        shown = _show(x) if kind in (int, float, type(None), Fraction) else \
            f"an object of type {kind.__name__}"
        raise Refusal(f"{_cap(what)} should be a list, not {shown}.")
    items = list(islice(iter(x), limit + 1))
    if len(items) > limit:
        raise Refusal(f"{_cap(what)} is too long: it goes on past {limit} items (this exercise "
                      f"needs far fewer), so the checker stopped reading it.")
    return items


def read_text(x, what: str, limit: int = 200) -> str:
    """``x`` if it is exactly a ``str`` of at most ``limit`` characters."""
    if type(x) is not str:
        shown = _show(x) if type(x) in (int, float) else f"an object of type {_kind(x)}"
        raise Refusal(f"{_cap(what)} should be a text, not {shown}.")
    if len(x) > limit:
        raise Refusal(f"{_cap(what)} is a text of {len(x)} characters; at most {limit} are read.")
    return x


_NUMBER_TEXT = re.compile(r"[+-]?(\d+)(?:\.(\d+))?(?:/(\d+))?")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-"})   # a typeset minus, an en dash


def _too_many_digits(n: int) -> bool:
    # Counted from the bits, never by str(n): an int of 5,000 digits cannot be written out.
    n = abs(n)
    return n.bit_length() > MAX_DIGITS * 3.33 or (n.bit_length() > 190 and len(str(n)) > MAX_DIGITS)


def _digits_refusal(what: str) -> Refusal:
    return Refusal(f"{_cap(what)} has more than {MAX_DIGITS} digits; no answer to this "
                   "exercise is anywhere near that long, so the checker does not read it.")


def exact_number(x, what: str = "the value") -> Fraction:
    """``x`` as an exact ``Fraction`` if it is a number as the lessons write one.

    An ``int`` or numpy integer, a ``Fraction``, a ``float`` (or numpy
    float) that holds the number exactly, or a text such as ``"13/4"``,
    ``"-3.25"`` or ``"−6"``; anything else is a :class:`Refusal` with the
    reason.  At most :data:`MAX_DIGITS` digits are read.

    >>> exact_number("−13/4")
    Fraction(-13, 4)
    >>> exact_number(3.25)
    Fraction(13, 4)
    >>> exact_number(0.1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cgteach.exercises.Refusal: The value should be a number held exactly: the float 0.1 is ...
    >>> exact_number("1e100000000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cgteach.exercises.Refusal: The value should be a number written out, ... (no exponents: ...
    """
    kind = type(x)
    np = _numpy()
    if kind is Fraction:
        if _too_many_digits(x.numerator) or _too_many_digits(x.denominator):
            raise _digits_refusal(what)
        return x
    if kind is float or (np is not None and issubclass(kind, np.floating)):
        x = float(x)
        if x != x or x in (float("inf"), float("-inf")):
            raise Refusal(f"{_cap(what)} should be a number, not {x!r}.")
        exact = Fraction(x)   # a float holds a dyadic number exactly
        if exact.denominator > 2**30 or _too_many_digits(exact.numerator):
            raise Refusal(f"{_cap(what)} should be a number held exactly: the float {x!r} is "
                          "only close to the number you mean; give it as a text such as "
                          "'1/10' or as Fraction(1, 10).")
        return exact
    if kind is str:
        if len(x) > 3 * MAX_DIGITS:
            raise _digits_refusal(what)
        text = x.translate(_MINUS).replace(" ", "")
        match = _NUMBER_TEXT.fullmatch(text)
        if match is None:
            if re.fullmatch(r"[+-]?[\d.]+[eE][+-]?\d+", text):
                raise Refusal(f"{_cap(what)} should be a number written out, such as 3, '13/4' "
                              f"or '3.25', not the text {_show(x)} (no exponents: the checker "
                              "reads plain digits).")
            shown = "the empty text ''" if not x.strip() else f"the text {_show(x)}"
            raise Refusal(f"{_cap(what)} should be a number such as 3, Fraction(1, 2) or '1/2', "
                          f"not {shown}.")
        whole, decimals, below = match.groups()
        if any(part is not None and len(part) > MAX_DIGITS for part in (whole, decimals, below)):
            raise _digits_refusal(what)
        if below is not None and int(below) == 0:
            raise Refusal(f"{_show(x)} divides by zero.")
        return Fraction(text)
    try:
        n = whole_number(x, what)
    except Refusal as refusal:
        raise Refusal(f"{refusal} A value is a number such as 3, Fraction(3, 4) or "
                      "'3/4'.") from None
    if _too_many_digits(n):
        raise _digits_refusal(what)
    return Fraction(n)


def _package_game_types() -> tuple:
    from cgteach import games
    from cgteach.games._forms import _Written

    return games.Game, _Written    # a canonical game, and a game as written by game()/parse()


#: Characters of a game's written form that :func:`read_game` reads (a text, or the name the
#: package writes for a game object); every answer of the lessons is far shorter.
MAX_GAME_TEXT = 200

# Spaces a student may leave between the parts of a game's name ("⇑ *", "3 · ↑"): dropped.
_PART_SPACE = re.compile(r"\s+(?=[*↑↓⇑⇓·])|(?<=·)\s+")


def _written_form(x, kind, what: str) -> str:
    """The name the package writes for a game object of its own (``str``), never longer than
    :data:`MAX_GAME_TEXT`: the class's own method, so an object whose insides were replaced
    cannot answer for itself."""
    try:
        text = kind.__str__(x)
    except Exception:          # a game whose insides were replaced, or a number too long to write
        text = None
    if type(text) is not str:
        raise Refusal(f"The package cannot write {what} out (is it a game whose insides were "
                      "changed?). The checker reads a game only as the package writes it, "
                      "never by asking the object itself, so it cannot read this one.")
    if len(text) > MAX_GAME_TEXT:
        raise Refusal(f"{_cap(what)} takes {len(text)} characters to write out; the answer is "
                      f"far shorter, so the checker reads at most {MAX_GAME_TEXT}.")
    return text


def read_game(x, what: str = "the game", *, born_by: int | None = None):
    """``x`` as a canonical game of the package, made by the package itself.

    A :class:`~cgteach.games.Game` (exactly that class: a subclass might
    answer ``==`` as it likes) or a :class:`~cgteach.games.Form` is read
    through its written form: the package writes it out (``str``) and reads
    the text back with :func:`~cgteach.games.parse`, so the checker never
    asks the answer object what it is worth.  A text of at most
    :data:`MAX_GAME_TEXT` characters such as ``"{3|0}"`` or ``"⇑ *"`` (a
    typeset minus ``−`` is read as ``-``; spaces between the parts of a name
    are allowed), or a number as :func:`exact_number` reads it (``"-2.5"``
    too).  Anything else is a :class:`Refusal`.  With ``born_by``, a game
    born after that day is refused at once: the answers of the exercises are
    born early, and a game born late can take the checker seconds to compare.

    >>> print(read_game("{3 | {2 | −4}}"), read_game("⇑ *"), read_game("-2.5"))
    {3|{2|-4}} ⇑* -5/2
    """
    from cgteach import games

    kind = type(x)
    if kind in _package_game_types() or kind is games.Form:
        x = _written_form(x, kind, what)
    elif kind is str:
        x = read_text(x, what, MAX_GAME_TEXT)
    if type(x) is str:
        text = x.translate(_MINUS)
        if not text.strip():
            raise Refusal(f"{_cap(what)} should be a game such as game([3], [0]) or a text "
                          "such as '{3|0}', not the empty text ''.")
        odd = next((ch for ch in text if ch.isnumeric() and ch not in "0123456789"), None)
        if odd is not None:
            raise Refusal(f"{_cap(what)} is written with the digits 0 to 9; {odd!r} is not one "
                          "of them.")
        if re.search(rf"\d{{{MAX_DIGITS + 1}}}", text):
            raise _digits_refusal(what)
        if _NUMBER_TEXT.fullmatch(text.replace(" ", "")):
            return games.number(exact_number(text, what))     # "-2.5", "13/4"
        try:
            value = games.parse(_PART_SPACE.sub("", text))
        except ValueError as error:
            raise Refusal(f"I cannot read {_show(x)} as a game: {_show_error(error)}") from None
        value = value._core      # the canonical game of a value parse has just made
    elif kind in (int, Fraction, float) or (_numpy() is not None and issubclass(
            kind, (_numpy().integer, _numpy().floating))):
        value = games.number(exact_number(x, what))
    elif issubclass(kind, games.Game):
        raise Refusal(f"{_cap(what)} should be a game made by the package (game(...), parse(...), "
                      f"UP + STAR …), not an object of type {kind.__name__}, whose == might say "
                      "anything.")
    else:
        shown = _show(x) if kind in (bool, type(None)) else f"an object of type {kind.__name__}"
        raise Refusal(f"{_cap(what)} should be a game, such as game([3], [0]) or UP + STAR, or a "
                      f"text such as '{{3|0}}', not {shown}.")
    if born_by is not None and value.birthday() > born_by:
        raise Refusal(f"{_cap(what)} is born after day {born_by}; the answer is born far "
                      "earlier, so the checker does not compare it.")
    return value


def _show_error(error: BaseException) -> str:
    """The message of a refusal of the package, at most a few hundred characters."""
    text = str(error)
    return text if len(text) <= 300 else text[:299] + "…"


# --------------------------------------------------------------------------------------
# Time limits: one stack of deadlines per thread

class _TimeUp(BaseException):
    """Raised inside student code when a deadline passes (not an Exception: a student's
    ``except Exception`` must not swallow it)."""


class _CallTimeUp(_TimeUp):
    pass


class _TotalTimeUp(_TimeUp):
    pass


_REFIRE = 0.25   # thread mode: seconds between repeated timeouts, if student code swallows one
_TICK = 0.02     # signal mode: the timer ticks this often while a check runs


class _Alarms(threading.local):
    def __init__(self):
        self.stack: list = []      # [deadline, exception class], innermost last
        self.saved = None          # signal mode: what had SIGALRM before us
        self.tracing = None        # signal mode: (the trace function before us,) if we set one
        self.watchdog = None       # thread mode: the watchdog thread


_ALARMS = _Alarms()


def _signal_mode() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _expired():
    now = time.monotonic()
    for entry in reversed(_ALARMS.stack):      # the innermost expired deadline speaks
        if entry[0] <= now:
            return entry
    return None


def _tracer(frame, event, arg):
    # Set only after student code swallowed a timeout (a bare ``except:`` in a loop): then
    # the timeout is raised again at the next line, which is in the ``except`` clause
    # itself, so it leaves the ``try`` that swallowed it.
    if frame.f_code in _QUIET:
        return None
    if event == "line":   # not "exception": raising there would only replace the timeout
        entry = _expired()
        if entry is not None:
            raise entry[1]()
    return _tracer


def _on_alarm(signum, frame):
    # Runs at every tick of the timer while a check runs: a tick costs a few microseconds,
    # far less than setting a timer for each call of the student's function.
    a = _ALARMS
    if not a.stack or (frame is not None and frame.f_code in _QUIET):
        return   # between our own steps: the next tick comes shortly
    entry = _expired()
    if entry is None:
        return
    if entry[2]:    # raised before, and still running: the student's code swallowed it
        if a.tracing is None:
            a.tracing = (sys.gettrace(),)
        sys.settrace(_tracer)
        f = frame
        while f is not None and f.f_code not in _QUIET:
            f.f_trace = _tracer
            f = f.f_back
    entry[2] += 1
    raise entry[1]()


def _async_raise(ident: int, exc) -> None:
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                               ctypes.py_object(exc) if exc else None)


class _Watchdog(threading.Thread):
    """Raises a timeout in another thread (where SIGALRM cannot reach) when a deadline passes."""

    def __init__(self, stack, ident):
        super().__init__(name="cgteach-exercise-watchdog", daemon=True)
        self.stack, self.target = stack, ident
        self.wake = threading.Condition()
        self.stopped = False

    def run(self):
        with self.wake:
            while not self.stopped:
                now = time.monotonic()
                entries = list(self.stack)
                if not entries:
                    self.wake.wait()
                    continue
                expired = [e[1] for e in entries if e[0] <= now]
                if expired:
                    _async_raise(self.target, expired[-1])
                    self.wake.wait(_REFIRE)
                else:
                    self.wake.wait(min(e[0] for e in entries) - now)


def _push(seconds: float, exc) -> list:
    a = _ALARMS
    entry = [time.monotonic() + seconds, exc, 0]   # deadline, exception, times raised
    if not a.stack:
        if _signal_mode():
            if a.saved is None:
                a.saved = (signal.getsignal(signal.SIGALRM),
                           *signal.getitimer(signal.ITIMER_REAL), time.monotonic())
            signal.signal(signal.SIGALRM, _on_alarm)
            signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)
        else:
            a.watchdog = _Watchdog(a.stack, threading.get_ident())
            a.watchdog.start()
    if a.watchdog is not None:
        with a.watchdog.wake:
            a.stack.append(entry)
            a.watchdog.wake.notify()
    else:
        a.stack.append(entry)
    return entry


def _remove(stack: list, entry) -> None:
    for i, other in enumerate(stack):
        if other is entry:
            del stack[i]
            return


def _pop(entry) -> None:
    """Undo :func:`_push`; safe to call again if a timeout interrupted it."""
    a = _ALARMS
    if a.watchdog is not None:
        with a.watchdog.wake:
            _remove(a.stack, entry)
            a.watchdog.wake.notify()
    else:
        _remove(a.stack, entry)
    if a.tracing is not None and (not a.stack or entry[2]):
        sys.settrace(a.tracing[0])   # the escalation is over (see _on_alarm)
        a.tracing = None
    if a.stack:
        return
    if a.watchdog is not None:
        dog = a.watchdog
        with dog.wake:
            dog.stopped = True
            dog.wake.notify()
        dog.join()
        a.watchdog = None
        _async_raise(threading.get_ident(), None)   # drop a timeout not yet delivered
    elif a.saved is not None:
        handler, delay, interval, since = a.saved
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler if handler is not None else signal.SIG_DFL)
        a.saved = None
        if delay:   # someone else's timer was running: give back what is left of it
            signal.setitimer(signal.ITIMER_REAL,
                             max(delay - (time.monotonic() - since), 1e-3), interval)


def _inside_check(frame) -> bool:
    """Whether ``frame`` or one of its callers is a running :meth:`Exercise.check`."""
    while frame is not None:
        if frame.f_code is Exercise.check.__code__:
            return True
        frame = frame.f_back
    return False


def _reset_alarms() -> None:
    """Remove every deadline, timer, handler, trace and watchdog of checks no longer running.

    A Ctrl-C (``KeyboardInterrupt``) may arrive at any step of :func:`_push` or
    :func:`_pop`; the outermost check calls this first, so the next check
    starts as in a fresh process: no stale deadline fires in it, and no timer
    of ours keeps ticking.
    """
    a = _ALARMS
    a.stack.clear()
    if a.tracing is not None:
        sys.settrace(a.tracing[0])
        a.tracing = None
    if a.watchdog is not None:
        dog = a.watchdog
        with dog.wake:
            dog.stopped = True
            dog.wake.notify()
        dog.join()
        a.watchdog = None
        _async_raise(threading.get_ident(), None)
    if not _signal_mode():
        return
    ours = signal.getsignal(signal.SIGALRM) is _on_alarm
    if a.saved is not None or ours:
        handler, delay, interval, since = a.saved or (signal.SIG_DFL, 0.0, 0.0, 0.0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        if handler is _on_alarm or handler is None:
            handler = signal.SIG_DFL
        signal.signal(signal.SIGALRM, handler)
        a.saved = None
        if delay and handler is not signal.SIG_DFL:
            signal.setitimer(signal.ITIMER_REAL,
                             max(delay - (time.monotonic() - since), 1e-3), interval)


def _limited(seconds: float, exc, func, *args):
    """``func(*args)``, raising ``exc`` inside it if it runs longer than ``seconds``."""
    entry = _push(seconds, exc)
    try:
        return func(*args)
    finally:
        interrupted = None
        while True:          # a timeout or a Ctrl-C raised during the clean-up must not skip it
            try:
                _pop(entry)
                break
            except _TimeUp:
                continue
            except KeyboardInterrupt as error:
                interrupted = error
                continue
        if interrupted is not None:
            raise interrupted


# --------------------------------------------------------------------------------------
# Where an exception came from, in the student's code

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_LIBRARY = tuple({os.path.abspath(p) + os.sep for k, p in sysconfig.get_paths().items()
                  if k in ("stdlib", "platstdlib", "purelib", "platlib")})


def _is_student_file(filename: str) -> bool:
    if filename.startswith("<frozen") or not filename:
        return False
    if filename.startswith("<"):
        return True                       # code typed in: exec(), an old IPython cell
    path = os.path.abspath(filename)
    return not path.startswith(_PACKAGE) and not path.startswith(_LIBRARY)


def _where(error: BaseException) -> str:
    """' (line 3 of cell In[5]: return x)' for the last frame of student code, or ''."""
    place = None
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if _is_student_file(code.co_filename):
            place = (code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    if place is None:
        return ""
    filename, line = place
    where = os.path.basename(filename)
    shell = None
    if "IPython" in sys.modules:
        try:
            shell = sys.modules["IPython"].get_ipython()
            name = shell.compile.format_code_name(filename) if shell else None
            if name:
                where = f"cell {name[1]}" if name[0].lower() == "cell" else " ".join(name)
        except Exception:   # an IPython without this helper: the file name will do
            pass
    source = linecache.getline(filename, line).strip()
    if len(source) > 80:
        source = source[:79] + "…"
    return f" (line {line} of {where}" + (f": {source})" if source else ")")


def _error_text(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:     # a student's exception whose str fails
        text = ""
    if len(text) > 200:
        text = text[:199] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# --------------------------------------------------------------------------------------
# The student's function, called under a time limit

class _StudentFailed(Exception):
    """The student's function raised or ran out of time; the message is the verdict."""


class StudentFunction:
    """The student's function as a checker sees it: each call is timed and guarded.

    A call that raises, or takes more than the time limit, ends the check
    with a verdict that shows the call, what happened and where.
    """

    def __init__(self, func, name: str, limit: float):
        self.func, self.limit = func, limit
        own = getattr(func, "__name__", None)
        self.name = own if type(own) is str and own.isidentifier() else name
        self.calls = 0

    def __call__(self, *args, shown: str | None = None):
        self.calls += 1
        try:
            return _limited(self.limit, _CallTimeUp, self.func, *args)
        except _CallTimeUp:
            shown = shown or self._shown(args)
            raise _StudentFailed(f"{shown} took more than {self.limit:g} s, the time limit "
                                 "for one call; is there a loop that never ends?") from None
        except (_TotalTimeUp, KeyboardInterrupt):
            raise
        except BaseException as error:     # SystemExit too: the student's code called exit()
            shown = shown or self._shown(args)
            raise _StudentFailed(f"{shown} raised {_error_text(error)}{_where(error)}.") from None

    def _shown(self, args) -> str:
        return f"{self.name}({', '.join(_show(a) for a in args)})"


# code objects in which a SIGALRM timeout waits for the next tick instead of raising
_QUIET = {f.__code__ for f in (_on_alarm, _tracer, _expired, _remove, _push, _pop, _limited)} | {
    StudentFunction.__call__.__code__}


# --------------------------------------------------------------------------------------
# Exercises

def _as_time_limit(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or not 0 < value <= 600:
        raise ValueError(f"time_limit must be a number of seconds above 0 and at most 600, "
                         f"got {_show(value)}")
    return float(value)


@dataclass(frozen=True)
class Exercise:
    """One registered exercise: its id, what it asks, and how to check it.

    ``function`` is the name the lesson gives the student's function (for
    exercises whose answer is a function), used in messages when the
    student's own function has no name (a lambda).
    """

    exercise_id: str
    summary: str
    checker: Callable
    solution: Callable
    wrong: tuple = field(default_factory=tuple)
    function: str | None = None

    def __reduce__(self):
        # pickled (and deep-copied) by its id: its checker is a function registered under
        # a shared name, which pickle cannot find by name; the registry can
        return (get, (self.exercise_id,))

    def check(self, answer, *, time_limit: float = TIME_LIMIT) -> Verdict:
        """Check ``answer``; whatever it does, return a :class:`Verdict`.

        ``time_limit`` is the number of seconds one call of the student's
        function may take; the whole check may take :data:`TOTAL_FACTOR`
        times as long.
        """
        limit = _as_time_limit(time_limit)
        total = limit * TOTAL_FACTOR
        if not _inside_check(sys._getframe(1)):
            _reset_alarms()       # what a Ctrl-C in an earlier check may have left behind
        student = None
        if self.function is not None and callable(answer):
            student = StudentFunction(answer, self.function, limit)
            answer = student
        try:
            verdict = _limited(total, _TotalTimeUp, self.checker, answer)
        except KeyboardInterrupt:
            raise
        except _StudentFailed as failure:
            verdict = wrong(str(failure))
        except Refusal as refusal:
            verdict = wrong(str(refusal))
        except _CallTimeUp:
            verdict = wrong(f"A call of your function took more than {limit:g} s, the time "
                            "limit for one call.")
        except _TotalTimeUp:
            if student is not None and student.calls:
                verdict = wrong(f"Checking took more than {total:g} s in all (the limit is "
                                f"{TOTAL_FACTOR} × {limit:g} s) after {student.calls} calls of "
                                f"{student.name}: it is too slow over the many positions "
                                "the checker tries.")
            else:
                verdict = wrong(f"Reading your answer took more than {total:g} s (the limit "
                                "for a whole check): does something in it run without end?")
        except BaseException as error:     # the answer's own methods, or SystemExit
            where = _where(error)
            if where:
                verdict = wrong(f"Reading your answer raised {_error_text(error)}{where}.")
            else:
                verdict = wrong(f"I could not read that answer ({_error_text(error)}). "
                                f"The exercise asks for {self.summary}.")
        if isinstance(verdict, bool):
            verdict = right() if verdict else wrong("")
        if not isinstance(verdict, Verdict):
            raise TypeError(f"the checker of {self.exercise_id} returned {_show(verdict)}, "
                            "not a Verdict")
        message = verdict.message
        if len(message) > MAX_VERDICT:     # a sentence to read, never pages of a game
            message = message[:MAX_VERDICT - 1] + "…"
        return Verdict(verdict.ok, message, self.exercise_id)


_QUIET.add(Exercise.check.__code__)


def exercise(exercise_id: str, summary: str, *, solution: Callable, wrong: list | tuple = (),
             function: str | None = None):
    """Register the decorated function as the checker of ``exercise_id``.

    ``summary`` says what the answer is ("the list of winning moves …");
    ``solution`` is a function of no arguments that *computes* a right
    answer; ``wrong`` lists sample answers the checker must reject;
    ``function`` (for an answer that is a function) is the name the lesson
    gives it: the checker then receives a :class:`StudentFunction`.
    """
    if not isinstance(exercise_id, str) or not _ID.match(exercise_id):
        raise ValueError(f"an exercise id looks like '02.1', got {_show(exercise_id)}")

    def register(checker):
        _REGISTRY[exercise_id] = Exercise(exercise_id, summary, checker, solution, tuple(wrong),
                                          function)
        return checker

    return register


def require_function(answer, what: str) -> StudentFunction:
    """The answer if it is the student's (guarded) function, else a :class:`Refusal`."""
    if isinstance(answer, StudentFunction):
        return answer
    raise Refusal(f"The answer should be a function: {what}. Give the function itself "
                  "(answer = my_function), without calling it.")


def _lesson_modules() -> list[str]:
    import cgteach.exercises as package

    return sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                  if re.fullmatch(r"lesson\d\d", m.name))


def _load(lesson: str) -> None:
    name = f"lesson{lesson}"
    if name in _lesson_modules():
        importlib.import_module(f"cgteach.exercises.{name}")


def get(exercise_id: str) -> Exercise:
    """Return the registered :class:`Exercise` called ``exercise_id``."""
    if not isinstance(exercise_id, str):
        raise TypeError(f"an exercise id is a string such as '02.1', got {_show(exercise_id)}")
    match = _ID.match(exercise_id.strip())
    if not match:
        raise ValueError(f"an exercise id looks like '02.1' (lesson, dot, number), "
                         f"got {_show(exercise_id)}")
    exercise_id = exercise_id.strip()
    _load(match.group(1))
    if exercise_id not in _REGISTRY:
        known = sorted(k for k in _REGISTRY if k.startswith(match.group(1) + "."))
        hint = f"lesson {match.group(1)} has {', '.join(known)}" if known else \
            f"lesson {match.group(1)} has no exercises"
        raise ValueError(f"there is no exercise {_show(exercise_id)}: {hint}")
    return _REGISTRY[exercise_id]


def all_exercises() -> list[Exercise]:
    """Every registered exercise of every lesson, in order."""
    for name in _lesson_modules():
        importlib.import_module(f"cgteach.exercises.{name}")

    def order(key):
        lesson, number = key.split(".")
        return int(lesson), int(number)

    return [_REGISTRY[k] for k in sorted(_REGISTRY, key=order)]


def check(exercise_id: str, answer, *, time_limit: float = TIME_LIMIT) -> Verdict:
    """Check ``answer`` to exercise ``exercise_id``; return a :class:`Verdict`.

    The verdict prints as one line, ``✓ Right. …`` or ``✗ Not yet. …``,
    and is truthy exactly when the answer is right.  ``time_limit`` is the
    number of seconds one call of a student's function may take (default
    :data:`TIME_LIMIT`); the whole check may take :data:`TOTAL_FACTOR` times
    as long.
    """
    return get(exercise_id).check(answer, time_limit=time_limit)
