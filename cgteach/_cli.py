"""Running a command (``python -m cgteach.…``) so that its streams never give a traceback.

Every command of the package runs its body through :func:`run`, which gives
the same answers to the same troubles:

* **Standard output cannot be written** (closed with ``>&-``, a full disk
  with ``> /dev/full``, an I/O error): one line on standard error,
  ``<prog>: cannot write to standard output: <reason>``, and exit status 1.
  This holds for ``--help`` too, which :mod:`argparse` would otherwise end
  with status 0 after its write silently failed.
* **The reader went away** (``python -m cgteach.nim | head -3``): nothing
  more is written, no message, status 0: the reader asked for no more.
* **Ctrl-C** that the command does not handle itself: ``<prog>: interrupted``
  on standard error and status 130; a second Ctrl-C changes nothing.
* **Standard error closed** too: the same statuses, without the message.

Reading standard input is each command's own business (only the terminal
game reads it).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys

__all__ = ["run"]


class _ClosedOutput:
    """Stands in for a closed standard output (``>&-``): every write fails."""

    def write(self, text):
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self):
        pass

    def isatty(self):
        return False

    def fileno(self):
        raise OSError(errno.EBADF, "standard output is closed")


class _Watched:
    """``sys.stdout`` while a command runs: remembers the first write that failed.

    :mod:`argparse` swallows a failed write of ``--help``; this is how the
    command still learns that its output was lost.
    """

    def __init__(self, stream):
        self._stream = stream
        self.error = None

    def write(self, text):
        try:
            return self._stream.write(text)
        except (OSError, ValueError) as exc:
            self.error = self.error or exc
            raise

    def flush(self):
        try:
            return self._stream.flush()
        except (OSError, ValueError) as exc:
            self.error = self.error or exc
            raise

    def __getattr__(self, name):
        return getattr(self._stream, name)


def say_on_stderr(text: str) -> None:
    """Write one line on standard error if it can be written; never raise."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(text.rstrip("\n") + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def is_output_error(exc) -> bool:
    """Whether ``exc`` is the failure of a write to standard output while :func:`run` runs.

    A command that catches ``OSError`` for its own reasons re-raises these,
    so that :func:`run` reports them the same way everywhere.
    """
    return isinstance(sys.stdout, _Watched) and exc is sys.stdout.error


def silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null, so the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 1)
        finally:
            os.close(devnull)
    except OSError:
        pass


def _status(code) -> int:
    """The exit status of ``SystemExit(code)`` (``None`` is 0, a text is printed and 1)."""
    if code is None:
        return 0
    if isinstance(code, int) and not isinstance(code, bool):
        return code
    say_on_stderr(str(code))
    return 1


def run(body, prog: str) -> int:
    """Run ``body()`` (which returns an exit status) as the command ``prog``.

    Returns the exit status; see the module for what happens to the streams.
    An exception of ``body`` that has nothing to do with the streams is not
    caught (that is a bug, and its traceback is wanted).

    >>> run(lambda: 3, "demo")
    3
    >>> def asks_for_help():
    ...     raise SystemExit(0)
    >>> run(asks_for_help, "demo")
    0
    """
    original = sys.stdout
    watched = sys.stdout = _Watched(_ClosedOutput() if original is None else original)
    try:
        try:
            code = _status(body())
        except SystemExit as exc:          # argparse: --help, or a usage error (2)
            code = _status(exc.code)
        except (OSError, ValueError) as exc:
            if exc is not watched.error:
                raise
            code = 0                       # the output was lost: said below
        with contextlib.suppress(OSError, ValueError):    # remembered by watched
            watched.flush()
    except KeyboardInterrupt:
        previous = None
        with contextlib.suppress(ValueError, OSError):  # a second Ctrl-C: nothing more to stop
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            silence_stdout()
            say_on_stderr(f"{prog}: interrupted")
        finally:
            # Ctrl-C as it was: a caller in the same process (a notebook's kernel, a
            # test) keeps its Ctrl-C, and the programs it starts do not inherit an
            # ignored one
            if previous is not None:
                with contextlib.suppress(ValueError, OSError, TypeError):
                    signal.signal(signal.SIGINT, previous)
        return 130
    finally:
        sys.stdout = original
    error = watched.error
    if error is None:
        return code
    silence_stdout()
    if isinstance(error, BrokenPipeError) or code != 0:
        return code    # the reader went away, or the command failed (and said why) already
    reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
    say_on_stderr(f"{prog}: cannot write to standard output: {reason}")
    return 1
