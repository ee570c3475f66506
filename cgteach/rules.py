"""Your own game in a few lines: define its moves, get its values (the kit of lesson 12).

Every engine of cgteach is written for its own rulesets; this module points them at
a game of *yours*.  Subclass one of two small classes and say what the moves are:

* :class:`ImpartialRules` -- define ``options(self, position)``: the positions one
  move away (both players have the same moves);
* :class:`PartizanRules` -- define ``left(self, position)`` and
  ``right(self, position)``: Left's and Right's moves.

A position is any hashable value (an ``int``, a tuple, a ``frozenset`` ...).
Three optional methods make the search faster and the answers prettier:

* ``split(self, position)`` -- the independent components of a position (a sum:
  the regions of a Domineering board, the heaps of a row of pins); the value of
  the position is the sum of their values;
* ``key(self, position)`` -- a canonical representative of the position under the
  game's symmetries (the mirror image of a board): positions with the same key
  must have the same value;
* ``show(self, position)`` -- text (or a picture) for tables and widgets.

An instance answers :meth:`~PartizanRules.value` (a canonical
:class:`cgteach.games.Game`; a nimber for impartial rules), ``grundy`` (impartial),
``outcome`` (``"L"``, ``"R"``, ``"P"``, ``"N"``), ``winning_moves``, ``values`` (a
table, also over a family of positions with its period), ``temperature``,
``thermograph``, ``atomic_weight``, ``state_graph``, ``draw_state_graph``,
``draw_game_tree`` and ``verify`` (checks ``split`` and ``key`` against the plain
search).  The values come from the engines of the package: canonical forms from
:mod:`cgteach.games`, Grundy values from :mod:`cgteach.impartial`.

Cutcake (*Winning Ways*, chapter 2): Left cuts a rectangle along a vertical line,
Right along a horizontal one; the pieces are played side by side.

>>> class Cutcake(PartizanRules):              # a position: a tuple of (height, width)
...     def left(self, cakes):                  # cut one cake into two narrower ones
...         return [cakes[:i] + ((h, a), (h, w - a)) + cakes[i + 1:]
...                 for i, (h, w) in enumerate(cakes) for a in range(1, w)]
...     def right(self, cakes):                 # cut one cake into two lower ones
...         return [cakes[:i] + ((a, w), (h - a, w)) + cakes[i + 1:]
...                 for i, (h, w) in enumerate(cakes) for a in range(1, h)]
...     def split(self, cakes):                 # the cakes are played side by side
...         return [(cake,) for cake in cakes]
>>> cutcake = Cutcake()
>>> cutcake.value(((1, 4),)), cutcake.value(((2, 4),)), cutcake.outcome(((3, 3),))
(parse('3'), parse('1'), 'P')
>>> print(cutcake.values(lambda w: ((1, w),), range(1, 8)).period())
Period(preperiod=1, period=1, saltus=1)

``options``, ``left`` and ``right`` must answer for *every* position they lead to,
sums included: ``split`` and ``key`` only make the search faster, and
:meth:`~PartizanRules.verify` compares with the plain search that uses neither.
``split`` should give the smallest components (a component is valued whole: it is
not split again, but the positions its moves lead to are).  Values are remembered
in the instance, by key, so a second question is quick; ``clear_cache()`` forgets
them (after changing an instance's rules).

**Work budget.**  A game's size is not known before the search, so the kit watches
its own work: a search that runs over the budget in force (about a minute of CPU
time by default; ``budget=`` on a call or ``with cgteach.budget(seconds=...)``, as
everywhere in cgteach) stops with :class:`cgteach._budget.BudgetError` (a
``ValueError``) saying how many positions it explored, how many of the first
moves it had valued and, from that share, about how long the whole search would
take, and how to raise the budget.  Work that takes more than a second or two
shows a progress bar.  Ctrl-C (a notebook's interrupt) stops it too; only finished
values are remembered, so the next call gives the same answers as a fresh instance
(and goes on from the values already found).

Everything a user can get wrong is answered by an error naming the position:
an unhashable position, an option that is not a position, a position reachable
from itself (the cycle is shown: a loopy game is not a short game), a search over
the work budget (:func:`cgteach.budget`), an exception in your own function
(chained, its message starts with your function's name), a ``split`` or ``key``
that is wrong (:meth:`~PartizanRules.verify`).
"""

from __future__ import annotations

import numbers as _numbers
import time
from collections.abc import Hashable, Iterable, Iterator
from contextlib import ExitStack
from fractions import Fraction

from cgteach._budget import (
    _UNSET,
    BudgetError,
    _suggest,
    budget_seconds,
    describe_seconds,
    progress,
)
from cgteach._validate import show as _show

__all__ = [
    "ImpartialRules",
    "PartizanRules",
    "RulesError",
    "ValueTable",
    "Period",
    "Verdict",
    "MAX_SHOW",
    "MAX_ROWS",
]

#: How many moves of a cycle an error message shows.
MAX_SHOW = 8
#: The most rows :meth:`PartizanRules.values` makes.
MAX_ROWS = 100_000
#: How often (in new positions) a search looks at the clock.
_CHECK_EVERY = 256


class RulesError(ValueError):
    """Your own function (``options``, ``left``, ``right``, ``split``, ``key``) raised.

    The message starts with the function's name and the position it was given; the
    original exception is chained (``__cause__``), so its traceback shows your line.
    """


def _where(position) -> str:
    return _show(position, 120)


# -- one search ------------------------------------------------------------------


class _Run:
    """The clock, counter and progress bar of one top-level call (budget and Ctrl-C)."""

    def __init__(self, what: str, budget):
        self.what = what
        self.allowed = budget_seconds(budget)
        self.start = time.process_time()
        self.count = 0
        self.bar = None
        self.stack = ExitStack()
        # () -> (moves finished, moves) at the top of the search in progress, or None
        self.share = None

    def tick(self):
        self.count += 1
        if self.count % _CHECK_EVERY:
            return
        spent = time.process_time() - self.start
        if self.bar is None and spent >= 1.0:
            self.bar = self.stack.enter_context(progress(None, self.what, 2.0))
        if self.bar is not None:
            self.bar.update(_CHECK_EVERY)
            done, total = self.share() if self.share else (0, 0)
            if total:
                self.bar.set_postfix_str(f"{done} of {total} first moves valued",
                                         refresh=False)
        if spent > self.allowed:
            raise self._refusal(spent)

    def _refusal(self, spent: float) -> BudgetError:
        done, total = self.share() if self.share else (0, 0)
        if done and total:
            estimate = spent * total / done
            guess = (f"; it has valued {done} of the {total} moves from the position it "
                     f"is searching, so the whole search would take about "
                     f"{describe_seconds(estimate)} (estimated from that share)")
        elif total:
            estimate = spent * 2
            guess = (f"; it has not finished the first of the {total} moves from the "
                     "position it is searching, so the whole search would take much longer")
        else:
            estimate = spent * 2
            guess = ""
        suggestion = _suggest(max(estimate, self.allowed * (2 if done else 10)))
        return BudgetError(
            f"{self.what} has explored {self.count} positions in {describe_seconds(spent)} "
            f"of work and is not finished, over the budget of "
            f"{describe_seconds(self.allowed)}{guess}. The values found so far are kept, so "
            f"a second call goes on from there. To wait longer, raise the budget: pass "
            f"budget={suggestion} to the call, or run it inside "
            f"`with cgteach.budget(seconds={suggestion}):` (budget=None means no limit)",
            estimate,
            self.allowed,
        )

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stack.close()
        return False


class _Rules:
    """What both kinds of rules share: calling your functions safely, caches, tables."""

    _impartial = False

    # -- the optional methods (overridden by the student) --------------------------
    def split(self, position):
        """The independent components of ``position`` (default: the position alone)."""
        return (position,)

    def key(self, position):
        """A canonical representative of ``position`` (default: the position itself)."""
        return position

    def show(self, position):
        """Text (or a picture) for ``position`` in tables and widgets (default: ``str``)."""
        return str(position)

    # -- plumbing -------------------------------------------------------------------
    def _has(self, name: str) -> bool:
        return getattr(type(self), name, None) is not getattr(_Rules, name)

    def _caches(self) -> dict:
        store = self.__dict__  # every instance has one: this base class has no __slots__
        caches = store.get("_cgteach_caches")
        if caches is None:
            caches = store["_cgteach_caches"] = {}
        return caches

    def _cache(self, name: str) -> dict:
        return self._caches().setdefault(name, {})

    def clear_cache(self) -> None:
        """Forget every value found so far (after changing the rules of an instance)."""
        self._caches().clear()

    def _name(self, method: str) -> str:
        return f"{type(self).__name__}.{method}"

    def _call(self, method: str, position, plain: bool = False):
        """``self.method(position)`` as a list of positions, every mistake named."""
        name = self._name(method)
        try:
            result = getattr(self, method)(position)
            if result is None:
                raise TypeError(
                    f"{name}({_where(position)}) returned None; it must return a list (or "
                    "yield) the positions, [] when there are none (did you forget `return`?)"
                )
            if isinstance(result, (str, bytes, dict)) or not isinstance(result, Iterable):
                raise TypeError(
                    f"{name}({_where(position)}) returned {_show(result)}, which is not a "
                    "list of positions; return a list (or yield) the positions"
                )
            out = list(result)
        except (TypeError, RulesError) as err:
            if str(err).startswith(name):
                raise
            raise RulesError(
                f"{name}({_where(position)}) raised {type(err).__name__}: {_clip(err)}"
                " -- the error is in your function (see the traceback above)"
            ) from err
        except (KeyboardInterrupt, BudgetError):
            raise
        except Exception as err:
            raise RulesError(
                f"{name}({_where(position)}) raised {type(err).__name__}: {_clip(err)}"
                " -- the error is in your function (see the traceback above)"
            ) from err
        for child in out:
            try:
                hash(child)
                fine = child is not None and (type(child) in _PLAIN
                                              or not isinstance(child, Iterator))
            except TypeError:
                fine = False
            if not fine:
                _check_position(child, f"{name}({_where(position)}) gave")
        return out

    def _key(self, position, plain: bool = False):
        if plain or not self._has("key"):
            return position
        name = self._name("key")
        try:
            rep = self.key(position)
        except (KeyboardInterrupt, BudgetError):
            raise
        except Exception as err:
            raise RulesError(
                f"{name}({_where(position)}) raised {type(err).__name__}: {_clip(err)}"
                " -- the error is in your function (see the traceback above)"
            ) from err
        try:
            hash(rep)
            fine = rep is not None and (type(rep) in _PLAIN or not isinstance(rep, Iterator))
        except TypeError:
            fine = False
        if not fine:
            _check_position(rep, f"{name}({_where(position)}) gave")
        return rep

    def _parts(self, position, plain: bool = False) -> tuple:
        """The representatives of the components of ``position`` (remembered)."""
        if plain:
            return (position,)
        known = self._cache("parts")
        parts = known.get(position)
        if parts is None:
            comps = self._call("split", position) if self._has("split") else (position,)
            parts = tuple(self._key(c) for c in comps)
            known[position] = parts
        return parts

    # -- the table ----------------------------------------------------------------
    def values(self, positions, sizes=None, *, budget=_UNSET):
        """A :class:`ValueTable` of the values of ``positions`` (an iterable of positions).

        ``values(family, sizes)`` values ``family(n)`` for each ``n`` of ``sizes``
        (``range(1, 20)``): the table's labels are the sizes and it looks for a period.
        One budget covers the whole table; at most :data:`MAX_ROWS` rows.
        """
        family = sizes is not None
        if not family:
            if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
                if callable(positions):
                    raise TypeError(
                        "values(family, sizes) needs the sizes too, such as range(1, 20)")
                raise TypeError(
                    f"values() takes an iterable of positions, got {_show(positions)}")
            items = positions
        else:
            if not callable(positions):
                raise TypeError(
                    f"values(family, sizes): family must be a function size -> position, got "
                    f"{_show(positions)}")
            if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
                raise TypeError(f"values(family, sizes): sizes must be an iterable such as "
                                f"range(1, 20), got {_show(sizes)}")
            items = sizes
        name = getattr(positions, "__name__", "family")
        rows = []
        with _Run(f"valuing a table of {type(self).__name__} positions", budget) as run:
            for item in items:
                if len(rows) >= MAX_ROWS:
                    raise ValueError(f"values() makes tables of at most {MAX_ROWS} rows "
                                     "(cgteach.rules.MAX_ROWS); ask for fewer")
                if family:
                    try:
                        p = positions(item)
                    except (KeyboardInterrupt, BudgetError):
                        raise
                    except Exception as err:
                        raise RulesError(
                            f"{name}({_show(item)}) raised {type(err).__name__}: {_clip(err)}"
                            " -- the error is in your function (see the traceback above)"
                        ) from err
                    _check_position(p, f"{name}({_show(item)}) gave")
                    label = item
                else:
                    p = item
                    _check_position(p, "values() was given")
                    label = self._label(p)
                run.tick()
                rows.append((label, p, self._table_value(p, run)))
        return ValueTable(rows, impartial=self._impartial, family=family)

    def _label(self, p):
        if self._has("show"):
            try:
                text = self.show(p)
            except Exception:  # a picture-only show, or a broken one: the plain text
                text = None
            if isinstance(text, str):
                return text
        return str(p)




def _clip(err, width: int = 200) -> str:
    text = str(err)
    return text if len(text) <= width else text[: width - 1] + "…"

_NOTHING = object()
#: Types whose values are never iterators (the quick check of an option).
_PLAIN = frozenset({int, str, tuple, frozenset, bytes, float, bool, Fraction})


def _check_position(p, where: str) -> None:
    if p is None:
        raise TypeError(f"{where} None as a position; a position is a value such as 3 or (2, 3)"
                        " (a function that changes a list and returns nothing gives None)")
    if isinstance(p, Iterator):
        raise TypeError(f"{where} {_show(p)}, an iterator, as a position; positions must be "
                        "values (make a tuple of it)")
    if not isinstance(p, Hashable):
        raise TypeError(f"{where} {_show(p)}, which is not hashable, as a position; use "
                        "immutable positions (tuples instead of lists, frozensets instead of "
                        "sets)")
    try:
        hash(p)
    except TypeError as err:
        raise TypeError(f"{where} {_show(p)}, which is not hashable ({err}), as a position; "
                        "use immutable positions (tuples instead of lists, frozensets instead "
                        "of sets)") from None


def _cycle_text(cycle: list) -> str:
    if len(cycle) > MAX_SHOW + 1:
        shown = [_show(p, 40) for p in cycle[:MAX_SHOW]] + [f"... ({len(cycle) - 1} moves)"]
    else:
        shown = [_show(p, 40) for p in cycle]
    return " → ".join(shown)


def _loop_error(cycle: list) -> ValueError:
    return ValueError(
        f"the position {_show(cycle[0], 80)} can be reached from itself: "
        f"{_cycle_text(cycle)}. A game with a loop is not a short game (play might never "
        "end), so it has no value here; change the rules so that every play ends")


# -- partizan -----------------------------------------------------------------------


class PartizanRules(_Rules):
    """A partizan game defined by its moves: subclass it, define ``left`` and ``right``.

    ``left(self, position)`` and ``right(self, position)`` return (or yield) the
    positions Left and Right can move to; optional ``split``, ``key`` and ``show`` are
    described in the module's docstring.  Values are cached in the instance
    (:meth:`clear_cache` forgets them).
    """

    def left(self, position):
        """Left's moves from ``position`` (define it in your subclass)."""
        raise NotImplementedError(
            f"{type(self).__name__} must define left(self, position): Left's moves")

    def right(self, position):
        """Right's moves from ``position`` (define it in your subclass)."""
        raise NotImplementedError(
            f"{type(self).__name__} must define right(self, position): Right's moves")

    def _sides(self):
        return ("left", "right")

    # -- the search -----------------------------------------------------------------
    def _value(self, position, run: _Run, plain: bool = False):
        """The canonical value of ``position`` (sum of its parts)."""
        from cgteach.games import ZERO, _deep, total

        cache = self._cache("plain" if plain else "value")
        parts = self._parts(position, plain)
        for rep in parts:
            if rep not in cache:
                _deep(self._search)(rep, cache, run, plain)
        if not parts:
            return ZERO
        if len(parts) == 1:
            return cache[parts[0]]
        return _deep(total)([cache[r] for r in parts])

    def _search(self, start, cache: dict, run: _Run, plain: bool) -> None:
        from cgteach.games import ZERO, _canonical, total

        def frame(rep):
            moves = []
            for side in self._sides():
                for child in self._call(side, rep):
                    moves.append((side, self._parts(child, plain)))
            run.tick()
            return [rep, moves, 0, [], []]

        sums = self._cache("plain sums" if plain else "sums")  # parts -> their sum
        stack = [frame(start)]
        on_stack = {start: 0}
        root = stack[0]
        run.share = lambda: (root[2], len(root[1]))
        while stack:
            top = stack[-1]
            rep, moves = top[0], top[1]
            pushed = False
            while top[2] < len(moves):
                side, parts = moves[top[2]]
                missing = next((r for r in parts if r not in cache), _NOTHING)
                if missing is not _NOTHING:
                    if missing in on_stack:
                        path = [f[0] for f in stack[on_stack[missing]:]] + [missing]
                        raise _loop_error(path)
                    on_stack[missing] = len(stack)
                    stack.append(frame(missing))
                    pushed = True
                    break
                if not parts:
                    v = ZERO
                elif len(parts) == 1:
                    v = cache[parts[0]]
                else:
                    v = sums.get(parts)
                    if v is None:
                        v = sums[parts] = total([cache[r] for r in parts])
                (top[3] if side == "left" else top[4]).append(v)
                top[2] += 1
            if pushed:
                continue
            stack.pop()
            del on_stack[rep]
            cache[rep] = _canonical(top[3], top[4])

    # -- the answers --------------------------------------------------------------
    def value(self, position, *, budget=_UNSET):
        """The value of ``position``: a :class:`cgteach.games.Game` in canonical form."""
        _check_position(position, f"{type(self).__name__}.value() was given")
        with _Run(f"valuing {_show(position, 40)}", budget) as run:
            return self._value(position, run)

    def _table_value(self, position, run):
        return self._value(position, run)

    def outcome(self, position, *, budget=_UNSET) -> str:
        """Who wins: ``"L"`` (Left, whoever starts), ``"R"``, ``"P"`` (the second
        player) or ``"N"`` (the first player)."""
        return self.value(position, budget=budget).outcome()

    def _options_of(self, position, player: str) -> list:
        return self._call("left" if player == "L" else "right", position)

    def moves(self, position, player) -> list:
        """The positions ``player`` (``"L"`` or ``"R"``) can move to from ``position``,
        checked as every search checks them (for widgets and for exploring by hand)."""
        side = _player(player)
        _check_position(position, f"{type(self).__name__}.moves() was given")
        return self._options_of(position, side)

    def winning_moves(self, position, player, *, budget=_UNSET) -> list:
        """The moves of ``player`` (``"L"`` or ``"R"``) from ``position`` that win,
        moving first: Left's moves to a position ``>= 0``, Right's to one ``<= 0``."""
        side = _player(player)
        _check_position(position, f"{type(self).__name__}.winning_moves() was given")
        out = []
        with _Run(f"valuing the moves from {_show(position, 40)}", budget) as run:
            for child in self._options_of(position, side):
                v = self._value(child, run)
                if (v >= 0) if side == "L" else (v <= 0):
                    out.append(child)
        return out

    def temperature(self, position, *, budget=_UNSET) -> Fraction:
        """The temperature of the position's value (:mod:`cgteach.games.temperature`)."""
        from cgteach.games.temperature import temperature

        return temperature(self.value(position, budget=budget))

    def thermograph(self, position, *, budget=_UNSET):
        """The thermograph of the position's value (a picture in a notebook)."""
        from cgteach.games.temperature import thermograph

        return thermograph(self.value(position, budget=budget))

    def atomic_weight(self, position, *, budget=_UNSET):
        """The atomic weight of the position's value, when it is all-small."""
        from cgteach.games.cold import atomic_weight, is_all_small

        g = self.value(position, budget=budget)
        if not is_all_small(g):
            raise ValueError(
                f"the value of {_show(position, 80)} is {_show(str(g), 80)}, which is not "
                "all-small (a player can move where the other cannot), so it has no atomic "
                "weight")
        return atomic_weight(g)

    # -- verify -------------------------------------------------------------------
    def verify(self, position, *, max_positions: int = 2000, budget=_UNSET) -> Verdict:
        """Check ``split`` and ``key`` against the plain search (neither used).

        Every position reachable from ``position`` (at most ``max_positions``) is
        valued twice, with your ``split`` and ``key`` and without them; the answer
        lists where they differ (a :class:`Verdict`, true when all agree).
        """
        _check_position(position, f"{type(self).__name__}.verify() was given")
        from cgteach._validate import as_count

        limit = as_count(max_positions, "max_positions")
        seen = self._followers(position, limit)
        problems = []
        with _Run(f"verifying {_show(position, 40)}", budget) as run:
            for p in seen:
                plain = self._value(p, run, plain=True)
                fast = self._value(p, run)
                if plain != fast:
                    problems.append(self._diagnose(p, plain, fast, run))
        return Verdict(len(seen), problems, self._has("split"), self._has("key"))

    def _followers(self, position, limit: int) -> list:
        seen = {position: None}
        todo = [position]
        while todo:
            p = todo.pop()
            for side in self._sides():
                for child in self._call(side, p):
                    if child not in seen:
                        if len(seen) >= limit:
                            raise ValueError(
                                f"verify() checks at most max_positions={limit} positions and "
                                f"{_show(position, 80)} has more followers; verify a smaller "
                                "position or pass a larger max_positions")
                        seen[child] = None
                        todo.append(child)
        return list(seen)

    def _diagnose(self, p, plain, fast, run) -> str:
        if self._has("split"):
            comps = self._call("split", p)
            parts = [self._value(c, run, plain=True) for c in comps]
            whole = self._sum(parts)
            if whole != plain:
                return (f"split({_show(p, 60)}) gives {_show(comps, 80)}, whose values add up "
                        f"to {whole}, but the position itself is worth {plain}: these parts "
                        "are not independent components of it")
            for c in comps:
                rep = self._key(c)
                if self._value(rep, run, plain=True) != self._value(c, run, plain=True):
                    return (f"key({_show(c, 60)}) is {_show(rep, 60)}, worth "
                            f"{self._value(rep, run, plain=True)}, but {_show(c, 60)} is worth "
                            f"{self._value(c, run, plain=True)}: positions with one key must "
                            "have one value")
        rep = self._key(p)
        if rep != p:
            a, b = self._value(rep, run, plain=True), plain
            if a != b:
                return (f"key({_show(p, 60)}) is {_show(rep, 60)}, worth {a}, but "
                        f"{_show(p, 60)} is worth {b}: positions with one key must have one "
                        "value")
        return (f"{_show(p, 60)} is worth {plain} by the plain search but {fast} with split "
                "and key (a wrong split or key further down the game)")

    def _sum(self, values):
        from cgteach.games import total

        return total(values)

    # -- graphs and pictures ------------------------------------------------------
    def state_graph(self, position, *, max_nodes: int = 200, budget=_UNSET):
        """The positions reachable from ``position`` as a ``networkx.DiGraph``.

        Each edge carries ``"player"`` (``"L"``, ``"R"`` or ``"LR"``), each node
        ``"value"`` and ``"outcome"``.
        """
        import networkx as nx

        from cgteach._validate import as_count

        _check_position(position, f"{type(self).__name__}.state_graph() was given")
        limit = as_count(max_nodes, "max_nodes")
        G = nx.DiGraph()
        G.add_node(position)
        todo = [position]
        while todo:
            p = todo.pop()
            for side, letter in zip(self._sides(), ("LR",) if self._impartial else "LR",
                                     strict=False):
                for child in self._call(side, p):
                    if child not in G:
                        if G.number_of_nodes() >= limit:
                            raise ValueError(
                                f"the game from {_show(position, 80)} has more than "
                                f"{limit} positions; start smaller or pass a larger max_nodes")
                        G.add_node(child)
                        todo.append(child)
                    if G.has_edge(p, child):
                        old = G.edges[p, child]["player"]
                        if letter not in old:
                            G.edges[p, child]["player"] = old + letter
                    else:
                        G.add_edge(p, child, player=letter)
        with _Run(f"valuing the positions from {_show(position, 40)}", budget) as run:
            for node in G.nodes:
                self._annotate(G, node, run)
        return G

    def _annotate(self, G, node, run):
        v = self._value(node, run)
        G.nodes[node]["value"] = v
        G.nodes[node]["outcome"] = v.outcome()
        # the drawing fills P-positions and writes a node's number: 0 for P, 1 otherwise
        G.nodes[node]["grundy"] = 0 if v.outcome() == "P" else 1

    def draw_state_graph(self, position, ax=None, *, max_nodes: int = 40, title=None):
        """Draw the state graph from ``position`` (positions in the nodes, P-positions
        filled), with the package's drawing of state graphs.  Returns the Axes."""
        from cgteach._pictures import drawer

        G = self.state_graph(position, max_nodes=max_nodes)
        return drawer("state_graph.draw")(G, ax=ax, show="position", title=title)

    def draw_game_tree(self, position, ax=None, *, title=None):
        """Draw the canonical game tree of the position's value.  Returns the Axes."""
        from cgteach._pictures import drawer

        return drawer("game_tree.draw")(self.value(position), ax=ax, title=title)


# -- impartial ------------------------------------------------------------------------


class ImpartialRules(PartizanRules):
    """An impartial game defined by its moves: subclass it and define ``options``.

    ``options(self, position)`` returns (or yields) the positions one move away; the
    optional ``split``, ``key`` and ``show`` are as for :class:`PartizanRules`.
    Values are nimbers; :meth:`grundy` gives the number ``n`` of ``*n``.
    """

    _impartial = True

    def options(self, position):
        """The moves from ``position`` (define it in your subclass)."""
        raise NotImplementedError(
            f"{type(self).__name__} must define options(self, position): the moves")

    def left(self, position):
        return self.options(position)

    def right(self, position):
        return self.options(position)

    def _sides(self):
        return ("options",)

    def _options_of(self, position, player):
        return self._call("options", position)

    def _grundy(self, position, run: _Run, plain: bool = False) -> int:
        from cgteach.impartial import Sum, grundy

        cache = self._cache("plain" if plain else "grundy")

        top = {"rep": None, "moves": None}  # the first moves, for estimates

        def options(rep):
            run.tick()
            out = []
            for child in self._call("options", rep):
                parts = self._parts(child, plain)
                out.append(parts[0] if len(parts) == 1 and not isinstance(parts[0], Sum)
                           else Sum(parts))
            if top["moves"] is None and rep == top["rep"]:
                top["moves"] = out
            return out

        def share():
            moves = top["moves"] or ()
            done = sum(all(r in cache for r in (m if isinstance(m, Sum) else (m,)))
                       for m in moves)
            return done, len(moves)

        run.share = share

        parts = self._parts(position, plain)
        value = 0
        for rep in parts:
            top.update(rep=rep, moves=None)
            try:
                value ^= grundy(rep, options, cache=cache, max_positions=None)
            except ValueError as err:
                if "lead back" not in str(err) or isinstance(err, RulesError):
                    raise
                raise _loop_error(self._find_cycle(rep, plain)) from None
        return value

    def _find_cycle(self, start, plain: bool) -> list:
        """A cycle of moves among the representatives reachable from ``start``."""
        done = set()
        stack = [(start, iter(self._children(start, plain)))]
        on_stack = {start: 0}
        while stack:
            rep, it = stack[-1]
            for child in it:
                if child in on_stack:
                    return [r for r, _ in stack[on_stack[child]:]] + [child]
                if child not in done:
                    on_stack[child] = len(stack)
                    stack.append((child, iter(self._children(child, plain))))
                    break
            else:
                stack.pop()
                del on_stack[rep]
                done.add(rep)
        return [start, start]  # pragma: no cover - grundy saw a cycle

    def _children(self, rep, plain):
        for child in self._call("options", rep):
            yield from self._parts(child, plain)

    def grundy(self, position, *, budget=_UNSET) -> int:
        """The Grundy value of ``position`` (the ``n`` of the nimber ``*n``)."""
        _check_position(position, f"{type(self).__name__}.grundy() was given")
        with _Run(f"valuing {_show(position, 40)}", budget) as run:
            return self._grundy(position, run)

    def value(self, position, *, budget=_UNSET):
        """The value of ``position``: the nimber ``*n``, a :class:`cgteach.games.Game`."""
        from cgteach.games import nimber

        return nimber(self.grundy(position, budget=budget))

    def _value(self, position, run, plain=False):
        from cgteach.games import nimber

        return nimber(self._grundy(position, run, plain))

    def _table_value(self, position, run):
        return self._grundy(position, run)

    def outcome(self, position, *, budget=_UNSET) -> str:
        """``"P"`` (the second player wins: Grundy value 0) or ``"N"`` (the first)."""
        return "P" if self.grundy(position, budget=budget) == 0 else "N"

    def moves(self, position, player=None) -> list:
        """The positions one move away from ``position`` (``player`` is not needed),
        checked as every search checks them."""
        if player is not None:
            _player(player)
        _check_position(position, f"{type(self).__name__}.moves() was given")
        return self._call("options", position)

    def winning_moves(self, position, player=None, *, budget=_UNSET) -> list:
        """The moves from ``position`` to a position of Grundy value 0 (``player`` is
        not needed: both players have the same moves)."""
        if player is not None:
            _player(player)
        _check_position(position, f"{type(self).__name__}.winning_moves() was given")
        with _Run(f"valuing the moves from {_show(position, 40)}", budget) as run:
            return [c for c in self._call("options", position) if self._grundy(c, run) == 0]

    def temperature(self, position, *, budget=_UNSET) -> Fraction:
        from cgteach.games.temperature import temperature

        return temperature(self.value(position, budget=budget))

    def atomic_weight(self, position, *, budget=_UNSET):
        from cgteach.games.cold import atomic_weight

        return atomic_weight(self.value(position, budget=budget))

    def _annotate(self, G, node, run):
        g = self._grundy(node, run)
        G.nodes[node]["grundy"] = g
        G.nodes[node]["value"] = _nimber(g)
        G.nodes[node]["outcome"] = "P" if g == 0 else "N"

    def draw_state_graph(self, position, ax=None, *, max_nodes: int = 40, title=None,
                         show: str = "both"):
        """Draw the state graph from ``position`` (Grundy values in the nodes, positions
        beside them) with the package's drawing of state graphs.  Returns the Axes."""
        from cgteach._pictures import drawer

        G = self.state_graph(position, max_nodes=max_nodes)
        return drawer("state_graph.draw")(G, ax=ax, show=show, title=title)

    def _sum(self, values):
        from cgteach.games import total

        return total(values)


def _nimber(g: int):
    from cgteach.games import nimber

    return nimber(g)


def _player(player) -> str:
    if isinstance(player, str):
        p = player.strip().lower()
        if p in ("l", "left", "blue"):
            return "L"
        if p in ("r", "right", "red"):
            return "R"
    raise ValueError(f"player must be 'L' (Left) or 'R' (Right), got {_show(player)}")


# -- results ----------------------------------------------------------------------------


class Verdict:
    """What :meth:`PartizanRules.verify` found: true when ``split`` and ``key`` agree
    with the plain search on every position checked.

    ``checked`` (how many positions), ``problems`` (a sentence for each position where
    they differ), ``ok``.
    """

    def __init__(self, checked: int, problems: list, split: bool, key: bool):
        self.checked = checked
        self.problems = list(problems)
        self._what = " and ".join(n for n, used in (("split", split), ("key", key)) if used)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __bool__(self):
        return self.ok

    def __str__(self):
        what = self._what or "the search (no split or key defined)"
        if self.ok:
            verb = "agrees" if self._what in ("split", "key") else "agree"
            return (f"verified: {what} {verb} with the plain search on all {self.checked} "
                    "positions checked")
        verb = "disagrees" if self._what in ("split", "key") else "disagree"
        head = (f"NOT verified: {what} {verb} with the plain search on "
                f"{len(self.problems)} of {self.checked} positions; the first:")
        return "\n".join([head] + [f"- {p}" for p in self.problems[:3]])

    def __repr__(self):
        return str(self)


class Period:
    """Values that repeat: ``value(n + period) == value(n) + saltus`` from ``preperiod``
    on, over the table (evidence, not a proof: a proof needs a theorem such as
    Guy–Smith's for octal games)."""

    def __init__(self, preperiod: int, period: int, saltus=0):
        self.preperiod = preperiod
        self.period = period
        self.saltus = saltus

    def __iter__(self):
        return iter((self.preperiod, self.period))

    def __eq__(self, other):
        if isinstance(other, Period):
            return (self.preperiod, self.period, self.saltus) == (
                other.preperiod, other.period, other.saltus)
        if isinstance(other, tuple):
            return tuple(self) == other and not self.saltus
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        extra = f", saltus={self.saltus}" if self.saltus else ""
        return f"Period(preperiod={self.preperiod}, period={self.period}{extra})"


class ValueTable:
    """A table of values: ``rows`` of ``(label, position, value)``.

    ``values`` is the list of values (Grundy values for impartial rules, canonical
    games otherwise); :meth:`period` looks for a repeating pattern (integers or
    nimbers); :meth:`to_text` and :meth:`to_csv` export it.
    """

    def __init__(self, rows, *, impartial: bool, family: bool):
        if isinstance(rows, (str, bytes, dict)) or not isinstance(rows, Iterable):
            raise TypeError(f"a ValueTable is made of rows (label, position, value), got "
                            f"{_show(rows)}")
        self.rows = []
        for row in rows:
            if not isinstance(row, tuple) or len(row) != 3:
                raise TypeError(f"each row of a ValueTable is a tuple (label, position, value), "
                                f"got {_show(row)}")
            self.rows.append(row)
            if len(self.rows) > MAX_ROWS:
                raise ValueError(f"a ValueTable has at most {MAX_ROWS} rows")
        self.impartial = bool(impartial)
        self.family = bool(family)

    @property
    def values(self) -> list:
        return [v for _, _, v in self.rows]

    @property
    def labels(self) -> list:
        return [label for label, _, _ in self.rows]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    def _numbers(self):
        """The values as Python numbers (ints or Fractions), or None."""
        out = []
        for v in self.values:
            if isinstance(v, _numbers.Integral):
                out.append(int(v))
            elif hasattr(v, "is_number") and v.is_number():
                out.append(v.number_value())
            else:
                return None
        return out

    def period(self, min_repeats: int = 2):
        """The least ``(preperiod, period)`` (a :class:`Period`) seen in the table.

        For values that are nimbers (impartial rules) or integers: the values repeat,
        or repeat plus a constant, the *saltus* (*arithmetic periodicity*: for
        nimbers the Grundy number grows by the saltus, as in Lasker's Nim), over
        ``min_repeats + 1`` whole periods at least at the end of the table.  The
        preperiod is given as a label of the table (the size ``n`` where the pattern
        starts) for a family over sizes.  ``None`` when no period
        shows, or when the values are not integers or nimbers.
        """
        from cgteach._validate import as_count

        if as_count(min_repeats, "min_repeats") < 1:
            raise ValueError(f"min_repeats must be at least 1, got {min_repeats}")
        vals = self._numbers()
        if vals is None or not all(Fraction(x).denominator == 1 for x in vals):
            return None
        n = len(vals)
        # Nimbers: a plain period first, at any length; failing that, Grundy numbers
        # that climb by a constant each period (Lasker's Nim: +4 every 4), seen over
        # one period more than a plain one and half the table at least, so that a
        # short run is no pattern.  Integers (partizan rules) may climb from the start.
        for climbing in ((False, True) if self.impartial else (True,)):
            for p in range(1, n // (min_repeats + 1) + 1):
                s = vals[n - 1] - vals[n - 1 - p] if climbing else 0
                if self.impartial and climbing and not s:
                    continue
                e = n - p
                while e > 0 and vals[e - 1 + p] - vals[e - 1] == s:
                    e -= 1
                need = (min_repeats + 1) * p
                if self.impartial and climbing:
                    need = max(need + p, n // 2)
                if n - e >= need:
                    label = self.labels[e]
                    start = label if self.family and isinstance(label, int) else e
                    return Period(start, p, int(s))
        return None

    def _text_value(self, v):
        if self.impartial and isinstance(v, int):
            return "0" if v == 0 else ("*" if v == 1 else f"*{v}")
        return str(v)

    def to_text(self) -> str:
        """The table as aligned plain text (one row a line), with its period if any."""
        head = ("n" if self.family else "position", "value")
        rows = [(str(label), self._text_value(v)) for label, _, v in self.rows]
        w = max([len(head[0])] + [len(a) for a, _ in rows])
        lines = [f"{head[0]:<{w}}  {head[1]}"] + [f"{a:<{w}}  {b}" for a, b in rows]
        found = self.period() if self.family else None
        if found:
            lines.append(f"period {found.period} from {found.preperiod} on"
                         + (f", saltus {found.saltus}" if found.saltus else ""))
        return "\n".join(lines)

    def to_csv(self) -> str:
        """The table as CSV text: ``label,value`` lines under a header."""
        import csv
        import io

        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["n" if self.family else "position", "value"])
        for label, _, v in self.rows:
            w.writerow([str(label), self._text_value(v)])
        return out.getvalue()

    def __str__(self):
        return self.to_text()

    def __repr__(self):
        return f"<ValueTable of {len(self.rows)} values>\n{self.to_text()}"


