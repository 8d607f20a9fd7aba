"""Page speed of the series: time from navigation to the first interactive widget, per chapter,
next to a bare one-widget notebook measured in the same run; optionally the time of a command.

    .venv/bin/python benchmarks/pages.py [--runs N] [--pages 00 03] [--preheat]
    .venv/bin/python benchmarks/pages.py --runs 0 --time-command "make test"

One Voila server is started from the repository root (so voila.json applies) serving the whole
repository; every page is opened once to warm the browser cache, then RUNS times in rotation
(bare page, chapter, bare page, ...), so that load on the machine hits all pages alike. For each
page it prints the median seconds from navigation to the whole HTML received, to the first
visible widget (``.jupyter-widgets``) and to the page being fully ready (every widget view in
place), all read from the browser's own clock and checked on every animation frame, and the
first-widget figure as a ratio to the bare page's (goal: 1.25 or less). The Voila server caches
bytecode (in a temporary folder) even where PYTHONDONTWRITEBYTECODE is set, as a real server
does. Not part of `make test`.
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
# Installed in every page before its own scripts: on every animation frame it checks for the
# first widget with a box (what Playwright calls visible) and for the page being ready, and
# notes the browser's clock, which starts at navigation. (Playwright's wait_for_selector polls
# every 500 ms once a wait has lasted a while, which adds up to half a second to a slow page
# and little to a fast one: not a clock for a 1.25x goal.)
CLOCK_JS = """(() => {
  const ready = () => !document.getElementById('loading')
    && document.getElementById('rendered_cells') !== null
    && document.getElementById('rendered_cells').style.display !== 'none'
    && document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')
       .length === 0;
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const check = () => {
    if (window.wtFirstWidget === undefined) {
      const first = document.querySelector('FIRST_WIDGET');
      if (first && shown(first)) window.wtFirstWidget = performance.now();
    }
    if (window.wtFirstWidget !== undefined && ready()) window.wtReady = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();""".replace("FIRST_WIDGET", FIRST_WIDGET)
TIMES_JS = """() => [performance.getEntriesByType('navigation')[0].responseEnd,
    window.wtFirstWidget, window.wtReady]"""


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


def server_env() -> dict[str, str]:
    """The environment of the Voila server and its kernels: bytecode cached, as on a real
    server. (With PYTHONDONTWRITEBYTECODE set, as on some CI machines, every kernel would
    compile the project's modules from source again; the cache goes to a temporary folder,
    not into the working tree.)"""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(os.environ["XDG_CACHE_HOME"], "pycache")
    return env


def start_voila(port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    cmd = [str(Path(sys.executable).parent / "voila"), str(REPO), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *extra]
    proc = subprocess.Popen(cmd, cwd=REPO, env=server_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
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
    """Seconds from navigation to the whole HTML received (the notebook has run), to the first
    visible widget and to the page being fully ready (every widget view in place)."""
    page = context.new_page()
    try:
        page.goto(url, timeout=120_000)
        page.wait_for_function("() => window.wtReady !== undefined", polling="raf",
                               timeout=120_000)
        html, first, ready = page.evaluate(TIMES_JS)
        return html / 1000, first / 1000, ready / 1000
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
            context.add_init_script(CLOCK_JS)
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


def load_average() -> str:
    """The machine's load (1, 5 and 15 minutes), printed with the figures it affects."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def report(results: Timings, load_before: str) -> None:
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
    print(f"(load average before: {load_before}; after: {load_average()}; "
          f"{os.cpu_count()} cores)")


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
        load_before = load_average()
        report(measure(pages(args.pages), args.runs, extra), load_before)
    if args.time_command:
        time_command(args.time_command)


if __name__ == "__main__":
    main()
