"""Exercises that check themselves: right or wrong, and why.

Every lesson ends with exercises.  Each one has an identifier such as
``"02.1"`` (lesson 02, exercise 1) and a *checker*: a function that takes
the student's answer and says whether it is right, and, when it is not,
why — a counterexample position, the move that refutes a claimed winning
move, the first heap size where a table goes wrong.  The right answers are
never stored as text: every checker computes them from the mathematics of
the package (or by brute force) when it is asked.

>>> from cgteach.exercises import check
>>> check("02.1", [(1, 7)])
✓ Right. The nim sum is 20, and pile 2: 19 → 7 is the only move that makes it 0.
>>> bool(check("02.1", [(1, 8)]))
False

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

A checker module looks like this::

    from cgteach import nim
    from cgteach.exercises import exercise, right, wrong

    @exercise("02.1", "every winning move from [13, 19, 10]",
              solution=lambda: nim.winning_moves([13, 19, 10]),
              wrong=[[], [(0, 7)]])
    def _(answer):
        expected = nim.winning_moves([13, 19, 10])
        if sorted(answer) == expected:
            return right("that is the only one.")
        return wrong("…")
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from cgteach._validate import show as _show

__all__ = ["check", "exercise", "right", "wrong", "Verdict", "Exercise", "get", "all_exercises"]

_ID = re.compile(r"^(\d\d)\.(\d+)$")
_REGISTRY: dict[str, Exercise] = {}


@dataclass(frozen=True)
class Verdict:
    """The answer of :func:`check`: right or not, and a sentence saying why."""

    ok: bool
    message: str
    exercise_id: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        mark = "✓ Right." if self.ok else "✗ Not yet."
        message = self.message[:1].upper() + self.message[1:]  # a sentence starts with a capital
        return f"{mark} {message}".rstrip()

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


@dataclass(frozen=True)
class Exercise:
    """One registered exercise: its id, what it asks, and how to check it."""

    exercise_id: str
    summary: str
    checker: Callable
    solution: Callable
    wrong: tuple = field(default_factory=tuple)

    def check(self, answer) -> Verdict:
        try:
            verdict = self.checker(answer)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError,
                ArithmeticError, RecursionError) as error:
            verdict = wrong(f"I could not read that answer ({type(error).__name__}: {error}). "
                            f"The exercise asks for {self.summary}.")
        if isinstance(verdict, bool):
            verdict = right() if verdict else wrong("")
        if not isinstance(verdict, Verdict):
            raise TypeError(f"the checker of {self.exercise_id} returned {_show(verdict)}, "
                            "not a Verdict")
        return Verdict(verdict.ok, verdict.message, self.exercise_id)


def exercise(exercise_id: str, summary: str, *, solution: Callable, wrong: list | tuple = ()):
    """Register the decorated function as the checker of ``exercise_id``.

    ``summary`` says what the answer is ("the list of winning moves …");
    ``solution`` is a function of no arguments that *computes* a right
    answer; ``wrong`` lists sample answers the checker must reject.
    """
    if not isinstance(exercise_id, str) or not _ID.match(exercise_id):
        raise ValueError(f"an exercise id looks like '02.1', got {_show(exercise_id)}")

    def register(checker):
        _REGISTRY[exercise_id] = Exercise(exercise_id, summary, checker, solution, tuple(wrong))
        return checker

    return register


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


def check(exercise_id: str, answer) -> Verdict:
    """Check ``answer`` to exercise ``exercise_id``; return a :class:`Verdict`.

    The verdict prints as one line, ``✓ Right. …`` or ``✗ Not yet. …``,
    and is truthy exactly when the answer is right.
    """
    return get(exercise_id).check(answer)
