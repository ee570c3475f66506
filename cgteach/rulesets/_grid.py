"""What the board rulesets (Domineering, Clobber, Cram) share: rows, regions, bitmasks.

Floor 1 (``rulesets``, see the floors at the top of ``cgteach/__init__.py``):
it imports only ``cgteach._validate`` (floor 0) at the top and
``cgteach.games`` (floor 1) inside :func:`total`; the rulesets import it,
never the other way round.

A board is a tuple of equal-length strings; :func:`read_rows` checks one,
with each game's own words in its messages.  :func:`components` and
:func:`crop` find and cut out the regions (cells joined up, down, left or
right).  The rest works on bitmasks over a board of fixed width ``w`` (cell
``(r, c)`` is bit ``r*w + c``): :func:`split_masks` splits a mask into its
regions, :func:`corner_shift` moves one to the top-left corner,
:func:`reverse` and :func:`spreader` turn rows round for the symmetry
images.

>>> read_rows("..\\n.#", cls=tuple, name="Cram", alphabet=".#",
...           kinds="'.' and '#'", use="use '.' for a free cell", unit="cell", max_side=64)
('..', '.#')
>>> components(frozenset({(0, 0), (0, 1), (2, 2)}), sorted)
[[(0, 0), (0, 1)], [(2, 2)]]
>>> crop([(1, 1), (2, 2)], "#", ".")
['.#', '#.']
>>> [bin(m) for m in split_masks(0b1011, 8)]
['0b11', '0b1000']
"""

from __future__ import annotations

from cgteach._validate import show as _show


class GridPosition:
    """Mixin for an immutable board position kept as ``_rows``, a tuple of equal-length strings.

    The class sets ``_NAME`` (its name, as in its ``repr``) and reads its rows
    itself; no attribute may be set or deleted afterwards.  It then gets
    :attr:`rows`, :attr:`shape`, equality, hashing, ``repr``, ``str``, pickling
    and the entry of its position file.
    """

    __slots__ = ()
    _NAME = ""

    def _field(self) -> list:
        return list(self._rows)

    def __setattr__(self, name, value):
        raise AttributeError(f"{self._NAME} positions are immutable: a move returns a new one")

    def __delattr__(self, name):
        # one rule for every board: nothing is set, nothing is taken away
        raise AttributeError(f"{self._NAME} positions are immutable: a move returns a new one")

    @property
    def rows(self) -> tuple:
        """The rows as a tuple of strings."""
        return self._rows

    @property
    def shape(self) -> tuple:
        """``(rows, columns)``."""
        return (len(self._rows), len(self._rows[0]) if self._rows else 0)

    def __eq__(self, other):
        return isinstance(other, type(self)) and self._rows == other._rows

    def __hash__(self):
        return hash((self._NAME, self._rows))

    def __repr__(self):
        return f"{self._NAME}({list(self._rows)!r})"

    def __str__(self):
        return "\n".join(self._rows)

    def __reduce__(self):
        return (type(self), (list(self._rows),))


def cell_text(*cell) -> str:
    """A square ``(row, column)`` for a message, huge numbers summarised.

    >>> cell_text(2, 3), cell_text(0, 10**5000)
    ('(2, 3)', '(0, an integer of about 5001 digits)')
    """
    return "(" + ", ".join(_show(v) for v in cell) + ")"


def check_sides(m, n, unit: str, max_side: int) -> None:
    """A clear error unless ``m`` and ``n`` are whole numbers from 1 to ``max_side``."""
    for name, v in (("m", m), ("n", n)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a whole number of {unit}s, got {_show(v)}")
        if not 0 < v <= max_side:
            raise ValueError(f"{name} must be between 1 and {max_side}, got {_show(v)}")


def read_rows(rows, *, cls, name: str, alphabet: str, kinds: str, use: str, unit: str,
              max_side: int, bar: bool = False) -> tuple:
    """The rows of a board as a tuple of equal-length strings; a clear error otherwise.

    ``rows`` is a ``cls`` position (its rows are taken), a list of strings,
    or one string with a row a line (``bar``: ``"|"`` also separates rows).
    ``name``, ``kinds``, ``use`` and ``unit`` are the game's words in the
    messages; ``alphabet`` the characters a row may hold.
    """
    if isinstance(rows, cls):
        return rows._rows
    if isinstance(rows, str):
        if bar:
            rows = rows.strip("\n").replace("|", "\n").split("\n") if rows else []
        else:
            rows = rows.strip("\n").split("\n") if rows else []
    if isinstance(rows, bytes) or not hasattr(rows, "__iter__"):
        raise TypeError(f"a {name} board is a list of strings of {kinds}, got {_show(rows)}")
    out = []
    for i, row in enumerate(rows):
        if i >= max_side:
            raise ValueError(f"a board has at most {max_side} rows")
        if not isinstance(row, str):
            raise TypeError(f"row {i + 1} of the board must be a string, got {_show(row)}")
        if len(row) > max_side:
            raise ValueError(f"a board has at most {max_side} columns; row {i + 1} has {len(row)}")
        for j, ch in enumerate(row):
            if ch not in alphabet:
                raise ValueError(
                    f"row {i + 1} of the board has the character {ch!r} at column {j + 1}; {use}"
                )
        out.append(row)
    if not out or not out[0]:
        raise ValueError(f"a {name} board needs at least one row of at least one {unit}")
    if any(len(r) != len(out[0]) for r in out):
        lengths = sorted({len(r) for r in out})
        raise ValueError(f"every row of the board must have the same length, got lengths {lengths}")
    return tuple(out)


def components(cells: frozenset, finish=frozenset) -> list:
    """Groups of cells joined up, down, left or right (in reading order).

    Each group is handed to ``finish`` (``frozenset``, or ``sorted`` for a list).
    """
    left = set(cells)
    out = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        stack, comp = [start], [start]
        while stack:
            r, c = stack.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.discard(nb)
                    stack.append(nb)
                    comp.append(nb)
        out.append(finish(comp))
    return out


def crop(cells, background: str, ink) -> list:
    """The rows of the smallest board holding ``cells``.

    The other cells hold ``background``; a cell of ``cells`` holds ``ink``
    (one character) or, if ``ink`` is a dict, ``ink[(row, column)]``.
    """
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    out = [[background] * w for _ in range(h)]
    if isinstance(ink, str):
        for r, c in cells:
            out[r - r0][c - c0] = ink
    else:
        for r, c in cells:
            out[r - r0][c - c0] = ink[(r, c)]
    return ["".join(row) for row in out]


def total(values):
    """The sum of a non-empty list of canonical values (``cgteach.games``' own addition)."""
    from cgteach.games import _add

    acc = values[0]
    for v in values[1:]:
        acc = _add(acc, v)
    return acc


# -- bitmasks over a board of width w ------------------------------------------


def split_masks(mask: int, w: int) -> list:
    """The regions of a bitmask (bits joined up, down, left or right), lowest bit first."""
    out = []
    while mask:
        comp = mask & -mask
        while True:
            grow = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & mask
            if grow == comp:
                break
            comp = grow
        mask &= ~comp
        out.append(comp)
    return out


def corner_shift(mask: int, w: int) -> int:
    """How far to shift ``mask`` right to move it up and left into the corner.

    >>> corner_shift(0b1100 << 8, 8)
    10
    """
    row = (1 << w) - 1
    low = mask & -mask
    shift = (low.bit_length() - 1) // w * w
    mask >>= shift
    cols = 0
    while mask:
        cols |= mask & row
        mask >>= w
    return shift + (cols & -cols).bit_length() - 1


_REVERSED: dict = {}


def reverse(v: int, w: int) -> int:
    """The bits of a row of width ``w + 1`` in the opposite order.

    >>> bin(reverse(0b001, 2))
    '0b100'
    """
    key = (v, w)
    out = _REVERSED.get(key)
    if out is None:
        out = 0
        for c in range(w + 1):
            if v >> c & 1:
                out |= 1 << (w - c)
        _REVERSED[key] = out
    return out


def spreader(w: int):
    """A function turning a row into a column of a board of width ``w``: bit ``c`` goes
    to bit ``c * w`` (each board keeps its own table).

    >>> bin(spreader(4)(0b11))
    '0b10001'
    """
    table: dict = {}

    def spread(v: int) -> int:
        out = table.get(v)
        if out is None:
            out, c = 0, 0
            while v >> c:
                if v >> c & 1:
                    out |= 1 << (c * w)
                c += 1
            table[v] = out
        return out

    return spread
