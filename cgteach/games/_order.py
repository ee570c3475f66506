"""Floor 1 of :mod:`cgteach.games`: order, canonical forms and arithmetic.

``G <= H`` is decided by the recursive definition with fast paths for numbers
and nimbers; the canonical form removes dominated options and bypasses
reversible ones; sums, negatives, Norton's ordinal sum and Hackenbush
stalks build new canonical games.  Everything here takes canonical games
(reading other values is floor 2's work); :func:`work_budget` bounds a
computation.  Re-exported by :mod:`cgteach.games`.

May import: floor 0 (``_forms``), ``cgteach._validate`` and
``cgteach.numbers``.
"""

from __future__ import annotations

from fractions import Fraction
from operator import attrgetter

from cgteach.games._forms import (
    MAX_BIRTHDAY,
    MAX_NIMBER_OPTIONS,
    ZERO,
    Game,
    _intern,
    _Raw,
    nimber,
    number,
)
from cgteach.numbers import simplest_between as _simplest_between

_LE: dict[int, bool] = {}


def _le(g, h) -> bool:
    if g is h:
        return True
    gi = g._id
    hi = h._id
    if gi is not None and hi is not None:
        key = (gi << 32) | hi  # one int hashes faster than a pair
        r = _LE.get(key)
        if r is not None:
            return r
        x = g._num
        y = h._num
        a = g._lsf
        b = h._lsf
        if a is not None and b is not None and (a > b or g._rsf > h._rsf):
            # G <= H forces both stops of G to be at most those of H (for two
            # numbers this is the whole answer).
            r = False
        elif a is not None and b is not None and a < h._rsf:
            # LS(G) < x < RS(H) for some number x, and G < x < H.
            r = True
        elif x is not None and y is not None:
            r = x <= y
        elif g._nim is not None and h._nim is not None:
            r = False  # distinct nimbers are fuzzy
        elif g._nim is not None and y is not None:
            r = y > 0  # *n (n >= 1) is fuzzy with 0 and less than every positive number
        elif x is not None and h._nim is not None:
            r = x < 0
        elif g._nim is not None and y is None:
            return bool(_nim_row(h, g._nim)[0][g._nim])  # *k <= h (h: no number, no nimber)
        elif h._nim is not None and x is None:
            return bool(_nim_row(g, h._nim)[1][h._nim])  # g <= *k
        elif y is not None:
            # g is not a number.  By number translation g - y = {g^L - y | g^R - y},
            # so g <= y iff no g^L >= y.
            r = True
            for gl in g.left:
                if _le(h, gl):
                    r = False
                    break
        elif x is not None:
            # y <= h (h not a number) iff no h^R <= y, for the same reason.
            r = True
            for hr in h.right:
                if _le(hr, g):
                    r = False
                    break
        else:
            r = _le_def(g, h)
        _LE[key] = r
        return r
    # One of them is the canonicaliser's raw game: the same shortcuts on the
    # stops when it knows its stops, else the definition.
    if gi is None:
        memo = g.below
        r = memo.get(hi)
        if r is None:
            r = memo[hi] = _le_stops(g, h)
        return r
    memo = h.above
    r = memo.get(gi)
    if r is None:
        r = memo[gi] = _le_stops(g, h)
    return r


def _le_stops(g, h) -> bool:
    a = g._lsf
    b = h._lsf
    if a is not None and b is not None:
        if a > b or g._rsf > h._rsf:
            return False
        if a < h._rsf:
            return True
    return _le_def(g, h)


# Comparing a game G (neither a number nor a nimber) with nimbers *k, for all
# k at once.  With (*k)^L = (*k)^R = {*j : j < k} the definition reads
#     *k <= G  iff  no j < k has G <= *j,  and no G^R <= *k;
#     G <= *k  iff  no G^L >= *k,          and no j < k has *j <= G.
# Filling k = 0, 1, 2, ... in order with running "some earlier j" flags costs
# a few comparisons per k instead of k of them, so *65536 against ↑ is cheap.
_NIM_ROWS: dict[int, list] = {}  # G id -> [*k <= G bytes, G <= *k bytes, any so far, any]


def _star_le(k: int, h) -> bool:
    """*k <= h."""
    if k == 0:
        return _le(ZERO, h)
    if h._num is not None:
        return h._num > 0
    if h._nim is not None:
        return h._nim == k
    return bool(_nim_row(h, k)[0][k])


def _le_star(h, k: int) -> bool:
    """h <= *k."""
    if k == 0:
        return _le(h, ZERO)
    if h._num is not None:
        return h._num < 0
    if h._nim is not None:
        return h._nim == k
    return bool(_nim_row(h, k)[1][k])


def _nim_row(g, n: int) -> list:
    if n > MAX_NIMBER_OPTIONS:
        raise ValueError(
            f"comparing *{n} with a game that is neither a number nor a nimber looks at "
            f"{n} options; this engine does so up to *{MAX_NIMBER_OPTIONS} "
            "(cgteach.games.MAX_NIMBER_OPTIONS)"
        )
    row = _NIM_ROWS.get(g._id)
    if row is None:
        row = _NIM_ROWS[g._id] = [bytearray(), bytearray(), False, False]
    below, above = row[0], row[1]
    k = len(below)
    if k <= n and (len(above) != k or row[2] != (below.find(1) >= 0)
                   or row[3] != (above.find(1) >= 0)):
        # a Ctrl-C between the two appends (or before the flags) left the row uneven:
        # keep what both halves finished, and the flags that go with it
        k = min(k, len(above))
        del below[k:], above[k:]
        row[2], row[3] = below.find(1) >= 0, above.find(1) >= 0
    while k <= n:
        ok_below = not row[3]  # *k <= g
        if ok_below:
            for gr in g.right:
                if _le_star(gr, k):
                    ok_below = False
                    break
        ok_above = not row[2]  # g <= *k
        if ok_above:
            for gl in g.left:
                if _star_le(k, gl):
                    ok_above = False
                    break
        below.append(ok_below)
        above.append(ok_above)
        row[2] = row[2] or ok_below
        row[3] = row[3] or ok_above
        k += 1
    return row


#: Work left for the current budgeted computation (None: no budget); see work_budget.
_WORK = [None]


class OutOfWork(ValueError):
    """A budgeted computation (:func:`work_budget`) used up its steps."""


def _spend():
    left = _WORK[0]
    if left is not None:
        if left <= 0:
            raise OutOfWork("the work budget of this computation is spent")
        _WORK[0] = left - 1


class work_budget:
    """Bound the steps (canonical forms built and order tests by definition) of a computation.

    A count, not a clock: the same computation is refused at the same point
    on every machine.  Budgets nest; the innermost one counts.

    >>> from cgteach.games import game
    >>> with work_budget(10):
    ...     _ = game([0], [UP])
    >>> with work_budget(0):
    ...     _ = game([number("12345/1048576")], [nimber(977)])
    Traceback (most recent call last):
    ...
    cgteach.games.OutOfWork: the work budget of this computation is spent
    """

    def __init__(self, steps: int):
        self.steps = steps

    def __enter__(self):
        self.saved = _WORK[0]
        _WORK[0] = self.steps
        return self

    def __exit__(self, *exc):
        self.used = self.steps - (_WORK[0] or 0)
        _WORK[0] = self.saved
        return False


def _le_def(g, h) -> bool:
    if _WORK[0] is not None:
        _spend()
    # Plain loops, not any()/all() over generators: a generator driven by a C
    # builtin grows the C stack on every level of the recursion.
    for gl in g.left:
        if _le(h, gl):
            return False
    for hr in h.right:  # noqa: SIM110 (see above)
        if _le(hr, g):
            return False
    return True


# ---------------------------------------------------------------------------
# Canonical form.

_CANON: dict[tuple, Game] = {}
_INF = float("inf")


def _distinct(options) -> list:
    seen = {}
    for o in options:
        seen.setdefault(o._id, o)
    return list(seen.values())


def _undominated(options, left: bool) -> list:
    """Keep the options not dominated by another (for Left: the maximal ones).

    The options are distinct canonical games, so no two are equal and the
    maximal ones can be collected in one pass: a newcomer is dropped if a
    kept option beats it, and otherwise evicts the kept options it beats.
    """
    # Numbers are totally ordered: of the number options only the best can
    # stay (Left's greatest, Right's least), found without comparing games.
    best = None
    rest = []
    for a in options:
        x = a._lsf if a._num is not None else None
        if x is None:
            rest.append(a)
        elif best is None or (x > best._lsf if left else x < best._lsf):
            best = a
    if best is not None and len(rest) < len(options) - 1:
        options = [best, *rest]
    if len(options) < 2:
        return list(options)
    # Best stops first (Left: the greatest (LS, RS) first; Right: the least):
    # X <= Y needs LS(X) <= LS(Y) and RS(X) <= RS(Y), so a newcomer can beat
    # an option kept before it only when their stops are equal.
    for a in options:
        if a._lsf is None:
            by_stops = False  # a stop too big for a float: compare every pair
            break
    else:
        by_stops = True
        options = sorted(options, key=_stops, reverse=left)
    keep = []
    for a in options:
        beaten = False
        for b in keep:
            if _le(a, b) if left else _le(b, a):
                beaten = True
                break
        if beaten:
            continue
        if by_stops:
            ls, rs = a._lsf, a._rsf
            keep = [b for b in keep if b._lsf != ls or b._rsf != rs
                    or not (_le(b, a) if left else _le(a, b))]
        else:
            keep = [b for b in keep if not (_le(b, a) if left else _le(a, b))]
        keep.append(a)
    return keep


_stops = attrgetter("_lsf", "_rsf")  # the sort key (LS, RS) of a game, as floats


def _canonical(left, right) -> Game:
    """The canonical form of {left | right}; both are lists of canonical games."""
    # Repeats collapse in the key's sets, so the (common) memo hit needs no _distinct.
    key = (frozenset([g._id for g in left]), frozenset([g._id for g in right]))
    g = _CANON.get(key)
    if g is not None:
        return g
    g = _canonical_uncached(_distinct(left), _distinct(right))
    _CANON[key] = g
    return g


def _cross_maximal(first, second, left: bool) -> list:
    """The undominated options of ``first + second`` when each list alone has none.

    In a sum G + H the left options G^L + H never dominate one another (G
    is canonical, so its G^L are pairwise incomparable), and neither do the
    G + H^L; only options from different lists need comparing.
    """
    if not first or not second:
        return first or second
    ids = {a._id for a in first}
    keep = []
    for a in first:
        beaten = False
        for b in second:
            if b is not a and (_le(a, b) if left else _le(b, a)):
                beaten = True
                break
        if not beaten:
            keep.append(a)
    for b in second:
        if b._id in ids:
            continue  # the same game as an option of the first list
        beaten = False
        for a in first:
            if _le(b, a) if left else _le(a, b):
                beaten = True
                break
        if not beaten:
            keep.append(b)
    return keep


def _canonical_of_sum(left1, left2, right1, right2) -> Game:
    """Canonical form of {left1, left2 | right1, right2}, each list free of dominated options."""
    left = left1 + left2
    right = right1 + right2
    key = (frozenset([g._id for g in left]), frozenset([g._id for g in right]))
    g = _CANON.get(key)
    if g is not None:
        return g
    g = _canonical_uncached(
        _cross_maximal(left1, left2, True), _cross_maximal(right1, right2, False), True
    )
    _CANON[key] = g
    return g


def _canonical_uncached(left, right, pruned=False) -> Game:
    _spend()
    # Simplicity rule: numbers on both sides, every left one below every right one.
    for o in left:
        if o._num is None:
            break
    else:
        for o in right:
            if o._num is None:
                break
        else:
            a = max([o._num for o in left], default=None)
            b = min([o._num for o in right], default=None)
            if a is None or b is None or a < b:
                return number(_simplest_between(a, b))
    raw = None
    while True:
        if not pruned:
            left = _undominated(left, True)
            right = _undominated(right, False)
        pruned = False
        # Bounds on the stops of raw, which every X <= raw and raw <= X must
        # respect: RS(raw) <= the least left stop of a right option and
        # LS(raw) >= the greatest right stop of a left option (also when raw
        # equals a number x: then LS(raw) = RS(raw) = x lies between the two).
        # An option of an option beyond them cannot make its option
        # reversible, without a comparison by definition.
        rs_up, ls_low = _INF, -_INF
        for o in right:
            x = o._lsf
            if x is None:
                rs_up = None
                break
            if x < rs_up:
                rs_up = x
        for o in left:
            x = o._rsf
            if x is None:
                ls_low = None
                break
            if x > ls_low:
                ls_low = x
        if rs_up is not None and ls_low is not None and ls_low >= rs_up:
            # Then they are the stops of raw: equal to a number x, it would
            # have ls_low <= x <= rs_up, so x = ls_low = rs_up; not equal to
            # a number, its stops are ls_low and rs_up by definition.  _le
            # uses them as it does those of canonical games.
            lsf, rsf = ls_low, rs_up
        else:
            lsf = rsf = None
        if raw is None:
            raw = _Raw(left, right, lsf, rsf)
        else:
            # Removing dominated options and bypassing reversible ones keep
            # the value, so what raw's memos know of X <= raw and raw <= X
            # stays true: only the options change.
            raw.left, raw.right, raw._lsf, raw._rsf = left, right, lsf, rsf
        changed = False
        new_left = []
        for a in left:
            for ar in a.right:
                if rs_up is not None and ar._rsf is not None and ar._rsf > rs_up:
                    continue  # RS(ar) > RS(raw): not ar <= raw
                if _le(ar, raw):  # a reverses through ar: bypass it
                    new_left.extend(ar.left)
                    changed = True
                    break
            else:
                new_left.append(a)
        new_right = []
        for a in right:
            for al in a.left:
                if ls_low is not None and al._lsf is not None and ls_low > al._lsf:
                    continue  # LS(raw) > LS(al): not raw <= al
                if _le(raw, al):
                    new_right.extend(al.right)
                    changed = True
                    break
            else:
                new_right.append(a)
        if not changed:
            return _intern(left, right)
        left = _distinct(new_left)
        right = _distinct(new_right)


# ---------------------------------------------------------------------------
# Sums and negatives.

_ADD: dict[int, Game] = {}
_NEG: dict[int, Game] = {}


def _add(g, h) -> Game:
    # Zero is the one game whose _nim is 0 (an int test: no Fraction.__eq__).
    if g._nim == 0:
        return h
    if h._nim == 0:
        return g
    if g._id > h._id:
        g, h = h, g
    key = (g._id << 32) | h._id  # numbers and nimbers too: one lookup, no Fraction arithmetic
    r = _ADD.get(key)
    if r is not None:
        return r
    if g._num is not None and h._num is not None:
        r = _ADD[key] = number(g._num + h._num)
        return r
    if g._nim is not None and h._nim is not None:
        r = _ADD[key] = nimber(g._nim ^ h._nim)
        return r
    if _NEG.get(g._id) is h:
        return ZERO  # G + (-G) = 0 without playing it out
    if g._num is None and h._num is None and g._depth + h._depth > MAX_BIRTHDAY:
        # The sum's positions reach that deep; refuse now rather than after
        # a long wait (its canonical form could only be shallower by luck).
        raise ValueError(
            f"this sum is too big: its parts that are not numbers are born on days "
            f"{g._depth} and {h._depth}, together more than {MAX_BIRTHDAY} "
            "(cgteach.games.MAX_BIRTHDAY)"
        )
    if h._num is not None:
        # Number translation: for g not a number, g + x = {g^L + x | g^R + x}.
        r = _canonical_of_sum(
            [_add(gl, h) for gl in g.left], [], [_add(gr, h) for gr in g.right], []
        )
    elif g._num is not None:
        r = _canonical_of_sum(
            [_add(g, hl) for hl in h.left], [], [_add(g, hr) for hr in h.right], []
        )
    else:
        r = _canonical_of_sum(
            [_add(gl, h) for gl in g.left],
            [_add(g, hl) for hl in h.left],
            [_add(gr, h) for gr in g.right],
            [_add(g, hr) for hr in h.right],
        )
    _ADD[key] = r
    return r


def _neg(g) -> Game:
    r = _NEG.get(g._id)
    if r is not None:
        return r
    if g._nim is not None and g._num is None:
        return g
    if g._num is not None:
        r = number(-g._num)
    else:
        # The negative of a canonical form is canonical: no simplification needed.
        r = _intern([_neg(o) for o in g.right], [_neg(o) for o in g.left])
    _NEG[g._id] = r
    _NEG[r._id] = g
    return r


def _stop(g, left_first: bool) -> Fraction:
    return g._ls if left_first else g._rs


_ORD: dict[tuple, Game] = {}


def _ordinal(g, h) -> Game:
    if h._num is not None and h._num == 0:
        return g
    key = (g._id, h._id)
    r = _ORD.get(key)
    if r is None:
        if g._num is not None and (g._num == 1 or g._num == -1) or g._nim == 1:
            r = _edge_ordinal(g, h)
        else:
            r = _canonical(
                list(g.left) + [_ordinal(g, o) for o in h.left],
                list(g.right) + [_ordinal(g, o) for o in h.right],
            )
        _ORD[key] = r
    return r


# An edge under a game: G:H for G = 1, -1 or * (a blue, red or green
# Hackenbush edge with H standing on it) needs no comparison at all.  With H
# canonical,
#
#     1:H = {1:H^L | 1:H^R}  (or {0 | 1:H^R} when H has no left option),
#    -1:H = the mirror image,   *:H = {0, *:H^L | 0, *:H^R},
#
# is already canonical.  The reasons, all from one lemma:
#
# (a) G:A >= G:B iff A >= B, for any forms G, A, B.  If A - B >= 0, Left
#     wins G:A - G:B moving second: she answers a move in the tops by her
#     winning answer in A - B, and a move in one base by the same move in
#     the other base, which leaves G' - G' = 0.  If A - B is not >= 0, Right
#     wins moving first in the same way.
# (b) So the options 1:a (a in H^L) are pairwise incomparable, as the a are,
#     and none reverses: a Right option 1:b of 1:a (b in a^R) with
#     1:b <= 1:H would mean b <= H, a reversible a in canonical H.
# (c) The base's own options: 1:H > 0 (Left cuts the bottom edge and wins,
#     whoever starts), so 1:a > 0 and the option 0 of 1 is dominated as soon
#     as H has a left option; 0 has no options, so it never reverses.  For
#     *:H, the first player cuts the green bottom edge and wins, so *:H and
#     every *:a are fuzzy with 0: 0 stays on both sides, dominates nothing
#     and is not dominated, and a right option 0 of *:a is not <= *:H.
#
# tests/test_games.py checks this against the general construction.


def _edge_ordinal(g, h) -> Game:
    _spend()
    left = [_ordinal(g, o) for o in h.left]
    right = [_ordinal(g, o) for o in h.right]
    if g._nim == 1:
        left.append(ZERO)
        right.append(ZERO)
    elif g._num > 0:
        if not left:
            left.append(ZERO)
    elif not right:
        right.append(ZERO)
    return _intern(left, right)


# A whole stalk at once.  The positions of a Hackenbush stalk are its
# prefixes P_0 = 0, P_1, ..., P_n (cutting edge j+1 leaves P_j), and any two
# compare by one colour: for i < j, P_j = P_i : S with S the segment of
# edges i+1..j, so by (a) above P_j - P_i has the sign of S, and S has the
# sign of its bottom edge (blue: Left cuts it and wins whoever starts, so
# S > 0; red: S < 0; green: the first player cuts it, S is fuzzy).  Built
# from the ground up, every canonical form met has prefixes as its options
# (a reversible option is replaced by options of a canonical prefix), so a
# stalk of n edges is n interned games and no comparison by definition:
# quadratic in the worst case (the canonical form itself can be that big),
# where building it edge by edge from the top makes all n**2 / 2 segments.
#
# tests/test_games.py checks this against ordinal sums built from the top.


def _stalk(colours) -> Game:
    """The canonical form of a Hackenbush stalk; ``colours`` from the ground up (1, -1 or 0)."""
    n = len(colours)
    c = list(colours)
    games = [ZERO]
    lefts: list[list[int]] = [[]]
    rights: list[list[int]] = [[]]
    # whether prefix j, as a Left option, reverses: one of its canonical Right
    # options P_r lies below every later prefix, i.e. edge r+1 is blue (and
    # the mirror for Right options)
    rev_left: list[bool] = [False]
    rev_right: list[bool] = [False]
    left_cands: list[int] = []  # prefixes left by a Left move, low to high
    right_cands: list[int] = []

    def below(a, b):  # P_a < P_b for distinct prefixes
        return c[a] > 0 if a < b else c[b] < 0

    def maximal(xs, left):
        if len(xs) < 2:
            return xs
        top = max(xs)
        if left:
            low = min((b for b in xs if c[b] < 0), default=n)  # P_low > every higher prefix
            return [a for a in xs if not ((c[a] > 0 and a < top) or low < a)]
        low = min((b for b in xs if c[b] > 0), default=n)
        return [a for a in xs if not ((c[a] < 0 and a < top) or low < a)]

    for k in range(1, n + 1):
        _spend()
        j = k - 1
        if c[j] >= 0:
            if left_cands and c[left_cands[-1]] > 0:
                left_cands.pop()  # a blue cut below a later Left option is dominated
            left_cands.append(j)
        if c[j] <= 0:
            if right_cands and c[right_cands[-1]] < 0:
                right_cands.pop()
            right_cands.append(j)
        # left_cands keeps green cuts and at most a blue one on top: no two
        # compare, so nothing is dominated; bypass the reversible ones
        left = []
        for a in left_cands:
            if rev_left[a]:
                r = next(r for r in rights[a] if c[r] > 0)
                left.extend(lefts[r])
            else:
                left.append(a)
        right = []
        for a in right_cands:
            if rev_right[a]:
                r = next(r for r in lefts[a] if c[r] < 0)
                right.extend(rights[r])
            else:
                right.append(a)
        if len(left) != len(left_cands):
            left = maximal(sorted(set(left)), True)
        if len(right) != len(right_cands):
            right = maximal(sorted(set(right)), False)
        lefts.append(left)
        rights.append(right)
        rev_left.append(any(c[r] > 0 for r in right))
        rev_right.append(any(c[r] < 0 for r in left))
        games.append(_intern([games[a] for a in left], [games[a] for a in right]))
    return games[n]
