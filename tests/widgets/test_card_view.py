"""CardView shows the card a learner asked for and redraws when it changes."""

from __future__ import annotations

import pytest

from worms_tutor import Card, NotationError
from worms_tutor.widgets import CardView


def test_shows_toqu_with_its_name_and_classes() -> None:
    view = CardView("jc")
    assert view.card == "JC"
    assert "Toqu" in view.value
    assert "Jack of clubs, Toqu" in view.value
    assert "wt-card-view" in view._dom_classes
    assert 'class="wt-card"' in view.value


def test_redraws_on_change() -> None:
    view = CardView(Card.parse("KH"))
    assert "Worms" in view.value
    view.card = "8S"
    assert "3rd matador" in view.value and "Worms" not in view.value
    view.face_down = True
    assert "Face-down card" in view.value and "matador" not in view.value
    view.face_down = False
    view.highlight = "heads"
    assert "wt-card--heads" in view.value
    view.width = 300
    assert 'width="300"' in view.value


def test_bad_card_is_a_notation_error_naming_it() -> None:
    with pytest.raises(NotationError, match="KD"):
        CardView("KD")
    view = CardView("KH")
    with pytest.raises(NotationError, match="10H"):
        view.card = "10H"
    assert view.card == "KH"
