"""Floor 3 of :mod:`cgteach.games`: simplification steps, the road to the canonical form.

:class:`Form` (floor 0) is a game as written, not simplified; its
:meth:`Form.simplification_steps`, :func:`form` and :func:`simplification_steps`
record each duplicate dropped, each dominated option removed and each
reversible option bypassed, as :class:`Step` values with a sentence each.
Re-exported by :mod:`cgteach.games`.

May import: floors 0 to 2 (``_forms``, ``_order``, ``_text``),
``cgteach.numbers``.
"""

from __future__ import annotations

from cgteach.games._forms import MAX_OPTIONS, Form, _deep, _intern, _Raw, number
from cgteach.games._order import _distinct, _le
from cgteach.games._text import _options, _read
from cgteach.numbers import format_number as _format_number
from cgteach.numbers import simplest_between as _simplest_between

# ---------------------------------------------------------------------------
# Games as written, and the recorded road to the canonical form.


class Step:
    """One step of a simplification: ``.rule``, ``.description`` and ``.game``.

    ``.game`` is the game as it stands after the step: a :class:`Form`
    while options are still being removed or bypassed, the canonical
    :class:`Game` at the last step.
    """

    __slots__ = ("rule", "description", "game")

    def __init__(self, rule, description, game):  # noqa: F811
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "game", game)

    def __setattr__(self, name, value):
        raise AttributeError("steps are immutable")

    def __reduce__(self):
        return (Step, (self.rule, self.description, self.game))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __eq__(self, other):
        if isinstance(other, Step):
            return (self.rule, self.description, self.game) == (
                other.rule, other.description, other.game
            )
        return NotImplemented

    def __hash__(self):
        return hash((self.rule, self.description, self.game))

    def __repr__(self):
        return f"Step(rule={self.rule!r}, game={self.game!r})"

    def __str__(self):
        return f"{self.rule}: {self.description}"


@_deep
def form(left, right=None) -> Form:
    """A game as written, ``{left | right}``, kept unsimplified (see :class:`Form`).

    ``form(left, right)`` takes the same options as :func:`game`;
    ``form("{0,↑|↑}")`` reads the outer braces of a text as written.

    >>> form("{1, 0 | *}"), form([0, 0], [2])
    (form('{1,0|*}'), form('{0,0|2}'))
    """
    if right is None and isinstance(left, str):
        return _read(left, raw_outer=True)
    return Form._of(
        _options(left, "left"), _options((), "right") if right is None else _options(right, "right")
    )


def simplification_steps(left, right) -> list:
    """Shortcut for ``form(left, right).simplification_steps()``.

    >>> for s in simplification_steps([1, 0], [2]):
    ...     print(s)
    ... # doctest: +NORMALIZE_WHITESPACE
    number: every option is a number and Left's best, 1, is less than Right's best, 2,
    so by the simplicity rule {1,0|2} is the simplest number between them: 3/2.
    """
    return form(left, right).simplification_steps()


def _names(options) -> str:
    return ", ".join(str(o) for o in options) if options else "none"


#: Most options on one side whose simplification is recorded step by step
#: (:meth:`Form.simplification_steps`).  Each step writes out the whole
#: form and re-examines it, so the record grows with the cube of the
#: options; :func:`game` itself takes up to :data:`MAX_OPTIONS`.
MAX_STEP_OPTIONS = 100


def _record(left, right) -> list:
    for side, opts in (("Left", left), ("Right", right)):
        if len(opts) > MAX_STEP_OPTIONS:
            raise ValueError(
                f"{side} has {len(opts)} options; simplification_steps() records the road "
                f"step by step for at most {MAX_STEP_OPTIONS} options a side "
                "(cgteach.games.MAX_STEP_OPTIONS); game() gives the canonical form of up "
                f"to {MAX_OPTIONS}"
            )
    steps = []
    cur = Form._of(left, right)
    # The simplicity rule in one step when every option is a number.
    if all(o._num is not None for o in left) and all(o._num is not None for o in right):
        a = max((o._num for o in left), default=None)
        b = min((o._num for o in right), default=None)
        if a is None or b is None or a < b:
            x = number(_simplest_between(a, b))
            if not left and not right:
                text = "{|} has no options at all: whoever must move first loses, so it is 0."
            elif a is not None and b is not None:
                if len(left) == 1 and len(right) == 1:
                    text = (
                        f"{cur} is the simplest number between {_format_number(a)} and "
                        f"{_format_number(b)}, so it is {x}."
                    )
                else:
                    text = (
                        f"every option is a number and Left's best, {_format_number(a)}, is "
                        f"less than Right's best, {_format_number(b)}, so by the simplicity "
                        f"rule {cur} is the simplest number between them: {x}."
                    )
            elif a is not None:
                text = (
                    f"only Left can move, to numbers at best {_format_number(a)}, so {cur} is "
                    f"the simplest number greater than {_format_number(a)}: {x}."
                )
            else:
                text = (
                    f"only Right can move, to numbers at best {_format_number(b)}, so {cur} is "
                    f"the simplest number less than {_format_number(b)}: {x}."
                )
            steps.append(Step("number", text, x))
            return steps
    while True:
        # Duplicates.
        for side, opts in (("Left", left), ("Right", right)):
            d = _distinct(opts)
            if len(d) < len(opts):
                twice = [o for o in d if opts.count(o) > 1]
                opts[:] = d
                cur = Form._of(left, right)
                steps.append(
                    Step(
                        "duplicate",
                        f"{side} has the option {_names(twice)} more than once; one copy is "
                        f"enough: {cur}.",
                        cur,
                    )
                )
        # Dominated options, one at a time.
        found = _find_dominated(left, right)
        if found is not None:
            side, a, b = found
            opts = left if side == "Left" else right
            opts.remove(a)
            cur = Form._of(left, right)
            if side == "Left":
                why = f"{a} ≤ {b}, so Left never prefers {a} to {b}"
            else:
                why = f"{a} ≥ {b}, so Right never prefers {a} to {b}"
            steps.append(
                Step(
                    "dominated",
                    f"{side}'s option {a} is dominated by {b}: {why}. Drop it: {cur}.",
                    cur,
                )
            )
            continue
        # Reversible options, one at a time.
        found = _find_reversible(left, right)
        if found is not None:
            side, a, reply = found
            g_text = str(cur)
            if side == "Left":
                repl = list(reply.left)
                i = left.index(a)
                left[i : i + 1] = repl
                why = (
                    f"Right's answer {reply} to it satisfies {reply} ≤ {g_text}: after Left moves "
                    f"to {a}, Right replies {reply} and is no worse off than before"
                )
                whose = "Left"
            else:
                repl = list(reply.right)
                i = right.index(a)
                right[i : i + 1] = repl
                why = (
                    f"Left's answer {reply} to it satisfies {reply} ≥ {g_text}: after Right moves "
                    f"to {a}, Left replies {reply} and is no worse off than before"
                )
                whose = "Right"
            cur = Form._of(left, right)
            if repl:
                what = f"replace {a} by {whose}'s options in {reply}, namely {_names(repl)}"
            else:
                what = f"{whose} has no options in {reply}, so {a} simply disappears"
            steps.append(
                Step(
                    "reversible",
                    f"{side}'s option {a} is reversible: {why}. So {what}: {cur}.",
                    cur,
                )
            )
            continue
        break
    g = _intern(left, right)
    if g._num is not None:
        text = f"{cur} has no dominated or reversible option left; it is the number {g}."
        steps.append(Step("number", text, g))
    elif g._nim is not None:
        text = f"{cur} has no dominated or reversible option left; it is the nimber {g}."
        steps.append(Step("nimber", text, g))
    else:
        tail = "" if str(g) == str(cur) else f", which is written {g}"
        text = f"no option of {cur} is dominated or reversible, so it is in canonical form{tail}."
        steps.append(Step("canonical", text, g))
    return steps


def _find_dominated(left, right):
    for side, opts in (("Left", left), ("Right", right)):
        for a in opts:
            for b in opts:
                if a is not b and (_le(a, b) if side == "Left" else _le(b, a)):
                    return side, a, b
    return None


def _find_reversible(left, right):
    raw = _Raw(left, right)
    for a in left:
        for ar in a.right:
            if _le(ar, raw):
                return "Left", a, ar
    for a in right:
        for al in a.left:
            if _le(raw, al):
                return "Right", a, al
    return None
