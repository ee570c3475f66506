"""Clobber widgets: an editor that shows the value and the atomic weight, and a game.

Clobber is played with stones on a board: **Left**'s are ``x`` (blue, drawn
as discs), **Right**'s are ``o`` (red, drawn as squares), ``.`` is an empty
square.  A move takes one of your stones onto an *adjacent* (up, down, left
or right) enemy stone, which is removed ("clobbered"); the square you left
becomes empty.  Whoever cannot move loses.  Every Clobber position is
*all-small*, so its value is an infinitesimal and its **atomic weight** says
roughly how many ups it is worth.

:class:`ClobberEditor` -- click a square to cycle it empty → ``x`` → ``o`` →
empty (or focus it and type ``x``, ``o`` or ``.``); beside the board are the
value, the outcome and the atomic weight of the whole board and of each
region (stones joined up, down, left or right).  Save and Load use the
position file of :meth:`cgteach.rulesets.clobber.Clobber.save`.

:class:`ClobberGame` -- play against the computer.  Pick your side (Left,
the ``x`` stones, by default); click one of your stones, then the enemy stone
next to it to clobber.  The computer plays a best move by value: a winning
move when there is one, among the moves whose value no other move beats,
the one with the best atomic weight.  ``Hint`` marks such a move for you.

As in every cgteach widget the rules live here; the browser only draws and
sends intents (``{"event": "cycle", "row": 0, "col": 1}``), and a request
that cannot be carried out leaves the board as it was and says why in
``message``.

>>> from cgteach.rulesets.clobber import Clobber
>>> ed = ClobberEditor(Clobber(["xxo"]))
>>> ed.value_text, ed.atomic_weight_text
('↑', '1')
>>> ed.cycle(0, 2); ed.rows, ed.value_text, ed.message
(['xx.'], '0', 'square (0, 2): empty')
"""

from __future__ import annotations

import traitlets

from cgteach._pictures import count as _count
from cgteach.rulesets.clobber import Clobber
from cgteach.widgets._base import (
    STATIC,
    EditorBoard,
    GameBoard,
    WidgetValueError,
    _short,
    _shown_value,
    check_choice,
    check_game_options,
    check_int,
    check_list,
    check_text,
    esm,
    still_png,
)

__all__ = ["ClobberEditor", "ClobberGame", "MAX_EDIT_SIDE", "PERFECT_STONES", "describe"]

#: Longest side of a board in the widgets.
MAX_EDIT_SIDE = 8
#: Most stones in one region the widgets value while you wait: a full 3 x 4
#: checkerboard (12 stones) takes 1 to 3 s on a busy 2-core machine, a full
#: 3 x 5 one (15 stones) 20 to 30 s.
PERFECT_STONES = 12

_ESM = esm("clobber.js")
_CSS = "\n".join((STATIC / f).read_text(encoding="utf-8")
                 for f in ("boards.css", "clobber.css"))

_EMPTY, _LEFT, _RIGHT = ".", "x", "o"
#: What a click on a square makes of it.
_NEXT = {_EMPTY: _LEFT, _LEFT: _RIGHT, _RIGHT: _EMPTY}
_WORDS = {_EMPTY: "empty", _LEFT: "x (Left's blue stone)", _RIGHT: "o (Right's red stone)"}
_SIDES = ("left", "right")


def _as_board(board, default=("xo", "ox")) -> Clobber:
    if board is None:
        board = Clobber(list(default))
    elif not isinstance(board, Clobber):
        board = Clobber(board)
    m, n = board.shape
    if m > MAX_EDIT_SIDE or n > MAX_EDIT_SIDE:
        raise ValueError(f"the Clobber widgets take boards of at most {MAX_EDIT_SIDE} x "
                         f"{MAX_EDIT_SIDE} squares, got {m} x {n}")
    return board


def _stones(board) -> int:
    return sum(ch != _EMPTY for row in board.rows for ch in row)


def _too_big(board: Clobber) -> str:
    """Why the widgets will not value ``board`` ('' when they will)."""
    big = max((_stones(r) for r in board.regions()), default=0)
    if big > PERFECT_STONES:
        return (f"a region of {big} stones is more than the {PERFECT_STONES} this widget "
                "values while you wait")
    return ""


def _rule(aw) -> str:
    """What the atomic weight alone says about who wins: the two-ahead rule.

    ``aw >= 2``: Left wins whoever starts; ``aw >= 1``: Left wins when she
    starts (and the mirror statements for Right); see :mod:`cgteach.games.cold`.

    >>> from cgteach.games import parse
    >>> _rule(parse("1"))
    'Atomic weight at least 1: Left wins when she starts (the two-ahead rule).'
    """
    if aw >= 2:
        return "Atomic weight at least 2: Left wins whoever starts (the two-ahead rule)."
    if aw <= -2:
        return "Atomic weight at most -2: Right wins whoever starts (the two-ahead rule)."
    if aw >= 1:
        return "Atomic weight at least 1: Left wins when she starts (the two-ahead rule)."
    if aw <= -1:
        return "Atomic weight at most -1: Right wins when he starts (the two-ahead rule)."
    return "Atomic weight between -1 and 1: the weight alone does not say who wins."


def describe(board: Clobber) -> dict:
    """Value, outcome and atomic weight of ``board`` and of each region.

    >>> d = describe(Clobber(["xxo.xo"]))
    >>> d["value"], d["atomic_weight"], [r["value"] for r in d["regions"]]
    ('↑*', '1', ['↑', '*'])
    """
    def one(b):
        v = b.value()
        aw = b.atomic_weight()
        return {"value": str(v), "outcome": v.outcome(), "atomic_weight": str(aw),
                "stones": _stones(b), "rows": list(b.rows), "_aw": aw}

    whole = one(board)
    whole["rule"] = _rule(whole.pop("_aw"))
    regions = []
    for r in board.regions():
        info = one(r)
        del info["_aw"]
        regions.append(info)
    whole["regions"] = regions
    return whole


def _check_cell(board, row, col, what="square") -> tuple:
    m, n = board.shape
    for name, v in (("row", row), ("col", col)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a whole number, got {_short(v)}")
    if not (0 <= row < m and 0 <= col < n):
        raise ValueError(f"there is no {what} ({row}, {col}) on this {m} x {n} board")
    return row, col


def _board_words(board: Clobber) -> str:
    m, n = board.shape
    x = sum(row.count(_LEFT) for row in board.rows)
    o = sum(row.count(_RIGHT) for row in board.rows)
    return (f"a {m} by {n} board with {_count(x, 'blue stone')} (x) "
            f"and {_count(o, 'red stone')} (o)")


def _json(board: Clobber) -> str:
    from cgteach import _io

    return _io.dumps("clobber", board.to_dict())


def _still(board: Clobber):
    m, n = board.shape
    return still_png(lambda ax: board.draw(ax=ax), size=(0.5 * n + 0.8, 0.5 * m + 0.8))


class _ClobberBoard:
    """The checks both Clobber widgets share (see ``Guarded._validate_trait``)."""

    _esm = _ESM
    _css = _CSS

    def _check_rows(self, value):
        board = getattr(self, "_board", None)
        if board is None and value == []:
            return value
        if board is None or value != list(board.rows):
            raise WidgetValueError("rows follow the widget's board: change it with the board's "
                                   "squares and buttons (or the methods), not by writing rows")
        return value


class ClobberEditor(_ClobberBoard, EditorBoard):
    """Build a Clobber position by clicking squares; see its value and atomic weight.

    ``board`` is a :class:`~cgteach.rulesets.clobber.Clobber` or its rows
    (default: the 2 x 2 board ``xo`` / ``ox``), at most
    :data:`MAX_EDIT_SIDE` on a side and with no region of more than
    :data:`PERFECT_STONES` stones.
    """

    _THING = "board"
    _SUMMARY = "run this cell in JupyterLab to build a Clobber position"

    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)
    #: ``"L"``, ``"R"``, ``"P"`` or ``"N"``.
    outcome = traitlets.Unicode("P").tag(sync=True)
    atomic_weight_text = traitlets.Unicode("").tag(sync=True)
    #: What the atomic weight says about the winner (the two-ahead rule).
    rule_text = traitlets.Unicode("").tag(sync=True)
    #: One entry per region: value, outcome, atomic_weight, stones, rows.
    regions = traitlets.List().tag(sync=True)

    def _check_value_text(self, value):
        return check_text("value_text", value, 10_000)

    def _check_outcome(self, value):
        return check_choice("outcome", value, ("L", "R", "P", "N"))

    def _check_atomic_weight_text(self, value):
        return check_text("atomic_weight_text", value, 10_000)

    def _check_rule_text(self, value):
        return check_text("rule_text", value, 1_000)

    def _check_regions(self, value):
        keys = {"value", "outcome", "atomic_weight", "stones", "rows"}

        def one(k, r):
            if not isinstance(r, dict) or set(r) != keys:
                raise WidgetValueError(f"regions[{k}] must be a dict of "
                                       f"{', '.join(sorted(keys))}, got {_short(r)}")
        return check_list("regions", value, MAX_EDIT_SIDE ** 2, one)

    def __init__(self, board=None, lecture=None, **kwargs):
        board = _as_board(board)
        why = _too_big(board)
        if why:
            raise ValueError(f"cannot edit this board: {why}")
        super().__init__(lecture=lecture, **kwargs)
        self._show(board)

    @property
    def board(self) -> Clobber:
        """The position now in the editor."""
        return self._board

    def _show(self, board: Clobber) -> None:
        info = describe(board)
        with self.hold_sync():
            self._board = board
            self.rows = list(board.rows)
            self.value_text = info["value"]
            self.outcome = info["outcome"]
            self.atomic_weight_text = info["atomic_weight"]
            self.rule_text = info["rule"]
            self.regions = info["regions"]
            self.json_text = _json(board)
            self.can_undo = bool(self._history)

    def _change(self, board: Clobber, said: str) -> None:
        why = _too_big(board)
        if why:
            self.message = f"left the board as it was: {why}."
            return
        self._remember(self._board)
        self._show(board)
        self.message = said

    def _restore(self, state) -> None:
        self._show(state)
        self.message = "took back the last change"

    def _with(self, row, col, stone) -> Clobber:
        rows = [list(r) for r in self._board.rows]
        rows[row][col] = stone
        return Clobber(["".join(r) for r in rows])

    def cycle(self, row, col) -> None:
        """Turn square ``(row, col)`` from empty to ``x``, ``x`` to ``o``, ``o`` to empty."""
        _check_cell(self._board, row, col)
        stone = _NEXT[self._board.rows[row][col]]
        self._change(self._with(row, col, stone), f"square ({row}, {col}): {_WORDS[stone]}")

    def set_cell(self, row, col, stone) -> None:
        """Put ``stone`` (``"x"``, ``"o"`` or ``"."`` for empty) on square ``(row, col)``."""
        _check_cell(self._board, row, col)
        if not isinstance(stone, str) or stone not in _NEXT:
            raise ValueError(f"stone must be 'x' (Left), 'o' (Right) or '.' (empty), "
                             f"got {_short(stone)}")
        if self._board.rows[row][col] == stone:
            self.message = f"square ({row}, {col}) is {_WORDS[stone]} already"
            return
        self._change(self._with(row, col, stone), f"square ({row}, {col}): {_WORDS[stone]}")

    def resize(self, m, n) -> None:
        """Make the board ``m`` rows by ``n`` columns, keeping the stones that still fit."""
        for name, v in (("rows", m), ("columns", n)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_EDIT_SIDE:
                raise ValueError(f"{name} must be a whole number from 1 to {MAX_EDIT_SIDE}, "
                                 f"got {_short(v)}")
        old = self._board.rows
        rows = ["".join(old[r][c] if r < len(old) and c < len(old[0]) else _EMPTY
                        for c in range(n)) for r in range(m)]
        self._change(Clobber(rows), f"a {m} x {n} board")

    def checkerboard(self) -> None:
        """Fill every square, ``x`` and ``o`` alternating (``x`` in the top left corner)."""
        m, n = self._board.shape
        rows = ["".join(_LEFT if (r + c) % 2 == 0 else _RIGHT for c in range(n))
                for r in range(m)]
        self._change(Clobber(rows), f"a full {m} x {n} checkerboard")

    def clear(self) -> None:
        """Empty every square."""
        m, n = self._board.shape
        self._change(Clobber([_EMPTY * n] * m), "emptied every square")

    def load_text(self, text: str) -> None:
        """Read a position file (as written by Save)."""
        from cgteach import _io

        board = _as_board(Clobber.from_dict(_io.loads("clobber", text)))
        why = _too_big(board)
        if why:
            raise ValueError(why)
        self._change(board, "loaded the board")

    def _still_png(self):
        return _still(self._board)

    def _still_alt(self):
        text = f"Clobber editor: {_board_words(self._board)}"
        value = _shown_value(self.value_text)
        if value:
            text += f", value {value}"
            weight = _shown_value(self.atomic_weight_text)
            if weight:
                text += f", atomic weight {weight}"
        return text + "."

    # -- intents from the browser --------------------------------------------------

    def _on_cycle(self, row, col):
        self.cycle(row, col)

    def _on_set_cell(self, row, col, stone):
        self.set_cell(row, col, stone)

    def _on_resize(self, m, n):
        self.resize(m, n)

    def _on_checkerboard(self):
        self.checkerboard()


class ClobberGame(_ClobberBoard, GameBoard):
    """Play Clobber against the computer.

    ``board`` as for the editor (default the full 3 x 3 checkerboard);
    ``student`` is ``"left"`` (the ``x`` stones, the default) or ``"right"``
    (the ``o`` stones), and can be changed in the widget (a new game);
    ``computer`` is ``"perfect"`` (a best move by value, see the module) or
    ``"random"``; ``first`` is ``"student"`` or ``"computer"``.

    >>> g = ClobberGame(["xo"], seed=0)
    >>> g.hint()
    [0, 0, 0, 1]
    >>> g.move(0, 0, 0, 1); g.winner
    'student'
    """

    _SUMMARY = "run this cell in JupyterLab to play"
    _LOST = "The computer wins: none of your stones is next to an enemy stone. Press New game."
    _WON = "You win! None of the computer's stones is next to one of yours."

    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: ``"left"`` (the x stones) or ``"right"`` (the o stones).
    student = traitlets.Unicode("left").tag(sync=True)
    #: The student's stone picked to move, ``[row, col]``, or ``[]``.
    selected = traitlets.List().tag(sync=True)
    #: The move the hint marks, ``[row, col, row2, col2]``, or ``[]``.
    hint_move = traitlets.List().tag(sync=True)
    #: The last move, ``{"from": [r, c], "to": [r2, c2], "by": "student" | "computer"}``, or ``{}``.
    last_move = traitlets.Dict().tag(sync=True)

    def _check_student(self, value):
        return check_choice("student", value, _SIDES)

    def _check_selected(self, value):
        if value == []:
            return value
        m, n = self._board.shape
        if not isinstance(value, list) or len(value) != 2:
            raise WidgetValueError(f"selected must be [] or [row, col], got {_short(value)}")
        check_int("selected[0] (the row)", value[0], 0, m - 1)
        check_int("selected[1] (the column)", value[1], 0, n - 1)
        return value

    def _check_hint_move(self, value):
        if value == []:
            return value
        m, n = self._board.shape
        if not isinstance(value, list) or len(value) != 4:
            raise WidgetValueError(f"hint_move must be [] or [row, col, row2, col2], "
                                   f"got {_short(value)}")
        for k, top in enumerate((m, n, m, n)):
            check_int(f"hint_move[{k}]", value[k], 0, top - 1)
        return value

    def _check_last_move(self, value):
        if value == {}:
            return value
        if (not isinstance(value, dict) or set(value) != {"from", "to", "by"}
                or value["by"] not in ("student", "computer")):
            raise WidgetValueError("last_move must be {} or a dict of from, to and by, "
                                   f"got {_short(value)}")
        return value

    def __init__(self, board=None, student="left", computer="perfect", seed=None,
                 first="student", lecture=None, **kwargs):
        board = _as_board(board, default=("xox", "oxo", "xox"))
        if student not in _SIDES:
            raise ValueError(f"student must be 'left' or 'right', got {_short(student)}")
        check_game_options(computer, first)
        why = _too_big(board)
        if why:
            raise ValueError(f"cannot play on this board: {why}")
        self._board = board
        super().__init__(lecture=lecture, computer=computer, seed=seed, first=first,
                         student=student, **kwargs)
        self._start = board
        self.restart()

    @property
    def board(self) -> Clobber:
        """The position now."""
        return self._board

    # -- rules -------------------------------------------------------------------
    def _left(self, who) -> bool:
        """Does ``who`` (``"student"`` or ``"computer"``) play Left, the x stones?"""
        return (who == "student") == (self.student == "left")

    def _moves(self, who) -> list:
        b = self._board
        return list(b.left_moves() if self._left(who) else b.right_moves())

    def _after(self, who, move) -> Clobber:
        b = self._board
        return b.play_left(move) if self._left(who) else b.play_right(move)

    def _can_move(self, who) -> bool:
        return bool(self._moves(who))

    def _best(self, who) -> list:
        """The best moves for ``who`` by value, best first (ties in the order of the board).

        A move is kept when no other move leaves a value strictly better for
        ``who``; of those, the winning ones (``who`` wins with the other to
        move) come first, then the higher atomic weight for ``who``.
        """
        left = self._left(who)
        sign = 1 if left else -1
        rated = []
        for move in self._moves(who):
            after = self._after(who, move)
            rated.append((move, after, sign * after.value()))
        # the value for ``who``: no other move leaves ``who`` strictly more
        keep = [(m, a, v) for m, a, v in rated if not any(w > v for _, _, w in rated)]

        def key(item):
            move, after, v = item
            wins = v.outcome() in ("L", "P")       # ``who`` wins, the other moving next
            return (not wins, -(sign * after.atomic_weight()))

        return [m for m, _, _ in sorted(keep, key=key)]

    def _wins(self, who, move) -> bool:
        good = ("L", "P") if self._left(who) else ("R", "P")
        return self._after(who, move).value().outcome() in good

    def hint(self) -> list:
        """The best move for the student now, ``[row, col, row2, col2]`` (``[]``: no move)."""
        best = self._best("student") if self.winner == "" else []
        return [*best[0][0], *best[0][1]] if best else []

    def click(self, row, col) -> None:
        """The student clicks square ``(row, col)``: pick a stone, or clobber with the picked one.

        With no stone picked, a click on one of your stones picks it; a click
        on an enemy stone that only one of your stones can take makes that
        move.  With a stone picked, a click on an enemy stone next to it
        clobbers it, on the picked stone puts it back, on another of your
        stones picks that one instead.
        """
        if self._refuse_if_over():
            return
        _check_cell(self._board, row, col)
        mine = _LEFT if self._left("student") else _RIGHT
        theirs = _RIGHT if mine == _LEFT else _LEFT
        ch = self._board.rows[row][col]
        moves = self._moves("student")
        if self.selected:
            start = tuple(self.selected)
            if (row, col) == start:
                self.selected = []
                self.message = f"put your stone at {start} back; pick a stone to move"
                return
            if (start, (row, col)) in moves:
                self.move(*start, row, col)
                return
        if ch == mine:
            if not any(m[0] == (row, col) for m in moves):
                self.message = (f"your stone at ({row}, {col}) has no enemy stone next to it: "
                                "pick another")
                return
            self.selected = [row, col]
            self.message = (f"picked your stone at ({row}, {col}): now click the enemy stone "
                            "next to it to clobber")
            return
        if ch == theirs:
            takers = [m for m in moves if m[1] == (row, col)]
            if len(takers) == 1:
                self.move(*takers[0][0], row, col)
                return
            if not takers:
                raise ValueError(f"none of your stones is next to the enemy stone at "
                                 f"({row}, {col})")
            raise ValueError(f"{len(takers)} of your stones can take ({row}, {col}): "
                             "click the one to move first")
        raise ValueError(f"square ({row}, {col}) is empty: click one of your stones "
                         f"({mine}) first")

    def move(self, row, col, row2, col2) -> None:
        """The student's stone at ``(row, col)`` clobbers the one at ``(row2, col2)``;
        the computer answers."""
        if self._refuse_if_over():
            return
        start = _check_cell(self._board, row, col)
        end = _check_cell(self._board, row2, col2)
        if (start, end) not in self._moves("student"):
            mine = _LEFT if self._left("student") else _RIGHT
            raise ValueError(f"you cannot move from {start} to {end}: a move takes one of your "
                             f"stones ({mine}) onto an enemy stone right next to it (up, down, "
                             "left or right)")
        with self.hold_sync():
            self.hint_move = []
            self.selected = []
            said = self._apply("student", (start, end))
            if self._can_move("computer"):
                said += " " + self._computer_move()
            else:
                self.turn = "computer"
            self.message = said
            self._after_move()

    def _apply(self, who, move) -> str:
        start, end = move
        stone = _LEFT if self._left(who) else _RIGHT
        self._board = self._after(who, move)
        self.rows = list(self._board.rows)
        self.last_move = {"from": list(start), "to": list(end), "by": who}
        self.log = self.log + [f"{'You' if who == 'student' else 'Computer'}: "
                               f"{stone} {start} → {end}"]
        self.turn = "computer" if who == "student" else "student"
        name = "You" if who == "student" else "The computer"
        return f"{name} moved {stone} from {start} and clobbered {end}."

    def _computer_move(self) -> str:
        moves = self._moves("computer")
        if self.computer == "perfect":
            choice = self._best("computer")[0]
        else:
            choice = self._rng.choice(moves)
        return self._apply("computer", choice)

    def _reset_board(self) -> None:
        self._board = self._start
        self.rows = list(self._start.rows)
        self.selected = []
        self.hint_move = []
        self.last_move = {}

    def _turn_text(self) -> str:
        mine = "x (blue discs)" if self.student == "left" else "o (red squares)"
        return (f"Your turn: you play {mine}. Click one of your stones, then the enemy stone "
                "next to it (or press Enter on each).")

    def show_hint(self) -> None:
        """Mark the best move for the student, saying whether it wins."""
        if self._refuse_if_over():
            return
        move = self.hint()
        self.hint_move = move
        start, end = tuple(move[:2]), tuple(move[2:])
        if self._wins("student", (start, end)):
            self.message = f"Hint: {start} takes {end} (marked) wins against any reply."
        else:
            self.message = (f"Hint: no move wins against perfect play; {start} takes {end} "
                            "(marked) is a best one by value.")

    def choose_side(self, side) -> None:
        """Play ``side`` (``"left"``: the x stones, ``"right"``: the o stones) from a new game.

        Setting ``student`` does the same.
        """
        if not isinstance(side, str) or side not in _SIDES:
            raise ValueError(f"side must be 'left' or 'right', got {_short(side)}")
        if side == self.student:
            self._new_side()
        else:
            self.student = side           # _new_side runs as the trait changes

    @traitlets.observe("student")
    def _student_changed(self, change):
        if hasattr(self, "_start"):       # (not while __init__ sets the first side)
            self._new_side()

    def _new_side(self) -> None:
        with self.hold_sync():
            self.restart()
            side = "Left, the x stones." if self.student == "left" else "Right, the o stones."
            self.message = f"New game: you play {side}" + (
                " " + self.message if self.message else "")

    def _still_png(self):
        return _still(self._board)

    def _still_alt(self):
        side = "Left, the blue x stones" if self.student == "left" else "Right, the red o stones"
        return (f"Clobber game against the computer (you play {side}): "
                f"{_board_words(self._board)}.")

    # -- intents from the browser ------------------------------------------------

    def _on_click(self, row, col):
        self.click(row, col)

    def _on_move(self, row, col, row2, col2):
        self.move(row, col, row2, col2)

    def _on_deselect(self):
        if self.selected:
            self.selected = []
            self.message = "no stone picked"

    def _on_side(self, side):
        self.choose_side(side)
