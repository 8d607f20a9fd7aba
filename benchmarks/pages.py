"""Page speed of the series: time from navigation to the first interactive widget, per chapter,
next to a bare one-widget notebook measured in the same run; optionally the time of a command.

    .venv/bin/python benchmarks/pages.py [--runs N] [--pages 00 03] [--preheat]
    .venv/bin/python benchmarks/pages.py --runs 0 --time-command "make test"

One Voila server is started from the repository root (so voila.json applies) serving the whole
repository; every page is opened once to warm the browser cache, then RUNS times in rotation
(bare page, chapter, bare page, ...), so that load on the machine hits all pages alike. For each
page it prints the median seconds to the first visible widget (``.jupyter-widgets``) and to the
page being fully ready (every widget view in place), and the first figure as a ratio to the bare
page's (goal: 1.25 or less). Not part of `make test`.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BARE = "benchmarks/voila_baseline/bare.ipynb"
CHAPTER = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")
GOAL = 1.25
PAUSE = 1.0  # seconds between visits
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
FIRST_WIDGET = ".jupyter-widgets"
READY_JS = """() => !document.getElementById('loading')
    && document.getElementById('rendered_cells') !== null
    && document.getElementById('rendered_cells').style.display !== 'none'
    && document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')
       .length === 0"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def hermetic_env() -> None:
    """Jupyter, IPython and matplotlib write into a temporary home, not the user's."""
    home = tempfile.mkdtemp(prefix="worms-pages-bench-")
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):  # fmt: skip
        os.environ[var] = os.path.join(home, var.lower())
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"


def start_voila(port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    cmd = [str(Path(sys.executable).parent / "voila"), str(REPO), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *extra]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0 = time.monotonic()
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/favicon.ico"):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() - t0 > 60:
                proc.kill()
                raise RuntimeError("voila did not start") from None
            time.sleep(0.05)


def visit(context: Any, url: str) -> tuple[float, float, float]:
    """Seconds to the HTML loaded (the notebook has run), to the first visible widget and to
    the page being fully ready."""
    page = context.new_page()
    try:
        t0 = time.monotonic()
        page.goto(url, timeout=120_000)
        loaded = time.monotonic() - t0
        page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=120_000)
        first = time.monotonic() - t0
        page.wait_for_function(READY_JS, timeout=120_000)
        return loaded, first, time.monotonic() - t0
    finally:
        page.close()


def sample(context: Any, url: str) -> tuple[float, float, float] | None:
    """One visit, or None (with a note) when the page did not come up in time; then a pause
    so that Voila can shut the page's kernel down before the next visit."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return visit(context, url)
    except PlaywrightError as error:
        print(f"skipped a visit to {url.rsplit('/', 1)[-1]}: {str(error).splitlines()[0]}",
              file=sys.stderr)
        return None
    finally:
        time.sleep(PAUSE)


def pages(wanted: list[str]) -> list[str]:
    found = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb") if CHAPTER.match(p.name))
    if wanted:
        found = [name for name in found if name[:2] in wanted]
    return [f"notebooks/{name}" for name in found]


Timings = dict[str, list[tuple[float, float, float]]]


def measure(names: list[str], runs: int, extra: list[str]) -> Timings:
    from playwright.sync_api import sync_playwright

    results: Timings = {name: [] for name in [BARE, *names]}
    port = free_port()
    proc = start_voila(port, extra)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            base = f"http://127.0.0.1:{port}/voila/render/"
            for name in results:  # warm the browser cache and the server's imports
                sample(context, base + name)
            for _ in range(runs):
                for name in names:
                    for page in (BARE, name):
                        timing = sample(context, base + page)
                        if timing is not None:
                            results[page].append(timing)
            context.close()
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return results


def report(results: Timings) -> None:
    bare = statistics.median(r[1] for r in results[BARE])
    print(f"{'page':40} {'HTML':>8} {'first widget':>12} {'ready':>8} {'× bare':>8}")
    for name, runs in results.items():
        if not runs:
            print(f"{Path(name).name:40} (no successful visit)")
            continue
        loaded, first, ready = (statistics.median(r[i] for r in runs) for i in range(3))
        ratio = first / bare
        flag = "" if name == BARE or ratio <= GOAL else f"  over the {GOAL}× goal"
        print(f"{Path(name).name:40} {loaded:6.2f} s {first:10.2f} s {ready:6.2f} s "
              f"{ratio:7.2f}×{flag}")
    print(f"(medians of {len(results[BARE]) // max(1, len(results) - 1)} runs per page "
          f"in rotation with the bare page; goal: first widget within {GOAL}× the bare page)")


def time_command(command: str) -> None:
    t0 = time.monotonic()
    status = subprocess.call(shlex.split(command), cwd=REPO)
    print(f"`{command}` took {time.monotonic() - t0:.1f} s (exit status {status})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per page (0: none)")
    parser.add_argument("--pages", nargs="*", default=[], help="chapter numbers, e.g. 00 03")
    parser.add_argument("--preheat", action="store_true", help="serve with --preheat_kernel")
    parser.add_argument("--time-command", default="",
                        help='also time a command from the repository root, e.g. "make test"')
    args = parser.parse_args()
    hermetic_env()
    if args.runs > 0:
        extra = ["--preheat_kernel=True"] if args.preheat else []
        report(measure(pages(args.pages), args.runs, extra))
    if args.time_command:
        time_command(args.time_command)


if __name__ == "__main__":
    main()
