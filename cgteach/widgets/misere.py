"""Misère Kayles on a row of pins, against a computer that plays from the misère quotient.

A **row of pins** is a position of an octal game (:mod:`cgteach.rulesets.octal`):
the runs of standing pins are its heaps.  In **Kayles** (code ``"0.77"``) a move
knocks down one pin or two neighbouring pins; in **Dawson's Kayles**
(``"0.07"``) it must knock down two neighbouring pins.  Knocking down pins
in the middle of a run splits it into two runs.  In **misère play** the
player who cannot move *wins*: in Kayles, whoever knocks down the last pin loses.

:class:`MisereKaylesGame` -- play against the computer.  Click a pin to knock
it down alone (Kayles only), or the bar between two neighbouring pins to
knock down both; the computer answers at once.  Beside the row are the heaps,
the **quotient element** of the position (its image in the misère quotient
of the game restricted to heaps no longer than the row, see
:func:`cgteach.misere.misere_quotient`), and whether that element is in the
quotient's P-portion.  ``Hint`` marks a winning move, read from the quotient:
a move whose result has its element in the P-portion.  The perfect computer
plays such a move whenever there is one.

As in every cgteach widget the rules live here; the browser only draws and
sends intents (``{"event": "knock", "pin": 3}``, ``{"event": "knock_pair",
"pin": 3}`` for pins 3 and 4), and a request that cannot be carried out leaves
the row as it was and says why in ``message``.

>>> g = MisereKaylesGame(3, seed=0)            # one heap of 3 pins
>>> g.pins, g.heaps_text
([True, True, True], '3')
>>> g.handle({"event": "knock", "pin": 5}); g.message      # as the browser sends it
'there is no pin 5: the pins are numbered 0 to 2'
>>> g.pins
[True, True, True]
"""

from __future__ import annotations

import traitlets

from cgteach._pictures import count as _count
from cgteach.rulesets.octal import parse_code
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

__all__ = ["MisereKaylesGame", "CODES", "MAX_PINS", "heaps_of", "quotient_for"]

#: The games a row of pins plays: Kayles and Dawson's Kayles.
CODES = {"0.77": "Kayles", "0.07": "Dawson's Kayles"}
#: Longest row the widget plays (its quotient is computed while you wait).
MAX_PINS = 12

_ESM = esm("misere.js")
_CSS = "\n".join((STATIC / f).read_text(encoding="utf-8") for f in ("boards.css", "misere.css"))

#: Quotients already computed, by (code, longest heap): the widget asks once per row length.
_QUOTIENTS: dict = {}


def quotient_for(code: str, max_heap: int):
    """The misère quotient of ``code`` for heaps of at most ``max_heap`` (computed once)."""
    key = (code, max_heap)
    if key not in _QUOTIENTS:
        from cgteach.misere import misere_quotient

        _QUOTIENTS[key] = misere_quotient(code, max(max_heap, 1))
    return _QUOTIENTS[key]


def heaps_of(pins) -> tuple[int, ...]:
    """The runs of standing pins, left to right: the heaps of the position.

    >>> heaps_of([True, True, False, True, False, False, True, True, True])
    (2, 1, 3)
    """
    runs, n = [], 0
    for up in list(pins) + [False]:
        if up:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    return tuple(runs)


def _as_pins(pins) -> list[bool]:
    """A row from a number of pins, a text such as ``"III.II"`` or a list of bools."""
    if isinstance(pins, bool):
        raise TypeError(f"pins must be a number of pins, a text such as 'III.II' or a list of "
                        f"True/False, got {pins!r}")
    if isinstance(pins, int):
        if not 1 <= pins <= MAX_PINS:
            raise ValueError(f"a row has 1 to {MAX_PINS} pins, got {_short(pins)}")
        return [True] * pins
    if isinstance(pins, str):
        if len(pins) > MAX_PINS or not pins or set(pins) - set("I."):
            raise ValueError(f"a row of pins is written with I (standing) and . (down), 1 to "
                             f"{MAX_PINS} of them, such as 'III.II'; got {_short(pins)}")
        return [ch == "I" for ch in pins]
    if isinstance(pins, (list, tuple)):
        if not 1 <= len(pins) <= MAX_PINS or any(type(p) is not bool for p in pins):
            raise ValueError(f"a row of pins is a list of 1 to {MAX_PINS} True (standing) or "
                             f"False (down), got {_short(pins)}")
        return list(pins)
    raise TypeError(f"pins must be a number of pins, a text such as 'III.II' or a list of "
                    f"True/False, got {_short(pins)}")


def _row_text(pins) -> str:
    return "".join("I" if p else "." for p in pins)


def _heaps_words(heaps) -> str:
    return " + ".join(map(str, heaps)) if heaps else "0 (no pins left)"


def _draw_pins(ax, pins, hint=()) -> None:
    """A still picture of the row: standing pins, and fallen ones lying down."""
    from matplotlib.patches import Circle, FancyBboxPatch

    for i, up in enumerate(pins):
        if up:
            ax.add_patch(FancyBboxPatch((i - 0.18, 0), 0.36, 1.0, boxstyle="round,pad=0.05",
                                        facecolor="#f3efe4", edgecolor="black", lw=1.5))
            ax.add_patch(Circle((i, 1.25), 0.2, facecolor="#f3efe4", edgecolor="black", lw=1.5))
            ax.plot([i - 0.2, i + 0.2], [0.75, 0.75], color="#D55E00", lw=3)
        else:   # a fallen pin: a flat outline on the floor, with a cross
            ax.add_patch(FancyBboxPatch((i - 0.4, 0), 0.8, 0.16, boxstyle="round,pad=0.03",
                                        facecolor="white", edgecolor="#555555", lw=1, ls="--"))
        ax.text(i, -0.35, str(i), ha="center", va="top", fontsize=9)
    ax.axhline(0, color="#5b4636", lw=2)
    ax.set_xlim(-0.7, len(pins) - 0.3)
    ax.set_ylim(-0.8, 1.7)
    ax.set_aspect("equal")
    ax.axis("off")


class MisereKaylesGame(GameBoard):
    """Play misère Kayles (or Dawson's Kayles) against the computer on a row of pins.

    ``pins`` -- the row: a number of pins (all standing; default 8), a text such
    as ``"III.II"`` (``I`` standing, ``.`` down) or a list of bools; at most
    :data:`MAX_PINS`.  ``code`` -- ``"0.77"`` (Kayles, the default) or
    ``"0.07"`` (Dawson's Kayles).  ``computer`` -- ``"perfect"`` (plays from the
    quotient: a winning move whenever there is one) or ``"random"``;
    ``first`` -- ``"student"`` or ``"computer"``; ``seed`` -- the computer's
    choices among equally good moves.

    >>> g = MisereKaylesGame("III", seed=0)
    >>> g.hint()                   # pins 0 and 1: the computer must knock down the last pin
    [0, 1]
    >>> g.knock_pair(0); g.pins, g.winner
    ([False, False, False], 'student')
    """

    _esm = _ESM
    _css = _CSS
    _SUMMARY = "run this cell in JupyterLab to play"
    _MISERE = True  # the player who cannot move wins
    _LOST = "The computer wins: you knocked down the last pin. Press New game to try again."
    _WON = "You win! The computer knocked down the last pin."

    #: ``True`` for a standing pin, ``False`` for one knocked down.
    pins = traitlets.List(traitlets.Bool()).tag(sync=True)
    code = traitlets.Unicode("0.77").tag(sync=True)
    #: The game's name: ``"Kayles"`` or ``"Dawson's Kayles"``.
    game_name = traitlets.Unicode("Kayles").tag(sync=True)
    #: The heaps (runs of standing pins), e.g. ``"3 + 2"``.
    heaps_text = traitlets.Unicode("").tag(sync=True)
    #: The position's element of the misère quotient, as the quotient writes it.
    element_text = traitlets.Unicode("").tag(sync=True)
    #: ``"P"`` when the element is in the P-portion (the player to move loses), else ``"N"``.
    outcome = traitlets.Unicode("N").tag(sync=True)
    #: One line about the quotient: its order and its P-portion.
    quotient_text = traitlets.Unicode("").tag(sync=True)
    #: The pins the hint marks: ``[i]``, ``[i, i + 1]`` or ``[]``.
    hint_move = traitlets.List().tag(sync=True)
    #: The last move: ``{"pins": [i] or [i, i + 1], "by": "student" | "computer"}`` or ``{}``.
    last_move = traitlets.Dict().tag(sync=True)

    def _check_pins(self, value):
        return check_list("pins", value, MAX_PINS)

    def _check_code(self, value):
        return check_choice("code", value, tuple(CODES))

    def _check_game_name(self, value):
        return check_choice("game_name", value, tuple(CODES.values()))

    def _check_heaps_text(self, value):
        return check_text("heaps_text", value, 200)

    def _check_element_text(self, value):
        return check_text("element_text", value, 2_000)

    def _check_outcome(self, value):
        return check_choice("outcome", value, ("P", "N"))

    def _check_quotient_text(self, value):
        return check_text("quotient_text", value, 2_000)

    def _pin_list(self, name, value, sizes):
        if value == [] or value == {}:
            return value
        n = len(self.pins)
        if not isinstance(value, list) or len(value) not in sizes:
            raise WidgetValueError(f"{name} must be [] or one or two neighbouring pins, "
                                   f"got {_short(value)}")
        for k, v in enumerate(value):
            check_int(f"{name}[{k}]", v, 0, max(n - 1, 0))
        if len(value) == 2 and value[1] != value[0] + 1:
            raise WidgetValueError(f"{name}: two pins must be neighbours, got {_short(value)}")
        return value

    def _check_hint_move(self, value):
        return self._pin_list("hint_move", value, (1, 2))

    def _check_last_move(self, value):
        if value == {}:
            return value
        if (not isinstance(value, dict) or set(value) != {"pins", "by"}
                or value["by"] not in ("student", "computer")):
            raise WidgetValueError("last_move must be {} or a dict of pins and by, "
                                   f"got {_short(value)}")
        self._pin_list("last_move['pins']", value["pins"], (1, 2))
        return value

    def __init__(self, pins=8, code="0.77", computer="perfect", seed=None, first="student",
                 lecture=None, **kwargs):
        if not isinstance(code, str) or code not in CODES:
            raise ValueError(f"code must be '0.77' (Kayles) or '0.07' (Dawson's Kayles), "
                             f"got {_short(code)}")
        check_game_options(computer, first)
        start = _as_pins(pins)
        self._rules = parse_code(code)
        self._quotient = quotient_for(code, len(start))
        self._start = start
        super().__init__(lecture=lecture, computer=computer, seed=seed, first=first,
                         code=code, game_name=CODES[code], **kwargs)
        q = self._quotient
        portion = ", ".join(str(e) for e in q.elements if e in q.p_portion)
        self.quotient_text = (f"Misère quotient of {CODES[code]} ({code}), heaps up to "
                              f"{len(start)}: order {q.order}; P-portion {{{portion}}}")
        self.restart()

    # -- the position -------------------------------------------------------------
    @property
    def heaps(self) -> tuple[int, ...]:
        """The heaps of the position now (the runs of standing pins)."""
        return heaps_of(self.pins)

    @property
    def quotient(self):
        """The misère quotient the computer plays from."""
        return self._quotient

    def _legal(self, move) -> str:
        """Why ``move`` (a tuple of one or two pin indices) is not legal ('' when it is)."""
        pins = self.pins
        if any(not pins[i] for i in move):
            down = [i for i in move if not pins[i]]
            return f"pin {down[0]} is down already: knock down a standing pin"
        k = len(move)
        left = right = 0
        i = move[0] - 1
        while i >= 0 and pins[i]:
            left, i = left + 1, i - 1
        i = move[-1] + 1
        while i < len(pins) and pins[i]:
            right, i = right + 1, i + 1
        parts = (left > 0) + (right > 0)
        allowed = {0: self._rules.none, 1: self._rules.one, 2: self._rules.two}[parts]
        if k not in allowed:
            if k == 1 and not (1 in self._rules.none or 1 in self._rules.one
                               or 1 in self._rules.two):
                return (f"in {self.game_name} a move knocks down two neighbouring pins: click "
                        "the bar between two pins")
            return (f"in {self.game_name} ({self.code}) you may not knock down {k} "
                    f"pin{'s' if k > 1 else ''} leaving {parts} run{'s' if parts != 1 else ''}")
        return ""

    def _moves(self) -> list[tuple[int, ...]]:
        n = len(self.pins)
        moves = [(i,) for i in range(n)] + [(i, i + 1) for i in range(n - 1)]
        return [m for m in moves if not self._legal(m)]

    def _after(self, move) -> list[bool]:
        pins = list(self.pins)
        for i in move:
            pins[i] = False
        return pins

    def _can_move(self, who) -> bool:
        return bool(self._moves())

    def _winning(self) -> list[tuple[int, ...]]:
        """The moves whose result lies in the quotient's P-portion."""
        q = self._quotient
        return [m for m in self._moves() if q.outcome(heaps_of(self._after(m))) == "P"]

    def hint(self) -> list:
        """A winning move for the student now (``[]`` when none: a P-position)."""
        if self.winner:
            return []
        winning = self._winning()
        return list(winning[0]) if winning else []

    def _show_position(self) -> None:
        heaps = self.heaps
        q = self._quotient
        self.heaps_text = _heaps_words(heaps)
        self.element_text = str(q.element(heaps))
        self.outcome = "P" if q.outcome(heaps) == "P" else "N"

    # -- moves --------------------------------------------------------------------
    def _check_pin(self, pin, what="pin") -> int:
        n = len(self.pins)
        if isinstance(pin, bool) or not isinstance(pin, int):
            raise TypeError(f"{what} must be a whole number, got {_short(pin)}")
        if not 0 <= pin < n:
            raise ValueError(f"there is no {what} {pin}: the pins are numbered 0 to {n - 1}")
        return pin

    def knock(self, pin) -> None:
        """Knock down pin ``pin`` alone (Kayles); the computer answers."""
        self._play((self._check_pin(pin),))

    def knock_pair(self, pin) -> None:
        """Knock down pins ``pin`` and ``pin + 1`` together; the computer answers."""
        self._check_pin(pin)
        if pin + 1 >= len(self.pins):
            raise ValueError(f"pin {pin} is the last one: a pair is pin {pin} and the pin to "
                             "its right")
        self._play((pin, pin + 1))

    def _play(self, move) -> None:
        if self._refuse_if_over():
            return
        if self.turn != "student":
            self.message = "It is not your turn."
            return
        why = self._legal(move)
        if why:
            raise ValueError(why + "; the row is unchanged")
        with self.hold_sync():
            self.hint_move = []
            said = self._apply("student", move)
            if self._can_move("computer"):
                said += " " + self._computer_move()
            else:
                self.turn = "computer"
            self.message = said
            self._after_move()

    def _apply(self, who, move) -> str:
        self.pins = self._after(move)
        self.last_move = {"pins": list(move), "by": who}
        what = f"pin {move[0]}" if len(move) == 1 else f"pins {move[0]} and {move[1]}"
        name = "You" if who == "student" else "The computer"
        self.log = self.log + [f"{'You' if who == 'student' else 'Computer'}: {what} → "
                               f"{_heaps_words(self.heaps)}"]
        self.turn = "computer" if who == "student" else "student"
        self._show_position()
        return f"{name} knocked down {what}."

    def _computer_move(self) -> str:
        moves = self._moves()
        winning = self._winning() if self.computer == "perfect" else []
        choice = self._rng.choice(winning or moves)
        return self._apply("computer", choice)

    def _reset_board(self) -> None:
        self.pins = list(self._start)
        self.hint_move = []
        self.last_move = {}
        self._show_position()

    def _turn_text(self) -> str:
        how = "one pin or two neighbours" if self.code == "0.77" else "two neighbouring pins"
        return f"Your turn: knock down {how}. The last pin loses."

    def show_hint(self) -> None:
        """Mark a winning move for the student, or say that none exists."""
        if self._refuse_if_over():
            return
        move = self.hint()
        self.hint_move = move
        if move:
            what = f"pin {move[0]}" if len(move) == 1 else f"pins {move[0]} and {move[1]}"
            self.message = (f"Hint: knock down {what} (marked): it leaves an element of the "
                            "P-portion, so the computer, moving next, loses.")
        else:
            self.message = (f"Hint: no move wins. The position's element {self.element_text} is "
                            "in the P-portion: against perfect play you lose, whatever you do.")

    def _still_png(self):
        pins = list(self.pins)
        return still_png(lambda ax: _draw_pins(ax, pins), size=(0.45 * len(pins) + 0.8, 1.6))

    def _still_alt(self):
        up = sum(self.pins)
        return (f"Misère {self.game_name} game against the computer: a row of "
                f"{_count(len(self.pins), 'pin')}, {up} standing "
                f"(heaps {_heaps_words(self.heaps)}), quotient element {self.element_text}.")

    # -- intents from the browser ---------------------------------------------------
    def _on_knock(self, pin):
        self.knock(pin)

    def _on_knock_pair(self, pin):
        self.knock_pair(pin)
