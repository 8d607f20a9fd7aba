"""Positions built from a line of plays: the scenario behind a worked trick."""

from __future__ import annotations

import pytest

from worms_tutor.formats.positions import PLAIN_CARDS, scenario_for, split_plays
from worms_tutor.values.cards import parse_cards
from worms_tutor.values.errors import WormsError


def test_plays_are_read_in_both_notations() -> None:
    assert split_plays("N: 9D 9H E: KH>9D 9C>9H") == ["N: 9D 9H", "E: KH>9D 9C>9H"]
    assert split_plays(["N: 7H", "E: 7C"]) == ["N: 7H", "E: 7C"]
    with pytest.raises(WormsError, match="7H 7C"):
        split_plays("7H 7C")


def test_a_worked_trick_is_not_the_last_of_the_hand() -> None:
    scenario = scenario_for("N: 7C E: KH S: 9C W: 5C", "danish-club")
    hands = dict(scenario.hands)
    assert all(len(cards) == 4 for cards in hands.values())
    assert scenario.stock, "a stock, so that nobody plays a last card"
    replay = scenario.replay()
    # Worms is not E's last card, so the club forbids it on a led Seven (F2)
    assert replay.illegal is not None and replay.illegal.refusal.rule == "F2"
    last = scenario_for("N: 7C E: KH S: 9C W: 5C", "danish-club", last=True)
    assert last.replay().illegal is None
    assert all(len(cards) == 1 for _, cards in last.hands) and not last.stock


def test_hands_are_filled_with_plain_cards_nobody_holds() -> None:
    scenario = scenario_for("N: 5D E: 6D S: QD W: 5H")
    every = [card for _, cards in scenario.hands for card in cards] + list(scenario.stock)
    assert len(every) == len(set(every)), "no card twice"
    assert set(every) - set(parse_cards("5D 6D QD 5H")) <= set(PLAIN_CARDS)
    assert dict(scenario.hands)["N"][0] == parse_cards("5D")[0], "the card played comes first"


def test_given_hands_played_cards_rules_and_context_are_kept() -> None:
    scenario = scenario_for(
        "A: 7H B: 9C", "english", hands={"A": "7H 5D QD 6C", "B": "9C KC JD 6H"},
        played=["5C"], rules={"S4": False},
    )
    assert [seat for seat, _ in scenario.hands] == ["A", "B"], "two players"
    assert dict(scenario.hands)["A"] == parse_cards("7H 5D QD 6C")
    assert parse_cards("5C")[0] not in scenario.stock, "a card already played is not dealt"
    assert scenario.rules.overrides().get("S4") is False
    three = scenario_for("A: KH B: JC C: 3D")
    assert [seat for seat, _ in three.hands] == ["A", "B", "C"]


def test_seats_of_no_one_table_are_a_clear_error() -> None:
    with pytest.raises(WormsError, match="no one table: N A"):
        scenario_for("N: 7H A: 7C")
