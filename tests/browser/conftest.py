"""Fixtures for browser tests: Voila and JupyterLab servers, headless Chromium, pages.

A browser test looks like this::

    pytestmark = pytest.mark.browser

    def test_start_page(page, open_notebook, screenshot):
        open_notebook(page, "00-start-here.ipynb")   # waits for every widget, checks errors
        page.get_by_role("button", name="Deal").click()
        expect(page.locator(".wt-trick")).to_contain_text("wins")
        screenshot(page, "start-after-deal")

Fixtures:
    voila_server(folder, *args) -> url  session factory: Voila serving a folder (relative to
                                        the repo root or absolute), one server per folder+args
    voila_url -> url                    session: Voila serving notebooks/, as `make serve`
    voila_log(url) -> str               what the Voila server at that URL has logged so far
    lab_url -> url                      session: JupyterLab + Voila extension, as on Binder
    browser                             session: Playwright's Chromium (sync API)
    page                                a fresh context and page; fails on uncaught JS errors
    open_notebook(page, name, *, base_url=None, timeout=60_000) -> page
                                        open /voila/render/NAME, wait for every widget,
                                        fail on a cell error or a page error
    screenshot(page, name) -> path      test-artifacts/screenshots/NAME.png, whole page
    extension_caching(base, page) -> {extension: Cache-Control of its entry file, and
                                        "unhashed": that of a file named without a hash}
    saved_progress(page, code=None)     wait until this browser's storage holds the progress
                                        code (that one, or any): before a reload relies on it

Servers run with the settings in serving/ (voila.json, voila.py, the page template) as
`make serve` and Binder run them, on a free port, and stop at the end of the session. Their
logs (test-artifacts/logs/) and the screenshots, including FAILED-<test>.png for each failing
test, are git-ignored.

Without /usr/bin/chromium the browser tests skip, unless WORMS_REQUIRE_BROWSER=1 or
CI=true, where they fail.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # for tools/, shared with the page benchmarks
from tools.headless import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PAGE_WHOLE_JS,
    free_port,
    full_page_screenshot,
)
from tools.headless import voila_command as serve_command  # noqa: E402

NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
LOGS = ARTIFACTS / "logs"
VENV_BIN = Path(sys.executable).parent  # the venv running the tests, not resolved
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
"""The pytest-xdist worker running this session ("gw0", ...), or "" without xdist: each
worker starts its own servers and browser, and names its logs after itself."""


CELL_ERROR = "There was an error when executing cell"

SERVER_START_TIMEOUT = 60.0


def browser_required() -> bool:
    return os.environ.get("WORMS_REQUIRE_BROWSER") == "1" or os.environ.get("CI") == "true"


def _missing(what: str) -> NoReturn:
    """Skip for a missing tool, or fail where the tool is required (CI)."""
    if browser_required():
        pytest.fail(f"{what} (required: WORMS_REQUIRE_BROWSER=1 or CI=true)", pytrace=False)
    pytest.skip(what)


# --- servers -------------------------------------------------------------------------------


class Server:
    """A server process started from the repository root, polled until it answers."""

    def __init__(self, name: str, cmd: list[str], port: int, health_path: str,
                 cwd: Path = REPO) -> None:
        self.name = name
        self.url = f"http://127.0.0.1:{port}"
        LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = LOGS / f"{name}{'-' + WORKER if WORKER else ''}.log"
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT
        )
        try:
            self._wait_ready(self.url + health_path)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, health_url: str) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"{self.name} exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(health_url, timeout=2):
                    return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        pytest.fail(f"{self.name} not ready after {SERVER_START_TIMEOUT} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        self._log.flush()
        text = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


def voila_command(root: Path, port: int, *extra: str) -> list[str]:
    """The `make serve` command line, on another port, with the settings in serving/."""
    # Kernels of pages left without an unload (a test's closed context) are culled; cull
    # sooner here, where tests open many pages.
    return serve_command(root, port, "--MappingKernelManager.cull_idle_timeout=30",
                         "--MappingKernelManager.cull_interval=10", *extra)


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Callable[..., str]]:
    """Factory: voila_server(folder, *extra_args) -> base URL of Voila serving that folder.

    A relative folder is taken from the repository root. One server per (folder, args) for
    the whole session.
    """
    servers = _VOILA_SERVERS

    def start(root: Path | str, *extra: str) -> str:
        root = (REPO / root).resolve()
        key = (str(root), *extra)
        if key not in servers:
            port = free_port()
            name = "voila-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", root.name + "".join(extra))
            servers[key] = Server(
                name, voila_command(root, port, *extra), port, "/voila/static/favicon.ico"
            )
        return servers[key].url

    yield start
    for server in servers.values():
        server.stop()
    servers.clear()


_VOILA_SERVERS: dict[tuple[str, ...], Server] = {}


@pytest.fixture
def voila_log() -> Callable[[str], str]:
    """voila_log(url) -> what the Voila server at that base URL has logged so far."""

    def read(url: str) -> str:
        (server,) = [s for s in _VOILA_SERVERS.values() if s.url == url]
        return server.log_path.read_text(errors="replace")

    return read


@pytest.fixture(scope="session")
def voila_url(voila_server: Callable[..., str]) -> str:
    """Base URL of Voila serving notebooks/, configured as `make serve` does."""
    if not NOTEBOOKS.is_dir():
        pytest.skip("no notebooks/ folder yet")
    return voila_server(NOTEBOOKS)


@pytest.fixture(scope="session")
def lab_url() -> Iterator[str]:
    """Base URL of JupyterLab started from the repository root through binder/start, as
    Binder starts it.

    Voila pages are at /voila/render/<path from the repo root>. Needs the `lab` extra.
    """
    if importlib.util.find_spec("jupyterlab") is None:
        _missing("JupyterLab is not installed: pip install -e '.[lab]'")
    port = free_port()
    cmd = [
        str(REPO / "binder" / "start"),
        str(VENV_BIN / "jupyter-lab"),
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={REPO}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    server = Server("jupyter-lab", cmd, port, "/api")
    yield server.url
    server.stop()


# --- browser and pages ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright's sync API."""
    if not os.path.exists(CHROMIUM):
        _missing(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed: pip install -e '.[test]'")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class PageRecord:
    """What the `page` fixture records about one page while a test runs."""

    errors: list[str] = field(default_factory=list)
    """Uncaught JavaScript errors."""
    off_machine: list[str] = field(default_factory=list)
    """URLs asked for from anywhere but this machine (a CDN, a font service): none of it is
    there in a classroom without internet."""


_RECORDS: dict[Any, PageRecord] = {}
_ON_MACHINE = re.compile(r"^(https?://(127\.0\.0\.1|localhost)[:/]|data:|blob:|about:)")


def _record(page: Any) -> PageRecord:
    return _RECORDS.setdefault(page, PageRecord())


def page_errors(page: Any) -> list[str]:
    """Uncaught JavaScript errors seen so far on a page made by the `page` fixture."""
    return _record(page).errors


def requests_off_machine(page: Any) -> list[str]:
    """What a page made by the `page` fixture has asked for from anywhere but this machine."""
    return _record(page).off_machine


@pytest.fixture
def off_machine() -> Callable[[Any], list[str]]:
    """off_machine(page) -> the URLs the page asked for from anywhere but this machine."""
    return requests_off_machine


_CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_CALL_FAILED] = report.failed
    return report


def _artifact_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh context and page; fails the test on any uncaught page error.

    A failing test leaves a screenshot in test-artifacts/screenshots/FAILED-<test>.png.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    record = _record(page)
    page.on("pageerror", lambda exc: record.errors.append(str(exc)))
    page.on("request", lambda asked: None if _ON_MACHINE.match(asked.url)
            else record.off_machine.append(asked.url))
    yield page
    try:
        if request.node.stash.get(_CALL_FAILED, False):
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            failed = SCREENSHOTS / f"FAILED-{_artifact_name(request.node.name)}.png"
            full_page_screenshot(page, failed)
    finally:
        _RECORDS.pop(page, None)
        context.close()
    assert not record.errors, f"uncaught errors on the page: {record.errors}"


PROJECTOR = {"width": 1024, "height": 768}
"""A classroom projector's window."""


@pytest.fixture
def on_projector() -> Callable[[Any], None]:
    """on_projector(page): a projector-size window with presenter mode switched on."""

    def switch(page: Any) -> None:
        page.set_viewport_size(PROJECTOR)
        button = page.get_by_role("button", name="Presenter mode")
        if button.get_attribute("aria-pressed") != "true":  # it stays on from page to page
            button.click()
        page.wait_for_function("() => document.body.classList.contains('wt-presenter')")

    return switch


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    """screenshot(page, name) -> path of test-artifacts/screenshots/<name>.png (full page)."""

    def take(page: Any, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{_artifact_name(name)}.png"
        full_page_screenshot(page, path)
        return path

    return take


def _cache_control(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as response:
        return str(response.headers.get("Cache-Control", ""))


@pytest.fixture
def extension_caching() -> Callable[[str, str], dict[str, str]]:
    """extension_caching(base_url, page) -> how the browser may cache the page's widget code.

    For each JupyterLab extension the page loads (read from its page config), the
    Cache-Control of its entry file; under "unhashed", that of the widget manager's style.js,
    a file whose name carries no content hash."""

    def rules(base: str, page: str) -> dict[str, str]:
        with urllib.request.urlopen(f"{base}/voila/render/{page}", timeout=120) as response:
            html = response.read().decode()
        config = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S)
        assert config, f"no page config in {page}"
        # joined as the browser joins them: "./static/x.js" is asked for as "static/x.js"
        found = {
            extension["name"]: _cache_control(urllib.parse.urljoin(
                f"{base}/voila/labextensions/{extension['name']}/", extension["load"]))
            for extension in json.loads(config.group(1))["federated_extensions"]
        }
        found["unhashed"] = _cache_control(
            f"{base}/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/style.js")
        return found

    return rules


@pytest.fixture
def saved_progress() -> Callable[..., None]:
    """saved_progress(page, code=None): wait until localStorage holds a progress code.

    The page shows a new count as soon as the kernel knows it; the browser writes storage a
    moment later, on the kernel's save message. A test that reloads must wait for the write.
    """

    from worms_tutor.widgets.progress import STORAGE_KEY
    from worms_tutor.widgets.progress_code import PREFIX

    def wait(page: Any, code: str | None = None) -> None:
        page.wait_for_function(
            "([key, prefix, code]) => { const v = localStorage.getItem(key);"
            " return code === null ? (v || '').startsWith(prefix + '.') : v === code; }",
            arg=[STORAGE_KEY, PREFIX, code],
        )

    return wait


@pytest.fixture
def open_notebook(request: pytest.FixtureRequest) -> Callable[..., Any]:
    """open_notebook(page, name, *, base_url=None, timeout=60_000, lands_on=None) -> page.

    Navigates to <base_url>/voila/render/<name> (base_url defaults to the notebooks/
    server), waits until every cell ran and every widget is displayed, and asserts that
    no cell raised and no JavaScript error occurred. With ``lands_on``, the page is expected
    to hand over to that page (e.g. its translation) first.
    """

    def open_(page: Any, name: str, *, base_url: str | None = None, timeout: float = 60_000,
              lands_on: str | None = None) -> Any:
        if base_url is None:
            base_url = request.getfixturevalue("voila_url")
        page.goto(f"{base_url}/voila/render/{name}")
        if lands_on is not None:
            page.wait_for_url(f"{base_url}/voila/render/{lands_on}", timeout=timeout)
        page.wait_for_function(PAGE_WHOLE_JS, timeout=timeout)
        body = page.locator("body").inner_text()
        if CELL_ERROR in body:
            pytest.fail(
                f"{name}: a cell raised (nbval on the notebook shows the traceback):\n"
                + body[body.find(CELL_ERROR) :][:300]
            )
        assert not page_errors(page), f"{name}: uncaught errors on the page: {page_errors(page)}"
        return page

    return open_


PHONE = {"width": 390, "height": 844}
"""A phone's window."""

_PHONE_PROBLEMS_JS = """() => {
    const width = window.innerWidth;
    const problems = [];
    const cells = document.getElementById('rendered_cells');
    if (document.documentElement.scrollWidth > width + 1) {
        problems.push('the page scrolls sideways');
    }
    if (cells && cells.scrollWidth > cells.clientWidth + 1) {
        problems.push('the cells scroll sideways');
    }
    const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
    };
    for (const card of document.querySelectorAll('#rendered_cells .wt-seat .wt-card')) {
        const r = card.getBoundingClientRect();
        if (shown(card) && (r.left < -1 || r.right > width + 1)) {
            const seat = card.closest('.wt-seat').className;
            problems.push(`a card of ${seat} at ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
    }
    for (const button of document.querySelectorAll('#rendered_cells button')) {
        if (shown(button) && button.scrollWidth > button.clientWidth + 1) {
            problems.push(`the button "${button.textContent.trim()}" is cut`);
        }
    }
    return [...new Set(problems)].slice(0, 10);
}"""


def fits_a_phone(page: Any, screenshot_name: str = "") -> None:
    """At 390 × 844 the page does not scroll sideways, every seat's cards are on the screen and
    every button shows its whole label; then the window is as it was."""
    before = page.viewport_size
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)  # the layout settles
    try:
        problems = page.evaluate(_PHONE_PROBLEMS_JS)
        if screenshot_name:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{screenshot_name}-phone.png"))
        assert problems == [], f"at 390 px: {problems}"
    finally:
        page.set_viewport_size(before)
