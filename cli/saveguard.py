"""Keeping a saved game honest at a shared table.

A save is a plain JSON file anyone at the keyboard can edit: turn a bot's seat
into their own, re-roll the seed, drop the last moves to undo a draw they did
not like, or resume one game in two windows. This module makes each of these
visible. Every save is sealed with an HMAC whose key lives in the user's data
folder (created once, readable by the user only), and while the game goes on its
seed and moves are concealed by the same key (``savegame.concealed``), so the file
tells no one at the table what is hidden from them; the number of moves last
saved for each game is remembered there too; and a game being played holds a
lock beside its save, so a second process is told the game is in use.
"""

from __future__ import annotations

import glob
import json
import os
import secrets
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from regelwerk.engine import (SAVE_VERSION, GameLog, N_, Phrase, SaveError, UnreadableFile,
                              read_bounded, seal_of, write_atomic)

if sys.platform != "win32":  # elsewhere, two processes are not kept apart
    import fcntl

KEY_BYTES = 32
#: the progress record holds one small entry per game ever saved
MAX_PROGRESS_BYTES = 4 * 1024 * 1024


def data_folder() -> Path:
    from platformdirs import user_data_path

    return user_data_path("regelwerk")


def key() -> bytes:
    """The key of this user's seals, made on first use; anything else at its name is refused
    (an empty or cut key would seal nothing, a FIFO would hang)."""
    path = data_folder() / "save-key"
    if not os.path.lexists(path):
        _make_key(path)
    try:
        key = read_bounded(path, KEY_BYTES)
    except UnreadableFile as error:
        raise SaveError(N_("the key that seals saved games, {file}, cannot be read: {reason}"),
                        file=str(path), reason=Phrase(error.message, error.params)) from None
    if len(key) != KEY_BYTES:
        raise SaveError(N_("the key that seals saved games, {file}, is damaged (it must hold "
                           "{size} bytes)"), file=str(path), size=KEY_BYTES)
    return key


def _make_key(path: Path) -> None:
    """Write a new key whole, then give it its name only if no other process did first
    (a hard link never replaces), so no one ever reads half a key."""
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".save-key.", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
            out.flush()
            os.fsync(out.fileno())
        os.link(temporary, path)
    except FileExistsError:
        pass
    except OSError as error:
        raise SaveError(N_("cannot save the game in {file}: {reason}"), file=str(path.parent),
                        reason=error.strerror or type(error).__name__) from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def seal(log: GameLog) -> None:
    log.seal = seal_of(log, key())


def sealed(log: GameLog) -> bool:
    """Whether the log is as this user's regelwerk saved it (its seal holds)."""
    return secrets.compare_digest(log.seal, seal_of(log, key()))


def check(log: GameLog, path: Path) -> None:
    """Refuse a save changed outside regelwerk, or older than the last one of its game."""
    if not sealed(log):
        raise SaveError(N_("{file} was changed outside regelwerk (or saved by another user): "
                           "it cannot be resumed"), file=str(path))
    saved = _progress().get(log.game_id, 0)
    if len(log.moves) < saved:
        raise SaveError(N_("{file} is an older copy of its game (moves saved: {saved}; in this "
                           "file: {count})"), file=str(path), saved=saved, count=len(log.moves))


def save(log: GameLog, path: Path) -> None:
    """Seal and write the log, and note how far its game has come; refused when the game
    was saved further since (a copy of it played in another window: two continuations of one
    game would let a player try a turn in one and choose in the other)."""
    log.version = SAVE_VERSION  # the seal covers the version it is written in
    seal(log)
    folder = data_folder()
    with _progress_lock(folder):
        progress = _progress()
        saved = progress.get(log.game_id)
        if saved is not None and saved >= len(log.moves):
            raise SaveError(N_("{file}: this game has been played further in another window or "
                               "copy (moves saved: {saved}); it cannot go on here"),
                            file=str(path), saved=saved)
        write_atomic(path, log, key())  # the seed and moves concealed while it goes on
        progress[log.game_id] = len(log.moves)
        _write_progress(folder, progress)


def _write_progress(folder: Path, progress: dict[str, int]) -> None:
    """Replace the record of progress (a lost record only weakens the checks)."""
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".progress.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps(progress))
        os.replace(temporary, folder / "progress.json")
    except OSError:
        pass
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


@contextmanager
def _progress_lock(folder: Path) -> Iterator[None]:
    """Held while the record of progress is read, checked and rewritten: two games saving at
    once each keep their note (otherwise the last writer's whole record wins, and the other
    game's note is lost), and of two copies of one game, only one goes on. Without a lock
    file, the record is written all the same."""
    if sys.platform == "win32":
        yield
        return
    try:
        descriptor = os.open(folder / ".progress.lock", _LOCK_FLAGS, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _progress() -> dict[str, int]:
    try:
        data = json.loads(read_bounded(data_folder() / "progress.json", MAX_PROGRESS_BYTES))
    except (UnreadableFile, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, int) and not isinstance(v, bool)}


#: a lock file is opened without following a symbolic link or waiting for a FIFO's reader
_LOCK_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))


class GameLock:
    """Held while a game is played: a second process resuming it is told it is in use."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = save.with_name(f".{save.name}.lock")
        self.handle: IO[bytes] | None = None

    def acquire(self) -> None:
        """Take the lock, then clear what an interrupted write of this save left behind.

        The lock file stays when the game ends: removing it could let two processes
        each lock a different file of the same name.
        """
        if sys.platform == "win32":
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, _LOCK_FLAGS, 0o600)
        except FileNotFoundError:
            return  # a folder we cannot make fails at the first save, with its reason
        except OSError:
            if os.path.lexists(self.path) and not stat.S_ISREG(os.lstat(self.path).st_mode):
                raise self._unusable() from None
            return  # nor one we cannot write to
        handle = os.fdopen(descriptor, "ab")
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            handle.close()
            raise self._unusable()
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise SaveError(N_("{file} is being played in another window"),
                            file=str(self.save)) from None
        self.handle = handle
        # The name escaped: a save called 'a*.json' must not sweep up the temporary
        # files of 'ab.json', which another window may be writing.
        for stale in self.save.parent.glob(f".{glob.escape(self.save.name)}.*.tmp"):
            stale.unlink(missing_ok=True)

    def _unusable(self) -> SaveError:
        """Something other than a lock file at the lock's name: never followed, opened or
        waited for (a symbolic link could make us create a file elsewhere, a FIFO hang)."""
        return SaveError(N_("{file} cannot be locked: {lock} is not a regular file"),
                         file=str(self.save), lock=str(self.path))

    def release(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None
