"""A class opening one chapter together: `make serve` against `make classroom`, in one run.

    .venv/bin/python benchmarks/classroom.py [--chapter 05] [--learners 30] [--spread 5]
                                            [--load-tool ../shared/tools/classroom_load.py]

Both servers serve the series with the repository's settings, one after the other on this
machine. The class is the shared load tool: N learners request the chapter, spread evenly
over S seconds; it prints the seconds each waited for the whole page (Voilà runs the page
before the response ends), then median, p90, max, failures, kernels left and the server's
peak memory. For the classroom server the burst starts once its pool of N has run the page
(the server's CPU has gone quiet; the time that took is printed too), and while the burst
runs three pages are opened in Chromium and must show a puzzle the learner can answer.
The goal (issue 28): p90 ≤ 5 s and no failure with the classroom server. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tools.headless import CHROMIUM, CHROMIUM_ARGS, free_port, hermetic_env, start_voila  # noqa: E402
from worms_tutor.formats.serve import Course  # noqa: E402

DEFAULT_TOOL = REPO.parent / "shared" / "tools" / "classroom_load.py"
SHOWN = ("median_s", "p90_s", "max_s", "ok", "failed", "kernels_after", "peak_rss_mb")


def burst(tool: Path, url: str, notebook: str, learners: int, spread: float,
          pid: int) -> dict[str, Any]:
    """The load tool's summary of one class arriving."""
    out = subprocess.run(
        [sys.executable, str(tool), url, notebook, f"--learners={learners}",
         f"--spread={spread}", f"--pid={pid}"],
        capture_output=True, text=True, check=True).stdout
    summary: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return summary


def interactive_pages(url: str, notebook: str, count: int, verdicts: list[str]) -> None:
    """Open ``count`` pages in Chromium during the burst; each must offer a puzzle's Check
    button within a minute. Appends "ok" or the problem to ``verdicts``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(count):
            page = browser.new_page()
            started = time.monotonic()
            try:
                page.goto(f"{url}/voila/render/{notebook}", timeout=120_000)
                page.locator(".wt-puzzle button.wt-check").first.wait_for(timeout=60_000)
                verdicts.append(f"ok in {time.monotonic() - started:.1f} s")
            except Exception as error:  # a page that failed is a result of the run
                verdicts.append(f"failed: {str(error)[:100]}")
            page.close()
        browser.close()


def tree_cpu_seconds(pid: int) -> float:
    """The CPU time used so far by a process and all its descendants."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        ticks[child] = int(fields[11]) + int(fields[12])
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        total += ticks.get(current, 0)
        todo += [child for child, parent in parents.items() if parent == current]
    return total / os.sysconf("SC_CLK_TCK")


def wait_until_quiet(pid: int, share: float = 0.1, seconds: float = 3) -> None:
    """Wait until the server's process tree has used less than ``share`` of one core over
    ``seconds``: the pooled kernels have run the page (Voilà logs the pool as filled when its
    kernels have started, before they run it)."""
    before = tree_cpu_seconds(pid)
    while True:
        time.sleep(seconds)
        now = tree_cpu_seconds(pid)
        if now - before < share * seconds:
            return
        before = now


def classroom_server(notebook: str, learners: int,
                     port: int) -> tuple[subprocess.Popen[str], float]:
    """Start `make classroom` for the chapter and wait until its pool is filled and idle."""
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "worms_tutor", "classroom", notebook, "--local-only",
         f"--learners={learners}", f"--port={port}"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if f"Kernel pool of {notebook} is filled" in line:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep it draining
            wait_until_quiet(proc.pid)
            return proc, time.monotonic() - started
    raise RuntimeError(f"the classroom server stopped with {proc.wait()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chapter", default="05")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--spread", type=float, default=5.0)
    parser.add_argument("--load-tool", type=Path, default=DEFAULT_TOOL)
    args = parser.parse_args()
    if not args.load_tool.is_file():
        raise SystemExit(f"no load tool at {args.load_tool}: pass --load-tool")
    (notebook,) = Course.installed().chapter_files([args.chapter])
    hermetic_env()
    results: dict[str, dict[str, Any]] = {}

    port = free_port()
    proc, _ = start_voila(REPO / "notebooks", port)
    try:
        results["make serve"] = burst(args.load_tool, f"http://127.0.0.1:{port}", notebook,
                                      args.learners, args.spread, proc.pid)
    finally:
        proc.terminate()
        proc.wait()

    port = free_port()
    # the pool holds the class and the three pages opened in Chromium during the burst
    server, filled = classroom_server(notebook, args.learners + 3, port)
    verdicts: list[str] = []
    try:
        url = f"http://127.0.0.1:{port}"
        browsing = threading.Thread(target=interactive_pages, args=(url, notebook, 3, verdicts))
        browsing.start()
        results["make classroom"] = burst(args.load_tool, url, notebook, args.learners,
                                          args.spread, server.pid)
        browsing.join()
    finally:
        server.terminate()
        server.wait()

    print(f"{args.learners} learners opening {notebook} within {args.spread:g} s")
    print(f"{'':16}" + "".join(f"{name:>14}" for name in SHOWN))
    for name, summary in results.items():
        print(f"{name:16}" + "".join(f"{summary.get(key)!s:>14}" for key in SHOWN))
    print(f"classroom pool of {args.learners} filled in {filled:.0f} s; "
          f"pages in Chromium during the burst: {'; '.join(verdicts)}")
    failures = results["make classroom"].get("failures")
    if failures:
        print("classroom failures:", failures)


if __name__ == "__main__":
    main()
