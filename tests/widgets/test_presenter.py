"""PresenterMode: one switch for the projector and a flag to reveal every hand."""

from __future__ import annotations

import ipywidgets

from worms_tutor.widgets import PresenterMode


def test_switch_styles_the_containers_it_was_given() -> None:
    presenter = PresenterMode()
    box = ipywidgets.VBox()
    presenter.apply_to(box)
    assert "wt-presenter" not in box._dom_classes
    presenter.on = True  # what the "Presenter mode" button sets
    assert "wt-presenter" in box._dom_classes
    later = ipywidgets.HBox()
    presenter.apply_to(later)
    assert "wt-presenter" in later._dom_classes
    presenter.on = False
    assert "wt-presenter" not in box._dom_classes


def test_reveal_all_is_observable() -> None:
    presenter = PresenterMode()
    heard: list[bool] = []
    presenter.on_reveal(heard.append)
    presenter.reveal_all = True
    presenter.reveal_all = False
    assert heard == [True, False]


def test_stylesheet_makes_presenter_pages_large() -> None:
    css = PresenterMode._css
    assert ".wt-presenter" in css and "zoom" in css
    assert "focus-visible" in css
    script = PresenterMode._esm
    assert "wt-presenter" in script and "aria-pressed" in script
