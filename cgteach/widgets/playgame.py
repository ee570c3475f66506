"""Play any game defined with the kit (:mod:`cgteach.rules`) against the computer.

:class:`PlayGame` takes a set of rules -- an
:class:`~cgteach.rules.ImpartialRules` (one list of ``options`` for both
players) or a :class:`~cgteach.rules.PartizanRules` (``left`` and
``right``) -- and a starting position.  It shows the position (drawn by
the rules' ``show`` when they have one: a text, or a picture), lists the
moves of the player to move as **cards** (each card shows the position the
move leaves), and lets the student pick one by a click, or by the keyboard
(Tab to a card and Enter, or the card's number key).  The computer then
answers with its best move; ``Hint`` marks a best move for the student.
Whoever cannot move loses (normal play).

The computer's best move: a move that wins against any reply (it leaves a
position that the mover wins with the other player to move), found with
the kit's ``outcome``; among equally good moves of a partizan game, one
whose value no other move beats for the mover (``value``).  With
``computer="random"`` it plays any move.

The student chooses who starts (``first``) and, in a partizan game, which
side to play (``student="left"`` or ``"right"``); both can be changed in
the widget (a new game).  Everything runs in Python: the browser draws and
sends intents such as ``{"event": "pick", "index": 2}``; an intent that
cannot be carried out -- or rules that raise, loop or give a strange
option -- leaves the position as it was and says why in ``message``.

>>> from cgteach.rules import ImpartialRules
>>> class Take12(ImpartialRules):
...     def options(self, n):
...         return [n - k for k in (1, 2) if k <= n]
>>> g = PlayGame(Take12(), 4, seed=0)
>>> [c["text"] for c in g.cards]
['3', '2']
>>> g.hint()
0
>>> g.pick(0); g.position_view["text"], g.turn      # you leave 3, the computer takes 1
('2', 'student')
>>> g.pick(1); g.winner                               # you take 2: the computer is stuck
'student'
"""

from __future__ import annotations

import base64
import io

import traitlets

from cgteach._pictures import count as _count
from cgteach.widgets._base import (
    STATIC,
    GameBoard,
    WidgetValueError,
    _short,
    check_choice,
    check_game_options,
    check_int,
    check_list,
    check_text,
    esm,
    still_png,
)

__all__ = ["PlayGame", "MAX_CARDS", "view"]

#: Most moves the widget lists as cards; a position with more is refused.
MAX_CARDS = 120
#: Longest text a card or the position shows (the rest is cut with "…").
MAX_TEXT = 2_000
#: Largest picture (in bytes of PNG or SVG) a card or the position shows.
MAX_PICTURE = 400_000

_ESM = esm("playgame.js")
_CSS = "\n".join((STATIC / f).read_text(encoding="utf-8") for f in ("boards.css", "playgame.css"))

_SIDES = ("left", "right")
_FIRSTS = ("student", "computer")
_WHO = {"left": "Left", "right": "Right"}


class RulesProblem(ValueError):
    """The rules raised, gave something that is not a position, or are not kit rules."""


def _impartial(rules) -> bool:
    """Is ``rules`` an impartial ruleset of the kit (else partizan, else refuse)?"""
    from cgteach import rules as kit

    if isinstance(rules, kit.ImpartialRules):
        return True
    if isinstance(rules, kit.PartizanRules):
        return False
    raise TypeError("rules must be an ImpartialRules or a PartizanRules of cgteach.rules "
                    f"(an instance of your class: MyGame(), not MyGame), got {_short(rules)}")


def _call(what, func, *args):
    """``func(*args)``, with any exception of the student's code said as theirs."""
    try:
        return func(*args)
    except RecursionError:
        raise RulesProblem(f"{what} went too deep (a loop in the rules, or a very long game)"
                           ) from None
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # noqa: BLE001 (the student's code may raise anything)
        text = str(exc)
        text = text if len(text) <= 250 else text[:249] + "…"
        raise RulesProblem(f"{what} raised {type(exc).__name__}: {text}" if text
                           else f"{what} raised {type(exc).__name__}") from None


def _text(value) -> str:
    text = str(value)
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def _picture(shown) -> str:
    """A data URL for a picture ``show`` returned ('' when it is not a picture we can show).

    PNG bytes, an object with ``_repr_png_`` or ``_repr_svg_`` (a position of
    the package, an IPython image), or a matplotlib ``Figure``.  An SVG is
    shown as an image, so nothing in it runs in the page.
    """
    data, mime = None, None
    if isinstance(shown, (bytes, bytearray)) and bytes(shown[:8]) == b"\x89PNG\r\n\x1a\n":
        data, mime = bytes(shown), "image/png"
    elif type(shown).__name__ == "Figure" and hasattr(shown, "savefig"):
        buffer = io.BytesIO()
        shown.savefig(buffer, format="png", dpi=72, bbox_inches="tight")
        data, mime = buffer.getvalue(), "image/png"
        from contextlib import suppress

        with suppress(Exception):   # a pyplot figure: do not leave it open
            import matplotlib.pyplot as plt

            plt.close(shown)
    else:
        for method, kind in (("_repr_svg_", "image/svg+xml"), ("_repr_png_", "image/png")):
            f = getattr(type(shown), method, None)
            if callable(f):
                got = f(shown)
                if isinstance(got, tuple):
                    got = got[0]
                if isinstance(got, str) and kind == "image/svg+xml":
                    data, mime = got.encode("utf-8"), kind
                elif isinstance(got, (bytes, bytearray)):
                    data, mime = bytes(got), kind
                if data:
                    break
    if not data or len(data) > MAX_PICTURE:
        return ""
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def view(rules, position) -> dict:
    """How the widget shows ``position``: ``{"text": ..., "image": data URL or ""}``.

    With the rules' ``show`` (when they define one): a text is shown as text,
    a picture as a picture (with the position's ``repr`` as its words);
    without it, the position's ``repr``.
    """
    shown = None
    custom = getattr(rules, "show", None)
    if callable(custom):
        shown = _call(f"show({_short(position)})", custom, position)
    if shown is None:
        return {"text": _text(_short(position, MAX_TEXT)), "image": ""}
    if isinstance(shown, str):
        return {"text": _text(shown), "image": ""}
    image = _call(f"drawing show({_short(position)})", _picture, shown)
    if image:
        return {"text": _text(_short(position, MAX_TEXT)), "image": image}
    return {"text": _text(_short(shown, MAX_TEXT)), "image": ""}


def _moves(rules, impartial, position, side) -> list:
    """The positions ``side`` (``"left"``/``"right"``) can move to, as a list."""
    name = "options" if impartial else side
    got = _call(f"{name}({_short(position)})", getattr(rules, name), position)
    if got is None:
        raise RulesProblem(f"{name}({_short(position)}) returned None, not a list of "
                           "positions (did you forget to return it?)")
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__iter__"):
        raise RulesProblem(f"{name}({_short(position)}) must return a list of positions, got "
                           f"{_short(got)}")
    out = []
    it = _call(f"{name}({_short(position)})", iter, got)
    while True:
        try:
            option = next(it)
        except StopIteration:
            break
        except Exception as exc:  # noqa: BLE001 (a generator of the student's)
            raise RulesProblem(f"{name}({_short(position)}) raised {type(exc).__name__}: "
                               f"{_short(str(exc), 250)}") from None
        out.append(option)
        if len(out) > MAX_CARDS:
            raise RulesProblem(f"{name}({_short(position)}) gives more than {MAX_CARDS} moves, "
                               "more cards than this widget lists; start from a smaller position")
    for o in out:
        try:
            hash(o)
        except TypeError:
            raise RulesProblem(f"{name}({_short(position)}) gave {_short(o)}, which cannot be a "
                               "position: positions must be hashable (use tuples, not lists)"
                               ) from None
    return out


class PlayGame(GameBoard):
    """Play a game defined with :mod:`cgteach.rules` against the computer.

    ``rules`` is an instance of your rules class (an ``ImpartialRules`` or a
    ``PartizanRules``), ``position`` the starting position.  ``student``
    (partizan games only) is ``"left"`` (the default) or ``"right"``;
    ``first`` is ``"student"`` or ``"computer"``; ``computer`` is
    ``"perfect"`` (a best move, see the module) or ``"random"``; ``seed``
    makes the random computer repeatable.  At most :data:`MAX_CARDS` moves
    from a position.
    """

    _esm = _ESM
    _css = _CSS
    _SUMMARY = "run this cell in JupyterLab to play"
    _LOST = "The computer wins: you have no move left. Press New game to try again."
    _WON = "You win! The computer has no move left."

    #: The game's name (the rules' class name), shown as the widget's title.
    title = traitlets.Unicode("").tag(sync=True)
    #: True for impartial rules (the same moves for both players).
    impartial = traitlets.Bool(False).tag(sync=True)
    #: Partizan: ``"left"`` or ``"right"``, the student's side; impartial: ``""``.
    student = traitlets.Unicode("").tag(sync=True)
    #: Who moves first in a new game: ``"student"`` or ``"computer"``.
    first = traitlets.Unicode("student").tag(sync=True)
    #: The position now: ``{"text": ..., "image": data URL or ""}``.
    position_view = traitlets.Dict().tag(sync=True)
    #: The student's moves now, one card each: ``{"text", "image"}`` of the position it leaves.
    cards = traitlets.List().tag(sync=True)
    #: The card the hint marks, or -1.
    hint_card = traitlets.Int(-1).tag(sync=True)
    #: The last move: ``{"by": "student" | "computer", "text": ...}``, or ``{}``.
    last_move = traitlets.Dict().tag(sync=True)

    def _check_title(self, value):
        return check_text("title", value, 200)

    def _check_student(self, value):
        if self.impartial:
            return check_choice("student", value, ("",))
        return check_choice("student", value, _SIDES)

    def _check_first(self, value):
        return check_choice("first", value, _FIRSTS)

    def _check_position_view(self, value):
        return self._check_view("position_view", value)

    @staticmethod
    def _check_view(name, value):
        if value == {}:
            return value
        if (not isinstance(value, dict) or set(value) != {"text", "image"}
                or not isinstance(value["text"], str) or not isinstance(value["image"], str)
                or len(value["text"]) > MAX_TEXT or len(value["image"]) > 2 * MAX_PICTURE):
            raise WidgetValueError(f"{name} must be a dict of text and image, got "
                                   f"{_short(value)}")
        return value

    def _check_cards(self, value):
        return check_list("cards", value, MAX_CARDS,
                          lambda k, x: self._check_view(f"cards[{k}]", x))

    def _check_hint_card(self, value):
        return check_int("hint_card", value, -1, MAX_CARDS - 1)

    def _check_last_move(self, value):
        if value == {}:
            return value
        if (not isinstance(value, dict) or set(value) != {"by", "text"}
                or value["by"] not in _FIRSTS or not isinstance(value["text"], str)):
            raise WidgetValueError(f"last_move must be {{}} or a dict of by and text, got "
                                   f"{_short(value)}")
        return value

    def __init__(self, rules, position, student="left", first="student", computer="perfect",
                 seed=None, lecture=None, **kwargs):
        impartial = _impartial(rules)
        if not impartial and student not in _SIDES:
            raise ValueError(f"student must be 'left' or 'right', got {_short(student)}")
        check_game_options(computer, first)
        try:
            hash(position)
        except TypeError:
            raise TypeError(f"the position must be hashable (a tuple, a string, a number or a "
                            f"frozenset; not a list or a set), got {_short(position)}") from None
        self._rules, self._impartial = rules, impartial
        self._start = self._position = position
        # the rules are asked once here: a problem shows now, with its reason
        _moves(rules, impartial, position, "left")
        if not impartial:
            _moves(rules, impartial, position, "right")
        view(rules, position)
        name = type(rules).__name__
        super().__init__(lecture=lecture, computer=computer, seed=seed, first=first,
                         impartial=impartial, student="" if impartial else student,
                         title=name if len(name) <= 60 else name[:59] + "…", **kwargs)
        self.first = first
        self._options = []
        GameBoard.restart(self)      # (a problem with the rules raises here, with its reason)

    @property
    def position(self):
        """The position now."""
        return self._position

    @property
    def rules(self):
        """The rules being played."""
        return self._rules

    # -- the rules, as the widget uses them ---------------------------------------
    def _side(self, who) -> str:
        """The side ``who`` (``"student"`` or ``"computer"``) plays: ``"left"``/``"right"``."""
        if self._impartial:
            return "left"
        mine = self.student
        return mine if who == "student" else ("right" if mine == "left" else "left")

    def _moves_of(self, who, position=None) -> list:
        position = self._position if position is None else position
        return _moves(self._rules, self._impartial, position, self._side(who))

    def _can_move(self, who) -> bool:
        return bool(self._moves_of(who))

    def _after_move(self) -> None:
        super()._after_move()
        if self.winner:
            self._options, self.cards = [], []

    def _mover_wins_after(self, who, option) -> bool:
        """Does ``who`` win after moving to ``option`` (the other player to move)?"""
        outcome = _call(f"outcome({_short(option)})", self._rules.outcome, option)
        if self._impartial:
            return outcome == "P"
        return outcome in (("L", "P") if self._side(who) == "left" else ("R", "P"))

    def _best(self, who) -> list:
        """Indices of ``who``'s best moves, best first (see the module)."""
        options = self._moves_of(who)
        winning = [i for i, o in enumerate(options) if self._mover_wins_after(who, o)]
        pool = winning or list(range(len(options)))
        if self._impartial or len(pool) == 1:
            return pool
        sign = 1 if self._side(who) == "left" else -1
        values = {i: _call(f"value({_short(options[i])})", self._rules.value, options[i])
                  for i in pool}
        # keep a move when no other move leaves ``who`` strictly more
        keep = [i for i in pool if not any(_greater(sign, values[j], values[i]) for j in pool)]
        return keep or pool

    def hint(self) -> int:
        """The index of a best card for the student now (``-1``: the game is over)."""
        if self.winner or self.turn != "student":
            return -1
        best = self._best("student")
        return best[0] if best else -1

    def show_hint(self) -> None:
        """Mark a best move for the student, saying whether it wins."""
        if self._refuse_if_over():
            return
        try:
            k = self.hint()
            wins = k >= 0 and self._mover_wins_after("student", self._options[k])
        except RulesProblem as exc:
            self.message = f"no hint: {exc}"
            return
        self.hint_card = k
        card = f"card {k + 1} ({self.cards[k]['text'][:80]})"
        if wins:
            self.message = f"Hint: {card}, marked ★, wins against any reply."
        else:
            self.message = (f"Hint: no move wins against perfect play; {card}, marked ★, "
                            "is a best one.")

    def pick(self, index) -> None:
        """The student plays card ``index`` (from 0); the computer answers."""
        if self._refuse_if_over():
            return
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index must be a whole number (a card's place, from 0), "
                            f"got {_short(index)}")
        if self.turn != "student":
            raise ValueError("it is not your turn")
        if not 0 <= index < len(self._options):
            raise ValueError(f"there is no card {index}: your moves are cards 0 to "
                             f"{len(self._options) - 1}" if self._options
                             else "you have no move")
        before = self._snapshot()
        try:
            with self.hold_sync():
                self.hint_card = -1
                said = self._apply("student", self._options[index])
                self.turn = "computer"
                if self._can_move("computer"):
                    said += " " + self._computer_move()
                self.message = said
                self._after_move()
        except RulesProblem as exc:
            self._back(before)
            self.message = f"{exc}. The position is kept."

    def _snapshot(self):
        return (self._position, list(self._options), self.turn, self.winner, list(self.log),
                dict(self.last_move), dict(self.position_view), list(self.cards), self.status)

    def _back(self, state) -> None:
        (self._position, self._options, self.turn, self.winner, self.log, self.last_move,
         self.position_view, self.cards, self.status) = state

    def _apply(self, who, option) -> str:
        shown = view(self._rules, option)
        self._position = option
        self.position_view = shown
        self.last_move = {"by": who, "text": shown["text"][:200]}
        name = "You" if who == "student" else "Computer"
        self.log = self.log + [f"{name}: → {shown['text'][:80]}"]
        self.turn = "computer" if who == "student" else "student"
        self._refresh_cards()
        return f"{'You' if who == 'student' else 'The computer'} moved to {shown['text'][:80]}."

    def _refresh_cards(self) -> None:
        if self.turn == "student":
            self._options = self._moves_of("student")
            self.cards = [view(self._rules, o) for o in self._options]
        else:
            self._options, self.cards = [], []

    def _computer_move(self) -> str:
        options = self._moves_of("computer")
        if self.computer == "perfect":
            choice = options[self._best("computer")[0]]
        else:
            choice = self._rng.choice(options)
        return self._apply("computer", choice)

    def _reset_board(self) -> None:
        self._position = self._start
        self.position_view = view(self._rules, self._start)
        self.hint_card = -1
        self.last_move = {}
        self.turn = "student"
        self._refresh_cards()

    def restart(self) -> None:
        """Start again from the first position (``first`` says who moves first)."""
        self._first = self.first
        before = self._snapshot()
        try:
            super().restart()
        except RulesProblem as exc:
            self._back(before)
            self.message = f"could not start a new game: {exc}. The position is kept."

    def _turn_text(self) -> str:
        if self._impartial:
            return "Your turn: pick a move card (click it, or Tab to it and press Enter)."
        side = _WHO[self.student]
        return (f"Your turn: you play {side}. Pick one of {side}'s moves (click a card, or "
                "Tab to it and press Enter).")

    def choose_side(self, side) -> None:
        """Play ``side`` (``"left"`` or ``"right"``, partizan rules only) from a new game."""
        if self._impartial:
            raise ValueError("these rules are impartial: both players have the same moves, "
                             "so there is no side to choose (choose who starts instead)")
        if not isinstance(side, str) or side not in _SIDES:
            raise ValueError(f"side must be 'left' or 'right', got {_short(side)}")
        with self.hold_sync():
            self.student = side
            self._new_game(f"you play {_WHO[side]}")

    def choose_first(self, who) -> None:
        """Who moves first from a new game: ``"student"`` or ``"computer"``."""
        if not isinstance(who, str) or who not in _FIRSTS:
            raise ValueError(f"first must be 'student' or 'computer', got {_short(who)}")
        with self.hold_sync():
            self.first = who
            self._new_game("you move first" if who == "student" else "the computer moves first")

    def _new_game(self, said) -> None:
        self.restart()
        self.message = f"New game: {said}." + (" " + self.message if self.message else "")

    def _still_png(self):
        shown = self.position_view or {"text": "", "image": ""}
        image = shown.get("image", "")
        if image.startswith("data:image/png;base64,"):
            return base64.b64decode(image.split(",", 1)[1])
        text = shown.get("text", "") if not image else shown.get("text", "")
        lines = text.splitlines()[:12] or [""]
        width = max(len(line) for line in lines)

        def draw(ax):
            ax.axis("off")
            ax.text(0.0, 1.0, "\n".join(line[:60] for line in lines), family="monospace",
                    fontsize=14, va="top", ha="left", transform=ax.transAxes)

        return still_png(draw, size=(max(2.0, 0.16 * min(width, 60) + 0.6),
                                     max(0.8, 0.3 * len(lines) + 0.4)))

    def _still_alt(self):
        shown = self.position_view or {}
        kind = "impartial" if self._impartial else "partizan"
        side = "" if self._impartial else f", you play {_WHO[self.student]}"
        text = " ".join(str(shown.get("text", "")).split())[:200]
        moves = _count(len(self.cards), "move")
        return (f"{self.title} ({kind} game) against the computer{side}: position {text}; "
                f"{moves} to pick from, one card each.")

    # -- intents from the browser ---------------------------------------------------
    def _on_pick(self, index):
        self.pick(index)

    def _on_side(self, side):
        self.choose_side(side)

    def _on_first(self, who):
        self.choose_first(who)


def _greater(sign, a, b) -> bool:
    """``sign * a > sign * b`` for two game values, never raising."""
    try:
        return bool(sign * a > sign * b)
    except Exception:  # noqa: BLE001 (values of a strange kind: no order)
        return False

