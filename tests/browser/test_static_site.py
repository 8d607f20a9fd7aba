"""The static edition (make static) in Chromium, every request outside the site blocked.

The site is built by ``make static`` into _static_site/; these tests skip, saying so, when it
has not been built. Python runs in the browser here, so a page takes many seconds to start.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_static_site"
START = 120_000
"""Milliseconds a page may take to start its Python and show its widgets."""


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The built site served on a free local port."""
    if not (SITE / "voici" / "render").is_dir():
        pytest.skip("the static site is not built: run `make static` first")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the site without logging every request."""

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def site_page(browser: Any, site_url: str) -> Iterator[tuple[Any, list[str]]]:
    """A page that may fetch only from the site; the list holds every blocked request."""
    context = browser.new_context()
    blocked: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(site_url) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    yield page, blocked
    context.close()


def _open(page: Any, site_url: str, name: str, query: str = "") -> None:
    page.goto(f"{site_url}/voici/render/{name}.html{query}")


@pytest.mark.parametrize(("name", "widget"), [
    ("01-the-pack-and-the-ranking", ".wt-puzzle"),
    ("05-the-three-of-diamonds", ".wt-puzzle"),
    ("12-explore-positions", ".wt-explorer"),
])
def test_a_chapter_starts_with_nothing_from_outside(site_page: tuple[Any, list[str]],
                                                    site_url: str, name: str,
                                                    widget: str) -> None:
    page, blocked = site_page
    _open(page, site_url, name)
    page.locator(widget).first.wait_for(timeout=START)
    assert blocked == []
