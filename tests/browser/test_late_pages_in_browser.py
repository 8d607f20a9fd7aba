"""Chapters 05–09 in Voilà: a learner answers a puzzle of each page by clicking, reads the
engine's feedback, and finds the puzzle still solved after a reload.

"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# page → (puzzle title, a beginner's wrong answer, the right answer, text of the right feedback)
CASES = {
    "05-worms-and-toqu.ipynb": (
        "Two matadors in one trick", "E", "S", "later matador wins, R6.1"),
    "06-drawing-and-the-flow-of-a-hand.ipynb": (
        "Whose lead?", "yes", "no", "W won the last trick"),
    "07-scoring.ipynb": ("Five-five", "1", "2", "(5-5, R13.2)"),
    "08-two-rulebooks-side-by-side.ipynb": (
        "A 3♦ in the middle", "S", "E", "unbeatable only when played last"),
    "09-greenland-and-the-game.ipynb": (
        "Ataata?", "0", "1", "K♣ and K♠ together beat two 7s"),
}
LEGAL_LABELS = {"yes": "Yes, it is legal", "no": "No, it is not allowed"}


def _puzzle(page: Any, title: str) -> Any:
    return page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title", has_text=title))


def _answer(puzzle: Any, answer: str) -> None:
    if puzzle.locator(".wt-answer-points").count():
        field = puzzle.locator(".wt-answer-points input")
        field.fill(answer)
        field.press("Tab")
    else:
        label = LEGAL_LABELS.get(answer, answer)
        puzzle.get_by_role("radio", name=label, exact=True).check()
    puzzle.locator("button.wt-check").click()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_learner_solves_a_puzzle_and_keeps_it(
    name: str,
    page: Any,
    open_notebook: Callable[..., Any],
    screenshot: Callable[..., Any],
    saved_progress: Callable[..., None],
) -> None:
    title, wrong, right, because = CASES[name]
    open_notebook(page, name)
    puzzle = _puzzle(page, title)
    puzzle.locator("button.wt-check").wait_for()

    _answer(puzzle, wrong)
    puzzle.locator(".wt-feedback.wt-feedback--wrong").wait_for()
    assert "Not quite" in puzzle.locator(".wt-feedback").inner_text()

    _answer(puzzle, right)
    puzzle.locator(".wt-feedback.wt-feedback--correct").wait_for()
    feedback = puzzle.locator(".wt-feedback").inner_text()
    assert feedback.startswith("Correct") and because in feedback, feedback
    screenshot(page, f"late-{name.removesuffix('.ipynb')}-solved")
    saved_progress(page)

    open_notebook(page, name)  # a fresh page view: a new kernel, the same browser storage
    _puzzle(page, title).and_(page.locator(".wt-puzzle--solved-before")).wait_for()
