"""Checkers for the exercises of lesson 12 (your own game: the kit of :mod:`cgteach.rules`).

Each exercise asks for a set of rules -- an instance (or the class) of the
student's subclass of :class:`~cgteach.rules.ImpartialRules` or
:class:`~cgteach.rules.PartizanRules` -- and accepts **any** correct
definition: the positions may be written any way the student likes, as long
as the rules accept the starting positions the exercise names (a tuple of
cake pieces ``((h, w),)``, a tuple of heaps ``(n,)``, a row of dominoes
``"LRL"``, a path ``"....."``).  The checker values the student's game from
each starting position by its own plain search over the student's moves
(``options``, or ``left`` and ``right``; ``split`` and ``key`` are not
used, so a wrong one cannot hide a mistake) and compares the values with
those of its own definition of the game.

The student's methods are code: each call runs guarded (the time limit of
:mod:`cgteach.exercises`), what they return is read with a bound (at most
:data:`MAX_OPTIONS` moves from a position), the search stops at
:data:`MAX_POSITIONS` positions and reports a position reachable from
itself (a loop).  A wrong answer is refuted by the smallest starting
position whose value differs, with the number of moves each player has
there in the student's rules and in the checker's -- without giving the
values away.
"""

from __future__ import annotations

from cgteach import games
from cgteach.exercises import (
    TIME_LIMIT,
    Refusal,
    StudentFunction,
    exercise,
    right,
    wrong,
)

__all__: list[str] = []

#: Most moves read from one position of the student's game.
MAX_OPTIONS = 200
#: Most positions the checker's search visits in the student's game.
MAX_POSITIONS = 20_000
#: Longest game (in moves) the checker's search follows in the student's game.
MAX_DEPTH = 1_000


# -- the checker's own definitions (plain functions: position -> list of positions) -------

def _pieces(pieces) -> tuple:
    return tuple(sorted(p for p in pieces if p[0] > 0 and p[1] > 0))


def _eat(position, column: bool) -> list:
    """Eatcake: eat one whole column (Left) or row (Right) of one piece."""
    out = set()
    for i, (h, w) in enumerate(position):
        rest = position[:i] + position[i + 1:]
        size = w if column else h
        for c in range(size):
            new = ((h, c), (h, size - 1 - c)) if column else ((c, w), (size - 1 - c, w))
            out.add(_pieces(rest + new))
    return sorted(out)


def _maundy(position, vertical: bool) -> list:
    """Maundy Cake: divide one piece into k >= 2 equal parts, by width (Left) or height (Right)."""
    out = set()
    for i, (h, w) in enumerate(position):
        rest = position[:i] + position[i + 1:]
        size = w if vertical else h
        for k in range(2, size + 1):
            if size % k == 0:
                part = (h, size // k) if vertical else (size // k, w)
                out.add(_pieces(rest + (part,) * k))
    return sorted(out)


def _lasker(position) -> list:
    """Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps."""
    out = set()
    for i, n in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for m in range(n):
            out.add(tuple(sorted(rest + ((m,) if m else ()))))
        for a in range(1, n // 2 + 1):
            out.add(tuple(sorted(rest + (a, n - a))))
    return sorted(out)


def _topple(row: str, mine: str) -> list:
    """Toppling Dominoes: topple one of your dominoes to the left or to the right."""
    out = set()
    for i, d in enumerate(row):
        if d == mine:
            out.add(row[i + 1:])     # toppled to the left: it and all on its left fall
            out.add(row[:i])         # toppled to the right
    return sorted(out)


def _snort(path: str, mine: str) -> list:
    """Snort on a path: colour an empty vertex none of whose neighbours has the other colour."""
    other = "R" if mine == "L" else "L"
    return [path[:i] + mine + path[i + 1:] for i, c in enumerate(path)
            if c == "." and other not in path[max(i - 1, 0):i] + path[i + 1:i + 2]]


# -- values by a plain search -------------------------------------------------------------

def _values(starts, left, right, limit_positions=MAX_POSITIONS):
    """The value (a canonical game) of each start in turn, by a memoised search over
    ``left``/``right`` (a generator: a later start is searched only when asked for).

    ``left(p)`` and ``right(p)`` return lists of hashable positions.  No
    recursion: an explicit stack; a position met again while it is being
    valued is a loop (a :class:`Refusal` naming it).
    """
    memo, busy = {}, set()
    for start in starts:
        stack = [(start, None)]
        while stack:
            p, kids = stack[-1]
            if p in memo:
                stack.pop()
                continue
            if kids is None:
                if len(stack) > MAX_DEPTH:
                    raise Refusal(f"Your rules allow games of more than {MAX_DEPTH:,} moves from "
                                  f"{_short(start)}; the game the exercise asks for ends far "
                                  "sooner. Do your moves make the position smaller?")
                if len(memo) + len(busy) >= limit_positions:
                    raise Refusal(f"Your rules reach more than {limit_positions:,} positions from "
                                  f"{_short(start)}; the game the exercise asks for has far "
                                  "fewer. Do your moves make the position smaller?")
                busy.add(p)
                kids = (left(p), right(p))
                stack[-1] = (p, kids)
                for q in kids[0] + kids[1]:
                    if q in busy:
                        raise Refusal(f"In your rules the position {_short(q)} can be reached "
                                      "from itself (a loop): a short game must end. Does "
                                      "every move take something away?")
                    if q not in memo:
                        stack.append((q, None))
                continue
            memo[p] = games.game([memo[q] for q in kids[0]], [memo[q] for q in kids[1]])
            busy.discard(p)
            stack.pop()
        yield memo[start]


def _count(n, word) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _short(x) -> str:
    from cgteach._validate import show

    return show(x)


# -- the student's rules, read guardedly ----------------------------------------------------

def _rules_kinds():
    from cgteach import rules

    return rules.ImpartialRules, rules.PartizanRules


def _read_rules(answer, impartial: bool, what: str):
    """The student's rules object (an instance; a class is instantiated), else a Refusal."""
    impartial_cls, partizan_cls = _rules_kinds()
    want = impartial_cls if impartial else partizan_cls
    name = "ImpartialRules" if impartial else "PartizanRules"
    if isinstance(answer, type):
        if not issubclass(answer, want) or (not impartial and issubclass(answer, impartial_cls)):
            raise Refusal(f"The answer should be {what}: a subclass of {name} (class "
                          f"MyGame({name}): ...), not the class {answer.__name__}.")
        make = StudentFunction(answer, answer.__name__, TIME_LIMIT)
        answer = make(shown=f"{answer.__name__}()")
    # (an ImpartialRules is also a PartizanRules of the kit: both moves the same)
    if not isinstance(answer, want) or (not impartial and isinstance(answer, impartial_cls)):
        other = partizan_cls if impartial else impartial_cls
        if isinstance(answer, other):
            raise Refusal(f"That game is {'partizan' if impartial else 'impartial'}; this "
                          f"exercise asks for {what}, a subclass of {name}.")
        raise Refusal(f"The answer should be {what}: an instance of your subclass of {name} "
                      f"(answer = MyGame()), not an object of type {type(answer).__name__}.")
    return answer


def _mover(rules, method: str):
    """``method`` of the student's rules as a guarded function: position -> list of positions."""
    func = getattr(rules, method)
    name = f"{method}"
    guarded = StudentFunction(func, name, TIME_LIMIT)
    reader = StudentFunction(lambda g: list(_take(g, MAX_OPTIONS + 1)), name, TIME_LIMIT)

    def call(p):
        got = guarded(p, shown=f"{name}({_short(p)})")
        if got is None:
            raise Refusal(f"{name}({_short(p)}) returned None: it must return the positions "
                          "reachable in one move (a list; [] when there is none). Did you "
                          "forget return?")
        kind = type(got)
        if issubclass(kind, (str, bytes, dict)) or not hasattr(kind, "__iter__"):
            raise Refusal(f"{name}({_short(p)}) should return a list of positions, not "
                          f"{_short(got)}.")
        items = reader(got, shown=f"reading what {name}({_short(p)}) returned")
        if len(items) > MAX_OPTIONS:
            raise Refusal(f"{name}({_short(p)}) gives more than {MAX_OPTIONS} moves; the game "
                          "of this exercise has far fewer.")
        for q in items:
            try:
                hash(q)
            except TypeError:
                raise Refusal(f"{name}({_short(p)}) gave {_short(q)}, which cannot be a "
                              "position: positions must be hashable (tuples, not lists).") \
                    from None
        return items

    return call


def _take(iterable, n):
    from itertools import islice

    return islice(iter(iterable), n)


def _check_game(answer, *, impartial, what, starts, ours, describe) -> object:
    """The verdict on the student's rules: their values at ``starts`` against ours."""
    rules = _read_rules(answer, impartial, what)
    if impartial:
        opts = _mover(rules, "options")
        left = right_ = opts
    else:
        left, right_ = _mover(rules, "left"), _mover(rules, "right")
    truth = list(_values(starts, *ours))
    for start, true, theirs in zip(starts, truth, _values(starts, left, right_), strict=True):
        if theirs != true:
            lefts, rights = len(set(left(start))), len(set(right_(start)))
            ol, orr = len(set(ours[0](start))), len(set(ours[1](start)))
            if impartial:
                moves = (f"there your rules give {_count(lefts, 'different move')}, ours {ol}"
                         if lefts != ol else
                         f"your rules and ours both give {_count(ol, 'move')} there")
            else:
                moves = (f"Left has {_count(lefts, 'different move')} there in your rules "
                         f"({ol} in ours), Right {rights} ({orr} in ours)")
            return wrong(f"Your game differs from ours from {describe(start)}: {moves}, and "
                         f"the values are not equal (in your game minus ours, "
                         f"{_WHO[(theirs - true).outcome()]}). Play a few moves by hand from "
                         "it, in your rules and in the rules above.")
    return right(f"Your values equal ours from all {len(starts)} starting positions "
                 f"(from {describe(starts[0])} to {describe(starts[-1])}).")


_WHO = {"L": "Left wins whoever starts", "R": "Right wins whoever starts",
        "P": "whoever moves second wins", "N": "whoever moves first wins"}


def _cake(start) -> str:
    (h, w), = start
    return f"the {h} × {w} cake"


# -- the exercises --------------------------------------------------------------------------

#: The cakes of exercises 12.1 (every board up to 4 x 4) and 12.2 (up to 5 x 5).
CAKES_1 = [((h, w),) for h in range(1, 5) for w in range(1, 5)]
CAKES_2 = [((h, w),) for h in range(1, 6) for w in range(1, 6)]
#: The heaps of exercise 12.3.
HEAPS_3 = [(n,) for n in range(1, 10)]
#: The rows of exercise 12.4: every row of 1 to 5 dominoes.
ROWS_4 = sorted({"".join("LR"[(k >> j) & 1] for j in range(n))
                 for n in range(1, 6) for k in range(2 ** n)}, key=lambda r: (len(r), r))
#: The paths of exercise 12.5.
PATHS_5 = ["." * n for n in range(1, 8)]


def _solution(kind, name, body):
    """A right answer, defined with the kit as a student would (for the tests)."""
    impartial_cls, partizan_cls = _rules_kinds()
    base = impartial_cls if kind == "impartial" else partizan_cls
    return type(name, (base,), body)()


def _eatcake_solution():
    return _solution("partizan", "Eatcake", {"left": lambda self, p: _eat(p, True),
                                             "right": lambda self, p: _eat(p, False)})


def _maundy_solution():
    return _solution("partizan", "MaundyCake", {"left": lambda self, p: _maundy(p, True),
                                                "right": lambda self, p: _maundy(p, False)})


def _lasker_solution():
    return _solution("impartial", "LaskersNim", {"options": lambda self, p: _lasker(p)})


def _toppling_solution():
    return _solution("partizan", "TopplingDominoes", {"left": lambda self, p: _topple(p, "L"),
                                                      "right": lambda self, p: _topple(p, "R")})


def _snort_solution():
    return _solution("partizan", "Snort", {"left": lambda self, p: _snort(p, "L"),
                                           "right": lambda self, p: _snort(p, "R")})


def _wrong_cutcake():
    def cut(p, vertical):
        out = []
        for i, (h, w) in enumerate(p):
            size = w if vertical else h
            for a in range(1, size):
                new = ((h, a), (h, w - a)) if vertical else ((a, w), (h - a, w))
                out.append(_pieces(p[:i] + p[i + 1:] + new))
        return out
    return _solution("partizan", "Cutcake", {"left": lambda self, p: cut(p, True),
                                             "right": lambda self, p: cut(p, False)})


@exercise("12.1", "Eatcake defined with the kit: an instance of your PartizanRules subclass "
          "whose positions start as ((h, w),), a tuple of pieces (height, width)",
          solution=_eatcake_solution,
          wrong=[_wrong_cutcake(), _maundy_solution(), 3, "Eatcake", None])
def _(answer):
    return _check_game(answer, impartial=False, what="Eatcake, a PartizanRules", starts=CAKES_1,
                       ours=(lambda p: _eat(p, True), lambda p: _eat(p, False)),
                       describe=_cake)


@exercise("12.2", "Maundy Cake defined with the kit: an instance of your PartizanRules "
          "subclass whose positions start as ((h, w),)",
          solution=_maundy_solution, wrong=[_eatcake_solution(), _wrong_cutcake()])
def _(answer):
    return _check_game(answer, impartial=False, what="Maundy Cake, a PartizanRules",
                       starts=CAKES_2,
                       ours=(lambda p: _maundy(p, True), lambda p: _maundy(p, False)),
                       describe=_cake)


@exercise("12.3", "Lasker's Nim defined with the kit: an instance of your ImpartialRules "
          "subclass whose positions start as (n,), a tuple of heaps",
          solution=_lasker_solution,
          wrong=[_solution("impartial", "Nim", {
              "options": lambda self, p: [p[:i] + (m,) + p[i + 1:] for i, n in enumerate(p)
                                          for m in range(n)]}), _eatcake_solution()])
def _(answer):
    return _check_game(answer, impartial=True, what="Lasker's Nim, an ImpartialRules",
                       starts=HEAPS_3, ours=(_lasker, _lasker),
                       describe=lambda s: f"the single heap of {s[0]}")


@exercise("12.4", "Toppling Dominoes defined with the kit: an instance of your PartizanRules "
          "subclass whose positions start as a text of L and R, one letter a domino",
          solution=_toppling_solution, wrong=[_snort_solution()])
def _(answer):
    return _check_game(answer, impartial=False, what="Toppling Dominoes, a PartizanRules",
                       starts=ROWS_4,
                       ours=(lambda p: _topple(p, "L"), lambda p: _topple(p, "R")),
                       describe=lambda s: f"the row {s!r}")


@exercise("12.5", "Snort on a path defined with the kit: an instance of your PartizanRules "
          "subclass whose positions start as a text of dots, one a vertex",
          solution=_snort_solution, wrong=[_toppling_solution()])
def _(answer):
    return _check_game(answer, impartial=False, what="Snort on a path, a PartizanRules",
                       starts=PATHS_5,
                       ours=(lambda p: _snort(p, "L"), lambda p: _snort(p, "R")),
                       describe=lambda s: f"the path {s!r} ({_count(len(s), 'vertex')})".replace(
                           "vertexs", "vertices"))
