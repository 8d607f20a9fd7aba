"""The rulebook a learner chooses on page 00 is the one the chapters teach in: its text is
the main text, the other rulebook's sits in the fold, and the choice holds after a reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from worms_tutor.widgets.rulebook_chooser import STORAGE_KEY

pytestmark = pytest.mark.browser

CHAPTER = "08-scoring.ipynb"
"""A chapter whose text parts by rulebook (lesson.rulebook_text)."""


def _shown(page: Any, rulebook: str, role: str) -> Any:
    return page.locator(f".wt-rulebook-text__{role}.wt-rulebook-text--{rulebook}").first


def _teaches(page: Any, chosen: str, other: str) -> None:
    """The chosen rulebook's text is the main text, the other one is in a closed fold."""
    assert _shown(page, chosen, "main").is_visible()
    assert not _shown(page, other, "main").is_visible()
    fold = _shown(page, other, "other")
    assert fold.is_visible() and not _shown(page, chosen, "other").is_visible()
    assert fold.locator("summary").inner_text() == f"In the other rulebook ({other})"
    assert not fold.locator(".wt-rulebook-text__body").is_visible()  # folded until opened
    fold.locator("summary").click()
    assert fold.locator(".wt-rulebook-text__body").is_visible()


def test_the_club_chosen_on_page_00_is_the_main_text_of_a_chapter(
        page: Any, open_notebook: Callable[..., Any], screenshot: Callable[..., Any]) -> None:
    open_notebook(page, "00-start-here.ipynb")
    _teaches(page, "english", "danish-club")  # nothing chosen yet: english
    chooser = page.locator(".wt-rulebook-choice")
    chooser.get_by_role("radio", name="danish-club").check()
    assert "Chosen: danish-club" in chooser.locator(".wt-rulebook-choice__status").inner_text()
    _teaches(page, "danish-club", "english")  # at once, on the same page
    assert page.evaluate("(key) => localStorage.getItem(key)", STORAGE_KEY) == "danish-club"

    open_notebook(page, CHAPTER)
    _teaches(page, "danish-club", "english")
    screenshot(page, "rulebook-choice-club-chapter")
    open_notebook(page, CHAPTER)  # the page loaded again: the choice holds
    _teaches(page, "danish-club", "english")

    open_notebook(page, "00-start-here.ipynb")
    chooser = page.locator(".wt-rulebook-choice")
    assert chooser.get_by_role("radio", name="danish-club").is_checked()
    chooser.get_by_role("radio", name="english").check()
    open_notebook(page, CHAPTER)
    _teaches(page, "english", "danish-club")
