"""The test suite's time under `make test`'s scheduler and under pytest-xdist's own loadfile.

tests/conftest.py hands the browser tests to the workers one by one (it overrides a private
method of xdist's scheduler); plain ``--dist loadfile`` keeps each test file on one worker.
Both runs use the same command as `make pytest`, one after the other; the figures are the
wall-clock seconds of each and the tests passed. Nothing else should run on the machine.

Run: .venv/bin/python benchmarks/suite.py [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAIN_LOADFILE = "WORMS_TESTS_PLAIN_LOADFILE"
COMMAND = [sys.executable, "-m", "pytest", "tests", "notebooks", "--nbval-lax",
           "--nbval-current-env", "-n", "auto", "--dist", "loadfile", "--no-loadscope-reorder",
           "-q", "-p", "no:cacheprovider"]


def one_run(plain: bool) -> tuple[float, str]:
    """Seconds of one whole run, and pytest's closing line."""
    env = dict(os.environ)
    env.pop(PLAIN_LOADFILE, None)
    if plain:
        env[PLAIN_LOADFILE] = "1"
    start = time.perf_counter()
    done = subprocess.run(COMMAND, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    closing = [line for line in done.stdout.splitlines() if re.search(r"\d+ (passed|failed)",
                                                                        line)]
    return seconds, closing[-1] if closing else f"exit {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each, alternating")
    args = parser.parse_args()
    print(f"{'scheduler':<28} {'seconds':>8}  pytest")
    for _ in range(args.runs):
        for plain, name in ((True, "xdist loadfile (baseline)"), (False, "make test's (ours)")):
            seconds, closing = one_run(plain)
            print(f"{name:<28} {seconds:8.1f}  {closing}", flush=True)


if __name__ == "__main__":
    main()
