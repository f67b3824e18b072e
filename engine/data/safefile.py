"""Reading and writing a file named from outside, without letting it hang or flood us.

Rules, variants, scenarios, saves, a game's catalogs and a report are all named by the
user, so any path may be a FIFO (``open`` would block forever), a device
(``/dev/zero`` never ends), a directory, a symlink loop or a file of
gigabytes. `read_bounded` opens without blocking, checks with ``fstat`` that
it holds a regular file, and reads at most ``limit`` bytes; every way this
can fail is one `UnreadableFile` with a translatable message. `write_whole` writes
only in place of a regular file (or of nothing), through a temporary file renamed over
it; every way that can fail is one `UnwritableFile`.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from typing import Any

from ..common.errors import N_

#: the flags every outside file is opened with: never wait for a writer
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)

_REASONS = {
    errno.ENOENT: N_("there is no such file"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ELOOP: N_("the path is a loop of symbolic links"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENAMETOOLONG: N_("the path is too long"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the disk can only be read, not written"),
    errno.EEXIST: N_("something of that name already exists"),
}


class UnreadableFile(Exception):
    """A file that cannot be read; ``message`` is a message id, ``params`` fill it."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


class FileTooLarge(UnreadableFile):
    """A file over the size limit; its message says both sizes."""


class UnwritableFile(UnreadableFile):
    """A file that cannot be written; ``message`` is a message id, ``params`` fill it."""


_NOT_REGULAR = N_("only a regular file is replaced, not a link, a folder, a device or a FIFO")


def check_replaceable(path: str | os.PathLike[str]) -> None:
    """Refuse a name where a file could not be written whole: anything there but a regular
    file (a link is never followed: it could point anywhere; a FIFO never waited for)."""
    try:
        mode = os.lstat(path).st_mode if os.path.lexists(path) else stat.S_IFREG
    except (OSError, ValueError) as error:
        message, params = os_reason(error)
        raise UnwritableFile(message, **params) from None
    if stat.S_ISDIR(mode):
        raise UnwritableFile(_REASONS[errno.EISDIR])
    if not stat.S_ISREG(mode):
        raise UnwritableFile(_NOT_REGULAR)


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file whole, a temporary file beside it renamed over it, and only in place
    of a regular file or of nothing (``check_replaceable``); it keeps its mode."""
    check_replaceable(path)
    folder = os.path.dirname(os.fspath(path)) or "."
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        mode = os.stat(path).st_mode & 0o777 if os.path.isfile(path) else 0o644
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".regelwerk.", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
        temporary = None
    except (OSError, ValueError) as error:
        message, params = os_reason(error)
        raise UnwritableFile(message, **params) from None
    finally:
        if temporary is not None:
            os.unlink(temporary)


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path``, refusing more than ``limit`` of them."""
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as error:
        raise _unreadable(error) from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(_REASONS[errno.EISDIR])
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(N_("it is not a regular file (a device, FIFO or socket)"))
        if info.st_size > limit:
            raise too_large(info.st_size, limit)
        chunks = []
        remaining = limit + 1  # one more than allowed: a file may grow while we read
        while remaining > 0:
            chunk = os.read(descriptor, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as error:
        raise _unreadable(error) from None
    finally:
        os.close(descriptor)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise too_large(len(raw), limit)
    return raw


def too_large(size: int, limit: int) -> FileTooLarge:
    return FileTooLarge(N_("the file is too large ({size}); the limit is {limit}"),
                          size=size_text(size), limit=size_text(limit))


def size_text(size: int) -> str:
    """A byte count as people read it (binary units, as file managers show them)."""
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KiB"
    return f"{size / (1024 * 1024):.1f} MiB"


def _unreadable(error: OSError | ValueError) -> UnreadableFile:
    message, params = os_reason(error)
    return UnreadableFile(message, **params)


def os_reason(error: OSError | ValueError) -> tuple[str, dict[str, Any]]:
    """Why a file could not be read or written, as a message id and its parameters (the
    system's own text is in English whatever the language): a reason we word ourselves,
    else the error's code."""
    if isinstance(error, ValueError):  # a NUL byte in the path
        return N_("the path is not a valid file name"), {}
    message = _REASONS.get(error.errno or 0)
    if message is not None:
        return message, {}
    code = errno.errorcode.get(error.errno or 0, type(error).__name__)
    return N_("the system refuses it (error {code})"), {"code": code}
