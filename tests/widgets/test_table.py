"""TrickTable driven as a learner drives it: step buttons, and what the table shows."""

from __future__ import annotations

from typing import Any

import pytest

from worms_tutor import WormsError
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.hand import HandState
from worms_tutor.widgets.table import TrickTable

HANDS = {
    "N": ["9D", "5C", "AH", "6S"],
    "E": ["KH", "6C", "QS", "8D"],
    "S": ["JC", "5D", "7C", "9S"],
    "W": ["5S", "QC", "3D", "AS"],
}


def scenario(plays: list[str], **extra: Any) -> dict[str, Any]:
    return {"hands": HANDS, "leader": "N", "plays": plays, **extra}


def press(table: TrickTable, name: str) -> None:
    table.buttons[name].click()


def test_the_table_opens_on_the_last_step_with_the_engines_reason() -> None:
    table = TrickTable.from_scenario(scenario(["N: 9D", "E: KH", "S: JC"]))
    board = table.board.value
    assert "wt-table" in board and "wt-table--4p" in board
    for seat in "NESW":
        assert f"wt-seat-{seat}" in board
    assert 'class="wt-seat wt-seat-S wt-heading"' in board  # Toqu heads
    assert ('title="Rules: R6.1">S\'s J♣, played after E\'s K♥, beats it (later matador wins)'
            in table.reason.value)
    assert "Step 4 of 4" in table.caption.value
    assert table.buttons["Next"].disabled and not table.buttons["Back"].disabled


def test_stepping_back_and_forward_tells_each_step() -> None:
    table = TrickTable.from_scenario(scenario(["N: 9D", "E: KH", "S: JC", "W: 5S"]))
    assert "S wins the trick" in table.reason.value
    assert "Toqu captured E's Worms: NS +2</li>" in table.reason.value
    assert "Trick complete" in table.board.value and "4 of 4" not in table.board.value
    press(table, "Back")
    assert "3 of 4 played" in table.board.value
    assert "later matador wins" in table.reason.value
    press(table, "First")
    assert "Nothing played yet" in table.reason.value and table.buttons["Back"].disabled
    press(table, "Next")
    assert "N leads 9♦" in table.reason.value
    assert 'class="wt-seat wt-seat-N wt-heading"' in table.board.value
    press(table, "Last")
    assert table.index == len(table.frames) - 1


def test_buttons_have_text_labels_and_classes() -> None:
    table = TrickTable.from_scenario(scenario(["N: 9D"]))
    assert [b.description for b in table.buttons.values()] == ["First", "Back", "Next", "Last"]
    assert all(not b.icon for b in table.buttons.values())
    assert "wt-step-next" in table.buttons["Next"]._dom_classes
    assert "wt-trick-table" in table._dom_classes


def test_hands_hidden_open_or_left_out() -> None:
    hidden = TrickTable.from_scenario(scenario(["N: 9D"])).board.value
    assert "Face-down card" in hidden and 'data-card="AH"' not in hidden
    table = TrickTable.from_scenario(scenario(["N: 9D"]), show_hands="open", omit_hand="S")
    assert 'data-card="AH"' in table.board.value and 'data-card="JC"' not in table.board.value
    table.reveal(False)
    assert 'data-card="AH"' not in table.board.value
    with pytest.raises(WormsError):
        TrickTable.from_scenario(scenario([]), show_hands="sometimes")


def test_a_multi_card_trick_lies_card_on_card() -> None:
    data = {
        "variant": "danish-club",
        "hands": {"N": ["9D", "9S", "QD", "6D"], "E": ["9C", "9H", "JD", "6H"],
                  "S": ["5C", "KC", "QC", "AS"], "W": ["5S", "8D", "QH", "5H"]},
        "leader": "N",
        "plays": ["N: 9D 9S", "E: 9C>9S 9H>9D"],
    }
    board = TrickTable.from_scenario(data).board.value
    assert board.count('class="wt-stack"') == 2
    first, second = board.split('class="wt-stack"')[1:]
    # the 9♥ lies on the 9♦ and the 9♣ on the 9♠, each offset over its target
    assert first.index('data-card="9D"') < first.index('data-card="9H"')
    assert second.index('data-card="9S"') < second.index('data-card="9C"')
    assert "wt-stack__card wt-heading" in board


def test_three_and_two_player_tables() -> None:
    three = {"hands": {"A": ["9S", "5S"], "B": ["KH", "8S"], "C": ["JC", "6H"]},
             "leader": "A", "plays": ["A: 9S", "B: KH"]}
    board = TrickTable.from_scenario(three).board.value
    assert "wt-table--3p" in board and "wt-seat-C" in board and "wt-seat-N" not in board
    two = {"hands": {"A": ["9S", "5S"], "B": ["KH", "8S"]}, "leader": "A", "plays": ["A: 9S"]}
    assert "wt-table--2p" in TrickTable.from_scenario(two).board.value


def test_an_illegal_play_is_shown_as_the_last_step() -> None:
    table = TrickTable.from_scenario(scenario(["N: 9D", "E: 6C", "S: 7C", "W: 9H"]))
    assert "wt-step-illegal" in table.reason.value
    assert "W does not hold 9♥" in table.reason.value


def test_a_whole_hand_from_records_and_a_state() -> None:
    state: HandState = Scenario.from_json(scenario(["N: 9D", "E: 6C", "S: 7C", "W: 5S",
                                                    "N: 5C"])).replay().final
    table = TrickTable.from_records(state.records)
    assert len(table.frames) == 4 and "N wins the trick" in table.reason.value
    now = TrickTable.from_state(state, show_hands="open")
    assert "N leads 5♣" in now.reason.value


def test_presenter_mode_can_reveal_every_hand() -> None:
    from worms_tutor.widgets import PresenterMode

    table = TrickTable.from_scenario(scenario(["N: 9D"]))
    presenter = PresenterMode()
    presenter.on_reveal(table.reveal)
    presenter.reveal_all = True
    assert 'data-card="AH"' in table.board.value
    presenter.reveal_all = False
    assert 'data-card="AH"' not in table.board.value


def test_two_player_trick_shows_both_cards_of_each_player() -> None:
    """With two players each seat plays twice in a trick; the table keeps both cards."""
    from worms_tutor.formats.scenario import Scenario
    from worms_tutor.widgets.table import TrickTable

    scenario = Scenario.from_json({
        "hands": {"A": ["7H", "5D", "QC", "QD"], "B": ["9C", "KC", "QS", "QH"]},
        "stock": ["6C", "6D", "6H", "6S"],
        "leader": "A",
        "plays": ["A: 7H", "B: 9C", "A: 5D", "B: KC"],
    })
    table = TrickTable.from_scenario(scenario)
    table.show(len(table.frames) - 1)  # all four cards on the table
    board = table.board.value
    for code in ("7H", "9C", "5D", "KC"):
        assert f'data-card="{code}"' in board
    assert "1st &amp; 3rd" in board and "2nd &amp; 4th · heads" in board


def test_an_impossible_position_gives_a_message_not_a_traceback() -> None:
    from worms_tutor.widgets.scoreboard import Scoreboard
    from worms_tutor.widgets.table import TrickTable

    bad = {"hands": {"N": ["KH", "KH"], "E": [], "S": [], "W": []}, "leader": "N", "plays": []}
    for widget in (TrickTable.from_scenario(bad), Scoreboard.from_scenario(bad)):
        assert 'role="alert"' in widget.value
        assert "KH is also in hands.N" in widget.value
