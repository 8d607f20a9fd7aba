"""The sentences a learner reads are built from the engine's verdicts and name the right rule."""

from __future__ import annotations

from worms_tutor.formats.referee import referee_json
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.trick import Power


def reasons(variant: str, hands: dict[str, str], plays: list[str]) -> list[str]:
    scenario = Scenario.from_json({
        "variant": variant,
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "leader": plays[0].split(":")[0],
        "plays": plays,
    })
    return list(referee_json(scenario)["tricks"][-1]["reasons"])


def test_every_power_is_its_own_member() -> None:
    """Enum members with equal values would merge and borrow each other's sentence."""
    assert len(Power) == len(Power.__members__)


def test_king_of_spades_alone_on_a_led_seven_says_so() -> None:
    said = reasons("english", {"N": "7H", "E": "7D", "S": "9C", "W": "KS"},
                   ["N: 7H", "E: 7D", "S: 9C", "W: KS"])
    assert any("the K♠ never beats a 7 by itself" in line and "R4.3" in line for line in said)


def test_middle_three_under_last_only_is_explained_by_the_switch() -> None:
    said = reasons("ru-literal", {"N": "9C", "E": "3D", "S": "5C", "W": "6C"},
                   ["N: 9C", "E: 3D", "S: 5C", "W: 6C"])
    assert any("unbeatable only when played last" in line for line in said)


def test_late_king_of_spades_under_immediately_next() -> None:
    said = reasons("ru-literal", {"N": "7S", "E": "KC", "S": "5C", "W": "KS"},
                   ["N: 7S", "E: KC", "S: 5C", "W: KS"])
    assert any("only straight after it" in line for line in said)


def test_capture_sentence_names_the_rule_and_points() -> None:
    said = reasons("english", {"N": "KH", "E": "JC", "S": "6H", "W": "9S"},
                   ["N: KH", "E: JC", "S: 6H", "W: 9S"])
    assert "E's JC, played after N's KH, beats it (later matador wins, R6.1)" in said
    assert "Toqu captured N's Worms: EW +2 (P1)" in said


def test_a_sweep_is_explained() -> None:
    scenario = Scenario.from_json({
        "variant": "english",
        "previous": ["NS"] * 8,
        "hands": {"N": ["9C"], "E": ["5D"], "S": ["6D"], "W": ["QD"]},
        "leader": "N",
        "plays": ["N: 9C", "E: 5D", "S: 6D", "W: QD"],
    })
    answer = referee_json(scenario)
    assert answer["hand_points"] == {"NS": 0, "EW": 0}
    assert any("a sweep scores no trick points" in line for line in answer["tricks"][-1]["reasons"])
