"""Scenario fields in a player's words, as pages show them (the referee keeps the field)."""

from __future__ import annotations

import pytest

from worms_tutor.formats.field_names import field_in_words
from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.errors import ScenarioError


@pytest.mark.parametrize(("field", "words"), [
    ("hands.N[1]", "North's second card"),
    ("hands.W", "West's hand"),
    ("hands.B[0]", "B's first card"),
    ("stock[0]", "the first card of the stock"),
    ("played[11]", "the 12th card of the cards played before"),
    ("plays[2]", "the third play"),
    ("previous[0]", "the first earlier trick"),
    ("score.NS", "the score of NS"),
    ("leader", "the leader"),
    ("a field of another shape", "a field of another shape"),
])
def test_fields_read_as_a_player_says_them(field: str, words: str) -> None:
    assert field_in_words(field) == words


def test_a_bad_card_of_a_scenario_is_named_in_words() -> None:
    with pytest.raises(ScenarioError) as caught:
        Scenario.from_json({"hands": {"N": ["7H", "ZZ"], "E": [], "S": [], "W": []},
                            "leader": "N", "plays": []})
    assert caught.value.field == "hands.N[1]"  # the referee's contract names the field
    assert field_in_words(caught.value.field) == "North's second card"


@pytest.mark.parametrize(("field", "words"), [
    ("hands.N[1]", "Nords andet kort"),
    ("stock[0]", "det første kort i bunken"),
    ("score.NS", "stillingen for Nord-Syd"),
])
def test_fields_read_in_danish_on_a_danish_page(field: str, words: str) -> None:
    assert field_in_words(field, "da") == words
