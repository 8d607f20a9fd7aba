"""Every page of the series opens in Voila without a failing cell or a JavaScript error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES: list[Any] = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) or [
    pytest.param(None, marks=pytest.mark.skip(reason="no notebooks in notebooks/ yet"))
]


@pytest.mark.parametrize("name", PAGES)
def test_page_opens(
    name: str, page: Any, open_notebook: Callable[..., Any], screenshot: Callable[..., Any]
) -> None:
    open_notebook(page, name)
    screenshot(page, name.removesuffix(".ipynb"))
