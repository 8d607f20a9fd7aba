"""The series in Voilà, as a learner meets it: every chapter page opens cleanly and its
puzzles come alive; in chapters 00–09 a puzzle is solved by clicking and the engine's feedback
read, and in 05–09 it is still solved in a new page view; solved puzzles survive a reload and
show on the start page. Screenshots of every chapter at a normal and at a projector-size window
(with presenter mode on) go to test-artifacts/screenshots/series-*.png.

A chapter's checks share one page view (each view runs the whole notebook in a new kernel):
the learner's puzzle comes after the first screenshot and before the projector.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import fits_a_phone

from tests.text_checks import RULE_ID

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CHAPTERS: list[Any] = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-[a-z0-9-]+\.ipynb$", p.name)
) or [pytest.param(None, marks=pytest.mark.skip(reason="no chapters yet"))]
PRACTICE_PAGES = ("11-", "12-")  # play a match, explore a position: no puzzles of their own
Opener = Callable[..., Any]


# Widget views attach a moment after Voila's page is ready. The page's first puzzle is live at
# once; the others show first as plain HTML previews, and once the browser's progress store has
# answered, PuzzleWidgets come up in the slot under them and the previews are hidden.
PUZZLES_LIVE_JS = """() => {
    const previews = [...document.querySelectorAll('.wt-lesson-puzzle-preview')];
    const slots = document.querySelectorAll('.wt-lesson-puzzle').length;
    const live = [...document.querySelectorAll('.wt-lesson-puzzle .wt-puzzle')];
    return live.length === previews.length + (slots ? 1 : 0)
        && previews.every((preview) => getComputedStyle(preview).display === 'none')
        && live.every((puzzle) => puzzle.querySelector('button.wt-check') !== null
            || puzzle.classList.contains('wt-puzzle--broken'));
}"""
"""Every puzzle of a page live, its buttons drawn (true at once on a page without puzzles)."""


def wait_for_live_puzzles(page: Any) -> None:
    page.wait_for_function(PUZZLES_LIVE_JS, timeout=120_000)


def wait_for_puzzles(page: Any) -> None:
    """A chapter page whole: its goals, its recap and every puzzle live."""
    page.wait_for_function("""() => document.querySelector('.wt-lesson-goals') !== null
        && document.querySelector('.wt-lesson-recap') !== null
        && document.querySelectorAll('.wt-lesson-puzzle .wt-puzzle').length > 0""",
                           timeout=120_000)
    wait_for_live_puzzles(page)


def puzzle(page: Any, title: str) -> Any:
    found = page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title", has_text=title))
    found.locator("button.wt-check").wait_for()
    return found




def feedback(found: Any, kind: str) -> str:
    """The feedback's text, card-by-card fold opened; what shows before the fold is opened
    carries no rule id (they are for the curious, in the fold)."""
    found.locator(f".wt-feedback.wt-feedback--{kind}").wait_for()
    box = found.locator(".wt-feedback")
    first: str = box.inner_text()
    assert not RULE_ID.search(first), first
    box.locator("details").evaluate_all("folds => folds.forEach(fold => { fold.open = true; })")
    text: str = box.inner_text()
    return text


def take_the_trick_by_clicking_a_card(page: Any) -> None:
    found = puzzle(page, "Take it for your side")
    found.get_by_role("button", name="Ace of spades").click()  # a beginner's Ace
    assert "Not quite" in feedback(found, "wrong")
    found.get_by_role("button", name=re.compile("^King of hearts")).click()  # Worms
    text = feedback(found, "correct")
    assert text.startswith("Correct: S: K♥") and "later matador wins" in text, text


def who_wins_three_sixes(page: Any) -> None:
    found = puzzle(page, "Three Sixes")
    found.get_by_role("radio", name="N", exact=True).check()  # the lead does not win by being led
    found.locator("button.wt-check").click()
    first = feedback(found, "wrong")  # a first miss keeps the answer back
    assert "Not quite: N does not win the trick." in first and "W wins" not in first, first
    found.get_by_role("button", name="Show the answer").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.wt-puzzle .wt-feedback')]"
        ".some(e => e.textContent.includes('W wins the trick, not N'))")
    assert found.get_by_role("button", name="Show the answer").count() == 0
    found.get_by_role("radio", name="W", exact=True).check()
    found.locator("button.wt-check").click()
    text = feedback(found, "correct")
    assert "W wins the trick" in text and "clubs > spades > hearts > diamonds" in text, text


def place_two_cards_on_the_aces(page: Any) -> None:
    found = puzzle(page, "Place your cards")
    choosers = found.locator(".wt-answer-placement select")
    choosers.nth(0).select_option(label="on Ace of spades (A♠)")  # A♥ on A♠ fails
    choosers.nth(1).select_option(label="on Ace of diamonds (A♦)")
    found.locator("button.wt-check").click()
    assert "Not quite" in feedback(found, "wrong")
    choosers.nth(0).select_option(label="on Ace of diamonds (A♦)")
    choosers.nth(1).select_option(label="on Ace of spades (A♠)")
    found.locator("button.wt-check").click()
    text = feedback(found, "correct")
    assert text.startswith("Correct: E: A♥ on A♦ 9♦ on A♠") and "R10.3" in text, text


def kill_the_led_seven(page: Any) -> None:
    found = puzzle(page, "Against a led Seven")
    found.get_by_role("button", name="Jack of clubs, Toqu").click()  # mistake: Toqu on a 7
    assert "Not quite" in feedback(found, "wrong")
    found.get_by_role("button", name="King of clubs").click()
    text = feedback(found, "correct")
    assert "the K♣ kills a led 7" in text, text


def lead_something_else_than_the_three(page: Any) -> None:
    found = puzzle(page, "What to lead")
    found.get_by_role("button", name="Three of diamonds").click()  # a beginner leads the 3♦
    assert "Not quite" in feedback(found, "wrong")
    found.get_by_role("button", name="Nine of clubs").click()
    text = feedback(found, "correct")
    assert text.startswith("Correct: N: 9♣"), text


def take_worms_back_with_the_three(page: Any) -> None:
    found = puzzle(page, "Two cards on Worms")
    field = found.locator(".wt-answer-points input")
    field.fill("2")
    field.press("Enter")  # Enter checks, as the Check button does
    text = feedback(found, "correct")
    assert "North–South score 2" in text and "P2" in text, text


SOLVED_BY_CLICKING: dict[str, Callable[[Any], None]] = {
    "00-start-here.ipynb": take_the_trick_by_clicking_a_card,
    "01-the-pack-and-the-ranking.ipynb": who_wins_three_sixes,
    "03-leads-and-following.ipynb": place_two_cards_on_the_aces,
    "04-sevens-and-the-two-kings.ipynb": kill_the_led_seven,
    "05-the-three-of-diamonds.ipynb": lead_something_else_than_the_three,
    "06-worms-and-toqu.ipynb": take_worms_back_with_the_three,
}
"""Chapters 00, 01 and 03–06: a puzzle solved by clicking, its feedback read."""


KEPT = {
    "06-worms-and-toqu.ipynb": (
        "Two matadors in one trick", "E", "S", "later matador wins, R6.1"),
    "02-a-hand-of-worms.ipynb": (
        "Whose lead?", "E plays A♦", "W plays 8♦ | W plays Q♥", "W won the last trick"),
    "07-bringing-worms-home.ipynb": (
        "Where is Toqu?", "0", "1", "Worms brought home"),
    "08-scoring.ipynb": ("Five-five", "1", "2", "(5-5, R13.2)"),
    "09-two-rulebooks-side-by-side.ipynb": (
        "A 3♦ in the middle", "S", "E", "unbeatable only when played last"),
    "10-greenland-and-the-game.ipynb": (
        "Ataata?", "0", "1", "K♠ killed the K♣ that had beaten a 7"),
    "13-three-and-two-players.ipynb": (
        "Two players: a pair to lead?", "A plays 9♠ 9♣", "A plays 9♣ | A plays 9♠",
        "every card is played singly"),
}
"""Chapters 02, 06–10 and 13: (puzzle title, a beginner's wrong answer, the right answer, text of
the right feedback). The puzzle is answered wrong, then right, and found solved in a new page
view."""
LEGAL_LABELS = {"yes": "Yes, it is legal", "no": "No, it is not allowed"}


def answer(found: Any, given: str) -> None:
    if found.locator(".wt-answer-points").count():
        field = found.locator(".wt-answer-points input")
        field.fill(given)
        field.press("Tab")
    elif found.locator(".wt-answer-allowed").count():  # tick these plays, untick the others
        ticked = set(given.split(" | "))
        for box in found.get_by_role("checkbox").all():
            name = box.evaluate("b => b.closest('.widget-checkbox').innerText").strip()
            box.set_checked(name in ticked)
    else:
        label = LEGAL_LABELS.get(given, given)
        found.get_by_role("radio", name=label, exact=True).check()
    found.locator("button.wt-check").click()


def answer_wrong_then_right(page: Any, title: str, wrong: str, right: str, because: str) -> None:
    found = puzzle(page, title)
    answer(found, wrong)
    assert "Not quite" in feedback(found, "wrong")
    answer(found, right)
    text = feedback(found, "correct")
    assert text.startswith("Correct") and because in text, text


@pytest.mark.parametrize("name", CHAPTERS)
def test_a_learner_reads_the_chapter_and_solves_a_puzzle(
    name: str, page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
    on_projector: Callable[[Any], None], off_machine: Callable[[Any], list[str]],
    saved_progress: Callable[..., None],
) -> None:
    open_notebook(page, name)
    lesson_page = not name.startswith(PRACTICE_PAGES)
    if lesson_page:
        wait_for_puzzles(page)
    else:
        page.wait_for_selector(".wt-lesson-recap")
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "could not be shown", "could not be loaded"):
        assert bad not in body, f"{name}: {bad!r} on the page"
    assert page.locator(".wt-lesson-goals").count() == 1, "the goals open the page"
    assert page.locator(".wt-lesson-recap").count() == 1, "a recap closes the page"
    if lesson_page:
        assert page.locator(".wt-puzzle").count() >= 6, "at least six puzzles"
    links = page.locator(".jp-RenderedMarkdown a[href$='.ipynb']")
    assert links.count() >= 1, "previous/next links"
    screenshot(page, f"series-{name.removesuffix('.ipynb')}-normal")
    fits_a_phone(page, f"series-{name.removesuffix('.ipynb')}")

    if name in SOLVED_BY_CLICKING:
        SOLVED_BY_CLICKING[name](page)
    if name in KEPT:
        answer_wrong_then_right(page, *KEPT[name])
        screenshot(page, f"late-{name.removesuffix('.ipynb')}-solved")
        saved_progress(page)

    on_projector(page)
    screenshot(page, f"series-{name.removesuffix('.ipynb')}-projector")
    assert off_machine(page) == [], f"{name}: fetched from off this machine"

    if name in KEPT:
        open_notebook(page, name)  # a new page view: a new kernel, the same browser storage
        title = KEPT[name][0]
        solved_before = page.locator(".wt-puzzle--solved-before")
        page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title", has_text=title)).and_(
            solved_before).wait_for()


def test_progress_survives_a_reload_and_shows_on_the_start_page(
    page: Any,
    open_notebook: Opener,
    screenshot: Callable[..., Any],
    saved_progress: Callable[..., None],
) -> None:
    open_notebook(page, "01-the-pack-and-the-ranking.ipynb")
    wait_for_puzzles(page)
    found = puzzle(page, "Nine or Ace?")
    found.get_by_role("radio", name="S", exact=True).check()
    found.locator("button.wt-check").click()
    feedback(found, "correct")
    saved_progress(page)

    page.reload()
    page.wait_for_function(
        "() => document.querySelectorAll('.wt-puzzle--solved-before').length === 1",
        timeout=120_000)

    open_notebook(page, "00-start-here.ipynb")
    row = page.locator('.wt-lesson-progress tr[data-chapter="01"]')
    page.wait_for_function(
        "() => document.querySelector('.wt-lesson-progress')?.textContent"
        ".includes('1 of ')", timeout=60_000)
    count = row.locator(".wt-lesson-progress__count").inner_text()
    assert count.startswith("1 / "), count
    screenshot(page, "series-00-start-here-progress")
