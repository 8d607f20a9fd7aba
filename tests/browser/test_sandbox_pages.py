"""The sandbox chapters in Voila: a whole hand played by clicking (chapter 11); the explorer
opened from a shared link, and from a hostile one (chapter 12)."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import combinations
from typing import Any
from urllib.parse import quote

import pytest

from worms_tutor.formats.codes import encode
from worms_tutor.formats.scenario import Scenario

pytestmark = pytest.mark.browser

PLAY = "11-play-a-match.ipynb"
EXPLORE = "12-explore-positions.ipynb"
Opener = Callable[..., Any]

_TURN_JS = """([before]) => {
  const status = document.querySelector('.wt-play-status');
  const message = document.querySelector('.wt-play-message');
  const text = status ? status.textContent : '';
  if (message && message.textContent.includes('may not play')) return 'illegal';
  if (text.includes('match is over')) return 'over';
  const where = (text.match(/Hand \\d+ · trick \\d+/) || [''])[0];
  return where !== before && text.includes('Your turn') ? 'next' : false;
}"""


_CLEAR_MESSAGE_JS = """() => {
  const shown = document.querySelector('.wt-play-message .widget-html-content');
  if (shown) shown.innerHTML = '';
}"""


def _where(page: Any) -> str:
    text = page.locator(".wt-play-status").inner_text()
    found = re.search(r"Hand \d+ · trick \d+", text)
    assert found, text
    return found.group(0)


def _needed(page: Any) -> int:
    text = page.locator(".wt-play-turn").inner_text()
    found = re.search(r"pick (\d) card", text)
    return int(found.group(1)) if found else 1


def _toggle(page: Any, cards: Any, indexes: tuple[int, ...], on: bool) -> None:
    for index in indexes:
        cards.nth(index).click()
    want = "true" if on else "false"
    for index in indexes:
        page.wait_for_function(
            "([i, want]) => document.querySelectorAll('.wt-play .wt-hand__card')[i]"
            ".getAttribute('aria-pressed') === want", arg=[index, want])


def _play_one_turn(page: Any) -> str:
    """Click cards until the engine accepts a play; return 'next' or 'over'."""
    before = _where(page)
    cards = page.locator(".wt-play .wt-hand__card")
    needed = _needed(page)
    for picks in combinations(range(cards.count()), needed):
        _toggle(page, cards, picks, True)
        # The last refusal stays on the page until the kernel answers this press; the table
        # clears the message first on every press, so a refusal read after it is this one's.
        page.evaluate(_CLEAR_MESSAGE_JS)
        page.locator(".wt-play-play").click()
        result = page.wait_for_function(_TURN_JS, arg=[before], timeout=60_000).json_value()
        if result != "illegal":
            return str(result)
        _toggle(page, cards, picks, False)
    raise AssertionError(f"no play of {needed} cards was accepted at {before}")


def test_play_a_whole_hand_by_clicking(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
    on_projector: Callable[[Any], None],
) -> None:
    open_notebook(page, PLAY)
    page.wait_for_selector(".wt-play .wt-hand__card")
    page.wait_for_function(_TURN_JS, arg=[""], timeout=60_000)
    screenshot(page, "sandbox-play-start")
    for _turn in range(40):
        result = _play_one_turn(page)
        explained = page.locator(".wt-play-explain").inner_text()
        assert "wins" in explained  # every trick is explained by the engine
        if result == "over" or "Hand 1 is over" in explained:
            break
    else:
        raise AssertionError("the first hand did not end")
    assert "Traceback" not in page.locator("body").inner_text()
    screenshot(page, "sandbox-play-hand-over")
    page.get_by_role("button", name="Save the hand record").click()
    page.wait_for_selector(".wt-play-download")
    assert page.locator(".wt-play-replay").get_attribute("href").startswith(
        EXPLORE + "?position=")
    on_projector(page)
    screenshot(page, "sandbox-play-projector")


def test_explorer_opens_a_position_from_a_link(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any],
    on_projector: Callable[[Any], None],
) -> None:
    scenario = Scenario.from_json({
        "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
        "leader": "N", "plays": ["N: 7H"],
    })
    open_notebook(page, f"{EXPLORE}?position={encode(scenario)}")
    page.wait_for_selector(".wt-explorer-position")
    assert page.locator(".wt-explorer-place-E input").input_value() == "KH 5D"
    assert "E to play" in page.locator(".wt-explorer-position").inner_text()
    assert page.locator(".wt-explorer-row").count() >= 2
    assert "opened from the link" in page.locator(".wt-explorer-link-message").inner_text()
    screenshot(page, "sandbox-explorer-link")
    page.locator(".wt-explorer-result").scroll_into_view_if_needed()
    page.locator(".wt-explorer-second select").select_option("danish-club")
    page.get_by_role("button", name="Show the plays").click()
    page.wait_for_selector(".wt-explorer-compare .wt-diff")
    screenshot(page, "sandbox-explorer-compare")
    page.get_by_role("button", name="Find examples").click()  # the generator is alive
    page.wait_for_function("() => (document.querySelector('.wt-generator-message') || {})"
                           ".textContent?.includes('examples found')", timeout=30_000)
    assert "Error displaying widget" not in page.locator("body").inner_text()
    on_projector(page)
    screenshot(page, "sandbox-explorer-projector")


def test_explorer_builds_a_position_by_clicking_cards(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, EXPLORE)
    palette = page.locator(".wt-palette")
    palette.get_by_role("button", name="King of hearts, Worms").click()
    page.wait_for_function("() => document.querySelector('.wt-explorer-place-N input').value"
                           " === 'KH'")
    palette.get_by_role("radio", name="East").check()
    palette.get_by_role("button", name="Five of diamonds").click()
    page.wait_for_function("() => document.querySelector('.wt-explorer-place-E input').value"
                           " === '5D'")
    placed = palette.get_by_role("button", name="King of hearts, Worms, in North")
    assert "N" in placed.inner_text()
    placed.press("Enter")  # the keyboard takes it back
    page.wait_for_function("() => document.querySelector('.wt-explorer-place-N input').value"
                           " === ''")


def test_explorer_with_a_hostile_link_shows_a_friendly_message(
    page: Any, open_notebook: Opener, screenshot: Callable[..., Any]
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    hostile = quote("<script>alert(1)</script>", safe="")
    open_notebook(page, f"{EXPLORE}?position={hostile}")
    message = page.locator(".wt-explorer-link-message")
    message.wait_for()
    assert "could not be opened" in message.inner_text()
    assert "<script>" not in message.inner_html()
    editor = page.locator(".wt-explorer-place-N").bounding_box()
    shown = message.bounding_box()
    assert shown and editor and shown["y"] < editor["y"], "the link's message is above the editor"
    assert page.locator(".wt-explorer-place-N input").input_value() == ""
    assert page.locator(".wt-explorer script").count() == 0
    assert not page.evaluate("[...document.scripts].some(s => s.text.includes('alert(1)'))")
    assert not dialogs
    screenshot(page, "sandbox-explorer-hostile")
