"""Widgets for Nim: an explorer of the binary table and a board to play on.

A **Nim position** is a list of pile sizes (the code calls a pile a *heap*;
what a student reads on the widgets says *pile*).  It is **balanced** when the nim
sum (exclusive or) of the sizes is 0; a balanced position is lost for the
player about to move (the essay's Thm 3.6), and from an unbalanced one a
*winning move* reduces one heap so that the nim sum becomes 0.

Offers:

:class:`NimExplorer`
    One slider per heap (plus buttons to add or remove a heap).  As the
    sliders move it redraws the binary table of the heaps, with the leading
    bit of the nim sum and the heap(s) to change highlighted, and a hint:
    "balanced" or the winning move(s).  ``.heaps`` reads or sets the sizes.

:class:`NimGame`
    An anywidget board.  Heaps are rows of stones; clicking a stone takes it
    and every stone after it in its pile (to its right; in lecture mode a
    pile of more than 20 stones goes on over more lines, so that its labels
    stay readable on a projector).  The computer answers at once
    (``computer="perfect"`` plays a winning move whenever one exists,
    ``"random"`` any legal move).  A hint button, a binary-table toggle, a
    new-game button (a seeded deal of 2-5 heaps of 1-8 stones), normal or
    misère play (``misere=True``: whoever takes the last stone *loses*), and
    a ``lecture`` switch for big stones and fonts.

All game logic runs in Python (:mod:`cgteach.nim`); the browser only sends
intents, so both widgets are unit-testable without a browser.

DOM hooks (stable, for browser tests)
-------------------------------------
``NimExplorer`` (ipywidgets; hooks are CSS classes set with ``add_class``,
plus ``data-testid`` attributes inside the HTML it renders):

- ``.cgteach-nim-explorer`` -- the whole box
- ``.nim-explorer-heap-<i>`` -- the IntSlider of heap ``i`` (0-based); every
  slider also has class ``.nim-explorer-slider`` and description ``Pile <i+1>``
- ``.nim-explorer-add`` / ``.nim-explorer-remove`` -- add / remove-a-heap buttons
- ``.nim-explorer-table`` -- the HTML widget holding the binary table
- ``.nim-explorer-hint`` -- the HTML widget holding the hint sentence
- ``[data-testid=nim-explorer-live]`` -- the visually hidden ``aria-live``
  region (role ``status``) that announces the position, its nim sum and the
  winning move(s) after every change (the boards' ``liveRegion``)
- inside the table: ``[data-testid=nim-table]`` the ``<table>``;
  ``[data-testid=nim-table-row-<i>]`` the row of heap ``i`` (attribute
  ``data-change="true"`` on a heap a winning move changes);
  ``[data-testid=nim-table-sum]`` the nim-sum row; a cell with
  ``data-leading="true"`` is in the column of the nim sum's leading bit
- inside the hint: ``[data-testid=nim-hint-text]`` with ``data-balanced``
  ``"true"``/``"false"``

``NimGame`` (anywidget; every hook is a ``data-testid`` attribute):

- ``nim-game`` -- root element; attributes ``data-winner`` (``""``, ``"you"``,
  ``"computer"``) and ``data-lecture`` (``"true"``/``"false"``)
- ``nim-board`` -- the SVG; ``data-label-width`` is where the stones start (in
  its units): after the widest pile label as measured in the page, so a long
  label such as "Pile 10 (empty)" never runs into a stone
- ``nim-heap-<i>`` -- the ``<g>`` of heap ``i`` (0-based), ``data-size`` = stones
- ``nim-stone-<i>-<j>`` -- stone ``j`` (0-based, left to right) of heap ``i``;
  clicking it takes ``size - j`` stones; class ``hint`` when the hint marks
  it for taking
- ``nim-ghost-<i>-<j>`` -- faded outline of a stone the computer just took
- ``nim-hint-button``, ``nim-table-toggle``, ``nim-new-game-button`` -- buttons
- ``nim-status`` -- whose turn it is, or who won
- ``nim-message`` -- the last reply: the computer's move, a hint, or why a
  move was refused
- ``nim-rule`` -- the rule in force (normal play or misère)
- ``nim-table-box`` -- holds the binary table (hidden unless ``show_table``);
  the table inside has the same hooks as the explorer's table

The board's browser-to-Python messages are ``{"take": [heap, count]}``,
``{"hint": true}`` and ``{"new_game": true}``; the table toggle sets the
``show_table`` trait.  ``NimGame.handle(message)`` carries out a message from
Python exactly as if the browser had sent it (it also accepts the
``{"event": "take", "heap": h, "count": c}`` form of the other boards).

>>> explorer = NimExplorer((3, 4, 5))
>>> explorer.heaps
(3, 4, 5)
>>> explorer.hint_text
'Nim sum 3 ⊕ 4 ⊕ 5 = 2. Winning move: take 2 from pile 1, leaving 1.'
>>> game = NimGame([1, 2], seed=1)
>>> game.take(1, 1)          # heap 2 (0-based 1) from 2 to 1: balanced, so the computer
>>> sum(game.heaps), game.winner     # must leave one stone, and we take it
(1, '')
"""

from __future__ import annotations

import html
import pathlib
import random

import anywidget
import ipywidgets as widgets
import traitlets

from cgteach import nim
from cgteach._pictures import count as _count
from cgteach._validate import as_count, as_heaps
from cgteach.draw._style import COLOURS
from cgteach.nimbers import nim_sum
from cgteach.widgets._base import (
    STATIC,
    Guarded,
    WidgetValueError,
    _listed,
    _short,
    check_choice,
    check_int,
    check_list,
    check_text,
    esm,
    follow_lecture_mode,
    lecture_default,
    still_png,
)

__all__ = ["NimExplorer", "NimGame", "binary_table_html"]

_STATIC = pathlib.Path(__file__).parent / "static"

#: The board draws every stone: at most this many heaps ...
MAX_GAME_HEAPS = 10
#: ... of at most this many stones each.
MAX_GAME_STONES = 40


def _heaps_png(heaps):
    """A still picture of the heaps (``None`` if it cannot be drawn)."""
    if len(heaps) > MAX_GAME_HEAPS or max(heaps, default=0) > 64:
        return None

    def draw(ax):
        from cgteach.draw.nim import draw_heaps

        draw_heaps(list(heaps), ax=ax)

    return still_png(draw)


# --------------------------------------------------------------------------
# The binary table as HTML (shared by both widgets)
# --------------------------------------------------------------------------


def _moves_for(heaps, misere):
    return nim.misere_winning_moves(heaps) if misere else nim.winning_moves(heaps)


def binary_table_html(heaps, *, misere=False, lecture=False) -> str:
    """Return the binary table of ``heaps`` as an HTML ``<table>``.

    One row per heap (its size and its bits), then the nim-sum row.  The
    column of the nim sum's leading bit is marked, and so is each heap that a
    winning move changes (``misere=True`` uses the misère winning moves).

    >>> html_text = binary_table_html([10, 12, 5])
    >>> 'data-testid="nim-table-sum"' in html_text and ">0011<" not in html_text
    True
    """
    heaps = as_heaps(heaps)
    total = nim_sum(heaps)
    width = max([1, *(h.bit_length() for h in heaps)])
    leading = total.bit_length() - 1  # -1 when balanced
    change = {i for i, _ in _moves_for(heaps, misere)}
    font = "1.6em" if lecture else "1em"
    pad = "0.25em 0.6em" if lecture else "0.1em 0.45em"
    mono = "font-family: monospace;"
    hot = f"background:{COLOURS['highlight']}; font-weight:bold; border-radius:0.2em;"
    row_hot = "background:#fff1dc;"

    def bit_cells(value, row_is_change):
        cells = []
        for k in range(width - 1, -1, -1):
            bit = value >> k & 1
            is_lead = k == leading
            style = f"padding:{pad}; text-align:center; {mono}"
            if is_lead and (row_is_change or row_is_change is None):
                style += hot
            lead_attr = ' data-leading="true"' if is_lead else ""
            cells.append(f'<td style="{style}"{lead_attr}>{bit}</td>')
        return "".join(cells)

    head = "".join(
        f'<th style="padding:{pad}; {mono} color:{COLOURS["muted"]}; font-weight:normal">'
        f"{1 << k}</th>"
        for k in range(width - 1, -1, -1)
    )
    rows = [
        f'<tr><th style="padding:{pad}; text-align:left">pile</th>'
        f'<th style="padding:{pad}; text-align:right">size</th>{head}</tr>'
    ]
    for i, h in enumerate(heaps):
        changing = i in change
        attrs = f'data-testid="nim-table-row-{i}" data-change="{str(changing).lower()}"'
        style = row_hot if changing else ""
        rows.append(
            f'<tr {attrs} style="{style}"><td style="padding:{pad}">pile {i + 1}</td>'
            f'<td style="padding:{pad}; text-align:right; {mono}">{h}</td>'
            f"{bit_cells(h, changing)}</tr>"
        )
    rule = f"border-top:2px solid {COLOURS['text']};"
    rows.append(
        f'<tr data-testid="nim-table-sum" style="{rule} font-weight:bold">'
        f'<td style="padding:{pad}; {rule}">nim sum</td>'
        f'<td style="padding:{pad}; text-align:right; {mono} {rule}">{total}</td>'
        + bit_cells(total, None).replace("<td style=\"", f'<td style="{rule} ')
        + "</tr>"
    )
    return (
        f'<table data-testid="nim-table" style="border-collapse:collapse; font-size:{font}; '
        f'color:{COLOURS["text"]}">' + "".join(rows) + "</table>"
    )


def _hint_sentence(heaps, misere=False) -> str:
    """One sentence: balanced, or the winning move(s), in 1-based pile numbers."""
    total = nim_sum(heaps)
    moves = _moves_for(heaps, misere)
    sums = " ⊕ ".join(str(h) for h in heaps) if heaps else "0"
    if not any(heaps):
        return (
            "No stones left: nothing to take."
            if not misere
            else "No stones left: the player who took the last stone has lost."
        )
    head = f"Nim sum {sums} = {total}."
    if not moves:
        if misere:
            return f"{head} No winning move exists (misère rule): every move loses to good play."
        return f"{head} Balanced: no winning move exists; every move unbalances it (Thm 3.4)."
    words = [
        f"take {heaps[i] - new} from pile {i + 1}, leaving {new}" for i, new in moves
    ]
    label = "Winning move" if len(words) == 1 else "Winning moves"
    return f"{head} {label}: " + "; or ".join(words) + "."


# --------------------------------------------------------------------------
# NimExplorer: sliders -> binary table + hint
# --------------------------------------------------------------------------


#: Lecture mode for the explorer's ipywidgets: large labels and readouts.
_EXPLORER_LECTURE_CSS = (
    "<style>.cgteach-nim-explorer.cg-lecture .widget-label,"
    ".cgteach-nim-explorer.cg-lecture .widget-readout,"
    ".cgteach-nim-explorer.cg-lecture button{font-size:22px !important;"
    "line-height:1.4 !important;height:auto !important}"
    ".cgteach-nim-explorer.cg-lecture .widget-slider{height:40px}</style>"
)


class _Voice(anywidget.AnyWidget):
    """The explorer's ``aria-live`` region: says ``text`` whenever it changes."""

    _esm = esm("nim_explorer.js")
    _css = STATIC / "boards.css"
    text = traitlets.Unicode("").tag(sync=True)


def _spoken(heaps, misere=False, change: str = "") -> str:
    """What a screen reader says about the explorer's position (``⊕`` as "xor").

    >>> _spoken((3, 4, 5), change="Pile 1 is now 3.")[:53]
    'Pile 1 is now 3. Piles 3, 4, 5. Nim sum 3 xor 4 xor 5'
    """
    sizes = ", ".join(str(h) for h in heaps)
    said = f"{'Pile' if len(heaps) == 1 else 'Piles'} {sizes}. "
    said += _hint_sentence(heaps, misere).replace(" ⊕ ", " xor ")
    return f"{change} {said}" if change else said


class NimExplorer(Guarded, widgets.VBox):
    """Heap sliders with a live binary table and hint.

    ``heaps`` -- the starting sizes (1 to ``max_heaps`` heaps);
    ``max_size`` -- the largest size a slider allows;
    ``misere`` -- hint the misère winning moves instead;
    ``lecture`` -- a larger table and hint for projection.

    >>> e = NimExplorer([10, 12, 5])
    >>> e.sliders[0].value = 9
    >>> e.hint_text.startswith('Nim sum 9 ⊕ 12 ⊕ 5 = 0. Balanced')
    True
    >>> e.add_heap(); e.heaps
    (9, 12, 5, 1)
    """

    _SUMMARY = "run this cell in JupyterLab to explore the binary table"

    def __init__(self, heaps=(3, 4, 5), *, max_size=31, max_heaps=8, misere=False,
                 lecture=None, **kwargs):
        heaps = as_heaps(heaps)
        self.max_size = as_count(max_size, "max_size")
        self.max_heaps = as_count(max_heaps, "max_heaps")
        if not 1 <= len(heaps) <= self.max_heaps:
            raise ValueError(
                f"NimExplorer needs between 1 and {self.max_heaps} piles (heaps), got {len(heaps)}"
            )
        if max(heaps) > self.max_size:
            raise ValueError(
                f"a pile of {max(heaps)} is larger than max_size={self.max_size}; "
                "pass a larger max_size"
            )
        self.misere = bool(misere)
        self._lecture = lecture_default() if lecture is None else bool(lecture)
        self.sliders: list[widgets.IntSlider] = []
        self._slider_box = widgets.VBox()
        self._add_button = widgets.Button(
            description="Add a pile", icon="plus", layout=widgets.Layout(width="auto")
        )
        self._remove_button = widgets.Button(
            description="Remove the last pile", icon="minus", layout=widgets.Layout(width="auto")
        )
        self._add_button.add_class("nim-explorer-add")
        self._remove_button.add_class("nim-explorer-remove")
        self._add_button.on_click(lambda _b: self.add_heap())
        self._remove_button.on_click(lambda _b: self.remove_heap())
        self._table = widgets.HTML()
        self._table.add_class("nim-explorer-table")
        self._hint = widgets.HTML()
        self._hint.add_class("nim-explorer-hint")
        self._voice = _Voice()
        self._change = ""
        super().__init__(
            [
                self._slider_box,
                widgets.HBox([self._add_button, self._remove_button]),
                self._table,
                self._hint,
                self._voice,
            ],
            **kwargs,
        )
        self.add_class("cgteach-nim-explorer")
        if self._lecture:
            self.add_class("cg-lecture")
        self._set_sliders(heaps)
        follow_lecture_mode(self)

    @property
    def lecture(self) -> bool:
        """Lecture mode: a larger table, hint and sliders (follows ``lecture_mode()``)."""
        return self._lecture

    @lecture.setter
    def lecture(self, on):
        if not isinstance(on, bool):
            raise TypeError(f"lecture must be True or False, got {_short(on)}")
        self._lecture = on
        (self.add_class if on else self.remove_class)("cg-lecture")
        self._refresh()

    def _still_png(self):
        def draw(ax):
            from cgteach.draw.nim import draw_binary_table

            draw_binary_table(list(self.heaps), ax=ax)

        return still_png(draw)

    def _still_alt(self):
        table = nim.binary_table(list(self.heaps))
        text = (f"Binary table of the piles {_listed(table.heaps)}, "
                f"with their nim sum {table.nim_sum}")
        if table.to_change:
            pile = table.to_change[0]
            text += f": change pile {pile + 1} to {dict(table.moves)[pile]}"
        return text + "."

    # -- the position ----------------------------------------------------
    @property
    def heaps(self) -> tuple[int, ...]:
        """The heap sizes shown by the sliders (settable)."""
        return tuple(s.value for s in self.sliders)

    @heaps.setter
    def heaps(self, heaps):
        heaps = as_heaps(heaps)
        if not 1 <= len(heaps) <= self.max_heaps or max(heaps) > self.max_size:
            raise ValueError(
                f"heaps must be 1 to {self.max_heaps} pile sizes, each at most {self.max_size}; "
                f"got {heaps}"
            )
        self._set_sliders(heaps)

    def add_heap(self, size: int = 1) -> None:
        """Add a heap (of ``size`` stones) at the end, up to ``max_heaps`` heaps."""
        size = as_count(size, "size")
        if len(self.sliders) < self.max_heaps:
            self._change = f"Pile {len(self.sliders) + 1} added."
            self._set_sliders((*self.heaps, min(size, self.max_size)))

    def remove_heap(self) -> None:
        """Remove the last heap (one heap always stays)."""
        if len(self.sliders) > 1:
            self._change = f"Pile {len(self.sliders)} removed."
            self._set_sliders(self.heaps[:-1])

    # -- what is shown ---------------------------------------------------
    @property
    def table_html(self) -> str:
        """The HTML of the binary table now shown."""
        return self._table.value

    @property
    def hint_text(self) -> str:
        """The hint sentence now shown (plain text)."""
        return _hint_sentence(self.heaps, self.misere)

    @property
    def announced(self) -> str:
        """What the ``aria-live`` region said last (the position, its nim sum, the hint)."""
        return self._voice.text

    # -- internals -------------------------------------------------------
    def _set_sliders(self, heaps):
        self.sliders = []
        for i, h in enumerate(heaps):
            # One stone per ~14 px at least: 0-31 fits without squeezing.
            slider = widgets.IntSlider(
                value=h,
                min=0,
                max=self.max_size,
                description=f"Pile {i + 1}",
                continuous_update=True,
                layout=widgets.Layout(width=f"{min(max(14 * self.max_size + 120, 360), 720)}px"),
                style={"description_width": "4.5em"},
            )
            slider.add_class("nim-explorer-slider")
            slider.add_class(f"nim-explorer-heap-{i}")
            slider.observe(self._refresh, names="value")
            self.sliders.append(slider)
        self._slider_box.children = tuple(self.sliders)
        self._add_button.disabled = len(heaps) >= self.max_heaps
        self._remove_button.disabled = len(heaps) <= 1
        self._refresh()

    def _refresh(self, _change=None):
        heaps = self.heaps
        change, self._change = self._change, ""
        if not change and isinstance(_change, dict) and _change.get("owner") in self.sliders:
            change = (f"Pile {self.sliders.index(_change['owner']) + 1} "
                      f"is now {_change.get('new')}.")
        self._voice.text = _spoken(heaps, self.misere, change)
        self._table.value = binary_table_html(heaps, misere=self.misere, lecture=self.lecture)
        balanced = str(nim_sum(heaps) == 0).lower()
        size = "1.6em" if self.lecture else "1.1em"
        self._hint.value = (
            f'<p data-testid="nim-hint-text" data-balanced="{balanced}" '
            f'style="font-size:{size}">{html.escape(_hint_sentence(heaps, self.misere))}</p>'
            + (_EXPLORER_LECTURE_CSS if self.lecture else "")
        )


# --------------------------------------------------------------------------
# NimGame: the anywidget board
# --------------------------------------------------------------------------


class NimGame(Guarded, anywidget.AnyWidget):
    """Play Nim against the computer by clicking stones.

    ``heaps`` -- the first position (``None``: a seeded random deal of 2-5
    heaps of 1-8 stones); ``computer`` -- ``"perfect"`` or ``"random"``;
    ``misere`` -- whoever takes the last stone loses; ``seed`` -- seeds the
    deals (the same seed gives the same sequence of deals, however the games
    go) and, separately, the computer's choices; ``lecture`` -- big stones and fonts.
    You always move first; the computer answers at once.

    >>> g = NimGame([3, 4, 5], seed=0)
    >>> g.take(0, 2)        # the winning move: heap 1 from 3 to 1
    >>> sum(g.heaps) < 10 and g.message.startswith('You took 2 from pile 1')
    True
    >>> g.take(7, 1); g.message
    'Illegal move: there is no pile 8 (piles are numbered 1 to 3).'
    """

    _esm = esm("nim_game.js")
    _css = _STATIC / "nim.css"

    heaps = traitlets.List(traitlets.Int()).tag(sync=True)
    misere = traitlets.Bool(False).tag(sync=True)
    computer = traitlets.Unicode("perfect").tag(sync=True)
    lecture = traitlets.Bool(False).tag(sync=True)
    show_table = traitlets.Bool(False).tag(sync=True)
    table_html = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.List(traitlets.Int()).tag(sync=True)
    last_move = traitlets.Dict().tag(sync=True)
    winner = traitlets.Unicode("").tag(sync=True)

    _SUMMARY = "run this cell in JupyterLab to play"
    #: The page may switch lecture mode and the binary table; the rest is the game's own.
    _PAGE_TRAITS = frozenset({"lecture", "show_table"})

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------

    def _check_heaps(self, value):
        check_list("heaps", value, MAX_GAME_HEAPS, lambda k, h: check_int(
            f"heaps[{k}] (pile {k + 1})", h, 0, MAX_GAME_STONES))
        return value

    def _check_computer(self, value):
        return check_choice("computer", value, ("perfect", "random"))

    def _check_table_html(self, value):
        return check_text("table_html", value, 200_000)

    def _check_status(self, value):
        return check_text("status", value, 2_000)

    def _check_message(self, value):
        return check_text("message", value, 10_000)

    def _check_winner(self, value):
        return check_choice("winner", value, ("", "you", "computer"))

    def _check_hint(self, value):
        if value == []:
            return value
        heaps = self.heaps
        check_list("hint", value, 2)
        if len(value) != 2:
            raise WidgetValueError(f"hint must be [] or [pile, new size], got {_short(value)}")
        heap = check_int("hint[0] (the pile)", value[0], 0, max(len(heaps) - 1, 0))
        check_int("hint[1] (the new size)", value[1], 0, max(heaps[heap] - 1, 0) if heaps else 0)
        return value

    def _check_last_move(self, value):
        if value == {}:
            return value
        if not isinstance(value, dict) or set(value) != {"player", "heap", "taken", "before"}:
            raise WidgetValueError("last_move must be {} or a dict of player, heap, taken and "
                                   f"before, got {_short(value)}")
        check_choice("last_move['player']", value["player"], ("you", "computer"))
        check_int("last_move['heap']", value["heap"], 0, MAX_GAME_HEAPS - 1)
        check_int("last_move['before']", value["before"], 1, MAX_GAME_STONES)
        check_int("last_move['taken']", value["taken"], 1, value["before"])
        return value

    def __init__(self, heaps=None, computer="perfect", misere=False, seed=None, lecture=None,
                 **kwargs):
        if computer not in ("perfect", "random"):
            raise ValueError(f'computer must be "perfect" or "random", got {_short(computer)}')
        if lecture is None:
            lecture = lecture_default()
        # Two generators, so that the sequence of deals depends on the seed alone
        # and not on how the games in between were played.
        self._deal_rng = random.Random(seed)
        self._play_rng = random.Random(None if seed is None else f"{seed}:moves")
        start = self._deal() if heaps is None else list(as_heaps(heaps))
        if heaps is not None and not any(start):
            raise ValueError("NimGame needs at least one stone to play with")
        if len(start) > MAX_GAME_HEAPS or max(start) > MAX_GAME_STONES:
            raise ValueError(
                f"NimGame draws every stone, so it plays at most {MAX_GAME_HEAPS} piles of at "
                f"most {MAX_GAME_STONES} stones; got {len(start)} piles, the largest "
                f"{_short(max(start))}. Use cgteach.nim for bigger positions."
            )
        super().__init__(
            computer=computer, misere=bool(misere), lecture=bool(lecture), **kwargs
        )
        self._start(start)
        self.on_msg(self._on_message)
        self.observe(self._on_misere, names="misere")
        follow_lecture_mode(self)

    def _still_png(self):
        return _heaps_png(self.heaps)

    def _still_alt(self):
        heaps = list(self.heaps)
        play = "misère play" if self.misere else "normal play"
        if not any(heaps):
            return f"Nim game against the computer ({play}): every pile is empty."
        return (f"Nim game against the computer ({play}): {_count(len(heaps), 'pile')} of "
                f"{_listed(heaps)} {'stone' if heaps == [1] else 'stones'}.")

    # -- intents from the browser (also callable from Python) -------------
    def _on_message(self, _widget, content, _buffers=None):
        """Receive one message from the browser (see :meth:`handle`)."""
        self.handle(content)

    def handle(self, content) -> None:
        """Carry out one intent, exactly as the browser sends it.

        Accepts the board's own messages ``{"take": [heap, count]}``,
        ``{"hint": true}``, ``{"new_game": true}``, and the same intents in
        the event form shared by the other cgteach boards:
        ``{"event": "take", "heap": h, "count": c}``, ``{"event": "hint"}``,
        ``{"event": "new_game"}``.  Anything else leaves the game as it was
        and says so in ``message``; so does anything unexpected (never a
        traceback in the page).
        """
        try:
            self._handle(content)
        except Exception as exc:  # noqa: BLE001 (the page must never see a traceback)
            self.message = f"Ignored a message the board could not use: {_short(str(exc), 200)}"

    def _handle(self, content) -> None:
        if not isinstance(content, dict):
            self.message = "Ignored a message the board did not understand."
            return
        event = content.get("event")
        if event == "take":
            content = {"take": [content.get("heap"), content.get("count")]}
        elif event in ("hint", "new_game"):
            content = {event: True}
        if "take" in content:
            take = content["take"]
            if not isinstance(take, (list, tuple)) or len(take) != 2:
                self.message = "Illegal move: a take needs a pile and a number of stones."
                return
            self.take(*take)
        elif content.get("hint"):
            self.show_hint()
        elif content.get("new_game"):
            self.new_game()
        else:
            self.message = "Ignored a message the board did not understand."

    def take(self, heap, count) -> None:
        """You take ``count`` stones from heap ``heap`` (0-based); the computer answers.

        An illegal take leaves the position as it was and explains in ``message``.
        """
        if self.winner:
            self.message = "The game is over: press New game to play again."
            return
        problem = self._problem(heap, count)
        if problem:
            self.message = f"Illegal move: {problem}"
            return
        before = self.heaps[heap]
        mine = f"You took {count} from pile {heap + 1}"
        self._apply(heap, before - count)
        self.hint = []
        self.last_move = {"player": "you", "heap": heap, "taken": count, "before": before}
        if self._finished("you"):
            self.message = mine + "."
            return
        move = self._computer_move()
        c_heap, c_new = move
        c_before = self.heaps[c_heap]
        self._apply(c_heap, c_new)
        self.last_move = {
            "player": "computer", "heap": c_heap, "taken": c_before - c_new, "before": c_before
        }
        reply = f"the computer took {c_before - c_new} from pile {c_heap + 1}"
        self.message = f"{mine}; {reply}."
        if not self._finished("computer"):
            self.status = f"Your move ({reply[4:]})."


    def show_hint(self) -> None:
        """Mark a winning move on the board (``hint``) or say that none exists."""
        if self.winner:
            self.message = "The game is over: press New game to play again."
            return
        moves = _moves_for(self.heaps, self.misere)
        self.hint = list(moves[0]) if moves else []
        self.message = "Hint: " + _hint_sentence(self.heaps, self.misere)

    def new_game(self) -> None:
        """Deal a new position (2-5 heaps of 1-8 stones, from the seeded generator)."""
        self._start(self._deal())

    # -- internals -------------------------------------------------------
    def _deal(self):
        rng = self._deal_rng
        return [rng.randint(1, 8) for _ in range(rng.randint(2, 5))]

    def _start(self, heaps):
        self.winner = ""
        self.hint = []
        self.last_move = {}
        self.message = ""
        self.heaps = list(heaps)
        self.table_html = binary_table_html(self.heaps, misere=self.misere)
        self.status = "Your move: click a stone to take it and every stone after it."

    def _on_misere(self, _change):
        # The rule changed: start again from this position (or a new deal if it is empty).
        if any(self.heaps):
            self._start(self.heaps)
        else:
            self.new_game()

    def _problem(self, heap, count):
        """Why (heap, count) is not a legal take, or '' when it is."""
        n = len(self.heaps)
        for value, what in ((heap, "the pile"), (count, "the number of stones")):
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{what} must be a whole number, got {value!r}."
        if not 0 <= heap < n:
            return f"there is no pile {heap + 1} (piles are numbered 1 to {n})."
        if count < 1:
            return "you must take at least one stone."
        if self.heaps[heap] == 0:
            return f"pile {heap + 1} is empty: choose a pile that has stones in it."
        if count > self.heaps[heap]:
            return (
                f"pile {heap + 1} has only {self.heaps[heap]} "
                f"stone{'s' if self.heaps[heap] != 1 else ''}; you cannot take {count}."
            )
        try:  # the package's own check has the last word
            nim.play(self.heaps, (heap, self.heaps[heap] - count))
        except (TypeError, ValueError) as exc:
            return str(exc)
        return ""

    def _apply(self, heap, new_size):
        self.heaps = list(nim.play(self.heaps, (heap, new_size)))
        self.table_html = binary_table_html(self.heaps, misere=self.misere)

    def _computer_move(self):
        if self.computer == "perfect":
            return tuple(nim.best_move(self.heaps, misere=self.misere, rng=self._play_rng))
        return tuple(self._play_rng.choice(nim.moves(self.heaps)))

    def _finished(self, mover):
        """Set the winner when ``mover`` just took the last stone; report if the game ended."""
        if any(self.heaps):
            self.status = "Your move."
            return False
        other = "computer" if mover == "you" else "you"
        self.winner = other if self.misere else mover
        who = "You" if mover == "you" else "The computer"
        verdict = "You win!" if self.winner == "you" else "The computer wins."
        rule = ", and in misère play whoever does that loses" if self.misere else ""
        self.status = f"{verdict} {who} took the last stone{rule}."
        return True
