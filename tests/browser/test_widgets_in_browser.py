"""The widgets' JavaScript, driven in headless Chromium on the gallery page in Voilà.

Uses the browser harness of this folder's conftest: ``page`` fails on any uncaught page
error, ``open_notebook`` waits for every widget and fails on a cell that raised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from worms_tutor.widgets.progress import STORAGE_KEY
from worms_tutor.widgets.progress_code import encode

pytestmark = pytest.mark.browser

GALLERY = "widgets-gallery.ipynb"
STATUS = ".wt-progress__summary"
Opener = Callable[..., Any]


def focused_card(page: Any) -> str:
    return str(page.evaluate("document.activeElement.dataset.card"))


def test_hand_is_driven_by_mouse_and_keyboard(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, GALLERY)
    page.wait_for_selector(".wt-hand__card")  # anywidget views load their module after
    cards = page.locator(".wt-hand__card")
    names = [cards.nth(i).get_attribute("aria-label") for i in range(cards.count())]
    assert names[:3] == ["King of hearts, Worms", "Nine of clubs", "Jack of clubs, Toqu"]
    page.get_by_role("button", name="King of hearts, Worms").click()
    page.wait_for_selector('.wt-hand__card[data-card="KH"][aria-pressed="true"]')
    assert "King of hearts, Worms" in page.locator(".wt-hand__status").first.inner_text()
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "9C"
    page.keyboard.press("Space")
    page.wait_for_selector('.wt-hand__card[data-card="9C"].wt-card--selected')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # a third card when two is the limit
    page.wait_for_function(
        "document.querySelector('.wt-hand__notice').textContent.includes('at most 2')"
    )
    assert page.locator('.wt-hand__card[data-card="JC"]').get_attribute("aria-pressed") == "false"
    page.keyboard.press("End")
    assert focused_card(page) == "7S"
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "KH"
    page.keyboard.press("Enter")
    page.wait_for_selector('.wt-hand__card[data-card="KH"][aria-pressed="false"]')


def test_progress_survives_a_reload_and_junk_is_only_a_notice(
    page: Any, open_notebook: Opener, saved_progress: Callable[..., None]
) -> None:
    open_notebook(page, GALLERY)
    page.wait_for_selector(".wt-progress--loaded")
    page.locator(".wt-progress__paste input").fill("not a code")
    page.get_by_role("button", name="Restore progress").click()
    page.wait_for_function(
        "document.querySelector('.wt-progress__notice').textContent.includes('not used')"
    )
    page.locator(".wt-progress__paste input").fill(encode({"intro-1", "intro-2"}))
    page.get_by_role("button", name="Restore progress").click()
    page.wait_for_function(f"document.querySelector('{STATUS}').textContent.includes('2 puz')")
    saved_progress(page, encode({"intro-1", "intro-2"}))

    open_notebook(page, GALLERY)  # a new page view: a fresh kernel
    page.wait_for_selector(".wt-progress--loaded")
    page.wait_for_function(f"document.querySelector('{STATUS}').textContent.includes('2 puz')")

    page.evaluate(f"localStorage.setItem('{STORAGE_KEY}', '{{broken')")
    open_notebook(page, GALLERY)
    page.wait_for_selector(".wt-progress--loaded")
    page.wait_for_function(
        "document.querySelector('.wt-progress__notice').textContent.includes('could not be read')"
    )
    assert "0 puzzles" in page.locator(STATUS).inner_text()


def test_presenter_mode_enlarges_the_page(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, GALLERY)
    page.wait_for_selector(".wt-presenter-toggle")
    card = page.locator(".wt-card-view .wt-card").first
    before = card.bounding_box()["width"]
    button = page.locator(".widget-button").first  # a standard control, e.g. a puzzle's Check
    button_before = button.bounding_box()["height"]
    page.get_by_role("button", name="Presenter mode").click()
    page.wait_for_function("document.body.classList.contains('wt-presenter')")
    assert page.get_by_role("button", name="Presenter mode").get_attribute("aria-pressed") == "true"
    assert card.bounding_box()["width"] > 1.4 * before
    assert button.bounding_box()["height"] > 1.3 * button_before


def test_presenter_mode_stays_on_across_pages_and_reloads(
        page: Any, open_notebook: Opener) -> None:
    """A teacher switches presenter mode on once; the next chapter and a reload keep it, and
    switching it off is kept too."""
    switch = page.get_by_role("button", name="Presenter mode")
    open_notebook(page, "01-the-pack-and-the-ranking.ipynb")
    switch.click()
    page.wait_for_function("document.body.classList.contains('wt-presenter')")
    for opened in ("03-leads-and-following.ipynb", "03-leads-and-following.ipynb"):  # a reload
        open_notebook(page, opened)
        page.wait_for_function("document.body.classList.contains('wt-presenter')")
        assert switch.get_attribute("aria-pressed") == "true"
        text = page.locator(".jp-RenderedMarkdown p").first
        assert float(text.evaluate("p => getComputedStyle(p).fontSize")[:-2]) >= 19  # 13 px off
    switch.click()
    page.wait_for_function("!document.body.classList.contains('wt-presenter')")
    assert page.evaluate("localStorage.getItem('worms-tutor/presenter')") is None
    open_notebook(page, "01-the-pack-and-the-ranking.ipynb")
    page.wait_for_selector(".wt-presenter-toggle")
    assert switch.get_attribute("aria-pressed") == "false"
    assert not page.evaluate("document.documentElement.classList.contains('wt-presenter')")


def test_two_tabs_share_progress_without_losing_any(page: Any, open_notebook: Opener) -> None:
    other = page.context.new_page()
    for tab in (page, other):
        open_notebook(tab, GALLERY)
        tab.wait_for_selector(".wt-progress--loaded")
    for tab, puzzle in ((page, "tab-1"), (other, "tab-2")):
        tab.locator(".wt-progress__paste input").fill(encode({puzzle}))
        tab.get_by_role("button", name="Restore progress").click()
    for tab in (page, other):
        tab.wait_for_function(f"document.querySelector('{STATUS}').textContent.includes('2 puz')")
    stored = page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')")
    assert stored == encode({"tab-1", "tab-2"})
