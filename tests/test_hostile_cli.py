"""Every command of the package under hostile standard streams.

The commands are ``python -m cgteach.nim`` (the terminal game),
``python -m cgteach.present`` and ``python -m cgteach.classroom``; the test
below finds every module of the package that runs as a command, so a new
one cannot be forgotten here.  Each is run in a real subprocess through
``bash`` (the redirections are the shell's own) with:

* ``--help > /dev/full`` and ``--help >&-``: standard output cannot be
  written, so the command must exit non-zero with one short line on
  standard error (``argparse`` alone would exit 0 after a silent failure);
* standard input closed, invalid UTF-8 on it, ``< /dev/zero``: the command
  must answer as usual (no command but the game reads standard input);
* a command that fails for a reason of its own, with standard output
  closed as well: its own message, its own status.

Never a traceback, never a hang.  Timeouts are generous: the tests must
pass on a loaded 2-core machine.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import cgteach

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell")

TIMEOUT = 120  # seconds; a hang is what we test for, not speed
PY = shlex.quote(sys.executable)

COMMANDS = {
    "cgteach.nim": "cgteach.nim",
    "cgteach.present": "python -m cgteach.present",
    "cgteach.classroom": "python -m cgteach.classroom",
}

# a run that fails for the command's own reason (exit status 2, one line naming it)
OWN_FAILURE = {
    "cgteach.nim": ("--heaps -1", "--heaps"),
    "cgteach.present": ("slides --notebooks /nonexistent-lessons --out x", "/nonexistent-lessons"),
    "cgteach.classroom": ("/nonexistent-lessons my-copy", "/nonexistent-lessons"),
}


def _shell(script, stdin=b"", cwd=None):
    done = subprocess.run(["bash", "-c", script], input=stdin, capture_output=True,
                          timeout=TIMEOUT, cwd=cwd)
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(
        errors="replace")


def _runnable_modules():
    """Every module of the package that does something when run with ``python -m``."""
    root = Path(cgteach.__path__[0])
    found = set()
    for path in root.rglob("*.py"):
        dotted = ".".join(("cgteach", *path.relative_to(root).with_suffix("").parts))
        if path.name == "__main__.py":
            found.add(dotted.rsplit(".", 1)[0])
        elif '__name__ == "__main__"' in path.read_text(encoding="utf-8"):
            found.add(dotted)
    return sorted(found)


def test_every_command_is_tested_here():
    assert _runnable_modules() == sorted(COMMANDS)


@pytest.mark.parametrize("module", sorted(COMMANDS))
@pytest.mark.parametrize("redirect, reason", [
    ("> /dev/full", "No space left on device"),
    (">&-", "standard output is closed"),
], ids=["dev-full", "stdout-closed"])
def test_help_that_cannot_be_written_fails_with_one_line(module, redirect, reason):
    code, out, err = _shell(f"{PY} -m {module} --help {redirect}")
    assert code == 1, (code, err)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.strip() == f"{COMMANDS[module]}: cannot write to standard output: {reason}"


@pytest.mark.parametrize("module", sorted(COMMANDS))
def test_help_into_a_closed_pipe_is_quiet(module):
    # the reader took what it wanted and left: that is not an error
    code, out, err = _shell(f"{PY} -m {module} --help | head -c 10; exit ${{PIPESTATUS[0]}}")
    assert code == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception" not in err, err


@pytest.mark.parametrize("module", sorted(COMMANDS))
def test_nothing_can_be_said_at_all(module):
    code, out, err = _shell(f"{PY} -m {module} --help >&- 2>&-")
    assert code == 1 and out == "" and err == ""


@pytest.mark.parametrize("module", sorted(COMMANDS))
@pytest.mark.parametrize("stdin", ["<&-", "< /dev/zero", "bad-utf8"],
                         ids=["stdin-closed", "dev-zero", "bad-utf8"])
def test_help_whatever_is_on_stdin(module, stdin):
    feed = b""
    if stdin == "bad-utf8":
        stdin, feed = "", b"\xff\xfe\xc3(\n" * 100
    code, out, err = _shell(f"{PY} -m {module} --help {stdin}", stdin=feed)
    assert code == 0, err
    assert out.startswith("usage: ") and "Traceback" not in err


@pytest.mark.parametrize("module", sorted(COMMANDS))
@pytest.mark.parametrize("streams", ["", "<&-", "< /dev/zero", ">&-", "> /dev/full",
                                     "<&- >&-"])
def test_own_failure_keeps_its_message_and_status(module, streams, tmp_path):
    args, named = OWN_FAILURE[module]
    code, out, err = _shell(f"{PY} -m {module} {args} {streams}", stdin=b"\xff\xfe\n",
                            cwd=tmp_path)
    assert code == 2, (code, err)
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert named in lines[-1], err
    assert list(tmp_path.iterdir()) == []      # nothing was made


def test_game_with_bad_utf8_and_a_full_disk():
    code, out, err = _shell(f"{PY} -m cgteach.nim --heaps 1 > /dev/full",
                            stdin=b"\xff\n\xfe\n1\n1\nn\n")
    assert code == 1 and "Traceback" not in err
    assert err.strip() == "cgteach.nim: cannot write to standard output: No space left on device"


def test_game_ends_politely_on_dev_zero_with_stdout_closed():
    code, out, err = _shell(f"{PY} -m cgteach.nim --heaps 1 < /dev/zero >&-")
    assert code == 1 and "Traceback" not in err
    assert err.strip() == "cgteach.nim: cannot write to standard output: standard output is closed"


def test_settings_output_that_cannot_be_written(tmp_path):
    # the settings are written, but the line saying where cannot be: status 1, one line
    code, out, err = _shell(f"{PY} -m cgteach.present settings --out {tmp_path}/env > /dev/full")
    assert code == 1, err
    assert err.strip() == ("python -m cgteach.present: cannot write to standard output: "
                           "No space left on device")
