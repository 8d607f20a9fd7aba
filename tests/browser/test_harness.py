"""The harness itself: Voila serves a bare one-widget notebook, Chromium clicks it."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest


def test_voila_reads_repo_config(voila_server: Callable[..., str]) -> None:
    # Plain HTTP, no browser: ?theme=dark is ignored only when voila.json was read.
    url = voila_server("benchmarks/voila_baseline") + "/voila/render/bare.ipynb?theme=dark"
    with urllib.request.urlopen(url, timeout=120) as response:
        html = response.read().decode()
    assert "theme-light.css" in html and "theme-dark.css" not in html, "voila.json not read"
    assert "import ipywidgets" not in html, "sources not stripped"


@pytest.mark.browser
def test_click_changes_label(
    voila_server: Callable[..., str], page: Any, open_notebook: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    open_notebook(page, "bare.ipynb", base_url=voila_server("benchmarks/voila_baseline"))
    label = page.locator(".wt-baseline-label .widget-html-content")
    expect(label).to_have_text("not clicked")
    page.get_by_role("button", name="Click me").click()
    expect(label).to_have_text("clicked 1")
    page.get_by_role("button", name="Click me").click()
    expect(label).to_have_text("clicked 2")


@pytest.mark.browser
def test_sources_are_stripped(
    voila_server: Callable[..., str], page: Any, open_notebook: Callable[..., Any]
) -> None:
    open_notebook(page, "bare.ipynb", base_url=voila_server("benchmarks/voila_baseline"))
    assert page.locator(".jp-InputArea-editor").count() == 0
    assert "import ipywidgets" not in page.content()


@pytest.mark.browser
def test_leaving_a_page_shuts_its_kernel_down(
    voila_server: Callable[..., str],
    voila_log: Callable[[str], str],
    page: Any,
    open_notebook: Callable[..., Any],
) -> None:
    # A page opened straight from a link: voila.py gives it the _xsrf cookie, without which
    # the server refuses Voila's shutdown request and the kernel runs on until culled.
    base = voila_server("benchmarks/voila_baseline")
    open_notebook(page, "bare.ipynb", base_url=base)
    kernel = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    assert "_xsrf" in {cookie["name"] for cookie in page.context.cookies()}
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 15
    while f"Kernel shutdown: {kernel}" not in voila_log(base):
        assert time.monotonic() < deadline, "the kernel of a closed page is still running"
        time.sleep(0.2)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in voila_log(base)



def test_widget_code_is_kept_by_the_browser_between_page_views(
    voila_server: Callable[..., str], extension_caching: Callable[[str, str], dict[str, str]]
) -> None:
    # Without it, every page view asked the server again for each extension file, a chain of
    # ~30 requests before the first widget (voila.py). Only content-hashed names are kept.
    rules = extension_caching(voila_server("benchmarks/voila_baseline"), "bare.ipynb")
    assert rules["unhashed"] == "no-cache"
    kept = {name: rule for name, rule in rules.items() if name != "unhashed"}
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget"} <= set(kept)
    assert set(kept.values()) == {"public, max-age=31536000, immutable"}, kept
