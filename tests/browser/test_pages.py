"""Every page of the series opens in Voila without a failing cell or a JavaScript error, and
fits a phone (390 px wide).

The chapters (NN-title.ipynb) are opened, checked and photographed by test_series_pages.py,
once each; this module opens the other pages of notebooks/ (the widgets gallery).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import fits_a_phone

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CHAPTER = re.compile(r"\d\d-[a-z0-9-]+\.ipynb$")
PAGES: list[Any] = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if not CHAPTER.match(p.name)
) or [pytest.param(None, marks=pytest.mark.skip(reason="no pages besides the chapters"))]


@pytest.mark.parametrize("name", PAGES)
def test_page_opens(
    name: str, page: Any, open_notebook: Callable[..., Any], screenshot: Callable[..., Any]
) -> None:
    open_notebook(page, name)
    screenshot(page, name.removesuffix(".ipynb"))
    fits_a_phone(page, name.removesuffix(".ipynb"))
