"""Nim: balanced positions, winning moves, misère play, and a terminal game.

A **Nim position** is a list of heap (pile) sizes ``[a1, a2, ..., ak]``.  A
move takes at least one stone from one heap; under **normal play** whoever
takes the last stone wins, under **misère play** whoever takes the last stone
loses.  A move is written ``(heap_index, new_size)`` with heap indices counted
from 0, as in Python; sentences meant for people number the piles from 1.

A position is **balanced** when its nim sum ``a1 ⊕ a2 ⊕ ... ⊕ ak`` is 0, that
is when every power of two occurs an even number of times among the heaps'
binary subpiles.  Every move from a balanced position unbalances it (the
essay's Thm 3.4), and every unbalanced position can be balanced by the
procedure of Thm 3.5, so under normal play the balanced positions are
exactly the **P-positions** (the previous player wins) and the unbalanced
ones the **N-positions** (the next player wins), Thm 3.6.

Misère Nim (Bouton): play as in normal Nim while at least two heaps hold more
than one stone; once exactly one heap is bigger than 1, reduce it to 0 or 1,
whichever leaves an odd number of one-stone heaps.

Offers:

* :func:`is_balanced`, :func:`outcome` -- is the position P or N?
* :func:`winning_moves`, :func:`misere_winning_moves` -- every winning move.
* :func:`moves`, :func:`play` -- all legal moves, and the position after one.
* :func:`balancing_steps` -- the balancing procedure of Thm 3.5 as a
  :class:`Balancing` record with its running total ``T``, step by step.
* :func:`best_move`, :func:`hint` -- a move to play and a sentence saying why.
* :func:`binary_table` -- the heaps in binary, column by column, with the nim
  sum underneath (a :class:`BinaryTable`), for pictures and widgets.
* :func:`main` -- the terminal game, ``python -m cgteach.nim --help``.

>>> winning_moves([10, 12, 5])
[(0, 9)]
>>> outcome([3, 3]), outcome([1, 1], misere=True)
('P', 'N')
>>> hint([10, 12, 5])
'Take 1 stone from pile 1 (leaving 9): that leaves nim sum 0.'
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass, field
from types import MappingProxyType

from cgteach._validate import as_bool, as_count, as_heaps, as_rng, check_size, show
from cgteach.nimbers import binary_expansion, nim_sum, subpiles

#: Limits, stated once.  The XOR rule itself has no size limit, so heaps of
#: any size are fine; what is limited is what grows with the count of heaps,
#: the count of moves, or the number of binary digits written out.
MAX_HEAPS = 10**6  # heaps in one position
MAX_MOVES = 10**6  # moves listed by moves()
MAX_BITS = 64  # binary digits in balancing_steps() and binary_table()
MAX_GAME_HEAPS = 20  # piles in the terminal game (drawn as rows of O)
MAX_GAME_SIZE = 60  # stones in one pile of the terminal game


def _heaps(heaps) -> tuple[int, ...]:
    return as_heaps(heaps, limit=MAX_HEAPS)


def _small_heaps(heaps, what: str) -> tuple[int, ...]:
    """Heaps of at most MAX_BITS binary digits, for the written-out procedures."""
    heaps = _heaps(heaps)
    for i, h in enumerate(heaps, start=1):
        if h.bit_length() > MAX_BITS:
            raise ValueError(
                f"heap {i} is {show(h)}, which has {h.bit_length()} binary digits; "
                f"{what} writes every digit out, so it is limited to heaps below 2**{MAX_BITS}"
            )
    return heaps

__all__ = [
    "is_balanced",
    "outcome",
    "winning_moves",
    "misere_winning_moves",
    "moves",
    "play",
    "Balancing",
    "balancing_steps",
    "best_move",
    "hint",
    "BinaryTable",
    "binary_table",
    "main",
]


# ---------------------------------------------------------------------------
# Positions and moves
# ---------------------------------------------------------------------------


def is_balanced(heaps) -> bool:
    """Return ``True`` when the nim sum of ``heaps`` is 0.

    >>> is_balanced([1, 2, 3]), is_balanced([10, 12, 5]), is_balanced([])
    (True, False, True)
    """
    return nim_sum(_heaps(heaps)) == 0


def outcome(heaps, misere: bool = False) -> str:
    """Return ``"P"`` (previous player wins) or ``"N"`` (next player wins).

    Normal play: ``"P"`` exactly when the position is balanced (Thm 3.6).
    Misère play (Bouton): if some heap holds two or more stones the rule is
    the same; if every heap holds at most one stone, the position is ``"P"``
    exactly when an odd number of heaps hold one stone.  (With no stones at
    all the previous player took the last stone and so lost: ``"N"``.)

    >>> outcome([10, 12, 5]), outcome([9, 12, 5])
    ('N', 'P')
    >>> outcome([1, 1, 1], misere=True), outcome([1, 1, 1])
    ('P', 'N')
    >>> outcome([2, 2], misere=True), outcome([2, 1], misere=True)
    ('P', 'N')
    """
    heaps = _heaps(heaps)
    misere = as_bool(misere, "misere")
    if misere and all(h <= 1 for h in heaps):
        return "P" if sum(heaps) % 2 == 1 else "N"
    return "P" if nim_sum(heaps) == 0 else "N"


def winning_moves(heaps) -> list[tuple[int, int]]:
    """Return every ``(heap_index, new_size)`` that leaves nim sum 0.

    The moves come in heap order; the list is empty when the position is
    already balanced (then no move wins, Thm 3.4).

    >>> winning_moves([10, 12, 5])
    [(0, 9)]
    >>> winning_moves([1, 2, 3])
    []
    >>> winning_moves([3, 5, 7])
    [(0, 2), (1, 4), (2, 6)]
    """
    heaps = _heaps(heaps)
    s = nim_sum(heaps)
    if s == 0:
        return []
    # Algorithm notes: the heaps other than heap i have nim sum h ^ s, so the
    # only way to balance by changing heap i is to make it h ^ s; that is a
    # legal move exactly when h ^ s < h, i.e. when h has a 1 in the column of
    # the leading bit of s (such a heap exists because that column is odd).
    return [(i, h ^ s) for i, h in enumerate(heaps) if h ^ s < h]


def misere_winning_moves(heaps) -> list[tuple[int, int]]:
    """Return every ``(heap_index, new_size)`` that wins under misère play.

    Bouton's rule: while two or more heaps hold more than one stone the
    winning moves are the normal ones (they never leave exactly one big heap,
    because such a position has a non-zero nim sum).  With exactly one big
    heap, the only winning move reduces it to 0 or 1 so that an odd number of
    one-stone heaps remain.  With every heap at most 1, take a stone when an
    even number of one-stone heaps are left.

    >>> misere_winning_moves([10, 12, 5])
    [(0, 9)]
    >>> misere_winning_moves([1, 1, 5])
    [(2, 1)]
    >>> misere_winning_moves([1, 5])
    [(1, 0)]
    >>> misere_winning_moves([1, 1]), misere_winning_moves([1, 1, 1])
    ([(0, 0), (1, 0)], [])
    """
    heaps = _heaps(heaps)
    big = [i for i, h in enumerate(heaps) if h > 1]
    if len(big) >= 2:
        return winning_moves(heaps)
    ones = sum(1 for h in heaps if h == 1)
    if len(big) == 1:
        # Leave an odd number of one-stone heaps and no heap bigger than 1.
        return [(big[0], 0 if ones % 2 == 1 else 1)]
    if ones % 2 == 0:
        return [(i, 0) for i, h in enumerate(heaps) if h == 1]
    return []


def moves(heaps) -> list[tuple[int, int]]:
    """Return every legal move ``(heap_index, new_size)``.

    Heap by heap, taking 1 stone first, then 2, and so on (new sizes from
    ``h - 1`` down to 0).

    >>> moves([2, 0, 1])
    [(0, 1), (0, 0), (2, 0)]
    """
    heaps = _heaps(heaps)
    check_size(sum(heaps), MAX_MOVES, "the number of moves (the total number of stones)")
    return [(i, new) for i, h in enumerate(heaps) for new in range(h - 1, -1, -1)]


def _check_move(heaps: tuple[int, ...], move) -> tuple[int, int]:
    """Return ``move`` as ``(heap_index, new_size)`` or raise a clear error."""
    if isinstance(move, (str, bytes)) or not isinstance(move, (tuple, list)) or len(move) != 2:
        raise TypeError(
            f"a move must be a pair (heap_index, new_size) such as (0, 9), got {show(move)}"
        )
    index = as_count(move[0], "the heap index of a move")
    new = as_count(move[1], "the new heap size of a move")
    if index >= len(heaps):
        if not heaps:
            raise ValueError(f"there are no heaps, so there is no heap index {show(index)}")
        raise ValueError(
            f"there is no heap index {show(index)}: the indices run from 0 to {len(heaps) - 1}"
        )
    size = heaps[index]
    where = f"heap index {show(index)} (pile {index + 1})"
    if size == 0:
        raise ValueError(f"{where} is empty: there is nothing to take from it")
    if new == size:
        raise ValueError(
            f"a move must take at least one stone: {where} has {show(size)} "
            f"and the new size {show(new)} takes none"
        )
    if new > size:
        raise ValueError(
            f"{where} has only {_stones(size)}: its new size must be "
            f"{_range_text(0, size - 1)}, got {show(new)}"
        )
    return index, new


def play(heaps, move) -> tuple[int, ...]:
    """Return the position after ``move`` (a pair ``(heap_index, new_size)``).

    The input is not changed.  An illegal move raises ``ValueError`` (or
    ``TypeError`` for something that is not a pair of integers).

    >>> play([10, 12, 5], (0, 9))
    (9, 12, 5)
    >>> play([3, 2], (1, 5))
    Traceback (most recent call last):
    ...
    ValueError: heap index 1 (pile 2) has only 2 stones: its new size must be 0 or 1, got 5
    """
    heaps = _heaps(heaps)
    index, new = _check_move(heaps, move)
    return heaps[:index] + (new,) + heaps[index + 1 :]


# ---------------------------------------------------------------------------
# The balancing procedure (Thm 3.5)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Balancing:
    """The balancing procedure of the essay's Thm 3.5, recorded step by step.

    Attributes:

    * ``heaps`` -- the position, a tuple of heap sizes.
    * ``subpiles`` -- read-only mapping ``power -> tuple of heap indices``
      holding a subpile of that size, largest power first.
    * ``odd_powers`` -- the powers of two with an odd number of subpiles,
      largest first (empty exactly when the position is balanced).
    * ``largest`` -- ``2**N``, the largest of ``odd_powers`` (``None`` if
      balanced).
    * ``heap`` -- the index of the pile ``A`` chosen to change: the first heap
      holding a subpile of size ``largest`` (``None`` if balanced).
    * ``running_total`` -- tuple of ``(description, T)``: ``T`` after each
      step (empty if balanced).
    * ``removed`` -- the final ``T``: how many stones to take from ``A``
      (0 if balanced).
    * ``new_size`` -- the size ``A`` is left with (``None`` if balanced).
    * ``move`` -- ``(heap, new_size)``, or ``None`` if balanced.
    * ``steps`` -- the whole procedure as plain-English sentences.

    How ``T`` evolves: the first entry is ``T = A`` (the size of pile ``A``).
    Each later entry subtracts one power of two ``2**n`` that occurs an odd
    number of times among the subpiles of the *other* piles ("pretend A
    doesn't exist"), largest power first.  The final ``T`` is ``A - (A ⊕ s)``
    where ``s`` is the nim sum, so ``A`` is left with ``A ⊕ s`` stones: the nim
    sum of the other piles, which balances the position.

    The essay restricts the subtraction to ``n <= N``.  Read literally, that
    goes wrong when ``A`` holds subpiles larger than ``2**N``: for ``[5, 4]``
    (nim sum 1, ``A = 5 = 4 + 1``) it would take all 5 stones and leave the
    unbalanced ``[0, 4]``.  The powers above ``2**N`` that the other piles
    hold an odd number of times are exactly ``A``'s own subpiles above
    ``2**N`` (every column above ``N`` is even overall), so subtracting them
    too means "``A`` keeps its large subpiles", and ``[5, 4]`` correctly
    becomes ``[4, 4]``.  The power ``2**N`` itself is never subtracted (the
    other piles hold an even number of them), which is why ``T >= 1``.

    >>> b = balancing_steps([10, 12, 5])
    >>> b.odd_powers, b.largest, b.heap, b.removed, b.move
    ((2, 1), 2, 0, 1, (0, 9))
    >>> [t for _, t in b.running_total]
    [10, 2, 1]
    >>> balancing_steps([3, 3]).move is None
    True
    """

    heaps: tuple[int, ...]
    subpiles: MappingProxyType = field(hash=False)
    odd_powers: tuple[int, ...]
    largest: int | None
    heap: int | None
    running_total: tuple[tuple[str, int], ...]
    removed: int
    new_size: int | None
    move: tuple[int, int] | None
    steps: tuple[str, ...]

    @property
    def balanced(self) -> bool:
        """``True`` when the position was balanced already (no move)."""
        return self.move is None

    def __repr__(self):
        return f"balancing_steps({list(self.heaps)!r})"  # heaps below 2**64: short

    def __reduce__(self):
        # the record is a function of the heaps; the read-only mapping inside
        # does not pickle, so store the heaps and build the record again
        return (balancing_steps, (self.heaps,))

    def __str__(self):
        import textwrap

        lines = [f"Balancing {_position_text(self.heaps)} (Thm 3.5):"]
        for k, step in enumerate(self.steps, start=1):
            lines += textwrap.wrap(
                step, width=84, initial_indent=f"{k:>3}. ", subsequent_indent="     "
            )
        return "\n".join(lines)


def balancing_steps(heaps) -> Balancing:
    """Run the balancing procedure of Thm 3.5 on ``heaps`` and record it.

    See :class:`Balancing` for what is recorded and how the running total
    ``T`` relates to the nim sum.

    >>> print(balancing_steps([10, 12, 5]))
    Balancing 10, 12, 5 (Thm 3.5):
      1. Break each pile into subpiles: 10 = 8 + 2, 12 = 8 + 4, 5 = 4 + 1.
      2. Count the subpiles of each size: 8 twice, 4 twice, 2 once, 1 once.
      3. Sizes with an odd count: 2, 1; the largest is 2 = 2^1, so N = 1.
      4. Pile 1 holds a subpile of size 2: it is pile A.
      5. Start the running total with all of pile A: T = 10.
      6. Pretend pile A is not there: the other piles hold 8 an odd number of times
         (pile A keeps its own 8), so remove 8: T = 10 - 8 = 2.
      7. The other piles hold 1 an odd number of times, so remove 1: T = 2 - 1 = 1.
      8. Take T = 1 stone from pile 1, leaving 9: the position 9, 12, 5 has nim sum 0.
    """
    heaps = _small_heaps(heaps, "the balancing procedure")
    table = {p: tuple(ix) for p, ix in subpiles(heaps).items()}
    odd = tuple(p for p, ix in table.items() if len(ix) % 2 == 1)
    steps = [_subpiles_sentence(heaps)]
    if table:
        counts = ", ".join(f"{p} {_times(len(ix))}" for p, ix in table.items())
        steps.append(f"Count the subpiles of each size: {counts}.")
    if not odd:
        steps.append(
            "Every size occurs an even number of times, so the position is balanced "
            "(nim sum 0): there is nothing to balance, and every move unbalances it (Thm 3.4)."
        )
        return Balancing(
            heaps, MappingProxyType(table), odd, None, None, (), 0, None, None, tuple(steps)
        )

    largest = odd[0]
    n_exp = largest.bit_length() - 1
    a = table[largest][0]
    size = heaps[a]
    steps.append(
        f"Sizes with an odd count: {', '.join(map(str, odd))}; "
        f"the largest is {largest} = 2^{n_exp}, so N = {n_exp}."
    )
    steps.append(f"Pile {a + 1} holds a subpile of size {largest}: it is pile A.")
    t = size
    running = [(f"start with all of pile A (pile {a + 1})", t)]
    steps.append(f"Start the running total with all of pile A: T = {t}.")

    # Algorithm notes: the other piles' odd powers are the bits of their nim
    # sum, others = s ^ size.  Subtracting them all from T = size leaves
    # T = size - (size ^ s), so pile A ends with size ^ s and the nim sum
    # becomes 0.  Above 2^N the odd powers of the other piles are exactly A's
    # own subpiles (each column above N is even overall), so A keeps them.
    others = nim_sum(heaps) ^ size
    first = True
    for p in binary_expansion(others):
        before, t = t, t - p
        lead = "Pretend pile A is not there: the other piles" if first else "The other piles"
        first = False
        if p > largest:
            why = f"{lead} hold {p} an odd number of times (pile A keeps its own {p})"
            running.append((f"remove {p}: pile A keeps its own subpile {p}", t))
        else:
            why = f"{lead} hold {p} an odd number of times"
            running.append((f"remove {p}: an odd number of {p}s in the other piles", t))
        steps.append(f"{why}, so remove {p}: T = {before} - {p} = {t}.")
    if first:
        steps.append(
            "Pretend pile A is not there: the other piles hold every size an even "
            "number of times, so nothing is removed from T."
        )
    new = size - t
    after = heaps[:a] + (new,) + heaps[a + 1 :]
    steps.append(
        f"Take T = {_stones(t)} from pile {a + 1}, leaving {new}: "
        f"the position {_position_text(after)} has nim sum 0."
    )
    return Balancing(
        heaps,
        MappingProxyType(table),
        odd,
        largest,
        a,
        tuple(running),
        t,
        new,
        (a, new),
        tuple(steps),
    )


# ---------------------------------------------------------------------------
# Advice
# ---------------------------------------------------------------------------


def best_move(heaps, misere: bool = False, rng=None) -> tuple[int, int]:
    """Return a move to play: the first winning move if there is one.

    From a losing position (no winning move) it returns a legal move that
    takes one stone from the largest heap (the first largest), or, if ``rng``
    (an integer seed or a ``random.Random``) is given, a random legal move.  Raises
    ``ValueError`` when every heap is empty.

    >>> best_move([10, 12, 5]), best_move([2, 3, 1]), best_move([1, 5], misere=True)
    ((0, 9), (1, 2), (1, 0))
    """
    heaps = _heaps(heaps)
    misere = as_bool(misere, "misere")
    rng = as_rng(rng, "rng", none_means_random=False)
    if not any(heaps):
        raise ValueError("there is no move: every heap is empty (the game is over)")
    found = misere_winning_moves(heaps) if misere else winning_moves(heaps)
    if found:
        return found[0]
    if rng is not None:
        # The same draw as rng.choice(moves(heaps)) (one randbelow over the
        # moves in that order) without listing moves: heaps can be huge.
        k = rng.randrange(sum(heaps))
        for index, h in enumerate(heaps):
            if k < h:
                return index, h - 1 - k
            k -= h
    index = max(range(len(heaps)), key=lambda i: (heaps[i], -i))
    return index, heaps[index] - 1


def hint(heaps, misere: bool = False) -> str:
    """Return one sentence of advice for the player about to move.

    Piles are numbered from 1, as a person would count them.

    >>> hint([10, 12, 5])
    'Take 1 stone from pile 1 (leaving 9): that leaves nim sum 0.'
    >>> hint([4, 4])
    'The position is balanced (nim sum 0): no move wins; take one stone and hope.'
    >>> hint([1, 3], misere=True)
    'Take 3 stones from pile 2 (emptying it): that leaves an odd number of one-stone piles.'
    """
    heaps = _heaps(heaps)
    misere = as_bool(misere, "misere")
    if not any(heaps):
        return "There are no stones left: the game is over."
    found = misere_winning_moves(heaps) if misere else winning_moves(heaps)
    if found:
        index, new = found[0]
        left = "emptying it" if new == 0 else f"leaving {show(new)}"
        after = heaps[:index] + (new,) + heaps[index + 1 :]
        if misere and all(h <= 1 for h in after):
            why = "that leaves an odd number of one-stone piles"
        else:
            why = "that leaves nim sum 0"
        return f"Take {_stones(heaps[index] - new)} from pile {index + 1} ({left}): {why}."
    if misere and all(h <= 1 for h in heaps):
        return (
            "An odd number of one-stone piles is left: no move wins in misère play; "
            "take one stone and hope."
        )
    return "The position is balanced (nim sum 0): no move wins; take one stone and hope."


# ---------------------------------------------------------------------------
# The binary table
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BinaryTable:
    """The heaps written in binary, one row per heap, with the nim sum below.

    Attributes:

    * ``heaps`` -- the position.
    * ``powers`` -- the column headings, largest first, e.g. ``(8, 4, 2, 1)``.
    * ``width`` -- the number of columns (at least 1).
    * ``rows`` -- one tuple of bits (0 or 1) per heap, in the column order.
    * ``nim_sum`` and ``nim_sum_bits`` -- the nim sum and its row of bits.
    * ``leading`` -- the power of the nim sum's leading bit (``None`` if 0).
    * ``leading_column`` -- the column index of that bit (``None`` if 0).
    * ``to_change`` -- indices of the heaps with a 1 in that column: the
      heaps a winning move can change.
    * ``moves`` -- the winning moves ``(heap, new_size)``, one per heap in
      ``to_change``.

    >>> t = binary_table([10, 12, 5])
    >>> t.powers, t.rows[0], t.nim_sum_bits, t.leading, t.to_change, t.moves
    ((8, 4, 2, 1), (1, 0, 1, 0), (0, 0, 1, 1), 2, (0,), ((0, 9),))
    >>> print(t)
         8 4 2 1
     10  1 0 1 0   change to 9
     12  1 1 0 0
      5  0 1 0 1
    ------------
      3  0 0 1 1
    """

    heaps: tuple[int, ...]
    powers: tuple[int, ...]
    width: int
    rows: tuple[tuple[int, ...], ...]
    nim_sum: int
    nim_sum_bits: tuple[int, ...]
    leading: int | None
    leading_column: int | None
    to_change: tuple[int, ...]
    moves: tuple[tuple[int, int], ...]

    def __str__(self):
        numbers = [*self.heaps, self.nim_sum]
        num_w = max(len(str(x)) for x in numbers) + 1
        col_w = max(len(str(p)) for p in self.powers)

        def bits(row):
            return " ".join(f"{b:>{col_w}}" for b in row)

        head = " " * num_w + "  " + " ".join(f"{p:>{col_w}}" for p in self.powers)
        lines = [head]
        changes = dict(self.moves)
        for i, (h, row) in enumerate(zip(self.heaps, self.rows, strict=True)):
            line = f"{h:>{num_w}}  {bits(row)}"
            if i in changes:
                line += f"   change to {changes[i]}"
            lines.append(line)
        lines.append("-" * len(head))
        lines.append(f"{self.nim_sum:>{num_w}}  {bits(self.nim_sum_bits)}")
        return "\n".join(lines)


def binary_table(heaps) -> BinaryTable:
    """Return the column table of ``heaps`` in binary (see :class:`BinaryTable`).

    >>> binary_table([3, 3]).leading is None
    True
    """
    heaps = _small_heaps(heaps, "the binary table")
    s = nim_sum(heaps)
    width = max(1, max((h.bit_length() for h in heaps), default=0))
    powers = tuple(1 << k for k in range(width - 1, -1, -1))

    def bits(x):
        return tuple(1 if x & p else 0 for p in powers)

    leading = 1 << (s.bit_length() - 1) if s else None
    column = powers.index(leading) if s else None
    found = tuple(winning_moves(heaps))
    return BinaryTable(
        heaps=heaps,
        powers=powers,
        width=width,
        rows=tuple(bits(h) for h in heaps),
        nim_sum=s,
        nim_sum_bits=bits(s),
        leading=leading,
        leading_column=column,
        to_change=tuple(i for i, _ in found),
        moves=found,
    )


# ---------------------------------------------------------------------------
# Brute force (the slow twin the tests and benchmark compare against)
# ---------------------------------------------------------------------------

_BRUTE_MEMO: dict[tuple[bool, tuple[int, ...]], str] = {}


def _brute_force_outcome(heaps, misere: bool = False) -> str:
    """Return ``"P"`` or ``"N"`` by searching every line of play.

    A position is N when some move reaches a P-position; otherwise P.  With
    no move left, the player to move loses under normal play (P) and wins
    under misère play (N: the opponent took the last stone).  Positions are
    memoised with their heaps sorted (order does not matter).  The search
    keeps its own stack, so long games do not hit Python's recursion limit.

    >>> _brute_force_outcome([10, 12, 5]), _brute_force_outcome([1, 1, 1], misere=True)
    ('N', 'P')
    """
    misere = bool(misere)
    start = tuple(sorted(as_heaps(heaps)))
    memo = _BRUTE_MEMO
    stack = [start]
    while stack:
        pos = stack[-1]
        if (misere, pos) in memo:
            stack.pop()
            continue
        children = {
            tuple(sorted(pos[:i] + (new,) + pos[i + 1 :]))
            for i, h in enumerate(pos)
            for new in range(h)
        }
        unknown = [c for c in children if (misere, c) not in memo]
        if unknown:
            stack.extend(unknown)
            continue
        stack.pop()
        if not children:
            memo[misere, pos] = "N" if misere else "P"
        else:
            wins = any(memo[misere, c] == "P" for c in children)
            memo[misere, pos] = "N" if wins else "P"
    return memo[misere, start]


def _brute_force_winning_moves(heaps, misere: bool = False) -> list[tuple[int, int]]:
    """Every move to a P-position, found by :func:`_brute_force_outcome`.

    >>> _brute_force_winning_moves([3, 5, 7])
    [(0, 2), (1, 4), (2, 6)]
    """
    heaps = _heaps(heaps)
    return [
        (i, new)
        for i, h in enumerate(heaps)
        for new in range(h)
        if _brute_force_outcome(heaps[:i] + (new,) + heaps[i + 1 :], misere) == "P"
    ]


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------


def _stones(n: int) -> str:
    return "1 stone" if n == 1 else f"{show(n)} stones"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _range_text(lo: int, hi: int) -> str:
    if lo == hi:
        return show(lo)
    if hi == lo + 1:
        return f"{show(lo)} or {show(hi)}"
    return f"from {show(lo)} to {show(hi)}"


def _position_text(heaps) -> str:
    return ", ".join(map(str, heaps)) if heaps else "(no piles)"


def _subpiles_sentence(heaps) -> str:
    if not heaps:
        return "There are no piles, so there are no subpiles."
    parts = [
        f"{h} = {' + '.join(map(str, binary_expansion(h)))}" if h else "0 (empty)" for h in heaps
    ]
    return f"Break each pile into subpiles: {', '.join(parts)}."


# ---------------------------------------------------------------------------
# The terminal game
# ---------------------------------------------------------------------------


#: The longest answer read from a pipe or file, in characters.  A longer
#: line (``< /dev/zero`` never ends one) ends the game instead of filling
#: memory.
MAX_ANSWER = 1000


class _EndOfInput(Exception):
    """The player closed the input (Ctrl-D, end of a piped file)."""


class _OutputGone(Exception):
    """Standard output cannot be written (closed, a full disk, an I/O error)."""


class _Console:
    """Prompts and answers on a pair of text streams.

    When reading from an interactive terminal with the real standard streams,
    the built-in ``input`` is used (line editing works).  Otherwise the answer
    is echoed after the prompt, so a transcript of a scripted game reads the
    same as one typed by hand.
    """

    def __init__(self, stdin=None, stdout=None):
        self.interactive = stdin is None and stdout is None and _isatty(sys.stdin)
        # A closed standard stream is None in Python (``<&-``, ``>&-``).
        self.stdin = sys.stdin if stdin is None else stdin
        self.stdout = sys.stdout if stdout is None else stdout
        for stream in (self.stdin, self.stdout):
            if stream is sys.stdin or stream is sys.stdout:
                # bytes that are not UTF-8 on stdin, or a name the terminal
                # cannot show, become "?"-like marks instead of an exception
                with contextlib.suppress(AttributeError, ValueError, OSError):
                    stream.reconfigure(errors="replace")

    def say(self, text: str = "") -> None:
        self._write(text + "\n")

    def _write(self, text: str) -> None:
        if self.stdout is None:
            raise _OutputGone("standard output is closed")
        try:
            self.stdout.write(text)
            self.stdout.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:  # ValueError: the stream was closed
            raise _OutputGone(getattr(exc, "strerror", None) or str(exc)) from None

    def ask(self, prompt: str) -> str:
        if self.stdin is None:
            raise _EndOfInput
        if self.interactive:
            try:
                return input(prompt).strip()
            except EOFError:
                raise _EndOfInput from None
            except UnicodeError:
                return "\ufffd"  # not text: the caller asks again
        self._write(prompt)  # a prompt on a pipe must show before we wait
        try:
            line = self.stdin.readline(MAX_ANSWER + 1)
        except UnicodeError:
            line = "\ufffd\n"
        except (OSError, ValueError):
            raise _EndOfInput from None
        if not line:
            raise _EndOfInput
        if len(line) > MAX_ANSWER and not line.endswith("\n"):
            self._write("\n")
            self.say(f"That answer is longer than {MAX_ANSWER} characters: ending the game.")
            raise _EndOfInput
        answer = line.strip()
        self._write(answer + "\n")
        return answer


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _board(heaps) -> list[str]:
    return [f"Pile {i}: {'O' * h if h else '(empty)'}" for i, h in enumerate(heaps, start=1)]


def _ask_number(console: _Console, prompt: str) -> int:
    while True:
        answer = console.ask(prompt)
        try:
            return int(answer)
        except ValueError:
            if answer:
                console.say(f"'{answer}' is not a whole number: please type a number such as 2.")
            else:
                console.say("Please type a number such as 2.")


def _ask_move(console: _Console, heaps: tuple[int, ...]) -> tuple[int, int]:
    """Ask for a pile number and a number of stones until both are valid."""
    n = len(heaps)
    while True:
        pile = _ask_number(console, "Which pile? ")
        if not 1 <= pile <= n:
            console.say(f"There is no pile {pile}: choose a pile from 1 to {n}.")
        elif heaps[pile - 1] == 0:
            console.say(f"Pile {pile} is empty: choose a pile that has stones in it.")
        else:
            break
    size = heaps[pile - 1]
    while True:
        take = _ask_number(console, "How many stones? ")
        if take < 0:
            console.say("You cannot take a negative number of stones.")
        elif take == 0:
            console.say("You must take at least one stone.")
        elif take > size:
            console.say(f"Pile {pile} has only {_stones(size)}: take {_range_text(1, size)}.")
        else:
            return pile - 1, size - take


def _ask_yes_no(console: _Console, prompt: str) -> bool:
    while True:
        answer = console.ask(prompt).lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        console.say("Please answer y or n.")


def _ask_name(console: _Console, prompt: str, default: str, taken: str | None = None) -> str:
    while True:
        name = console.ask(prompt) or default
        if taken is not None and name.casefold() == taken.casefold():
            console.say(f"{taken} is already playing: please choose another name.")
            continue
        return name


def _deal(rng) -> tuple[int, ...]:
    """Deal 2 to 5 piles of 1 to 8 stones each."""
    return tuple(rng.randint(1, 8) for _ in range(rng.randint(2, 5)))


def _parser():
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m cgteach.nim",
        description=(
            "Play Nim in the terminal.  Piles of stones are dealt at random; on your "
            "turn choose a pile and take at least one stone from it.  Whoever takes "
            "the last stone wins (or loses, with --misere).  Before each move the "
            "game suggests a winning move, if there is one."
        ),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="seed the deal, for a game you can replay",
    )
    parser.add_argument(
        "--misere", action="store_true", help="misère play: whoever takes the last stone loses"
    )
    parser.add_argument(
        "--computer",
        action="store_true",
        help="player 2 is the computer, which plays perfectly",
    )
    parser.add_argument(
        "--heaps",
        type=int,
        nargs="+",
        default=None,
        metavar="SIZE",
        help="start every game from these pile sizes instead of a random deal "
        "(e.g. --heaps 10 12 5)",
    )
    parser.add_argument(
        "--no-hints", dest="hints", action="store_false", help="do not suggest moves"
    )
    return parser


def _play_game(console, names, first, heaps, misere, computer, hints) -> int:
    """Play one game from ``heaps``; return the winner's index (0 or 1)."""
    player = first
    last_mover = None
    while any(heaps):
        console.say()
        for line in _board(heaps):
            console.say(line)
        name = names[player]
        is_computer = computer and player == 1
        if is_computer:
            index, new = best_move(heaps, misere)
            console.say(f"{name} takes {_stones(heaps[index] - new)} from pile {index + 1}.")
        else:
            console.say(f"{name}, it is your move.")
            if hints:
                console.say("Hint: " + hint(heaps, misere))
            index, new = _ask_move(console, heaps)
            console.say(f"{name} takes {_stones(heaps[index] - new)} from pile {index + 1}.")
        heaps = play(heaps, (index, new))
        last_mover = player
        player = 1 - player
    other = 1 - last_mover
    console.say()
    if misere:
        console.say(f"{names[last_mover]} took the last stone, so {names[other]} wins!")
        return other
    console.say(f"{names[last_mover]} took the last stone and wins!")
    return last_mover


def main(argv=None, *, input=None, output=None) -> int:
    """Play Nim in the terminal; return the exit code (0).

    ``argv`` are the command-line arguments (``sys.argv[1:]`` when ``None``);
    ``input`` and ``output`` are text streams (standard input and output when
    ``None``), so a test can script a whole game.  End of input or Ctrl-C
    ends the game politely with exit code 0; so does a closed standard input
    or an answer longer than :data:`MAX_ANSWER` characters (``< /dev/zero``).
    Bytes that are not UTF-8 are read as replacement marks and asked again.
    If standard output is closed or cannot be written (``> /dev/full``) the
    game stops with exit code 1 and says so on standard error; so does
    ``--help`` (see :mod:`cgteach._cli`).  Run ``python -m cgteach.nim --help``
    for the options.
    """
    if output is None:
        from cgteach import _cli

        return _cli.run(lambda: _main(argv, input, None), "cgteach.nim")
    return _main(argv, input, output)


def _main(argv, input, output) -> int:
    import random

    if argv is None:
        # Ctrl-C from here on is a KeyboardInterrupt: the game says goodbye
        _restore_ctrl_c()
    parser = _parser()
    args = parser.parse_args(argv)  # argparse itself ignores a failing stream
    start = None
    if args.heaps is not None:
        try:
            start = as_heaps(args.heaps)
        except (TypeError, ValueError) as exc:
            parser.error(f"--heaps: {exc}")
        if len(start) > MAX_GAME_HEAPS or max(start) > MAX_GAME_SIZE:
            # the board draws every stone: keep it on one screen
            parser.error(
                f"--heaps: the terminal game takes at most {MAX_GAME_HEAPS} piles of "
                f"0 to {MAX_GAME_SIZE} stones, got {len(start)} piles, the largest "
                f"{show(max(start))}"
            )
        if not any(start):
            parser.error("--heaps: at least one pile must have a stone in it")
    console = _Console(input, output)
    rng = random.Random(args.seed)
    try:
        rule = "takes the last stone loses" if args.misere else "takes the last stone wins"
        console.say(f"Welcome to Nim! Take turns removing stones; whoever {rule}.")
        first_name = _ask_name(console, "Player 1, what is your name? ", "Player 1")
        if args.computer:
            names = (first_name, "The computer")
            console.say("Player 2 is the computer.")
        else:
            second = _ask_name(console, "Player 2, what is your name? ", "Player 2", first_name)
            names = (first_name, second)
        score = [0, 0]
        game = 1
        while True:
            heaps = start if start is not None else _deal(rng)
            first = (game - 1) % 2
            console.say()
            console.say(f"Game {game}: {names[first]} starts.")
            winner = _play_game(
                console, names, first, heaps, args.misere, args.computer, args.hints
            )
            score[winner] += 1
            console.say(f"Score: {names[0]} {score[0]}, {names[1]} {score[1]}.")
            if not _ask_yes_no(console, "Play again? (y/n) "):
                break
            game += 1
        console.say("Thanks for playing. Goodbye!")
    except (_EndOfInput, KeyboardInterrupt):
        # a second Ctrl-C while saying goodbye changes nothing; then Ctrl-C is as it was
        previous = _ignore_ctrl_c() if argv is None else None
        try:
            console.say()
            console.say("Goodbye!")
        except BrokenPipeError:
            _silence(console.stdout)
        except _OutputGone as exc:
            return _output_gone(console.stdout, exc)
        finally:
            if previous is not None:
                _restore_ctrl_c(previous)
    except BrokenPipeError:
        # The reader went away (``... | head -3``): nobody is left to play with.
        _silence(console.stdout)
    except _OutputGone as exc:
        return _output_gone(console.stdout, exc)
    return 0


def _restore_ctrl_c(handler=None) -> None:
    """Ctrl-C back to ``handler`` (Python's own KeyboardInterrupt when None)."""
    import signal

    with contextlib.suppress(ValueError, OSError, TypeError):  # not the main thread
        signal.signal(signal.SIGINT, signal.default_int_handler if handler is None else handler)


def _ignore_ctrl_c():
    """Ignore Ctrl-C; return the handler it had (None if it could not be changed)."""
    import signal

    with contextlib.suppress(ValueError, OSError):  # not the main thread
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    return None


def _output_gone(stdout, exc) -> int:
    """Say on standard error (if it is open) that output failed; return 1."""
    _silence(stdout)
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"cgteach.nim: cannot write to standard output: {exc}\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return 1


def _silence(stream) -> None:
    """Point a closed standard output at /dev/null so the exit flush is quiet."""
    import os

    if stream is sys.stdout and stream is not None:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass


if __name__ == "__main__":
    sys.exit(main())
