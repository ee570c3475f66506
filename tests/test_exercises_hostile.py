"""The checkers against hostile answers: whatever a student hands in, a verdict, in time.

A student's answer is student code.  Each exercise is fed the kinds of
answers of the hostile battery — a function that raises (NameError,
RuntimeError, StopIteration, AssertionError, MemoryError, SystemExit), a
function that sleeps or loops forever, an endless iterable, an object
whose ``==`` always says yes (or whose methods raise), ``True`` for 1, a
float or a string for a whole number, huge numbers — and must answer with a
wrong verdict (never an exception, never a hang), within the time limit it
states.  Numpy integers are whole numbers: the solution written with them is
still right.

The time limits are made small here (``time_limit=``, a documented
parameter of ``check``) so that the file runs in a few seconds.
"""

from __future__ import annotations

import itertools
import re
import signal
import sys
import threading
import time
from fractions import Fraction

import pytest

from cgteach import games
from cgteach.exercises import (
    TOTAL_FACTOR,
    Refusal,
    Verdict,
    all_exercises,
    check,
    exercise,
    get,
    read_items,
    whole_number,
)

EXERCISES = all_exercises()
IDS = [ex.exercise_id for ex in EXERCISES]
FUNCTION_EXERCISES = [ex for ex in EXERCISES if ex.function is not None]
SMALL = 0.05          # seconds: the per-call limit used for slow answers below
SLACK = 1.5           # seconds allowed on top of a limit on a loaded 2-core machine


def _timed(exercise_id, answer, **kwargs) -> tuple[Verdict, float]:
    start = time.monotonic()
    verdict = check(exercise_id, answer, **kwargs)
    return verdict, time.monotonic() - start


def _no_alarm_left():
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
    assert not [t for t in threading.enumerate() if t.name.startswith("cgteach")]


# --- answers rebuilt with other kinds of numbers ---------------------------------------

class AlwaysEqual(int):
    """An int that says it equals everything."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class Counter:
    changed = 0


def _rebuild(x, convert, seen: Counter):
    """``x`` with every plain int inside (lists, tuples, sets, function results) converted."""
    if type(x) is int:
        y = convert(x)
        seen.changed += type(y) is not int
        return y
    if type(x) in (list, tuple):
        return type(x)(_rebuild(i, convert, seen) for i in x)
    if type(x) is set:
        return {_rebuild(i, convert, seen) for i in x}
    if callable(x) and not isinstance(x, (games.Game, games.Form)):
        def rebuilt(*args):
            return _rebuild(x(*args), convert, seen)
        return rebuilt
    return x


def _numpy_int(n):
    np = pytest.importorskip("numpy")
    return np.int64(n) if -2**63 <= n < 2**63 else n


# Function exercises with thousands of calls are left out here (numpy scalars are slow
# to make); three of them stand for the rest.
NUMPY_EXERCISES = [ex for ex in EXERCISES
                   if ex.function is None or ex.exercise_id in ("00.4", "02.5", "03.1")]


@pytest.mark.parametrize("ex", NUMPY_EXERCISES, ids=lambda ex: ex.exercise_id)
def test_numpy_integers_are_whole_numbers(ex):
    seen = Counter()
    answer = _rebuild(ex.solution(), _numpy_int, seen)
    verdict = check(ex.exercise_id, answer)
    assert verdict.ok, str(verdict)


DISGUISES = [("always-equal int", AlwaysEqual), ("float", float), ("string", str),
             ("bool", lambda n: bool(n) if n in (0, 1) else n)]


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_other_kinds_of_numbers_are_not_whole_numbers(ex):
    for kind, convert in DISGUISES:
        seen = Counter()
        answer = _rebuild(ex.solution(), convert, seen)
        verdict, took = _timed(ex.exercise_id, answer)
        if not seen.changed:
            continue   # this solution holds no whole number to disguise
        assert not verdict.ok, f"{ex.exercise_id} accepted its solution with {kind}s: {verdict}"
        assert str(verdict).startswith("✗ Not yet. ")
        assert took < 5


def test_the_issues_examples_of_exact_types():
    assert not check("00.3", [True, 5, 9, 13, 17])
    assert not check("00.4", lambda n: True if n % 4 == 1 else (n % 4 or 1))
    assert "not a whole number" not in str(check("01.2", _numpy_int(120)))
    assert check("01.2", _numpy_int(120)) and check("02.2", _numpy_int(64))
    assert check("03.2", _numpy_int(7)) and check("03.3", _numpy_int(1))
    assert not check("06.5", ([0.9, 4.9, 7.9], []))
    assert not check("06.5", (["0", "4", "7"], []))
    for exercise_id, answer in (("05.2", [7.0, 11, 12]), ("08.3", [1.0, 6])):
        message = str(check(exercise_id, answer))
        assert "should be a whole number, not 7.0" in message or "not 1.0" in message
        assert "not an edge" not in message


# --- functions that raise, sleep or loop -----------------------------------------------

def _undefined(*args):
    return undefined_name  # noqa: F821  (the student's typo)


def _raises(kind):
    def student(*args):
        raise kind("boom")
    return student


def _exits(*args):
    sys.exit(3)


RAISING = [(_undefined, "NameError: name 'undefined_name' is not defined"),
           (lambda *a: undefined_name, "NameError"),  # noqa: F821
           (_raises(RuntimeError), "RuntimeError: boom"),
           (_raises(StopIteration), "StopIteration: boom"),
           (_raises(AssertionError), "AssertionError: boom"),
           (_raises(MemoryError), "MemoryError: boom"),
           (_raises(RecursionError), "RecursionError: boom"),
           (_exits, "SystemExit: 3")]


@pytest.mark.parametrize("ex", FUNCTION_EXERCISES, ids=lambda ex: ex.exercise_id)
def test_a_raising_function_gets_a_verdict_naming_the_error_and_the_line(ex):
    for student, expected in RAISING:
        verdict, took = _timed(ex.exercise_id, student)
        text = str(verdict)
        assert not verdict.ok
        assert expected in text, text
        assert "raised" in text
        # the line of the student's code it came from
        assert re.search(r"\(line \d+ of test_exercises_hostile\.py: ", text), text
        name = getattr(student, "__name__", "")
        shown = name if name.isidentifier() else ex.function
        assert text.startswith(f"✗ Not yet. {shown}("), text   # the name as spelled
        assert took < 5


def test_non_function_exercises_refuse_a_function():
    for ex in EXERCISES:
        if ex.function is None:
            assert not check(ex.exercise_id, _undefined).ok


def _sleeps(*args):
    time.sleep(30)


def _loops(*args):
    while True:
        pass


def _swallows(*args):
    # a student's loop that catches everything: the timeout comes back until it gives up
    for _ in range(10**9):
        try:
            while True:
                pass
        except BaseException:   # noqa: S110  (the student's bad habit)
            pass


@pytest.mark.parametrize("student", [_sleeps, _loops], ids=["sleeps", "loops"])
@pytest.mark.parametrize("ex", FUNCTION_EXERCISES, ids=lambda ex: ex.exercise_id)
def test_a_slow_function_is_stopped_at_the_stated_limit(ex, student):
    verdict, took = _timed(ex.exercise_id, student, time_limit=SMALL)
    assert not verdict.ok
    assert f"took more than {SMALL:g} s" in str(verdict)
    assert took < SMALL + SLACK
    _no_alarm_left()


def test_a_function_that_swallows_the_timeout_is_stopped_all_the_same():
    tracing = sys.gettrace()
    verdict, took = _timed("03.1", _swallows, time_limit=SMALL)
    assert not verdict.ok
    assert "took more than" in str(verdict)
    assert took < SMALL * TOTAL_FACTOR + SLACK
    assert sys.gettrace() is tracing      # the line tracing used to stop it is gone
    _no_alarm_left()


def test_a_function_slow_over_many_calls_meets_the_total_limit():
    # each call far under the per-call limit (a twentieth: a busy machine's late
    # wake-up from the sleep must not turn it into a slow single call), many calls over
    # the total
    limit = 4 * SMALL

    def slowish(n):
        time.sleep(limit / 20)
        return n % 3 == 0

    verdict, took = _timed("00.1", slowish, time_limit=limit)
    assert not verdict.ok
    assert f"took more than {limit * TOTAL_FACTOR:g} s in all" in str(verdict)
    assert "slowish" in str(verdict)
    assert took < limit * TOTAL_FACTOR + SLACK


def test_keyboard_interrupt_is_the_students_own_and_goes_through():
    def interrupted(n):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check("00.1", interrupted)
    _no_alarm_left()


# --- endless, hostile and odd answers --------------------------------------------------

class Hostile:
    """An answer every one of whose methods raises."""

    def __eq__(self, other):
        raise ValueError("eq")

    def __hash__(self):
        raise ValueError("hash")

    def __iter__(self):
        raise ValueError("iter")

    def __bool__(self):
        raise ValueError("bool")

    def __repr__(self):
        raise ValueError("repr")

    def __len__(self):
        raise ValueError("len")

    def __index__(self):
        raise ValueError("index")


class Yes:
    """Equal to everything, hashable, iterable as nothing."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def _endless_generator():
    while True:
        yield (1, 7)


ODD_ANSWERS = {
    "repeat": lambda: itertools.repeat(1),
    "count": lambda: itertools.count(),
    "repeat-pairs": lambda: itertools.repeat((1, 7)),
    "generator": _endless_generator,
    "huge range": lambda: range(10**18),
    "hostile": Hostile,
    "yes": Yes,
    "list of yes": lambda: [Yes()] * 3,
    "list of hostile": lambda: [Hostile()],
    "True": lambda: True,
    "False": lambda: False,
    "float": lambda: 2.5,
    "nan": lambda: float("nan"),
    "string": lambda: "7",
    "bytes": lambda: b"\x07",
    "None": lambda: None,
    "dict": lambda: {1: 7},
    "huge": lambda: 10**9,
    "enormous": lambda: 10**5000,
    "negative": lambda: -(10**100),
    "Fraction": lambda: Fraction(1, 3),
    "long text": lambda: "{" * 100_000,
}


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_odd_answers_get_a_wrong_verdict_quickly(ex):
    for kind, make in ODD_ANSWERS.items():
        verdict, took = _timed(ex.exercise_id, make())
        assert isinstance(verdict, Verdict)
        assert not verdict.ok, f"{ex.exercise_id} accepted {kind}: {verdict}"
        assert str(verdict).startswith("✗ Not yet. ") and len(verdict.message) > 10
        assert took < 5, f"{ex.exercise_id} took {took:.1f} s on {kind}"


def test_endless_iterables_are_too_long_and_not_consumed():
    source = itertools.count()
    verdict = check("00.2", source)
    assert "too long" in str(verdict)
    assert next(source) < 10_000     # read a little past the bound, no further


class SlowIter:
    def __iter__(self):
        while True:
            pass
        yield


@pytest.mark.parametrize("exercise_id", ["00.2", "04.1", "08.3"])
def test_an_answer_whose_iteration_never_ends_meets_the_total_limit(exercise_id):
    verdict, took = _timed(exercise_id, SlowIter(), time_limit=SMALL)
    assert not verdict.ok
    assert "took more than" in str(verdict)
    assert took < SMALL * TOTAL_FACTOR + SLACK
    _no_alarm_left()


HUGE = {"10**9": 10**9, "10**5000": 10**5000, "range(10**9)": range(10**9)}


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [("03.2", "10**9"), ("08.4", "10**9"), ("03.2", "10**5000"), ("08.4", "10**5000"),
     ("07.3", "10**5000"), ("04.3", "10**5000"), ("00.2", "range(10**9)")],
)
def test_huge_numbers_answer_at_once(exercise_id, answer):
    verdict, took = _timed(exercise_id, HUGE[answer])
    assert not verdict.ok and took < 5
    assert len(str(verdict)) < 400


# --- functions returning odd things ----------------------------------------------------

RETURNS = {
    "None": None, "True": True, "a float": 1.0, "a string": "1", "always-equal": AlwaysEqual(1),
    "yes": Yes(), "hostile": Hostile(), "an endless iterator": itertools.repeat(1),
}


@pytest.mark.parametrize("ex", FUNCTION_EXERCISES, ids=lambda ex: ex.exercise_id)
def test_a_function_returning_odd_things_gets_a_verdict(ex):
    for kind, value in RETURNS.items():
        verdict, took = _timed(ex.exercise_id, lambda *args, value=value: value)
        assert not verdict.ok, f"{ex.exercise_id} accepted a function returning {kind}"
        assert took < 5


def test_01_1_reports_what_an_iterator_really_gave():
    verdict = check("01.1", lambda n: iter([n]))
    assert "[]" not in str(verdict)
    assert "not a list" in str(verdict)


# --- true reasons ----------------------------------------------------------------------

def test_00_1_says_a_rule_returning_text_is_not_true_or_false():
    text = str(check("00.1", lambda n: "N"))
    assert "calls 1 P" not in text and "should be True or False, not 'N'" in text


def test_07_4_says_the_range_is_the_fault():
    text = str(check("07.4", [(8, 8)]))
    assert "outside the table" in text and "not *2" not in text


def test_function_names_keep_their_spelling():
    for exercise_id, student, name in (("01.1", lambda n: [n], "my_expansion"),
                                       ("01.4", lambda b, n: 0, "geometric"),
                                       ("03.1", lambda v: 7, "my_mex")):
        assert str(check(exercise_id, student)).startswith(f"✗ Not yet. {name}(")


LIST_EXERCISES = {"02.1": "move", "03.4": "move", "03.5": "move", "04.1": "move",
                  "04.2": "move", "04.4": "move", "05.2": "cut", "08.3": "cut"}


@pytest.mark.parametrize(("exercise_id", "what"), list(LIST_EXERCISES.items()))
def test_empty_and_partial_lists_get_the_same_sentence_everywhere(exercise_id, what):
    solution = get(exercise_id).solution()
    empty = check(exercise_id, []).message
    assert re.fullmatch(rf"Your list is empty, but there (is 1 winning {what}|are \d+ winning "
                        rf"{what}s)\.( .*)?", empty), empty
    if len(solution) > 1:
        partial = check(exercise_id, solution[:1]).message
        assert re.fullmatch(rf"Every {what} in your list wins, but your list misses \d+ "
                            rf"winning {what}s?\.( .*)?", partial), partial


def test_no_wrong_answer_to_08_1_gives_the_class_away():
    truth = get("08.1").solution()
    describe = {"L": "Blue wins whoever starts", "R": "Red wins whoever starts",
                "P": "whoever moves second wins", "N": "whoever moves first wins"}
    for claim in "LRPN":
        if claim == truth:
            continue
        message = check("08.1", claim).message
        assert describe[truth] not in message and f"is {truth}" not in message, message


def test_no_wrong_answer_gives_the_answer_away_where_the_answer_is_short():
    # 06.3: the winners; 06.6: the size of the smallest stalk; 07.1: the value of a star;
    # 07.4 and 00.3: a missing item; 08.4: how many copies suffice.
    assert "red wins" not in check("06.3", (Fraction(1, 4), "blue", "blue")).message.lower()
    assert "2 edges" not in check("06.6", ["blue", "red", "red"]).message
    assert "*2" not in check("07.1", [1] * 10).message
    assert "spider(0, 1)" not in check("07.4", [(1, 1)]).message.lower()
    assert "17" not in check("00.3", [1, 5, 9, 13]).message
    assert "⇑" not in check("08.4", 3).message
    assert "(1, 7)" not in check("02.1", [(1,)]).message


# --- the guard itself ------------------------------------------------------------------

def test_a_check_leaves_no_timer_handler_or_thread_behind():
    check("03.1", _loops, time_limit=SMALL)
    check("03.1", get("03.1").solution())
    _no_alarm_left()


def test_someone_elses_alarm_is_given_back():
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *a: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 100)
        check("03.1", _loops, time_limit=SMALL)
        assert signal.getsignal(signal.SIGALRM) is not previous
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 95 < left <= 100
        assert not fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_outside_the_main_thread_a_watchdog_stops_the_function_and_goes_away():
    before = set(threading.enumerate())
    box = {}

    def run():
        start = time.monotonic()
        box["verdict"] = check("03.1", _loops, time_limit=SMALL)
        box["took"] = time.monotonic() - start
        box["right"] = check("03.1", get("03.1").solution())

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert f"took more than {SMALL:g} s" in str(box["verdict"])
    assert box["took"] < SMALL + SLACK
    assert box["right"].ok
    assert set(threading.enumerate()) == before
    _no_alarm_left()


def test_a_student_function_may_call_check_itself():
    def nested(n):
        if n == 0:
            assert check("03.1", get("03.1").solution()).ok
            assert not check("03.1", _loops, time_limit=SMALL).ok
        return n % 3 == 0

    assert check("00.1", nested).ok
    _no_alarm_left()


@pytest.mark.parametrize("bad", [0, -1, float("inf"), float("nan"), True, "2", None, 10**6])
def test_a_bad_time_limit_is_a_clear_error(bad):
    with pytest.raises(ValueError, match="time_limit"):
        check("00.1", lambda n: True, time_limit=bad)


def test_the_readers_refuse_with_a_reason():
    with pytest.raises(Refusal, match="too long"):
        read_items(itertools.count(), "the list", 10)
    with pytest.raises(Refusal, match="not True"):
        whole_number(True)
    with pytest.raises(Refusal, match="plain whole number"):
        whole_number(AlwaysEqual(3))
    assert whole_number(_numpy_int(3)) == 3 and type(whole_number(_numpy_int(3))) is int


def test_registering_a_bad_id_is_a_clear_error():
    with pytest.raises(ValueError, match="exercise id"):
        exercise("2.1", "nothing", solution=lambda: None)


def test_numpy_is_not_imported_by_the_checkers():
    import subprocess

    code = ("import sys, cgteach.exercises as e; e.all_exercises(); "
            "e.check('02.1', [(1, 7)]); print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.stdout.strip() == "False", out.stderr
