"""What mechanisms learn while games are played, kept apart from the rules.

A compiled ruleset is immutable; answers that recur all game long (which
groups may replace which, which kinds a wild piece stands for, the moves last
handed out) are learnt as they come up and kept here, one cache per ruleset
(``rules.cache``). A mechanism receives its tables from the cache while the
ruleset is compiled (``bind``) and holds them by a reference that never changes;
what the tables hold belongs to the cache.

Threads share the tables. Reading is free of locks (a dict lookup is atomic,
and a learnt bit set is an int replaced whole); every change, learning an
answer or forgetting a full table, happens under the cache's one lock (reentrant: the
factory of one table may read another). Misses
are rare once a few games have been played, so the lock is almost never taken
on the hot path, and two threads never interleave the updates of one answer.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Hashable, TypeVar, cast

T = TypeVar("T")


class Bounded(dict):
    """A memo that forgets everything when it grows past ``limit`` entries (answers are
    cheap to learn again; a long run of odd positions must not grow it without end).
    Read it as a dict; add to it only with ``remember``."""

    __slots__ = ("limit", "lock")

    def __init__(self, limit: int, lock: threading.RLock) -> None:
        super().__init__()
        self.limit, self.lock = limit, lock

    def remember(self, key: Hashable, value: T) -> T:
        with self.lock:
            if len(self) >= self.limit:
                self.clear()
            self[key] = value
        return value


class PlayCache:
    """The learnt tables of one ruleset, each made once by its owner's factory."""

    __slots__ = ("lock", "offered", "_tables")

    def __init__(self) -> None:
        self.lock = threading.RLock()  # a table's factory may read other tables
        #: the move lists handed out last, by the token of their state (see ``game.apply``);
        #: written without the lock: tokens are unique, and a list lost to a race only
        #: means that its moves are checked in full
        self.offered: dict[int, Any] = {}
        self._tables: dict[str, object] = {}

    def bounded(self, limit: int) -> Bounded:
        """A new table guarded by this cache's lock."""
        return Bounded(limit, self.lock)

    def tables(self, owner: str, make: Callable[[PlayCache], T]) -> T:
        """The tables of ``owner`` (an action id), made on first use."""
        found = self._tables.get(owner)
        if found is None:
            with self.lock:
                found = self._tables.get(owner)
                if found is None:
                    found = self._tables[owner] = make(self)
        return cast(T, found)
