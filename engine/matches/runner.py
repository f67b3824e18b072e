"""Games played in batches, here or on a Ray cluster, and their tallies merged.

A batch is plain data (the rules' texts, the lineup, the seed and a range of game numbers)
and its result is plain data (``Tally.to_data``); whichever backend plays it, the merged
figures are the same. A batch whose worker fails is played again (at most ``ATTEMPTS``
times in all) and every failure is reported; none is dropped.
"""

from __future__ import annotations

import importlib
import multiprocessing
import signal
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Protocol, Sequence

from .play import play_game
from .source import RuleSource
from .tally import Tally

#: tries per batch before the run stops with the batch's error
ATTEMPTS = 3
#: most games in one batch (small batches keep the progress bar moving and Ctrl-C quick)
BATCH_GAMES = 20


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of ruleset number ``ruleset`` of a run."""

    ruleset: int
    source: RuleSource
    stream: str
    lineup: tuple[str, ...]
    seed: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def play_batch(batch: Batch) -> dict[str, Any]:
    """Play a batch; its tally as plain data."""
    rules = batch.source.load()
    tally = Tally(len(batch.lineup), rules.end.lowest_wins)
    for number in range(batch.start, batch.stop):
        tally.add(play_game(rules, batch.lineup, batch.seed, batch.stream, number))
    return tally.to_data()


@dataclass(frozen=True)
class Match:
    """A run: each ruleset (the base first, then variants) plays ``games`` games with the
    same lineup of bots; ``streams`` name each ruleset's own sequence of game seeds."""

    sources: tuple[RuleSource, ...]
    streams: tuple[str, ...]
    lineup: tuple[str, ...]
    games: int
    seed: int

    def batches(self, workers: int) -> Iterator[Batch]:
        """The batches, the rulesets taking turns so that all advance together; made as
        they are asked for, so that a run of any length holds only those under way."""
        size = max(1, min(BATCH_GAMES, self.games // (workers * 16)))
        for start in range(0, self.games, size):
            for index, (source, stream) in enumerate(zip(self.sources, self.streams)):
                yield Batch(index, source, stream, self.lineup, self.seed, start,
                            min(start + size, self.games))


class Backend(Protocol):
    """Where batches are played."""

    workers: int

    def submit(self, batch: Batch) -> Future[dict[str, Any]]: ...

    def recover(self, error: BaseException) -> None:
        """Make ready to play again after ``error`` (a worker that died)."""

    def close(self) -> None: ...


@dataclass
class Failure:
    """A batch whose worker failed: it was played again (or the run stopped)."""

    batch: Batch
    attempt: int
    error: str


class MatchError(Exception):
    """A batch failed ``ATTEMPTS`` times."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.error)
        self.failure = failure


@dataclass
class Outcome:
    """The merged tallies (one per ruleset) and how the run went."""

    tallies: list[Tally]
    played: int = 0  # games, all rulesets together
    interrupted: bool = False
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0


def run(match: Match, backend: Backend, on_batch: Callable[[int], None] | None = None
        ) -> Outcome:
    """Play every batch of ``match``; ``on_batch(games)`` is called as each one ends.
    Ctrl-C stops the run: the batches already played are kept and marked interrupted."""
    started = time.perf_counter()
    lowest = match.sources[0].load().end.lowest_wins
    outcome = Outcome([Tally(len(match.lineup), lowest) for _ in match.sources])
    batches = match.batches(backend.workers)
    again: list[Batch] = []  # batches whose worker failed, to be played again first
    running: dict[Future[dict[str, Any]], Batch] = {}
    attempts: dict[Batch, int] = {}

    def collect(done: set[Future[dict[str, Any]]]) -> None:
        for future in done:
            batch = running.pop(future)
            error = future.exception()
            if error is None:
                outcome.tallies[batch.ruleset].merge(Tally.from_data(future.result()))
                outcome.played += batch.games
                if on_batch is not None:
                    on_batch(batch.games)
                continue
            attempts[batch] = attempts.get(batch, 1) + 1
            failure = Failure(batch, attempts[batch] - 1, f"{type(error).__name__}: {error}")
            outcome.failures.append(failure)
            if attempts[batch] > ATTEMPTS:
                raise MatchError(failure)
            backend.recover(error)
            again.append(batch)

    try:
        while True:
            while len(running) < 2 * backend.workers:
                batch = again.pop() if again else next(batches, None)
                if batch is None:
                    break
                running[backend.submit(batch)] = batch
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            collect(done)
    except KeyboardInterrupt:
        outcome.interrupted = True
        for future in running:
            future.cancel()
        backend.close()
        collect({f for f in running if f.done() and not f.cancelled()
                 and f.exception() is None})
    finally:
        backend.close()
        outcome.seconds = time.perf_counter() - started
    return outcome


class InProcess:
    """One worker: batches are played right here, one after the other."""

    workers = 1

    def submit(self, batch: Batch) -> Future[dict[str, Any]]:
        future: Future[dict[str, Any]] = Future()
        try:
            future.set_result(play_batch(batch))
        except Exception as error:  # reported and retried by ``run``
            future.set_exception(error)
        return future

    def recover(self, error: BaseException) -> None:
        pass

    def close(self) -> None:
        pass


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the run, which lets their batch end and keeps it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool:
    """Worker processes on this machine (started fresh, so nothing but the batches'
    data reaches them)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                   initializer=_ignore_interrupts)

    def submit(self, batch: Batch) -> Future[dict[str, Any]]:
        return self.pool.submit(play_batch, batch)

    def recover(self, error: BaseException) -> None:
        if isinstance(error, BrokenProcessPool):  # a worker died: start them all again
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._start()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RayCluster:
    """Ray tasks on the cluster at ``address``, or on a Ray instance started here (with
    ``workers`` CPUs) when there is no address. Every node needs regelwerk installed."""

    def __init__(self, workers: int | None, address: str | None) -> None:
        self.ray: Any = importlib.import_module("ray")
        self.started = not self.ray.is_initialized()
        if self.started:
            if address is None:
                self.ray.init(num_cpus=workers, include_dashboard=False,
                              log_to_driver=False, object_store_memory=100 * 2**20)
            else:
                self.ray.init(address=address, log_to_driver=False)
        cpus = int(self.ray.cluster_resources().get("CPU", 1))
        self.workers = workers or cpus
        # retried by ``run``, which reports each failure, not silently by Ray
        self.task = self.ray.remote(max_retries=0)(play_batch)

    def submit(self, batch: Batch) -> Future[dict[str, Any]]:
        future: Future[dict[str, Any]] = self.task.remote(batch).future()
        return future

    def recover(self, error: BaseException) -> None:
        pass

    def close(self) -> None:
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()


def backend_for(name: str, workers: int | None, address: str | None = None) -> Backend:
    """``local`` (``workers`` processes, by default one per core; one plays here) or
    ``ray``."""
    if name == "ray":
        return RayCluster(workers, address)
    count = workers or len(cores())
    return InProcess() if count == 1 else LocalPool(count)


def cores() -> Sequence[int]:
    """The cores this process may run on."""
    import os

    return sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else list(range(os.cpu_count() or 1))
