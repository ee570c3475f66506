"""Shared pieces of the cgteach anywidgets: base classes, the dispatcher, layouts.

Every board widget follows one pattern.  The browser never decides
anything: a click becomes an *intent*, a small JSON message such as
``{"event": "add_edge", "u": 0, "v": 1}`` sent with ``model.send``.
:meth:`Board.handle` routes it to a method ``_on_<event>`` of the widget,
which validates it, changes the synced traits and, when the intent cannot be
carried out, leaves everything as it was and says why in the ``message``
trait.  Tests call :meth:`Board.handle` with the very payload the JavaScript
sends, so every rule is checked without a browser.

The Hackenbush and Hackendot widgets are built from the same parts.
:class:`DrawnBoard` holds the traits of a board drawn above a ground line
(``kind``, ``width``, ``height``, ``ground_y``, ``labels``);
:class:`EditorBoard` adds the undo stack, the position file behind Save
(``json_text``), saving to a file and the Undo/Clear/Load intents;
:class:`GameBoard` adds a game against the computer: who is to move, the
winner, the move log, New game and Hint.  Their JavaScript is likewise one
shared prelude, ``static/_common.js``, joined in front of each widget's own
file by :func:`esm`.

Every widget is **guarded** (:class:`Guarded`): a message from the
browser or a trait set from the page that cannot be carried out never
raises into the front-end; the widget keeps its last good state and says
what was wrong in ``message``.  Every synced trait is checked on the way in
by one mechanism, :meth:`Guarded._validate_trait` (a traitlets validator
that :class:`Guarded` installs for every synced trait of every subclass):
the page may change only the traits in ``_PAGE_TRAITS`` (switches, tools,
steppers), everything else is the widget's own, and each value must pass
the widget's ``_check_<trait>`` method, from the page and from Python alike.
A bad trait value set from Python raises :class:`WidgetValueError` (a ``ValueError`` and a
``traitlets.TraitError``) after saying the same in ``message``.  Every widget follows
:func:`cgteach.draw.lecture_mode` (see :func:`follow_lecture_mode`) and, in
a notebook that has not run yet or in an exported page, shows one short
line and, where cheap, a still picture instead of an object repr.

This module also lays out positions that come without coordinates: a
Hackenbush drawing (:func:`layout_hackenbush`, nodes in layers above the
ground) and a forest of rooted trees (:func:`layout_forest`, roots on the
ground, leaves spread evenly).  Both are deterministic.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import pathlib
import random
import re
import weakref
from collections import defaultdict, deque

import anywidget
import traitlets

__all__ = [
    "Board",
    "Guarded",
    "WidgetValueError",
    "follow_lecture_mode",
    "lecture_default",
    "still_png",
    "still_alt",
    "DrawnBoard",
    "EditorBoard",
    "GameBoard",
    "STATIC",
    "esm",
    "check_game_options",
    "check_int",
    "check_choice",
    "check_text",
    "check_list",
    "check_number",
    "check_path",
    "layout_hackenbush",
    "layout_forest",
    "WIDTH",
    "HEIGHT",
    "GROUND_Y",
    "UNDO_LIMIT",
]

#: Folder holding the JavaScript and CSS shipped with the package.
STATIC = pathlib.Path(__file__).parent / "static"

#: The drawing area of every board, in SVG user units (the picture scales).
WIDTH, HEIGHT = 640, 400
#: Height of the ground line.
GROUND_Y = 350
#: How many changes an editor can take back.
UNDO_LIMIT = 200

#: What a game says when asked to move or hint after it has ended.
_GAME_OVER = "The game is over; press New game to play again."


def esm(name: str) -> str:
    """The JavaScript module of a board widget: ``_common.js`` followed by ``name``.

    The shared prelude defines helpers only; the widget's own file (in
    :data:`STATIC`) uses them and ends with ``export default``, so the
    joined text is one ES module.  Read when the widget module is imported.

    >>> text = esm("hackendot.js")
    >>> text.startswith("// Helpers shared"), "export default" in text
    (True, True)
    """
    return "\n".join((STATIC / f).read_text(encoding="utf-8") for f in ("_common.js", name))


class WidgetValueError(traitlets.TraitError, ValueError):
    """A bad value for a widget trait (also a ``ValueError``)."""


def _short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (never a huge int's digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (a hostile object's repr)
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _trait_problem(name, exc) -> str:
    """One sentence from a ``TraitError``: which setting, what it takes, what it got."""
    text = str(exc)
    m = re.search(r"expected (.+), not (.+?)\.?$", text, re.S)
    if m and len(text) < 500:
        return f"ignored a bad value for {name!r}: it takes {m.group(1)}, not {m.group(2)}"
    return f"ignored a bad value for {name!r}: {text if len(text) < 200 else text[:199] + '…'}"


def _same(a, b) -> bool:
    """``a == b`` for trait values, never raising (a hostile ``__eq__``)."""
    try:
        return bool(a == b) and type(a) is type(b)
    except Exception:  # noqa: BLE001
        return False


# -- the checks the ``_check_<trait>`` methods are made of -------------------------


def check_int(name, value, lo, hi) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi`` (no bool), else raise."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise WidgetValueError(f"{name} must be a whole number from {lo} to {hi}, "
                               f"got {_short(value)}")
    return value


def check_choice(name, value, choices):
    """``value`` if it is one of ``choices``, else raise."""
    if not isinstance(value, str) or value not in choices:
        raise WidgetValueError(f"{name} must be one of {', '.join(map(repr, choices))}, "
                               f"got {_short(value)}")
    return value


def check_text(name, value, limit=100_000) -> str:
    """``value`` if it is a string of at most ``limit`` characters, else raise."""
    if not isinstance(value, str) or len(value) > limit:
        what = f"{len(value):,} characters" if isinstance(value, str) else _short(value)
        raise WidgetValueError(f"{name} must be text of at most {limit:,} characters, got {what}")
    return value


def check_list(name, value, limit, item=None) -> list:
    """``value`` if it is a list of at most ``limit`` items, each passing ``item(k, x)``."""
    if not isinstance(value, list) or len(value) > limit:
        what = f"{len(value):,} items" if isinstance(value, list) else _short(value)
        raise WidgetValueError(f"{name} must be a list of at most {limit:,} items, got {what}")
    if item is not None:
        for k, x in enumerate(value):
            item(k, x)
    return value


def check_number(name, value, limit=1e6) -> float:
    """``value`` if it is a finite number of size at most ``limit`` (no bool)."""
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or abs(value) > limit):
        raise WidgetValueError(f"{name} must be a finite number of size at most {limit:g}, "
                               f"got {_short(value)}")
    return value


def check_path(path, what="path"):
    """``path`` if it is a ``str`` or an ``os.PathLike``, else ``TypeError``.

    A number would be taken as a file descriptor (stdout, stdin) by ``open``.

    >>> check_path(1)
    Traceback (most recent call last):
    ...
    TypeError: path must be a str or an os.PathLike (a file name), got int 1
    """
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{what} must be a str or an os.PathLike (a file name), "
                        f"got {type(path).__name__} {_short(path)}")
    return path


def lecture_default() -> bool:
    """The current :func:`cgteach.draw.lecture_mode` (``False`` if unknown)."""
    try:
        from cgteach.draw._style import STYLE
    except ImportError:  # pragma: no cover (the package always has it)
        return False
    return bool(STYLE.get("lecture", False))


def follow_lecture_mode(widget) -> None:
    """Let ``widget.lecture`` follow :func:`cgteach.draw.lecture_mode` from now on.

    Uses ``cgteach.draw._style.subscribe`` (a callable of one bool, kept
    weakly) when it exists; the widget is held only weakly here too, so a
    closed widget is not kept alive by the subscription.
    """
    try:
        from cgteach.draw import _style
    except ImportError:  # pragma: no cover
        return
    subscribe = getattr(_style, "subscribe", None)
    if subscribe is None:
        return
    ref = weakref.ref(widget)

    def follow(on, _ref=ref):
        w = _ref()
        if w is not None:
            with contextlib.suppress(Exception):  # never raise into lecture_mode()
                w.lecture = bool(on)

    # keep the function alive exactly as long as the widget
    widget._cg_follow_lecture = follow
    with contextlib.suppress(Exception):  # an older _style: follow at construction only
        subscribe(follow)


def still_png(draw, size=(4.0, 2.6)) -> bytes | None:
    """PNG bytes of a small matplotlib picture drawn by ``draw(ax)`` (``None`` on failure).

    Used for the still picture a widget cell shows before it runs or in an
    exported page.  No pyplot figure is left open.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        fig = Figure(figsize=size)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        draw(ax)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
        return buffer.getvalue()
    except Exception:  # noqa: BLE001 (a still picture is a courtesy, never an error)
        return None


# -- the words for a widget's still picture -------------------------------------------


def _listed(items) -> str:
    """``"3"``, ``"3 and 5"``, ``"3, 5 and 7"``."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _shown_value(text) -> str:
    text = " ".join(str(text or "").split())
    return "" if text in ("", "?") else text


def still_alt(widget) -> str:
    """A short text alternative for ``widget``'s still picture, built from its state.

    It says what the picture shows (the piles, the edges and their colours, the
    forest, the board) and, for an editor, the value it shows beside it.  A
    widget stores it as the ``alt`` of its ``image/png`` metadata, which the
    exports put on the picture.  Each widget class writes its own words in its
    ``_still_alt`` method (a new widget adds one beside its ``_still_png``);
    ``""`` for an object without one.  Runs of spaces become one.

    >>> from cgteach.widgets import NimGame
    >>> still_alt(NimGame([3, 5, 7]))
    'Nim game against the computer (normal play): 3 piles of 3, 5 and 7 stones.'
    """
    describe = getattr(widget, "_still_alt", None)
    return " ".join(describe().split()) if callable(describe) else ""


class Guarded:
    """Mixin for every cgteach widget: never raise into the page; a short repr.

    - :meth:`set_state` (a trait changed in the page) keeps the last good
      state and says what was wrong in ``message`` when the value is bad;
    - a bad trait value set from Python says the same in ``message`` and
      raises :class:`WidgetValueError`;
    - ``repr`` is one line naming the widget and telling the reader to run
      the cell in JupyterLab (``_SUMMARY``), and the MIME bundle adds a
      still picture (``_still_png``) when one is cheap.
    """

    #: The line a notebook shows before the cell runs (and in exported pages).
    _SUMMARY = "run this cell in JupyterLab to use it"

    #: The synced traits the page itself may change (its switches, tools and
    #: steppers).  Every other synced trait is written by the widget alone; the
    #: page changes it only through an intent, which Python carries out.
    _PAGE_TRAITS = frozenset({"lecture", "labels"})

    #: True while a change sent by the page is being applied ...
    _cg_from_page = False
    #: ... and the values it changes, as they were before.
    _cg_before: dict = {}

    def __init_subclass__(cls, **kwargs):
        # One validator for every synced trait of the class (its own and the
        # inherited ones, the widget framework's included), unless a framework
        # class already validates that trait itself.
        super().__init_subclass__(**kwargs)
        taken = {name for klass in cls.__mro__ for v in vars(klass).values()
                 if isinstance(v, traitlets.traitlets.ValidateHandler)
                 and getattr(v, "func", None) is not Guarded._validate_trait
                 for name in v.trait_names}
        names = sorted({name for klass in cls.__mro__ for name, t in vars(klass).items()
                        if isinstance(t, traitlets.TraitType) and t.metadata.get("sync")}
                       - taken)
        if names:
            cls._cg_validate = traitlets.validate(*names)(Guarded._validate_trait)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._cg_validate_all()

    def _cg_validate_all(self) -> None:
        """Put the one validator on traits added to this instance (anywidget's ``_esm`` ...)."""
        handler = getattr(type(self), "_cg_validate", None)
        if handler is None:
            return
        for k in self.keys:
            if k not in self._trait_validators:
                self._register_validator(handler, (k,))

    def _validate_trait(self, proposal):
        """The one check of every synced trait, whoever writes it (see the module)."""
        name, value = proposal["trait"].name, proposal["value"]
        # (only the traits the page sent: what observers change in answer is the widget's)
        if self._cg_from_page and name in self._cg_before and name not in self._PAGE_TRAITS:
            if _same(value, self._cg_before.get(name)):  # an echo of what it has
                return value
            raise WidgetValueError(
                f"the page may not change {name!r}: the widget keeps it itself "
                "(use the board's buttons)")
        check = getattr(self, f"_check_{name}", None)
        return value if check is None else check(value)

    def _say(self, text: str) -> None:
        with contextlib.suppress(Exception):  # saying why must never fail in turn
            self.message = text

    def set_state(self, sync_data):
        keys = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
        try:
            if not isinstance(sync_data, dict):
                raise WidgetValueError(f"a state update must be a dict, got {_short(sync_data)}")
            self._cg_validate_all()
            self._cg_before = {k: getattr(self, k) for k in keys}
            self._cg_from_page = True
            try:
                super().set_state(sync_data)
            finally:
                self._cg_from_page = False
                self._cg_before = {}
        except Exception as exc:  # noqa: BLE001 (the page must never see a traceback)
            text = str(exc)
            if isinstance(exc, WidgetValueError):
                text = text if len(text) <= 300 else text[:299] + "…"
                self._say(f"ignored a change from the page: {text}; "
                          "the board keeps its last good state")
            else:
                named = re.match(r"The '(\w+)' trait", text)
                name = named.group(1) if named else keys[0] if keys else "a setting"
                self._say(_trait_problem(name, exc))
            with contextlib.suppress(Exception):  # put the page back in step
                self.send_state(key=keys)

    def __setattr__(self, name, value):
        if not name.startswith("_") and self.has_trait(name):
            try:
                super().__setattr__(name, value)
            except traitlets.TraitError as exc:
                problem = _trait_problem(name, exc)
                if name != "message":
                    self._say(problem)
                raise WidgetValueError(problem) from None
            return
        super().__setattr__(name, value)

    def __repr__(self):
        return f"{type(self).__name__} — {self._SUMMARY}"

    # -- copies and pickles: one rule for every widget --------------------------
    # A widget is one end of a live connection to the page that shows it (its
    # comm), so a copy would be a second Python object answering for one picture.
    # Its position is the value to keep: positions are immutable, so w.position
    # (w.board, w.forest, w.heaps) can be kept, copied and pickled as it is, and a
    # new widget made from it.  (Pickle's own error, "it's not the same object as
    # cgteach.widgets...", came from anywidget: its __init__ adds the _esm, _css and
    # _anywidget_id traits with traitlets' add_traits, which swaps the instance's
    # class for a new subclass of the same name, so pickle's look-up of the class by
    # name finds the original class, not that one.)

    def _position_name(self) -> str:
        for name in ("position", "board", "forest", "heaps"):
            if hasattr(type(self), name):
                return name
        return "position"

    def _refuse_copy(self, what: str):
        name = type(self).__name__
        attr = self._position_name()
        raise TypeError(
            f"a {name} widget cannot be {what}: it is tied to the picture on the page that "
            f"shows it; keep its position instead, w.{attr} (a value you may copy, pickle or "
            f"save), and make a new widget from it: {name}(w.{attr})"
        )

    def __copy__(self):
        self._refuse_copy("copied")

    def __deepcopy__(self, memo):
        self._refuse_copy("copied")

    def __reduce_ex__(self, protocol):
        self._refuse_copy("pickled")

    def __reduce__(self):
        self._refuse_copy("pickled")

    def _still_png(self) -> bytes | None:
        return None

    def _still_alt(self) -> str:
        """What the still picture shows, in words (``""``: none); see :func:`still_alt`."""
        return ""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        picture = self._still_png()
        if picture:
            import base64

            data["image/png"] = base64.b64encode(picture).decode("ascii")
            try:
                alt = still_alt(self)
            except Exception:  # noqa: BLE001 (a picture without alt beats no picture)
                alt = ""
            if alt:
                # (data, metadata): IPython stores the metadata with the output, and the
                # exports read the picture's "alt" from it (cgteach.present._prepare)
                from cgteach._pictures import with_alt

                return data, with_alt(meta, alt)
        return (data, meta) if isinstance(bundle, tuple) else data


class Board(Guarded, anywidget.AnyWidget):
    """Base class: ``message`` and ``lecture`` traits and the intent dispatcher."""

    #: One sentence for the student: what just happened, or why not.
    message = traitlets.Unicode("").tag(sync=True)
    #: Lecture mode: large fonts, thick lines, high contrast.
    lecture = traitlets.Bool(False).tag(sync=True)

    def _check_message(self, value):
        return check_text("message", value, 10_000)

    def __init__(self, **kwargs):
        if kwargs.get("lecture") is None:
            kwargs["lecture"] = lecture_default()
        super().__init__(**kwargs)
        self.on_msg(self._receive)
        follow_lecture_mode(self)

    def _receive(self, _widget, content, _buffers):
        self.handle(content)

    def handle(self, content) -> None:
        """Carry out one intent sent by the browser (``{"event": name, ...}``).

        Never raises: an unknown intent, missing or unexpected keys, values
        of the wrong type (bools where numbers are expected, NaN, huge
        numbers) leave the widget as it was and explain the problem in
        ``message``.
        """
        if not isinstance(content, dict) or not isinstance(content.get("event"), str):
            self.message = f"ignored a message the widget does not understand: {_short(content)}"
            return
        event = content["event"]
        method = getattr(self, "_on_" + event, None) if event.isidentifier() else None
        if method is None:
            self.message = f"ignored an unknown request {_short(event)}"
            return
        args = {k: v for k, v in content.items() if k != "event"}
        problem = _signature_problem(method, args, event)
        if problem:
            self.message = problem
            return
        try:
            method(**args)
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
            self.message = str(exc) if len(str(exc)) < 300 else str(exc)[:299] + "…"
        except RecursionError:
            self.message = f"could not carry out {_short(event)}: the input is nested too deeply"
        except Exception as exc:  # noqa: BLE001 (never a traceback in the page)
            self.message = (f"could not carry out {_short(event)}: "
                            f"{type(exc).__name__}: {_short(str(exc), 200)}")


def _signature_problem(method, args: dict, event: str) -> str:
    """Why ``method(**args)`` does not fit the method's parameters ('' if it does)."""
    import inspect

    try:
        sig = inspect.signature(method)
    except (TypeError, ValueError):  # pragma: no cover
        return ""
    params = sig.parameters
    missing = [n for n, p in params.items()
               if p.default is inspect.Parameter.empty
               and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n not in args]
    if missing:
        return (f"ignored {_short(event)}: it needs " + ", ".join(repr(m) for m in missing)
                + f" (got {sorted(args) or 'nothing'})")
    if not any(p.kind == p.VAR_KEYWORD for p in params.values()):
        extra = sorted(k for k in args if k not in params)
        if extra:
            return (f"ignored {_short(event)}: unexpected "
                    + ", ".join(_short(str(e)) for e in extra[:5]))
    for name, value in args.items():
        if isinstance(value, float) and not math.isfinite(value):
            return f"ignored {_short(event)}: {name} must be a finite number, got {_short(value)}"
    return ""


class DrawnBoard(Board):
    """A board drawn in SVG above a ground line, as an editor or as a game."""

    _css = STATIC / "boards.css"

    #: ``"editor"`` or ``"game"``: tells the shared JavaScript what to draw.
    kind = traitlets.Unicode("editor").tag(sync=True)
    width = traitlets.Int(WIDTH).tag(sync=True)
    height = traitlets.Int(HEIGHT).tag(sync=True)
    ground_y = traitlets.Int(GROUND_Y).tag(sync=True)
    #: Write each edge's or node's index beside it (the numbers the messages use).
    labels = traitlets.Bool(False).tag(sync=True)

    def _check_kind(self, value):
        return check_choice("kind", value, ("editor", "game"))

    def _check_width(self, value):
        return check_int("width", value, 100, 4000)

    def _check_height(self, value):
        return check_int("height", value, 100, 4000)

    def _check_ground_y(self, value):
        return check_int("ground_y", value, 10, self.height)


class EditorBoard(DrawnBoard):
    """An editor: undo, the position file behind Save, and the file intents.

    A subclass keeps each state it replaces with :meth:`_remember` (and
    sets ``can_undo`` as it redraws), brings one back in :meth:`_restore`,
    keeps ``json_text`` up to date and provides ``clear`` and ``load_text``.
    ``_THING`` names what is edited in the messages.
    """

    _THING = "position"

    #: The text of the position file (what Save downloads).
    json_text = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._history: list = []

    def _check_json_text(self, value):
        return check_text("json_text", value, 20_000_000)

    def _remember(self, state) -> None:
        """Keep ``state`` (what the board showed before a change) for :meth:`undo`."""
        self._history.append(state)
        del self._history[:-UNDO_LIMIT]

    def _restore(self, state) -> None:
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the last change."""
        if not self._history:
            self.message = "nothing to undo"
            return
        self._restore(self._history.pop())

    def save(self, path: str | os.PathLike) -> None:
        """Write the position file (``json_text``) to ``path``.

        ``path`` is a ``str`` or an ``os.PathLike`` (anything else, a number
        above all, raises ``TypeError``: ``open`` would take a number for a
        file descriptor such as stdout).  A path that cannot be written (a
        folder, a missing folder, no permission) raises ``ValueError`` saying
        why.
        """
        check_path(path)
        from cgteach import _io

        # the package's one guarded writer (links, other people's files, /tmp)
        _io.write_text(path, self.json_text + "\n")

    # -- intents from the browser ---------------------------------------------

    def _on_undo(self):
        self.undo()

    def _on_clear(self):
        self.clear()

    def _on_load(self, text):
        if not isinstance(text, str):
            self.message = (f"could not load that file: it is not text. "
                            f"The {self._THING} is unchanged.")
            return
        if len(text) > 5_000_000:
            self.message = (f"could not load that file: it is {len(text):,} characters long, "
                            f"more than a position file of this editor can be. "
                            f"The {self._THING} is unchanged.")
            return
        try:
            self.load_text(text)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError,
                OverflowError) as exc:
            why = "it is nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            why = why.rstrip(".")
            if len(why) > 300:
                why = why[:299] + "…"
            self.message = f"could not load that file: {why}. The {self._THING} is unchanged."


def check_game_options(computer, first) -> None:
    """Check the ``computer`` and ``first`` arguments of a game.

    >>> check_game_options("perfect", "student")
    >>> check_game_options("clever", "student")
    Traceback (most recent call last):
    ...
    ValueError: computer must be 'perfect' or 'random', got 'clever'
    """
    if computer not in ("perfect", "random"):
        raise ValueError(f"computer must be 'perfect' or 'random', got {_short(computer)}")
    if first not in ("student", "computer"):
        raise ValueError(f"first must be 'student' or 'computer', got {_short(first)}")


class GameBoard(DrawnBoard):
    """A game against the computer, turn by turn, until someone cannot move.

    A subclass checks its arguments (:func:`check_game_options`) before
    calling ``__init__`` with ``computer``, ``seed`` and ``first``, and
    provides :meth:`_reset_board` (the start position, no hint marked),
    :meth:`_can_move`, ``_computer_move()`` (returns the sentence saying
    what the computer did), :meth:`_turn_text`, ``hint`` and ``show_hint``,
    and the statuses ``_LOST`` and ``_WON``.
    """

    kind = traitlets.Unicode("game").tag(sync=True)
    computer = traitlets.Enum(("perfect", "random"), default_value="perfect").tag(sync=True)
    #: ``"student"``, ``"computer"`` or ``"over"``.
    turn = traitlets.Unicode("student").tag(sync=True)
    #: ``""`` while the game goes on, then ``"student"`` or ``"computer"``.
    winner = traitlets.Unicode("").tag(sync=True)
    #: Pictures of what went in the last turn, for a fading drawing.
    fallen = traitlets.List().tag(sync=True)
    #: One line: whose turn it is, or who won.
    status = traitlets.Unicode("").tag(sync=True)
    #: Every move so far, one line each ("You ...", "Computer ...").
    log = traitlets.List().tag(sync=True)

    _LOST = "The computer wins. Press New game to try again."
    _WON = "You win!"

    def _check_turn(self, value):
        return check_choice("turn", value, ("student", "computer", "over"))

    def _check_winner(self, value):
        return check_choice("winner", value, ("", "student", "computer"))

    def _check_status(self, value):
        return check_text("status", value, 2_000)

    def _check_log(self, value):
        return check_list("log", value, 100_000, lambda k, x: check_text(f"log[{k}]", x, 2_000))

    def _check_fallen(self, value):
        def one(k, x):
            if not isinstance(x, dict):
                raise WidgetValueError(f"fallen[{k}] must be a dict, got {_short(x)}")
        return check_list("fallen", value, 100_000, one)

    def __init__(self, *, computer="perfect", seed=None, first="student", **kwargs):
        from cgteach._validate import as_seed

        seed = as_seed(seed)  # None or an int: random.Random would take any hashable
        super().__init__(computer=computer, **kwargs)
        self._rng = random.Random(seed)
        self._first = first

    def _reset_board(self) -> None:
        raise NotImplementedError

    def _can_move(self, who) -> bool:
        raise NotImplementedError

    def _turn_text(self) -> str:
        raise NotImplementedError

    def restart(self) -> None:
        """Start again from the first position."""
        with self.hold_sync():
            self._reset_board()
            self.winner = ""
            self.fallen = []
            self.message = ""
            self.turn = "student"
            self.log = []
            if self._first == "computer":
                self.turn = "computer"
                if self._can_move("computer"):
                    self.message = self._computer_move()
            self._after_move()

    def _refuse_if_over(self) -> bool:
        """True (and say so) when the game has ended."""
        if self.winner:
            self.message = _GAME_OVER
        return bool(self.winner)

    #: Misère play: the player left without a move wins (normal play: loses).
    _MISERE = False

    def _after_move(self) -> None:
        """Announce the winner if the player to move is stuck, else whose turn it is."""
        mover = self.turn
        if self._can_move(mover):
            self.status = self._turn_text()
            return
        self.turn = "over"
        if (mover == "student") != self._MISERE:
            self.winner = "computer"
            self.status = self._LOST
            self.log = self.log + ["The computer wins."]
        else:
            self.winner = "student"
            self.status = self._WON
            self.log = self.log + ["You win!"]

    # -- intents from the browser ---------------------------------------------

    def _on_hint(self):
        self.show_hint()

    def _on_restart(self):
        self.restart()


def _tidy(children, roots, gap_before=()) -> tuple[dict, dict, float]:
    """Slots (x in units) and depths for a forest, by a post-order walk.

    Leaves take consecutive slots; every other node sits above the middle
    of its children.  An empty slot goes before each root in
    ``gap_before``.  Iterative, so tall trees are fine.
    """
    slot, depth = {}, {}
    next_slot = 0.0
    for r in roots:
        if r in gap_before:
            next_slot += 1.0
        depth[r] = 0
        stack = [(r, False)]
        while stack:
            node, done = stack.pop()
            kids = children.get(node, ())
            if done:
                if kids:
                    slot[node] = (slot[kids[0]] + slot[kids[-1]]) / 2
                else:
                    slot[node] = next_slot
                    next_slot += 1.0
                continue
            stack.append((node, True))
            for c in reversed(kids):
                depth[c] = depth[node] + 1
                stack.append((c, False))
    return slot, depth, next_slot - 1.0


def _place(slot, depth, used, width, ground_y, top, gap) -> dict:
    max_depth = max(depth.values(), default=0)
    dy = min(80.0, (ground_y - top) / max(max_depth, 1))
    dx = min(gap, (width - 60.0) / max(used, 1.0))
    left = width / 2 - dx * used / 2
    return {n: (round(left + dx * slot[n], 1), round(ground_y - dy * depth[n], 1)) for n in slot}


def layout_hackenbush(position, width=WIDTH, ground_y=GROUND_Y, top=40, gap=70.0) -> dict:
    """Coordinates ``{node: (x, y)}`` for drawing a Hackenbush position.

    Ground nodes sit on the ground line.  A breadth-first search from the
    ground gives every other node a parent one step nearer the ground; the
    resulting forest is drawn like a family tree (leaves evenly spaced,
    a parent above the middle of its children), so stalks stand straight
    and trees look like trees.  Separate pieces are kept a slot apart.

    >>> from cgteach.hackenbush import Hackenbush
    >>> layout_hackenbush(Hackenbush([(0, 1), (1, 2)]))
    {0: (320.0, 350.0), 1: (320.0, 270.0), 2: (320.0, 190.0)}
    >>> layout_hackenbush(Hackenbush([(0, 1), (0, 2), (2, 3)]))
    {0: (320.0, 350.0), 1: (285.0, 270.0), 2: (355.0, 270.0), 3: (355.0, 190.0)}
    """
    nodes = list(position.nodes)
    ground = list(position.ground)
    adjacency = defaultdict(list)
    for u, v, _ in position.edges:
        if u != v:
            adjacency[u].append(v)
            adjacency[v].append(u)
    # Pieces (connected components) in order of their first ground node; a
    # gap goes before the first ground node of every piece but the first.
    piece, gap_before = {}, set()
    for g in ground:
        if g in piece:
            continue
        if piece:
            gap_before.add(g)
        piece[g] = g
        queue = deque([g])
        while queue:
            a = queue.popleft()
            for b in adjacency[a]:
                if b not in piece:
                    piece[b] = g
                    queue.append(b)
    roots = sorted(ground, key=lambda g: (ground.index(piece[g]), ground.index(g)))
    # Breadth-first search from all ground nodes at once: parents one step down.
    children = defaultdict(list)
    seen = set(ground)
    queue = deque(roots)
    while queue:
        a = queue.popleft()
        for b in adjacency[a]:
            if b not in seen:
                seen.add(b)
                children[a].append(b)
                queue.append(b)
    stray = [n for n in nodes if n not in seen]  # only for hand-made inputs
    slot, depth, used = _tidy(children, roots + stray, gap_before | set(stray))
    coords = _place(slot, depth, used, width, ground_y, top, gap)
    return {n: coords[n] for n in nodes}


def layout_forest(parents, width=WIDTH, ground_y=GROUND_Y, top=40, gap=48.0) -> list:
    """Coordinates ``[(x, y), ...]`` for a forest given by its parent list.

    Roots stand on the ground line and trees grow upwards; leaves take
    consecutive slots from left to right (one empty slot between trees) and
    every other node sits above the middle of its children.

    >>> layout_forest([None, 0, 0])
    [(320.0, 350.0), (296.0, 270.0), (344.0, 270.0)]
    """
    children = defaultdict(list)
    roots = []
    for i, p in enumerate(parents):
        (roots if p is None else children[p]).append(i)
    slot, depth, used = _tidy(children, roots, set(roots[1:]))
    coords = _place(slot, depth, used, width, ground_y, top, gap)
    return [coords[i] for i in range(len(parents))]
