"""Every worked case of rules.md §D, under every preset the case names.

Each test builds the case's position in the scenario format (the contract), replays it, and
checks what a player would see: who wins, how many trick units, what scores, or which rule an
illegal play breaks. Cases marked ALL run under danish-club, english and ru-literal.
"""

from __future__ import annotations

import random

import pytest

from worms_tutor.formats.explain import explain_record
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Match, deal
from worms_tutor.values.errors import IllegalPlay
from worms_tutor.values.rules import Rules

from .helpers import ALL, NO_POINTS4, bonus, build, one_trick, refused, replay

DANISH_ENGLISH = ("danish-club", "english")
FOUR_ALL = ["NS", "EW", "NS", "EW", "NS", "EW", "NS", "EW"]
"""Eight earlier trick units shared 4–4: the next trick is the ninth and last."""


def assert_plain_win(variant: str, trick: str, winner: str, **kwargs: object) -> None:
    record = one_trick(variant, trick, **kwargs)
    assert record.winner == winner
    assert record.units == 1
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


# -- D.1 plain ranking and suit ties ----------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_d01_any_six_beats_any_five(variant: str) -> None:
    assert_plain_win(variant, "N:5C E:6D S:5S W:QC", "E")


@pytest.mark.parametrize("variant", ALL)
def test_d02_equal_nines_split_by_suit(variant: str) -> None:
    assert_plain_win(variant, "N:9D E:AC S:9H W:JS", "S")


@pytest.mark.parametrize("variant", ALL)
def test_d03_eight_of_spades_is_third_matador(variant: str) -> None:
    assert_plain_win(variant, "N:AD E:8S S:9C W:AC", "E")


@pytest.mark.parametrize("variant", ALL)
def test_d05_kings_below_queens(variant: str) -> None:
    assert_plain_win(variant, "N:QH E:QS S:KC W:KS", "E")


@pytest.mark.parametrize("variant", ALL)
def test_d06_kc_beats_led_ks_unled_sevens_powerless(variant: str) -> None:
    assert_plain_win(variant, "N:KS E:KC S:7H W:7C", "E")
    reasons = explain_record(one_trick(variant, "N:KS E:KC S:7H W:7C"), 4)
    assert [reason.rules for reason in reasons if "7H" in reason.text] == [("R3.3",)]


@pytest.mark.parametrize("variant", ALL)
def test_d08_js_top_plain_jack(variant: str) -> None:
    assert_plain_win(variant, "N:JD E:JS S:JH W:6C", "E")


@pytest.mark.parametrize("variant", ALL)
def test_d09_head_passes_twice(variant: str) -> None:
    assert_plain_win(variant, "N:6H E:5C S:JD W:AD", "W")


@pytest.mark.parametrize("variant", ALL)
def test_d11_nine_of_clubs_top_nine(variant: str) -> None:
    assert_plain_win(variant, "N:9S E:9C S:AC W:9H", "E")


# -- D.2 sevens and the two kings -------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_d12_led_seven_holds_against_big_cards(variant: str) -> None:
    assert_plain_win(variant, "N:7H E:8S S:9C W:AC", "N")


@pytest.mark.parametrize(("variant", "winner"),
                         [("danish-club", "E"), ("english", "E"), ("ru-literal", "N")])
def test_d13_higher_seven_on_led_seven(variant: str, winner: str) -> None:
    assert_plain_win(variant, "N:7H E:7C S:8S W:5D", winner)


@pytest.mark.parametrize("variant", ALL)
def test_d14_lower_sevens_fail_against_led_7c(variant: str) -> None:
    assert_plain_win(variant, "N:7C E:7S S:7H W:7D", "N")


@pytest.mark.parametrize("variant", ALL)
def test_d16_kc_beats_led_seven_and_holds(variant: str) -> None:
    assert_plain_win(variant, "N:7S E:KC S:9C W:8S", "E")


@pytest.mark.parametrize(("variant", "points", "events"), [
    ("danish-club", {"NS": 1, "EW": 0}, ("P4",)),
    ("english", NO_POINTS4, ()),
    ("ru-literal", NO_POINTS4, ()),
])
def test_d17_ks_straight_after_kc(variant: str, points: dict[str, int],
                                  events: tuple[str, ...]) -> None:
    record = one_trick(variant, "N:7S E:KC S:KS W:9C")
    assert record.winner == "S"
    assert record.events == events
    assert record.points(4) == points


@pytest.mark.parametrize("variant", ALL)
def test_d19_ks_alone_never_beats_a_seven(variant: str) -> None:
    assert_plain_win(variant, "N:7D E:KS S:5C W:6C", "N")


@pytest.mark.parametrize("variant", ALL)
def test_d22_toqu_cannot_beat_led_seven(variant: str) -> None:
    assert_plain_win(variant, "N:7D E:JC S:5C W:AC", "N", played=["KH"])


def test_d23_danish_worms_on_led_seven_is_refused() -> None:
    index, seat, rule = refused("danish-club", "N:7C E:KH S:9C W:5C")
    assert (index, seat, rule) == (1, "E", "F2")
    # E takes it back and plays another card: N's led Seven wins
    record = one_trick("danish-club", "N:7C E:QD S:9C W:5C", holds={"E": ["KH"]})
    assert record.winner == "N"


def test_d23_english_worms_on_led_seven_is_lost() -> None:
    record = one_trick("english", "N:7C E:KH S:9C W:5C")
    assert record.winner == "N"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


@pytest.mark.parametrize("variant", ALL)
def test_d24_worms_on_led_seven_as_last_card(variant: str) -> None:
    record = one_trick(variant, "N:7C E:KH S:9C W:5C", final=True, previous=FOUR_ALL)
    assert record.winner == "N"
    assert record.events == ()
    assert bonus(record) == NO_POINTS4


@pytest.mark.parametrize(("variant", "winner"),
                         [("english", "E"), ("danish-club", "W"), ("ru-literal", "W")])
def test_d25_seven_second_after_led_three(variant: str, winner: str) -> None:
    assert_plain_win(variant, "N:3D E:7D S:AC W:8S", winner)


@pytest.mark.parametrize(("variant", "winner"),
                         [("danish-club", "S"), ("english", "S"), ("ru-literal", "N")])
def test_d27_pair_of_sevens_beaten_by_higher_sevens(variant: str, winner: str) -> None:
    result = replay(variant, ["N: 7H 7D", "E: 9C 8S", "S: 7S>7H 7C>7D", "W: 5C 6C"])
    assert result.illegal is None
    (record,) = result.records
    assert record.winner == winner
    assert record.units == 2
    assert result.final.previous == ("NS", "NS")


@pytest.mark.parametrize("variant", ALL)
def test_d30_pair_of_kings_beaten_by_queens_then_low_cards(variant: str) -> None:
    record = one_trick(variant, ["N: KC KS", "E: 7C 7S", "S: QD>KC QH>KS", "W: 5C>QD 8D>QH"])
    assert record.winner == "W"
    assert record.units == 2
    assert record.points(4) == NO_POINTS4


# -- D.3 the three of diamonds ----------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_d31_led_three_is_worthless(variant: str) -> None:
    assert_plain_win(variant, "N:3D E:5D S:KS W:7C", "E")
    reasons = explain_record(one_trick(variant, "N:3D E:5D S:KS W:7C"), 4)
    beaten = [reason for reason in reasons if reason.text.startswith("E's 5D beats")]
    assert [reason.rules for reason in beaten] == [("R5.1",)]  # not a plain higher card


@pytest.mark.parametrize("variant", ALL)
def test_d32_three_played_last_beats_everything(variant: str) -> None:
    assert_plain_win(variant, "N:9C E:8S S:AC W:3D", "W")


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d34_three_beats_worms_no_duty_no_points(variant: str) -> None:
    record = one_trick(variant, "N:KH E:3D S:5C W:9D", holds={"W": ["JC"]})
    assert record.winner == "E"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


def test_d34_ru_literal_middle_three_worthless_toqu_forced() -> None:
    index, seat, rule = refused("ru-literal", "N:KH E:3D S:5C W:9D", holds={"W": ["JC"]})
    assert (index, seat, rule) == (3, "W", "O1")
    record = one_trick("ru-literal", "N:KH E:3D S:5C W:JC", holds={"W": ["9D"]})
    assert record.winner == "W"
    assert record.events == ("P1",)
    assert record.points(4) == {"NS": 0, "EW": 2}


@pytest.mark.parametrize("variant", ALL)
def test_d35_three_recaptures_from_toqu(variant: str) -> None:
    record = one_trick(variant, "N:5C E:KH S:JC W:3D")
    assert record.winner == "W"
    assert record.events == ("P2",)
    assert record.points(4) == {"NS": 0, "EW": 2}


@pytest.mark.parametrize("variant", ALL)
def test_d35_toqu_must_be_played_on_heading_worms(variant: str) -> None:
    index, seat, rule = refused(variant, "N:5C E:KH S:QH", holds={"S": ["JC"]})
    assert (index, seat, rule) == (2, "S", "O1")
    reasons = explain_record(one_trick(variant, "N:5C E:KH S:JC W:3D"), 4)
    duty = [reason for reason in reasons if "O1" in reason.rules]
    assert [reason.text for reason in duty] == [
        "E's Worms heads the trick, so S, holding Toqu, must play it (O1)"]


@pytest.mark.parametrize(("variant", "winner"),
                         [("danish-club", "S"), ("english", "S"), ("ru-literal", "E")])
def test_d38_three_in_the_middle(variant: str, winner: str) -> None:
    assert_plain_win(variant, "N:9C E:JC S:3D W:5C", winner, played=["KH"])


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d39_three_is_not_a_king_in_a_set(variant: str) -> None:
    assert refused(variant, ["N: KC 3D"]) == (0, "N", "F7")


def test_d39_english_three_as_king_when_agreed_is_a_worthless_target() -> None:
    record = one_trick("english", ["N: KC 3D", "E: QD QH", "S: 5D 5H", "W: 8D 8H"],
                       rules={"S8": True})
    assert record.winner == "S"
    assert record.units == 2


# -- D.4 Toqu and Voormsi ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_d40_toqu_captures_worms(variant: str) -> None:
    record = one_trick(variant, "N:9D E:KH S:JC W:5S")
    assert record.winner == "S"
    assert record.events == ("P1",)
    assert record.points(4) == {"NS": 2, "EW": 0}


@pytest.mark.parametrize("variant", ALL)
def test_d40_toqu_holder_may_not_hold_back(variant: str) -> None:
    assert refused(variant, "N:9D E:KH S:QD", holds={"S": ["JC"]}) == (2, "S", "O1")


@pytest.mark.parametrize(("variant", "trick", "says"), [
    ("english", "N:9D E:KH S:QD", "Toqu must be played now."),
    ("danish-club", "N:9D E:KH S:QD",
     "Toqu must be played now, since a play with Toqu would take the trick."),
    ("english", ["N: 9D 9H", "E: KH>9D 8S>9H", "S: QD QH"],
     "Toqu must be among the cards played now."),
])
def test_o1_refusal_states_the_duty_as_the_rule_has_it(variant: str, trick: str | list[str],
                                                       says: str) -> None:
    """O1 asks for Toqu somewhere in the play, not placed on the Worms; the Danish rulebook
    asks it only when Toqu would take the trick, and the refusal says so."""
    illegal = replay(variant, trick, holds={"S": ["JC", "9C"]}).illegal
    assert illegal is not None and illegal.refusal.rule == "O1"
    assert illegal.refusal.message == f"E's Worms heads the trick and S holds Toqu: {says}"


@pytest.mark.parametrize("variant", ALL)
def test_d41_worms_after_toqu_wins(variant: str) -> None:
    record = one_trick(variant, "N:9D E:JC S:KH W:5S")
    assert record.winner == "S"


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d41_worms_over_toqu_brought_home(variant: str) -> None:
    record = one_trick(variant, "N:9D E:JC S:KH W:5S")
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 1, "EW": 0}


def test_d42_english_led_toqu_beaten_by_worms() -> None:
    record = one_trick("english", "N:JC E:KH S:5C W:6C")
    assert record.winner == "E"
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 0, "EW": 1}


def test_d42_danish_toqu_lead_before_worms_refused() -> None:
    assert refused("danish-club", "N:JC E:KH S:5C W:6C") == (0, "N", "F4")


@pytest.mark.parametrize("variant", ALL)
def test_d44_led_worms_captured(variant: str) -> None:
    record = one_trick(variant, "N:KH E:JC S:5D W:KS")
    assert record.winner == "E"
    assert record.events == ("P1",)
    assert record.points(4) == {"NS": 0, "EW": 2}


@pytest.mark.parametrize("variant", ALL)
def test_d46_toqu_never_on_partners_worms(variant: str) -> None:
    index, seat, rule = refused(variant, "N:KH E:9C S:JC", holds={"S": ["6D"]})
    assert (index, seat, rule) == (2, "S", "F1")


@pytest.mark.parametrize("variant", ALL)
def test_d46_worms_home_with_toqu_in_partners_hand(variant: str) -> None:
    record = one_trick(variant, "N:KH E:9C S:6D W:5D", holds={"S": ["JC"]})
    assert record.winner == "N"
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 1, "EW": 0}


@pytest.mark.parametrize("variant", ALL)
def test_d48_worms_last_after_toqu_gone(variant: str) -> None:
    # D-48 refers to "the same cards" as a case not in the catalogue; this position has its
    # stated outcome: W's Worms, last card of the trick, Toqu gone earlier -> W, no bonus.
    record = one_trick(variant, "N:9C E:5C S:AC W:KH", played=["JC"])
    assert record.winner == "W"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d49_melted_worms_scores_nothing(variant: str) -> None:
    record = one_trick(variant, "N:KH E:5C S:9C W:AC", holds={"N": ["JC"]})
    assert record.winner == "N"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4
    assert record.aavunga == (("N",) if variant == "danish-club" else ())


def test_d50_danish_toqu_lead_refused() -> None:
    assert refused("danish-club", "N:JC E:8S S:9C W:AC") == (0, "N", "F4")


def test_d50_english_toqu_lead_allowed() -> None:
    assert_plain_win("english", "N:JC E:8S S:9C W:AC", "N")


@pytest.mark.parametrize("variant", ALL)
def test_d51_melted_toqu_lead(variant: str) -> None:
    record = one_trick(variant, "N:JC E:5C S:6C W:AC", holds={"N": ["KH"]})
    assert record.winner == "N"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d52_worms_after_toqu_gone_scores_nothing(variant: str) -> None:
    assert_plain_win(variant, "N:KH E:5C S:9C W:AC", "N", played=["JC"])


@pytest.mark.parametrize("variant", ALL)
def test_d55_final_trick_worms_over_toqu_wins(variant: str) -> None:
    record = one_trick(variant, "N:9C E:JC S:KH W:5D", final=True, previous=FOUR_ALL)
    assert record.winner == "S"


@pytest.mark.parametrize(("variant", "points"),
                         [("danish-club", NO_POINTS4), ("english", {"NS": 1, "EW": 0})])
def test_d55_final_trick_worms_over_toqu_points(variant: str, points: dict[str, int]) -> None:
    record = one_trick(variant, "N:9C E:JC S:KH W:5D", final=True, previous=FOUR_ALL)
    assert bonus(record) == points


# -- D.5 multi-card tricks --------------------------------------------------------------------


@pytest.mark.parametrize("variant", DANISH_ENGLISH)
def test_d56_double_trick_each_group_beats_the_head(variant: str) -> None:
    result = replay(variant, ["N: 5D 5H", "E: 6C>5D 6S>5H", "S: JD>6C AC>6S",
                              "W: 9C>JD 8S>AC"])
    assert result.illegal is None
    (record,) = result.records
    assert record.winner == "W"
    assert record.units == 2
    assert result.final.previous == ("EW", "EW")


@pytest.mark.parametrize("variant", ALL)
def test_d59_triple_trick_nines_over_aces(variant: str) -> None:
    record = one_trick(variant, ["N: AD AH AS", "E: 9D 9H 9S", "S: 8S 9C 6C", "W: 5C 5S 5H"])
    assert record.winner == "E"
    assert record.units == 3


@pytest.mark.parametrize("variant", ALL)
def test_d60_quadruple_trick(variant: str) -> None:
    record = one_trick(variant, ["N: 5C 5S 5H 5D", "E: 6C 6S 6H 6D", "S: JS JH JD AC",
                                 "W: 9D>AC 9H>JS 9S>JH AD>JD"])
    assert record.winner == "W"
    assert record.units == 4


def test_d61_danish_two_pairs_quadruple_trick() -> None:
    record = one_trick("danish-club", ["N: 9C 9D 5S 5H", "E: 8S>9C 9S>9D 6D>5S 6H>5H",
                                       "S: AC AS JS JH", "W: QC QS KC KS"])
    assert record.winner == "E"
    assert record.units == 4


def test_d61_english_two_pairs_lead_refused() -> None:
    assert refused("english", ["N: 9C 9D 5S 5H"]) == (0, "N", "F6")


D63_S_HAND = {"S": ["JC", "5C", "6D", "QH"]}


def test_d63_danish_toqu_holder_not_obliged_when_group_cannot_take() -> None:
    record = one_trick("danish-club", ["N: 9D 9H", "E: KH>9D 8S>9H", "S: 5C 6D", "W: QD QS"],
                       hands=D63_S_HAND)
    assert record.winner == "E"
    assert record.units == 2
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 0, "EW": 1}


def test_d63_english_toqu_holder_must_include_toqu() -> None:
    index, seat, rule = refused("english", ["N: 9D 9H", "E: KH>9D 8S>9H", "S: 5C 6D"],
                                hands=D63_S_HAND)
    assert (index, seat, rule) == (2, "S", "O1")
    record = one_trick("english", ["N: 9D 9H", "E: KH>9D 8S>9H", "S: JC>KH 5C>8S", "W: QD QS"],
                       hands=D63_S_HAND)
    assert record.winner == "E"
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 0, "EW": 1}


D65_HANDS = {"W": ["9D", "9H"], "N": ["KH", "9C"], "E": ["5D", "6D"], "S": ["JC", "QD"]}
D65_PREVIOUS = ["NS", "EW", "NS", "EW", "NS", "EW", "EW"]


@pytest.mark.parametrize("variant", ALL)
def test_d65_forced_toqu_laid_on_the_other_card(variant: str) -> None:
    head = ["W: 9D 9H", "N: KH>9D 9C>9H", "E: 5D 6D"]
    assert refused(variant, [*head, "S: JC>KH QD>9C"], hands=D65_HANDS, final=True,
                   previous=D65_PREVIOUS) == (3, "S", "F1")
    record = one_trick(variant, [*head, "S: JC>9C QD>KH"], hands=D65_HANDS, final=True,
                       previous=D65_PREVIOUS)
    assert record.winner == "N"
    assert record.units == 2
    assert record.events == ("P3",)
    assert bonus(record) == {"NS": 1, "EW": 0}


# -- D.6 dealing, drawing, flow ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_d69_winner_draws_first(variant: str) -> None:
    stock = ["AS", "AH", "AD", "9S", "9H", "9D", "6S", "6H", "6D", "5S", "5H", "5D"]
    result = replay(variant, "N:QD E:JD S:QH W:8D",
                    hands={"N": ["QD", "QC", "QS", "8C"], "E": ["JD", "JH", "JS", "AC"],
                           "S": ["QH", "8H", "5C", "6C"], "W": ["8D", "9C", "7D", "7H"]},
                    stock=stock)
    assert result.illegal is None
    assert result.records[0].winner == "E"
    final = result.final
    assert final.hand_of("E")[-1].code == "AS"
    assert final.hand_of("S")[-1].code == "AH"
    assert final.hand_of("W")[-1].code == "AD"
    assert final.hand_of("N")[-1].code == "9S"
    assert all(len(final.hand_of(seat)) == 4 for seat in "NESW")
    assert [card.code for card in final.stock] == stock[4:]
    assert final.to_move == "E"


def test_r12_1_short_hands_draw_one_card_at_a_time_from_the_winner() -> None:
    # a set-up position where two hands are a card short: after the first round of drawing
    # East and West still are, so they draw again, in order, while the stock lasts
    stock = ["AS", "AH", "AD", "9S", "9H", "9D"]
    result = replay("english", "N:QD E:JD S:QH W:8D",
                    hands={"N": ["QD", "QC", "QS", "8C"], "E": ["JD", "JH", "JS"],
                           "S": ["QH", "8H", "5C", "6C"], "W": ["8D", "9C", "7D"]},
                    stock=stock)
    assert result.illegal is None and result.records[0].winner == "E"
    final = result.final
    drawn = {seat: [card.code for card in final.hand_of(seat)][-2:] for seat in "NESW"}
    assert drawn["E"] == ["AS", "9H"] and drawn["W"] == ["AD", "9D"]
    assert drawn["S"][-1] == "AH" and drawn["N"][-1] == "9S"
    assert [len(final.hand_of(seat)) for seat in "NESW"] == [4, 4, 4, 4]
    assert final.stock == ()


def test_d71_danish_redeal_when_dealt_both() -> None:
    danish = Rules.preset("danish-club")
    redealt = 0
    for seed in range(300):
        dealt = deal(danish, "W", random.Random(seed))
        for _, cards in dealt.hands:
            assert not {"KH", "JC"} <= {card.code for card in cards}
        redealt += dealt.redeals
    assert redealt > 0


def test_d71_english_plays_on_when_dealt_both() -> None:
    english = Rules.preset("english")
    both = 0
    for seed in range(300):
        dealt = deal(english, "W", random.Random(seed))
        assert dealt.redeals == 0
        both += any({"KH", "JC"} <= {card.code for card in cards} for _, cards in dealt.hands)
    assert both > 0


def test_d72_danish_no_worms_opening_lead_of_match() -> None:
    assert refused("danish-club", "N:KH", first_lead_of_match=True) == (0, "N", "F3")


def test_d72_english_worms_opening_lead_allowed() -> None:
    result = replay("english", "N:KH", first_lead_of_match=True)
    assert result.illegal is None


def test_d72_match_starts_with_first_lead_flag_at_dealers_left() -> None:
    danish = Rules.preset("danish-club")
    seeds = (seed for seed in range(500)
             if "KH" in map(str, Match.new(danish, seed=seed, dealer="W").hand.hand_of("N")))
    match = Match.new(danish, seed=next(seeds), dealer="W")
    assert match.current_deal.leader == "N"
    assert match.to_move == "N"
    assert match.hand.first_lead_of_match
    offered = [legal.play for legal in match.hand.legal_plays()]
    assert offered
    assert all("KH" not in map(str, play.cards) for play in offered)
    with pytest.raises(IllegalPlay) as refusal:
        match.play("N: KH")
    assert refusal.value.rule == "F3"


def test_d73_danish_wrong_player_cuts() -> None:
    """Dealer N: W (just before the dealer in playing order) cuts; a wrong cutter's side
    loses all its lus at a refereed club table (worms_tutor.mechanics.table)."""
    from worms_tutor.mechanics.table import cutter, table_penalty

    assert cutter("N") == "W"
    club_table = Rules.preset("danish-club", {"S13": "dk"})
    assert "loses all its lus" in (table_penalty(club_table, "wrong_cutter") or "")


def test_d74_knocked_first_trick_led_seven_then_draw_from_winner() -> None:
    # The knock itself is table procedure; the face-up trick and the draw are engine play.
    result = replay("danish-club", "E:7D S:AC W:9C N:5D",
                    hands={"E": ["7D", "QC", "QS"], "S": ["AC", "QH", "QD"],
                           "W": ["9C", "8C", "8H"], "N": ["5D", "8D", "6C"]},
                    stock=["AS", "AH", "AD", "9S", "9H", "9D", "6S", "6H"])
    assert result.illegal is None
    assert result.records[0].winner == "E"
    final = result.final
    assert final.to_move == "E"
    assert all(len(final.hand_of(seat)) == 4 for seat in "NESW")
    assert [card.code for card in final.hand_of("E")[-2:]] == ["AS", "9H"]
    assert [card.code for card in final.hand_of("N")[-2:]] == ["9S", "6H"]


# -- D.7 scoring ------------------------------------------------------------------------------


def last_trick_scenario(variant: str, previous: list[str], trick: str,
                        **kwargs: object) -> Scenario:
    return Scenario.from_json(build(variant, trick, final=True, previous=previous, **kwargs))


def test_d75_english_six_three_without_first_five() -> None:
    previous = ["EW", "NS", "NS", "NS", "NS", "NS", "EW", "EW"]
    result = last_trick_scenario("english", previous, "N:9C E:5C S:6C W:5D").replay()
    assert result.final.hand_over
    assert result.final.hand_points == {"NS": 2, "EW": 0}
    assert result.final.score_map == {"NS": 2, "EW": 0}


def not_stopped(variant: str) -> dict[str, object]:
    """A club hand that goes on past five trick units: the engine stops it there (§E Q13) and
    refuses a position past it, so a table that failed to stop is set up as one that plays all
    the cards (S12 = pg). A sweep scores the same nothing under either count."""
    return {"rules": {"S12": "pg"}} if variant == "danish-club" else {}


@pytest.mark.parametrize("variant", ALL)
def test_d77_sweep_scores_no_trick_points_but_bonus_stands(variant: str) -> None:
    result = last_trick_scenario(variant, ["NS"] * 8, "N:5C E:KH S:JC W:5D",
                                 **not_stopped(variant)).replay()
    assert result.illegal is None
    assert result.final.hand_over
    assert result.final.hand_points == NO_POINTS4
    assert result.records[-1].events == ("P1",)
    assert result.final.score_map == {"NS": 2, "EW": 0}


@pytest.mark.parametrize("variant", ALL)
def test_d77_plain_sweep_scores_nothing(variant: str) -> None:
    result = last_trick_scenario(variant, ["NS"] * 8, "N:9C E:5C S:6C W:5D",
                                 **not_stopped(variant)).replay()
    assert result.final.hand_over
    assert result.final.score_map == NO_POINTS4


FIVE_THREE_BEFORE = ["NS", "EW", "NS", "EW", "NS", "EW", "NS"]


def test_d78_danish_hand_stops_at_five_units() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=FIVE_THREE_BEFORE)
    assert result.final.hand_over
    assert result.final.to_move is None
    assert result.final.hand_points == {"NS": 1, "EW": 0}
    assert result.final.score_map == {"NS": 1, "EW": 0}


def test_d78_english_plays_on() -> None:
    result = replay("english", "N:9C E:5C S:6C W:5D", previous=FIVE_THREE_BEFORE)
    assert not result.final.hand_over
    assert result.final.to_move == "N"
    assert result.final.score_map == NO_POINTS4


def test_d79_danish_first_five_scores_two() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=["NS"] * 4)
    assert result.final.hand_over
    assert result.final.hand_points == {"NS": 2, "EW": 0}


def test_d82_danish_eight_plus_one_wins_match() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=FIVE_THREE_BEFORE,
                    score={"NS": 8, "EW": 3})
    assert result.final.score_map == {"NS": 9, "EW": 3}
    assert result.final.match_winner == "NS"


def test_d83_danish_capture_to_nine_stops_at_once() -> None:
    result = replay("danish-club", "N:5C E:KH S:JC W:5D S:9C", score={"NS": 7, "EW": 2})
    final = result.final
    assert result.records[0].events == ("P1",)
    assert final.score_map == {"NS": 9, "EW": 2}
    assert final.match_winner == "NS"
    assert final.to_move is None
    assert final.hand_of("N")  # cards remain in hand, and still the match is over
    assert result.illegal is not None
    assert (result.illegal.index, result.illegal.refusal.rule) == (4, "R15.3")


def test_d84_danish_eight_eight_no_capture() -> None:
    record = one_trick("danish-club", "N:KH E:JC S:5D W:6D", score={"NS": 8, "EW": 8})
    assert record.winner == "E"
    assert record.events == ()
    assert record.points(4) == NO_POINTS4
    assert not [reason for reason in explain_record(record, 4) if "O1" in reason.rules]


def test_d84_danish_eight_eight_no_toqu_duty() -> None:
    record = one_trick("danish-club", "N:KH E:QD S:5D W:6D", holds={"E": ["JC"]},
                       score={"NS": 8, "EW": 8})
    assert record.winner == "N"
    assert record.events == ()


def test_d87_danish_nine_nil_is_a_kam() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=FIVE_THREE_BEFORE,
                    score={"NS": 8, "EW": 0})
    assert result.final.match_winner == "NS"
    assert result.final.kam
    assert result.records[-1].kam


def test_d87_danish_nine_to_one_is_no_kam() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=FIVE_THREE_BEFORE,
                    score={"NS": 8, "EW": 1})
    assert result.final.match_winner == "NS"
    assert not result.final.kam


def test_d88_danish_sweep_after_failing_to_stop_scores_nothing() -> None:
    # The engine always stops at five (§E Q13); a table that played all nine anyway is set up
    # as one that plays the cards out (see ``not_stopped``).
    result = last_trick_scenario("danish-club", ["NS"] * 8, "N:9C E:5C S:6C W:5D",
                                 **not_stopped("danish-club")).replay()
    assert result.final.hand_over
    assert result.final.hand_points == NO_POINTS4
    assert result.final.score_map == NO_POINTS4


# -- D.8 two and three players (english) ------------------------------------------------------


def two_player(plays: list[str], a: str, b: str, stock: str) -> Scenario:
    return Scenario.from_json({
        "variant": "english", "rules": {"V": 1},
        "hands": {"A": a.split(), "B": b.split()},
        "stock": stock.split(), "leader": "A", "plays": plays,
    })


def test_two_players_toqu_on_own_worms_captures_nothing() -> None:
    # with two players a seat lays two cards to a trick: Toqu on its own Worms is no capture
    # (R6.2 needs an opponent's Worms), and a 3♦ on that Toqu takes nothing back
    own = two_player(["A: KH", "B: 5C", "A: JC", "B: 6D"], "KH JC QC QS", "5C 6D QH QD",
                     "8C 8D 8H 6H")
    record = own.replay().records[0]
    assert (record.winner, record.events, record.points(2)) == ("A", (), {"A": 0, "B": 0})
    assert explain_record(record, 2)[-1].text == (
        "No Worms bonus: A laid Toqu on their own Worms, so one player had both (R6.5)")
    back = two_player(["A: 5C", "B: KH", "B: JC", "A: 3D"], "5C 3D QC QS", "KH JC QH QD",
                      "8C 8D 8H 6H")
    record = back.replay().records[0]
    assert (record.winner, record.events, record.points(2)) == ("A", (), {"A": 0, "B": 0})


def test_two_players_own_three_on_a_capturing_toqu_keeps_the_capture() -> None:
    scenario = two_player(["A: KH", "B: JC", "B: 3D", "A: 5C"], "KH 5C QC QS", "JC 3D QH QD",
                          "8C 8D 8H 6H")
    record = scenario.replay().records[0]
    assert (record.winner, record.events, record.points(2)) == ("B", ("P1",), {"A": 0, "B": 2})
    taken_back = two_player(["A: KH", "B: JC", "B: 5D", "A: 3D"], "KH 3D QC QS",
                            "JC 5D QH QD", "8C 8D 8H 6H")
    record = taken_back.replay().records[0]
    assert (record.winner, record.events, record.points(2)) == ("A", ("P2",), {"A": 2, "B": 0})


def test_d89_two_players_kc_fourth_kills_led_seven() -> None:
    scenario = two_player(["A: 7H", "B: 9C", "A: 5D", "B: KC"],
                          "7H 5D QD QH", "9C KC QS QC", "AS AH AD 9S 9H 9D")
    states = scenario.replay().states
    assert states[2].to_move == "A"
    assert states[2].hand_of("A")[-1].code == "AS"
    assert states[2].hand_of("B")[-1].code == "AH"
    result = scenario.replay()
    assert result.illegal is None
    assert result.records[0].winner == "B"
    assert result.records[0].units == 1


def test_d90_two_players_toqu_forced_fourth() -> None:
    head = ["A: 9S", "B: KH", "B: 5C"]
    scenario = two_player([*head, "A: JC"], "9S JC QD QH", "KH 5C QS QC",
                          "AS AH AD 9H 9D 6S")
    states = scenario.replay().states
    assert states[2].to_move == "B"
    assert states[2].hand_of("B")[-1].code == "AS"
    assert states[2].hand_of("A")[-1].code == "AH"
    result = scenario.replay()
    assert result.illegal is None
    record = result.records[0]
    assert record.winner == "A"
    assert record.events == ("P1",)
    assert record.points(2) == {"A": 2, "B": 0}
    bad = two_player([*head, "A: QD"], "9S JC QD QH", "KH 5C QS QC", "AS AH AD 9H 9D 6S")
    refusal = bad.replay().illegal
    assert refusal is not None
    assert refusal.refusal.rule == "O1"


def test_d91_two_players_three_fourth() -> None:
    scenario = two_player(["A: 8S", "B: 9C", "A: 5C", "B: 3D"], "8S 5C QD QH",
                          "9C 3D QS QC", "AS AH AD 9H")
    states = scenario.replay().states
    assert states[2].to_move == "A"
    result = scenario.replay()
    assert result.illegal is None
    assert result.records[0].winner == "B"


def three_player(plays: list[str], hands: dict[str, str]) -> Scenario:
    return Scenario.from_json({
        "variant": "english", "rules": {"V": 1},
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "stock": ["AS", "AH", "AD"], "leader": "A", "plays": plays,
    })


def test_d92_three_players_recapture() -> None:
    scenario = three_player(["A: KH", "B: JC", "C: 3D"],
                            {"A": "KH QD QH 8D", "B": "JC QS QC 8H", "C": "3D 5D 5H 6D"})
    assert scenario.rules.players == 3
    assert scenario.rules.target == 12
    result = scenario.replay()
    assert result.illegal is None
    record = result.records[0]
    assert record.winner == "C"
    assert record.events == ("P2",)
    assert record.points(3) == {"A": 0, "B": 0, "C": 2}


def test_d93_three_players_toqu_duty_against_either_opponent() -> None:
    hands = {"A": "9C QD QH 8D", "B": "KH QS QC 8H", "C": "JC 5D 5H 6D"}
    refusal = three_player(["A: 9C", "B: KH", "C: 5D"], hands).replay().illegal
    assert refusal is not None
    assert (refusal.seat, refusal.refusal.rule) == ("C", "O1")
    record = three_player(["A: 9C", "B: KH", "C: JC"], hands).replay().records[0]
    assert record.winner == "C"
    assert record.events == ("P1",)
    assert record.points(3) == {"A": 0, "B": 0, "C": 2}
