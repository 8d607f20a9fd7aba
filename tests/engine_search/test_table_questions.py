"""Table-procedure questions (R7.2, R7.3, R8.1, R8.5, R8.6, R9.1, R12.1, R12.2, R15.6): the
engine answers who cut, who deals next, who plays with whom, whether a deal stands, how many
cards follow a draw and what score is announced before the next deal, with reasons; ``table``
puzzles ask them, and bad puzzle data names its field."""

from __future__ import annotations

from typing import Any

import pytest

from worms_tutor.analysis.procedure import (
    DEAL_AGAIN,
    PLAY_ON,
    ProcedureError,
    answer_table_question,
)
from worms_tutor.analysis.puzzle import PuzzleError, load_puzzle
from worms_tutor.formats.scenario import Scenario

DEAL = {"N": "9C 5D QH AS", "E": "6C 8H JD 7S", "S": "KC 5S 9H QD", "W": "AC 6D 8S JH"}


def scenario(hands: dict[str, str], leader: str = "E", variant: str = "danish-club",
             **rules: Any) -> Scenario:
    data: dict[str, Any] = {"variant": variant, "hands": {s: c.split() for s, c in hands.items()},
                            "leader": leader, "plays": []}
    if rules:
        data["rules"] = rules
    return Scenario.from_json(data)


@pytest.mark.parametrize(("leader", "dealer", "cutter", "next_dealer"),
                         [("E", "N", "W", "E"), ("N", "W", "S", "N"), ("S", "E", "N", "S")])
def test_the_leader_fixes_the_dealer_the_cutter_and_the_next_dealer(
    leader: str, dealer: str, cutter: str, next_dealer: str
) -> None:
    cut = answer_table_question("cutter", scenario(DEAL, leader), leader)
    assert cut.answer == cutter and cut.options == ("N", "E", "S", "W")
    assert f"so {dealer} dealt" in cut.reasons[0].text and cut.reasons[0].rules == ("R9.1",)
    assert cut.reasons[1].rules == ("R8.1",)
    following = answer_table_question("next_dealer", scenario(DEAL, leader), leader)
    assert following.answer == next_dealer and following.reasons[1].rules == ("R7.3",)


def test_three_players_cut_and_deal_round_their_own_seats() -> None:
    three = scenario({"A": "9C 5D QH AS", "B": "6C 8H JD 7S", "C": "KC 5S 9H QD"}, "B",
                     variant="english", S1=3)
    assert answer_table_question("cutter", three, "B").answer == "C"  # A dealt; C sits before A
    assert answer_table_question("next_dealer", three, "B").answer == "B"


def test_lowest_and_highest_draw_are_partners() -> None:
    draw = scenario({"N": "QH", "E": "9C", "S": "5D", "W": "AS"}, "N")
    answer = answer_table_question("partner", draw, "N")
    assert answer.answer == "E" and answer.options == ("E", "S", "W")
    assert "N with E, S with W" in answer.reasons[1].text
    assert answer_table_question("partner", draw, "S").answer == "W"
    with_three = scenario({"N": "QH", "E": "9C", "S": "3D", "W": "AS"}, "N")
    highest = answer_table_question("partner", with_three, "N")
    assert highest.answer == "S" and "§E Q16" in highest.reasons[-1].text  # our choice


def test_a_drawn_seven_or_a_hand_of_several_cards_is_no_partner_draw() -> None:
    with pytest.raises(ProcedureError, match="drawn again"):
        answer_table_question("partner", scenario({"N": "7H", "E": "9C", "S": "5D", "W": "AS"}),
                              "N")
    with pytest.raises(ProcedureError, match="holds 4"):
        answer_table_question("partner", scenario(DEAL), "N")


def test_a_deal_stands_unless_a_hand_is_short_or_the_club_sees_both_matadors() -> None:
    assert answer_table_question("deal", scenario(DEAL), "E").answer == PLAY_ON
    short = dict(DEAL, S="KC 5S 9H")
    misdeal = answer_table_question("deal", scenario(short), "E")
    assert misdeal.answer == DEAL_AGAIN and misdeal.reasons[0].rules == ("R8.5",)
    both = dict(DEAL, W="JC 6D KH JH")
    club = answer_table_question("deal", scenario(both), "E")
    assert club.answer == DEAL_AGAIN and club.reasons[0].rules == ("R8.6",)
    english = answer_table_question("deal", scenario(both, variant="english"), "E")
    assert english.answer == PLAY_ON and "only the club rules" in english.reasons[0].text


def puzzle_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "cut", "title": "Who cuts?", "chapter": 6, "variant": "danish-club",
        "scenario": {"hands": {s: c.split() for s, c in DEAL.items()}, "leader": "E",
                     "plays": []},
        "question": "Who cut?", "answer": "table", "ask": "cutter", "expected": ["W"],
    }
    data.update(changes)
    return data


def test_a_table_puzzle_offers_choices_and_explains_the_answer() -> None:
    puzzle = load_puzzle(puzzle_data())
    assert puzzle.options == ("N", "E", "S", "W") and puzzle.correct_answers() == ("W",)
    wrong = puzzle.check("n")
    assert not wrong.correct and wrong.summary == "Not quite: W cuts, not N."
    assert "R8.1" in wrong.rule_ids
    right = puzzle.check("W")
    assert right.correct and right.summary == "Correct: W cuts."
    ladder = puzzle.hints()
    assert ladder[0].rule_ids == ("R8.1",) and "so N dealt" in ladder[1].text
    assert ladder[-1].text.startswith("Solution: W.")
    deal = load_puzzle(puzzle_data(ask="deal", expected=["play on"]))
    assert deal.check("deal again").summary == "Not quite: the deal stands: play on."


@pytest.mark.parametrize(("changes", "field"), [
    ({"ask": "weather"}, "ask"),
    ({"ask": None}, "ask"),
    ({"expected": ["N"]}, "expected"),
    ({"ask": "partner", "expected": []}, "ask"),  # four cards each: no partner draw
])
def test_bad_table_puzzles_name_the_field(changes: dict[str, Any], field: str) -> None:
    data = puzzle_data(**changes)
    if changes.get("ask", "") is None:
        del data["ask"]
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(data)
    assert caught.value.field == field


def test_only_table_puzzles_ask_about_the_table() -> None:
    data = puzzle_data(answer="winner", expected=[])
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(data)
    assert caught.value.field == "ask"


def drawn_scenario(stock: str, plays: list[str], players: int = 4) -> Scenario:
    hands = {"N": "9C 9H 5D 6C", "E": "AC AS QH 8D", "S": "6H 6S JD 5S", "W": "QC QS 8H 7D"}
    data: dict[str, Any] = {"hands": {s: c.split() for s, c in hands.items()},
                            "stock": stock.split(), "leader": "N", "plays": plays}
    return Scenario.from_json(data)


PAIRS = ["N: 9C 9H", "E: AC AS", "S: 6H 6S", "W: QC QS"]


def test_the_stock_runs_out_evenly_after_a_pair_trick() -> None:
    short = answer_table_question("cards_after_draw", drawn_scenario("5H 8C JH AD", PAIRS), "S")
    assert short.answer == "3" and short.fact == "S holds 3 cards"
    assert short.reasons[0].rules == ("R12.1",) and "draw goes N, E, S, W" in short.reasons[0].text
    assert short.reasons[1].rules == ("R12.2",) and "1 for each player" in short.reasons[1].text
    plenty = answer_table_question(
        "cards_after_draw", drawn_scenario("5H 8C JH AD 7C 7S 3D KC 5C", PAIRS), "W")
    assert plenty.answer == "4" and "with 1 left in the stock" in plenty.reasons[1].text


def test_the_draw_question_needs_a_completed_trick() -> None:
    with pytest.raises(ProcedureError, match="completed trick"):
        answer_table_question("cards_after_draw", drawn_scenario("5H 8C", PAIRS[:2]), "S")


LAST_HANDS = {"N": "8S 5D QH AC", "E": "9D 6C JH 5S", "S": "QC 6D 8H AS", "W": "9S 5C JD 6H"}
NS_TAKES_THE_FIFTH = ["N: 8S", "E: 9D", "S: 6D", "W: 9S"]


def last_trick(score: dict[str, int], previous: list[str], variant: str = "danish-club",
               plays: list[str] | None = None) -> Scenario:
    data: dict[str, Any] = {
        "variant": variant, "score": score, "previous": previous,
        "hands": {s: c.split() for s, c in LAST_HANDS.items()}, "stock": ["9H", "8C", "QS", "AD"],
        "leader": "N", "plays": NS_TAKES_THE_FIFTH if plays is None else plays}
    return Scenario.from_json(data)


def test_the_announced_score_takes_off_an_overshoot() -> None:
    answer = answer_table_question("announced_score", last_trick({"NS": 8, "EW": 3}, ["NS"] * 4),
                                   "N")
    assert answer.answer == "NS 7 – EW 3" and answer.fact == "the score announced is NS 7 – EW 3"
    assert set(answer.options) == {"NS 7 – EW 3", "NS 10 – EW 3", "NS 9 – EW 3", "NS 8 – EW 3"}
    assert answer.reasons[0].rules == ("R15.6",)
    texts = [reason.text for reason in answer.reasons]
    assert any("5-5" in text for text in texts)  # the first five tricks score 2 (R13.2)
    assert "NS: 8 + 2 = 10, which is 1 past 9, so 8 − 1 = 7" in texts
    assert answer.reasons[-1].rules == ("R15.6",)


def test_the_announced_score_adds_up_without_an_overshoot() -> None:
    answer = answer_table_question(
        "announced_score", last_trick({"NS": 2, "EW": 3}, ["NS", "EW", "NS", "NS", "NS"]), "E")
    assert answer.answer == "NS 3 – EW 3"  # the fifth unit, not the first five: 1 lus
    assert not any(reason.rules == ("R15.2",) for reason in answer.reasons)


def test_the_score_is_announced_only_between_deals() -> None:
    with pytest.raises(ProcedureError, match="end the hand"):
        answer_table_question("announced_score", last_trick({"NS": 2}, ["NS", "EW"]), "N")
    with pytest.raises(ProcedureError, match="end the match"):
        answer_table_question("announced_score", last_trick({"NS": 7}, ["NS"] * 4), "N")
