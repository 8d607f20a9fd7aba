"""A rulebook as a reader names it: the preset in words and each changed switch described."""

from __future__ import annotations

from worms_tutor.values.rules import PRESETS, Rules
from worms_tutor.values.seating import seat_name


def test_presets_are_named_in_words() -> None:
    assert Rules.preset("english").label() == "English rules"
    assert Rules.preset("danish-club").label() == "Danish club rules"
    assert all("-" not in Rules.preset(name).label() for name in PRESETS)


def test_a_changed_switch_is_described_and_the_player_count_left_out() -> None:
    rules = Rules.parse("danish-club,S9=any_matching")
    assert rules.label() == ("Danish club rules, S9 changed: how a multi-card group must beat: "
                             "any matching")
    assert Rules.preset("english", {"S1": 3}).label() == "English rules"
    assert "S4 changed: a higher 7 beats a led 7: no" in Rules.preset(
        "english", {"S4": False}).label()


def test_seats_are_named() -> None:
    assert [seat_name(seat) for seat in "NESW"] == ["North", "East", "South", "West"]
    assert seat_name("B") == "B"
