"""The explorer's engine side: outcomes, two-rulebook comparison, the example generator."""

from __future__ import annotations

import pytest

from worms_tutor.analysis.explore import compare, find_examples, outcomes, rule_fires, state_of
from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.errors import WormsError
from worms_tutor.values.rules import Rules

ENGLISH = Rules.preset("english")
DANISH = Rules.preset("danish-club")


def scenario(**extra: object) -> Scenario:
    data = {
        "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
        "leader": "N",
        "plays": ["N: 7H"],
        **extra,
    }
    return Scenario.from_json(data)


def test_outcomes_list_every_legal_play_with_the_engines_reasons() -> None:
    state = state_of(scenario())
    found = outcomes(state)
    assert [str(o.play) for o in found] == [str(lp.play) for lp in state.legal_plays()]
    assert all(o.legal and o.reasons for o in found)


def test_worms_on_a_led_seven_differs_in_legality_only_under_the_danish_rules() -> None:
    comparison = compare(scenario(), ENGLISH, DANISH)
    rows = {str(row.play): row for row in comparison.rows}
    worms = rows["E: KH"]
    assert worms.first.legal and not worms.second.legal
    assert worms.second.rule == "F2"
    assert "legality" in worms.differences
    assert rows["E: 5D"].differences == ()
    assert comparison.disagree


def test_same_rulebook_never_disagrees() -> None:
    assert not compare(scenario(), ENGLISH, ENGLISH).disagree


def test_rule_fires_sees_refusals_and_reasons() -> None:
    state = state_of(scenario())
    assert rule_fires(state_of(scenario(), DANISH), "F2")
    assert not rule_fires(state, "F2")
    assert rule_fires(state, "R3.1")


def test_generator_is_seeded_bounded_and_finds_what_it_says() -> None:
    first = [e.scenario.to_text() for e in find_examples(ENGLISH, DANISH, seed=3, limit=3)]
    again = [e.scenario.to_text() for e in find_examples(ENGLISH, DANISH, seed=3, limit=3)]
    assert first == again and len(first) == 3
    for example in find_examples(ENGLISH, DANISH, seed=3, limit=3):
        assert compare(example.scenario, ENGLISH, DANISH).disagree
    for example in find_examples(ENGLISH, rule_id="o1", seed=4, limit=2):
        assert rule_fires(state_of(example.scenario), "O1")


def test_generator_needs_something_to_look_for() -> None:
    with pytest.raises(WormsError):
        next(find_examples(ENGLISH))
    assert list(find_examples(ENGLISH, rule_id="R99", seconds=0.2)) == []
