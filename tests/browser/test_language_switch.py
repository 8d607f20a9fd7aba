"""A page with a Danish translation offers it; the language chosen (with the switch or a
?lang= link) is kept in the browser, so the next page opens in it where it can."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _switch(page: Any) -> list[str]:
    texts: list[str] = page.locator(".wt-language-switch a").all_inner_texts()
    return texts


def _language(page: Any) -> str:
    code: str = page.evaluate("document.documentElement.lang")
    return code


def test_the_language_switch_is_remembered_and_a_link_can_choose(
        page: Any, open_notebook: Callable[..., Any], voila_url: str,
        screenshot: Callable[..., Any]) -> None:
    open_notebook(page, "quiz.ipynb?chapter=05")
    assert _language(page) == "en" and _switch(page) == ["Dansk"]
    looks = "(a) => [getComputedStyle(a).color, getComputedStyle(a).textDecorationLine]"
    assert page.locator(".wt-language-switch a").evaluate(looks) == [  # a link, in link blue
        "rgb(26, 79, 139)", "underline"]

    page.locator(".wt-language-switch a").click()  # the same chapter's quiz, in Danish
    page.wait_for_url(f"{voila_url}/voila/render/da/quiz.ipynb?chapter=05")
    open_notebook(page, "da/quiz.ipynb?chapter=05")
    assert _language(page) == "da" and _switch(page) == ["English"]
    assert page.get_by_role("heading", name="Quiz for hele klassen").is_visible()
    assert page.locator(".wt-language-switch").inner_text() == "English"  # nothing left to excuse
    screenshot(page, "language-switch-danish-quiz")

    open_notebook(page, "drill.ipynb", lands_on="da/drill.ipynb")  # remembered
    open_notebook(page, "widgets-gallery.ipynb")  # a page for developers, not translated
    assert _language(page) == "en" and page.locator(".wt-language-switch").count() == 0

    open_notebook(page, "da/challenge.ipynb?lang=en", lands_on="challenge.ipynb?lang=en")
    open_notebook(page, "drill.ipynb")  # English is kept now
    assert _switch(page) == ["Dansk"]


def test_a_danish_page_says_it_is_opening_in_danish(voila_url: str) -> None:
    """Voilà's spinner, shown while the page's cells run, speaks the page's language."""
    def html(name: str) -> str:
        with urllib.request.urlopen(f"{voila_url}/voila/render/{name}", timeout=120) as reply:
            text: str = reply.read().decode()
        return text

    danish, english = html("da/00-start-here.ipynb"), html("00-start-here.ipynb")
    assert '<h2 id="loading_text">Siden åbnes …</h2>' in danish and "Running" not in danish
    assert "window.voila_process = window.wtLoadingTextDanish;" in danish
    assert "window.voila_process = window.update_loading_text;" in english
