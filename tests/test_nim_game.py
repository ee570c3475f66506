"""The terminal Nim game (``python -m cgteach.nim``), driven by scripted input."""

import io
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time

import pytest

from cgteach.nim import _deal, best_move, hint, main, play

PYTHON = [sys.executable, "-W", "error", "-m", "cgteach.nim"]


def run(args, answers):
    """Run the game in-process with ``answers`` as input; return (code, lines)."""
    out = io.StringIO()
    code = main(args, input=io.StringIO("".join(a + "\n" for a in answers)), output=out)
    return code, out.getvalue().splitlines()


def test_a_whole_game_transcript():
    code, lines = run(["--heaps", "1", "2"], ["Alice", "Bob", "2", "1", "1", "1", "2", "1", "n"])
    assert code == 0
    assert lines == [
        "Welcome to Nim! Take turns removing stones; whoever takes the last stone wins.",
        "Player 1, what is your name? Alice",
        "Player 2, what is your name? Bob",
        "",
        "Game 1: Alice starts.",
        "",
        "Pile 1: O",
        "Pile 2: OO",
        "Alice, it is your move.",
        "Hint: Take 1 stone from pile 2 (leaving 1): that leaves nim sum 0.",
        "Which pile? 2",
        "How many stones? 1",
        "Alice takes 1 stone from pile 2.",
        "",
        "Pile 1: O",
        "Pile 2: O",
        "Bob, it is your move.",
        "Hint: The position is balanced (nim sum 0): no move wins; take one stone and hope.",
        "Which pile? 1",
        "How many stones? 1",
        "Bob takes 1 stone from pile 1.",
        "",
        "Pile 1: (empty)",
        "Pile 2: O",
        "Alice, it is your move.",
        "Hint: Take 1 stone from pile 2 (emptying it): that leaves nim sum 0.",
        "Which pile? 2",
        "How many stones? 1",
        "Alice takes 1 stone from pile 2.",
        "",
        "Alice took the last stone and wins!",
        "Score: Alice 1, Bob 0.",
        "Play again? (y/n) n",
        "Thanks for playing. Goodbye!",
    ]


def test_invalid_answers_are_asked_again_with_a_reason():
    answers = ["Ann", "Ben", "abc", "", "0", "-1", "4", "2", "3", "x", "0", "-2", "9", "2"]
    code, lines = run(["--heaps", "3", "0", "5"], answers + ["3", "5", "n"])
    assert code == 0
    start = lines.index("Hint: Take 2 stones from pile 3 (leaving 3): that leaves nim sum 0.")
    assert lines[start + 1 : start + 20] == [
        "Which pile? abc",
        "'abc' is not a whole number: please type a number such as 2.",
        "Which pile? ",
        "Please type a number such as 2.",
        "Which pile? 0",
        "There is no pile 0: choose a pile from 1 to 3.",
        "Which pile? -1",
        "There is no pile -1: choose a pile from 1 to 3.",
        "Which pile? 4",
        "There is no pile 4: choose a pile from 1 to 3.",
        "Which pile? 2",
        "Pile 2 is empty: choose a pile that has stones in it.",
        "Which pile? 3",
        "How many stones? x",
        "'x' is not a whole number: please type a number such as 2.",
        "How many stones? 0",
        "You must take at least one stone.",
        "How many stones? -2",
        "You cannot take a negative number of stones.",
    ]
    assert lines[start + 20 : start + 23] == [
        "How many stones? 9",
        "Pile 3 has only 5 stones: take from 1 to 5.",
        "How many stones? 2",
    ]
    assert "Ann takes 2 stones from pile 3." in lines
    # Ben then asks for 5 of the 3 stones left, is told why not, and input ends.
    assert lines[-7:] == [
        "Which pile? 3",
        "How many stones? 5",
        "Pile 3 has only 3 stones: take from 1 to 3.",
        "How many stones? n",
        "'n' is not a whole number: please type a number such as 2.",
        "How many stones? ",
        "Goodbye!",
    ]


@pytest.mark.parametrize("cut", range(0, 9))
def test_end_of_input_anywhere_says_goodbye(cut):
    answers = ["Alice", "Bob", "2", "1", "1", "1", "2", "1", "y"][:cut]
    code, lines = run(["--heaps", "1", "2"], answers)
    assert code == 0
    assert lines[-1] == "Goodbye!"
    assert "Thanks for playing. Goodbye!" not in lines


def test_ctrl_c_says_goodbye():
    class Interrupting(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["--seed", "1"], input=Interrupting(), output=out) == 0
    assert out.getvalue().splitlines()[-1] == "Goodbye!"


def test_misere_proclaims_the_other_player():
    code, lines = run(["--misere", "--heaps", "1", "1"], ["A", "B", "1", "1", "2", "1", "n"])
    assert code == 0
    assert lines[0] == (
        "Welcome to Nim! Take turns removing stones; whoever takes the last stone loses."
    )
    assert "B took the last stone, so A wins!" in lines
    assert "Score: A 1, B 0." in lines
    assert (
        "Hint: Take 1 stone from pile 1 (emptying it): that leaves an odd number of "
        "one-stone piles." in lines
    )


def test_play_again_alternates_who_starts_and_keeps_score():
    answers = ["Alice", "Bob", "1", "1", "yes", "1", "1", "maybe", "N"]
    code, lines = run(["--heaps", "1"], answers)
    assert code == 0
    assert "Game 1: Alice starts." in lines and "Game 2: Bob starts." in lines
    assert "Score: Alice 1, Bob 0." in lines and "Score: Alice 1, Bob 1." in lines
    assert "Please answer y or n." in lines
    assert lines[-1] == "Thanks for playing. Goodbye!"


def test_names_default_and_must_differ():
    code, lines = run(["--heaps", "1"], ["", "player 1", "", "1", "1", "n"])
    assert "Player 1, what is your name? " in lines
    assert "Player 1 is already playing: please choose another name." in lines
    assert "Player 1 took the last stone and wins!" in lines
    assert "Score: Player 1 1, Player 2 0." in lines


def test_seeded_deal_is_reproducible():
    code, lines = run(["--seed", "5"], ["A", "B"])
    heaps = _deal(random.Random(5))
    assert 2 <= len(heaps) <= 5 and all(1 <= h <= 8 for h in heaps)
    board = [f"Pile {i}: {'O' * h}" for i, h in enumerate(heaps, start=1)]
    first = lines.index("Game 1: A starts.")
    assert lines[first + 2 : first + 2 + len(heaps)] == board
    assert run(["--seed", "5"], ["A", "B"]) == (code, lines)


def test_deals_have_2_to_5_piles_of_1_to_8_stones():
    rng = random.Random(0)
    deals = [_deal(rng) for _ in range(500)]
    assert {len(d) for d in deals} == {2, 3, 4, 5}
    assert {h for d in deals for h in d} == set(range(1, 9))


def test_no_hints_option():
    code, lines = run(["--no-hints", "--heaps", "2"], ["A", "B", "1", "2", "n"])
    assert not any(line.startswith("Hint:") for line in lines)
    assert "A took the last stone and wins!" in lines


def _script_against_computer(heaps, human, misere=False):
    """Answers for a human who plays ``human(heaps)`` against the computer; and the winner."""
    answers, player, last = ["Human"], 0, None
    while any(heaps):
        if player == 0:
            i, new = human(heaps)
            answers += [str(i + 1), str(heaps[i] - new)]
        else:
            i, new = best_move(heaps, misere)
        heaps, last, player = play(heaps, (i, new)), player, 1 - player
    winner = 1 - last if misere else last
    return answers + ["n"], winner


def _take_one_from_first(heaps):
    i = next(i for i, h in enumerate(heaps) if h)
    return i, heaps[i] - 1


def _empty_the_last(heaps):
    i = max(i for i, h in enumerate(heaps) if h)
    return i, 0


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("human", [_take_one_from_first, _empty_the_last])
@pytest.mark.parametrize("heaps", [(2, 2), (1, 2, 3), (4, 5, 1), (3, 3, 1)])
def test_the_computer_plays_perfectly(heaps, human, misere):
    args = ["--computer", "--heaps", *map(str, heaps)] + (["--misere"] if misere else [])
    answers, winner = _script_against_computer(heaps, human, misere)
    code, lines = run(args, answers)
    assert code == 0
    assert "Player 2 is the computer." in lines
    from cgteach.nim import outcome

    if outcome(heaps, misere) == "P":  # the human moves first from a P-position
        assert winner == 1
    result = [line for line in lines if "took the last stone" in line]
    who = ["Human", "The computer"][winner]
    if misere:
        assert result == [
            f"{['Human', 'The computer'][1 - winner]} took the last stone, so {who} wins!"
        ]
    else:
        assert result == [f"{who} took the last stone and wins!"]
    assert any(line.startswith("The computer takes ") for line in lines)
    # hints are only for the human
    hints = [i for i, line in enumerate(lines) if line.startswith("Hint:")]
    assert all(lines[i - 1] == "Human, it is your move." for i in hints)


def test_computer_move_is_announced():
    code, lines = run(["--computer", "--heaps", "3", "3"], ["Me", "1", "1", "n"])
    k = lines.index("Me takes 1 stone from pile 1.")
    assert lines[k + 1 : k + 5] == [
        "",
        "Pile 1: OO",
        "Pile 2: OOO",
        "The computer takes 1 stone from pile 2.",
    ]
    assert "Hint: " + hint((2, 2)) in lines


# --- the real command line ---------------------------------------------------------


def _cli(args, answers, **kw):
    env = dict(os.environ, PYTHONWARNINGS="error")
    return subprocess.run(
        PYTHON + args,
        input="".join(a + "\n" for a in answers),
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        **kw,
    )


def test_command_line_full_game_without_warnings():
    done = _cli(["--heaps", "1", "2"], ["Alice", "Bob", "2", "1", "1", "1", "2", "1", "n"])
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Alice took the last stone and wins!" in lines
    assert lines[-1] == "Thanks for playing. Goodbye!"


def test_command_line_seed_and_end_of_input():
    first = _cli(["--seed", "11"], ["A", "B", "junk"])
    again = _cli(["--seed", "11"], ["A", "B", "junk"])
    assert first.returncode == again.returncode == 0 and first.stderr == ""
    assert first.stdout == again.stdout
    heaps = _deal(random.Random(11))
    for i, h in enumerate(heaps, start=1):
        assert f"Pile {i}: {'O' * h}" in first.stdout.splitlines()
    assert "'junk' is not a whole number: please type a number such as 2." in first.stdout
    assert first.stdout.splitlines()[-1] == "Goodbye!"


def test_command_line_help_and_bad_options():
    helped = _cli(["--help"], [])
    assert helped.returncode == 0
    for option in ["--seed", "--misere", "--computer", "--heaps", "--no-hints"]:
        assert option in helped.stdout
    bad = _cli(["--seed", "x"], [])
    assert bad.returncode == 2 and "invalid int value" in bad.stderr
    negative = _cli(["--heaps", "3", "-1"], [])
    assert negative.returncode == 2
    assert "heap 2 must be a non-negative integer, got -1" in negative.stderr
    empty = _cli(["--heaps", "0", "0"], [])
    assert empty.returncode == 2 and "at least one pile" in empty.stderr


def test_package_import_does_not_load_the_game_module():
    code = "import sys, cgteach; print('cgteach.nim' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"


class _Reader:
    """Everything read so far from a file descriptor, kept across waits.

    A wait that times out keeps what it read, so a retry sees text that
    arrived in pieces (the old helper dropped it, which failed on a busy
    machine).
    """

    def __init__(self, fd):
        self.fd, self.buf, self.closed = fd, b"", False

    def until(self, text, timeout=60.0):
        """Wait until ``text`` has been read (since the last mark); True if it was."""
        end = time.monotonic() + timeout
        while text.encode() not in self.buf and not self.closed:
            left = end - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 1024)
                except OSError:
                    chunk = b""
                if not chunk:
                    self.closed = True
                self.buf += chunk
        return text.encode() in self.buf

    def text(self):
        return self.buf.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
def test_interactive_terminal_and_ctrl_c():
    """In a real terminal the game uses input() and Ctrl-C ends it politely."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        PYTHON + ["--heaps", "1", "2"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
        env=dict(os.environ, PYTHONWARNINGS="error", TERM="dumb"),
    )
    os.close(slave)
    reader = _Reader(master)
    try:
        assert reader.until("Player 1, what is your name? "), reader.text()
        os.write(master, b"Alice\n")
        assert reader.until("Player 2, what is your name? "), reader.text()
        os.write(master, b"Bob\n")
        assert reader.until("Which pile? "), reader.text()
        assert "Pile 2: OO" in reader.text()
        # input() prints the prompt before it blocks; a signal that lands in
        # between is only noticed on the next key, so wait a moment and retry.
        # Every retry keeps what the reader has seen so far.
        for _ in range(10):
            time.sleep(0.3)
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
            if reader.until("Goodbye!", timeout=6):
                break
        assert "Goodbye!" in reader.text(), reader.text()
        assert proc.wait(timeout=60) == 0
        assert "Traceback" not in reader.text()
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
