"""Saving positions to JSON files and loading them back.

Every file is one JSON object with three keys::

    {"format": "cgteach.<kind>", "version": 1, "position": {...}}

``format`` names the kind of position (``hackenbush``, ``hackendot`` …),
``version`` the layout of ``position``.  A loader checks both before it
builds anything, so a file of the wrong kind, a newer version or a damaged
file gives a clear ``ValueError`` and never a half-built position.

Offers: :func:`dumps` and :func:`loads` (text), :func:`save` and :func:`load`
(files).  Each takes the ``kind`` first, e.g. ``"hackendot"``.  Under them,
:func:`read_text` and :func:`write_text` are the only two places that touch
the file system; every class that saves or loads goes through them.

Rules for files (the same for every ``save`` and ``load`` in cgteach):

* A path is a ``str`` or an ``os.PathLike`` and nothing else: ``save(1)``
  is a ``TypeError``, never "file descriptor 1" (which would write to
  standard output and then close it).
* Reading opens without blocking and reads only a **regular file**: a
  folder, a pipe (FIFO), ``/dev/zero`` or ``/dev/urandom`` is refused at
  once.  The size is checked first against :data:`MAX_FILE_BYTES` and the
  read itself is bounded, so a file that grows while it is read cannot
  exhaust memory.  Text that is not UTF-8, integers longer than
  :data:`MAX_INT_DIGITS` digits and ``NaN``/``Infinity`` are refused with a
  ``ValueError``.
* Writing never deletes, truncates or closes anything it did not create.
  The text goes to a fresh temporary file in the same folder, which then
  replaces the target in one step (``os.replace``), so a failed save leaves
  the old file whole and a reader never sees half a file.
* **Overwriting.**  An existing file is replaced only when it is itself a
  cgteach position file (its JSON has a ``"format": "cgteach.…"`` entry)
  or empty: saving a position again under the same name is the common
  case.  Any other existing file (your notes, a notebook), a folder, a
  device or a pipe is refused with a ``ValueError`` and left untouched.
  A symbolic link is followed: the file it points to is replaced and the
  link stays.  The replaced file keeps its permission bits.
* **Links in shared folders.**  A symbolic link in a *sticky* folder that
  anyone may write to (such as ``/tmp``) is followed only when it is yours
  or the folder owner's, as the kernel's ``protected_symlinks`` rule does
  for ``open()``: a link another user planted there (pointing at one of
  your files, or at a name in one of your private folders) is refused, and
  nothing is created or changed.  The same holds for every link on the way
  (a linked folder).  A name ending in ``/`` names a folder, as for
  ``open()``, and is refused.
* **The temporary file** is created beside the real target with
  ``O_CREAT | O_EXCL | O_NOFOLLOW`` (:func:`tempfile.mkstemp`), so it is
  always a new file of yours, never someone's link.
* **Permission.**  A file you could not write yourself is never replaced,
  though a rename over it might succeed (a rename needs only the right to
  write in the folder): a read-only file (no write bit, such as 0444, even
  for root), any file ``os.access`` says you may not write, and a file of
  another user (in a shared folder such as ``/tmp``: replacing it would
  take it from its owner).  This is checked before anything is written.
* **Round trip.**  Whatever :func:`dumps` writes, :func:`loads` reads: an
  integer longer than :data:`MAX_INT_DIGITS` digits or a number that is not
  finite is refused when saving, not only when loading.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile

from cgteach._validate import as_path, show

__all__ = ["dumps", "loads", "save", "load", "read_text", "write_text"]

VERSION = 1

#: The largest file :func:`read_text` reads, in bytes (8 MiB: a drawing of
#: a few hundred thousand edges).  Larger files are refused before reading.
MAX_FILE_BYTES = 8 * 2**20

#: The longest integer (in decimal digits) a position file may hold, read or
#: written.  Node numbers and coordinates are small; a 5,000-digit number is
#: damage (and Python's ``int`` refuses to read one from text).
MAX_INT_DIGITS = 1000

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
    _check_writable_numbers(doc, 0)
    return _layout(doc, "")


def _check_writable_numbers(value, depth: int) -> None:
    """Refuse, before writing, the numbers :func:`loads` would refuse to read back."""
    if depth > 64:
        raise ValueError("cannot save this position: it is nested more than 64 levels deep")
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        # bit_length first: str() of a huge int is itself slow (and refused past 4300 digits)
        bits = value.bit_length()  # 10**d has about 3.32 d bits
        if bits > 3.33 * MAX_INT_DIGITS or (
                bits > 3.32 * MAX_INT_DIGITS and len(str(abs(value))) > MAX_INT_DIGITS):
            raise ValueError(
                f"cannot save this position: it holds an integer of more than "
                f"{MAX_INT_DIGITS} digits, and a position file holds numbers of at most "
                f"{MAX_INT_DIGITS} digits (cgteach._io.MAX_INT_DIGITS); rename the node"
            )
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(
                f"cannot save this position: it holds the number {value!r}; a position "
                "file holds finite numbers only"
            )
        return
    if isinstance(value, dict):
        for item in value.values():
            _check_writable_numbers(item, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_writable_numbers(item, depth + 1)


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
    if len(text) > MAX_FILE_BYTES:
        raise ValueError(
            f"a position file's contents must be at most {MAX_FILE_BYTES} characters, "
            f"got {len(text)}"
        )
    try:
        doc = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constant
        )
    except _BadNumber as exc:
        raise ValueError(f"not a cgteach position file: {exc}") from None
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


class _BadNumber(Exception):
    """A number in the JSON text that no position file holds."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        # int() of it would be slow, or refused by Python past 4300 digits
        raise _BadNumber(
            f"it holds an integer of {digits} digits; numbers in a position file "
            f"have at most {MAX_INT_DIGITS} digits"
        )
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_INT_DIGITS + 20:
        raise _BadNumber(f"it holds a number written with {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"it holds the number {text[:30]}, too large for a coordinate")
    return value


def _no_constant(text: str):
    raise _BadNumber(f"it holds {text}, which is not a number a position file may hold")


def read_text(path, what: str = "position file", limit: int = MAX_FILE_BYTES) -> str:
    """Return the UTF-8 text of the regular file ``path``, at most ``limit`` bytes.

    ``path`` must be a ``str`` or ``os.PathLike``.  Folders, pipes, devices
    and files larger than ``limit`` are refused with a ``ValueError`` before
    anything is read; nothing blocks and nothing is read past ``limit``.

    >>> read_text(0)
    Traceback (most recent call last):
    ...
    TypeError: path must be a file name (str or pathlib.Path), got 0 of type int
    >>> read_text("/dev/zero")
    Traceback (most recent call last):
    ...
    ValueError: cannot read position file '/dev/zero': it is a device, not a regular file
    """
    path = as_path(path)
    shown = show(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise ValueError(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(
                f"cannot read {what} {shown}: it is {_kind_of(info.st_mode)}, not a regular file"
            )
        if info.st_size > limit:
            raise ValueError(
                f"cannot read {what} {shown}: it has {info.st_size} bytes; "
                f"a {what} may have at most {limit} bytes"
            )
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew while we read it
            raise ValueError(f"cannot read {what} {shown}: it has more than {limit} bytes")
    except OSError as exc:
        raise ValueError(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(
            f"{what} {shown} is not UTF-8 text; is it a cgteach JSON file?"
        ) from None


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _is_special(target: str, info) -> bool:
    """True for /dev, /proc and the files behind standard input, output, error."""
    parts = target.replace("\\", "/").split("/")
    if len(parts) > 1 and parts[0] == "" and parts[1] in ("dev", "proc", "sys"):
        return True
    if info is None:
        return False
    for fd in (0, 1, 2):
        try:
            std = os.fstat(fd)
        except OSError:
            continue
        if (std.st_dev, std.st_ino) == (info.st_dev, info.st_ino):
            return True
    return False


def _is_replaceable(path: str) -> bool:
    """True if the regular file ``path`` is empty or a cgteach position file."""
    try:
        text = read_text(path, limit=MAX_FILE_BYTES)
    except ValueError:
        return False
    if not text.strip():
        return True
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except (ValueError, _BadNumber, RecursionError):
        return False
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return isinstance(fmt, str) and fmt.startswith("cgteach.")


def _check_may_replace(target: str, info, what: str, shown: str) -> None:
    """Refuse to replace a file the user could not write (see the module notes).

    Replacing goes through a rename, which needs only the right to write in
    the folder: the file's own permission is checked here, before anything.
    """
    if not info.st_mode & 0o222:
        raise ValueError(
            f"cannot write {what} {shown}: that file is read-only (mode "
            f"{stat.S_IMODE(info.st_mode):04o}); cgteach does not replace a write-protected "
            "file: make it writable (chmod u+w) or choose another name"
        )
    kwargs = {"effective_ids": True} if os.access in os.supports_effective_ids else {}
    if not os.access(target, os.W_OK, **kwargs):
        raise ValueError(
            f"cannot write {what} {shown}: you have no permission to change that file; "
            "choose another name"
        )
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        # a rename would put a file of yours in its place: the owner would lose it
        raise ValueError(
            f"cannot write {what} {shown}: that file belongs to another user (uid "
            f"{info.st_uid}); cgteach does not replace other people's files: choose "
            "another name"
        )


def _shared_sticky(folder_info) -> bool:
    """True for a sticky folder that others may write to (like ``/tmp``)."""
    mode = folder_info.st_mode
    return bool(mode & stat.S_ISVTX) and bool(mode & (stat.S_IWOTH | stat.S_IWGRP))


def _check_links(path: str, what: str, shown: str) -> None:
    """Refuse a symbolic link on the way to ``path`` that another user planted in a shared folder.

    The rule of the kernel's ``protected_symlinks`` (which guards ``open()``
    but not :func:`os.path.realpath`): in a sticky folder that others may
    write to, a link is followed only if its owner is you or the folder's
    owner.  Every component of the path is checked, the last one included.
    """
    if not hasattr(os, "geteuid"):
        return
    me = os.geteuid()
    parts = os.path.abspath(path).split(os.sep)
    prefix = os.sep
    for part in parts[1:]:
        if not part:
            continue
        here = os.path.join(prefix, part)
        try:
            info = os.lstat(here)
        except OSError:
            return  # the rest does not exist yet: nothing more to follow
        if stat.S_ISLNK(info.st_mode):
            try:
                folder = os.stat(prefix)
            except OSError:
                folder = None
            if (folder is not None and _shared_sticky(folder)
                    and info.st_uid not in (me, folder.st_uid)):
                raise ValueError(
                    f"cannot write {what} {shown}: {show(here, 200)} is a symbolic link "
                    f"of another user (uid {info.st_uid}) in the shared folder "
                    f"{show(prefix, 200)}; cgteach does not follow other people's links in "
                    "a shared folder (anyone may plant one there): choose another name"
                )
            prefix = os.path.realpath(here)
        else:
            prefix = here


def write_text(path, text: str, what: str = "position file", *,
               only_cgteach: bool = True) -> None:
    """Write ``text`` to ``path`` atomically (temporary file, then rename).

    An existing target is replaced only if it is a regular file you may
    write and (with ``only_cgteach``, the default) is empty or a cgteach
    position file; anything else raises ``ValueError`` and is left exactly
    as it was (see the module notes).  A symbolic link stays a link: the
    file it points to is replaced, keeping its permission bits.

    >>> write_text(1, "{}")
    Traceback (most recent call last):
    ...
    TypeError: path must be a file name (str or pathlib.Path), got 1 of type int
    """
    path = as_path(path)
    shown = show(path)
    if not isinstance(text, str):
        raise TypeError(f"the text to write must be a str, got {type(text).__name__}")
    if path.endswith(("/", os.sep)) or (os.altsep and path.endswith(os.altsep)):
        raise ValueError(
            f"cannot write {what} {shown}: the name ends with '/', which names a folder; "
            "give the name of a file (without the trailing '/')"
        )
    _check_links(path, what, shown)
    target = os.path.realpath(path)  # follow a symbolic link: replace what it points to
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise ValueError(f"cannot write {what} {shown}: {exc.strerror or exc}") from None
    try:
        seen = os.stat(path)  # through every link, as open() would
    except OSError:
        seen = None
    if _is_special(target, info) or _is_special(os.path.abspath(path), seen):
        raise ValueError(
            f"cannot write {what} {shown}: it is a standard stream or a system file "
            "(under /dev or /proc); give the name of an ordinary file"
        )
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(
                f"cannot write {what} {shown}: it is {_kind_of(info.st_mode)}; "
                "give the name of a new file or of a cgteach position file to replace"
            )
        _check_may_replace(target, info, what, shown)
        if only_cgteach and not _is_replaceable(target):
            raise ValueError(
                f"cannot write {what} {shown}: a file of that name exists and is not a "
                "cgteach position file; choose another name (cgteach never overwrites "
                "files it did not write)"
            )
        mode = stat.S_IMODE(info.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    folder, name = os.path.split(target)
    tmp = None
    try:
        # mkstemp opens with O_CREAT | O_EXCL | O_NOFOLLOW: a fresh file of ours
        fd, tmp = tempfile.mkstemp(prefix=f".{name[:40]}.", suffix=".tmp", dir=folder or ".")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise ValueError(
            f"cannot write {what} {shown}: {exc.strerror or exc}; "
            "give the name of a file in a folder that exists and you may write to"
        ) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)  # our own temporary file, never the target


def save(kind: str, payload: dict, path: str | os.PathLike) -> None:
    """Write the position file to ``path`` (UTF-8, pretty-printed).

    A path that cannot be written (a folder, a missing folder, no
    permission, an existing file that is not a cgteach position file)
    raises ``ValueError`` saying so and changes nothing; see the module
    notes for what replacing an existing file means.
    """
    path = as_path(path)
    write_text(path, dumps(kind, payload) + "\n")


def load(kind: str, path: str | os.PathLike) -> dict:
    """Read ``path`` and return the checked body (see :func:`read_text`, :func:`loads`)."""
    return loads(kind, read_text(path))
