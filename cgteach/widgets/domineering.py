"""Domineering widgets: an editor that says how hot a board is, and a game.

:class:`DomineeringEditor` — click a cell to take it or free it; beside the
board are the value, the outcome, the temperature and the mean of the whole
board and of each region, with their thermographs (drawn in the browser from
the exact walls computed here).  Save and Load use the position file of
:meth:`cgteach.rulesets.domineering.Domineering.save`.

:class:`DomineeringGame` — play against the computer.  Left (blue) places
vertical dominoes, Right (red) horizontal ones; the student plays Left by
default.  The computer plays perfectly while every region is small enough to
value quickly (:data:`PERFECT_CELLS`), else it plays in the hottest region.
``Hint`` marks a winning domino when there is one.

As in every cgteach widget the rules live here; the browser only draws and
sends intents (``{"event": "toggle", "row": 0, "col": 1}``), and a request
that cannot be carried out leaves the board as it was and says why in
``message``.  The traits that show the board and what follows from it
(``rows``, ``value_text``, ``json_text``, ``dominoes`` …) are the widget's
own: set from Python to anything but what the board says, they are refused
with a :class:`~cgteach.widgets._base.WidgetValueError` (a ``ValueError``),
as they are from the page; ``student`` takes ``"left"`` or ``"right"`` only.

The widgets do not pickle or deep-copy: they are ipywidgets, whose live
connection to the page cannot be copied (ipywidgets' own behaviour, not a
cgteach choice).  Keep the board instead: ``widget.board`` is a
:class:`~cgteach.rulesets.domineering.Domineering`, which pickles, and
``DomineeringEditor.save(path)`` / ``.load(path)`` keep it in a file.

>>> from cgteach.rulesets.domineering import Domineering
>>> ed = DomineeringEditor(Domineering.rectangle(2, 3))
>>> ed.value_text, ed.temperature_text
('{2|-1/2}', '5/4')
>>> ed.toggle(0, 1); ed.value_text, ed.message
('0', 'took cell (0, 1)')
"""

from __future__ import annotations

import os

import traitlets

from cgteach._pictures import count as _count
from cgteach.rulesets.domineering import Domineering
from cgteach.widgets._base import (
    STATIC,
    EditorBoard,
    GameBoard,
    WidgetValueError,
    _same,
    _short,
    _shown_value,
    check_choice,
    check_game_options,
    check_list,
    check_path,
    esm,
    still_png,
)

__all__ = ["DomineeringEditor", "DomineeringGame", "MAX_EDIT_SIDE", "PERFECT_CELLS"]

#: Longest side of a board in the widgets.
MAX_EDIT_SIDE = 8
#: Largest region the widgets value (a 4 x 4 region takes about half a second).
PERFECT_CELLS = 16

_ESM = esm("domineering.js")
_CSS = "\n".join((STATIC / f).read_text(encoding="utf-8")
                 for f in ("boards.css", "domineering.css"))


def _num(q) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _as_board(board) -> Domineering:
    if board is None:
        return Domineering.rectangle(3, 3)
    if not isinstance(board, Domineering):
        board = Domineering(board)
    m, n = board.shape
    if m > MAX_EDIT_SIDE or n > MAX_EDIT_SIDE:
        raise ValueError(f"the Domineering widgets take boards of at most {MAX_EDIT_SIDE} x "
                         f"{MAX_EDIT_SIDE} cells, got {m} x {n}")
    return board


def _too_big(board: Domineering) -> str:
    """Why the widgets will not value ``board`` ('' when they will)."""
    sizes = [len(r.free_cells()) for r in board.regions()]
    big = max(sizes, default=0)
    if big > PERFECT_CELLS:
        return (f"a region of {big} free cells is more than the {PERFECT_CELLS} this widget "
                "values while you wait")
    return ""


def _walls(th) -> dict:
    """The thermograph as numbers for the browser: walls from t = -1 up to the mast's foot."""
    def pts(knots):
        out = [[float(x), float(t)] for t, x in knots if t <= th.temperature]
        if out[-1] != [float(th.mast), float(th.temperature)]:
            out.append([float(th.mast), float(th.temperature)])
        return out

    return {"left": pts(th.left_breakpoints), "right": pts(th.right_breakpoints),
            "mast": float(th.mast), "temperature": float(th.temperature)}


def _follows_board(widget, name: str, value, expected):
    """``value`` if it is what the board says ``name`` is; refused otherwise.

    Before the widget has a board (while it is being built) anything passes:
    the widget sets every such trait from the board straight after.
    """
    if getattr(widget, "_board", None) is None or _same(value, expected()):
        return value
    raise WidgetValueError(
        f"{name} follows the board: the widget sets it itself (change the board with its "
        f"methods or buttons instead), got {_short(value)}")


def describe(board: Domineering) -> dict:
    """Value, outcome, temperature, mean and thermograph of ``board`` and of each region.

    >>> d = describe(Domineering(["..#.", "..#."]))
    >>> d["value"], d["temperature"], [r["value"] for r in d["regions"]]
    ('{2|0}', '1', ['±1', '1'])
    """
    from cgteach.games.temperature import thermograph

    def one(b):
        v = b.value()
        th = thermograph(v)
        return {"value": str(v), "outcome": v.outcome(), "temperature": _num(th.temperature),
                "mean": _num(th.mast), "thermograph": _walls(th), "cells": len(b.free_cells())}

    whole = one(board)
    whole["regions"] = [one(r) for r in board.regions()]
    return whole


class DomineeringEditor(EditorBoard):
    """Build a Domineering board by clicking cells; see its value and how hot it is.

    ``board`` is a :class:`~cgteach.rulesets.domineering.Domineering` or its
    rows (default: an empty 3 x 3 board), at most :data:`MAX_EDIT_SIDE` on a
    side and with no region of more than :data:`PERFECT_CELLS` free cells.
    """

    _esm = _ESM
    _css = _CSS
    _THING = "board"
    _SUMMARY = "run this cell in JupyterLab to build a board"

    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)
    outcome = traitlets.Unicode("").tag(sync=True)
    temperature_text = traitlets.Unicode("").tag(sync=True)
    mean_text = traitlets.Unicode("").tag(sync=True)
    #: The whole board's thermograph (walls as numbers), for the browser.
    thermograph = traitlets.Dict().tag(sync=True)
    #: One entry per region: value, outcome, temperature, mean, thermograph, cells.
    regions = traitlets.List().tag(sync=True)

    # -- the checks of the synced traits (see Guarded._validate_trait): what shows the
    # board follows the board, whoever writes it ---------------------------------------

    def _info(self, key: str):
        return self._described[key]

    def _check_rows(self, value):
        return _follows_board(self, "rows", value, lambda: list(self._board.rows))

    def _check_json_text(self, value):
        return _follows_board(self, "json_text", value, lambda: _json(self._board))

    def _check_value_text(self, value):
        return _follows_board(self, "value_text", value, lambda: self._info("value"))

    def _check_outcome(self, value):
        return _follows_board(self, "outcome", value, lambda: self._info("outcome"))

    def _check_temperature_text(self, value):
        return _follows_board(self, "temperature_text", value,
                              lambda: self._info("temperature"))

    def _check_mean_text(self, value):
        return _follows_board(self, "mean_text", value, lambda: self._info("mean"))

    def _check_thermograph(self, value):
        return _follows_board(self, "thermograph", value, lambda: self._info("thermograph"))

    def _check_regions(self, value):
        return _follows_board(self, "regions", value, lambda: self._info("regions"))

    def __init__(self, board=None, lecture=None, **kwargs):
        board = _as_board(board)
        why = _too_big(board)
        if why:
            raise ValueError(f"cannot edit this board: {why}")
        super().__init__(lecture=lecture, **kwargs)
        self._show(board)

    @property
    def board(self) -> Domineering:
        """The board now in the editor."""
        return self._board

    def _show(self, board: Domineering) -> None:
        info = describe(board)
        with self.hold_sync():
            self._described = info
            self._board = board
            self.rows = list(board.rows)
            self.value_text = info["value"]
            self.outcome = info["outcome"]
            self.temperature_text = info["temperature"]
            self.mean_text = info["mean"]
            self.thermograph = info["thermograph"]
            self.regions = info["regions"]
            self.json_text = _json(board)
            self.can_undo = bool(self._history)

    def _change(self, board: Domineering, said: str) -> None:
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

    def toggle(self, row, col) -> None:
        """Take the free cell ``(row, col)``, or free it if it is taken."""
        m, n = self._board.shape
        for name, v, top in (("row", row, m), ("col", col, n)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{name} must be a whole number, got {_short(v)}")
            if not 0 <= v < top:
                raise ValueError(f"there is no cell ({row}, {col}) on this {m} x {n} board")
        rows = [list(r) for r in self._board.rows]
        taken = rows[row][col] == "#"
        rows[row][col] = "." if taken else "#"
        self._change(Domineering(["".join(r) for r in rows]),
                     f"{'freed' if taken else 'took'} cell ({row}, {col})")

    def resize(self, m, n) -> None:
        """Start again from an empty board of ``m`` rows and ``n`` columns."""
        for name, v in (("rows", m), ("columns", n)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_EDIT_SIDE:
                raise ValueError(f"{name} must be a whole number from 1 to {MAX_EDIT_SIDE}, "
                                 f"got {_short(v)}")
        self._change(Domineering.rectangle(m, n), f"an empty {m} x {n} board")

    def clear(self) -> None:
        """Free every cell."""
        m, n = self._board.shape
        self._change(Domineering.rectangle(m, n), "freed every cell")

    def load(self, path: str | os.PathLike) -> None:
        """Read a position file (as written by :meth:`save`); a bad file raises
        ``ValueError`` and changes nothing.

        ``path`` is a ``str`` or an ``os.PathLike`` (a number would be taken for
        a file descriptor such as stdin: ``TypeError``).  Only a regular file is
        read, never a pipe or a device (see :func:`cgteach._io.read_text`).
        """
        from cgteach import _io

        check_path(path)
        self.load_text(_io.read_text(path))

    def load_text(self, text: str) -> None:
        """Read a position file (as written by Save)."""
        from cgteach import _io

        board = _as_board(Domineering.from_dict(_io.loads("domineering", text)))
        why = _too_big(board)
        if why:
            raise ValueError(why)
        self._change(board, "loaded the board")

    def _still_png(self):
        return still_png(lambda ax: self._board.draw(ax=ax), size=(3.0, 3.0))

    def _still_alt(self):
        text = f"Domineering editor: {_board_words(self._board)}"
        value = _shown_value(self.value_text)
        if value:
            text += f", value {value}"
            temperature = _shown_value(self.temperature_text)
            if temperature:
                text += f", temperature {temperature}"
        return text + "."

    # -- intents from the browser --------------------------------------------------

    def _on_toggle(self, row, col):
        self.toggle(row, col)

    def _on_resize(self, m, n):
        self.resize(m, n)


def _board_words(board: Domineering) -> str:
    m, n = board.shape
    free = len(board.free_cells())
    return f"a {m} by {n} board with {_count(free, 'free cell')}"


def _json(board: Domineering) -> str:
    from cgteach import _io

    return _io.dumps("domineering", board.to_dict())


class DomineeringGame(GameBoard):
    """Play Domineering against the computer.

    ``board`` as for the editor (default an empty 4 x 4 board); ``student``
    is ``"left"`` (vertical dominoes, the default) or ``"right"``;
    ``computer`` is ``"perfect"`` (a winning move when there is one and the
    board is small enough to value, else a move in the hottest region) or
    ``"random"``; ``first`` is ``"student"`` or ``"computer"``.

    >>> g = DomineeringGame(["..", ".."], seed=0)
    >>> g.hint()
    [0, 0]
    >>> g.place(0, 0); g.winner
    'student'
    """

    _esm = _ESM
    _css = _CSS
    _SUMMARY = "run this cell in JupyterLab to play"
    _LOST = "The computer wins: you have no room left for a domino. Press New game to try again."
    _WON = "You win! The computer has no room left for a domino."

    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: ``"left"`` (vertical dominoes) or ``"right"`` (horizontal).
    student = traitlets.Unicode("left").tag(sync=True)
    #: The cell the hint marks, ``[row, col]`` (top or left cell of the domino), or ``[]``.
    hint_cell = traitlets.List().tag(sync=True)
    #: Every domino placed: ``{"row", "col", "vertical", "by"}``.
    dominoes = traitlets.List().tag(sync=True)

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------------

    def _check_rows(self, value):
        return _follows_board(self, "rows", value, lambda: list(self._board.rows))

    def _check_student(self, value):
        return check_choice("student", value, ("left", "right"))

    def _check_hint_cell(self, value):
        if value == [] or getattr(self, "_board", None) is None:
            return check_list("hint_cell", value, 2)
        if not (isinstance(value, list) and len(value) == 2
                and all(type(x) is int for x in value)
                and tuple(value) in set(self._moves("student"))):
            raise WidgetValueError(f"hint_cell must be [] or [row, col] of a domino you may "
                                   f"place now, got {_short(value)}")
        return value

    def _check_dominoes(self, value):
        board = getattr(self, "_board", None)

        def one(k, d):
            if not (isinstance(d, dict) and set(d) == {"row", "col", "vertical", "by"}
                    and isinstance(d["vertical"], bool) and d["by"] in ("student", "computer")
                    and all(isinstance(d[x], int) and not isinstance(d[x], bool)
                            for x in ("row", "col"))):
                raise WidgetValueError(f"dominoes[{k}] must be {{'row', 'col', 'vertical', "
                                       f"'by'}} of a domino placed, got {_short(d)}")
            if board is None:
                return
            m, n = board.shape
            r, c = d["row"], d["col"]
            cells = ((r, c), (r + 1, c) if d["vertical"] else (r, c + 1))
            if not all(0 <= x < m and 0 <= y < n and board.rows[x][y] == "#" for x, y in cells):
                raise WidgetValueError(f"dominoes[{k}] must lie on taken cells of the board "
                                       f"(the widget places dominoes itself), got {_short(d)}")

        return check_list("dominoes", value, 64 * 64, one)

    def __init__(self, board=None, student="left", computer="perfect", seed=None,
                 first="student", lecture=None, **kwargs):
        board = _as_board(board if board is not None else Domineering.rectangle(4, 4))
        if student not in ("left", "right"):
            raise ValueError(f"student must be 'left' or 'right', got {_short(student)}")
        check_game_options(computer, first)
        super().__init__(lecture=lecture, computer=computer, seed=seed, first=first,
                         student=student, **kwargs)
        self._start = board
        self.restart()
        self.observe(self._new_side, names="student")

    def _new_side(self, change) -> None:
        """The student changes side: a new game from the first position."""
        if change["new"] != change["old"]:
            self.restart()
            self.message = f"a new game: you play {change['new'].capitalize()}"

    @property
    def board(self) -> Domineering:
        """The board now."""
        return self._board

    # -- rules -------------------------------------------------------------------
    def _vertical(self, who) -> bool:
        return (who == "student") == (self.student == "left")

    def _moves(self, who) -> list:
        return self._board.left_moves() if self._vertical(who) else self._board.right_moves()

    def _play(self, who, cell) -> Domineering:
        b = self._board
        return b.play_left(cell) if self._vertical(who) else b.play_right(cell)

    def _can_move(self, who) -> bool:
        return bool(self._moves(who))

    def _small(self) -> bool:
        return not _too_big(self._board)

    def _winning(self, who) -> list:
        """Moves after which ``who`` wins, the other moving next (needs a small board)."""
        good = ("L", "P") if self._vertical(who) else ("R", "P")
        return [c for c in self._moves(who) if self._play(who, c).value().outcome() in good]

    def _hottest_move(self, who):
        """The mover's best move in a hottest region (``None``: no region small enough).

        Only regions of at most :data:`PERFECT_CELLS` cells are valued; within
        the hottest of them the move leaving the region the best mean wins.
        """
        from cgteach.rulesets.domineering import _components, _crop

        vertical = self._vertical(who)
        moves = self._moves(who)
        temps = {}
        for comp in _components(frozenset(self._board.free_cells())):
            if len(comp) <= PERFECT_CELLS and any(c in comp for c in moves):
                temps[comp] = Domineering(_crop(comp)).temperature()
        if not temps:
            return None
        top = max(temps.values())
        hot = [comp for comp, t in temps.items() if t == top]
        sign = 1 if vertical else -1

        def mean_left(cell):
            other = (cell[0] + 1, cell[1]) if vertical else (cell[0], cell[1] + 1)
            comp = next(k for k in hot if cell in k)
            rest = comp - {cell, other}
            return sign * (Domineering(_crop(rest)).value().mean() if rest else 0)

        return max((c for c in moves if any(c in k for k in hot)), key=mean_left)

    def hint(self) -> list:
        """A winning move for the student now, as ``[row, col]`` (``[]``: none, or too big)."""
        if not self._small():
            return []
        good = self._winning("student")
        return list(good[0]) if good else []

    def place(self, row, col) -> None:
        """The student places a domino at ``(row, col)``; the computer answers.

        For a vertical domino ``(row, col)`` is its top cell, or its bottom
        cell when the cell below is not free; for a horizontal one its left
        cell, or its right cell.
        """
        if self._refuse_if_over():
            return
        for name, v in (("row", row), ("col", col)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{name} must be a whole number, got {_short(v)}")
        moves = set(self._moves("student"))
        back = (row - 1, col) if self._vertical("student") else (row, col - 1)
        cell = (row, col) if (row, col) in moves else back if back in moves else None
        if cell is None:
            shape = "vertical" if self._vertical("student") else "horizontal"
            raise ValueError(f"there is no room for a {shape} domino at ({row}, {col}): "
                             "both its cells must be free")
        with self.hold_sync():
            self.hint_cell = []
            said = self._apply("student", cell)
            if self._can_move("computer"):
                said += " " + self._computer_move()
            else:
                self.turn = "computer"
            self.message = said
            self._after_move()

    def _apply(self, who, cell) -> str:
        vertical = self._vertical(who)
        self._board = self._play(who, cell)
        self.rows = list(self._board.rows)
        self.dominoes = self.dominoes + [
            {"row": cell[0], "col": cell[1], "vertical": vertical, "by": who}]
        name = "You" if who == "student" else "The computer"
        shape = "a vertical" if vertical else "a horizontal"
        self.log = self.log + [f"{'You' if who == 'student' else 'Computer'}: "
                               f"{'|' if vertical else '—'} at {cell}"]
        self.turn = "computer" if who == "student" else "student"
        return f"{name} placed {shape} domino at {cell}."

    def _computer_move(self) -> str:
        moves = self._moves("computer")
        choice = None
        if self.computer == "perfect":
            good = self._winning("computer") if self._small() else []
            choice = good[0] if good else self._hottest_move("computer")
        if choice is None:
            choice = self._rng.choice(moves)
        return self._apply("computer", choice)

    def _reset_board(self) -> None:
        self._board = self._start
        self.rows = list(self._start.rows)
        self.dominoes = []
        self.hint_cell = []

    def _turn_text(self) -> str:
        shape = "vertical" if self.student == "left" else "horizontal"
        return (f"Your turn: place a {shape} domino (click a free cell, or press Enter "
                "on the focused one).")

    def show_hint(self) -> None:
        """Mark a winning domino, or say why there is none."""
        if self._refuse_if_over():
            return
        if not self._small():
            self.hint_cell = []
            self.message = f"Hint: the board is too big to value here ({_too_big(self._board)})."
            return
        good = self.hint()
        if good:
            self.hint_cell = good
            self.message = f"Hint: a domino at {tuple(good)} (marked) wins against any reply."
        else:
            move = self._hottest_move("student")
            self.hint_cell = list(move) if move else []
            self.message = ("Hint: no move wins against perfect play. The marked one is in "
                            "the hottest region: make it hard for the computer!")

    def _still_png(self):
        return still_png(lambda ax: self._board.draw(ax=ax), size=(3.0, 3.0))

    def _still_alt(self):
        shape = "vertical" if self.student == "left" else "horizontal"
        return (f"Domineering game against the computer (you place {shape} dominoes): "
                f"{_board_words(self._board)}.")

    def _on_place(self, row, col):
        self.place(row, col)

