"""The terminal game ``python -m cgteach.nim`` under hostile standard streams.

Each test runs the real command in a subprocess through ``bash`` (so the
redirections are the shell's own: ``<&-``, ``>&-``, ``> /dev/full``) and
checks that no traceback is printed and that nothing waits forever.
Timeouts are generous: the tests must pass on a loaded 2-core machine.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cgteach

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell")

GAME = f"{shlex.quote(sys.executable)} -m cgteach.nim"
TIMEOUT = 120  # seconds; a hang is what we test for, not speed


def _shell(script, stdin=b""):
    done = subprocess.run(
        ["bash", "-c", script], input=stdin, capture_output=True, timeout=TIMEOUT
    )
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(
        errors="replace"
    )


def test_stdin_closed_says_goodbye():
    code, out, err = _shell(f"{GAME} --heaps 1 2 <&-")
    assert code == 0, err
    assert "Traceback" not in err
    assert out.splitlines()[-1] == "Goodbye!"


def test_stdout_closed_reports_on_stderr():
    code, out, err = _shell(f"printf 'A\\nB\\n' | {GAME} --heaps 1 2 >&-")
    assert code == 1
    assert "Traceback" not in err
    assert err.strip() == "cgteach.nim: cannot write to standard output: standard output is closed"


def test_every_stream_closed_is_quiet():
    code, out, err = _shell(f"{GAME} --heaps 1 2 <&- >&- 2>&-")
    assert code == 1 and out == "" and err == ""


def test_full_disk_reports_on_stderr():
    code, _, err = _shell(f"printf 'A\\nB\\n' | {GAME} --heaps 1 2 > /dev/full")
    assert code == 1
    assert "Traceback" not in err and "Exception ignored" not in err
    assert "No space left on device" in err


def test_help_into_a_full_disk_fails_with_one_line():
    code, _, err = _shell(f"{GAME} --help > /dev/full")
    assert code == 1 and "Traceback" not in err
    assert err.strip() == "cgteach.nim: cannot write to standard output: No space left on device"


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii:strict", ""])
def test_invalid_utf8_on_stdin_is_asked_again(encoding):
    env = f"PYTHONIOENCODING={encoding} " if encoding else ""
    answers = b"Al\xffce\nB\xc3\n\xfe\n1\n1\nn\n"
    code, out, err = _shell(f"{env}{GAME} --heaps 1", stdin=answers)
    assert code == 0, err
    assert "Traceback" not in err
    assert "is not a whole number" in out  # the \xfe pile was asked again
    assert "took the last stone and wins!" in out
    assert out.splitlines()[-1] == "Thanks for playing. Goodbye!"


def test_dev_zero_on_stdin_ends_the_game():
    start = time.monotonic()
    code, out, err = _shell(f"{GAME} --heaps 1 < /dev/zero")
    assert code == 0, err
    assert "Traceback" not in err
    assert "longer than 1000 characters" in out
    assert out.splitlines()[-1] == "Goodbye!"
    assert time.monotonic() - start < TIMEOUT


def test_dev_urandom_on_stdin_ends():
    code, out, err = _shell(f"{GAME} --heaps 3 4 < /dev/urandom")
    assert code == 0, err
    assert "Traceback" not in err
    assert out.splitlines()[-1] == "Goodbye!"


def test_nul_bytes_and_long_lines_in_answers():
    answers = b"\x00\x00\n" + b"x" * 5000 + b"\n"
    code, out, err = _shell(f"{GAME} --heaps 1", stdin=answers)
    assert code == 0 and "Traceback" not in err
    assert "longer than 1000 characters" in out


# Python's own start-up (importing ``site``, then ``runpy`` looking for the
# package) comes before any cgteach code runs: a Ctrl-C in those first
# milliseconds is reported by Python itself, from frozen start-up modules
# only, and nothing in cgteach can catch it.  From the moment ``cgteach``
# starts importing, Ctrl-C must be quiet.


#: The package's own source folder: a frame there is cgteach's code running.  (Not the
#: word "cgteach" alone: a clone is often a folder of that name, and the editable
#: install's finder in its .venv is Python's start-up, not the package.)
_PACKAGE = str(Path(cgteach.__file__).resolve().parent) + os.sep


#: The package's first statements, up to the one that takes Ctrl-C over
#: (``_signal.signal(...)`` at the top of ``cgteach/__init__.py``): a Ctrl-C that lands
#: on them comes before any of cgteach's work, like Python's own start-up.
_INIT = _PACKAGE + "__init__.py"
_TAKEN_OVER = next(i for i, line in enumerate(Path(_INIT).read_text().splitlines(), 1)
                   if "_signal.signal(" in line)


def _before_the_package_took_over(frame: str) -> bool:
    match = re.match(r'File "(.*)", line (\d+)', frame)
    return bool(match) and match[1] == _INIT and int(match[2]) <= _TAKEN_OVER


def _only_python_startup(err: str) -> bool:
    if err.startswith("Fatal Python error: ") and "<no Python frame>" in err:
        # Ctrl-C while Python itself initialises (seen as "init_sys_streams:
        # can't initialize sys standard streams" on a busy machine): no
        # Python code, let alone cgteach's, has run yet
        return _PACKAGE not in err
    frames = [line.strip() for line in err.splitlines() if line.strip().startswith("File ")]
    python_own = ('"<frozen ', '"<string>"', "__editable__", "/lib/python3")
    return (
        bool(frames)
        and all(any(mark in f for mark in python_own) or _before_the_package_took_over(f)
                for f in frames)
        and not any(_PACKAGE in f and not _before_the_package_took_over(f) for f in frames)
    )


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.08, 0.12, 0.2, 0.4])
def test_ctrl_c_in_the_first_moments_prints_no_traceback(delay):
    proc = subprocess.Popen(
        [sys.executable, "-m", "cgteach.nim", "--heaps", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    err = err.decode(errors="replace")
    if ("Traceback" in err or "Fatal Python error" in err) and _only_python_startup(err):
        return
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    # killed before Python took over Ctrl-C, quiet exit while importing,
    # or the game's own goodbye
    assert proc.returncode in (-signal.SIGINT, 130, 0), (proc.returncode, err)
    if proc.returncode == 0:
        assert out.decode().splitlines()[-1] == "Goodbye!"


def test_ctrl_c_while_waiting_for_an_answer_on_a_pipe():
    proc = subprocess.Popen(
        [sys.executable, "-m", "cgteach.nim", "--heaps", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    seen = b""
    deadline = time.monotonic() + TIMEOUT
    while b"name? " not in seen and time.monotonic() < deadline:
        chunk = proc.stdout.read1(1024)
        if not chunk:
            break
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0
    assert b"Traceback" not in err
    assert (seen + out).decode().splitlines()[-1] == "Goodbye!"


def test_an_interrupted_command_gives_ctrl_c_back_to_its_caller():
    """Run in-process (a notebook's kernel, a test), an interrupted command leaves Ctrl-C
    as it found it: ignoring it would break the kernel's Interrupt and be inherited by
    every program started afterwards."""
    from cgteach import _cli

    def interrupted():
        raise KeyboardInterrupt

    before = signal.getsignal(signal.SIGINT)
    try:
        assert _cli.run(interrupted, "cgteach.test") == 130
        assert signal.getsignal(signal.SIGINT) is before
    finally:
        signal.signal(signal.SIGINT, before)


def test_the_game_in_process_gives_ctrl_c_back_after_its_goodbye(monkeypatch):
    from cgteach import nim

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    before = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(nim, "_ask_name", interrupted)
    monkeypatch.setattr(sys, "argv", ["nim", "--heaps", "1"])
    try:
        assert nim.main() == 0
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.getsignal(signal.SIGINT) is not signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
