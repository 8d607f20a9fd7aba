"""Full-page screenshots of the series in Voilà, to compare a change with the code before it.

    .venv/bin/python tools/screenshots.py OUT [--rev REV] [--pages 03 08]
    .venv/bin/python tools/screenshots.py --compare BEFORE AFTER

Serves the working tree's pages (or, with ``--rev``, the notebooks, widgets and Voilà settings of
commit REV with the working tree's engine, as benchmarks/pages.py does), opens every chapter
once its puzzles are alive (no "open the puzzles" button left) and writes OUT/NN-normal.png
(1280 px wide) and OUT/NN-presenter.png (a 1024×768 projector with presenter mode on), whole
pages. ``--compare`` prints, per screenshot, the heights and how many rows differ. Not part of
`make test` (the browser tests keep their own screenshots in test-artifacts/).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tools.headless import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    full_page_screenshot,
    hermetic_env,
)

NORMAL = {"width": 1280, "height": 900}
PROJECTOR = {"width": 1024, "height": 768}
READY_JS = """() => !document.getElementById('loading')
    && document.getElementById('rendered_cells') !== null
    && document.getElementById('rendered_cells').style.display !== 'none'
    && document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')
       .length === 0
    && [...document.querySelectorAll('.wt-lesson-puzzle__open')]
       .every((button) => button.offsetParent === null)"""


def _pages_module() -> Any:
    spec = importlib.util.spec_from_file_location("worms_pages_bench", REPO / "benchmarks" /
                                                  "pages.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shoot(folder: Path, out: Path, chapters: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    pages = _pages_module()
    port = free_port()
    proc = subprocess.Popen(
        pages.serve_command(folder, port, []), cwd=folder, env=pages.server_env(folder),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(1200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/favicon.ico"):
                    break
            except OSError:
                time.sleep(0.05)
        out.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=NORMAL)
            for name in chapters:
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
                page.goto(f"http://127.0.0.1:{port}/voila/render/{name}", timeout=120_000)
                page.wait_for_function(READY_JS, timeout=120_000)
                page.wait_for_timeout(1500)
                stem = Path(name).name[:2]
                full_page_screenshot(page, out / f"{stem}-normal.png", checks=2, pause_ms=500)
                page.set_viewport_size(PROJECTOR)
                page.get_by_role("button", name="Presenter mode").click()
                page.wait_for_timeout(800)
                full_page_screenshot(page, out / f"{stem}-presenter.png", checks=2,
                                     pause_ms=500)
                print(f"{Path(name).name}: {out / stem}-*.png"
                      + (f"  page errors: {errors}" if errors else ""), flush=True)
                page.close(run_before_unload=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def compare(before: Path, after: Path) -> None:
    from PIL import Image, ImageChops

    for shot in sorted(before.glob("*.png")):
        other = after / shot.name
        if not other.exists():
            print(f"{shot.name}: missing in {after}")
            continue
        one, two = Image.open(shot).convert("L"), Image.open(other).convert("L")
        width, height = min(one.width, two.width), min(one.height, two.height)
        box = (0, 0, width, height)
        diff = ImageChops.difference(one.crop(box), two.crop(box)).point(lambda v: 255 * (v > 30))
        rows = sum(diff.getprojection()[1])
        print(f"{shot.name}: {one.height} px and {two.height} px high, {rows} rows differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="folder for the screenshots")
    parser.add_argument("--rev", default="", help="screenshot commit REV's pages instead")
    parser.add_argument("--pages", nargs="*", default=[], help="chapter numbers, e.g. 03 08")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if args.out is None:
        parser.error("give a folder for the screenshots (or --compare BEFORE AFTER)")
    hermetic_env()
    pages = _pages_module()
    copy = pages.copy_pages(args.rev or None)
    try:
        shoot(copy, args.out.resolve(), pages.pages(args.pages))
    finally:
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
