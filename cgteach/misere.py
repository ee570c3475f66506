"""Misère play of take-and-break (octal) games: outcomes, genus, tame and wild, quotients.

Under **misère play** whoever makes the last move *loses*.  For Nim that changes
almost nothing (Bouton), but for other games the normal-play theory of adding
Grundy values breaks down: ``*1 + *1`` and ``*0`` are equal under normal play,
yet a heap of ``*2`` added to each tells them apart under misère play.

This module offers, for an octal code (see :mod:`cgteach.rulesets.octal`):

* :func:`misere_outcome` — ``"P"`` or ``"N"`` for a sum of heaps, by memoised search;
* :func:`genus` — Conway's genus ``g^{γ0γ1…}`` of a sum of heaps (a :class:`Genus`);
* :func:`is_tame` — whether every heap up to a bound has a *tame* genus
  (the genus of a misère Nim position), with the first wild heap otherwise;
* :func:`misere_quotient` — the Plambeck–Siegel misère quotient of the game
  restricted to heaps of at most ``max_heap`` tokens (a :class:`MisereQuotient`);
* :func:`best_move` — a winning misère move read from the quotient.

>>> misere_outcome("0.77", [1, 1]), misere_outcome("0.77", [2, 2])
('N', 'P')
>>> str(genus("0.77", [])), str(genus("0.77", [1])), str(genus("0.77", [4]))
('0^120', '1^031', '1^031')
>>> q = misere_quotient("0.3333", 2)         # Nim with heaps of at most 2
>>> q.order, q.presentation()
(6, '⟨a, b | a² = 1, b³ = b⟩')
>>> sorted(q.p_portion)
['a', 'b²']
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from dataclasses import dataclass
from functools import cache, lru_cache

from cgteach._budget import _UNSET, BudgetError, refuse_if_over
from cgteach._pictures import drawer
from cgteach._validate import as_count, as_heaps, show
from cgteach.impartial import Sum
from cgteach.nimbers import _mex
from cgteach.rulesets.octal import options, parse_code

__all__ = [
    "misere_outcome",
    "Genus",
    "genus",
    "TameReport",
    "is_tame",
    "MisereQuotient",
    "misere_quotient",
    "BestMove",
    "best_move",
    "MAX_QUOTIENT_HEAP",
]

#: The largest ``max_heap`` accepted by :func:`misere_quotient` before any estimate.
MAX_QUOTIENT_HEAP = 200
#: The most heaps in one sum given to these functions.
MAX_HEAPS = 10_000
#: The largest heap given to these functions.
MAX_HEAP = 10_000


# ---------------------------------------------------------------------------
# Heaps, options
# ---------------------------------------------------------------------------


def _code(code):
    return parse_code(code).code


def _position(heaps, what="heaps") -> tuple[int, ...]:
    """A sum of heaps as a sorted tuple without empty heaps."""
    items = as_heaps(heaps, limit=MAX_HEAPS, size=MAX_HEAP)
    return tuple(sorted(h for h in items if h))


@cache
def _heap_options(code: str, heap: int) -> tuple[tuple[int, ...], ...]:
    """The options of one heap, each a sorted tuple of the non-empty heaps it leaves."""
    found = set()
    for opt in options(heap, code):
        parts = tuple(sorted(opt)) if isinstance(opt, Sum) else ((opt,) if opt else ())
        found.add(tuple(p for p in parts if p))
    return tuple(sorted(found))


def _merge(rest: tuple[int, ...], parts: tuple[int, ...]) -> tuple[int, ...]:
    if not parts:
        return rest
    return tuple(sorted(rest + parts))


# ---------------------------------------------------------------------------
# Outcomes by search
# ---------------------------------------------------------------------------

_OUTCOMES: dict[str, dict] = {}

# The number of partitions of k, for the estimate of a search's size.
_PARTITIONS = [1]


def _partitions_up_to(n: int) -> int:
    """How many sums of heaps hold at most ``n`` tokens in all (sum of p(k), k <= n)."""
    while len(_PARTITIONS) <= n:
        m = len(_PARTITIONS)
        # Euler's pentagonal recurrence
        total, k = 0, 1
        while True:
            g1 = k * (3 * k - 1) // 2
            if g1 > m:
                break
            sign = 1 if k % 2 else -1
            total += sign * _PARTITIONS[m - g1]
            g2 = k * (3 * k + 1) // 2
            if g2 <= m:
                total += sign * _PARTITIONS[m - g2]
            k += 1
        _PARTITIONS.append(total)
    return sum(_PARTITIONS[: n + 1])


#: Seconds per position of a search (measured on the 2-core machine, with margin).
_SECONDS_PER_POSITION = 4e-6


def _search_estimate(position: tuple[int, ...]) -> float:
    tokens = sum(position)
    if tokens > 400:
        return 1e15  # more sums than any budget can wait for
    return _partitions_up_to(tokens) * _SECONDS_PER_POSITION * max(1, len(position))


def misere_outcome(code, heaps, *, budget=_UNSET) -> str:
    """The misère outcome (``"P"`` or ``"N"``) of a sum of heaps of the octal game ``code``.

    A position is P when every move leads to an N position; the empty sum has
    no move, so under misère play the player to move has already won: ``"N"``.
    Found by a memoised search over sums of heaps (sorted tuples); a sum too
    big to search within the budget is refused at once.

    >>> misere_outcome("0.77", []), misere_outcome("0.77", [1]), misere_outcome("0.77", [3])
    ('N', 'P', 'N')
    >>> misere_outcome("0.333", [1, 1, 1])     # misère Nim (heaps up to 3): three singletons
    'P'
    """
    code = _code(code)
    position = _position(heaps)
    table = _OUTCOMES.setdefault(code, {})
    if position in table:
        return "P" if table[position] else "N"
    refuse_if_over(
        _search_estimate(position),
        f"searching the misère outcome of {show(list(position), 80)} in {code}",
        budget,
    )
    return "P" if _is_p(code, position, table) else "N"


def _is_p(code: str, position: tuple[int, ...], table: dict) -> bool:
    """Misère P-position? Iterative depth-first search (no recursion limit)."""
    if position in table:
        return table[position]
    stack = [position]
    while stack:
        pos = stack[-1]
        if pos in table:
            stack.pop()
            continue
        pending = None
        result = True
        has_move = False
        if pos:
            for i, h in enumerate(pos):
                if i and pos[i - 1] == h:
                    continue
                rest = pos[:i] + pos[i + 1 :]
                for parts in _heap_options(code, h):
                    has_move = True
                    child = _merge(rest, parts)
                    known = table.get(child)
                    if known is None:
                        pending = child
                        break
                    if known:
                        result = False
                        break
                if pending is not None or not result:
                    break
        if pending is not None:
            stack.append(pending)
            continue
        # With no move at all the player to move has already won (misère): N.
        table[pos] = result and has_move
        stack.pop()
    return table[position]


# ---------------------------------------------------------------------------
# Genus
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Genus:
    """Conway's genus ``g^{γ0γ1…}`` of a position.

    ``normal`` is ``g``, the normal-play Grundy value; ``misere`` is
    ``(γ0, γ1, …)`` where ``γk`` is the misère Grundy value of the position
    plus ``k`` nim heaps of size 2, cut as the books write it: the sequence
    ends with the first two values of the period-2 alternation it falls into.

    >>> g = Genus(4, (1, 4, 6))
    >>> str(g), g.latex()
    ('4^146', '4^{146}')
    """

    normal: int
    misere: tuple[int, ...]

    def _exponent(self, sep="") -> str:
        if any(v > 9 for v in self.misere):
            return ",".join(str(v) for v in self.misere)
        return sep.join(str(v) for v in self.misere)

    def __str__(self):
        return f"{self.normal}^{self._exponent()}"

    def latex(self) -> str:
        return f"{self.normal}^{{{self._exponent()}}}"

    def _repr_latex_(self):
        return f"${self.latex()}$"

    def _repr_html_(self):
        return f"{self.normal}<sup>{self._exponent()}</sup>"

    @property
    def is_tame(self) -> bool:
        """Whether this is the genus of a misère Nim position (fickle or firm)."""
        return _tame_name(self) is not None

    @property
    def name(self) -> str:
        """``"fickle"``, ``"firm"`` or ``"wild"`` (Winning Ways' words for the genera)."""
        return _tame_name(self) or "wild"


def _tame_name(g: Genus) -> str | None:
    if (g.normal, g.misere) in ((0, (1, 2, 0)), (1, (0, 3, 1))):
        return "fickle"
    if g.misere == (g.normal, g.normal ^ 2):
        return "firm"
    return None


def _misere_grundy_with_twos(code: str, position: tuple[int, ...], k: int, memo: dict) -> int:
    """The misère Grundy value of ``position + k·*2`` (nim heaps of 1 and 2 tracked apart).

    Misère Grundy values: the empty position has value 1, any other the mex of
    its options' values.  Iterative search over states (heaps, ones, twos).
    """
    start = (position, 0, k)
    stack = [start]
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        pos, ones, twos = state
        children = []
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1 :]
            for parts in _heap_options(code, h):
                children.append((_merge(rest, parts), ones, twos))
        if ones:
            children.append((pos, ones - 1, twos))
        if twos:
            children.append((pos, ones + 1, twos - 1))
            children.append((pos, ones, twos - 1))
        missing = [c for c in children if c not in memo]
        if missing:
            stack.extend(missing)
            continue
        memo[state] = _mex({memo[c] for c in children}) if children else 1
        stack.pop()
    return memo[start]


_GENUS_MEMO: dict[str, dict] = {}


def genus(code, heaps, *, budget=_UNSET) -> Genus:
    """The genus ``g^{γ0γ1…}`` of a sum of heaps of the octal game ``code``.

    >>> str(genus("0.77", [])), str(genus("0.77", [1])), str(genus("0.77", [2]))
    ('0^120', '1^031', '2^20')
    >>> [str(genus("0.07", [h])) for h in range(6)]
    ['0^120', '0^120', '1^031', '1^031', '2^20', '0^120']
    """
    code = _code(code)
    position = _position(heaps)
    refuse_if_over(
        _search_estimate(position) * 20,
        f"computing the genus of {show(list(position), 80)} in {code}",
        budget,
    )
    memo = _GENUS_MEMO.setdefault(code, {})
    values = []
    k = 0
    while True:
        values.append(_misere_grundy_with_twos(code, position, k, memo))
        k += 1
        # The genus sequence falls into a period-2 alternation; once it has held for
        # six terms past the start found (and k >= 8) we stop.
        start = _alternation_start(values)
        if k >= 8 and start is not None and len(values) - start >= 6:
            break
        if k > 64:  # pragma: no cover - never met on octal games
            break
    start = _alternation_start(values)
    cut = tuple(values[: start + 2])
    g = 0
    normal = _normal_values(code, max(position, default=0) + 1)
    for h in position:
        g ^= normal[h]
    return Genus(g, cut)


def _alternation_start(values) -> int | None:
    """The first index from which ``values[k + 2] == values[k]`` to the end."""
    n = len(values)
    if n < 3:
        return None
    start = n - 2
    while start > 0 and values[start - 1] == values[start + 1]:
        start -= 1
    return start


@lru_cache(maxsize=64)
def _normal_values_cached(code: str, n: int) -> tuple[int, ...]:
    from cgteach.rulesets.octal import values

    return tuple(values(code, n))


def _normal_values(code: str, n: int) -> tuple[int, ...]:
    size = 16
    while size < n:
        size *= 2
    return _normal_values_cached(code, size)


# ---------------------------------------------------------------------------
# Tame or wild
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TameReport:
    """The answer of :func:`is_tame`: ``bool(report)`` is whether the game is tame.

    ``genera`` lists the genus of each heap ``0 … max_heap`` (or up to the first
    wild heap); ``wild_heap`` is that first wild heap (``None`` if tame);
    ``reason`` says why in a sentence.
    """

    code: str
    max_heap: int
    tame: bool
    genera: tuple[Genus, ...]
    wild_heap: int | None
    reason: str

    def __bool__(self):
        return self.tame

    def __str__(self):
        return self.reason


def is_tame(code, max_heap, *, budget=_UNSET) -> TameReport:
    """Whether the game restricted to heaps of at most ``max_heap`` is tame.

    A position is tame when its genus is one of misère Nim's: *fickle*
    ``0^120`` or ``1^031``, or *firm* ``g^{g g⊕2}`` (``0^02``, ``1^13``,
    ``2^20``, ``3^31``, …).  Sums of tame games are tame (Winning Ways, ch. 13),
    and every position of a heap is a sum of smaller heaps, so the game up to
    ``max_heap`` is tame exactly when every heap ``0 … max_heap`` has a tame genus.

    >>> r = is_tame("0.07", 6)
    >>> bool(r), r.wild_heap
    (True, None)
    >>> r = is_tame("0.77", 12)
    >>> bool(r), r.wild_heap, str(r.genera[r.wild_heap])
    (False, 5, '4^146')
    """
    code = _code(code)
    max_heap = as_count(max_heap, "max_heap", MAX_QUOTIENT_HEAP)
    refuse_if_over(
        _search_estimate((max_heap, max_heap)) * 20,
        f"checking the genera of the heaps up to {max_heap} in {code}",
        budget,
    )
    genera = []
    for h in range(max_heap + 1):
        g = genus(code, [h], budget=None)
        genera.append(g)
        if not g.is_tame:
            return TameReport(
                code,
                max_heap,
                False,
                tuple(genera),
                h,
                f"{code} is wild up to heap {max_heap}: a heap of {h} has genus {g}, "
                "which is no genus of misère Nim (tame genera are the fickle 0^120, 1^031 "
                "and the firm g^{g g⊕2}: 0^02, 1^13, 2^20, 3^31, …)",
            )
    return TameReport(
        code,
        max_heap,
        True,
        tuple(genera),
        None,
        f"{code} is tame up to heap {max_heap}: every heap 0…{max_heap} has a fickle or "
        "firm genus, so it plays like misère Nim (each heap like a nim heap of its Grundy value)",
    )


# ---------------------------------------------------------------------------
# Misère quotients
# ---------------------------------------------------------------------------

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _generator_name(i: int) -> str:
    if i < len(_LETTERS):
        return _LETTERS[i]
    return f"x{i}"


def _monomial_text(exps: tuple[int, ...], names) -> str:
    parts = []
    for e, name in zip(exps, names, strict=True):
        if e == 1:
            parts.append(name)
        elif e > 1:
            parts.append(name + str(e).translate(_SUPERSCRIPT))
    return "".join(parts) or "1"


class MisereQuotient:
    """The misère quotient of an octal game restricted to heaps of at most ``max_heap``.

    Two sums of heaps are identified when no third sum tells them apart (adding
    it gives the same misère outcome to both); the classes form a finite
    commutative monoid, and the **P-portion** is the set of classes of P-positions.

    Elements are named by their normal form in the generators ``a, b, c, …``
    (the images of the heaps that are not products of smaller heaps' images):
    ``"1"``, ``"a"``, ``"ab²"``.
    """

    def __init__(self, code, max_heap, mult, p_set, heap_state, gen_heaps, normal_forms, relations):
        self.code = code
        self.max_heap = max_heap
        self._mult = mult  # state x state -> state (list of lists)
        self._p = p_set  # set of states
        self._heap_state = heap_state  # heap -> state
        self._gen_heaps = gen_heaps  # generator i is the image of heap gen_heaps[i]
        self._names = [_generator_name(i) for i in range(len(gen_heaps))]
        self._exps = normal_forms  # state -> exponent tuple
        self._relations = relations  # list of (lhs exps, rhs exps)
        order = sorted(
            range(len(mult)), key=lambda s: (sum(normal_forms[s]), _neg(normal_forms[s]))
        )
        self._order = order
        self._name = {s: _monomial_text(normal_forms[s], self._names) for s in order}
        self._state = {name: s for s, name in self._name.items()}

    # -- the monoid -------------------------------------------------------
    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self._mult)

    @property
    def elements(self) -> tuple[str, ...]:
        """The elements' names, shortest normal form first."""
        return tuple(self._name[s] for s in self._order)

    @property
    def identity(self) -> str:
        return "1"

    @property
    def p_portion(self) -> frozenset:
        """The elements whose positions are misère P-positions."""
        return frozenset(self._name[s] for s in self._p)

    @property
    def generators(self) -> dict:
        """Each generator's name and the heap whose image it is."""
        return dict(zip(self._names, self._gen_heaps, strict=True))

    @property
    def heap_images(self) -> tuple[str, ...]:
        """The image of each heap ``0 … max_heap``."""
        return tuple(self._name[s] for s in self._heap_state)

    def _state_of(self, heaps) -> int:
        position = _position(heaps)
        s = self._heap_state[0]
        for h in position:
            if h > self.max_heap:
                raise ValueError(
                    f"heap {h} is larger than this quotient's bound: it describes heaps of "
                    f"at most {self.max_heap} tokens"
                )
            s = self._mult[s][self._heap_state[h]]
        return s

    def element(self, heaps) -> str:
        """The image of a sum of heaps (each at most ``max_heap``)."""
        return self._name[self._state_of(heaps)]

    def outcome(self, heaps) -> str:
        """The misère outcome read from the quotient: ``"P"`` iff the image is in the P-portion."""
        return "P" if self._state_of(heaps) in self._p else "N"

    def _element_state(self, x) -> int:
        if not isinstance(x, str):
            raise TypeError(f"an element is named by a string such as 'ab²', got {show(x)}")
        if x not in self._state:
            raise ValueError(
                f"{show(x)} is no element of this quotient; its elements are "
                f"{show(list(self.elements), 200)}"
            )
        return self._state[x]

    def multiply(self, x, y) -> str:
        """The product of two elements (named as in :attr:`elements`)."""
        return self._name[self._mult[self._element_state(x)][self._element_state(y)]]

    def is_p(self, x) -> bool:
        return self._element_state(x) in self._p

    # -- texts ------------------------------------------------------------
    def presentation(self) -> str:
        """Generators and relations, as the papers write them: ``⟨a, b | a² = 1, b³ = b⟩``."""
        rels = ", ".join(
            f"{_monomial_text(lhs, self._names)} = {_monomial_text(rhs, self._names)}"
            for lhs, rhs in self._relations
        )
        gens = ", ".join(self._names)
        if not gens:
            return "⟨ | ⟩"
        return f"⟨{gens} | {rels}⟩" if rels else f"⟨{gens}⟩"

    def table(self) -> list[list[str]]:
        """The multiplication table as a list of rows (elements in :attr:`elements` order)."""
        return [[self._name[self._mult[x][y]] for y in self._order] for x in self._order]

    def table_text(self) -> str:
        """The multiplication (Cayley) table as text; P elements are marked with ``*``."""
        names = [
            n + ("*" if s in self._p else "") for s, n in ((s, self._name[s]) for s in self._order)
        ]
        rows = self.table()
        cells = [[""] + names] + [
            [names[i]] + [r + ("*" if self._state[r] in self._p else "") for r in row]
            for i, row in enumerate(rows)
        ]
        width = max(len(c) for row in cells for c in row)
        lines = [" ".join(c.rjust(width) for c in row) for row in cells]
        return "\n".join(lines) + "\n(* marks the P-portion)"

    def __str__(self):
        p = ", ".join(x for x in self.elements if x in self.p_portion)
        return (
            f"misère quotient of {self.code} (heaps ≤ {self.max_heap}): order {self.order}, "
            f"{self.presentation()}, P-portion {{{p}}}"
        )

    def __repr__(self):
        return f"<MisereQuotient {self.code} heaps≤{self.max_heap}: order {self.order}>"

    def _repr_html_(self):
        import html

        return "<pre>" + html.escape(str(self) + "\n" + self.table_text()) + "</pre>"

    def draw(self, ax=None, **kwargs):
        """The Cayley table, P-portion marked (:func:`cgteach.draw.misere.draw_quotient`)."""
        return drawer("misere_quotient.draw")(self, ax=ax, **kwargs)

    # -- isomorphism ------------------------------------------------------
    def isomorphic(self, other) -> bool:
        """Whether the two quotients are isomorphic as bipartite monoids (P-portion kept).

        >>> misere_quotient("0.3333", 2).isomorphic(misere_quotient("0.333", 3))
        True
        """
        if not isinstance(other, MisereQuotient):
            raise TypeError(f"isomorphic() compares two MisereQuotients, got {show(other)}")
        return _isomorphic(self, other)


def _neg(exps):
    return tuple(-e for e in exps)


def _isomorphic(q1: MisereQuotient, q2: MisereQuotient) -> bool:
    if q1.order != q2.order or len(q1._p) != len(q2._p):
        return False
    n = q1.order
    m1, m2 = q1._mult, q2._mult
    id1, id2 = q1._heap_state[0], q2._heap_state[0]
    # q1 is generated by its generators' states: map them, extend, check.
    gens = [q1._heap_state[h] for h in q1._gen_heaps]
    words = {id1: ()}  # state -> tuple of generator indices (a word reaching it)
    frontier = [id1]
    while frontier:
        nxt = []
        for s in frontier:
            for i, g in enumerate(gens):
                t = m1[s][g]
                if t not in words:
                    words[t] = words[s] + (i,)
                    nxt.append(t)
        frontier = nxt

    def invariant(m, p, s):
        seen, x = [], s
        while x not in seen:
            seen.append(x)
            x = m[x][s]
        return (len(seen), seen.index(x), s in p, sum(1 for y in range(len(m)) if m[s][y] in p))

    inv2: dict = {}
    for s in range(n):
        inv2.setdefault(invariant(m2, q2._p, s), []).append(s)
    choices = [inv2.get(invariant(m1, q1._p, g), []) for g in gens]
    for images in itertools.product(*choices):
        f = {}
        ok = True
        for s, word in words.items():
            t = id2
            for i in word:
                t = m2[t][images[i]]
            f[s] = t
        if len(set(f.values())) != n:
            continue
        for s in range(n):
            if (s in q1._p) != (f[s] in q2._p):
                ok = False
                break
        if not ok:
            continue
        for s in range(n):
            for g, gi in zip(gens, images, strict=True):
                if f[m1[s][g]] != m2[f[s]][gi]:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return True
    return False


# -- building the quotient ---------------------------------------------------


def _quotient_estimate(code: str, max_heap: int) -> float:
    """CPU seconds to compute the quotient from nothing, from its measured growth.

    Measured on the 2-core machine (benchmarks/bench_misere.py): Kayles and
    Dawson's Kayles take about 0.1 s up to heap 12 and then each further heap
    costs about 1.45 times the one before (Dawson's Kayles: 24 heaps in about
    4 s, and the next heap splits the quotient); Kayles grows linearly.
    Heaps already computed for the same code cost nothing again.
    """
    done = max((m for (c, m) in _QUOTIENTS if c == code and m <= max_heap), default=0)

    def total(n):
        if n <= 12:
            return 0.01 * (n + 1)
        if code == "0.77":
            # Kayles: past heap 12 almost every heap acts as an element already
            # there (found by products, no search): about 0.75 s a heap
            # (heaps <= 30 in 13.7 s, <= 92 in about a minute).
            return 0.12 + 0.75 * (n - 12)
        return 0.12 + 0.12 * (1.45 ** (n - 12) - 1) / 0.45

    return max(0.0, total(max_heap) - total(done))


_QUOTIENTS: dict = {}


def misere_quotient(code, max_heap, *, budget=_UNSET) -> MisereQuotient:
    """The misère quotient of the octal game ``code`` restricted to heaps ≤ ``max_heap``.

    **How it is found.**  Heap by heap, as Siegel's MisereSolver works: the
    quotient for heaps ``< n`` gives a *guess* for heaps ``≤ n`` (its elements
    times a count of heaps of ``n``, whose P-portion follows from "P when no
    move leads to P"), the guess is *checked exactly* (:func:`_verify`: by
    induction on the number of tokens, it predicts the misère outcome of every
    sum, infinitely many, from finitely many checks), and the guess is then
    reduced (elements that no sum tells apart are merged).  When heap ``n``
    splits elements of the previous quotient the guess fails the check, and a
    candidate is built instead from the outcomes of small sums, then checked
    the same way.  No answer is returned unchecked.  The check is this
    package's own (a search over what a sum's heaps allow, pruned to its least
    winning cases), not a transcription of MisereSolver's.

    >>> q = misere_quotient("0.3333", 1)          # Nim with heaps of one token
    >>> q.order, q.presentation(), sorted(q.p_portion)
    (2, '⟨a | a² = 1⟩', ['a'])
    >>> misere_quotient("0.75", 6).order
    8
    """
    code = _code(code)
    max_heap = as_count(max_heap, "max_heap", MAX_QUOTIENT_HEAP)
    key = (code, max_heap)
    if key in _QUOTIENTS:
        return _QUOTIENTS[key]
    allowed = refuse_if_over(
        _quotient_estimate(code, max_heap),
        f"computing the misère quotient of {code} for heaps up to {max_heap}",
        budget,
    )
    q = _compute_quotient(code, max_heap, allowed)
    _QUOTIENTS[key] = q
    return q


def _compute_quotient(code: str, n: int, allowed: float = math.inf) -> MisereQuotient:
    """The quotient for heaps ≤ n, heap by heap (each step guessed, then checked exactly).

    Each finished heap's quotient is stored at once, so work stopped (Ctrl-C, or
    past twice the ``allowed`` seconds when the estimate was wrong) is not lost.
    """
    started = time.process_time()

    def check_time(m):
        spent = time.process_time() - started
        if spent > 2 * allowed:
            raise BudgetError(
                f"computing the misère quotient of {code} for heaps up to {n} was stopped at "
                f"heap {m} after {spent:.0f} s, twice its budget of {allowed:.0f} s (the "
                "estimate was too low for this game); heaps up to "
                f"{m - 1} are done and kept; raise the budget (budget=None for no limit) "
                "to go on",
                spent,
                allowed,
            )

    heap_opts = [()] + [_heap_options(code, h) for h in range(1, n + 1)]
    start = n
    while start > 0 and (code, start - 1) not in _QUOTIENTS:
        start -= 1
    if start == 0:
        prev = _trivial_quotient(code)
        start = 1
    else:
        prev = _QUOTIENTS[(code, start - 1)]
    for m in range(start, n + 1):
        x = _conservative(prev, m, heap_opts)
        if x is not None:
            # Heap m acts as an element x of the quotient for heaps < m: same monoid.
            prev = MisereQuotient(
                code, m, prev._mult, prev._p, prev._heap_state + [x], prev._gen_heaps,
                prev._exps, prev._relations,
            )
            _QUOTIENTS[(code, m)] = prev
            if m < n:
                check_time(m + 1)
            continue
        dfa = _extend(prev, m, heap_opts)
        if dfa is None:
            # The guess from the previous quotient failed (this heap splits some of its
            # elements): build a candidate from the outcomes of small sums instead.
            depth = 2
            while True:
                check_time(m)
                dfa = _candidate_dfa(code, m, depth)
                if dfa is not None and _verify(dfa, heap_opts, m):
                    break
                if dfa is None or depth >= 6:
                    raise ValueError(
                        f"the misère quotient of {code} for heaps up to {m} is beyond what "
                        "this method can find (its candidates grew too large)"
                    )
                depth += 1
        prev = _from_dfa(code, m, *dfa)
        _QUOTIENTS[(code, m)] = prev
        if m < n:
            check_time(m + 1)
    return prev


def _conservative(prev: MisereQuotient, n: int, heap_opts) -> int | None:
    """The element of ``prev`` (the quotient for heaps < n) that heap ``n`` acts as, if any.

    Heap ``n`` *acts as* ``x`` when mapping it to ``x`` predicts every misère
    outcome of sums of heaps ≤ n; the quotient is then unchanged (a conservative
    extension).  Let ``u`` be a sum of heaps < n with image ``x`` that has a move,
    ``T`` the images of heap ``n``'s options and ``T_u`` those of ``u``'s options
    (one heap of ``u`` replaced by one of its options).  Proof by induction on the
    number of heaps of ``n`` in a sum ``n + v``, then on its tokens, comparing it
    with ``u + v`` (one heap of ``n`` fewer, so predicted right): with ``y`` the
    image of ``v``, both have the same moves inside ``v`` (their results are
    predicted right, with the same images ``x·v'``), so it is enough that for
    every ``y`` in the quotient:

    * if ``x·y`` is P, no ``t·y`` (``t`` in ``T``) is P, and
    * if ``x·y`` is N and some ``t·y`` (``t`` in ``T_u``) is P, some ``t·y``
      (``t`` in ``T``) is P too.

    These are |Q|² products: no search.  Two elements passing would be told apart
    by no sum, so at most one passes (the quotient is reduced).
    """
    mult, hs, p_set = prev._mult, prev._heap_state, prev._p
    ident = hs[0]
    if not heap_opts[n]:
        return ident  # a heap without a move is the empty game
    m = len(mult)

    def image(parts, x=ident):
        for h in parts:
            x = mult[x][hs[h]]
        return x

    t_n = {image(parts) for parts in heap_opts[n]}
    n_is_p = not (t_n & p_set)
    # wins[y]: some option of heap n, added to y, is P.
    wins = [any(mult[t][y] in p_set for t in t_n) for y in range(m)]
    reps = None
    for x in range(m):
        if (x in p_set) != n_is_p:
            continue
        row = mult[x]
        if any(wins[y] for y in range(m) if row[y] in p_set):
            continue
        # The N side: each y left open must be closed by some representative u of x.
        open_ys = [y for y in range(m) if row[y] not in p_set and not wins[y]]
        if not open_ys:
            return x
        if reps is None:
            reps = _representatives(prev, n, heap_opts)
        for t_u in reps.get(x, ()):
            open_ys = [y for y in open_ys if any(mult[t][y] in p_set for t in t_u)]
            if not open_ys:
                return x
    return None


def _representatives(prev: MisereQuotient, n: int, heap_opts, most: int = 3):
    """For each element, the option images of some sums of heaps < n reaching it.

    The sums tried: a shortest one per element and every sum of up to ``most``
    heaps; only sums with a move are kept, and each set of option images once.
    """
    mult, hs = prev._mult, prev._heap_state
    ident = hs[0]

    def image(parts, x=ident):
        for h in parts:
            x = mult[x][hs[h]]
        return x

    words = [w for _, w in _shortest_words(prev, n).values()]
    for k in range(1, most + 1):
        words.extend(itertools.combinations_with_replacement(range(1, n), k))
    found: dict = {}
    for u in words:
        t_u = set()
        for i, h in enumerate(u):
            if i and u[i - 1] == h:
                continue
            base = image(u[:i] + u[i + 1 :])
            for parts in heap_opts[h]:
                t_u.add(image(parts, base))
        if t_u:
            found.setdefault(image(u), set()).add(frozenset(t_u))
    # smaller option sets first: they close more
    return {x: sorted(sets, key=len) for x, sets in found.items()}


def _trivial_quotient(code):
    return MisereQuotient(code, 0, [[0]], set(), [0], [], {0: ()}, [])


def _shortest_words(prev: MisereQuotient, n: int):
    """For each element of ``prev``, a word of heaps of fewest tokens reaching it."""
    mult, hs = prev._mult, prev._heap_state
    ident = hs[0]
    best = {ident: (0, ())}
    queue = [(0, (), ident)]
    while queue:
        cost, word, x = heapq.heappop(queue)
        if best[x][1] != word:
            continue
        for h in range(1, n):
            y = mult[x][hs[h]]
            c = cost + h
            w = tuple(sorted(word + (h,)))
            if y not in best or (c, w) < best[y]:
                best[y] = (c, w)
                heapq.heappush(queue, (c, w, y))
    return best


def _extend(prev: MisereQuotient, n: int, heap_opts, max_k: int = 12):
    """Guess the automaton for heaps ≤ n from the quotient for heaps < n, and check it.

    A state is ``(x, k)``: an element ``x`` of the previous quotient (the heaps
    below ``n``) and ``k`` heaps of ``n`` (beyond ``K`` only the parity of
    ``k - K`` is kept).  Whether ``(x, k)`` is P is worked out from a shortest
    word for ``x`` by the rule "P when no option is P".  The guess is kept only
    if :func:`_verify` proves that it predicts every misère outcome.
    """
    mult, hs, p_prev = prev._mult, prev._heap_state, prev._p
    elems = list(range(len(mult)))
    ident = hs[0]
    words = _shortest_words(prev, n)
    if len(words) != len(elems):  # pragma: no cover - the quotient is generated by its heaps
        return None
    order = sorted(elems, key=lambda x: words[x])

    def image(word, x=ident):
        for h in word:
            x = mult[x][hs[h]]
        return x

    option_images = {}
    for x in elems:
        w = words[x][1]
        found = set()
        for i, h in enumerate(w):
            rest = w[:i] + w[i + 1 :]
            base = image(rest)
            for parts in heap_opts[h]:
                found.add(image(parts, base))
        option_images[x] = found
    n_opts = [image(parts) for parts in heap_opts[n]]
    for big_k in range(2, max_k + 1, 2):
        top = big_k + 1  # k runs over 0 … big_k + 1

        def red(k, big_k=big_k):
            return k if k <= big_k + 1 else big_k + (k - big_k) % 2

        is_p = {}
        for k in range(top + 1):
            for x in order:
                # P when there is a move and no move leads to P (no move at all: N).
                has_move = bool(option_images[x]) or bool(k and n_opts)
                p = has_move and all(not is_p[(y, k)] for y in option_images[x])
                if p and k:
                    p = all(not is_p[(mult[x][o], k - 1)] for o in n_opts)
                is_p[(x, k)] = p
        if any(is_p[(x, 0)] != (x in p_prev) for x in elems):
            return None
        index = {}
        for k in range(top + 1):
            for x in elems:
                index[(x, k)] = len(index)
        delta = [None] * len(index)
        for (x, k), s in index.items():
            row = [s]
            for h in range(1, n):
                row.append(index[(mult[x][hs[h]], k)])
            row.append(index[(x, red(k + 1))])
            delta[s] = row
        p_states = {index[key] for key, v in is_p.items() if v}
        dfa = _reorder(delta, p_states, index[(ident, 0)])
        if _verify(dfa, heap_opts, n):
            return dfa
    return None


def _reorder(delta, p_states, start):
    """The same automaton with ``start`` renumbered as state 0."""
    if start == 0:
        return delta, p_states
    perm = list(range(len(delta)))
    perm[0], perm[start] = start, 0  # new -> old
    inv = {old: new for new, old in enumerate(perm)}
    new_delta = [[inv[t] for t in delta[perm[s]]] for s in range(len(delta))]
    return new_delta, {inv[s] for s in p_states}


def _candidate_dfa(code, n, depth):
    """A DFA over heap letters whose states are told apart by tests of ``depth`` heaps."""
    table = _OUTCOMES.setdefault(code, {})
    tests = [()]
    for k in range(1, depth + 1):
        tests.extend(itertools.combinations_with_replacement(range(1, n + 1), k))

    def profile(word):
        return tuple(_is_p(code, tuple(sorted(word + t)), table) for t in tests)

    states = {}
    reps = []
    delta = []
    start = profile(())
    states[start] = 0
    reps.append(())
    delta.append([None] * (n + 1))
    i = 0
    while i < len(reps):
        w = reps[i]
        for h in range(0, n + 1):
            nw = tuple(sorted(w + (h,))) if h else w
            pr = profile(nw)
            if pr not in states:
                states[pr] = len(reps)
                reps.append(nw)
                delta.append([None] * (n + 1))
            delta[i][h] = states[pr]
        i += 1
        if len(reps) > 5000:
            return None
    p_states = {states[pr] for pr in states if pr[0]}
    return delta, p_states


def _verify(dfa, heap_opts, n) -> bool:
    """Exact check that the DFA predicts the misère outcome of every sum of heaps ≤ n.

    A word (a sum of heaps) is P when it has a move and every move leads to an N
    word.  By induction on the number of tokens the DFA is right on every word if,
    for every word ``w``, "the DFA says P" agrees with "``w`` has a move and no
    move leads to a word the DFA calls P".  A move in a heap ``h`` of ``w`` leads
    to ``(w - h) + parts``, so what matters of ``w`` is its DFA state and, for
    each heap size ``h`` in it, the DFA state of ``w - h`` (replaced by its class
    for "a move in ``h`` wins, now or after any further heaps", its *entry*).

    Two kinds of failure are looked for:

    1. the DFA says P but some entry wins: a property of the DFA state and one
       entry, checked on the reachable pairs, heap size by heap size;
    2. the DFA says N, there is a move, and no entry wins: searched over the
       reachable combinations, keeping only the least winning ones (an entry
       that wins in every future where another does is never needed: a failure
       reachable from it is reachable from the other), an antichain search.
    """
    delta, p_states = dfa
    m = len(delta)

    def run(s, parts):
        for h in parts:
            s = delta[s][h]
        return s

    # Words of heaps that have no move at all: the DFA must never say P.
    dead = [h for h in range(1, n + 1) if not heap_opts[h]]
    seen_dead = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        if x in p_states:
            return False
        for h in dead:
            y = delta[x][h]
            if y not in seen_dead:
                seen_dead.add(y)
                stack.append(y)

    cls, good, ctrans, le, absent = [None], [None], [None], [None], [None]
    for h in range(1, n + 1):
        bit = [any(run(x, parts) in p_states for parts in heap_opts[h]) for x in range(m)]
        block = [int(b) for b in bit]
        count = len(set(block))
        while True:
            sig: dict = {}
            new = [
                sig.setdefault(
                    (block[x],) + tuple(block[delta[x][g]] for g in range(1, n + 1)), len(sig)
                )
                for x in range(m)
            ]
            if len(sig) == count:
                break
            block, count = new, len(sig)
        block = new
        k = count  # class k is "no heap h in the word": never wins, never changes
        gbit = [False] * (k + 1)
        tr = [[k] * (n + 1) for _ in range(k + 1)]
        for x in range(m):
            c = block[x]
            gbit[c] = bit[x]
            for g in range(1, n + 1):
                tr[c][g] = block[delta[x][g]]
        # le[c][d]: wherever c wins (now or after any heaps), d wins too.
        rel = [[(not gbit[c]) or gbit[d] for d in range(k + 1)] for c in range(k + 1)]
        changed = True
        while changed:
            changed = False
            for c in range(k + 1):
                for d in range(k + 1):
                    if rel[c][d] and any(not rel[tr[c][g]][tr[d][g]] for g in range(1, n + 1)):
                        rel[c][d] = False
                        changed = True
        cls.append(block)
        good.append(gbit)
        ctrans.append(tr)
        le.append(rel)
        absent.append(k)

    # 1. DFA says P while a move in h wins: pairs (DFA state, entry of h).
    for h in range(1, n + 1):
        start = (0, absent[h])
        seen = {start}
        stack = [start]
        while stack:
            phi, c = stack.pop()
            if phi in p_states and good[h][c]:
                return False
            for g in range(1, n + 1):
                nxt = (delta[phi][g], cls[h][phi] if g == h else ctrans[h][c][g])
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)

    # 2. DFA says N, a move exists, and no entry wins: antichain search.
    heaps = range(1, n + 1)
    # below[h][d]: the classes c of heap h with le[h][c][d] (c wins nowhere d does not).
    below = [None] + [
        [[c for c in range(len(le[h])) if le[h][c][d]] for d in range(len(le[h]))]
        for h in heaps
    ]
    start_f = tuple(absent[h] if h else 0 for h in range(n + 1))
    # For each (DFA state, moved): the kept entry vectors, as bit masks per heap and class:
    # masks[h][c] has bit i when the i-th kept vector has class c for heap h.
    kept: dict = {}

    def keep(key, f):
        size, masks, exact = kept.setdefault(key, [0, [dict() for _ in range(n + 1)], set()])
        if f in exact:
            return False
        # is some kept vector o <= f (entry by entry)?  Then f adds nothing.
        common = (1 << size) - 1
        for h in heaps:
            row = masks[h]
            union = 0
            for c in below[h][f[h]]:
                union |= row.get(c, 0)
            common &= union
            if not common:
                break
        if common:
            return False
        bit = 1 << size
        for h in heaps:
            masks[h][f[h]] = masks[h].get(f[h], 0) | bit
        kept[key][0] = size + 1
        exact.add(f)
        return True

    keep((0, False), start_f)
    stack = [(0, False, start_f)]
    count = 0
    while stack:
        phi, moved, f = stack.pop()
        if moved and phi not in p_states and not any(good[h][f[h]] for h in heaps):
            return False
        for g in heaps:
            nf = tuple(
                (cls[g][phi] if h == g else ctrans[h][c][g]) if h else 0
                for h, c in enumerate(f)
            )
            key = (delta[phi][g], moved or bool(heap_opts[g]))
            if not keep(key, nf):
                continue
            stack.append((key[0], key[1], nf))
            count += 1
            if count > 5_000_000:
                raise ValueError("the exact check grew too large")  # pragma: no cover
    return True


def _from_dfa(code, n, delta, p_states) -> MisereQuotient:
    # Moore minimisation.
    m = len(delta)
    block = [1 if s in p_states else 0 for s in range(m)]
    while True:
        sig = {}
        new = []
        for s in range(m):
            key = (block[s],) + tuple(block[delta[s][h]] for h in range(1, n + 1))
            new.append(sig.setdefault(key, len(sig)))
        if len(sig) == len(set(block)):
            block = new
            break
        block = new
    k = len(set(block))
    # Representative word per class (BFS from the empty word).
    rep_word = {block[0]: ()}
    frontier = [0]
    seen = {0}
    trans = [[None] * (n + 1) for _ in range(k)]
    while frontier:
        nxt = []
        for s in frontier:
            for h in range(1, n + 1):
                t = delta[s][h]
                trans[block[s]][h] = block[t]
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
                    rep_word.setdefault(block[t], rep_word[block[s]] + (h,))
        frontier = nxt
    for c in range(k):
        trans[c][0] = c
    ident = block[0]
    heap_state = [trans[ident][h] for h in range(n + 1)]
    mult = [[None] * k for _ in range(k)]
    for x in range(k):
        for y in range(k):
            s = x
            for h in rep_word[y]:
                s = trans[s][h]
            mult[x][y] = s
    p = {block[s] for s in p_states}
    # Generators: heaps whose image is not in the submonoid of earlier generators.
    gen_heaps = []
    sub = {ident}
    for h in range(1, n + 1):
        if heap_state[h] in sub:
            continue
        gen_heaps.append(h)
        sub = _closure(mult, sub, [heap_state[g] for g in gen_heaps])
    gens = [heap_state[g] for g in gen_heaps]
    normal_forms, relations = _normal_forms(mult, ident, gens)
    return MisereQuotient(code, n, mult, p, heap_state, gen_heaps, normal_forms, relations)


def _closure(mult, start, gens):
    found = set(start)
    frontier = list(found)
    while frontier:
        nxt = []
        for s in frontier:
            for g in gens:
                t = mult[s][g]
                if t not in found:
                    found.add(t)
                    nxt.append(t)
        frontier = nxt
    return found


def _normal_forms(mult, ident, gens):
    """Normal forms (least monomial, degree then lexicographic) and defining relations."""
    r = len(gens)
    zero = (0,) * r

    def key(exps):
        return (sum(exps), _neg(exps))

    nf = {ident: zero}
    irreducible = {zero: ident}
    relations = []
    heap_ = [(key(zero), zero)]
    queued = {zero}
    while heap_:
        _, mono = heapq.heappop(heap_)
        if mono == zero:
            elem = ident
        else:
            parents = []
            for i in range(r):
                if mono[i]:
                    parent = mono[:i] + (mono[i] - 1,) + mono[i + 1 :]
                    parents.append((parent, i))
            if any(p not in irreducible for p, _ in parents):
                continue
            parent, i = parents[0]
            elem = mult[irreducible[parent]][gens[i]]
            if elem in nf:
                relations.append((mono, nf[elem]))
                continue
            nf[elem] = mono
            irreducible[mono] = elem
        for i in range(r):
            child = mono[:i] + (mono[i] + 1,) + mono[i + 1 :]
            if child not in queued:
                queued.add(child)
                heapq.heappush(heap_, (key(child), child))
    return nf, relations


# ---------------------------------------------------------------------------
# Best move
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BestMove:
    """A winning misère move: take heap ``heap`` and leave ``leaves`` in its place.

    ``position`` is the sum of heaps after the move, ``element`` its image in the
    quotient (an element of the P-portion).
    """

    heap: int
    leaves: tuple[int, ...]
    position: tuple[int, ...]
    element: str

    def __str__(self):
        left = " + ".join(map(str, self.leaves)) if self.leaves else "nothing"
        return f"heap {self.heap} → {left} (leaves {list(self.position)}, element {self.element})"


def best_move(code, heaps, *, budget=_UNSET) -> BestMove | None:
    """A winning misère move found from the quotient, or ``None`` in a P-position.

    The quotient used is that of heaps up to the largest heap in ``heaps``.

    >>> m = best_move("0.77", [3])
    >>> m.heap, m.leaves, m.element in misere_quotient("0.77", 3).p_portion
    (3, (1,), True)
    >>> best_move("0.77", [1]) is None
    True
    """
    code = _code(code)
    position = _position(heaps)
    bound = max(position, default=0)
    q = misere_quotient(code, bound, budget=budget)
    if q.outcome(position) == "P":
        return None
    seen = set()
    for i, h in enumerate(position):
        if h in seen:
            continue
        seen.add(h)
        rest = position[:i] + position[i + 1 :]
        for parts in _heap_options(code, h):
            after = _merge(rest, parts)
            if q.outcome(after) == "P":
                return BestMove(h, parts, after, q.element(after))
    return None  # pragma: no cover - an N-position has a move to P
