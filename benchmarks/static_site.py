"""Speed of the static edition: a chapter's first and repeat visit next to a bare page.

    .venv/bin/python benchmarks/static_site.py [--chapters 01 05 08] [--runs 3] [--against REV]

Builds, with the same pipeline as ``make static`` (tools/static_site.py in the build venv),
the series and a bare page (one notebook, one button) into test-artifacts/, serves each on a
local port and opens them in headless Chromium with every request outside the site refused.
A first visit is a new browser profile (empty cache, no service worker); a repeat visit opens
the page again in the same profile, with what its cache kept. Both end when the page's
widgets are live: the bare page's button, a chapter's first puzzle (or the recap on pages
without puzzles). A page shows once its first code cell has run (static/show_as_cells_run.html),
so a first visit is also timed to the whole page: every cell run, every widget drawn. With
``--against REV`` the series is also built from commit REV (its own tools/static_site.py and
notebooks, sharing this tree's download cache), so that one run compares the two sites under
the same load. Each run visits every page once, in rotation, starting one page further on
each time. Prints the median seconds of each next to the bare page's, the ratio, and the
machine's load (goals: first visit ≤ 1.3× bare and ≤ 12 s, repeat visit ≤ 5 s). Each run also
gives a ratio of its own, next to a bare visit made under the same load: their median and
range are printed too. Not part of `make test`.

Figures on 2 cores shared with other jobs (median of 3: first visit s, × bare, repeat visit s):

    d2c22d0 alone, load 1.7-2.6:   bare 4.1 / 1.00 / 4.1   chapter 01 5.1 / 1.25 / 5.3
                                                           chapter 05 4.7 / 1.15 / 4.8
    --against d2c22d0, load 1.8-4.5 (no service worker, no jedi; bare page of this tree):
        bare page 3.7 / 1.00 / 3.6
        chapter 01: this tree 4.9 / 1.34 / 4.8, d2c22d0 6.1 / 1.65 / 5.7
        chapter 05: this tree 4.3 / 1.17 / 4.2, d2c22d0 5.8 / 1.56 / 6.2
    the same, median of 5, load 2.6-5.9 (three helpers' jobs at once):
        bare page 5.0 / 1.00 / 5.1
        chapter 01: this tree 6.5 / 1.31 / 6.3, d2c22d0 7.6 / 1.53 / 7.3
        chapter 05: this tree 5.2 / 1.06 / 5.6, d2c22d0 6.3 / 1.28 / 6.8
    with the Danish widgets and catalogs (commit after 0e2118b), alone:
        median of 3, load 1.6-3.3: bare 3.6 / 1.00 / 3.6   chapter 01 4.6 / 1.27 / 4.2
                                                           chapter 05 4.4 / 1.23 / 4.4
        median of 5, load 1.4-4.5: bare 3.2 / 1.00 / 3.1   chapter 01 4.2 / 1.32 / 3.9
                                                           chapter 05 4.2 / 1.31 / 4.1
    the page's first puzzle live at once, a puzzle in ~20 widget models instead of 49, no disk
    cache in the browser (f84e89b), --runs 7 --against f98e17b, load 1.4-3.5; the last column
    is the median (range) of each run's own ratio:
        bare page 3.7 / 1.00 / 3.6
        chapter 01: this tree 4.3 / 1.17 / 3.9  1.16 (1.03-1.34); f98e17b 4.4 / 1.18 / 4.2  1.20
        chapter 05: this tree 3.7 / 1.00 / 3.7  0.99 (0.96-1.16); f98e17b 4.2 / 1.14 / 4.2  1.14
    the same tree, --runs 5, chapters with more cells (load 1.0-2.8):
        bare page 3.1 / 1.00 / 3.0
        chapter 01 (11 code cells) 3.8 / 1.22 / 3.7  1.24 (1.02-1.37)
        chapter 04 (16 code cells) 4.3 / 1.39 / 4.2  1.38 (1.05-1.42)
        chapter 08 (17 code cells) 4.5 / 1.45 / 3.7  1.43 (1.03-1.49)
        chapter 09 (17 code cells) 3.9 / 1.26 / 4.2  1.28 (1.03-1.42)
    with previews that leave a puzzle's answers for later (8e17a16), --runs 5, load 1.2-4.1:
        bare page 3.2 / 1.00 / 3.6
      chapter 01 3.8 / 1.17 / 3.6  1.19 (1.03-1.30)  chapter 04 4.2 / 1.29 / 4.3  1.26 (1.06-1.38)
      chapter 05 4.2 / 1.31 / 4.1  1.22 (1.04-1.45)  chapter 08 4.4 / 1.36 / 4.6  1.25 (1.17-1.48)
    the same at cfb3b63, --runs 7, load 1.9-3.5:
        bare page 3.1 / 1.00 / 3.1
      chapter 01 4.0 / 1.27 / 3.8  1.28 (1.19-1.45)  chapter 04 4.4 / 1.40 / 4.3  1.25 (1.18-1.64)
      chapter 05 3.8 / 1.22 / 3.7  1.20 (1.17-1.35)  chapter 08 4.5 / 1.44 / 4.1  1.42 (1.25-1.66)
    a page shown once its first cell has run, its puzzles brought to life once it is whole
    (3ea0aa4), --runs 5, in rotation, load 2.3-4.9 (whole page: every cell run):
        bare page 3.9 / 1.00 / 3.7
      chapter 01 4.2 / 1.07 / 3.8  1.09 (0.95-1.20)  whole page 4.3 / 1.09
      chapter 04 4.2 / 1.08 / 4.2  1.06 (0.94-1.38)  whole page 4.3 / 1.10
      chapter 05 4.2 / 1.08 / 4.1  1.20 (0.90-1.37)  whole page 4.3 / 1.09
      chapter 08 4.5 / 1.15 / 4.6  1.15 (1.11-1.58)  whole page 4.7 / 1.21
    Showing the page early first made its last cells run twice as slow: the progress store
    took the page shown for the page whole and brought every preview to life while cells
    still ran. Traced over chapter 08's cells 4-35: the kernel's worker busy 733 ms instead
    of 259 ms. Once the store waited for the bar to go, cells 3-35 took 0.55-0.71 s, as
    on a page shown at the end (0.55-0.66 s), three visits each.
    Where a heavy chapter's time goes (chapter 08, one visit, traced): the kernel starts at
    3.0 s; cell 1 (ipywidgets and the course imported) takes 0.25 s, the other 16 cells 0.28 s
    of Python, and Voici runs them one at a time, each waiting for the browser to take in the
    outputs of the one before: some 20 ms a cell, 0.33 s in all (the page's main thread is busy
    57% of that time: kernel messages 0.29 s, style 0.11 s, HTML parsing 0.04 s).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
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
from tools.headless import CHROMIUM, CHROMIUM_ARGS, PAGE_WHOLE_JS  # noqa: E402
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


def build(output: Path, notebooks: Path, tree: Path = REPO) -> float:
    """Build one site as ``make static`` does, with the build tool of ``tree``; return the
    seconds it took."""
    if not BUILD_PYTHON.exists():
        subprocess.run(["make", ".venv-static/.installed"], cwd=REPO, check=True)
    started = time.monotonic()
    subprocess.run([str(BUILD_PYTHON), "tools/static_site.py", "--output", str(output),
                    "--notebooks", str(notebooks),
                    "--drawing-python", str(REPO / ".venv" / "bin" / "python")],
                   cwd=tree, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def tree_of(revision: str, into: Path) -> Path:
    """The files of commit ``revision`` in ``into``, with this tree's download cache (the
    Pyodide core, the wheels, compiled bytecode: all kept under their versions or checksums)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", revision], cwd=REPO, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "build").mkdir(exist_ok=True)
    (into / "build" / "static-cache").symlink_to(REPO / "build" / "static-cache")
    return into


def load_average() -> str:
    """The machine's load (1, 5 and 15 minutes), printed with the figures it affects."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


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


def visit(profile: tuple[Any, list[str]], url: str, live: str) -> tuple[float, float]:
    """Seconds from navigation to live widgets, and to the whole page (every cell run and
    every widget drawn), in ``profile``."""
    context, outside = profile
    page = context.new_page()
    started = time.monotonic()
    page.goto(url)
    page.locator(live).first.wait_for(timeout=180_000)
    seconds = time.monotonic() - started
    page.wait_for_function(PAGE_WHOLE_JS, timeout=180_000)
    whole = time.monotonic() - started
    page.close()
    if outside:
        raise SystemExit(f"{url} asked outside the site: {outside[:3]}")
    return seconds, whole


class Visits:
    """The seconds of one page's visits, run after run."""

    def __init__(self) -> None:
        self.first: list[float] = []
        self.whole: list[float] = []
        self.repeat: list[float] = []

    def add(self, playwright: Any, url: str, live: str) -> None:
        """A first and a repeat visit of the page, in a browser of their own (nothing a
        visit of another page left running, such as an older site's service worker, weighs
        on them)."""
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        profile = new_profile(browser)
        first, whole = visit(profile, url, live)
        self.first.append(first)
        self.whole.append(whole)
        self.repeat.append(visit(profile, url, live)[0])
        browser.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", nargs="+", default=["01", "05", "08"],
                        help="chapter numbers (08, with 17 code cells, is the heaviest)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", metavar="REV", default="",
                        help="also build and measure the series of this commit")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    shutil.rmtree(OUT, ignore_errors=True)
    sites = {"": OUT / "series"}
    with tempfile.TemporaryDirectory() as scratch:
        bare_seconds = build(OUT / "bare", bare_notebooks(Path(scratch) / "bare"))
        series_seconds = build(sites[""], REPO / "notebooks")
        if args.against:
            tree = tree_of(args.against, Path(scratch) / "against")
            sites[args.against] = OUT / "against"
            build(sites[args.against], tree / "notebooks", tree)
    size = sum(f.stat().st_size for f in sites[""].rglob("*") if f.is_file()) / 1e6
    print(f"build: series {series_seconds:.1f} s, {size:.1f} MB; bare page {bare_seconds:.1f} s")
    names = {p.stem[:2]: p.stem for p in (sites[""] / "voici" / "render").glob("*.html")}
    load_before = load_average()
    with sync_playwright() as pw, contextlib.ExitStack() as servers:
        bare_url = servers.enter_context(serve(OUT / "bare"))
        urls = {label: servers.enter_context(serve(site)) for label, site in sites.items()}
        pages = [("bare page", f"{bare_url}/voici/render/bare.html", LIVE["bare"])]
        for number in args.chapters:
            for label, url in urls.items():
                pages.append((f"{names[number][:24]} {label or 'this tree'}",
                              f"{url}/voici/render/{names[number]}.html", LIVE["chapter"]))
        visits = {name: Visits() for name, _url, _live in pages}
        for run in range(args.runs):  # in rotation, so that load hits every page alike
            for name, url, live in pages[run % len(pages):] + pages[:run % len(pages)]:
                visits[name].add(pw, url, live)
    bare = visits["bare page"]
    bare_first = statistics.median(bare.first)
    print(f"median of {args.runs} (s)           first visit  × bare  whole page  × bare"
          "  repeat visit   × bare of each run (median, range)")
    for name, seen in visits.items():
        first, whole = statistics.median(seen.first), statistics.median(seen.whole)
        paired = [mine / theirs for mine, theirs in zip(seen.first, bare.first, strict=True)]
        print(f"{name[:31]:31} {first:8.1f} {first / bare_first:8.2f} {whole:9.1f}"
              f" {whole / bare_first:7.2f} {statistics.median(seen.repeat):10.1f}"
              f"       {statistics.median(paired):.2f} ({min(paired):.2f}-{max(paired):.2f})")
    print(f"load average before: {load_before}; after: {load_average()} (1, 5, 15 min)")
    print("goals: first visit ≤ 1.3× bare and ≤ 12 s; repeat visit ≤ 5 s")


if __name__ == "__main__":
    main()
