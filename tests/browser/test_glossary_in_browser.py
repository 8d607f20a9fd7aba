"""The glossary in headless Chromium: a term in a chapter's prose and the "heads" on a seat
label show their definitions, and the glossary page lists every term."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from worms_tutor.presentation.glossary import TERMS, term

pytestmark = pytest.mark.browser

CHAPTER = "01-the-pack-and-the-ranking.ipynb"
Opener = Callable[..., Any]


def test_terms_show_their_definitions_in_prose_and_on_the_table(
    page: Any, open_notebook: Opener
) -> None:
    open_notebook(page, CHAPTER)
    prose = page.locator(".jp-RenderedMarkdown abbr.wt-term", has_text="matadors").first
    prose.scroll_into_view_if_needed()
    prose.hover()
    definition = term("matador").definition
    expect(prose).to_have_attribute("title", definition)  # the browser's tooltip on hover
    expect(prose).to_have_accessible_description(definition)
    # the series' stylesheet comes with the page's first widget, a moment after the prose
    page.wait_for_function("e => getComputedStyle(e).cursor === 'help'",
                           arg=prose.element_handle())

    label = page.locator(".wt-seat__status abbr.wt-term", has_text="heads").first
    label.scroll_into_view_if_needed()
    label.hover()
    heads = term("heads").definition
    expect(label).to_have_attribute("title", heads)
    expect(label).to_have_accessible_description(heads)
    label.focus()  # keyboard users see it too: the definition is drawn beside the word
    shown = page.evaluate("e => getComputedStyle(e, '::after').content", label.element_handle())
    assert heads in shown


def test_the_glossary_page_lists_every_term(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, "glossary.ipynb")
    rows = page.locator(".jp-RenderedMarkdown table tbody tr")
    expect(rows).to_have_count(len(TERMS))
    text = page.locator(".jp-RenderedMarkdown table").inner_text()
    for item in TERMS:
        assert item.name in text and item.definition in text, item.name
    link = rows.filter(has_text=term("heads").definition).get_by_role("link")
    expect(link).to_have_attribute("href", CHAPTER)
