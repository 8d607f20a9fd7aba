"""Quiz mode in Chromium: a chapter opened from its link, the answer hidden until R, why from
the engine, N moves on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_the_room_sees_the_answer_only_when_the_teacher_reveals_it(
        page: Any, open_notebook: Callable[..., Any]) -> None:
    open_notebook(page, "quiz.ipynb?chapter=05")
    page.wait_for_selector(".wt-quiz__answer")
    assert "Chapter 5" in page.locator(".wt-quiz__count").inner_text()
    assert "question 1 of" in page.locator(".wt-quiz__count").inner_text()
    assert page.locator(".wt-quiz__answer").count() >= 2
    assert page.locator(".wt-quiz__answer--right").count() == 0
    assert page.locator(".wt-quiz__why").count() == 0
    page.locator(".wt-quiz__question").click()  # the page has the keyboard, not a field
    page.keyboard.press("r")
    page.wait_for_selector(".wt-quiz__answer--right")
    assert "Why:" in page.locator(".wt-quiz__why").inner_text()
    assert "✓" in page.locator(".wt-quiz__answer--right").first.inner_text()
    page.keyboard.press("n")
    page.wait_for_function("() => document.querySelector('.wt-quiz__count')"
                           ".textContent.includes('question 2 of')")
    assert page.locator(".wt-quiz__answer--right").count() == 0
    page.get_by_role("button", name="Reveal").click()
    page.wait_for_selector(".wt-quiz__answer--right")
