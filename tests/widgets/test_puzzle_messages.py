"""What a puzzle costs the browser when it opens: its widget models and their messages.

Every widget model is a message the browser handles before it can draw the puzzle, and every
change after a widget opened is one more. A puzzle shares the page's layouts and styles and
opens each part with its final state, so that a page's first puzzle is live as the page
appears and the others follow quickly.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from ipywidgets import Widget  # type: ignore[import-untyped]
from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

from worms_tutor.values.errors import WormsError
from worms_tutor.widgets import lazy_puzzles, page_widgets, series

MOST_MODELS = 36
"""The most widget models one puzzle opens (a list of plays to tick, one box each); a puzzle
of the first stage opened 49 to 51, and sent some 25 updates after them."""


def one_puzzle_of_each_kind() -> list[str]:
    kinds: dict[str, str] = {}
    for path in series.puzzle_files():
        kinds.setdefault(series.load(path.stem).kind, path.stem)
    return sorted(kinds.values())


@pytest.fixture
def updates(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, Any]]]:
    """The state messages widgets send after they opened, as (widget class, traits)."""
    sent: list[tuple[str, Any]] = []
    original = Widget.send_state

    def spy(self: Any, key: Any = None) -> None:
        if self.comm is not None:  # opened: this would be a message of its own
            sent.append((type(self).__name__, key))
        original(self, key)

    page_widgets.store()  # the page's shared widgets are there before its puzzles
    page_widgets.layout()
    monkeypatch.setattr(Widget, "send_state", spy)
    yield sent


@pytest.mark.parametrize("puzzle_id", one_puzzle_of_each_kind())
def test_a_puzzle_opens_few_models_and_sends_nothing_after_them(
        puzzle_id: str, updates: list[tuple[str, Any]]) -> None:
    before = set(_instances)
    lazy_puzzles.view(series.load(puzzle_id))
    opened = [_instances[key] for key in set(_instances) - before]
    assert len(opened) <= MOST_MODELS, sorted(type(widget).__name__ for widget in opened)
    assert updates == []


def test_the_shared_layouts_and_styles_refuse_a_change() -> None:
    for shared in (page_widgets.layout(), page_widgets.layout_below(),
                   page_widgets.layout_auto(), page_widgets.layout_hidden()):
        padding = shared.padding
        with pytest.raises(WormsError, match="shared Layout cannot change"):
            shared.padding = "3px"
        assert shared.padding == padding, "the change is undone"
    with pytest.raises(WormsError, match="shared ButtonStyle"):
        page_widgets.button_style().button_color = "red"
    with pytest.raises(WormsError, match="shared HTMLStyle"):
        page_widgets.html_style().font_size = "20px"
