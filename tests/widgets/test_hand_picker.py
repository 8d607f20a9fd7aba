"""HandPicker driven as a learner drives it: the messages its buttons send, and what shows."""

from __future__ import annotations

import pytest

from worms_tutor import Card, WormsError
from worms_tutor.widgets import HandPicker


def click(picker: HandPicker, code: str) -> None:
    """What the browser sends on a click, Enter or Space on a card button."""
    picker._handle_custom_msg({"type": "toggle", "code": code}, [])


def test_cards_carry_accessible_names_and_pictures() -> None:
    picker = HandPicker("KH 9C JC 3D")
    items = picker._items
    assert [item["code"] for item in items] == ["KH", "9C", "JC", "3D"]
    assert items[0]["name"] == "King of hearts, Worms"
    # at 96 px a role banner would be under 10 px: left off, the title still names the card
    assert "Toqu" in items[2]["svg"] and "wins if not led" not in items[3]["svg"]
    assert "Three of diamonds" in items[3]["svg"]
    assert "wins if not led" in HandPicker("KH 9C JC 3D", card_width=120)._items[3]["svg"]
    assert picker._group_label == "Your hand: pick 1 card"
    assert picker._status == "Nothing selected yet."
    assert "wt-hand-picker" in picker._dom_classes


def test_single_pick_replaces_and_toggles_off() -> None:
    picker = HandPicker(["KH", "9C"])
    click(picker, "KH")
    assert picker.selected == ("KH",)
    assert picker._status == "Selected: King of hearts, Worms"
    click(picker, "9C")
    assert picker.selected == ("9C",)
    click(picker, "9C")
    assert picker.selected == ()


def test_multi_pick_keeps_hand_order_and_refuses_past_the_limit() -> None:
    picker = HandPicker("KH 9C JC 7D", max_select=2)
    click(picker, "JC")
    click(picker, "KH")
    assert picker.selected == ("KH", "JC")
    assert picker.selected_cards == (Card.parse("KH"), Card.parse("JC"))
    click(picker, "7D")
    assert picker.selected == ("KH", "JC")
    assert "at most 2 cards" in picker.notice
    click(picker, "KH")
    assert picker.notice == ""
    click(picker, "7D")
    assert picker.selected == ("JC", "7D")
    assert picker._group_label == "Your hand: pick up to 2 cards"


def test_on_change_hears_every_change() -> None:
    picker = HandPicker("KH 9C", max_select=2)
    heard: list[tuple[Card, ...]] = []
    picker.on_change(heard.append)
    click(picker, "9C")
    click(picker, "KH")
    picker.clear()
    assert heard == [(Card.parse("9C"),), (Card.parse("KH"), Card.parse("9C")), ()]


def test_disabled_hand_ignores_clicks_with_a_notice() -> None:
    picker = HandPicker("KH 9C", disabled=True)
    click(picker, "KH")
    assert picker.selected == ()
    assert "cannot be changed" in picker.notice
    assert picker._group_label.endswith("(not active now)")
    picker.disabled = False
    click(picker, "KH")
    assert picker.selected == ("KH",)


def test_a_bad_message_becomes_a_notice_not_a_crash() -> None:
    picker = HandPicker("KH 9C")
    click(picker, "AS")
    click(picker, "<script>")
    picker._handle_custom_msg({"type": "what"}, [])
    picker._handle_custom_msg("nonsense", [])
    assert picker.selected == ()
    assert "could not be picked" in picker.notice


def test_programmatic_selection_is_checked() -> None:
    picker = HandPicker("KH 9C JC", max_select=2)
    picker.selected = ("jc", "KH")
    assert picker.selected == ("KH", "JC")
    with pytest.raises(WormsError, match="AS"):
        picker.selected = ("AS",)
    with pytest.raises(WormsError, match="at most 2"):
        picker.selected = ("KH", "9C", "JC")
    with pytest.raises(WormsError, match="at least 1"):
        picker.max_select = 0
    picker.max_select = 1
    assert picker.selected == ("KH",)


def test_new_cards_keep_what_is_still_held() -> None:
    picker = HandPicker("KH 9C", max_select=2)
    picker.selected = ("KH", "9C")
    picker.set_cards("9C 5D")
    assert picker.selected == ("9C",)
    assert [item["name"] for item in picker._items] == ["Nine of clubs", "Five of diamonds"]
    with pytest.raises(WormsError, match="once"):
        picker.set_cards("9C 9C")


def test_four_colours_redraw_the_cards() -> None:
    picker = HandPicker("9D")
    before = picker._items[0]["svg"]
    picker.four_colour = True
    assert picker._items[0]["svg"] != before


def test_the_view_script_handles_the_keys_it_promises() -> None:
    script = HandPicker._esm
    for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"):
        assert key in script
    for hook in ("aria-pressed", "aria-label", "wt-card--selected", "tabIndex", "toggle"):
        assert hook in script
