"""A Danish page in Voila: the explorer's buttons, labels, the cards it draws and the engine's
reasons are Danish in the browser too (chapter 12, opened from a shared link)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from worms_tutor.formats.codes import encode
from worms_tutor.formats.scenario import Scenario

pytestmark = pytest.mark.browser


def test_the_danish_explorer_speaks_danish(
    page: Any, open_notebook: Callable[..., Any], screenshot: Callable[..., Any],
) -> None:
    scenario = Scenario.from_json({
        "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
        "leader": "N", "plays": ["N: 7H"],
    })
    open_notebook(page, f"da/12-explore-positions.ipynb?position={encode(scenario)}")
    page.wait_for_selector(".wt-explorer-position")
    for name in ("Vis trækkene", "Giv tilfældige kort", "Find eksempler", "Fremvisning"):
        assert page.get_by_role("button", name=name).count() == 1, name
    for english in ("Show the plays", "Deal at random", "Find examples", "Presenter mode"):
        assert page.get_by_role("button", name=english).count() == 0, english
    assert "Øst skal spille" in page.locator(".wt-explorer-position").inner_text()
    assert "Stillingen er åbnet fra linket" in page.locator(
        ".wt-explorer-link-message").inner_text()
    plays = page.locator(".wt-explorer-plays-table").inner_text()
    assert "fører ikke stikket" in plays and "Hvorfor" in plays and "Outcome" not in plays
    palette = page.locator(".wt-palette")
    assert palette.get_by_role("button", name="Hjerter konge, Worms").count() == 1
    assert "Klik på et kort" in palette.inner_text()
    screenshot(page, "danish-explorer")
    page.locator(".wt-explorer-second select").select_option("danish-club")
    page.get_by_role("button", name="Vis trækkene").click()
    page.wait_for_selector(".wt-explorer-compare .wt-diff")
    assert "træk er forskellige" in page.locator(".wt-explorer-compare").inner_text()
    assert "Traceback" not in page.locator("body").inner_text()


_CUT_LABELS = """() => Array.from(document.querySelectorAll('#rendered_cells .widget-label'))
    .filter(label => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
    .map(label => label.innerText)"""
"""The widget labels shown cut short (an ellipsis in place of their end)."""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", ["da/11-play-a-match.ipynb", "da/12-explore-positions.ipynb",
                                  "11-play-a-match.ipynb", "12-explore-positions.ipynb"])
def test_no_label_is_cut_short(page: Any, open_notebook: Callable[..., Any],
                                      width: int, name: str) -> None:
    """Danish words are longer ("Computerspillere", "Bunken (øverste først)"): every label
    of the match and the explorer shows whole, in both languages, on a laptop and a phone."""
    page.set_viewport_size({"width": width, "height": 900})
    open_notebook(page, name)
    page.locator("#rendered_cells .widget-label:visible").first.wait_for()  # the match comes later
    assert page.evaluate(_CUT_LABELS) == []
