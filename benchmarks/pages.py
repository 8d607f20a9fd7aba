"""Page speed of the series: time from navigation to the first interactive widget, per chapter,
next to a bare one-widget notebook measured in the same run; optionally the time of a command.

    .venv/bin/python benchmarks/pages.py [--runs N] [--pages 00 03] [--preheat]
    .venv/bin/python benchmarks/pages.py --runs 5 --against 498256b [--one-tab] [--json FILE]
    .venv/bin/python benchmarks/pages.py --runs 3 --pages 05 08 --each-patch
    .venv/bin/python benchmarks/pages.py --runs 0 --time-command "make test"

The pages run from a copy of the working tree (notebooks, widgets, the engine, the bare page,
the Voila settings and page template in serving/) taken at the start, so that edits made
during a run change nothing (the pages' disk cache is keyed by the code). With ``--against
REV`` a second copy holds the notebooks, widgets, bare page and Voila settings of commit REV
with the same engine, so that one run compares the page code of REV with the working tree's,
under the same load (a commit from before serving/ has its voila.json and voila.py at the
root, where Voila started from the copy finds them). With ``--each-patch`` the working tree's
copy is also served once without each patch of Voila's internals that serving/config/voila.py
applies (every patch must pay for itself: 10 % or more of a chapter's time), in the same
rotation. Each copy is served by its own Voila server, with its own settings; every page is
opened once to warm the browser cache, then RUNS times in rotation (bare page, chapter, for
each copy in turn), so that load on the machine hits all pages alike. A visit ends as a
learner's tab closes: the page's unload handler asks Voila to shut its kernel down (which
works since voila.py's launch hook; before it, every visit left a kernel running).

For each page it prints the median seconds from navigation to the whole HTML received, to the
first visible widget (``.jupyter-widgets``) and to the page being fully ready (every widget
view in place), all read from the browser's own clock and checked on every animation frame,
and the first-widget figure as a ratio to the same copy's bare page (goal: 1.25 or less); and
the median of the paired ratios, each chapter visit over the bare visit just before it, which
a change of load during the run moves less. Each visit opens a new tab (headless Chromium
gives each its own window, whose browser UI costs about a second of CPU at the start of every
visit); ``--one-tab`` makes every visit in one tab, as a learner following the series' links
does. ``--json FILE`` keeps every visit's timings. The
Voila server caches bytecode (in a temporary folder) even where PYTHONDONTWRITEBYTECODE is set,
as a real server does. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import signal
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


def server_env(copy: Path, without: str = "") -> dict[str, str]:
    """The environment of the Voila server and its kernels: the copy's code ahead of the
    installed project, bytecode cached, as on a real server, and the patch ``without`` left
    out, if any. (With PYTHONDONTWRITEBYTECODE set, as on some CI machines, every kernel would
    compile the project's modules from source again; the cache goes to a temporary folder,
    not into the working tree.)"""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(os.environ["XDG_CACHE_HOME"], "pycache")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(copy / CODE), env.get("PYTHONPATH")]))
    env["WORMS_VOILA_WITHOUT"] = without
    return env


PAGE_PARTS = ("notebooks", "widgets", "benchmarks/voila_baseline", "serving", "voila.json",
              "voila.py")
"""What a copy takes from the working tree or from a commit (those of them it has: Voila's
settings are in serving/, or at the root in older commits); the engine comes from the tree."""
SETTINGS = "serving/run"
"""In a copy that has it: runs Voila with the copy's settings and page template."""
PATCH = re.compile(r'\bpatched\("([a-z-]+)"\)')
"""How serving/config/voila.py names each patch it applies (see --each-patch)."""
SKIP = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints")
CODE = "code"
"""The copy's folder for the engine, put on the kernels' path: not the copy's root, where an
older commit's voila.py would hide the voila package from the server."""


def copy_pages(rev: str | None) -> Path:
    """A temporary folder with the pages and their code: the working tree's, or commit
    ``rev``'s pages with the working tree's engine. ``worms_tutor.widgets`` is the copy's
    ``widgets/``, as the editable install maps it."""
    root = Path(tempfile.mkdtemp(prefix="worms-pages-copy-"))
    if rev is None:
        for part in PAGE_PARTS:
            if not (REPO / part).exists():
                continue
            if (REPO / part).is_dir():
                shutil.copytree(REPO / part, root / part, ignore=SKIP)
            else:
                (root / part).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(REPO / part, root / part)
    else:
        listed = subprocess.run(["git", "ls-tree", "--name-only", rev, *PAGE_PARTS], cwd=REPO,
                                capture_output=True, check=True, text=True).stdout.split()
        archive = subprocess.run(["git", "archive", rev, *listed], cwd=REPO,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    shutil.copytree(REPO / "worms_tutor", root / CODE / "worms_tutor", ignore=SKIP)
    (root / CODE / "worms_tutor" / "widgets").symlink_to(Path("../..") / "widgets")
    return root


def serve_command(copy: Path, port: int, extra: list[str]) -> list[str]:
    """Voila serving the copy on ``port`` with the copy's settings (to be run from the copy)."""
    settings = [str(copy / SETTINGS)] if (copy / SETTINGS).exists() else []
    return [*settings, str(Path(sys.executable).parent / "voila"), str(copy), "--no-browser",
            f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *extra]


def start_voila(copy: Path, port: int, extra: list[str],
                without: str = "") -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(serve_command(copy, port, extra), cwd=copy,
                            env=server_env(copy, without), stdout=subprocess.DEVNULL,
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
    visible widget and to the page being fully ready (every widget view in place).

    ``context`` is a browser context (each visit in a new tab, closed after it) or a page
    (every visit in that one tab, which then goes to a blank page)."""
    one_tab = hasattr(context, "goto")
    page = context if one_tab else context.new_page()
    try:
        page.goto(url, timeout=120_000)
        page.wait_for_function("() => window.wtReady !== undefined", polling="raf",
                               timeout=120_000)
        html, first, ready = page.evaluate(TIMES_JS)
        return html / 1000, first / 1000, ready / 1000
    finally:
        # Voila's unload handler shuts the kernel down, as when a learner leaves the page
        if one_tab:
            page.goto("about:blank")
        else:
            page.close(run_before_unload=True)


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
Paired = dict[str, list[float]]
"""Per chapter, its first-widget time over the bare page's visited just before it, per
rotation."""


WITHOUT = "without "
"""How the label of a server that leaves a patch out begins: "without NAME"."""


def patches(copy: Path) -> list[str]:
    """The names of the patches that the copy's serving/config/voila.py applies."""
    config = copy / "serving" / "config" / "voila.py"
    return PATCH.findall(config.read_text(encoding="utf-8")) if config.exists() else []


def measure(names: list[str], runs: int, extra: list[str], copies: dict[str, Path],
            one_tab: bool = False) -> tuple[dict[str, Timings], dict[str, Paired]]:
    """Timings of the bare page and the chapters, per copy (by its label; a label "without
    NAME" serves its copy without that patch), and the chapters' paired ratios."""
    from playwright.sync_api import sync_playwright

    results = {label: {name: [] for name in [BARE, *names]} for label in copies}
    paired: dict[str, Paired] = {label: {name: [] for name in names} for label in copies}
    procs: list[subprocess.Popen[bytes]] = []
    try:
        bases = {}
        for label, copy in copies.items():
            port = free_port()
            without = label.removeprefix(WITHOUT) if label.startswith(WITHOUT) else ""
            procs.append(start_voila(copy, port, extra, without))
            bases[label] = f"http://127.0.0.1:{port}/voila/render/"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(CLOCK_JS)
            # one tab for every visit, or a new tab (a new window, with its browser UI) each
            tab = context.new_page() if one_tab else context
            for label, base in bases.items():  # warm the browser cache and the server's imports
                for name in results[label]:
                    sample(tab, base + name)
            for _ in range(runs):
                for name in names:
                    for label, base in bases.items():
                        bare = sample(tab, base + BARE)
                        timing = sample(tab, base + name)
                        for page, got in ((BARE, bare), (name, timing)):
                            if got is not None:
                                results[label][page].append(got)
                        if bare is not None and timing is not None:
                            paired[label][name].append(timing[1] / bare[1])
            context.close()
            browser.close()
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=30)
    return results, paired


def load_average() -> str:
    """The machine's load (1, 5 and 15 minutes), printed with the figures it affects."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def ratios(results: Timings) -> dict[str, float]:
    """Each page's median first-widget time as a ratio to the bare page's."""
    bare = statistics.median(r[1] for r in results[BARE])
    return {name: statistics.median(r[1] for r in runs) / bare
            for name, runs in results.items() if runs}


def report(results: Timings, paired: Paired) -> None:
    ratio_of = ratios(results)
    print(f"{'page':40} {'HTML':>8} {'first widget':>12} {'ready':>8} {'× bare':>8} "
          f"{'paired':>7}")
    for name, runs in results.items():
        if not runs:
            print(f"{Path(name).name:40} (no successful visit)")
            continue
        loaded, first, ready = (statistics.median(r[i] for r in runs) for i in range(3))
        ratio = ratio_of[name]
        pairs = paired.get(name)
        pair = f"{statistics.median(pairs):6.2f}×" if pairs else f"{'':7}"
        flag = "" if name == BARE or ratio <= GOAL else f"  over the {GOAL}× goal"
        print(f"{Path(name).name:40} {loaded:6.2f} s {first:10.2f} s {ready:6.2f} s "
              f"{ratio:7.2f}× {pair}{flag}")


def compare(everything: dict[str, Timings], paired: dict[str, Paired]) -> None:
    """One line per chapter: its ratio to the bare page in each copy (of the medians, and the
    median of the paired ratios)."""
    labels = list(everything)
    table = {label: ratios(results) for label, results in everything.items()}
    print("first widget × bare page: " + "  ".join(f"{label:>10}" for label in labels)
          + "   paired: " + "  ".join(f"{label:>10}" for label in labels))
    for name in everything[labels[0]]:
        if name == BARE:
            continue
        cells = "  ".join(f"{table[label][name]:9.2f}×" if name in table[label] else
                          f"{'-':>10}" for label in labels)
        pairs = "  ".join(f"{statistics.median(paired[label][name]):9.2f}×"
                          if paired[label][name] else f"{'-':>10}" for label in labels)
        print(f"{Path(name).name[:24]:24} {cells}           {pairs}")


def time_command(command: str) -> None:
    t0 = time.monotonic()
    status = subprocess.call(shlex.split(command), cwd=REPO)
    print(f"`{command}` took {time.monotonic() - t0:.1f} s (exit status {status})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per page (0: none)")
    parser.add_argument("--pages", nargs="*", default=[], help="chapter numbers, e.g. 00 03")
    parser.add_argument("--preheat", action="store_true", help="serve with --preheat_kernel")
    parser.add_argument("--against", metavar="REV", default="",
                        help="also time the pages of commit REV, in the same rotation")
    parser.add_argument("--each-patch", action="store_true",
                        help="also serve the pages without each patch of serving/config/voila.py")
    parser.add_argument("--one-tab", action="store_true",
                        help="every visit in one browser tab instead of a new tab each")
    parser.add_argument("--json", metavar="FILE", default="",
                        help="also write every visit's timings to FILE")
    parser.add_argument("--time-command", default="",
                        help='also time a command from the repository root, e.g. "make test"')
    args = parser.parse_args()
    # A terminated run still stops its servers and removes its copies (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    hermetic_env()
    if args.runs > 0:
        extra = ["--preheat_kernel=True"] if args.preheat else []
        load_before = load_average()
        copies = {"now": copy_pages(None)}
        if args.each_patch:
            now = copies["now"]
            copies |= {WITHOUT + name: now for name in patches(now)}
        if args.against:
            copies = {args.against: copy_pages(args.against), **copies}
        try:
            everything, paired = measure(pages(args.pages), args.runs, extra, copies,
                                         args.one_tab)
        finally:
            for copy in set(copies.values()):
                shutil.rmtree(copy, ignore_errors=True)
        if args.json:
            Path(args.json).write_text(json.dumps({"timings": everything, "paired": paired},
                                                  indent=1), encoding="utf-8")
        for label, results in everything.items():
            if len(everything) > 1:
                print(f"\n== {label} ==")
            report(results, paired[label])
        if len(everything) > 1:
            print()
            compare(everything, paired)
        print(f"(medians of {args.runs} runs per page in rotation with the bare page; goal: "
              f"first widget within {GOAL}× the bare page; paired: the median of each "
              f"rotation's chapter over the bare page visited just before it; "
              f"{'one tab for every visit' if args.one_tab else 'a new tab for each visit'})")
        print(f"(load average before: {load_before}; after: {load_average()}; "
              f"{os.cpu_count()} cores)")
    if args.time_command:
        time_command(args.time_command)


if __name__ == "__main__":
    main()
