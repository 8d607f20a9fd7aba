"""The one-page summary in Voilà: it opens cleanly, shows every part it promises, and printed
on A4 it is one sheet. The PDF goes to test-artifacts/summary.pdf for a look."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
"""A page of a PDF file (``/Type /Pages`` is the page tree, not a page)."""
PRINTED_AREA = {"width": 718, "height": 1047}
"""An A4 sheet less the print margins of 10 mm, in CSS pixels (96 to the inch)."""

# On screen Voilà's page is a window-high panel that scrolls inside, its panels contained: a
# printout of it as it is would be one blank sheet, however long the page. The print rules let
# it flow; this finds the scoring table's last row (the page's end) shown on the first sheet.
_CUT_OFF_JS = """(area) => {
    const row = [...document.querySelectorAll('.jp-RenderedMarkdown table tr')].pop();
    const box = row.getBoundingClientRect();
    if (box.bottom > area.height) return `the last row ends at ${box.bottom}px, below the sheet`;
    const seen = document.elementFromPoint(box.left + 4, (box.top + box.bottom) / 2);
    return row.contains(seen) ? '' : `the last row is hidden under ${seen?.tagName ?? 'nothing'}`;
}"""


def test_the_summary_prints_on_one_a4_page(
    page: Any, open_notebook: Callable[..., Any], screenshot: Callable[..., Any]
) -> None:
    open_notebook(page, "summary.ipynb")
    body = page.locator("body").inner_text()
    for part in ("The ranking", "Sevens, the two black Kings and the 3♦", "Duties and bans",
                 "Scoring", "English rules", "Danish club rules"):
        assert part in body, f"the summary lost its part {part!r}"
    sheets = page.locator(".wt-printables")
    assert "To print: one rulebook on one A4 sheet" in sheets.inner_text()
    files = sorted(link.get_attribute("download") for link in sheets.locator("a").all())
    assert files == ["rules-danish-club.pdf", "rules-english.pdf"]
    page.emulate_media(media="print")
    page.set_viewport_size(PRINTED_AREA)
    screenshot(page, "summary-printed")
    cut = page.evaluate(_CUT_OFF_JS, PRINTED_AREA)
    assert not cut, f"printed, the page stops before the end of its scoring table: {cut}"
    pdf: bytes = page.pdf(format="A4", print_background=True)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "summary.pdf").write_bytes(pdf)
    pages = len(PAGE_OBJECT.findall(pdf))
    assert pages == 1, f"the summary prints on {pages} A4 pages, not one"
