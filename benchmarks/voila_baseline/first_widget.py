"""Time from opening a Voila page to its first visible widget, with and without preheating.

    .venv/bin/python benchmarks/voila_baseline/first_widget.py [NOTEBOOK_DIR NOTEBOOK] [--runs N]

Defaults to this folder's bare.ipynb. For each mode it starts Voila (with the settings in
serving/, as `make serve` does), opens the page once to warm the browser cache, then RUNS
times after letting the server rest (a warm preheat pool) and RUNS times back to back (pool
drained, as when a class opens the page together), and prints the figures. Not part of
`make test`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tools/
from tools.headless import CHROMIUM, CHROMIUM_ARGS, free_port, hermetic_env, start_voila

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
REST_SECONDS = 6.0  # long enough for the preheat pool to refill and pre-run the notebook


def first_widget(context: BrowserContext, url: str) -> tuple[float, float]:
    """Seconds to the page's load event (notebook executed, HTML and scripts loaded) and to
    the first visible widget."""
    page = context.new_page()
    t0 = time.monotonic()
    page.goto(url, timeout=60_000)
    loaded = time.monotonic() - t0
    page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
    widget = time.monotonic() - t0
    page.close()
    return loaded, widget


def summary(runs: list[tuple[float, float]]) -> str:
    loaded = [r[0] for r in runs]
    widget = [r[1] for r in runs]
    return (
        f"HTML loaded median {statistics.median(loaded):.2f} s; first widget median "
        f"{statistics.median(widget):.2f} s (min {min(widget):.2f}, max {max(widget):.2f}, "
        f"{len(runs)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(HERE))
    parser.add_argument("notebook", nargs="?", default="bare.ipynb")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    hermetic_env()

    modes = {"plain": [], "preheat": ["--preheat_kernel=True"]}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for mode, extra in modes.items():
            port = free_port()
            proc, ready = start_voila(Path(args.folder).resolve(), port, *extra)
            url = f"http://127.0.0.1:{port}/voila/render/{args.notebook}"
            # One context per mode: after a warm-up visit the browser cache holds Voila's
            # scripts, as it does for a learner on the second page.
            context = browser.new_context()
            try:
                first_widget(context, url)
                rested = []
                for _ in range(args.runs):
                    time.sleep(REST_SECONDS)
                    rested.append(first_widget(context, url))
                back_to_back = [first_widget(context, url) for _ in range(args.runs)]
            finally:
                context.close()
                proc.terminate()
                proc.wait()
            print(f"{mode:8} server ready {ready:.2f} s")
            print(f"{mode:8} first widget, server rested: {summary(rested)}")
            print(f"{mode:8} first widget, back to back:  {summary(back_to_back)}")
        browser.close()


if __name__ == "__main__":
    main()
