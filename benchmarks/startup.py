"""Start-up time of the ``regelwerk`` command, measured as ``regelwerk --help``.

Every CLI call pays for interpreter start-up and imports before doing any
work, so this is the floor of how responsive the command can feel. The bare
interpreter is timed too, to tell regelwerk's share from Python's. The last
line printed is one JSON object, for scripts comparing runs.

    python benchmarks/startup.py --runs 20
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def time_runs(command: list[str], runs: int, warmup: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each run; the warm-up runs fill OS caches and are not
    kept."""
    timings, cpu_timings = [], []
    for i in range(warmup + runs):
        started, cpu_started = time.perf_counter(), _children_cpu()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        elapsed, cpu = time.perf_counter() - started, _children_cpu() - cpu_started
        if done.returncode != 0:
            raise SystemExit(f"error: `{' '.join(command)}` exited with {done.returncode}:\n"
                             f"{done.stderr.strip()}")
        if i >= warmup:
            timings.append(elapsed)
            cpu_timings.append(cpu)
    return timings, cpu_timings


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time `regelwerk --help` (the installed console script) over several "
                    "runs; the last line of output is a JSON object.")
    parser.add_argument("--runs", type=int, default=20,
                        help="timed runs of each command (default: %(default)s)")
    parser.add_argument("--warmup", type=int, default=2,
                        help="untimed runs first, to warm OS caches (default: %(default)s)")
    parser.add_argument("--command", default="regelwerk",
                        help="the console script to time, by name on PATH or by path "
                             "(default: %(default)s)")
    args = parser.parse_args()
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    return args


def main() -> None:
    args = parse_args()
    executable = shutil.which(args.command)
    if executable is None:
        raise SystemExit(f"error: the command `{args.command}` was not found on PATH; install "
                         f"regelwerk (`pip install -e .` in the repository) so that its console "
                         f"script exists, or name it with --command")
    cli, cli_cpu = time_runs([executable, "--help"], args.runs, args.warmup)
    bare, bare_cpu = time_runs([sys.executable, "-c", "pass"], args.runs, args.warmup)
    result = {
        "command": f"{executable} --help",
        "runs": args.runs,
        "min_seconds": round(min(cli), 4),
        "median_seconds": round(statistics.median(cli), 4),
        "python_min_seconds": round(min(bare), 4),
        "python_median_seconds": round(statistics.median(bare), 4),
        "median_cpu_seconds": round(statistics.median(cli_cpu), 4),
        "python_median_cpu_seconds": round(statistics.median(bare_cpu), 4),
        "cpu_ratio": round(statistics.median(cli_cpu) / statistics.median(bare_cpu), 2),
        "python": platform.python_version(),
    }
    print(f"`{args.command} --help` over {args.runs} runs: min {min(cli) * 1000:.1f} ms, "
          f"median {statistics.median(cli) * 1000:.1f} ms")
    print(f"bare interpreter (`{sys.executable} -c pass`): min {min(bare) * 1000:.1f} ms, "
          f"median {statistics.median(bare) * 1000:.1f} ms")
    print(f"CPU time, medians: {statistics.median(cli_cpu) * 1000:.1f} ms against "
          f"{statistics.median(bare_cpu) * 1000:.1f} ms ({result['cpu_ratio']}×)")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
