"""The newer puzzle kinds in Voilà, as a learner meets them: a hand to score, a replay with one
illegal play, a plan over the last tricks, and a placement with more cards than targets. Each
is answered wrong (its one-line why shows at once, before any hint, with no rule id before the
fold), then right."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.text_checks import RULE_ID
from worms_tutor.analysis import hand_score
from worms_tutor.widgets.series import load

pytestmark = pytest.mark.browser

Opener = Callable[..., Any]
PAGE = "new-kinds.ipynb"
PUZZLE_IDS = ("08-score-the-double-trick", "06-spot-toqu-on-partner", "07-the-last-two-tricks",
              "03-two-of-four")


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory,
             voila_server: Callable[..., str]) -> str:
    """Voilà serving one page with these puzzles (a chapter page runs far more)."""
    folder: Path = tmp_path_factory.mktemp("new-kinds")
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "id": f"k{index}",
              "source": ["from worms_tutor.widgets.puzzle import PuzzleWidget\n",
                         f'PuzzleWidget.from_id("{puzzle_id}")']}
             for index, puzzle_id in enumerate(PUZZLE_IDS)]
    notebook = {"cells": cells, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}
    (folder / PAGE).write_text(json.dumps(notebook), encoding="utf-8")
    return voila_server(folder)


def puzzle(page: Any, title: str) -> Any:
    found = page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title", has_text=title))
    found.locator("button.wt-check").wait_for()
    return found


def feedback(found: Any, kind: str) -> tuple[str, str]:
    """The feedback as first shown (no rule id there), then with its fold opened."""
    found.locator(f".wt-feedback.wt-feedback--{kind}").wait_for()
    box = found.locator(".wt-feedback")
    first: str = box.inner_text()
    assert not RULE_ID.search(first), first
    box.locator("details").evaluate_all("folds => folds.forEach(fold => { fold.open = true; })")
    return first, str(box.inner_text())


def test_a_hand_to_score_says_why_a_number_is_wrong_then_accepts_the_right_one(
    page: Any, open_notebook: Opener, page_url: str
) -> None:
    open_notebook(page, PAGE, base_url=page_url, timeout=120_000)
    scoring = puzzle(page, load(PUZZLE_IDS[0]).title)
    right = hand_score.scores(load(PUZZLE_IDS[0]))
    boxes = scoring.locator(".wt-answer-hand-score input")
    boxes.nth(0).fill(str(right["NS"] - 1))  # the double trick counted as one trick
    boxes.nth(1).fill(str(right["EW"]))
    scoring.locator("button.wt-check").click()
    first, _ = feedback(scoring, "wrong")
    assert "Why:" in first and "the double trick counting 2" in first, first
    boxes.nth(0).fill(str(right["NS"]))
    boxes.nth(0).press("Enter")  # Enter checks, as the Check button does
    first, opened = feedback(scoring, "correct")
    assert first.startswith(f"Correct: North–South {right['NS']}"), first
    assert "R13.1" in opened  # the rule ids, in the fold


def test_a_replay_says_why_a_play_breaks_no_rule_then_names_the_refusal(
    page: Any, open_notebook: Opener, page_url: str
) -> None:
    open_notebook(page, PAGE, base_url=page_url, timeout=120_000)
    replay = puzzle(page, load(PUZZLE_IDS[1]).title)
    replay.get_by_role("radio", name="Trick 1 · N plays K♥", exact=True).check()
    replay.locator("button.wt-check").click()
    first, _ = feedback(replay, "wrong")
    assert "Why: N: K♥ breaks no rule" in first, first
    replay.get_by_role("radio", name="Trick 1 · S plays J♣", exact=True).check()
    replay.locator("button.wt-check").click()
    first, opened = feedback(replay, "correct")
    assert "Toqu may not be laid on your partner's Worms" in first and "F1" in opened, opened


def test_a_plan_is_refuted_at_its_first_wrong_play_then_played_out_right(
    page: Any, open_notebook: Opener, page_url: str, screenshot: Callable[..., Any]
) -> None:
    open_notebook(page, PAGE, base_url=page_url, timeout=120_000)
    planning = puzzle(page, load(PUZZLE_IDS[2]).title)
    planning.get_by_role("button", name="Jack of diamonds").click()  # led first: it loses
    first, _ = feedback(planning, "wrong")
    assert "Why: After S: J♦, best play goes" in first and "E: J♣" in first, first
    assert "7♥" not in first.split("Why:")[0]  # the miss does not name the plan
    planning.locator(".wt-next .wt-table").wait_for()  # the refutation, on a table
    planning.get_by_role("button", name="Seven of hearts").click()
    planning.locator(".wt-plan-status", has_text="The others answer").wait_for()
    screenshot(page, "new-kinds-plan-midway")
    planning.get_by_role("button", name="Jack of diamonds").click()
    first, _ = feedback(planning, "correct")
    assert first.startswith("Correct: S: 7♥, then S: J♦."), first
    screenshot(page, "new-kinds-solved")


def test_a_placement_from_four_cards_says_why_then_accepts_the_right_two(
    page: Any, open_notebook: Opener, page_url: str
) -> None:
    open_notebook(page, PAGE, base_url=page_url, timeout=120_000)
    placing = puzzle(page, load(PUZZLE_IDS[3]).title)
    nine, ace, jack, six = (placing.locator(".wt-answer-placement select").nth(index)
                            for index in range(4))
    nine.select_option(label="on Ace of diamonds (A♦)")  # the right cards, the wrong way round
    ace.select_option(label="on Ace of clubs (A♣)")
    jack.select_option(label="stays in hand")
    six.select_option(label="stays in hand")
    placing.locator("button.wt-check").click()
    first, _ = feedback(placing, "wrong")
    assert "Why:" in first and "A♥ on A♣ fails" in first, first
    assert not re.search(r"[♣♠♥♦]>", first), first  # placements in words, not A♥>A♣
    nine.select_option(label="on Ace of clubs (A♣)")
    ace.select_option(label="on Ace of diamonds (A♦)")
    placing.locator("button.wt-check").click()
    first, opened = feedback(placing, "correct")
    assert "9♦ on A♣" in first and "A♥ on A♦" in first, first
    assert "R10.3" in opened  # the rule ids, in the fold
