"""Checkers for the exercises of lesson 09 (hot games: temperature and thermographs).

Temperatures, means and cooled games come from :mod:`cgteach.games.temperature`;
Domineering values from :mod:`cgteach.rulesets.domineering`.  A wrong
answer is refuted without giving the right one away: by what cooling by the
claimed temperature leaves, by whether the claim is too high or too low, by
who wins the difference of the claimed game and the true one, by the
temperature of the region named, or by Right's winning reply to a claimed
winning move.
"""

from __future__ import annotations

from fractions import Fraction

from cgteach import games
from cgteach.exercises import (
    Refusal,
    exact_number,
    exercise,
    read_game,
    read_items,
    right,
    whole_number,
    wrong,
)
from cgteach.rulesets.domineering import Domineering
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs

__all__: list[str] = []

_WHO = {"L": "Left wins whoever starts", "R": "Right wins whoever starts",
        "P": "whoever moves second wins", "N": "whoever moves first wins"}


def _as_number(answer, what: str) -> Fraction:
    """A number answer, read into a fresh ``Fraction`` (see :func:`exact_number`).

    A game of the package that is a number is read by the package's own
    methods; any other object is refused, never asked what it is worth.
    """
    if type(answer) is not str and isinstance(answer, games.Game):
        game = read_game(answer, what)       # refuses a subclass that might say anything
        if not game.is_number():
            raise Refusal(f"{_cap(what)} is a number, and {game} is not one.")
        return game.number_value()
    return exact_number(answer, what)


def _cap(what: str) -> str:
    return what[:1].upper() + what[1:]


#: Exercise 09.1: a switch.
SWITCH_1 = games.game([5], [-3])


@exercise("09.1", "the temperature of the switch {5 | -3}, as a number",
          solution=lambda: SWITCH_1.temperature(),
          wrong=[8, 1, 2, "5"])
def _(answer):
    t = _as_number(answer, "the temperature")
    truth = SWITCH_1.temperature()
    if t == truth:
        return right(f"Taxed by {truth}, each player's move is worth nothing more: "
                     f"{{5 | -3}} cooled by {truth} is {SWITCH_1.cool(truth)}.")
    if t < 0:
        return wrong("A hot game has a positive temperature: moving first gains something.")
    if t < truth:
        cooled = SWITCH_1.cool(t)
        return wrong(f"Cooled by {t}, the switch is {cooled}: its left stop {cooled.left_stop()} "
                     f"is still above its right stop {cooled.right_stop()}, so it is still hot.")
    return wrong(f"Cooled by {t} the switch is a number, but it has frozen at a smaller tax "
                 "already: the temperature is the smallest tax at which the walls meet.")


#: Exercise 09.2: the three parts of a sum.
SUM_2 = (games.parse("{4 | {2 | -6}}"), games.game([3], [-1]), ToadsAndFrogs("TT_F"))


def _sum_2():
    return games.total([SUM_2[0], SUM_2[1], SUM_2[2].value()])


@exercise("09.2", "the mean of {4 | {2 | -6}} + {3 | -1} + TT_F (Toads and Frogs), as a number",
          solution=lambda: _sum_2().mean(),
          wrong=[5, 3, Fraction(7, 2), "4"])
def _(answer):
    m = _as_number(answer, "the mean")
    truth = _sum_2().mean()
    if m == truth:
        return right(f"The means are {SUM_2[0].mean()}, {SUM_2[1].mean()} and "
                     f"{SUM_2[2].value().mean()}, and the mean of a sum is their sum: {truth}.")
    side = "high" if m > truth else "low"
    return wrong(f"{m} is too {side}. Find each part's mean (the foot of its thermograph's "
                 "mast) and add them; TT_F's value is in the lesson.")


#: Exercise 09.3: a game to cool.
GAME_3 = games.parse("{4 | {2 | -6}}")


@exercise("09.3", "{4 | {2 | -6}} cooled by 1, as a game or a text such as '{3|0}'",
          solution=lambda: GAME_3.cool(1),
          wrong=["{3|{2|-6}}", "{3|{1|-5}}", "2", "{3|-5}"])
def _(answer):
    claimed = read_game(answer, "the cooled game", born_by=8)
    truth = GAME_3.cool(1)
    if claimed == truth:
        return right(f"{{4 - 1 | {{2 | -6}} cooled by 1, plus 1}} = {truth}.")
    difference = (truth - claimed).outcome()
    hint = ("the game is still hot at t = 1: cooled by 1 it is not a number yet"
            if claimed.is_number() else
            "cool the inner switch {2 | -6} first, then tax each move of the outer game by 1")
    return wrong(f"The cooled game minus {claimed} is not 0: in it {_WHO[difference]}. "
                 f"Hint: {hint}.")


#: Exercise 09.4: a board of three regions: 2 x 4, 3 x 3 and 2 x 3.
BOARD_4 = Domineering(["....#...#...",
                       "....#...#...",
                       "#####...####"])


def _region_words(i: int) -> str:
    m, n = BOARD_4.regions()[i].shape
    return f"region {i} (the {m} × {n} region, counting from 0)"


@exercise("09.4", "the number of the hottest region of board_4, counting from 0 in the order "
          "of board_4.regions(): 0, 1 or 2",
          solution=lambda: max(range(3), key=lambda i: BOARD_4.regions()[i].temperature()),
          wrong=[0, 1, 3])
def _(answer):
    regions = BOARD_4.regions()
    answer = whole_number(answer, "the region's number")
    if not 0 <= answer < len(regions):
        return wrong(f"The answer is a region's number, counting from 0: 0 to "
                     f"{len(regions) - 1}, in the order of board_4.regions().")
    temps = [r.temperature() for r in regions]
    if temps[answer] == max(temps):
        return right(f"{_cap(_region_words(answer))} has temperature {temps[answer]}; the others "
                     f"{', '.join(str(t) for i, t in enumerate(temps) if i != answer)}.")
    return wrong(f"{_cap(_region_words(answer))} has temperature {temps[answer]}, and another "
                 "region is hotter. The biggest region is not always the hottest.")


#: Exercise 09.5: a 2 x 3, a 2 x 4 and a 1 x 2 board side by side.
BOARD_5 = Domineering(["...#....#..",
                       "...#....###"])


def _left_wins_after(board) -> bool:
    """Does Left win when Right moves next on ``board``?"""
    return board.value().outcome() in ("L", "P")


def _winning_left_moves(board) -> list:
    return [cell for cell in board.left_moves() if _left_wins_after(board.play_left(cell))]


@exercise("09.5", "a winning move for Left moving first on board_5: the (row, column) of the "
          "top cell of her vertical domino, counting from 0 from the top left cell",
          solution=lambda: _winning_left_moves(BOARD_5)[0],
          wrong=[(0, 0), (0, 2), (0, 9), (1, 3), (5, 5), "a"])
def _(answer):
    if type(answer) is str:
        return wrong("The answer is a pair (row, column) of whole numbers, such as (0, 3), "
                     "not a text.")
    pair = read_items(answer, "the answer (a pair (row, column))", 10, ordered=True)
    if len(pair) != 2:
        return wrong("The answer is a pair (row, column), such as (0, 3): rows and columns "
                     "count from 0, from the top left cell.")
    cell = tuple(whole_number(x, "a row or a column") for x in pair)
    if cell not in BOARD_5.left_moves():
        return wrong(f"Left cannot place a vertical domino with its top cell at {cell}: "
                     "both that cell and the one below it must be free (rows and columns "
                     "count from 0, from the top left cell).")
    after = BOARD_5.play_left(cell)
    if _left_wins_after(after):
        return right(f"After it Right, moving next, loses: the rest is worth {after.value()}.")
    reply = next(c for c in after.right_moves()
                 if after.play_right(c).value().outcome() in ("R", "P"))
    return wrong(f"After that move Right places a horizontal domino with its left cell at "
                 f"{reply}, and then Right wins whatever Left does.")
