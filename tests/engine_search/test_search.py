"""The look-ahead: every continuation of a trick, and minimax checked against brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worms_tutor.analysis.search import (
    Goal,
    Line,
    SearchError,
    best_for,
    choice_for,
    continuations,
    evaluate,
    trick_outcomes,
)
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import PACK
from worms_tutor.values.seating import side_of


def position(hands: dict[str, list[str]], plays: list[str], **extra: object) -> HandState:
    data = {"hands": hands, "leader": "N", "plays": plays, **extra}
    return Scenario.from_json(data).replay().final


CAPTURE = {  # D-40 with more cards: E's Worms heads, S holds Toqu, W holds the 3♦
    "N": ["9D", "5C", "AH", "6S"],
    "E": ["KH", "6C", "QS", "8D"],
    "S": ["JC", "5D", "7C", "9S"],
    "W": ["5S", "QC", "3D", "AS"],
}


def test_trick_outcomes_cover_every_legal_end_of_the_trick() -> None:
    state = position(CAPTURE, ["N: 9D", "E: KH"])
    lines = trick_outcomes(state, "S: JC")
    assert len(lines) == 4  # W has four cards, each legal
    assert {str(line.plays[0]) for line in lines} == {"S: JC"}
    winners = sorted(line.first_record.winner for line in lines if line.first_record)
    assert winners == ["S", "S", "S", "W"]  # only the 3♦ takes the Toqu back


def test_continuations_end_at_the_end_of_the_trick() -> None:
    state = position(CAPTURE, ["N: 9D"])
    lines = continuations(state)
    # E's K♥ forces S's Toqu (O1): 1 × 1 × 4 lines; E's three other cards: 3 × 4 × 4
    assert len(lines) == 4 + 48
    assert all(len(line.records) == 1 for line in lines)


def test_the_toqu_holder_captures_unless_the_three_follows() -> None:
    state = position(CAPTURE, ["N: 9D", "E: KH"])
    (choice,) = evaluate(state, "score_capture")  # O1: Toqu is the only legal play
    assert str(choice.play) == "S: JC"
    assert choice.value == 0  # W answers with the 3♦: a recapture, P2 for E–W
    assert [str(p) for p in choice.replies] == ["W: 3D"]
    assert choice.line.first_record is not None
    assert choice.line.first_record.events == ("P2",)
    assert choice.margin == -2


def test_partners_cooperate_and_opponents_resist() -> None:
    hands = {
        "N": ["7H", "5C", "QD", "6D"],
        "E": ["7D", "AD", "JD", "6H"],
        "S": ["7S", "KC", "9C", "AS"],
        "W": ["KS", "8D", "QH", "5H"],
    }
    state = position(hands, ["N: 7H", "E: 7D"], stock=["9S", "6S", "AH", "5D"])
    best = {str(choice.play) for choice in best_for(state, "S", "win_trick")}
    assert best == {"S: 7S", "S: 9C", "S: AS"}  # the K♣ would fall to W's K♠
    kc = choice_for(state, "S: KC", Goal.parse("win_trick"))
    assert kc.value == 0 and [str(p) for p in kc.replies] == ["W: KS"]


def test_best_for_needs_the_seat_to_move() -> None:
    state = position(CAPTURE, ["N: 9D"])
    with pytest.raises(SearchError, match="not to move"):
        best_for(state, "S", "win_trick")


def test_the_hand_horizon_needs_an_empty_stock() -> None:
    state = position(CAPTURE, [], stock=["9H"])
    with pytest.raises(SearchError, match="empty stock"):
        evaluate(state, "most_points", horizon="hand")


@pytest.mark.parametrize(
    ("text", "problem"),
    [("win", "unknown goal"), ("score_points", "needs a number"), ("win_trick:2", "no number"),
     ("score_points:0", "needs a number")],
)
def test_goal_parse_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(SearchError, match=problem):
        Goal.parse(text)


def test_goal_prints_back() -> None:
    assert str(Goal.parse("score_points:2")) == "score_points:2"
    assert str(Goal.parse("keep_worms_safe")) == "keep_worms_safe"


def _brute(root: HandState, state: HandState, goal: Goal, hero: str) -> tuple[int, int]:
    if state.to_move is None:
        line = Line(root, (), state)
        return goal.value(line, hero, 4), line.margin(hero, 4)
    scores = [_brute(root, state.play(lp.play), goal, hero) for lp in state.legal_plays()]
    return max(scores) if side_of(state.to_move) == hero else min(scores)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), goal=st.sampled_from(["most_points", "win_trick",
                                                          "keep_worms_safe", "score_points:1"]))
def test_alpha_beta_agrees_with_brute_force_on_endgames(seed: int, goal: str) -> None:
    rng = random.Random(seed)
    cards = [str(card) for card in PACK]
    rng.shuffle(cards)
    hands = {seat: cards[2 * i: 2 * i + 2] for i, seat in enumerate("NESW")}
    state = position(hands, [])
    parsed = Goal.parse(goal)
    for choice in evaluate(state, parsed, horizon="hand"):
        after = state.play(choice.play)
        assert (choice.value, choice.margin) == _brute(state, after, parsed, "NS")
        # the predicted line is a real line of play reaching that score
        assert choice.line.end.to_move is None
        assert parsed.value(choice.line, "NS", 4) == choice.value
