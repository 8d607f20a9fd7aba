"""Headless Chromium and throwaway Voilà servers, shared by the browser tests and the page
benchmarks (stack-notes: Debian's Chromium, flags for a machine without internet)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WITH_SETTINGS = REPO / "serving" / "run"
"""Runs a command with the repository's Voilà settings and page template on Jupyter's paths."""
HEALTH_PATH = "/voila/static/favicon.ico"

WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
"""A widget's placeholder in a page, until the widget manager draws the widget in its place."""
PAGE_WHOLE_JS = f"""() => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'
    && !document.querySelector('{WIDGET_VIEW}')"""
"""True once a page (Voila's or the static edition's) has run every cell, shows them all and
has drawn every widget: the spinner, or the static edition's bar of what is still running, is
gone."""
"""Polled for readiness: in single-notebook mode every GET / would run the notebook."""


def free_port() -> int:
    """A TCP port on the loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def voila_command(root: Path | str, port: int, *extra: str) -> list[str]:
    """Voilà from the running venv serving ``root`` on ``port`` (never another port), with the
    repository's settings (serving/), as `make serve` runs it."""
    return [str(WITH_SETTINGS), str(Path(sys.executable).parent / "voila"), str(root),
            "--no-browser",
            f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *extra]


def start_voila(
    root: Path | str, port: int, *extra: str, timeout: float = 60.0
) -> tuple[subprocess.Popen[bytes], float]:
    """Start Voilà with the repository's settings and wait until it answers; returns the
    process and the seconds it took."""
    started = time.monotonic()
    proc = subprocess.Popen(voila_command(root, port, *extra), cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{HEALTH_PATH}", timeout=2):
                return proc, time.monotonic() - started
        except OSError:
            if proc.poll() is not None or time.monotonic() - started > timeout:
                proc.kill()
                proc.wait()
                raise RuntimeError("voila did not start") from None
            time.sleep(0.05)


def hermetic_env() -> Path:
    """Jupyter, IPython and matplotlib write into a temporary home (returned), not the
    user's."""
    home = tempfile.mkdtemp(prefix="worms-tutor-")
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(home, var.lower())
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"
    return Path(home)


def full_page_screenshot(page: Any, path: Path, *, checks: int = 1, pause_ms: int = 200) -> None:
    """A screenshot of a whole Voilà page. Voilà's lab template scrolls inside
    #rendered_cells, not the document, so ``full_page=True`` alone stops at the viewport: the
    viewport grows until the content fits and its height has stayed put ``checks`` times in a
    row (pictures off screen take their size only once drawn), up to 20,000 px."""
    measure = (
        "() => (document.getElementById('rendered_cells') || document.documentElement)"
        ".scrollHeight"
    )
    size = page.viewport_size
    height, stable = size["height"], 0
    try:
        for _ in range(20):
            wanted = max(size["height"], min(page.evaluate(measure), 20_000))
            stable = stable + 1 if wanted == height else 0
            if stable >= checks:
                break
            if wanted != height:
                height = wanted
                page.set_viewport_size({"width": size["width"], "height": height})
            page.wait_for_timeout(pause_ms)
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(size)
