"""Floor 2 of :mod:`cgteach.games`: reading and writing games.

``str(g)`` gives the textbook name (``↑*``, ``±1``, ``{1|*}``); :func:`parse`
reads every such text, with limits on length and nesting and no recursion on
the input's length.  Reading any other value as a game (an int, a dyadic
``Fraction``, a text, a pair of option lists) is here too, with the public
constructors that do it: :func:`game`, :func:`total` and
:func:`ordinal_sum`.  Re-exported by :mod:`cgteach.games`.

May import: floors 0 and 1 (``_forms``, ``_order``), ``cgteach._validate``
and ``cgteach.numbers``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from cgteach._validate import show as _show
from cgteach.games._forms import (
    _MAX_DIGITS,
    MAX_BIRTHDAY,
    MAX_NESTING,
    MAX_NIMBER,
    MAX_NUMBER_BITS,
    MAX_OPTIONS,
    MAX_TERMS,
    MAX_TEXT,
    STAR,
    UP,
    ZERO,
    Form,
    Game,
    _as_number,
    _deep,
    _digits,
    _int_of_digits,
    _remember,
    nimber,
    number,
)
from cgteach.games._order import _add, _canonical, _neg, _ordinal, _stop
from cgteach.numbers import format_number as _format_number

# ---------------------------------------------------------------------------
# Names in textbook notation.

# Multiples of up named n↑ (and down) in the text: ↑, ⇑, 3·↑, ...
_UPS_NAMED = 12
_STARS_NAMED = 8
_INFINITESIMALS: dict[int, tuple] = {}  # Game id -> (n, k) for n·↑ + *k
_table_built = [False]


def _build_table():
    # n·↑ + *k for small n and k.  Built once, on first need, from sums;
    # marked built only when finished (a Ctrl-C half-way leaves it to be
    # built again, not half a table for good).
    ups = {0: ZERO}
    for n in range(1, _UPS_NAMED + 1):
        ups[n] = _add(ups[n - 1], UP)
        ups[-n] = _neg(ups[n])
    for n, u in ups.items():
        for k in range(_STARS_NAMED):
            g = _add(u, nimber(k))
            _INFINITESIMALS.setdefault(g._id, (n, k))
    _table_built[0] = True


def _ups_text(n: int) -> str:
    if n == 0:
        return ""
    arrow = "↑" if n > 0 else "↓"
    m = abs(n)
    if m == 1:
        return arrow
    if m == 2:
        return "⇑" if n > 0 else "⇓"
    return f"{m}·{arrow}"


def _star_text(k: int) -> str:
    return "" if k == 0 else "*" if k == 1 else f"*{k}"


def _number_text(q: Fraction) -> str:
    """A number as :func:`parse` reads it back: ``3``, ``-1/2``, ``5/2**5000``.

    Numerators of up to :data:`MAX_NUMBER_BITS` bits are written in full and
    big denominators as ``2**k``; a larger number gets the summary of
    :func:`cgteach.numbers.format_number`, which no parser reads.
    """
    n, d = q.numerator, q.denominator
    if max(n.bit_length(), d.bit_length()) < 4000:
        return _format_number(q)
    k = d.bit_length() - 1
    if n.bit_length() > MAX_NUMBER_BITS or k > MAX_NUMBER_BITS:
        return _format_number(q)
    den = "" if d == 1 else f"/{d}" if k < 4000 else f"/2**{k}"
    return _digits(n) + den


def _name(g) -> str:
    t = g._text
    if t is not None:
        return t
    t = _name_uncached(g)
    object.__setattr__(g, "_text", t)
    return t


def _name_uncached(g) -> str:
    if g._num is not None:
        return _number_text(g._num)
    if g._nim is not None:
        return _star_text(g._nim)
    # x + n·↑ + *k ?
    ls = _stop(g, True)
    if ls == _stop(g, False):
        if not _table_built[0]:
            _build_table()
        inf = g if ls == 0 else _add(g, number(-ls))
        nk = _INFINITESIMALS.get(inf._id)
        if nk is not None:
            n, k = nk
            num = "" if ls == 0 else _number_text(ls)
            ups = _ups_text(n)
            if num and abs(n) >= 3:
                num += "+"
            return num + ups + _star_text(k)
    # ±x  and  x*n were handled above; {x | -x} for a positive number x:
    if len(g.left) == 1 and len(g.right) == 1:
        a, b = g.left[0], g.right[0]
        if a._num is not None and b._num is not None and a._num == -b._num and a._num > 0:
            return "±" + _number_text(a._num)
    left = [_name(o) for o in g.left]
    right = [_name(o) for o in g.right]
    size = sum(map(len, left)) + sum(map(len, right)) + len(left) + len(right)
    if size > MAX_TEXT:
        # Options shared many times over make the written form grow
        # exponentially with the birthday; refuse to build a giant string.
        return f"<a game born on day {g._bday}, too big to write out>"
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


# ---------------------------------------------------------------------------
# Reading textbook notation.

_ARROWS = {"↑": 1, "^": 1, "⇑": 2, "↓": -1, "v": -1, "⇓": -2}


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.depth = 0
        # The options of the last game written at the outer level, {..|..}
        # or ±x, as written: parse() returns a game that remembers them.
        self.outer = None

    def fail(self, message: str):
        where = self.i
        raise ValueError(
            f"cannot read the game text at position {where + 1}: {message}\n"
            f"    {self.text}\n    {' ' * where}^"
        )

    def peek(self) -> str:
        """The next character that is not white space ("" at the end); skips the spaces."""
        t = self.text
        i = self.i
        n = len(t)
        if i < n:
            c = t[i]
            if c in "{}|,*-+/":  # the usual case, answered at once
                return c
        while i < n:
            c = t[i]
            if not c.isspace():
                self.i = i
                return c
            i += 1
        self.i = i
        return ""

    def sum(self, raw_outer=False, remember=False):
        first = self.peek()
        terms = [self.term(raw_outer)]
        while self.peek() in ("+", "-"):
            op = self.text[self.i]
            self.i += 1
            t = self.term(False)
            terms.append(t if op == "+" else _neg(t))
        if len(terms) == 1:
            if remember and first in "{±" and self.outer is not None:
                return _remember(terms[0], *self.outer)
            return terms[0]
        if raw_outer:
            self.fail("a sum cannot be shown as one {left | right}; write a single game")
        acc = terms[0]
        for t in terms[1:]:
            acc = _add(acc, t)
        return acc

    def term(self, raw_outer=False):
        c = self.peek()
        if c == "":
            self.fail("the text ends where a game should be")
        if raw_outer and c not in "{±":
            self.fail("a game written as {left | right} should start with '{'")
        if c == "-":
            # -G negates a whole term; "-1/2↓*" is the number -1/2 plus ↓*,
            # so a minus before digits belongs to the number (see simple()).
            # A run of signs is counted in a loop, never by recursion, so
            # "- - - … *" of any length cannot exhaust the stack.
            minus = 0
            while self.peek() == "-" and not self.text[self.i + 1 : self.i + 2].isdigit():
                self.i += 1
                minus += 1
            if minus:
                g = self.term(False)
                return _neg(g) if minus % 2 else g
        if c == "±":
            # ±±x is ±(±x): count the run, read x once, then wrap it, all in a loop
            count = 0
            while self.peek() == "±":
                self.i += 1
                count += 1
                if count > MAX_NESTING:
                    self.fail(f"at most {MAX_NESTING} '±' in a row are read")
            g = self.term(False)
            for _ in range(count - 1):
                g = _canonical([g], [_neg(g)])
            if self.depth == 0:
                self.outer = ([g], [_neg(g)])
            if raw_outer:
                return Form._of([g], [_neg(g)])
            return _canonical([g], [_neg(g)])
        if c == "{":
            return self.braces(raw_outer)
        return self.simple()

    def braces(self, raw_outer):
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail(f"braces nested deeper than {MAX_NESTING} levels are refused")
        self.i += 1  # '{'
        left = self.options("|")
        if self.peek() != "|":
            self.fail("expected '|' between Left's and Right's options")
        self.i += 1
        right = self.options("}")
        if self.peek() != "}":
            self.fail("expected '}' to close the game")
        self.i += 1
        self.depth -= 1
        if self.depth == 0:
            self.outer = (left, right)
        if raw_outer:
            return Form._of(left, right)
        return _canonical(left, right)

    def options(self, end):
        opts = []
        if self.peek() in (end, "|", "}"):
            return opts
        while True:
            if len(opts) >= MAX_OPTIONS:
                self.fail(
                    f"more than {MAX_OPTIONS} options on one side are refused "
                    "(cgteach.games.MAX_OPTIONS)"
                )
            opts.append(self.sum())
            c = self.peek()
            if c == ",":
                self.i += 1
                continue
            if c in ("|", "}"):
                return opts
            if c == "":
                self.fail(f"the text ends before the closing '{end}'")
            self.fail(f"unexpected {c!r}: options are separated by ',' and sides by '|'")

    def simple(self):
        t = self.text
        start = self.i
        value = None
        mult = None
        # number part, with its sign
        negative = t.startswith("-", self.i)
        if negative:
            self.i += 1
        j = self.i
        if j < len(t) and t[j].isdigit():
            while j < len(t) and t[j].isdigit():
                j += 1
            num_text = t[self.i : j]
            numerator = num_text
            den = 1
            if j < len(t) and t[j] == "/":
                k = j + 1
                while k < len(t) and t[k].isdigit():
                    k += 1
                if k == j + 1:
                    self.i = j + 1
                    self.fail("expected a denominator after '/'")
                den_text = t[j + 1 : k]
                if den_text == "2" and t[k : k + 2] == "**" and t[k + 2 : k + 3].isdigit():
                    # a denominator written as a power of two, as str() writes big ones
                    e = k + 2
                    while e < len(t) and t[e].isdigit():
                        e += 1
                    if e - k - 2 > 6 or int(t[k + 2 : e]) > MAX_NUMBER_BITS:
                        self.fail(f"a denominator beyond 2**{MAX_NUMBER_BITS} is refused "
                                  "(cgteach.games.MAX_NUMBER_BITS)")
                    den = 1 << int(t[k + 2 : e])
                    k = e
                elif len(den_text) > _MAX_DIGITS:
                    self.fail(f"a number with more than {_MAX_DIGITS} digits is refused "
                              "(cgteach.games.MAX_NUMBER_BITS)")
                else:
                    den = _int_of_digits(den_text)
                num_text = t[self.i : k]
                j = k
            if len(numerator) > _MAX_DIGITS:
                self.fail(f"a number with more than {_MAX_DIGITS} digits is refused "
                          "(cgteach.games.MAX_NUMBER_BITS)")
            if den == 0:
                self.fail(f"{num_text} divides by zero: a denominator must be a power of two")
            q = Fraction(_int_of_digits(numerator), den)
            if q.numerator.bit_length() > MAX_NUMBER_BITS:
                self.fail(f"a number beyond 2**{MAX_NUMBER_BITS} is refused "
                          "(cgteach.games.MAX_NUMBER_BITS)")
            if negative:
                q = -q
            if q.denominator & (q.denominator - 1):
                self.fail(f"{num_text} is not a dyadic number (denominator not a power of two)")
            self.i = j
            if j < len(t) and t[j] in "·." and j + 1 < len(t) and t[j + 1] in _ARROWS:
                if q.denominator != 1 or negative:
                    self.fail("only a positive whole number of ↑ can be written n·↑ (use n·↓)")
                mult = int(q)
                self.i = j + 1
            else:
                value = q
        # arrows
        ups = 0
        saw_arrow = False
        while self.i < len(t) and t[self.i] in _ARROWS:
            ups += _ARROWS[t[self.i]]
            saw_arrow = True
            self.i += 1
            if mult is not None:
                break
        if mult is not None:
            ups *= mult
        # star
        star = 0
        saw_star = False
        if self.i < len(t) and t[self.i] == "*":
            saw_star = True
            self.i += 1
            k = self.i
            while k < len(t) and t[k].isdigit():
                k += 1
            if k > self.i:
                if k - self.i > 20:
                    self.fail(f"nimbers beyond *{MAX_NIMBER} are refused")
                star = int(t[self.i : k])
                if star > MAX_NIMBER:
                    self.fail(f"nimbers beyond *{MAX_NIMBER} are refused")
            else:
                star = 1
            self.i = k
        if value is None and not saw_arrow and not saw_star:
            self.i = start
            c = t[start] if start < len(t) else ""
            self.fail(
                f"unexpected {c!r}: expected a number (3, -1/2), *, *n, ↑ (^), ↓ (v), ± "
                "or {left | right}"
            )
        if abs(ups) > MAX_UPS:
            self.i = start
            self.fail(f"at most {MAX_UPS} ups are accepted (n·↑ is born on day n + 1)")
        g = nimber(star)
        if ups:
            g = _add(g, _ups(ups))
        if value is not None:
            g = _add(g, number(value))
        return g


#: The most ups (or downs) a game text may hold: ``n·↑`` is born on day
#: ``n + 1``, so this is the most the engine holds (:data:`MAX_BIRTHDAY`).
MAX_UPS = MAX_BIRTHDAY - 1

_UPS: list = []


def _ups(n: int) -> Game:
    """``n·↑`` (``n < 0``: ``|n|·↓``), built by ``n·↑ = {0 | (n-1)·↑*}``.

    Adding ↑ one at a time checks each sum against the birthday limit of a
    sum of two games, which refuses some texts that are themselves within
    the limit; the formula (Lessons in Play, ch. 5) builds each multiple
    from the one before with one canonical step.
    """
    if n < 0:
        return _neg(_ups(-n))
    if not _UPS:
        _UPS.extend([ZERO, UP])
    while len(_UPS) <= n:
        _UPS.append(_canonical([ZERO], [_add(_UPS[-1], STAR)]))
    return _UPS[n]


def _read(text, raw_outer=False, remember=False):
    if not isinstance(text, str):
        raise TypeError(f"parse() reads a str such as '{{1|*}}', got {_show(text)}")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"the game text is {len(text)} characters long; at most {MAX_TEXT} are read"
        )
    s = text.strip()
    # Accept the text of repr(g), "parse('...')", so that parse(repr(g)) == g.
    for q in ("'", '"'):
        if s.startswith("parse(" + q) and s.endswith(q + ")"):
            s = s[7:-2]
            break
    if not raw_outer:
        g = _read_braces_only(s, remember)
        if g is not None:
            return g
    p = _Parser(s)
    g = p.sum(raw_outer, remember)
    if p.peek() != "":
        p.fail(f"unexpected {p.peek()!r} after a complete game")
    return g


_BRACES_ONLY = frozenset("{}|, \t\n")


def _read_braces_only(s: str, remember=False):
    """Fast path for texts made of braces alone, such as ``{{|}|{|}}``.

    Machine-made texts (game trees written out) are like this and can be
    long.  They are read from the inside out: a regular expression finds
    every innermost ``{...|...}`` at once, each is replaced by a short token
    standing for its canonical game, and so on until one group is left (one
    round per level of nesting).  A table remembers what each innermost text
    stands for, so a subtree that recurs -- ``{|}`` above all -- costs one
    look-up.  Anything unusual, including every mistake, returns None so
    that the general parser reads the text again and reports the mistake
    with its position.
    """
    if not s.startswith("{") or not _BRACES_ONLY.issuperset(s):
        return None
    if _SPACE.intersection(s):
        s = s.translate(_NO_SPACE)
    try:
        for _ in range(MAX_NESTING):
            inner = _INNER.fullmatch(s)
            if inner is not None:  # the outermost group: read as written
                left, right = _group_options(inner.group(1))
                g = _canonical(left, right)
                return _remember(g, left, right) if remember else g
            groups = set(_INNER.findall(s))
            if not groups:
                return None  # unbalanced, or something between the groups
            # An innermost group has no braces inside, so its text occurs in
            # the line only as that group: replace each distinct one at once.
            for inside in groups:
                s = s.replace("{" + inside + "}", _token(inside))
    except _NotBraces:
        return None
    return None  # nested deeper than MAX_NESTING: the general parser says so


class _NotBraces(Exception):
    pass


_SPACE = frozenset(" \t\n")
_NO_SPACE = str.maketrans("", "", " \t\n")
_INNER = re.compile(r"\{([^{}]*)\}")
_TOKEN_GAME: dict = {}  # "#id" -> the game
_GROUP_TOKEN: dict = {}  # an innermost group's text, tokens inside -> its game's token
_MAX_GROUPS = 200_000  # the table is forgotten at once beyond this


def _group_options(inside: str) -> tuple:
    parts = inside.split("|")
    if len(parts) != 2:
        raise _NotBraces
    out = []
    for part in parts:
        if not part:
            out.append([])
            continue
        items = part.split(",")
        if len(items) > MAX_OPTIONS:
            raise _NotBraces  # the general parser says what the limit is
        try:
            out.append([_TOKEN_GAME[x] for x in items])
        except KeyError:
            raise _NotBraces from None
    return out[0], out[1]


def _token(inside: str) -> str:
    """The token of the innermost group ``{inside}``, made on first sight."""
    tok = _GROUP_TOKEN.get(inside)
    if tok is None:
        g = _canonical(*_group_options(inside))
        tok = f"#{g._id}"
        _TOKEN_GAME[tok] = g
        if len(_GROUP_TOKEN) >= _MAX_GROUPS:
            _GROUP_TOKEN.clear()
        _GROUP_TOKEN[inside] = tok
    return tok


@_deep
def parse(text: str) -> Game:
    """Read a game written in textbook notation and return its canonical form.

    Understands numbers (``3``, ``-1/2``), nimbers (``*``, ``*2``), ups and
    downs (``↑`` or ``^``, ``↓`` or ``v``, ``⇑``, ``⇓``, ``3·↑``), their
    combinations (``1↑*``, ``1/2*``), ``±x`` (``{x | -x}``), sums with
    ``+`` and ``-``, and ``{left | right}`` with options separated by commas,
    nested as deep as you like (up to :data:`MAX_NESTING`).  It also reads
    the text of ``repr(g)``, so ``parse(repr(g)) == g`` for every game ``g``
    whose name is at most :data:`MAX_TEXT` characters long and whose numbers
    have at most :data:`MAX_NUMBER_BITS` bits (a big denominator is written
    and read as ``2**k``); a larger game's name is a summary that ``parse``
    refuses with a ``ValueError``.  Every game the engine holds is nested
    at most :data:`MAX_NESTING` deep.

    A text written as one ``{left | right}`` (or ``±x``) gives a game that
    remembers its options as written, for
    :meth:`Game.simplification_steps`.

    >>> parse("{0,*|0}"), parse("^*"), parse("{1|*}"), parse("±1") == game([1], [-1])
    (parse('↑*'), parse('↑*'), parse('{1|*}'), True)
    >>> parse("{1|*") # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: cannot read the game text at position 5: the text ends before the closing '}'
        {1|*
            ^
    >>> [s.rule for s in parse("{0,↑|↑}").simplification_steps()]
    ['dominated', 'reversible', 'canonical']
    """
    return _read(text, remember=True)


# ---------------------------------------------------------------------------
# Reading any value as a game, and the public constructors that do.


def _is_pair(x) -> bool:
    return (
        isinstance(x, tuple)
        and len(x) == 2
        and all(isinstance(y, Iterable) and not isinstance(y, (str, bytes, Game)) for y in x)
    )


def _coerce(x, what="option", depth=0) -> Game:
    """Read ``x`` as a canonical Game: a Game, int, dyadic Fraction, game text or pair."""
    if isinstance(x, Game):
        return x._core
    if isinstance(x, Form):
        return _canonical(list(x.left), list(x.right))
    if isinstance(x, str):
        return parse(x)._core
    if _is_pair(x):
        # A nested game written as a pair (left, right) of option lists.
        if depth >= MAX_NESTING:
            raise ValueError(
                f"games nested deeper than {MAX_NESTING} levels are refused "
                "(cgteach.games.MAX_NESTING)"
            )
        return _canonical(
            _options(x[0], f"{what}: left", depth + 1), _options(x[1], f"{what}: right", depth + 1)
        )
    if isinstance(x, (bool, float)):
        return number(x)  # refused, with the reason (see _as_number)
    try:
        return number(_as_number(x))
    except TypeError:
        raise TypeError(
            f"{what} must be a game, an int, a dyadic Fraction or a game text such as '*', "
            f"got {_show(x)} of type {type(x).__name__}"
        ) from None


def _options(items, side: str, depth: int = 0) -> list:
    if isinstance(items, (str, bytes, Game, Form)) or not isinstance(items, Iterable):
        raise TypeError(
            f"the {side} options must be an iterable (a list or tuple) of games, ints or "
            f"dyadic Fractions, got {_show(items)}; write e.g. game([0], [STAR])"
        )
    out = []
    for i, x in enumerate(items):
        if i >= MAX_OPTIONS:
            raise ValueError(
                f"too many {side} options: at most {MAX_OPTIONS} are accepted "
                "(cgteach.games.MAX_OPTIONS)"
            )
        out.append(_coerce(x, f"{side} option {i + 1}", depth))
    return out


@_deep
def game(left=(), right=()) -> Game:
    """The canonical form of ``{left | right}``.

    ``left`` and ``right`` are iterables of games, ints, dyadic ``Fraction`` s,
    game texts (``"*"``, ``"1/2"``, ``"{0|*}"``) or pairs ``(left, right)``
    of such iterables, read as nested games; at most :data:`MAX_OPTIONS` on
    a side.

    >>> game([0], [0]), game([0, STAR], [0]), game([], []), game([1], [])
    (parse('*'), parse('↑*'), parse('0'), parse('2'))
    >>> game([0], [([0], [0])]), game([((), ())], [((), ())])
    (parse('↑'), parse('*'))
    >>> game([Fraction(1, 3)], [])
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not a dyadic number (its denominator is not a power of two), ...
    >>> game(0, [])
    Traceback (most recent call last):
    ...
    TypeError: the left options must be an iterable (a list or tuple) of games, ints or ...

    The result remembers the options as written, so its
    :meth:`~Game.simplification_steps` show the road from ``{left | right}``
    to the canonical form:

    >>> g = game([0, UP], [UP])
    >>> g == UP + UP + STAR, g.left, [s.rule for s in g.simplification_steps()]
    (True, (parse('0'),), ['dominated', 'reversible', 'canonical'])
    """
    left = _options(left, "left")
    right = _options(right, "right")
    return _remember(_canonical(left, right), left, right)


from_options = game


@_deep
def total(games: Iterable) -> Game:
    """The sum of many games, faster than adding them one by one.

    Numbers are added as fractions and nimbers by nim-addition before the
    rest is summed, smallest first, so the expensive sums stay small.

    >>> total([UP, UP, STAR, 1, nimber(3)])
    parse('1⇑*2')
    """
    if isinstance(games, (str, bytes, bytearray, memoryview, dict, Game)) or not isinstance(
        games, Iterable
    ):
        raise TypeError(f"total() needs an iterable of games, got {_show(games)}")
    num = Fraction(0)
    nim = 0
    rest = []
    for i, x in enumerate(games):
        if i >= MAX_TERMS:
            raise ValueError(
                f"total() adds at most {MAX_TERMS} games (cgteach.games.MAX_TERMS); "
                "this iterable has more (is it endless?)"
            )
        if type(x) is int:  # the common case, without interning a Game per summand
            num += x
            continue
        g = _coerce(x, f"summand {i + 1}")
        if g._num is not None:
            num += g._num
        elif g._nim is not None:
            nim ^= g._nim
        else:
            rest.append(g)
    rest.sort(key=lambda g: g._bday)
    acc = nimber(nim)
    for g in rest:
        acc = _add(acc, g)
    return _add(acc, number(num))




@_deep
def ordinal_sum(base, top) -> Game:
    """Norton's ordinal sum ``G:H``: play in ``H`` (top) until someone moves in ``G`` (base).

    ``G:H = {G^L, G:H^L | G^R, G:H^R}``; a move in the base wipes out the
    top.  With ``G`` canonical the result depends only on the value of ``H``
    (both are read as canonical games).  In Hackenbush, ``G:H`` is the
    picture of ``H`` standing on top of ``G``.

    >>> ordinal_sum(1, -1), ordinal_sum(STAR, 1), ordinal_sum(1, STAR)
    (parse('1/2'), parse('↑*'), parse('1*'))
    """
    g = _coerce(base, "base")
    h = _coerce(top, "top")
    if h._bday > MAX_BIRTHDAY:
        # The recursion walks every position of the top, numbers included.
        raise ValueError(
            f"the top of this ordinal sum is born on day {h._bday}; at most {MAX_BIRTHDAY} "
            "is accepted (cgteach.games.MAX_BIRTHDAY)"
        )
    return _ordinal(g, h)
