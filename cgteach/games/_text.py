"""Reading and writing: textbook names of games and the parser that reads them back.

``str(g)`` gives the textbook name (``↑*``, ``±1``, ``{1|*}``); :func:`parse`
reads every such text, with limits on length and nesting and no recursion on
the input's length.  Re-exported by :mod:`cgteach.games`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from cgteach._validate import show as _show
from cgteach.games._forms import (  # noqa: E402, E501, F401
    MAX_BIRTHDAY,
    MAX_NESTING,
    MAX_NIMBER,
    MAX_NIMBER_OPTIONS,
    MAX_OPTIONS,
    MAX_TERMS,
    MAX_TEXT,
    Form,
    Game,
    _deep,
    _intern,
    _remember,
    nimber,
    number,
)
from cgteach.games._order import (  # noqa: E402, E501, F401
    _add,
    _canonical,
    _neg,
    _stop,
    from_options,
    game,
    ordinal_sum,
    total,
)
from cgteach.numbers import format_number as _format_number

# ---------------------------------------------------------------------------
# Names in textbook notation.

# Multiples of up named n↑ (and down) in the text: ↑, ⇑, 3·↑, ...
_UPS_NAMED = 12
_STARS_NAMED = 8
_INFINITESIMALS: dict[int, tuple] = {}  # Game id -> (n, k) for n·↑ + *k
_table_built = [False]


def _build_table():
    # n·↑ + *k for small n and k.  Built once, on first need, from sums.
    _table_built[0] = True
    ups = {0: ZERO}
    for n in range(1, _UPS_NAMED + 1):
        ups[n] = _add(ups[n - 1], UP)
        ups[-n] = _neg(ups[n])
    for n, u in ups.items():
        for k in range(_STARS_NAMED):
            g = _add(u, nimber(k))
            _INFINITESIMALS.setdefault(g._id, (n, k))


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


def _name(g) -> str:
    t = g._text
    if t is not None:
        return t
    t = _name_uncached(g)
    object.__setattr__(g, "_text", t)
    return t


def _name_uncached(g) -> str:
    if g._num is not None:
        return _format_number(g._num)
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
            num = "" if ls == 0 else _format_number(ls)
            ups = _ups_text(n)
            if num and abs(n) >= 3:
                num += "+"
            return num + ups + _star_text(k)
    # ±x  and  x*n were handled above; {x | -x} for a positive number x:
    if len(g.left) == 1 and len(g.right) == 1:
        a, b = g.left[0], g.right[0]
        if a._num is not None and b._num is not None and a._num == -b._num and a._num > 0:
            return "±" + _format_number(a._num)
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
            if j < len(t) and t[j] == "/":
                k = j + 1
                while k < len(t) and t[k].isdigit():
                    k += 1
                if k == j + 1:
                    self.i = j + 1
                    self.fail("expected a denominator after '/'")
                num_text = t[self.i : k]
                j = k
            if len(num_text) > 4000:
                self.fail("a number with more than 4000 digits is refused")
            try:
                q = Fraction(num_text)
            except ZeroDivisionError:
                self.fail(f"{num_text} divides by zero: a denominator must be a power of two")
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
    the text of ``repr(g)``, so ``parse(repr(g)) == g``.

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
# The usual values.

ZERO = number(0)
STAR = nimber(1)
UP = _intern([ZERO], [STAR])
DOWN = _neg(UP)


# Names from the modules built on this one, bound once they exist
# (in the package's order: keep these imports apart and unsorted).
from cgteach.games._steps import MAX_STEP_OPTIONS, Step, form, simplification_steps  # noqa: E402, E501, F401
