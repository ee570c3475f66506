"""Saving and loading positions: nothing lost, nothing hangs.

Every writer is tried against an existing folder, an existing foreign file,
standard output's descriptor and a read-only folder, and must leave each
exactly as it was.  Every reader is tried against a FIFO, devices, binary
and oversized files, and must refuse at once with a ``ValueError``.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import stat
import sys
import tempfile

import pytest

from cgteach import _io
from cgteach.hackenbush import examples
from cgteach.hackenbush.position import Hackenbush
from cgteach.hackendot import Hackendot
from tests._unprivileged import as_unprivileged

HOUSE = examples.house()
FIG = Hackendot.figure1()

# (name, a writer taking a path, a loader taking a path)
WRITERS = [
    ("Hackenbush.save", HOUSE.save, Hackenbush.load),
    ("Hackendot.save", FIG.save, Hackendot.load),
    ("_io.save", lambda p: _io.save("hackenbush", HOUSE.to_dict(), p),
     lambda p: _io.load("hackenbush", p)),
    ("_io.write_text", lambda p: _io.write_text(p, HOUSE.to_json()),
     lambda p: Hackenbush.from_json(_io.read_text(p))),
]
LOADERS = [(name, load) for name, _, load in WRITERS]
IDS = [w[0] for w in WRITERS]
LOAD_IDS = [n for n, _ in LOADERS]


@pytest.fixture(autouse=True)
def _alarm():
    """Fail, not hang, if a call blocks (a FIFO, /dev/zero)."""

    def ring(*_):
        raise AssertionError("the call blocked for 60 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(60)   # a hang guard only: generous for a loaded machine
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _snapshot(folder: pathlib.Path):
    """Names, sizes, modes and contents of everything in ``folder``."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if path.is_file() else None
        found[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), info.st_size, data)
    return found


# ---------------------------------------------------------------------------
# paths are str or os.PathLike only
# ---------------------------------------------------------------------------

NOT_PATHS = [0, 1, 2, True, False, 1.5, b"house.json", None, ["a"], object()]


def _show(value) -> str:
    """A test id: the value's repr, but no memory address (every xdist worker collects
    the same ids)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("bad", NOT_PATHS, ids=_show)
@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writers_refuse_non_paths_and_keep_stdout(writer, bad):
    _, save, _ = writer
    before = os.fstat(1)
    with pytest.raises(TypeError, match="path must be a file name"):
        save(bad)
    os.fstat(1)  # still open (an OSError here would mean someone closed it)
    assert os.fstat(1).st_ino == before.st_ino
    sys.stdout.write("")
    sys.stdout.flush()


@pytest.mark.parametrize("bad", NOT_PATHS, ids=_show)
@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loaders_refuse_non_paths_and_keep_stdin(loader, bad):
    _, load = loader
    with pytest.raises(TypeError, match="path must be a file name"):
        load(bad)
    os.fstat(0)


# ---------------------------------------------------------------------------
# writers change nothing they did not create
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_leaves_an_existing_folder_alone(writer, tmp_path):
    _, save, _ = writer
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "keep.txt").write_text("precious")
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match="folder"):
        save(folder)
    with pytest.raises(ValueError, match="folder"):
        save(str(folder) + "/")
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "contents", [b"my essay, not a position\n", b"\xff\xfe binary", b'{"format": "other"}'],
    ids=["text", "binary", "other-json"],
)
@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_refuses_to_overwrite_a_foreign_file(writer, contents, tmp_path):
    _, save, _ = writer
    target = tmp_path / "notes.json"
    target.write_bytes(contents)
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match="not a cgteach position file"):
        save(target)
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_replaces_its_own_kind_of_file_atomically(writer, tmp_path):
    _, save, load = writer
    target = tmp_path / "pos.json"
    save(target)
    os.chmod(target, 0o640)
    first = target.read_bytes()
    save(str(target))  # a second save under the same name is the common case
    assert target.read_bytes() == first
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert load(target) is not None
    assert [p.name for p in tmp_path.iterdir()] == ["pos.json"]  # no temporary file left


def test_an_empty_file_may_be_replaced_and_links_are_followed(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    HOUSE.save(empty)
    assert Hackenbush.load(empty) == HOUSE
    real = tmp_path / "real.json"
    FIG.save(real)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    Hackendot.path(3).save(link)
    assert link.is_symlink() and Hackendot.load(real) == Hackendot.path(3)


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/null"])
@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_refuses_stdout_and_devices(writer, name, capfd):
    _, save, _ = writer
    if not os.path.exists(name):
        pytest.skip(f"{name} does not exist here")
    with pytest.raises(ValueError, match="cannot write"):
        save(name)
    os.fstat(1)
    print("still here")
    assert "still here" in capfd.readouterr().out


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_in_a_read_only_folder_changes_nothing(writer):
    # root ignores file modes, so as root the writer runs as ``nobody`` in a
    # forked child (tests/_unprivileged.py): the suite runs as root on CI
    _, save, _ = writer
    base = pathlib.Path(tempfile.mkdtemp(prefix="cgteach-ro-"))
    try:
        os.chmod(base, 0o755)  # nobody may look in, not write
        folder = base / "ro"
        folder.mkdir()
        (HOUSE if writer[0] != "Hackendot.save" else FIG).save(folder / "old.json")
        os.chmod(folder / "old.json", 0o644)
        before = _snapshot(base)
        folder.chmod(0o555)
        for name in ("new.json", "old.json"):
            answer = as_unprivileged(save, str(folder / name))
            assert answer[:2] == ("raised", "ValueError"), answer
            assert "cannot write" in answer[2], answer
            assert _snapshot(base) == before
    finally:
        if (base / "ro").exists():
            os.chmod(base / "ro", 0o755)
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("place", ["/proc", "/sys", "/proc/self"])
@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_in_a_place_nobody_may_write_changes_nothing(writer, place):
    # /proc and /sys refuse new files to everyone, root included
    _, save, _ = writer
    if not os.path.isdir(place):
        pytest.skip(f"{place} does not exist here")
    before = sorted(os.listdir(place)) if place != "/proc" else None
    target = os.path.join(place, "cgteach-position.json")
    with pytest.raises(ValueError, match="cannot write"):
        save(target)
    assert not os.path.exists(target)
    if before is not None:
        assert sorted(os.listdir(place)) == before


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_writer_into_a_missing_folder(writer, tmp_path):
    _, save, _ = writer
    with pytest.raises(ValueError, match="cannot write"):
        save(tmp_path / "missing" / "x.json")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------
# readers: regular files only, bounded
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loader_refuses_a_fifo_at_once(loader, tmp_path):
    _, load = loader
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="pipe"):
        load(fifo)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null", "/dev/stdin"])
@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loader_refuses_devices(loader, device):
    _, load = loader
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    with pytest.raises(ValueError, match="not a regular file|cannot read"):
        load(device)
    os.fstat(0)


@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loader_refuses_a_folder_and_a_missing_file(loader, tmp_path):
    _, load = loader
    with pytest.raises(ValueError, match="folder"):
        load(tmp_path)
    with pytest.raises(ValueError, match="No such file"):
        load(tmp_path / "missing.json")


@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loader_checks_the_size_before_reading(loader, tmp_path):
    _, load = loader
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(_io.MAX_FILE_BYTES + 1)  # sparse: 8 MiB of nothing, made at once
    with pytest.raises(ValueError, match=f"at most {_io.MAX_FILE_BYTES} bytes"):
        load(big)


@pytest.mark.parametrize("loader", LOADERS, ids=LOAD_IDS)
def test_loader_refuses_binary_files(loader, tmp_path):
    _, load = loader
    binary = tmp_path / "pic.json"
    binary.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ValueError, match="not UTF-8 text"):
        load(binary)


@pytest.mark.parametrize(
    # past MAX_INT_DIGITS (1000 digits: what save writes, load reads back, issue 39)
    "number", ["9" * 5000, "-" + "9" * 5000, "1e999", "NaN", "Infinity", "1" + "0" * 1001],
)
def test_loads_refuses_absurd_numbers_clearly(number, tmp_path):
    text = HOUSE.to_json().replace('"version": 1', '"version": 1, "layout": ' + number)
    with pytest.raises(ValueError, match="not a cgteach position file") as info:
        Hackenbush.from_json(text)
    assert "4300" not in str(info.value) and "Exceeds" not in str(info.value)
    path = tmp_path / "n.json"
    path.write_text(text)
    with pytest.raises(ValueError, match="not a cgteach position file"):
        Hackenbush.load(path)
    edges = '[[0, 1, "green"], [1, ' + number + ', "blue"]]'
    with pytest.raises(ValueError, match="position file"):
        Hackenbush.from_json(HOUSE.to_json().split('"edges"')[0] + '"edges": ' + edges + "}}")


def test_loads_refuses_oversized_text():
    with pytest.raises(ValueError, match="at most"):
        _io.loads("hackenbush", " " * (_io.MAX_FILE_BYTES + 1))


def test_round_trip_through_files(tmp_path):
    for pos, cls in [(HOUSE, Hackenbush), (FIG, Hackendot), (Hackenbush([]), Hackenbush)]:
        path = tmp_path / f"{cls.__name__}.json"
        pos.save(path)
        assert cls.load(path) == pos
        assert cls.load(str(path)) == pos
