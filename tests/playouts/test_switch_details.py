"""Details of switches a referee would be asked about."""

from __future__ import annotations

from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.rules import Rules


def test_s14_given_in_part_changes_only_that_part() -> None:
    rules = Rules.preset("danish-club", {"S14": {"kam": False}})
    assert rules.match_rules.overshoot and rules.match_rules.eight_eight
    assert not rules.match_rules.kam


def replay(plays: list[str], hands: dict[str, str]) -> Scenario:
    return Scenario.from_json({
        "variant": "danish-club",
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "stock": ["AD"],
        "leader": "N",
        "plays": plays,
    })


def test_f2_worms_refused_on_a_pair_of_led_sevens() -> None:
    hands = {"N": "7H 7D 9C 9D", "E": "KH 5C 6C 6D", "S": "QC QS QH 5H", "W": "8C 8H 8D 5D"}
    answer = replay(["N: 7H 7D", "E: KH 5C"], hands).replay()
    assert answer.illegal is not None and answer.illegal.refusal.rule == "F2"
    assert replay(["N: 7H 7D", "E: 6C 5C"], hands).replay().illegal is None


def test_f2_gives_way_when_worms_is_among_the_last_cards() -> None:
    """A four-card lead takes every card of every hand, so Worms cannot be held back."""
    hands = {"N": "7H 7D 9C 9D", "E": "KH 5C 6C 6D", "S": "QC QS QH 5H", "W": "8C 8H 8D 5D"}
    answer = replay(["N: 7H 7D 9C 9D", "E: KH>7H 5C>9C 6C>9D 6D>7D"], hands).replay()
    assert answer.illegal is None
