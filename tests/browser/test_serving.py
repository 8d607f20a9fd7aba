"""What `make serve` gives besides the chapters themselves: the root URL leads to the series,
and nothing is asked for from outside the machine (the page template in serving/data)."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

START = "00-start-here.ipynb"


def test_the_root_is_a_plain_page_that_sends_the_learner_to_the_start(voila_url: str) -> None:
    with urllib.request.urlopen(f"{voila_url}/", timeout=60) as response:
        html = response.read().decode()
    assert f'url=/voila/render/{START}"' in html, "the browser goes on to chapter 00 at once"
    assert f'<a href="/voila/render/{START}">' in html, "and a link says where, meanwhile"
    assert "<script" not in html, "no JupyterLab plugins to start (and fail) on this page"
    assert "<link" not in html, "no stylesheet, from a CDN or elsewhere"


@pytest.mark.browser
def test_the_root_leads_to_the_series_without_asking_anything_from_outside(
    voila_url: str, page: Any, off_machine: Callable[[Any], list[str]]
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/")
    page.wait_for_url(re.compile(rf"/voila/render/{re.escape(START)}$"))
    expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=60_000)
    html = page.content()
    assert "cdn.jsdelivr.net" not in html, "the template leaves out the CDN's stylesheets"
    assert "index.css" in html and "theme-light.css" in html, "and keeps Voila's own"
    assert off_machine(page) == []
