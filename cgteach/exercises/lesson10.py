"""Checkers for the exercises of lesson 10 (all-small games: atomic weight, Clobber, Cram).

Values and atomic weights come from :mod:`cgteach.games` and
:mod:`cgteach.rulesets.clobber`; Cram's nim values from
:meth:`cgteach.rulesets.cram.Cram.grundy`.  A wrong
answer is refuted without giving the right one away: by who wins the
difference of the claimed game and the true one, by whether a claimed weight
is too high or too low, by the atomic weight of a proposed board, by Right's
winning reply to a claimed winning move, or by what cooling the proposed
game leaves.
"""

from __future__ import annotations

from cgteach import games
from cgteach.exercises import (
    Refusal,
    exercise,
    read_game,
    read_items,
    read_text,
    right,
    whole_number,
    wrong,
)
from cgteach.rulesets.clobber import Clobber

__all__: list[str] = []

_WHO = {"L": "Left wins whoever starts", "R": "Right wins whoever starts",
        "P": "whoever moves second wins", "N": "whoever moves first wins"}


#: The answers of 10.1, 10.3, 10.5 and 10.7 are born early; a game born after this day is
#: refused at once (a sum of many switches could take the checker seconds to compare).
BORN_BY = 8


def _difference(truth, claimed) -> str:
    return _WHO[(truth - claimed).outcome()]


#: Exercise 10.1: a Clobber strip to value by hand.
STRIP_1 = Clobber("xxxo")


@exercise("10.1", "the value of the Clobber strip xxxo, as a game or a text such as '{0|↑}'",
          solution=lambda: STRIP_1.value(),
          wrong=["↑", "{0|*}", "0", "⇑", "{0|↑*}"])
def _(answer):
    claimed = read_game(answer, "the value", born_by=BORN_BY)
    truth = STRIP_1.value()
    if claimed == truth:
        return right(f"Left's only move leaves xx.x (0), Right's leaves xxo. (↑): "
                     f"{{0 | ↑}} = {truth}.")
    return wrong(f"The strip minus {claimed} is not 0: in it {_difference(truth, claimed)}. "
                 "List each player's moves, value what each leaves (xxo is in the lesson), "
                 "and write {Left's | Right's}.")


#: Exercise 10.2: the largest board a student may propose.
MAX_SQUARES_2 = 8


def _read_board(answer, what: str) -> Clobber:
    """A Clobber board from a Clobber of the package, a row text, or a list of row texts."""
    if type(answer) is Clobber:
        rows = list(answer.rows)
    elif type(answer) is str:
        rows = [read_text(answer, what, 40)]
    else:
        rows = [read_text(r, "each row", 40) for r in read_items(answer, what, 8)]
    for r in rows:
        if set(r) - set("xo."):
            raise Refusal(f"A row of a Clobber board is written with x, o and . only, not "
                          f"{r!r}.")
    if not rows or len({len(r) for r in rows}) != 1 or not rows[0]:
        raise Refusal("A Clobber board is one row such as 'xxo', or a list of rows of the "
                      "same length such as ['xo', 'ox'].")
    squares = len(rows) * len(rows[0])
    if squares > MAX_SQUARES_2:
        raise Refusal(f"That board has {squares} squares; this exercise asks for at most "
                      f"{MAX_SQUARES_2}.")
    return Clobber(rows)


def _example_2():
    from cgteach.small import clobber_boards

    return next(b for b in clobber_boards(4) if b.atomic_weight() >= 2)


@exercise("10.2", "a Clobber board of at most 8 squares whose atomic weight is 2 or more: a "
          "row text such as 'xxo', a list of rows such as ['xo', 'ox'], or a Clobber",
          solution=_example_2,
          wrong=["xxo", "xo", ["xo", "ox"], "xoxo", "abc", "xxxxxxxxo"])
def _(answer):
    board = _read_board(answer, "the board")
    v = board.value()
    aw = v.atomic_weight()
    if aw >= 2:
        return right(f"Its atomic weight is {aw}, so by the two-ahead rule Left wins whoever "
                     f"starts: its value {v} is {'positive' if v > 0 else 'NOT positive (!)'}.")
    return wrong(f"That board's atomic weight is {aw}, not 2 or more. Try small strips and "
                 "blocks, and read their weights with .atomic_weight() or in the editor.")


#: Exercise 10.3: a game for the atomic weight calculus by hand.
GAME_3 = games.parse("{↓ | 4·↓}")


@exercise("10.3", "the atomic weight of {↓ | 4·↓}, as a number or a game",
          solution=lambda: GAME_3.atomic_weight(),
          wrong=[-3, -2, "{-3|-2}*", 3, "-1"])
def _(answer):
    claimed = read_game(answer, "the atomic weight", born_by=BORN_BY)
    truth = GAME_3.atomic_weight()
    if claimed == truth:
        return right(f"{{aw(↓) - 2 | aw(4·↓) + 2}} = {{-3 | -2}} = {truth}, not an integer, so "
                     "no remote star is needed.")
    if claimed.is_number() and truth.is_number():
        side = "high" if claimed > truth else "low"
        return wrong(f"{claimed} is too {side}. Find the atomic weight of each option, subtract "
                     "2 on Left's side, add 2 on Right's, and simplify {… | …}.")
    return wrong(f"The atomic weight minus {claimed} is not 0: in it "
                 f"{_difference(truth, claimed)}. Use the calculus: {{aw(G^L) - 2 | "
                 "aw(G^R) + 2}.")


#: Exercise 10.4: a board of two regions, Left to move.
BOARD_4 = Clobber(["x.xo.xo",
                   "ox.xoxo"])


def _left_wins_after(board) -> bool:
    """Does Left win when Right moves next on ``board``?"""
    return board.value().outcome() in ("L", "P")


def _winning_left_moves(board) -> list:
    return [mv for mv in board.left_moves() if _left_wins_after(board.play(mv))]


@exercise("10.4", "a winning move for Left moving first on board_4: a pair ((row, column), "
          "(row2, column2)), her stone's square and the square of the o it clobbers, counting "
          "from 0 from the top left square",
          solution=lambda: _winning_left_moves(BOARD_4)[0],
          wrong=[((0, 2), (0, 3)), ((0, 5), (0, 6)), ((1, 1), (1, 0)), ((0, 0), (0, 1)),
                 "a", ((9, 9), (9, 8))])
def _(answer):
    if type(answer) is str:
        return wrong("The answer is a pair of squares ((row, column), (row2, column2)), such "
                     "as ((0, 2), (0, 3)), not a text.")
    if type(answer) in (set, frozenset):
        return wrong("A move is a pair (from, to), not a set: a set has no order, so it cannot "
                     "say which square is Left's stone and which the o it clobbers.")
    pair = read_items(answer, "the answer (a pair of squares)", 10, ordered=True)
    if len(pair) != 2:
        return wrong("The answer is a pair of squares ((row, column), (row2, column2)): "
                     "where Left's stone stands and where the o it clobbers stands.")
    squares = []
    for square in pair:
        if type(square) is str:
            return wrong("Each square is a pair (row, column) of whole numbers, not a text.")
        cells = read_items(square, "a square (row, column)", 10, ordered=True)
        if len(cells) != 2:
            return wrong("Each square is a pair (row, column), counting from 0 from the top "
                         "left square.")
        squares.append(tuple(whole_number(x, "a row or a column") for x in cells))
    move = tuple(squares)
    if move not in BOARD_4.left_moves():
        return wrong(f"{move} is not a move of Left's: her stone x must stand on the first "
                     "square and an o on the second, next to it (up, down, left or right); "
                     "rows and columns count from 0 from the top left square.")
    after = BOARD_4.play(move)
    if _left_wins_after(after):
        return right(f"After it Right, moving next, loses: what is left is worth {after.value()}.")
    reply = next(mv for mv in after.right_moves()
                 if after.play(mv).value().outcome() in ("R", "P"))
    return wrong(f"After that move Right clobbers with his stone on {reply[0]} the x on "
                 f"{reply[1]}, and then Right wins whatever Left does.")


#: Exercise 10.5: a hot game with infinitesimals in it.
GAME_5 = games.parse("{2↑* | {1 | -1↓}}")


@exercise("10.5", "the reduced canonical form of {2↑* | {1 | -1↓}}, as a game or a text",
          solution=lambda: GAME_5.reduced(),
          wrong=["{2|{1|-1↓}}", "{2*|±1}", "1/2", "{2|1}", "0"])
def _(answer):
    claimed = read_game(answer, "the reduced form", born_by=BORN_BY)
    truth = GAME_5.reduced()
    if claimed == truth:
        return right(f"Dropping the infinitesimals, option by option: {truth}.")
    if claimed.reduced() == truth:
        return wrong(f"{claimed} is infinitesimally close to the game, but it is not the "
                     "simplest such game: it still holds an infinitesimal somewhere.")
    gap = GAME_5 - claimed
    return wrong(f"The game minus {claimed} is not infinitesimal: its stops are "
                 f"{gap.left_stop()} and {gap.right_stop()}, and an infinitesimal has both "
                 "stops 0.")


#: Exercise 10.6: a Cram board ('.' free, '#' taken).
CRAM_6 = ("....", "....", "...#")


def _cram_grundy(rows) -> int:
    from cgteach.rulesets.cram import Cram

    return Cram(rows).grundy()


@exercise("10.6", "the nim value of the Cram board cram_6, as a whole number",
          solution=lambda: _cram_grundy(CRAM_6),
          wrong=[5, 4, 3, 7])
def _(answer):
    n = whole_number(answer, "the nim value")
    truth = _cram_grundy(CRAM_6)
    if n == truth:
        return right(f"The board is *{truth}: "
                     f"{'the second player wins' if truth == 0 else 'the first player wins'}.")
    if n < 0:
        return wrong("A nim value is 0 or more.")
    return wrong(f"Not *{n}: the board plus a Nim heap of {n} is not a second-player win. "
                 "Value the board with the partizan engine or with grundy(); both agree.")


#: Exercise 10.7: what a game must cool to.
COOLED_7 = games.UP


@exercise("10.7", "a game that, cooled by 1, is ↑: a game or a text",
          solution=lambda: COOLED_7.heat(1),
          wrong=["↑", "{1|-1}", "{1|*}", "0", "{1|{0|-1}}"])
def _(answer):
    claimed = read_game(answer, "the game", born_by=BORN_BY)
    cooled = claimed.cool(1)
    if cooled == COOLED_7:
        return right(f"Cooled by 1, {claimed} is {COOLED_7}. Heating {COOLED_7} by 1 gives "
                     "one such game; is it the only one?")
    return wrong(f"Cooled by 1, {claimed} is {cooled}, not {COOLED_7}. Each move pays a tax "
                 "of 1: what must Left's and Right's options be before the tax?")
