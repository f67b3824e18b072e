"""What mechanisms learn while games are played, kept apart from the rules.

A compiled ruleset is immutable; answers that recur all game long (which
groups may replace which, which kinds a wild piece stands for) are learnt as
they come up and kept here, one cache per ruleset. Mechanisms receive the
cache through ``state.rules.cache`` rather than owning it.

Threads: each thread has its own tables. Learnt answers are updated in place
(bit sets that grow as stats come up), and a lock around every update would
sit on the hot path; per-thread tables need no lock and can never be seen
half-updated. The price is that each thread learns the same answers once.
"""

from __future__ import annotations

import threading
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")


class Bounded(dict):
    """A memo that forgets everything when it grows past ``limit`` entries (answers are
    cheap to learn again; a long run of odd positions must not grow it without end)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def remember(self, key: Hashable, value: T) -> T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class PlayCache:
    """The learnt tables of one ruleset, per thread, each made by its owner's factory."""

    __slots__ = ("_local",)

    def __init__(self) -> None:
        self._local = threading.local()

    def tables(self, owner: str, make: Callable[[], T]) -> T:
        """The calling thread's tables of ``owner`` (an action id), made on first use."""
        mine = self._local.__dict__
        found = mine.get(owner)
        if found is None:
            found = mine[owner] = make()
        return found
