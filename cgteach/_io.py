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

__all__ = ["dumps", "loads", "save", "load"]

VERSION = 1


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
    if not isinstance(doc, dict) or "format" not in doc:
        raise ValueError(
            "not a cgteach position file: expected a JSON object with keys "
            "'format', 'version' and 'position'"
        )
    expected = f"cgteach.{kind}"
    if doc["format"] != expected:
        raise ValueError(f"this file holds a {doc['format']} position, not a {expected} one")
    if doc.get("version") != VERSION:
        raise ValueError(
            f"this file has format version {doc.get('version')!r}; this cgteach reads "
            f"version {VERSION} (upgrade cgteach to read newer files)"
        )
    body = doc.get("position")
    if not isinstance(body, dict):
        raise ValueError("the file's 'position' entry is missing or is not a JSON object")
    return body


def save(kind: str, payload: dict, path: str | os.PathLike) -> None:
    """Write the position file to ``path`` (UTF-8, pretty-printed)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(kind, payload))
        f.write("\n")


def load(kind: str, path: str | os.PathLike) -> dict:
    """Read ``path`` and return the checked body (see :func:`loads`)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise ValueError(f"cannot read position file {os.fspath(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(
            f"position file {os.fspath(path)!r} is not UTF-8 text; is it a cgteach JSON file?"
        ) from None
    return loads(kind, text)
