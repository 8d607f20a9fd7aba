"""The teacher's page in headless Chromium: it offers every printable for download, and its
link that chooses a rulebook for the class makes the chapters teach in that rulebook."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import pytest

from worms_tutor.widgets import printables
from worms_tutor.widgets.rulebook_chooser import STORAGE_KEY

pytestmark = pytest.mark.browser

Opener = Callable[..., Any]


def test_the_teachers_page_offers_every_printable(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, "teachers.ipynb")
    links = page.locator(".wt-printables a")
    names = [f"worksheet-{chapter:02d}.pdf" for chapter in printables.chapters()]
    assert links.count() == 5 + len(names)
    files = {links.nth(index).get_attribute("download") for index in range(links.count())}
    assert {"rank-sheet.pdf", "score-sheet.pdf", "make-the-pack.pdf", "rules-english.pdf",
            "rules-danish-club.pdf", *names} == files
    shown = links.all_inner_texts()
    assert "The Danish club rules on one page (rules-danish-club.pdf)" in shown
    assert "Chapter 5: worksheet and answer key (worksheet-05.pdf)" in shown
    href = links.filter(has_text="rank-sheet.pdf").get_attribute("href")
    pdf = base64.b64decode(href.split(",", 1)[1])
    assert pdf.startswith(b"%PDF")
    with page.expect_download() as download:
        links.filter(has_text="score-sheet.pdf").click()
    assert download.value.suggested_filename == "score-sheet.pdf"


def test_a_link_chooses_the_rulebook_for_the_class(page: Any, open_notebook: Opener) -> None:
    open_notebook(page, "teachers.ipynb")
    link = page.get_by_role("link", name="00-start-here.ipynb?rulebook=danish-club")
    assert link.get_attribute("href") == "00-start-here.ipynb?rulebook=danish-club"
    open_notebook(page, "00-start-here.ipynb?rulebook=danish-club")
    assert page.evaluate("(key) => localStorage.getItem(key)", STORAGE_KEY) == "danish-club"
    assert page.evaluate("() => document.documentElement.dataset.rulebook") == "danish-club"
    chooser = page.locator(".wt-rulebook-choice")
    assert chooser.get_by_role("radio", name="danish-club").is_checked()
    open_notebook(page, "08-scoring.ipynb")  # the next page keeps it
    assert page.evaluate("() => document.documentElement.dataset.rulebook") == "danish-club"
    open_notebook(page, "00-start-here.ipynb?rulebook=english")
    assert chooser.get_by_role("radio", name="english").is_checked()
