"""Hostile calls to every public entry point of cgteach.games.temperature (issue #39).

One test per *kind* of failure, each over every entry point and a table of
hostile values: nothing hangs (a huge exponent in a text is refused before
it is computed), nothing raises an exception in Python's words instead of
ours (only ``TypeError``/``ValueError`` with a message, or a right answer),
what ``repr`` writes ``parse`` reads, and Ctrl-C stops long work.
"""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction

import pytest

from cgteach import games
from cgteach._validate import show as _show
from cgteach.games import Game, parse
from cgteach.games import temperature as tm

SWITCH = parse("{3|-1}")
TH = tm.thermograph(SWITCH)

# Values a new user or a hostile one passes where a game, a temperature or a
# picture's top is expected.
HOSTILE = [
    None, True, False, b"1", bytearray(b"1"), 1.5, math.nan, math.inf, -math.inf, "", " ", "x",
    "1e100000000", "-1e100000000", "1e-100000000", "1E+999999", "9" * 30_000, "1/0", "1/3",
    "0x10", "½", "1" * 5000, Fraction(1, 3), 10**5000, -(10**5000), Fraction(1, 2**20_000),
    Fraction(3, 2**5), -7, 0, [], {}, (), object(), 1j, Decimal("1.5"), Decimal("NaN"),
    "{3|-1}", "↑" * 300, "parse('*')", "{" * 10_000, "*" * 300_000,
]
IDS = [f"{type(v).__name__}-{i}" for i, v in enumerate(HOSTILE)]

# Every public entry point, as a function of the one hostile value.
ENTRY_POINTS = {
    "thermograph(x)": lambda x: tm.thermograph(x),
    "temperature(x)": lambda x: tm.temperature(x),
    "mean(x)": lambda x: tm.mean(x),
    "cool(x, 1)": lambda x: tm.cool(x, 1),
    "cool(G, x)": lambda x: tm.cool(SWITCH, x),
    "G.cool(x)": lambda x: SWITCH.cool(x),
    "Thermograph.left_wall(x)": lambda x: TH.left_wall(x),
    "Thermograph.right_wall(x)": lambda x: TH.right_wall(x),
    "Thermograph.draw(top=x)": lambda x: _draw(top=x),
}
RESULT_TYPES = {
    "thermograph(x)": tm.Thermograph,
    "temperature(x)": Fraction,
    "mean(x)": Fraction,
    "cool(x, 1)": Game,
    "cool(G, x)": Game,
    "G.cool(x)": Game,
    "Thermograph.left_wall(x)": Fraction,
    "Thermograph.right_wall(x)": Fraction,
}
# Python's own words, which a user should never have to read.
FOREIGN = ["Invalid literal for Fraction", "'NoneType' object", "object is not", "has no attribute",
           "Exceeds the limit", "unsupported operand", "math domain", "not iterable"]


def _draw(**kwargs):
    import matplotlib.pyplot as plt

    try:
        return TH.draw(**kwargs)
    finally:
        plt.close("all")


def _call(fn, value, limit=2.0):
    start = time.process_time()
    try:
        result = fn(value)
        error = None
    except (TypeError, ValueError) as exc:
        result, error = None, exc
    return result, error, time.process_time() - start


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
@pytest.mark.parametrize("value", HOSTILE, ids=IDS)
def test_no_hang_and_no_foreign_exception(name, value):
    result, error, spent = _call(ENTRY_POINTS[name], value)
    # Honest inputs here are tiny; 2 s of CPU is far above any of them and
    # far below the minutes a huge exponent used to take.
    assert spent < 2.0, f"{name} with {_show(value)} took {spent:.1f} s"
    if error is not None:
        message = str(error)
        assert message, f"{name}: an exception without a message"
        assert not any(f in message for f in FOREIGN), message
    elif name in RESULT_TYPES:
        assert isinstance(result, RESULT_TYPES[name]), (name, type(result))


@pytest.mark.parametrize("text", ["1e100000000", "-1e100000000", "1e-100000000", "1E+999999",
                                  "2e99999999999999999999", "1_0e9_999_999"])
@pytest.mark.parametrize("entry", ["number", "cool", "left_wall", "right_wall", "draw_top"])
def test_a_huge_exponent_is_refused_at_once_with_the_reason(text, entry):
    call = {
        "number": lambda: games.number(text),
        "cool": lambda: tm.cool(SWITCH, text),
        "left_wall": lambda: TH.left_wall(text),
        "right_wall": lambda: TH.right_wall(text),
        "draw_top": lambda: _draw(top=text),
    }[entry]
    start = time.process_time()
    with pytest.raises(ValueError, match="digits|exponent"):
        call()
    assert time.process_time() - start < 0.5


def test_number_texts_at_the_limit_are_read_and_beyond_it_refused():
    digits = games._forms._MAX_DIGITS  # 19,729: the digits of 2**65536
    assert games.number("1" + "0" * (digits - 1)).number_value() == 10 ** (digits - 1)
    with pytest.raises(ValueError, match="at most 65,536 bits"):
        games.number("9" * digits)
    with pytest.raises(ValueError, match="at most 19,729 are read"):
        games.number("1" + "0" * digits)
    assert games.number("1e3") == 1000 and games.number(" 3/4 ") == Fraction(3, 4)
    assert games.number("0.75") == Fraction(3, 4) and games.number("1_000") == 1000
    with pytest.raises(ValueError, match="not a dyadic"):
        games.number("1e-1")


@pytest.mark.parametrize("top", [math.nan, math.inf, -math.inf, "", b"3", 10**5000, "x", True,
                                 [3], Decimal("NaN"), 1, -5, Fraction(1, 2**20_000)],
                         ids=lambda v: type(v).__name__)
def test_draw_top_refuses_nonsense_with_our_words(top):
    with pytest.raises((TypeError, ValueError)) as info:
        _draw(top=top)
    message = str(info.value)
    assert "top" in message and not any(f in message for f in FOREIGN)


@pytest.mark.parametrize("top", [None, 5, 2.5, "5/2", Fraction(7, 3), "1e2"])
def test_draw_top_takes_every_honest_number(top):
    ax = _draw(top=top)
    assert ax.get_ylim()[1] > 2


def _deep_game(n):
    g = games.ZERO
    for _ in range(n):
        g = games.game([games.ZERO], [g + games.STAR])  # n·↑, born on day n + 1
    return g


@pytest.mark.parametrize("make", [
    lambda: games.number(10**5000),
    lambda: games.number(-(10**19_000) + 1),
    lambda: games.number(Fraction(1, 2**20_000)),
    lambda: games.number(Fraction(3**8000 + 2, 2**9000)),
    lambda: games.number(Fraction(5, 2**65_536)),
    lambda: parse("↑" * 300),
    lambda: parse("↓" * 398 + "*"),
    lambda: _deep_game(games.MAX_BIRTHDAY - 1),
    lambda: games.game([games.number(10**5000)], [games.number(Fraction(1, 2**20_000))]),
    lambda: games.game([parse("↑" * 250)], [games.number(-(10**6000))]),
], ids=["10**5000", "-10**19000", "1/2**20000", "3**8000/2**9000", "5/2**65536", "300 ups",
        "398 downs*", "deepest", "numbers as options", "deep and big"])
def test_repr_round_trips_through_parse(make):
    g = make()
    text = repr(g)
    assert len(text) <= games.MAX_TEXT
    assert parse(text) == g


def test_beyond_the_documented_limits_repr_is_a_summary_parse_refuses():
    g = games.number(2**70_000)  # a fine value, more than MAX_NUMBER_BITS bits
    assert "not shown in full" in str(g)
    with pytest.raises(ValueError, match="cannot read the game text"):
        parse(repr(g))
    assert "MAX_NUMBER_BITS" in games.parse.__doc__ and "MAX_TEXT" in games.parse.__doc__


def test_the_thermograph_text_says_the_same_as_the_numbers():
    th = tm.thermograph("{4|{2|-6}}")
    assert th == tm.thermograph(parse(repr(th.game)))
    assert th.temperature == 2 and th.mast == 2


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_long_work():
    code = (
        "import sys\n"
        "from cgteach.games import parse, total\n"
        "from cgteach.games.temperature import cool\n"
        "gs = [parse('{%d|{%d|-%d}}' % (i + 3, i, i + 1)) for i in range(14)]\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    cool(total(gs), '1/2')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
        "print('finished', flush=True)\n"
    )
    # started as from a terminal: Ctrl-C at its default, whatever this process has done
    # with it (an ignored Ctrl-C is inherited, and Python then makes no KeyboardInterrupt)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 3 and out.strip() == "interrupted", out
    assert waited < 5, f"Ctrl-C took {waited:.1f} s to stop the work"
