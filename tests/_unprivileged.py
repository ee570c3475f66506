"""Run a call as the unprivileged user ``nobody``, for the permission tests.

The suite runs as root on CI, where file modes do not bite (root writes into
a read-only folder), so a permission case that only ran as its caller would
prove nothing there.  :func:`as_unprivileged` runs the call in a forked child
that drops to ``nobody`` when the caller is root, and here otherwise (already
unprivileged).  Not a test module (no ``test_`` prefix): a helper imported by
tests/test_hostile_files.py and tests/test_hostile_lesson09.py.
"""

from __future__ import annotations

import contextlib
import os
import pickle


def nobody() -> tuple[int, int]:
    """The user and group ids of ``nobody``."""
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def as_unprivileged(fn, *args):
    """``fn(*args)`` run as the user ``nobody``: ``("ok", result)`` or ``("raised", type, text)``.

    As root, in a forked child that drops to ``nobody`` (no new interpreter:
    the modules are already imported); as anyone else, here (already unprivileged).
    """
    def run():
        try:
            return ("ok", fn(*args))
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            return ("raised", type(exc).__name__, str(exc))

    if os.geteuid() != 0:
        return run()
    uid, gid = nobody()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            data = pickle.dumps(run())
        except BaseException as exc:  # noqa: BLE001
            data = pickle.dumps(("raised", "setup", repr(exc)))
        with contextlib.suppress(BaseException):
            os.write(write, data)
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return pickle.loads(b"".join(chunks))
