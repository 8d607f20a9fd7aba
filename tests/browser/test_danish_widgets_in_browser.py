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
