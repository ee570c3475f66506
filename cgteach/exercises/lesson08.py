"""Checkers for the exercises of lesson 08 (Hackenbush hotchpotch: green meets blue and red).

Outcomes and winning moves are decided by a plain game-tree search over the
drawing (Blue cuts blue or green edges, Red cuts red or green edges, a
player who cannot cut loses); values come from :mod:`cgteach.games`.  A
wrong answer is refuted by who wins moving first and second, by a winning
reply to a claimed winning cut, or by the outcome of the difference of the
claimed value and the true one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from cgteach import games
from cgteach.exercises import exercise, right, wrong
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
    if isinstance(answer, games.Game):
        return answer
    if isinstance(answer, games.Form):      # a game as written, as the lesson's form(...) makes
        return answer.canonical()
    if isinstance(answer, str):
        return games.parse(answer)
    if isinstance(answer, (int, Fraction)) and not isinstance(answer, bool):
        return games.number(answer)
    raise TypeError("give the value as a game, such as UP + STAR, or as a text such as '↑*'")


def _as_written(answer) -> str:
    """The answer as the student wrote it (a text stays a text), for messages."""
    return answer if isinstance(answer, str) else str(answer)


def _first_simplification(answer):
    """The first step that still simplifies an answer written with braces, or None."""
    if isinstance(answer, str) and "{" in answer:
        answer = games.form(answer)
    if not isinstance(answer, games.Form):
        return None
    steps = [s for s in answer.simplification_steps()
             if s.rule in ("duplicate", "dominated", "reversible")]
    return steps[0].description if steps else None


#: Exercise 08.1: green-under-blue, a green edge, and a blue edge under a red one.
POSITION_1 = _stalk("green", "blue") + _stalk("green") + _stalk("red", "blue")


@exercise("08.1", "the outcome class of POSITION_1: 'L', 'R', 'P' or 'N'",
          solution=lambda: _outcome(POSITION_1),
          wrong=["L", "N", "P"])
def _(answer):
    if answer not in ("L", "R", "P", "N"):
        return wrong("The answer should be one of the letters 'L', 'R', 'P', 'N'.")
    truth = _outcome(POSITION_1)
    if answer == truth:
        return right("↑ + (−1/2) is negative: ↑ is smaller than every positive number.")
    return wrong(f"A search of every line of play says {_WHO[truth]}, so the class is not "
                 f"{answer} ({_WHO[answer]}).")


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
    cuts = sorted(set(answer))
    expected = _blue_winning_cuts(POSITION_3)
    for i in cuts:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(POSITION_3):
            return wrong(f"{i!r} is not an edge: the edges are numbered 0 to "
                         f"{len(POSITION_3) - 1}.")
        if POSITION_3.edges[i][2] == "red":
            return wrong(f"Edge {i} is red: Blue may cut only blue and green edges.")
        if i not in expected:
            after, old_index = POSITION_3.cut_with_map(i)
            reply = next(j for j, (_, _, c) in enumerate(after.edges)
                         if c != "blue" and not _mover_wins(after.cut(j), True))
            return wrong(f"After Blue cuts edge {i}, Red wins by cutting edge "
                         f"{old_index[reply]} (numbered as in the first drawing).")
    if len(cuts) < len(expected):
        return wrong("Every cut you list wins, but there are more winning cuts.")
    return right("Those are all of Blue's winning cuts.")


@exercise("08.4", "the smallest n such that n copies of ↑ plus * is won by Blue whoever starts",
          solution=lambda: next(n for n in range(1, 10)
                                if games.total([games.UP] * n + [games.STAR]).outcome() == "L"),
          wrong=[1, 3, 0])
def _(answer):
    if isinstance(answer, bool) or not isinstance(answer, int) or answer < 0:
        return wrong("The answer should be a whole number of copies of ↑.")
    value = games.total([games.UP] * answer + [games.STAR])
    if value.outcome() != "L":
        return wrong(f"{value} is not won by Blue whoever starts: {_WHO[value.outcome()]}.")
    smaller = games.total([games.UP] * (answer - 1) + [games.STAR]) if answer else None
    if smaller is not None and smaller.outcome() == "L":
        return wrong(f"{answer} copies work, but so do fewer: {smaller} is already positive.")
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
