"""Build Hackendot forests with the mouse, watch Úlehla's method, and play.

A Hackendot **forest** is a list of rooted trees, given by its parent list
(``parents[i]`` is node ``i``'s parent, ``None`` for a root; see
:mod:`cgteach.hackendot`).  Roots stand on the ground and trees grow up.
**Úlehla's coloring** makes every leaf white and a node black when one of
its children is white; the **contraction** keeps the black nodes only; bit
``k`` of the nim value is the parity of the white roots after ``k``
contractions.

Offers:

:class:`HackendotEditor`
    Click a node to give it a new child, click empty space for a new root,
    switch to the delete tool to remove a node with everything above it;
    undo.  The value updates as you build.  "Coloring" shows Úlehla's
    colours; "next round"/"previous round" step through the contractions
    (the contracted forest is drawn where its nodes were, over the faded
    original) with a table of the bits read off.  Save/Load buttons (and
    :meth:`HackendotEditor.save`/:meth:`HackendotEditor.load`) use the
    ``cgteach.hackendot`` JSON files.

:class:`HackendotGame`
    Play a forest against the computer: click a node to delete it and its
    path to the root (hovering shows that path), the computer answers
    (``"perfect"`` or ``"random"``), a hint marks a winning node or says
    there is none, and the winner is announced.

Both have a ``lecture`` switch (large print, thick lines, high contrast;
it follows :func:`cgteach.draw.lecture_mode`) and a ``labels`` switch
("Numbers").  In the editor it writes each node's index in the parent
list beside it.  In the game (on by default) every node carries a fixed
label, its number 0, 1, 2, ... in the starting forest (as the figures of
:mod:`cgteach.draw` number nodes); the labels stay with
their nodes for the whole game, and the move log, hints and messages use
them (``take(i)`` still takes an index into the current parent list).

All rules run in Python; the browser sends intents such as
``{"event": "add_child", "node": 3}`` or ``{"event": "take", "node": 3}``.

DOM hooks for browser tests: ``[data-testid=hd-board]`` the SVG; every node
is a ``g.cg-dot-node`` with ``data-index``, ``data-label`` (game: the label
drawn), ``data-x``, ``data-y`` and ``data-colour`` (``plain``, ``white`` or
``black``);
``[data-testid=hd-value]``, ``[data-testid=hd-round]``,
``[data-testid=hd-message]``, ``[data-testid=hd-status]``.

>>> editor = HackendotEditor()
>>> a = editor.add_root(); b = editor.add_child(a); c = editor.add_child(b)
>>> editor.forest, editor.value_text
(Hackendot([None, 0, 1]), '*3')
>>> editor.handle({"event": "add_child", "node": 7})
>>> editor.message
'there is no node 7: the forest has 3 nodes, numbered 0 to 2'
"""

from __future__ import annotations

import os

import traitlets

from cgteach._pictures import count as _count
from cgteach.hackendot import Hackendot
from cgteach.widgets._base import (
    DrawnBoard,
    EditorBoard,
    GameBoard,
    WidgetValueError,
    _short,
    _shown_value,
    check_choice,
    check_game_options,
    check_int,
    check_list,
    check_number,
    check_path,
    check_text,
    esm,
    layout_forest,
)

__all__ = ["HackendotEditor", "HackendotGame"]


#: The still picture (before a cell runs, in exported pages) is drawn up to this size.
_STILL_NODES = 150


def _nim_text(n: int) -> str:
    """A nim value as the lessons' figures write it: ``0``, ``*1``, ``*2``, ..."""
    return "0" if n == 0 else f"*{n}"


def _forest_png(forest):
    if len(forest) > _STILL_NODES:
        return None
    from cgteach.widgets._base import still_png

    def draw(ax):
        from cgteach.draw.hackendot import draw_forest

        draw_forest(forest, ax=ax)

    return still_png(draw)


def _as_forest(forest) -> Hackendot:
    if forest is None:
        return Hackendot([])
    if isinstance(forest, Hackendot):
        return forest
    return Hackendot(forest)


class _HackendotBoard(DrawnBoard):
    """What the editor and the game share: the forest and where its nodes are."""

    _esm = esm("hackendot.js")

    #: The parent list (``None`` for a root).
    parents = traitlets.List().tag(sync=True)
    #: ``[x, y]`` of every node on the board.
    coords = traitlets.List().tag(sync=True)

    @property
    def forest(self) -> Hackendot:
        """The forest on the board."""
        return self._forest

    def _still_png(self):
        return _forest_png(self._forest)

    def _still_alt(self):
        parents = list(self._forest.parents)
        trees = sum(1 for p in parents if p is None)
        if not parents:
            words = "an empty forest"
        elif trees == 1:
            words = f"one tree of {_count(len(parents), 'node')}"
        else:
            words = f"a forest of {trees} trees with {len(parents)} nodes"
        if isinstance(self, EditorBoard):
            value = _shown_value(self.value_text)
            return f"Hackendot editor: {words}" + (f", value {value}." if value else ".")
        return f"Hackendot game against the computer: {words}."

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------

    def _check_parents(self, value):
        forest = getattr(self, "_forest", None)
        if forest is None or value != list(forest.parents):
            raise WidgetValueError("parents follow the widget's forest: change it with the "
                                   "board or set_forest(...)")
        return value

    def _check_coords(self, value):
        def one(k, xy):
            if not isinstance(xy, list) or len(xy) != 2:
                raise WidgetValueError(f"coords[{k}] must be [x, y], got {_short(xy)}")
            check_number(f"coords[{k}] x", xy[0])
            check_number(f"coords[{k}] y", xy[1])

        check_list("coords", value, 1_000_000, one)
        if len(value) != len(self.parents):
            raise WidgetValueError(f"coords must place each of the {len(self.parents)} nodes, "
                                   f"got {len(value)} places")
        return value

    def _node(self, node) -> int:
        if isinstance(node, bool) or not isinstance(node, int):
            raise TypeError(f"a node must be an integer index, got {node!r}")
        n = len(self._forest)
        if not 0 <= node < n:
            if n == 0:
                raise ValueError(f"there is no node {node}: the forest is empty")
            raise ValueError(f"there is no node {node}: the forest has {n} nodes, "
                             f"numbered 0 to {n - 1}")
        return node


class HackendotEditor(_HackendotBoard, EditorBoard):
    """Build a Hackendot forest by clicking; see its value and Úlehla's rounds.

    ``forest`` is a :class:`~cgteach.hackendot.Hackendot` or a parent list
    (default: empty).

    >>> editor = HackendotEditor(Hackendot.figure1())
    >>> editor.value_text, [r["bit"] for r in editor.rounds]
    ('*7', [1, 1, 1])
    >>> editor.delete(0); len(editor.forest)          # the root takes the whole tree
    0
    >>> editor.undo(); editor.value_text
    '*7'
    """

    #: What a click on a node does: ``"add"`` a child, or ``"delete"`` it (and what is above).
    tool = traitlets.Enum(("add", "delete"), default_value="add").tag(sync=True)
    value_text = traitlets.Unicode("0").tag(sync=True)
    #: ``"P"`` (value 0) or ``"N"``.
    outcome = traitlets.Unicode("P").tag(sync=True)
    #: Show Úlehla's coloring (and the contraction rounds).
    show_coloring = traitlets.Bool(False).tag(sync=True)
    #: The contraction on show: ``0`` is the forest itself.
    round = traitlets.Int(0).tag(sync=True)
    #: One record per round: ``k``, ``origin`` (nodes of the starting forest),
    #: ``parents``, ``coloring``, ``white_roots``, ``bit``.
    rounds = traitlets.List().tag(sync=True)

    _THING = "forest"
    _SUMMARY = "run this cell in JupyterLab to build a forest"
    _PAGE_TRAITS = frozenset({"lecture", "labels", "tool", "show_coloring", "round"})

    def _check_value_text(self, value):
        return check_text("value_text", value, 10_000)

    def _check_outcome(self, value):
        return check_choice("outcome", value, ("P", "N"))

    def _check_round(self, value):
        # any whole number, brought into range (the Previous/Next buttons overshoot)
        check_int("round", value, -(10**100), 10**100)
        return min(max(value, 0), max(len(self.rounds) - 1, 0))

    def _check_rounds(self, value):
        keys = {"k", "origin", "parents", "coloring", "white_roots", "bit"}

        def one(k, r):
            if not isinstance(r, dict) or set(r) != keys:
                raise WidgetValueError(f"rounds[{k}] must be a dict with "
                                       f"{', '.join(sorted(keys))}, got {_short(r)}")
        return check_list("rounds", value, 1_000, one)

    def __init__(self, forest=None, lecture=None, **kwargs):
        super().__init__(lecture=lecture, **kwargs)
        self._forest = Hackendot([])
        self._set_forest(_as_forest(forest), record=False)

    @property
    def value(self) -> int:
        """The nim value of the forest."""
        return self._value

    # -- editing ---------------------------------------------------------------

    def add_root(self) -> int:
        """Plant a new one-node tree; return its index."""
        self._set_forest(Hackendot(list(self._forest.parents) + [None]))
        return len(self._forest) - 1

    def add_child(self, node) -> int:
        """Give ``node`` a new child (a leaf); return its index."""
        node = self._node(node)
        self._set_forest(Hackendot(list(self._forest.parents) + [node]))
        return len(self._forest) - 1

    def delete(self, node) -> None:
        """Remove ``node`` and everything above it (its descendants).

        This is an editing step, not a Hackendot move (a move deletes the
        path *below* a node; see :class:`HackendotGame`).
        """
        node = self._node(node)
        parents = list(self._forest.parents)
        gone = {node}
        changed = True
        while changed:  # children may come before their parents in the list
            changed = False
            for i, p in enumerate(parents):
                if p in gone and i not in gone:
                    gone.add(i)
                    changed = True
        kept = [i for i in range(len(parents)) if i not in gone]
        rank = {old: new for new, old in enumerate(kept)}
        self._set_forest(Hackendot([None if parents[i] is None else rank[parents[i]]
                                    for i in kept]))

    def clear(self) -> None:
        """Remove everything (undo brings it back)."""
        self._set_forest(Hackendot([]))

    def set_forest(self, forest) -> None:
        """Show ``forest`` (a ``Hackendot`` or a parent list)."""
        self._set_forest(_as_forest(forest))

    def _restore(self, state) -> None:
        self._set_forest(state, record=False)

    # -- files -------------------------------------------------------------------

    def load(self, path: str | os.PathLike) -> None:
        """Read a position file; a bad file raises ``ValueError`` and changes nothing.

        ``path`` is a ``str`` or an ``os.PathLike`` (anything else raises ``TypeError``).
        """
        check_path(path)
        self.set_forest(Hackendot.load(path))

    def load_text(self, text: str) -> None:
        """Show the forest in the JSON ``text`` (``ValueError`` if it is not one)."""
        self.set_forest(Hackendot.from_json(text))
        self.message = f"loaded a forest with {len(self._forest)} nodes"

    def play(self, computer="perfect", seed=None, **kwargs):
        """A :class:`HackendotGame` on the current forest."""
        return HackendotGame(self._forest, computer=computer, seed=seed,
                             lecture=self.lecture, **kwargs)

    # -- intents ---------------------------------------------------------------------

    def _on_add_root(self):
        self.add_root()

    def _on_click(self, x=None, y=None):
        # a click on empty space: plant a tree (Add), or say what Delete wants
        if self.tool == "delete":
            self.message = "Nothing to delete there: click a node to remove it and all above it."
        else:
            self.add_root()

    def _on_add_child(self, node):
        self.add_child(node)

    def _on_delete(self, node):
        self.delete(node)

    # -- bookkeeping --------------------------------------------------------------------

    def _set_forest(self, forest: Hackendot, record=True) -> None:
        if record:
            self._remember(self._forest)
        self._forest = forest
        rounds = forest.rounds()
        self._value = forest.grundy()
        with self.hold_sync():
            with self.hold_trait_notifications():  # checked together, as one forest
                self.parents = list(forest.parents)
                self.coords = [list(p) for p in layout_forest(forest.parents)]
            self.rounds = [{"k": r.k, "origin": list(r.origin),
                            "parents": list(r.forest.parents), "coloring": list(r.coloring),
                            "white_roots": list(r.white_roots), "bit": r.bit}
                           for r in rounds]
            self.round = min(self.round, max(len(rounds) - 1, 0))
            self.value_text = _nim_text(self._value)
            self.outcome = "P" if self._value == 0 else "N"
            self.json_text = forest.to_json()
            self.can_undo = bool(self._history)
            self.message = ""

    @traitlets.observe("round")
    def _round_changed(self, change):
        clamped = min(max(change["new"], 0), max(len(self.rounds) - 1, 0))
        if clamped != change["new"]:
            self.round = clamped


class HackendotGame(_HackendotBoard, GameBoard):
    """Play Hackendot against the computer: click a node to delete it and its path down.

    ``forest`` is a :class:`~cgteach.hackendot.Hackendot` or a parent list;
    ``computer`` is ``"perfect"`` (a winning move whenever there is one) or
    ``"random"``; ``first`` is ``"student"`` or ``"computer"``; ``seed``
    makes the computer's choices reproducible.

    >>> game = HackendotGame(Hackendot.path(3), seed=0)
    >>> game.hint()                      # a path of 3 is *3: take the top node
    [2]
    >>> game.take(2); game.winner
    'student'
    """

    #: The node the hint marks (``-1``: none).
    hint_node = traitlets.Int(-1).tag(sync=True)
    #: The fixed label of every node now on the board, in the order of ``parents``.
    node_labels = traitlets.List().tag(sync=True)
    #: Node labels are on show by default in a game.
    labels = traitlets.Bool(True).tag(sync=True)
    _SUMMARY = "run this cell in JupyterLab to play"

    def _check_hint_node(self, value):
        return check_int("hint_node", value, -1, len(self.parents) - 1)

    def _check_node_labels(self, value):
        check_list("node_labels", value, 1_000_000,
                   lambda k, x: check_text(f"node_labels[{k}]", x, 20))
        if len(value) != len(self.parents):
            raise WidgetValueError(f"node_labels must hold one label for each of the "
                                   f"{len(self.parents)} nodes, got {len(value)}")
        return value

    # ``fallen`` holds pictures of the nodes taken: ``{"x", "y", "by", "chosen"}``.
    _LOST = "The computer wins: it took the last node. Press New game to try again."
    _WON = "You win! You took the last node."

    def __init__(self, forest, computer="perfect", seed=None, first="student",
                 lecture=None, **kwargs):
        forest = _as_forest(forest)
        check_game_options(computer, first)
        super().__init__(lecture=lecture, computer=computer, seed=seed, first=first, **kwargs)
        self._start = forest
        self._start_coords = [list(p) for p in layout_forest(forest.parents)]
        self.restart()

    def hint(self) -> list[int]:
        """Every winning node for the student now (``[]``: none)."""
        return self._forest.winning_moves()

    def _can_move(self, who) -> bool:
        return bool(self._forest)  # either player may take any node

    def label(self, node: int) -> str:
        """The label drawn beside node ``node`` (an index into the parent list now)."""
        return self._labels[node]

    def _reset_board(self) -> None:
        self._forest = self._start
        # Labels are the nodes' numbers in the starting forest, as cgteach.draw numbers them.
        self._labels = [str(i) for i in range(len(self._start))]
        with self.hold_trait_notifications():  # checked together, as one forest
            self.parents = list(self._start.parents)
            self.coords = [list(p) for p in self._start_coords]
            self.node_labels = list(self._labels)
            self.hint_node = -1

    def take(self, node) -> None:
        """The student deletes ``node`` and its path to the root; the computer answers."""
        if self._refuse_if_over():
            return
        node = self._node(node)
        name = self._labels[node]
        with self.hold_sync():
            self.hint_node = -1
            fallen = self._apply(node, "student")
            self.fallen = fallen
            self.turn = "computer"
            path = "1 node" if len(fallen) == 1 else f"{len(fallen)} nodes"
            self.log = self.log + [f"You took node {name} ({path})"]
            said = f"You took node {name} ({path})."
            if self._can_move("computer"):
                said += " " + self._computer_move(fallen)
            self.message = said
            self._after_move()

    def _computer_move(self, fallen=()) -> str:
        good = self._forest.winning_moves() if self.computer == "perfect" else []
        choice = self._rng.choice(good or range(len(self._forest)))
        name = self._labels[choice]
        taken = self._apply(choice, "computer")
        self.fallen = list(fallen) + taken
        self.turn = "student"
        path = "1 node" if len(taken) == 1 else f"{len(taken)} nodes"
        self.log = self.log + [f"Computer took node {name} ({path})"]
        return f"The computer took node {name} ({path})."

    def _apply(self, node, who) -> list[dict]:
        old = self.coords
        after, kept = self._forest.delete_with_map(node)
        gone = sorted(set(range(len(self._forest))) - set(kept))
        pictures = [{"x": old[i][0], "y": old[i][1], "by": who, "chosen": i == node,
                     "label": self._labels[i]} for i in gone]
        self._forest = after
        self._labels = [self._labels[i] for i in kept]
        with self.hold_trait_notifications():  # checked together, as one forest
            self.parents = list(after.parents)
            self.coords = [old[i] for i in kept]
            self.node_labels = list(self._labels)
        return pictures

    def _turn_text(self) -> str:
        return "Your turn: click a node; it goes, with its whole path down to the root."

    def show_hint(self) -> None:
        """Mark a winning node on the board, or say there is none."""
        if self._refuse_if_over():
            return
        winning = self.hint()
        if winning:
            self.hint_node = winning[0]
            self.message = (f"Hint: take node {self._labels[winning[0]]} (ringed); it leaves "
                            "a forest of value 0 for the computer.")
        else:
            self.hint_node = -1
            self.message = ("Hint: the forest has value 0, so no move wins against "
                            "perfect play. Make it hard for the computer!")

    def _on_take(self, node):
        self.take(node)
