"""Speed of the static edition: a chapter's first and repeat visit next to a bare page.

    .venv/bin/python benchmarks/static_site.py [--chapters 01 05] [--runs 3]

Builds, with the same pipeline as ``make static`` (tools/static_site.py in the build venv),
the series and a bare page (one notebook, one button) into test-artifacts/, serves each on a
local port and opens them in headless Chromium with every request outside the site refused.
A first visit is a new browser profile (empty cache, no service worker); a repeat visit opens
the page again in the same profile, with what its cache kept. Both end when the page's
widgets are live: the bare page's button, a chapter's first puzzle (or the recap on pages
without puzzles). Prints the median seconds of each next to the bare page's, and the ratio
(goals: first visit ≤ 1.3× bare and ≤ 12 s, repeat visit ≤ 5 s). Not part of `make test`.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tools.headless import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.static_site import CachingHandler  # noqa: E402

OUT = REPO / "test-artifacts" / "static-bench"
BUILD_PYTHON = REPO / ".venv-static" / "bin" / "python"
BARE_CELL = 'import ipywidgets\nipywidgets.Button(description="Go")'
LIVE = {"bare": ".widget-button",
        "chapter": ".wt-lesson-puzzle .wt-puzzle button.wt-check, .wt-explorer, .wt-play"}


class _Quiet(CachingHandler):
    """Serves a site as ``make static-serve`` does, without logging every request."""

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` on a free local port."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def bare_notebooks(into: Path) -> Path:
    """A folder with the bare page: one cell, one button."""
    into.mkdir(parents=True, exist_ok=True)
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "bare",
                           "metadata": {}, "outputs": [], "source": BARE_CELL}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (into / "bare.ipynb").write_text(json.dumps(notebook, indent=1) + "\n")
    return into


def build(output: Path, notebooks: Path) -> float:
    """Build one site as ``make static`` does; return the seconds it took."""
    if not BUILD_PYTHON.exists():
        subprocess.run(["make", ".venv-static/.installed"], cwd=REPO, check=True)
    started = time.monotonic()
    subprocess.run([str(BUILD_PYTHON), "tools/static_site.py", "--output", str(output),
                    "--notebooks", str(notebooks)], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def new_profile(browser: Any) -> tuple[Any, list[str]]:
    """A new browser profile (empty cache, no service worker) and the list it fills with the
    requests it makes outside the site. Those go to a proxy that is not there, so they fail;
    a Playwright route would refuse them too, but it also switches the browser's cache off,
    and a repeat visit would then fetch everything again."""
    context = browser.new_context(proxy={"server": "http://127.0.0.1:9",
                                         "bypass": "127.0.0.1"})
    outside: list[str] = []
    context.on("request", lambda asked: None if asked.url.startswith(
        ("http://127.0.0.1", "data:", "blob:")) else outside.append(asked.url))
    return context, outside


def visit(profile: tuple[Any, list[str]], url: str, live: str) -> float:
    """Seconds from navigation to live widgets, in ``profile``."""
    context, outside = profile
    page = context.new_page()
    started = time.monotonic()
    page.goto(url)
    page.locator(live).first.wait_for(timeout=180_000)
    seconds = time.monotonic() - started
    page.close()
    if outside:
        raise SystemExit(f"{url} asked outside the site: {outside[:3]}")
    return seconds


def measure(browser: Any, url: str, live: str, runs: int) -> tuple[list[float], list[float]]:
    """First and repeat visits of one page, ``runs`` of each."""
    first: list[float] = []
    repeat: list[float] = []
    for _ in range(runs):
        profile = new_profile(browser)
        first.append(visit(profile, url, live))
        repeat.append(visit(profile, url, live))
        profile[0].close()
    return first, repeat


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", nargs="+", default=["01", "05"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    shutil.rmtree(OUT, ignore_errors=True)
    with tempfile.TemporaryDirectory() as scratch:
        bare_seconds = build(OUT / "bare", bare_notebooks(Path(scratch)))
    series_seconds = build(OUT / "series", REPO / "notebooks")
    size = sum(f.stat().st_size for f in (OUT / "series").rglob("*") if f.is_file()) / 1e6
    print(f"build: series {series_seconds:.1f} s, {size:.1f} MB; bare page {bare_seconds:.1f} s")
    names = {p.stem[:2]: p.stem for p in (OUT / "series" / "voici" / "render").glob("*.html")}
    with sync_playwright() as pw, serve(OUT / "bare") as bare_url, \
            serve(OUT / "series") as series_url:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        bare = measure(browser, f"{bare_url}/voici/render/bare.html", LIVE["bare"], args.runs)
        rows = [("bare page", *bare)]
        for number in args.chapters:
            url = f"{series_url}/voici/render/{names[number]}.html"
            rows.append((names[number], *measure(browser, url, LIVE["chapter"], args.runs)))
        browser.close()
    bare_first = statistics.median(bare[0])
    print(f"median of {args.runs} (s)        first visit   × bare   repeat visit")
    for name, first, repeat in rows:
        median_first = statistics.median(first)
        print(f"{name[:28]:28} {median_first:8.1f} {median_first / bare_first:10.2f}"
              f" {statistics.median(repeat):10.1f}")
    print("goals: first visit ≤ 1.3× bare and ≤ 12 s; repeat visit ≤ 5 s")


if __name__ == "__main__":
    main()
