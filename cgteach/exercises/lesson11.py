"""Checkers for the exercises of lesson 11 (misère play: genus, tame and wild, quotients).

Misère outcomes come from :func:`cgteach.misere.misere_outcome` (a search of
the game tree), genera from :func:`cgteach.misere.genus`, quotients from
:func:`cgteach.misere.misere_quotient`.  A wrong answer is refuted without
giving the right one away: by the first place where a claimed genus differs
from the true one, by the winning reply to a claimed winning move, by who
wins each sum, by a third position that tells two sums apart, or by the
genus of a claimed wild position.

Every answer is read by the one rule of :mod:`cgteach.exercises`: numbers
are exactly ``int``, texts exactly ``str``, lists are read with a bound, and
no method of the answer object is ever called.
"""

from __future__ import annotations

import re
from itertools import combinations_with_replacement

from cgteach.exercises import (
    Refusal,
    exercise,
    read_items,
    read_text,
    right,
    whole_number,
    wrong,
)
from cgteach.misere import genus, is_tame, misere_outcome, misere_quotient

__all__: list[str] = []

KAYLES, DAWSON, NIM2 = "0.77", "0.07", "0.33"
#: How far a misère sequence γ0, γ1, … is compared (it alternates with period 2 after that).
_SPAN = 12


# -- reading ---------------------------------------------------------------------------

def _heaps(x, what: str, most_heaps: int, largest: int) -> tuple[int, ...]:
    """A sum of heaps: a list of whole numbers from 0 to ``largest``, at most ``most_heaps``."""
    if type(x) is int:
        x = [x]
    items = read_items(x, what, most_heaps)
    heaps = tuple(whole_number(h, "each heap") for h in items)
    for h in heaps:
        if not 0 <= h <= largest:
            raise Refusal(f"A heap here has 0 to {largest} tokens, not {h}.")
    return tuple(sorted(h for h in heaps if h))


def _extended(seq) -> tuple[int, ...]:
    """γ0, γ1, … to :data:`_SPAN` terms: the last two repeat, as the books' notation means."""
    seq = list(seq)
    if len(seq) == 1:
        seq = seq * 2
    while len(seq) < _SPAN:
        seq.append(seq[-2])
    return tuple(seq[:_SPAN])


_GENUS_TEXT = re.compile(r"^\s*(\d+)\s*\^\s*[{(\[]?\s*([\d,\s]+?)\s*[})\]]?\s*$")


def _read_genus(x) -> tuple[int, tuple[int, ...]]:
    """A genus as a text such as ``'3^31'`` (``'3^{3,1}'``) or a pair ``(3, (3, 1))``."""
    if type(x) is str:
        text = read_text(x, "the genus", 60)
        m = _GENUS_TEXT.match(text)
        if not m:
            raise Refusal("Write the genus as a text such as '1^031' (the normal value, ^, then "
                          "γ0 γ1 …) or as a pair (1, (0, 3, 1)).")
        upper = m.group(2)
        parts = ([p for p in upper.replace(" ", "").split(",") if p] if "," in upper
                 else list(upper.replace(" ", "")))
        if not parts or len(parts) > 20 or any(len(p) > 3 for p in parts):
            raise Refusal("The superscript holds a few small numbers, γ0 γ1 …")
        return int(m.group(1)[:4]), tuple(int(p) for p in parts)
    pair = read_items(x, "the genus (a pair: normal value, misère values)", 2)
    if len(pair) != 2:
        raise Refusal("The genus is a pair (normal value, (γ0, γ1, …)), or a text such as "
                      "'1^031'.")
    normal = whole_number(pair[0], "the normal value")
    upper = tuple(whole_number(g, "each misère value") for g in
                  read_items(pair[1], "the misère values γ0, γ1, …", 20))
    if not upper:
        raise Refusal("Give at least γ0 and γ1, the misère values of G and of G + *2.")
    return normal, upper


def _genus_of(code, heaps) -> tuple[int, tuple[int, ...]]:
    g = genus(code, list(heaps))
    return int(g.normal), tuple(int(v) for v in g.misere)


def _genus_text(normal, upper) -> str:
    sep = "," if any(v > 9 for v in upper) else ""
    return f"{normal}^{sep.join(map(str, upper))}"


# -- 11.1: a genus by hand -------------------------------------------------------------------

#: Exercise 11.1: a Kayles heap whose genus is worked out by hand.
HEAP_1 = 3


@exercise("11.1", "the genus of one Kayles heap of 3 pins, as a text such as '1^031' or a "
          "pair (1, (0, 3, 1))",
          solution=lambda: _genus_text(*_genus_of(KAYLES, (HEAP_1,))),
          wrong=["3^13", "3^3", "1^031", (3, (1, 3)), "0^120", "3"])
def _(answer):
    normal, upper = _read_genus(answer)
    t_normal, t_upper = _genus_of(KAYLES, (HEAP_1,))
    if normal != t_normal:
        return wrong(f"The normal-play value (the big number) is not {normal}: it is the "
                     "Grundy value of lesson 04, the mex of the values of the options.")
    mine, truth = _extended(upper), _extended(t_upper)
    if len(upper) < 2:
        return wrong("Give at least two misère values: γ0 (the heap alone) and γ1 (the heap "
                     "plus *2).")
    if mine != truth:
        k = next(i for i in range(_SPAN) if mine[i] != truth[i])
        what = "the heap alone" if k == 0 else f"the heap plus {k} heap{'s' if k > 1 else ''} of 2"
        return wrong(f"γ{k} (the misère value of {what}) is not {mine[k]}. Remember the misère "
                     "mex: a position with no move has misère value 1, not 0.")
    return right(f"The genus is {_genus_text(t_normal, t_upper)}: normal value {t_normal}, "
                 f"misère value {t_upper[0]} alone.")


# -- 11.2: a misère winning move ------------------------------------------------------------

#: Exercise 11.2: a row of Kayles pins (I standing, . down), the student to move, misère play.
ROW_2 = "IIIII.IIII.II"


def _row_heaps(row) -> tuple[int, ...]:
    return tuple(sorted(len(run) for run in row.split(".") if run))


def _after_2(move) -> str:
    row = list(ROW_2)
    for i in move:
        row[i] = "."
    return "".join(row)


def _winning_2() -> list[tuple[int, ...]]:
    n = len(ROW_2)
    moves = [(i,) for i in range(n)] + [(i, i + 1) for i in range(n - 1)]
    legal = [m for m in moves if all(ROW_2[i] == "I" for i in m)]
    return [m for m in legal if misere_outcome(KAYLES, _row_heaps(_after_2(m))) == "P"]


@exercise("11.2", "a winning move in misère Kayles on row_2: the number of the pin to knock "
          "down (counting from 0 at the left), or a pair (i, i + 1) of neighbouring pins",
          solution=lambda: _winning_2()[0],
          wrong=[5, 0, (6, 7), 12, "a", (3, 5), 40])
def _(answer):
    n = len(ROW_2)
    if type(answer) is str:
        return wrong("The answer is a pin's number, such as 3, or a pair of neighbouring pins "
                     "such as (3, 4), not a text.")
    if type(answer) is int:
        move = (whole_number(answer, "the pin"),)
    else:
        move = tuple(whole_number(p, "a pin") for p in read_items(answer, "the pins", 3))
    if not 1 <= len(move) <= 2 or (len(move) == 2 and move[1] != move[0] + 1):
        return wrong("A move knocks down one pin, or two neighbouring pins (i, i + 1).")
    if any(not 0 <= i < n for i in move):
        return wrong(f"The pins of row_2 are numbered 0 to {n - 1}.")
    if any(ROW_2[i] != "I" for i in move):
        return wrong("That pin is down already: knock down standing pins (I).")
    after = _after_2(move)
    heaps = _row_heaps(after)
    if misere_outcome(KAYLES, heaps) == "P":
        return right(f"It leaves {after} (heaps {' + '.join(map(str, heaps)) or 'none'}), a "
                     "misère P-position: the other player, moving next, loses.")
    row = list(after)
    replies = [(i,) for i in range(n)] + [(i, i + 1) for i in range(n - 1)]
    for m in replies:
        if all(row[i] == "I" for i in m):
            later = "".join("." if i in m else ch for i, ch in enumerate(row))
            if misere_outcome(KAYLES, _row_heaps(later)) == "P":
                what = f"pin {m[0]}" if len(m) == 1 else f"pins {m[0]} and {m[1]}"
                return wrong(f"After that, the other player knocks down {what}, leaving "
                             f"{later}: a misère P-position, so you lose.")
    return wrong("That move leaves a position from which the other player wins.")


# -- 11.3: which sum is P ------------------------------------------------------------------

#: Exercise 11.3: two sums of Kayles heaps, both of nim sum 0; exactly one is a misère P-position.
SUMS_3 = {"A": (5, 5), "B": (3, 6)}


def _p_sum_3() -> str:
    return next(k for k, s in SUMS_3.items() if misere_outcome(KAYLES, s) == "P")


def _plus(heaps) -> str:
    return " + ".join(map(str, heaps))


@exercise("11.3", "which of the two sums of Kayles heaps, A = 5 + 5 or B = 3 + 6 (both of nim "
          "sum 0), is a P-position in misère play: the text 'A' or 'B'",
          solution=_p_sum_3,
          wrong=["C", "AB", 1, ["A"]])
def _(answer):
    text = read_text(answer, "the answer ('A' or 'B')", 10).strip().upper()
    if text not in SUMS_3:
        return wrong("The answer is the text 'A' or the text 'B'.")
    heaps = SUMS_3[text]
    if misere_outcome(KAYLES, heaps) == "P":
        other = next(k for k in SUMS_3 if k != text)
        return right(f"{text} = {_plus(heaps)} is a misère P-position, and {other} = "
                     f"{_plus(SUMS_3[other])} is not, although both have nim sum 0: under misère "
                     "play Grundy values do not decide.")
    return wrong(f"{text} = {_plus(heaps)} is a first-player win in misère Kayles: its nim sum "
                 "is 0, but that decides nothing in misère play. Compare the genera of the "
                 "heaps.")


# -- 11.4: an element of a quotient ----------------------------------------------------------

#: Exercise 11.4: the quotient of 0.75 for heaps of at most BOUND_4, and a sum to place in it.
CODE_4, BOUND_4, SUM_4 = "0.75", 6, (2, 5, 6)


def _quotient_4():
    return misere_quotient(CODE_4, BOUND_4)


def _spelling(x) -> str:
    return "".join(str(x).split())


_POWERS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_WORD = re.compile(r"([a-z])(?:\^?(\d{1,2}))?")


def _word_heaps(q, text: str):
    """The heaps a word in the generators stands for (``'ab²'``: the heaps of a, b, b)."""
    word = _spelling(text).translate(_POWERS)
    if word == "1":
        return ()
    gens = q.generators
    heaps, at = [], 0
    while at < len(word):
        m = _WORD.match(word, at)
        if not m or m.group(1) not in gens:
            raise Refusal(f"Write the element as a word in the generators "
                          f"{', '.join(gens)} (such as 'bc²' or 'b c^2'), or '1'.")
        heaps += [gens[m.group(1)]] * int(m.group(2) or 1)
        at = m.end()
    return tuple(heaps)


@exercise("11.4", "the element of the sum 2 + 5 + 6 in the misère quotient of 0.75 for heaps "
          "of at most 6: a word in its generators such as 'bc²' (a text), or any other sum of "
          "heaps (a list) with the same element",
          solution=lambda: str(_quotient_4().element(SUM_4)),
          wrong=["?", [1], [], [4], "c", "b", "x2"])
def _(answer):
    q = _quotient_4()
    truth = q.element(SUM_4)
    if type(answer) is str:
        heaps = _word_heaps(q, read_text(answer, "the element", 100))
        said = f"the element {_spelling(answer)}"
    else:
        heaps = _heaps(answer, "the sum of heaps", 20, BOUND_4)
        said = f"the sum {' + '.join(map(str, heaps)) or '0'}"
    claimed = q.element(heaps)
    if claimed == truth:
        return right(f"{' + '.join(map(str, SUM_4))} maps to {truth}, which is "
                     f"{'in' if q.outcome(SUM_4) == 'P' else 'not in'} the P-portion.")
    mark = "in" if claimed in q.p_portion else "not in"
    mine = "in" if truth in q.p_portion else "not in"
    why = (f"{said} is {mark} the P-portion and the sum is {mine} it" if mark != mine else
           "multiply the images of the heaps one by one, with the relations or the table")
    return wrong(f"Not that element: {why}.")


# -- 11.5: a relation that holds ----------------------------------------------------------

#: Exercise 11.5: the game (misère Nim with heaps of at most 2, code 0.33) and the bound.
CODE_5, BOUND_5 = NIM2, 2


def _quotient_5():
    return misere_quotient(CODE_5, BOUND_5)


def _tell_apart(u, v):
    """A third sum w (heaps ≤ BOUND_5, at most 4) with u + w and v + w of different outcomes."""
    for k in range(0, 5):
        for w in combinations_with_replacement(range(1, BOUND_5 + 1), k):
            if misere_outcome(CODE_5, u + w) != misere_outcome(CODE_5, v + w):
                return w
    return None


@exercise("11.5", "a relation of misère Nim with heaps of at most 2: a pair (u, v) of different "
          "sums of heaps (each a list of 1s and 2s, at most 8 heaps) that no third sum tells "
          "apart, such as ([2, 2], [...])",
          solution=lambda: ((2, 2, 2), (2,)),
          wrong=[([1], [2]), ([2, 2], [2, 2]), ([], [2, 2]), ([2], [1, 2]), "a=b"])
def _(answer):
    pair = read_items(answer, "the relation (a pair of sums)", 2)
    if len(pair) != 2:
        return wrong("The answer is a pair (u, v) of sums of heaps, such as ([2, 2], [1, 1]).")
    u = _heaps(pair[0], "the first sum", 8, BOUND_5)
    v = _heaps(pair[1], "the second sum", 8, BOUND_5)
    if u == v:
        return wrong("The two sums are the same heaps: a relation says that two *different* "
                     "sums are the same element.")
    q = _quotient_5()
    w = _tell_apart(u, v)
    same = _spelling(q.element(u)) == _spelling(q.element(v))
    if w is None and same:
        return right(f"{' + '.join(map(str, u)) or '0'} and {' + '.join(map(str, v)) or '0'} "
                     f"are both {q.element(u)}: no third sum tells them apart.")
    if w is None:
        return wrong("No small third sum tells them apart, but the quotient still separates "
                     "them: look at their elements.")
    plus = " + ".join(map(str, w)) or "nothing"
    return wrong(f"Add {plus}: then {' + '.join(map(str, u + w)) or '0'} is "
                 f"{misere_outcome(CODE_5, u + w)} but {' + '.join(map(str, v + w)) or '0'} is "
                 f"{misere_outcome(CODE_5, v + w)} (misère), so the two are not the same.")


# -- 11.6: tame or wild --------------------------------------------------------------------

#: Exercise 11.6: Kayles with heaps of at most BOUND_6.
CODE_6, BOUND_6 = KAYLES, 12


def _tame_genus(normal, upper) -> bool:
    """The genera of misère Nim positions: 0^120, 1^031, and g^{g, g⊕2} (a heap of 2 or more)."""
    seq = _extended(upper)
    if seq in (_extended((1, 2, 0)), _extended((0, 3, 1))):
        return (normal, seq[0]) in ((0, 1), (1, 0))
    return seq == _extended((normal, normal ^ 2))


def _solution_6():
    report = is_tame(CODE_6, BOUND_6)
    return "tame" if report else ("wild", (report.wild_heap,))


@exercise("11.6", "are the positions of Kayles with heaps of at most 12 all tame? The text "
          "'tame', or the pair ('wild', heaps) with a sum of heaps (at most 12 tokens each, at "
          "most 4 heaps) whose genus is not a genus of misère Nim",
          solution=_solution_6,
          wrong=["maybe", ("wild", [1]), ("wild", [3, 2]), ("wild", [])])
def _(answer):
    if type(answer) is str:
        verdict, heaps = read_text(answer, "the answer", 20).strip().lower(), None
    else:
        pair = read_items(answer, "the answer ('tame', or ('wild', heaps))", 2)
        if len(pair) != 2:
            return wrong("Answer 'tame', or a pair ('wild', heaps).")
        verdict = read_text(pair[0], "the first item ('wild')", 20).strip().lower()
        heaps = _heaps(pair[1], "the heaps", 4, BOUND_6)
    if verdict not in ("tame", "wild"):
        return wrong("The verdict is 'tame' or 'wild'.")
    truth = bool(is_tame(CODE_6, BOUND_6))
    if verdict == "tame":
        if truth:
            return right("Every position has a genus of misère Nim.")
        return wrong("Not every position is tame: look for a heap whose genus is none of "
                     "0^120, 1^031, g^{g, g⊕2}.")
    if heaps is None:
        return wrong("Say which position is wild: ('wild', heaps).")
    if not heaps:
        return wrong("The empty position has genus 0^120, the genus of misère Nim's empty "
                     "position: it is tame.")
    normal, upper = _genus_of(CODE_6, heaps)
    text = _genus_text(normal, upper)
    if _tame_genus(normal, upper):
        return wrong(f"{' + '.join(map(str, heaps))} has genus {text}, a genus of misère Nim: it "
                     "is tame.")
    return right(f"{' + '.join(map(str, heaps))} has genus {text}, which no misère Nim position "
                 "has: it is wild, and misère Nim's strategy does not apply to it.")
