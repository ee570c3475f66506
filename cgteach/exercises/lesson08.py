"""Checkers for the exercises of lesson 08 (Hackenbush hotchpotch: green meets blue and red).

Outcomes and winning moves are decided by a plain game-tree search over the
drawing (Blue cuts blue or green edges, Red cuts red or green edges, a
player who cannot cut loses); values come from :mod:`cgteach.games`.  A
wrong answer is refuted by who wins moving first and second, by a winning
reply to a claimed winning cut, or by the outcome of the difference of the
claimed value and the true one.
"""

from __future__ import annotations

from functools import cache

from cgteach import games
from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exercise,
    missing_verdict,
    read_game,
    read_items,
    right,
    whole_number,
    wrong,
)
from cgteach.hackenbush import Hackenbush

__all__: list[str] = []


def _stalk(*colours) -> Hackenbush:
    return Hackenbush([(k, k + 1, c) for k, c in enumerate(colours)])


@cache
def _mover_wins(position: Hackenbush, blue_to_move: bool) -> bool:
    mover = "blue" if blue_to_move else "red"
    return any(not _mover_wins(after, not blue_to_move) for after in position.options(mover))


def _outcome(position) -> str:
    blue, red = _mover_wins(position, True), _mover_wins(position, False)
    return {(True, False): "L", (False, True): "R", (False, False): "P", (True, True): "N"}[
        (blue, red)]


_WHO = {"L": "Blue wins whoever starts", "R": "Red wins whoever starts",
        "P": "whoever moves second wins", "N": "whoever moves first wins"}


def _as_game(answer):
    """The answer as a canonical game made by the package (see :func:`read_game`)."""
    return read_game(answer, "the value")


def _as_written(answer) -> str:
    """The answer as the student wrote it (a text stays a text), for messages."""
    return answer if isinstance(answer, str) else str(answer)


_KINDS = {"duplicate": "an option written twice", "dominated": "a dominated option",
          "reversible": "a reversible option"}


def _first_simplification(answer):
    """What still simplifies an answer written with braces: whose option, and which kind.

    Only the kind of step is told (a dominated option, a reversible one), never
    what the step leaves: that would be the next line of the student's work.
    """
    if type(answer) is str and "{" in answer:
        answer = games.form(answer.translate({0x2212: "-"}))
    elif type(answer) is not games.Form:
        return None
    steps = [s for s in answer.simplification_steps() if s.rule in _KINDS]
    if not steps:
        return None
    side = "Right's" if steps[0].description.startswith("Right") else "Left's"
    verb = "bypass" if steps[0].rule == "reversible" else "remove"
    return (f"{side} side still has {_KINDS[steps[0].rule]}. {verb.capitalize()} it as lesson 08 "
            "shows, and check again.")


#: Exercise 08.1: green-under-blue, a green edge, and a blue edge under a red one.
POSITION_1 = _stalk("green", "blue") + _stalk("green") + _stalk("red", "blue")


@exercise("08.1", "the outcome class of POSITION_1: 'L', 'R', 'P' or 'N'",
          solution=lambda: _outcome(POSITION_1),
          wrong=["L", "N", "P"])
def _(answer):
    if type(answer) is not str or answer.strip().upper() not in ("L", "R", "P", "N"):
        raise Refusal("The answer should be one of the letters 'L', 'R', 'P', 'N'.")
    answer = answer.strip().upper()
    truth = _outcome(POSITION_1)
    if answer == truth:
        return right("↑ + (−1/2) is negative: ↑ is smaller than every positive number.")
    # Say which claim about one start is false, never what the class is.
    claimed = {"L": (True, False), "R": (False, True), "P": (False, False), "N": (True, True)}
    blue_first = _mover_wins(POSITION_1, True)
    if claimed[answer][0] != blue_first:
        return wrong(f"The class is not {answer} ({_WHO[answer]}): when Blue moves first, "
                     f"Blue {'wins' if blue_first else 'loses'} (a search of every line of "
                     "play).")
    red_first = _mover_wins(POSITION_1, False)
    return wrong(f"The class is not {answer} ({_WHO[answer]}): when Red moves first, "
                 f"Red {'wins' if red_first else 'loses'} (a search of every line of play).")


@exercise("08.2", "the value of the stalk with a green edge at the bottom and a red edge on top",
          solution=lambda: games.DOWN + games.STAR,
          wrong=["↓", "↑*", "*", "-1"])
def _(answer):
    claimed = _as_game(answer)
    truth = games.game([games.ZERO], [games.ZERO, games.STAR])     # Blue: cut green; Red: either
    if claimed == truth:
        return right(f"{{0 | 0, *}} = {truth}: the mirror image of green-under-blue.")
    difference = (truth - claimed).outcome()
    return wrong(f"The stalk minus {claimed} is not 0: in it {_WHO[difference]}. Write down "
                 "Blue's and Red's options of the stalk first.")


#: Exercise 08.3: a mixed drawing of seven edges.
POSITION_3 = Hackenbush([(0, 1, "blue"), (1, 2, "green"), (2, 3, "red"), (0, 4, "green"),
                         (4, 5, "blue"), (0, 6, "red"), (6, 7, "green")])


def _blue_winning_cuts(position):
    return [i for i, (_, _, c) in enumerate(position.edges)
            if c != "red" and not _mover_wins(position.cut(i), False)]


@exercise("08.3", "the list of edges (numbered as drawn) whose cut wins for Blue, moving first "
          "in POSITION_3",
          solution=lambda: _blue_winning_cuts(POSITION_3),
          wrong=[[], [0], [1, 3, 6], [6]])
def _(answer):
    cuts = sorted({whole_number(i, "an edge number")
                   for i in read_items(answer, "the answer (a list of edge numbers)", 100)})
    expected = _blue_winning_cuts(POSITION_3)
    for i in cuts:
        if not 0 <= i < len(POSITION_3):
            return wrong(f"{_show(i)} is not an edge: the edges are numbered 0 to "
                         f"{len(POSITION_3) - 1}.")
        if POSITION_3.edges[i][2] == "red":
            return wrong(f"Edge {i} is red: Blue may cut only blue and green edges.")
        if i not in expected:
            after, old_index = POSITION_3.cut_with_map(i)
            reply = next(j for j, (_, _, c) in enumerate(after.edges)
                         if c != "blue" and not _mover_wins(after.cut(j), True))
            return wrong(f"After Blue cuts edge {i}, Red wins by cutting edge "
                         f"{old_index[reply]} (numbered as in the first drawing).")
    missing = len(set(expected) - set(cuts))
    if missing:
        return missing_verdict(len(cuts), missing, "cut")
    return right("Those are all of Blue's winning cuts.")


#: Answers above this are judged without adding up so many copies of ↑.
SMALL_COPIES = 64


def _copies(n):
    return games.total([games.UP] * n + [games.STAR])


@exercise("08.4", "the smallest n such that n copies of ↑ plus * is won by Blue whoever starts",
          solution=lambda: next(n for n in range(1, 10)
                                if games.total([games.UP] * n + [games.STAR]).outcome() == "L"),
          wrong=[1, 3, 0])
def _(answer):
    answer = whole_number(answer, "the answer (a number of copies of ↑)")
    if answer < 0:
        raise Refusal(f"A number of copies is 0 or more, not {_show(answer)}.")
    if answer > SMALL_COPIES:
        # Some n <= SMALL_COPIES gives a positive sum (computed); adding copies of the
        # positive ↑ keeps it positive, so `answer` copies win but are not the fewest.
        assert any(_copies(n).outcome() == "L" for n in range(SMALL_COPIES + 1))
        return wrong(f"{_show(answer)} copies win for Blue whoever starts (↑ is positive, so "
                     "more copies never hurt Blue), but far fewer copies already do.")
    value = _copies(answer)
    if value.outcome() != "L":
        return wrong(f"{value} is not won by Blue whoever starts: {_WHO[value.outcome()]}.")
    if answer and _copies(answer - 1).outcome() == "L":
        return wrong(f"{answer} copies work, but fewer copies already win for Blue whoever "
                     "starts.")
    return right(f"{value} is positive, while one copy fewer leaves a first-player win.")

@exercise("08.5", "the canonical form of {0, ↑ | ↑}, as a game or a text",
          solution=lambda: games.form([games.ZERO, games.UP], [games.UP]).canonical(),
          wrong=["↑", "{↑|↑}", "*", "⇑", games.form([games.ZERO, games.UP], [games.UP])])
def _(answer):
    claimed = _as_game(answer)
    truth = games.form([games.ZERO, games.UP], [games.UP]).canonical()
    shown = _as_written(answer)
    if claimed == truth:
        step = _first_simplification(answer)
        if step is not None:
            return wrong(f"{shown} is equal to {{0, ↑ | ↑}} but not yet canonical: {step}")
        return right(f"{{0, ↑ | ↑}} = {truth}.")
    equal = "" if shown == str(claimed) else f" (which equals {claimed})"
    return wrong(f"{{0, ↑ | ↑}} minus {shown}{equal} is not 0: in it "
                 f"{_WHO[(truth - claimed).outcome()]}.")
