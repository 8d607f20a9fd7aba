"""A learner solves the gallery's puzzle in Voilà: clicks and keys, feedback, hints, table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

GALLERY = "widgets-gallery.ipynb"
PUZZLE = ".wt-puzzle"
Opener = Callable[..., Any]


def card(page: Any, code: str) -> Any:
    return page.locator(f'{PUZZLE} .wt-hand__card[data-card="{code}"]')


def feedback_text(page: Any) -> str:
    """The feedback with its card-by-card fold opened."""
    box = page.locator(f"{PUZZLE} .wt-feedback")
    box.locator("details").evaluate_all("folds => folds.forEach(fold => { fold.open = true; })")
    return str(box.inner_text())


def test_a_learner_solves_the_gallery_puzzle(
    page: Any, open_notebook: Opener, screenshot: Callable[[Any, str], Any]
) -> None:
    open_notebook(page, GALLERY)
    page.wait_for_selector(f'{PUZZLE} .wt-hand__card[data-card="KC"]')
    badge = page.locator(f"{PUZZLE} .wt-variant-badge").inner_text()
    assert "English rules" in badge

    # a wrong card, by mouse: the feedback says what happens next, and why
    card(page, "KC").click()
    page.wait_for_selector(f'{PUZZLE} .wt-hand__card[data-card="KC"][aria-pressed="true"]')
    page.locator(f"{PUZZLE} button.wt-check").click()
    page.wait_for_selector(f"{PUZZLE} .wt-feedback.wt-feedback--wrong")
    wrong = feedback_text(page)
    assert "Not quite: S: K♣." in wrong
    assert "W's K♠ beats S's K♣ (the K♠ kills a K♣ that has beaten a 7, R4.3)" in wrong
    page.wait_for_selector(f"{PUZZLE} .wt-next .wt-table")  # the replies, on a table
    shots = screenshot(page, "gallery-puzzle-wrong").parent
    page.locator(PUZZLE).screenshot(path=str(shots / "puzzle-wrong.png"))

    # the right card, by keyboard: Space on the focused card, arrows to move, Tab to Check
    card(page, "KC").focus()
    page.keyboard.press("Space")  # unselect the K♣
    page.wait_for_selector(f'{PUZZLE} .wt-hand__card[data-card="KC"][aria-pressed="false"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "9C"
    page.keyboard.press("Space")
    page.wait_for_selector(f'{PUZZLE} .wt-hand__card[data-card="9C"][aria-pressed="true"]')
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('wt-check')")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PUZZLE} .wt-feedback.wt-feedback--correct")
    right = feedback_text(page)
    assert "Correct: S: 9♣." in right
    assert "S's 9♣ does not beat N's 7♥" in right and "R3.1" in right
    assert "Also correct: S: 7♠, S: A♠." in right

    # a hint, and the solved puzzle counted in the page's progress
    page.locator(f"{PUZZLE} button.wt-hint-button").click()
    page.wait_for_function(
        "document.querySelector('.wt-puzzle .wt-hint').textContent"
        ".includes('The rules at stake')"
    )
    page.wait_for_function(
        "document.querySelector('.wt-progress__summary').textContent.includes('1 puzzle')"
    )

    screenshot(page, "gallery-puzzle-solved")
    page.locator(PUZZLE).screenshot(path=str(shots / "puzzle-solved.png"))


def test_the_trick_table_steps_back_and_forward(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, GALLERY)
    table = page.locator(".wt-trick-table").first
    reason = table.locator(".wt-step-reason")
    assert "Toqu captured E's Worms: NS +2" in reason.inner_text()
    assert "(P1)" not in reason.inner_text()  # the rule ids wait in a tooltip
    table.get_by_role("button", name="Back").click()
    page.wait_for_function(
        "document.querySelector('.wt-trick-table .wt-step-reason').textContent"
        ".includes('later matador wins')"
    )
    assert table.locator(".wt-seat-S.wt-heading").count() == 1
    table.get_by_role("button", name="First").click()
    page.wait_for_function(
        "document.querySelector('.wt-trick-table .wt-step-reason').textContent"
        ".includes('Nothing played yet')"
    )
    # the buttons' state is a message of its own, sent after the reason: wait for it too
    page.wait_for_function("document.querySelector('.wt-trick-table .wt-step-back').disabled")
    table.locator(".wt-step-next").click()
    page.wait_for_function(
        "document.querySelector('.wt-trick-table .wt-step-reason').textContent"
        ".includes('N leads 9♦')"
    )
