"""Every Danish page renders in Chromium without an error and without an English sentence
from the course's prose or the engine's, widgets' and puzzles' catalogs left on it, its
folded parts opened (a puzzle's hints, the rules behind an answer)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_series_pages import wait_for_live_puzzles

from tests.english_left import english_labels, english_left, english_phrases, normalized

pytestmark = pytest.mark.browser

DANISH = Path(__file__).resolve().parents[2] / "notebooks" / "da"
PAGES = sorted(path.name for path in DANISH.glob("*.ipynb"))
_OPEN_FOLDS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"
_LABELS = """() => Array.from(document.querySelectorAll(
    '#rendered_cells :is(button, label, option, summary, th, .widget-label, .widget-html-content)'
)).map(e => e.innerText)"""


@pytest.fixture(scope="module")
def phrases() -> frozenset[str]:
    return english_phrases()


@pytest.fixture(scope="module")
def labels() -> frozenset[str]:
    return english_labels()


@pytest.mark.parametrize("name", PAGES)
def test_a_danish_page_speaks_danish(name: str, page: Any, open_notebook: Callable[..., Any],
                                     phrases: frozenset[str], labels: frozenset[str]) -> None:
    open_notebook(page, f"da/{name}")
    assert page.evaluate("document.documentElement.lang") == "da"
    wait_for_live_puzzles(page)  # the words of every puzzle, its first live at once
    page.evaluate(_OPEN_FOLDS)
    left = english_left(page.locator("#rendered_cells").inner_text(), phrases)
    assert not left, f"da/{name} still has English: {left[:8]}"
    english = sorted({normalized(text) for text in page.evaluate(_LABELS)} & labels)
    assert not english, f"da/{name} still has English labels: {english[:8]}"
