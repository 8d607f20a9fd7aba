"""Stars, Next puzzle, the drill and the final challenge in Voilà, as a learner meets them.

A puzzle solved at the first try shows three stars, and so do the chapter's line, the page
after a reload and page 00's table; Next puzzle brings the next puzzle into view; the drill
shows one puzzle at a time; the challenge scores its run; progress saved before stars were
kept (a plain list of ids, or an old code) still shows after a reload. The right answers are
the engine's, found here, never typed into the test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from test_series_pages import wait_for_live_puzzles

from worms_tutor.analysis.puzzle import Puzzle
from worms_tutor.widgets.drill import challenge_ids, chapter_puzzle_ids
from worms_tutor.widgets.progress import STORAGE_KEY
from worms_tutor.widgets.progress_code import encode
from worms_tutor.widgets.series import chapters, load, puzzle_files

pytestmark = pytest.mark.browser
Opener = Callable[..., Any]

CHAPTER = "05"
RADIO_LABELS = {"yes": "Yes, it is legal", "no": "No, it is not allowed"}
PHONE = {"width": 390, "height": 844}


def chapter_file(number: str) -> str:
    return next(chapter.file for chapter in chapters() if chapter.number == number)


def answerable(puzzle: Puzzle) -> bool:
    """Whether this test knows how to answer the puzzle's kind of question."""
    return puzzle.kind in ("winner", "legal", "table", "points")


def right_answer(puzzle: Puzzle) -> Any:
    """The first answer the engine accepts."""
    if puzzle.kind == "points":
        candidates: list[Any] = list(range(40))
    elif puzzle.kind == "winner":
        candidates = list(puzzle.rules.seats)
    elif puzzle.kind == "legal":
        candidates = ["yes", "no"]
    else:
        candidates = list(puzzle.options)
    return next(answer for answer in candidates if puzzle.check(answer).correct)


def answer(found: Any, puzzle: Puzzle) -> None:
    """Give the engine's right answer in the puzzle's own control, then Check."""
    value = right_answer(puzzle)
    if puzzle.kind == "points":
        found.locator(".wt-answer-points input").fill(str(value))
    else:
        label = RADIO_LABELS.get(value, value) if puzzle.kind == "legal" else value
        found.get_by_role("radio", name=label, exact=True).check()
    found.locator("button.wt-check").click()


def page_puzzles(page: Any) -> list[Puzzle]:
    """The puzzles of the page's chapter in page order (each found by its title)."""
    by_title = {load(path.stem).title: load(path.stem) for path in puzzle_files(CHAPTER)}
    titles = page.locator(".wt-puzzle .wt-puzzle__title").all_inner_texts()
    return [by_title[title.strip()] for title in titles if title.strip() in by_title]


def wait_for_puzzles(page: Any) -> None:
    """The browser's saved progress read, and every puzzle of the page live."""
    page.wait_for_selector(".wt-progress--loaded", timeout=120_000)
    wait_for_live_puzzles(page)


def chapter_line(page: Any) -> str:
    """The chapter's progress line, once the browser's saved progress has been read."""
    page.wait_for_function("() => { const line = document.querySelector('.wt-chapter-progress');"
                           " return line && !line.textContent.includes('reading your saved'); }")
    text: str = page.locator(".wt-chapter-progress").inner_text()
    return text


def overflows(page: Any, selector: str) -> list[str]:
    """The elements matching ``selector`` that reach past the window's right edge."""
    found: list[str] = page.evaluate(
        "(selector) => [...document.querySelectorAll(selector)]"
        ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)"
        ".map(e => e.className)", selector)
    return found


def test_three_stars_survive_a_reload_show_on_page_00_and_next_brings_a_puzzle_into_view(
    page: Any, open_notebook: Opener, saved_progress: Callable[..., None],
    screenshot: Callable[..., Any],
) -> None:
    open_notebook(page, chapter_file(CHAPTER))
    wait_for_puzzles(page)
    shown = page_puzzles(page)
    count = len(puzzle_files(CHAPTER))
    assert f"0 of {count} puzzles solved, ★ 0 of {3 * count}" in chapter_line(page)
    index = next(i for i, p in enumerate(shown[:-1]) if answerable(p))
    chosen = shown[index]
    found = page.locator(".wt-puzzle").nth(index)
    answer(found, chosen)
    stars = found.locator(".wt-stars")
    stars.wait_for()
    assert "★★★" in stars.inner_text() and "3 stars" in stars.inner_text()
    page.wait_for_function(
        "(text) => document.querySelector('.wt-chapter-progress').textContent.includes(text)",
        arg=f"1 of {count} puzzles solved, ★ 3 of {3 * count}")
    screenshot(page, "stars-first-try")

    found.get_by_role("button", name=re.compile("Next puzzle")).click()
    landed = page.evaluate("""() => {
        const puzzles = [...document.querySelectorAll('.wt-puzzle')];
        const target = document.activeElement.closest('.wt-puzzle');
        const top = target ? target.getBoundingClientRect().top : -1;
        return [puzzles.indexOf(target), top >= 0 && top < window.innerHeight];
    }""")
    assert landed == [index + 1, True], landed

    saved_progress(page)
    page.reload()
    wait_for_puzzles(page)
    page.locator(".wt-puzzle.wt-puzzle--solved-before.wt-puzzle--best-3").wait_for()
    page.wait_for_function(
        "(text) => document.querySelector('.wt-chapter-progress').textContent.includes(text)",
        arg=f"★ 3 of {3 * count}")

    page.set_viewport_size(PHONE)
    assert overflows(page, ".wt-chapter-progress, .wt-reward, .wt-stars") == []
    open_notebook(page, "00-start-here.ipynb")
    page.wait_for_function(
        "([number, text]) => document.querySelector("
        "`.wt-lesson-progress tr[data-chapter='${number}'] .wt-lesson-progress__stars`)"
        "?.textContent.includes(text)", arg=[CHAPTER, f"★ 3 / {3 * count}"], timeout=60_000)
    screenshot(page, "stars-page-00-phone")
    assert overflows(page, ".wt-lesson-progress table") == []


@pytest.mark.parametrize("stored", ["plain list", "old code"])
def test_progress_saved_before_stars_shows_after_a_reload(
    stored: str, page: Any, open_notebook: Opener,
) -> None:
    first = puzzle_files(CHAPTER)[0].stem
    value = json.dumps([first]) if stored == "plain list" else encode({first})
    page.add_init_script(script=(  # before any page script, on the first load only
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(value)});"
        " sessionStorage.setItem('seeded', '1'); }"))
    count = len(puzzle_files(CHAPTER))
    for _view in range(2):  # the first view, then a reload
        open_notebook(page, chapter_file(CHAPTER))
        wait_for_puzzles(page)
        page.wait_for_function(
            "(text) => document.querySelector('.wt-chapter-progress').textContent.includes(text)",
            arg=f"1 of {count} puzzles solved, ★ 1 of {3 * count}")
        title = load(first).title
        page.locator(".wt-puzzle.wt-puzzle--solved-before",
                     has=page.locator(".wt-puzzle__title", has_text=title)).wait_for()
        assert "could not be read" not in page.locator("body").inner_text()


def test_the_drill_shows_one_puzzle_and_next_moves_on_on_a_phone(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
) -> None:
    page.set_viewport_size(PHONE)
    open_notebook(page, f"drill.ipynb?chapter={CHAPTER}")
    page.locator(".wt-drill .wt-puzzle .wt-check").wait_for()
    page.wait_for_selector(".wt-progress--loaded")
    ids = chapter_puzzle_ids(CHAPTER)  # the page's order, easy to hard
    titles = [load(pid).title for pid in ids]
    assert page.locator(".wt-puzzle").count() == 1
    assert page.locator(".wt-puzzle__title").inner_text().strip() == titles[0]
    assert f"Puzzle 1 of {len(ids)}" in page.locator(".wt-drill__header").inner_text()
    page.get_by_role("button", name=re.compile("Next puzzle")).click()
    page.wait_for_function(
        "(title) => document.querySelector('.wt-puzzle__title')?.textContent.trim() === title",
        arg=titles[1])
    assert page.locator(".wt-puzzle").count() == 1
    position = next(i for i, pid in enumerate(ids) if i >= 1 and answerable(load(pid)))
    for _step in range(position - 1):
        page.get_by_role("button", name=re.compile("Next puzzle")).click()
    page.wait_for_function(
        "(title) => document.querySelector('.wt-puzzle__title')?.textContent.trim() === title",
        arg=titles[position])
    answer(page.locator(".wt-puzzle"), load(ids[position]))
    page.locator(".wt-stars").wait_for()
    screenshot(page, "drill-phone-solved")
    assert overflows(page, ".wt-drill, .wt-reward, .wt-stars, .wt-drill__next, "
                           ".wt-drill__header, .wt-chapter-complete") == []


def test_the_challenge_takes_a_puzzle_of_every_chapter_and_keeps_score(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
) -> None:
    ids = challenge_ids()
    open_notebook(page, "challenge.ipynb")
    page.locator(".wt-challenge .wt-puzzle .wt-check").wait_for()
    header = page.locator(".wt-drill__header")
    assert f"Puzzle 1 of {len(ids)} · this run: ★ 0 of {3 * len(ids)}" in header.inner_text()
    position = next(i for i, pid in enumerate(ids) if answerable(load(pid)))
    for _step in range(position):
        page.get_by_role("button", name=re.compile("Next puzzle")).click()
    page.wait_for_function(
        "(text) => document.querySelector('.wt-drill__header').textContent.includes(text)",
        arg=f"Puzzle {position + 1} of {len(ids)}")
    answer(page.locator(".wt-puzzle"), load(ids[position]))
    page.wait_for_function(
        "(text) => document.querySelector('.wt-drill__header').textContent.includes(text)",
        arg=f"this run: ★ 3 of {3 * len(ids)}, 1 solved")
    assert page.locator(".wt-puzzle").count() == 1
    screenshot(page, "challenge-solved")


def test_the_last_puzzle_of_a_chapter_brings_the_banner(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
) -> None:
    ids = [path.stem for path in puzzle_files(CHAPTER)]
    last = next(pid for pid in ids if answerable(load(pid)))
    others = [pid for pid in ids if pid != last]
    value = encode(others, {pid: 2 for pid in others})
    page.add_init_script(script=(
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(value)});"
        " sessionStorage.setItem('seeded', '1'); }"))
    open_notebook(page, chapter_file(CHAPTER))
    wait_for_puzzles(page)
    page.wait_for_function(
        "(n) => document.querySelectorAll('.wt-puzzle--solved-before').length === n",
        arg=len(others))
    found = page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title",
                                                        has_text=load(last).title))
    answer(found, load(last))
    banner = found.locator(".wt-chapter-complete")
    banner.wait_for()
    possible = 3 * len(ids)
    assert (f"Chapter {int(CHAPTER)} complete! All {len(ids)} puzzles solved, "
            f"{2 * len(others) + 3} of {possible} ★.") in banner.inner_text()
    assert banner.get_by_role("link", name="Drill it").get_attribute("href") == \
        f"drill.ipynb?chapter={CHAPTER}"
    screenshot(page, "stars-chapter-complete")
    next_button = found.get_by_role("button", name=re.compile("Next puzzle"))
    next_button.click()
    page.wait_for_function(
        "() => document.querySelector('.wt-next-puzzle').textContent.includes('solved')")
    assert "✓ chapter complete" in chapter_line(page)
