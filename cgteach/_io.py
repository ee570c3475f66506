"""Saving positions to JSON files and loading them back.

Every file is one JSON object with three keys::

    {"format": "cgteach.<kind>", "version": 1, "position": {...}}

``format`` names the kind of position (``hackenbush``, ``hackendot`` …),
``version`` the layout of ``position``.  A loader checks both before it
builds anything, so a file of the wrong kind, a newer version or a damaged
file gives a clear ``ValueError`` and never a half-built position.

Offers: :func:`dumps` and :func:`loads` (text), :func:`save` and :func:`load`
(files).  Each takes the ``kind`` first, e.g. ``"hackendot"``.
"""

from __future__ import annotations

import json
import os

from cgteach._validate import as_path, show

__all__ = ["dumps", "loads", "save", "load"]

VERSION = 1

#: Top-level keys a file may carry besides the three above (editors add
#: ``layout``); anything else is refused, since it means a different tool
#: or a typo wrote the file and what it meant would be silently lost.
EXTRA_KEYS = ("layout",)


def dumps(kind: str, payload: dict, **extra) -> str:
    """Return the JSON text for a position of ``kind`` with body ``payload``.

    ``extra`` adds further top-level entries (the editors keep a ``layout``).
    The text is laid out for people: one edge (or other small list) a line.

    >>> print(dumps("hackenbush", {"ground": [0], "edges": [[0, 1, "green"], [1, 1, "red"]]}))
    {
      "format": "cgteach.hackenbush",
      "version": 1,
      "position": {
        "ground": [0],
        "edges": [
          [0, 1, "green"],
          [1, 1, "red"]
        ]
      }
    }
    """
    doc = {"format": f"cgteach.{kind}", "version": VERSION, "position": payload, **extra}
    return _layout(doc, "")


def _layout(value, indent: str) -> str:
    """JSON text with objects spread over lines and lists of plain values on one line."""
    inner = indent + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(str(k))}: {_layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, (list, tuple)) and any(isinstance(v, (list, tuple, dict)) for v in value):
        items = [inner + _layout(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)


def loads(kind: str, text: str | bytes) -> dict:
    """Check ``text`` is a version-1 file of ``kind`` and return its body.

    >>> loads("hackendot", dumps("hackendot", {"parents": [None]}))
    {'parents': [None]}
    >>> loads("hackendot", '{"format": "cgteach.hackenbush", "version": 1, "position": {}}')
    Traceback (most recent call last):
    ...
    ValueError: this file holds a cgteach.hackenbush position, not a cgteach.hackendot one
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(
            f"a position file's contents must be text (str or bytes), got {type(text).__name__}"
        )
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not a valid JSON file: {exc}") from None
    except RecursionError:
        raise ValueError(
            "not a cgteach position file: its JSON is nested far too deeply"
        ) from None
    if not isinstance(doc, dict) or "format" not in doc:
        raise ValueError(
            "not a cgteach position file: expected a JSON object with keys "
            "'format', 'version' and 'position'"
        )
    expected = f"cgteach.{kind}"
    if not isinstance(doc["format"], str):
        raise ValueError(f"the file's 'format' must be a text such as {expected!r}")
    if doc["format"] != expected:
        raise ValueError(
            f"this file holds a {show(doc['format'])[1:-1]} position, not a {expected} one"
        )
    version = doc.get("version")
    # 1.0 and true compare equal to 1 in Python but are not what was written
    if type(version) is not int or version != VERSION:
        raise ValueError(
            f"this file has format version {show(version)}; this cgteach reads "
            f"version {VERSION} (an integer; upgrade cgteach to read newer files)"
        )
    unknown = sorted(str(k) for k in doc if k not in ("format", "version", "position", *EXTRA_KEYS))
    if unknown:
        raise ValueError(
            f"the file has unknown top-level entries {', '.join(map(repr, unknown[:5]))}; "
            f"a cgteach file holds only 'format', 'version', 'position' and 'layout'"
        )
    body = doc.get("position")
    if not isinstance(body, dict):
        raise ValueError("the file's 'position' entry is missing or is not a JSON object")
    return body


def save(kind: str, payload: dict, path: str | os.PathLike) -> None:
    """Write the position file to ``path`` (UTF-8, pretty-printed).

    A path that cannot be written (a folder, a missing folder, no permission)
    raises ``ValueError`` saying so.
    """
    path = as_path(path)
    text = dumps(kind, payload)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
    except OSError as exc:
        raise ValueError(
            f"cannot write position file {show(path)}: {exc.strerror or exc}; "
            "give the name of a file in a folder that exists and you may write to"
        ) from None


def load(kind: str, path: str | os.PathLike) -> dict:
    """Read ``path`` and return the checked body (see :func:`loads`)."""
    path = as_path(path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise ValueError(
            f"cannot read position file {show(os.fspath(path))}: {exc.strerror}"
        ) from None
    except UnicodeDecodeError:
        raise ValueError(
            f"position file {show(os.fspath(path))} is not UTF-8 text; is it a cgteach JSON file?"
        ) from None
    return loads(kind, text)
