"""Ctrl-C in the middle of long calls, then the same questions as a fresh process.

Not a test module (no ``test_`` prefix): tests/test_hostile_part4.py runs it
in subprocesses, ``python -m tests._interrupted MODE [N ...]``, and compares
what it prints:

* ``fresh``: the answers of a process that was never interrupted;
* ``anywhere N ...``: first runs the work again and again, each time raising
  ``KeyboardInterrupt`` (what Ctrl-C raises) at the N-th traced event, as a
  signal arriving between two lines would; then answers;
* ``row``: raises it between the two halves of one step of the nimber-row
  table (cgteach.games._order._nim_row), then answers.

The answers are cooling, temperatures, thermographs, comparisons, reduced
forms, atomic weights, a Clobber value and a Clobber widget's hint: the
caches behind each must hold only finished results.
"""

from __future__ import annotations

import sys
from pathlib import Path


def work():
    from cgteach.games import cold, nimber, parse

    g = cold.heat(nimber(6), 1)
    h = parse("{3|{2|{1|-1}}}") + g + parse("{⇑*|*3, ↓}")
    return g, h


def queries(g, h) -> list:
    from cgteach import widgets
    from cgteach.games import cold, nimber, parse
    from cgteach.games.temperature import cool, temperature, thermograph
    from cgteach.rulesets.clobber import Clobber

    w = widgets.ClobberGame(board=["xox.", "oxox", "xo.o"], seed=1)
    hot = parse("{⇑*|*3, ↓}")
    return [repr(cool(g, 1)), repr(cool(h, "1/2")), str(temperature(h)), repr(thermograph(h)),
            str(g <= h), str(h <= nimber(7)), str(nimber(9) <= hot + parse("↑")),
            repr(cold.reduced(h)), repr(cold.atomic_weight(hot + parse("↑*"))),
            repr(Clobber(["xox.", "oxox", "xo.o"]).value()), repr(w.hint())]


def interrupted(fn, stop) -> bool:
    """Run ``fn`` with a tracer that raises KeyboardInterrupt where ``stop(frame)`` says."""
    def tracer(frame, event, arg):
        if stop(frame):
            raise KeyboardInterrupt
        return tracer

    sys.settrace(tracer)
    try:
        fn()
        return False
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)


def main(argv) -> None:
    mode = argv[0]
    if mode == "anywhere":
        hits = 0
        for n in map(int, argv[1:]):
            count = [0]

            def stop(frame, count=count, n=n):
                count[0] += 1
                return count[0] == n

            hits += interrupted(lambda: queries(*work()), stop)
        print(f"interrupted {hits} times", file=sys.stderr)
    elif mode == "row":
        from cgteach.games import _order, parse

        code = _order._nim_row.__code__
        source = Path(code.co_filename).read_text(encoding="utf-8").split("\n")
        lines = [i for i, text in enumerate(source, 1) if text.strip() == "above.append(ok_above)"]

        def stop(frame):
            return frame.f_code is code and frame.f_lineno in lines

        hot, star9 = parse("{⇑*|*3, ↓}")._core, parse("*9")._core
        assert interrupted(lambda: _order._le(hot, star9), stop)
        print("interrupted in a nimber row", file=sys.stderr)
    print("\n".join(queries(*work())))


if __name__ == "__main__":
    main(sys.argv[1:])
