"""The Binder configuration, tried locally: JupyterLab started from the repository root with
the Voila server extension serves /voila/render/... with the repository's voila.json.

Binder opens https://mybinder.org/v2/gh/OWNER/REPO/BRANCH?urlpath=voila/render/notebooks/00-start-here.ipynb,
which is this JupyterLab server's /voila/render/notebooks/00-start-here.ipynb.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
PAGES = [
    path
    for path in ("notebooks/00-start-here.ipynb", "benchmarks/voila_baseline/bare.ipynb")
    if (REPO / path).is_file()
]


@pytest.mark.parametrize("path", PAGES)
def test_lab_extension_renders_page(lab_url: str, path: str) -> None:
    # ?theme=dark is ignored only when voila.json (allow_theme_override NO) was read.
    url = f"{lab_url}/voila/render/{path}?theme=dark"
    with urllib.request.urlopen(url, timeout=120) as response:
        assert response.status == 200
        html = response.read().decode()
    assert "There was an error when executing cell" not in html
    assert "theme-light.css" in html and "theme-dark.css" not in html, "voila.json not read"
    assert "jp-mod-noInput" in html, "sources not stripped"


def test_lab_extension_lets_the_browser_keep_widget_code(
    lab_url: str, extension_caching: Callable[[str, str], dict[str, str]]
) -> None:
    # voila.py is read by the Voila extension too: on Binder every re-request crosses the net.
    rules = extension_caching(lab_url, "benchmarks/voila_baseline/bare.ipynb")
    assert rules.pop("unhashed") == "no-cache"
    assert set(rules.values()) == {"public, max-age=31536000, immutable"}, rules


@pytest.mark.browser
def test_lab_extension_page_in_browser(
    lab_url: str, page: Any, open_notebook: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    open_notebook(page, "benchmarks/voila_baseline/bare.ipynb", base_url=lab_url)
    page.get_by_role("button", name="Click me").click()
    expect(page.locator(".wt-baseline-label .widget-html-content")).to_have_text("clicked 1")


def test_binder_files() -> None:
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    requirements = (BINDER / "requirements.txt").read_text()
    for package in ("jupyterlab", "voila", "ipywidgets"):
        assert f"\n{package}" in requirements, f"binder/requirements.txt lacks {package}"
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    assert 'pip install --no-cache-dir -e ".[serve]"' in post_build.read_text()
