"""The edges of a hand's end, through the referee's JSON and command line (design.md §2).

When a hand stops (five units under the club's rules, nine under any), what a sweep is
(every unit of a whole hand, not every trick of a short set-up position), a ``previous`` that
has already ended the hand, and players running out in the middle of a trick. Then our
choices where rules.md is silent: a target reached mid-hand under the English rules, both sides
at the target on one trick, the K♠-over-K♣ point before the rest of its trick, the club's
restrictions at 8:8, and the two-player draw after the fourth card.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.formats.referee import legal_json, referee_json
from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.errors import ScenarioError

from .helpers import build, replay, state


def referee(data: dict[str, Any]) -> dict[str, Any]:
    """The referee's JSON answer for a scenario given as a dict."""
    return referee_json(Scenario.from_json(data))


def last_cards(variant: str, trick: str | list[str], previous: list[str],
               **extra: Any) -> dict[str, Any]:
    """A scenario whose every seat holds just its cards of ``trick`` and no stock is left."""
    return build(variant, trick, final=True, previous=previous, **extra)


# -- a sweep is every unit of a whole hand --------------------------------------------------------


def test_danish_five_nil_on_the_last_cards_is_a_five_five_not_a_sweep() -> None:
    # a set-up position that runs out of cards as NS reach five units to none
    answer = referee(last_cards("danish-club", "N:9C E:6D S:8C W:5D", ["NS"] * 4))
    assert answer["hand_over"]
    assert answer["hand_points"] == {"NS": 2, "EW": 0}
    assert answer["score"] == {"NS": 2, "EW": 0}
    assert "Hand over: NS score 2 for the tricks (5-5, R13.2)" in answer["tricks"][-1]["reasons"]


def test_danish_five_nil_scores_the_same_with_cards_left() -> None:
    with_cards = referee(build("danish-club", "N:9C E:6D S:8C W:5D", previous=["NS"] * 4))
    without = referee(last_cards("danish-club", "N:9C E:6D S:8C W:5D", ["NS"] * 4))
    assert with_cards["hand_points"] == without["hand_points"] == {"NS": 2, "EW": 0}


def test_danish_pair_to_five_nil_on_the_last_cards_wins_the_match_from_seven() -> None:
    # NS on 7 lead a pair on their third unit: 5-0, a 5-5 worth 2, and 7 + 2 is the target
    answer = referee(last_cards("danish-club", ["N: 9C 9S", "E: 6D 6H", "S: 8C QH", "W: 5D 5H"],
                                ["NS"] * 3, score={"NS": 7, "EW": 2}))
    assert answer["tricks"][-1]["units"] == 2
    assert answer["hand_over"]
    assert answer["tricks"][-1]["points"] == {"NS": 2, "EW": 0}
    assert answer["score"] == {"NS": 9, "EW": 2}
    assert answer["match_winner"] == "NS"


@pytest.mark.parametrize("variant", ["english", "danish-club"])
def test_all_nine_units_is_still_a_sweep(variant: str) -> None:
    # the club hand stops at five; a table that failed to stop is set up as one playing on
    rules = {"S12": "pg"} if variant == "danish-club" else {}
    answer = referee(last_cards(variant, "N:9C E:6D S:8C W:5D", ["NS"] * 8, rules=rules))
    assert answer["hand_points"] == {"NS": 0, "EW": 0}
    assert answer["tricks"][-1]["reasons"][-1] == (
        "Hand over: NS took every trick, and a sweep scores no trick points (R13.1, R13.2)")


# -- a previous that has already ended the hand is malformed --------------------------------------

ENDED = {
    "club: five units for one side": ("danish-club", ["NS", "EW", "NS", "NS", "NS", "NS"]),
    "club: five to none": ("danish-club", ["EW"] * 5),
    "english: all nine units": ("english", ["NS"] * 5 + ["EW"] * 4),
}


@pytest.mark.parametrize("case", list(ENDED))
def test_previous_that_ended_the_hand_is_refused(case: str) -> None:
    variant, previous = ENDED[case]
    with pytest.raises(ScenarioError) as refusal:
        Scenario.from_json(build(variant, "N:9C E:6D S:8C W:5D", previous=previous))
    assert refusal.value.field == "previous"


def test_previous_of_a_whole_three_player_hand_is_refused() -> None:
    data = build("english", "A:9C B:6D C:8C", seats=("A", "B", "C"), previous=["A"] * 12)
    with pytest.raises(ScenarioError, match="12 trick units"):
        Scenario.from_json(data)


def test_previous_that_leaves_the_hand_on_is_accepted() -> None:
    four_all = referee(last_cards("danish-club", "N:9C E:6D S:8C W:5D", ["NS", "EW"] * 4))
    assert four_all["hand_points"] == {"NS": 1, "EW": 0}  # 5-4
    english = referee(build("english", "N:9C E:6D S:8C W:5D", previous=["NS"] * 5))
    assert not english["hand_over"]  # the English rules play on past five


def test_cli_exits_2_naming_previous_for_a_hand_already_over(tmp_path: Path) -> None:
    path = tmp_path / "over.json"
    path.write_text(json.dumps(build("danish-club", "N:9C E:6D S:8C W:5D",
                                     previous=["NS"] * 5)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "worms_tutor", "referee", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert "previous" in line and "five trick units" in line


# -- two players running out in the middle of a trick ---------------------------------------------


def test_two_players_one_card_each_play_a_last_trick_of_two_cards() -> None:
    data = {"hands": {"A": ["6D"], "B": ["9C"]}, "leader": "A", "plays": ["A: 6D", "B: 9C"]}
    answer = referee(data)
    assert answer["illegal"] is None
    (trick,) = answer["tricks"]
    assert (trick["leader"], trick["winner"], trick["units"]) == ("A", "B", 1)
    assert answer["hand_over"]
    assert legal_json(Scenario.from_json(data)) == {"seat": None, "plays": []}


def test_two_players_waiting_for_the_second_card() -> None:
    data = {"hands": {"A": ["6D"], "B": ["9C"]}, "leader": "A", "plays": ["A: 6D"]}
    assert legal_json(Scenario.from_json(data)) == {
        "seat": "B", "plays": [{"play": "B: 9C", "heads": True}]}


def test_two_players_no_play_after_the_short_last_trick() -> None:
    data = {"hands": {"A": ["6D"], "B": ["9C"]}, "leader": "A",
            "plays": ["A: 6D", "B: 9C", "B: 9C"]}
    answer = referee(data)
    assert answer["illegal"] is not None and answer["illegal"]["index"] == 2
    assert len(answer["tricks"]) == 1


def test_no_lead_of_more_cards_than_a_follower_holds() -> None:
    # a set-up position with a short hand: a pair led to a player holding one card could
    # never be answered, so the trick would hang as the two-player one did
    data = {"hands": {"N": ["9C", "9D"], "E": ["6D"], "S": ["8C", "QH"], "W": ["5D", "AS"]},
            "leader": "N", "plays": ["N: 9C 9D"]}
    answer = referee(data)
    assert answer["illegal"] is not None
    assert answer["illegal"]["rule"] == "R10.1"
    assert answer["illegal"]["message"].startswith("E holds only one card")
    listed = legal_json(Scenario.from_json({**data, "plays": []}))
    assert [play["play"] for play in listed["plays"]] == ["N: 9C", "N: 9D"]


# -- our choice: the English rules end the hand when the match is won -----------------------------


def test_english_target_reached_mid_hand_ends_the_hand_at_once() -> None:
    data = build("english", "N:5C E:KH S:JC W:5D", score={"NS": 7, "EW": 3},
                 previous=["EW", "NS"])
    answer = referee(data)
    assert answer["tricks"][-1]["events"] == ["P1"]
    assert answer["score"] == {"NS": 9, "EW": 3}
    assert answer["match_winner"] == "NS"
    assert answer["hand_over"]
    assert legal_json(Scenario.from_json(data)) == {"seat": None, "plays": []}


# -- our choice: a short English position ending 5-0 is scored as it stands -----------------------


def test_english_partial_five_nil_scores_five_and_the_first_five() -> None:
    answer = referee(last_cards("english", "N:9C E:6D S:8C W:5D", ["NS"] * 4))
    assert answer["hand_over"]
    assert answer["hand_points"] == {"NS": 2, "EW": 0}  # 1 for five, 1 for the first five
    assert "Hand over: NS score 2 for the tricks (first five, R13.1)" in (
        answer["tricks"][-1]["reasons"])


def test_english_partial_six_nil_counts_the_extra_trick() -> None:
    answer = referee(last_cards("english", ["N: 9C 9S", "E: 6D 6H", "S: 8C QH", "W: 5D 5H"],
                                ["NS"] * 4))
    assert answer["hand_points"] == {"NS": 3, "EW": 0}


# -- our choice: both sides at the target on the same trick ---------------------------------------

# EW capture NS's Worms on the last trick; NS, with the first five, score 2 for the hand
BOTH_AT_ONCE = ("N:KH E:JC S:5D W:6D", ["NS"] * 5 + ["EW"] * 3)


def test_both_sides_past_the_target_the_higher_score_wins() -> None:
    trick, previous = BOTH_AT_ONCE
    answer = referee(last_cards("english", trick, previous, score={"NS": 8, "EW": 7}))
    assert answer["tricks"][-1]["winner"] == "E"
    assert answer["score"] == {"NS": 10, "EW": 9}
    assert answer["match_winner"] == "NS"


def test_both_sides_on_the_target_the_side_that_won_the_trick_wins() -> None:
    trick, previous = BOTH_AT_ONCE
    answer = referee(last_cards("english", trick, previous, score={"NS": 7, "EW": 7}))
    assert answer["score"] == {"NS": 9, "EW": 9}
    assert answer["match_winner"] == "EW"


# -- our choice: the K♠-over-K♣ point counts before the rest of its trick -------------------------


def test_king_feat_wins_at_eight_before_the_five_five_could_overshoot() -> None:
    answer = referee(build("danish-club", "N:7S E:KC S:KS W:5C", score={"NS": 8, "EW": 4},
                           previous=["NS"] * 4))
    (trick,) = answer["tricks"]
    assert trick["events"] == ["P4"]
    assert trick["points"] == {"NS": 1, "EW": 0}  # the 5-5 that would have made 11 never counts
    assert answer["score"] == {"NS": 9, "EW": 4}
    assert answer["match_winner"] == "NS"


def test_without_the_king_feat_the_five_five_overshoots() -> None:
    answer = referee(build("danish-club", "N:9C E:6D S:8C W:5D", score={"NS": 8, "EW": 4},
                           previous=["NS"] * 4))
    assert answer["score"] == {"NS": 7, "EW": 4}  # 8 + 2 is one past 9: back to 7
    assert answer["match_winner"] is None


# -- our choice: at 8:8 the club's Toqu and Worms restrictions lapse ------------------------------

EIGHT_EIGHT = {"NS": 8, "EW": 8}
SEVEN_EIGHT = {"NS": 7, "EW": 8}


@pytest.mark.parametrize(("trick", "rule"), [
    ("N:7H E:KH", "F2"),  # Worms on a led Seven
    ("N:JC", "F4"),  # Toqu led before Worms has appeared
    ("N:KH E:5D", "O1"),  # E holds Toqu and lets the Worms head
    ("N:KH E:5D S:JC", "F1"),  # Toqu on partner's Worms
])
def test_at_eight_eight_the_toqu_and_worms_rules_lapse(trick: str, rule: str) -> None:
    holds = {"E": ["JC"]} if rule == "O1" else {}
    plain = replay("danish-club", trick, score=EIGHT_EIGHT, holds=holds)
    assert plain.illegal is None
    refused = replay("danish-club", trick, score=SEVEN_EIGHT, holds=holds)
    assert refused.illegal is not None and refused.illegal.refusal.rule == rule


def test_at_eight_eight_nobody_announces_holding_both() -> None:
    hands = {"N": "KH JC 5C 6C", "E": "5D 6D 8D QD", "S": "5H 6H 8H QH", "W": "5S 6S QS QC"}
    for score, announced in ((EIGHT_EIGHT, ()), (SEVEN_EIGHT, ("N",))):
        position = state("danish-club", hands, "N", score=score,
                         plays=["N: KH", "E: 5D", "S: 5H", "W: 5S"])
        assert position.records[0].aavunga == announced


# -- our choice: with two players the trick's winner draws first after the fourth card -----------


def two_players(plays: list[str]) -> Scenario:
    return Scenario.from_json({
        "hands": {"A": ["7H", "5D", "QD", "QH"], "B": ["9C", "KC", "QS", "QC"]},
        "stock": ["AS", "AH", "AD", "9S"], "leader": "A", "plays": plays,
    })


def test_two_players_the_trick_winner_draws_first_after_the_fourth_card() -> None:
    # A's led Seven is the better of the first two cards: A draws the A♠ first, B the A♥;
    # B's K♣ then kills the Seven, so B draws the A♦ first and A the 9♠
    final = two_players(["A: 7H", "B: 9C", "A: 5D", "B: KC"]).replay().final
    assert final.records[0].winner == "B"
    assert [card.code for card in final.hand_of("A")[-2:]] == ["AS", "9S"]
    assert [card.code for card in final.hand_of("B")[-2:]] == ["AH", "AD"]
    assert final.to_move == "B"


def test_two_players_the_better_card_keeps_the_first_draw_when_it_wins() -> None:
    final = two_players(["A: 7H", "B: 9C", "A: 5D", "B: QS"]).replay().final
    assert final.records[0].winner == "A"
    assert [card.code for card in final.hand_of("A")[-2:]] == ["AS", "AD"]
    assert [card.code for card in final.hand_of("B")[-2:]] == ["AH", "9S"]
