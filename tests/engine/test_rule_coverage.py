"""Every rule id of rules.md has a test: the table, the check, and the tests for rules that no
worked case of §D exercises (notation, ranking order, drawing, hand end, trick points, match
rules, two and three players, dealing).

``COVERAGE`` maps each rule id to ``module::test`` names in tests/engine. ``PARTIAL`` names the
ids whose table procedure the engine does not model; their tests cover only what it exposes.
The list of ids is written here (not read from rules.md) so the repository stays
self-contained.
"""

from __future__ import annotations

import ast
import random
from itertools import pairwise
from pathlib import Path

import pytest

from worms_tutor.formats.referee import referee_json
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Match, deal
from worms_tutor.values.cards import PACK, Card, Rank
from worms_tutor.values.errors import IllegalPlay, NotationError, ScenarioError
from worms_tutor.values.rulebook import RULE_TITLES
from worms_tutor.values.rules import Rules
from worms_tutor.values.seating import next_seat

from .helpers import (
    ALL,
    NO_POINTS4,
    bonus,
    build,
    deal_hand,
    one_trick,
    playout,
    refused,
    replay,
    state,
)

HERE = Path(__file__).parent

# -- B1 pack, names, suit order ---------------------------------------------------------------


def test_r1_1_pack_has_36_cards_and_3d_replaces_kd() -> None:
    codes = [str(card) for card in PACK]
    assert len(codes) == 36 == len(set(codes))
    assert "KD" not in codes and "3D" in codes
    assert not any(code[0] in "24" or code.startswith("10") for code in codes)
    by_rank = {rank: sum(card.rank is rank for card in PACK) for rank in Rank}
    assert by_rank[Rank.THREE] == 1 and by_rank[Rank.KING] == 3
    assert all(by_rank[rank] == 4 for rank in Rank if rank not in (Rank.THREE, Rank.KING))
    for bad in ("KD", "10H", "2C", "4S", "3C", "3S", "3H"):
        with pytest.raises(NotationError):
            Card.parse(bad)


def test_r1_2_toqu_and_worms_are_named() -> None:
    assert Card.parse("JC").nickname == "Toqu"
    assert Card.parse("KH").nickname in ("Worms", "Voormsi", "Vorms")
    assert "Toqu" in Card.parse("JC").name
    assert Card.parse("JS").nickname is None


@pytest.mark.parametrize("variant", ALL)
@pytest.mark.parametrize("rank", ["9", "A", "6", "5", "Q"])
def test_r1_3_suit_order_breaks_ties(variant: str, rank: str) -> None:
    up = f"N:{rank}D E:{rank}H S:{rank}S W:{rank}C"
    assert one_trick(variant, up).winner == "W"
    down = f"N:{rank}C E:{rank}S S:{rank}H W:{rank}D"
    assert one_trick(variant, down).winner == "N"


# -- B2 ranking --------------------------------------------------------------------------------

RANKING = (
    "KH", "8S", "9C", "9S", "9H", "9D", "AC", "AS", "AH", "AD", "JS", "JH", "JD", "6C", "6S",
    "6H", "6D", "5C", "5S", "5H", "5D", "8C", "8H", "8D", "QC", "QS", "QH", "QD", "KC", "KS",
)
"""§B2 rows 2–12, high to low (JC shares KH's place and is tested with it, R2.2)."""


@pytest.mark.parametrize("variant", ALL)
def test_r2_1_normal_ranking_row_by_row(variant: str) -> None:
    for high, low in pairwise(RANKING):
        trick = f"N:{low} E:{high} S:7H W:7D"
        assert one_trick(variant, trick).winner == "E", f"{high} should beat a led {low}"
        trick = f"N:{high} E:{low} S:7H W:7D"
        assert one_trick(variant, trick).winner == "N", f"{low} should not beat a led {high}"


@pytest.mark.parametrize("variant", ALL)
def test_r2_3_unled_sevens_below_led_ks(variant: str) -> None:
    assert one_trick(variant, "N:KS E:7C S:7S W:7H").winner == "N"


# -- B3 sevens, B4 kings ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["danish-club", "english"])
def test_r3_2_higher_seven_keeps_the_seven_power(variant: str) -> None:
    assert one_trick(variant, "N:7D E:7S S:9C W:7C").winner == "W"
    assert one_trick(variant, "N:7D E:7H S:7S W:KC").winner == "W"


@pytest.mark.parametrize("variant", ALL)
def test_r3_5_sets_of_sevens_may_be_led(variant: str) -> None:
    record = one_trick(variant, ["N: 7C 7S 7H", "E: 9C 8S AC", "S: 5C 6C QC", "W: QD QH QS"])
    assert (record.winner, record.units) == ("N", 3)
    record = one_trick(variant, ["N: 7C 7S 7H 7D", "E: KC 3D 9C 9S", "S: 5C 6C QC 5D",
                                 "W: QD QH QS 8H"])
    assert (record.winner, record.units) == ("N", 4)


@pytest.mark.parametrize("variant", ALL)
def test_r3_6_higher_seven_no_help_after_kc(variant: str) -> None:
    assert one_trick(variant, "N:7S E:KC S:7C W:5C").winner == "E"


@pytest.mark.parametrize("variant", ALL)
def test_r4_1_led_kings_win_only_against_sevens_and_ks(variant: str) -> None:
    assert one_trick(variant, "N:KC E:KS S:7C W:7H").winner == "N"
    assert one_trick(variant, "N:KC E:QD S:7C W:7H").winner == "E"
    assert one_trick(variant, "N:KS E:7C S:7S W:7H").winner == "N"
    assert one_trick(variant, "N:KS E:5D S:7S W:7H").winner == "E"


@pytest.mark.parametrize("variant", ALL)
def test_r4_2_kc_beats_a_seven_heading_a_seven_trick(variant: str) -> None:
    assert one_trick(variant, "N:7D E:7C S:KC W:5C").winner == "S"


@pytest.mark.parametrize(("variant", "winner"),
                         [("danish-club", "W"), ("english", "W"), ("ru-literal", "E")])
def test_r4_3_ks_later_than_straight_after_kc(variant: str, winner: str) -> None:
    assert one_trick(variant, "N:7S E:KC S:5C W:KS").winner == winner


def test_r4_5_danish_kc_and_ks_together_beat_two_sevens() -> None:
    record = one_trick("danish-club", ["N: 7H 7D", "E: KC>7H KS>7D", "S: 5C 5D", "W: 6C 6D"])
    assert (record.winner, record.units) == ("E", 2)
    assert record.events == ("P5",)
    assert record.points(4) == {"NS": 0, "EW": 1}


@pytest.mark.parametrize("variant", ["english", "ru-literal"])
def test_r4_5_kc_and_ks_fail_against_two_sevens_elsewhere(variant: str) -> None:
    record = one_trick(variant, ["N: 7H 7D", "E: KC KS", "S: 5C 5D", "W: 6C 6D"])
    assert record.winner == "N"
    assert record.events == ()


def test_r4_6_ataata_still_counts_at_eight_eight() -> None:
    result = replay("danish-club", "N:7S E:KC S:KS W:5C", score={"NS": 8, "EW": 8})
    record = result.records[0]
    assert record.winner == "S"
    assert record.events == ("P4",)
    assert result.final.score_map == {"NS": 9, "EW": 8}
    assert result.final.match_winner == "NS"


# -- B5 the three of diamonds, B6 Toqu and Voormsi ---------------------------------------------


@pytest.mark.parametrize("variant", ["danish-club", "english"])
def test_r5_4_three_protects_partners_worms(variant: str) -> None:
    record = one_trick(variant, "N:KH E:9C S:3D W:JC")
    assert record.winner == "S"
    assert record.events == ("P3",)
    assert record.points(4) == {"NS": 1, "EW": 0}
    # once the 3♦ heads, Worms no longer heads: W need not play Toqu
    record = one_trick(variant, "N:KH E:9C S:3D W:QD", holds={"W": ["JC"]})
    assert record.winner == "S"


def test_r6_6_danish_worms_last_to_a_trick_refused_while_toqu_out() -> None:
    assert refused("danish-club", "N:9C E:5C S:AC W:KH") == (3, "W", "F5")
    record = one_trick("english", "N:9C E:5C S:AC W:KH")
    assert (record.winner, record.events) == ("W", ())


def test_r6_6_danish_worms_last_allowed_as_last_card_in_hand() -> None:
    record = one_trick("danish-club", "N:9C E:5C S:AC W:KH", final=True,
                       previous=["NS", "EW"] * 4)
    assert record.winner == "W"
    assert record.events == ()


@pytest.mark.parametrize("variant", ALL)
def test_r6_12_dead_worms_no_duty_no_bonus(variant: str) -> None:
    record = one_trick(variant, ["N: 9C 9S", "E: KH 5C", "S: 5D 6D", "W: QD QH"],
                       holds={"S": ["JC"]})
    assert (record.winner, record.units) == ("N", 2)
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


@pytest.mark.parametrize("variant", ["danish-club", "english"])
def test_r6_14_capture_in_a_pair_needs_the_whole_group(variant: str) -> None:
    record = one_trick(variant, ["N: 9D 9H", "E: KH>9D 8S>9H", "S: JC>KH 3D>8S", "W: QD QS"])
    assert (record.winner, record.units) == ("S", 2)
    assert record.events == ("P1",)
    assert record.points(4) == {"NS": 2, "EW": 0}


@pytest.mark.parametrize("variant", ALL)
def test_f1_gives_way_when_toqu_is_the_only_card(variant: str) -> None:
    # §E Q8: S's last card is Toqu and partner's Worms heads; legal, Toqu takes the trick for
    # the same side, no capture and no Worms bonus.
    record = one_trick(variant, "N:KH E:9C S:JC W:5D", final=True, previous=["NS", "EW"] * 4)
    assert record.winner == "S"
    assert record.events == ()
    assert bonus(record) == NO_POINTS4


@pytest.mark.parametrize("variant", ALL)
def test_r6_5_worms_in_the_last_group_is_the_last_card(variant: str) -> None:
    # §E Q18: Worms in the last player's group counts as the last card: no bonus.
    record = one_trick(variant, ["N: 5D 5H", "E: 6C 6S", "S: 6D 6H", "W: KH 9C"],
                       played=["JC"] if variant == "danish-club" else [])
    assert (record.winner, record.events) == ("W", ())
    record = one_trick(variant, ["N: 5D 5H", "E: KH 6S", "S: 6D 6H", "W: 3D 9C"])
    assert (record.winner, record.events) == ("W", ("P3",))
    assert record.points(4) == {"NS": 0, "EW": 1}


@pytest.mark.parametrize("variant", ALL)
def test_r6_12_dead_worms_earns_nothing_when_partner_wins(variant: str) -> None:
    record = one_trick(variant, ["N: 9C 9S", "E: KH 5C", "S: 5D 6D", "W: 3D>9C 8S>9S"])
    assert (record.winner, record.units) == ("W", 2)
    assert record.events == ()
    assert record.points(4) == NO_POINTS4


@pytest.mark.parametrize(("variant", "trick", "rule"), [
    ("english", "N:7H E:7C S:8S W:5D", "R3.1"),
    ("english", "N:7S E:KC S:9C W:8S", "R4.2"),
    ("danish-club", "N:7S E:KC S:KS W:9C", "P4"),
    ("english", "N:9C E:8S S:AC W:3D", "R5.2"),
    ("english", "N:9D E:KH S:JC W:5S", "P1"),
    ("english", "N:9D E:JC S:KH W:5S", "R6.1"),
    ("english", "N:9D E:AC S:9H W:JS", "R1.3"),
])
def test_reasons_name_the_rule(variant: str, trick: str, rule: str) -> None:
    reasons = referee_json(Scenario.from_json(build(variant, trick)))["tricks"][0]["reasons"]
    assert any(rule in reason for reason in reasons), reasons


# -- B7 seating, B8 dealing, B9 leading ------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_r7_1_play_goes_clockwise_in_partnerships(variant: str) -> None:
    result = replay(variant, "N:5C E:6D S:9C W:QC")
    assert [s.to_move for s in result.states] == ["N", "E", "S", "W", "S"]
    assert result.final.previous == ("NS",)
    assert refused(variant, "N:5C S:9C") == (1, "S", "R7.1")


def test_r7_3_first_dealer_by_lot_and_the_deal_passes_clockwise() -> None:
    rules = Rules.preset("english", {"V": 1})
    assert {Match.new(rules, seed=seed).current_deal.dealer for seed in range(40)} == set("NESW")
    match = Match.new(rules, seed=3)
    first = match.current_deal.dealer
    rng = random.Random(3)
    while match.hand_number == 1:
        match = match.play(rng.choice(match.hand.legal_plays()).play)
    assert match.current_deal.dealer == next_seat(first, 4)
    assert match.to_move == next_seat(match.current_deal.dealer, 4)
    assert match.finished[0].deal.dealer == first


@pytest.mark.parametrize("players", [4, 3, 2])
def test_r8_3_four_cards_each_and_a_stock(players: int) -> None:
    rules = Rules.preset("english", {"S1": players})
    for seed in range(20):
        dealt = deal(rules, rules.seats[0], random.Random(seed))
        cards = [card for _, hand in dealt.hands for card in hand] + list(dealt.stock)
        assert sorted(map(str, cards)) == sorted(map(str, PACK))
        assert all(len(hand) == 4 for _, hand in dealt.hands)
        assert len(dealt.stock) == 36 - 4 * players


def test_r8_3_a_hand_holds_at_most_four_and_only_its_own_cards() -> None:
    data = build("english", "N:5C", holds={"N": ["AD", "AH", "AS"]})
    data["hands"]["N"].append("7S")
    with pytest.raises(ScenarioError) as error:
        Scenario.from_json(data)
    assert error.value.field == "hands.N"
    assert refused("english", ["N: 9C"], hands={"N": ["5C", "QD", "QH", "QS"]})[2] == "R8.3"
    # the learner reads the id with its title: R8.3 is the deal of four cards each
    assert RULE_TITLES["R8.3"].startswith("Each player is dealt four cards")


def test_r8_5_misdealt_positions_are_rejected() -> None:
    data = build("english", "N:5C")
    data["stock"].append("5C")
    with pytest.raises(ScenarioError) as error:
        Scenario.from_json(data)
    assert "5C" in str(error.value)


def test_r8_6_danish_deal_never_gives_one_player_both() -> None:
    rules = Rules.preset("danish-club")
    for seed in range(200):
        dealt = deal(rules, "N", random.Random(seed))
        assert all(not {"KH", "JC"} <= set(map(str, hand)) for _, hand in dealt.hands)


def test_r9_1_dealers_left_leads_then_the_winner() -> None:
    for seed in range(8):
        match = Match.new(Rules.preset("english"), seed=seed)
        assert match.to_move == next_seat(match.current_deal.dealer, 4)
    assert refused("english", "N:5C E:6D S:9C W:QC N:QD")[1:] == ("N", "R9.1")


@pytest.mark.parametrize("variant", ALL)
def test_r9_2_lead_is_one_to_four_of_a_rank(variant: str) -> None:
    for lead in ("N: 5C", "N: 5C 5S", "N: 5C 5S 5H", "N: 5C 5S 5H 5D"):
        assert replay(variant, [lead]).illegal is None
    assert refused(variant, ["N: 5C 6C"]) == (0, "N", "R9.2")
    assert refused(variant, ["N: 5C 5S 6C"]) == (0, "N", "R9.2")


def test_r9_2_two_pairs_only_in_the_danish_club() -> None:
    assert replay("danish-club", ["N: 5C 5S 6C 6S"]).illegal is None
    assert refused("english", ["N: 5C 5S 6C 6S"]) == (0, "N", "F6")


@pytest.mark.parametrize("variant", ALL)
def test_r9_3_kings_led_as_a_set_including_worms(variant: str) -> None:
    record = one_trick(variant, ["N: KC KS", "E: QD QH", "S: 5D 5H", "W: 8D 8H"])
    assert (record.winner, record.units) == ("S", 2)
    assert replay("english", ["N: KH KC"]).illegal is None


# -- B10 following and beating ----------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_r10_1_same_number_of_any_cards(variant: str) -> None:
    assert refused(variant, ["N: 5C 5S", "E: 6C"]) == (1, "E", "R10.1")
    position = state(variant, {"N": "9D QD", "E": "AC 5S QH 8H", "S": "5D 6D",
                               "W": "6H 5H"}, "N", plays=["N: 9D"])
    offered = {str(legal.play) for legal in position.legal_plays()}
    assert offered == {"E: AC", "E: 5S", "E: QH", "E: 8H"}


def test_r10_3_declared_placement_vs_any_matching() -> None:
    plays = ["N: 5S 5D", "E: 5H>5S 5C>5D", "S: QD QH", "W: QS QC"]
    assert one_trick("danish-club", plays).winner == "N"
    assert one_trick("english", plays).winner == "E"
    assert one_trick("danish-club", plays, rules={"S9": "any_matching"}).winner == "E"
    assert one_trick("english", plays, rules={"S9": "declared"}).winner == "N"


@pytest.mark.parametrize("placed", ["E: 5H>5S 6D", "E: 5H>5S 6D>5D"])
def test_r10_3_any_matching_ignores_a_failed_placement_of_some_or_all_cards(placed: str) -> None:
    # 5H on 5S fails (lower suit), but 5H on 5D and 6D on 5S both beat
    plays = ["N: 5D 5S", placed, "S: 8H 8D", "W: 8C JD"]
    record = one_trick("english", plays)
    assert record.winner == "E"
    assert str(record.trick.steps[1].play) == placed  # the play is kept as it was laid
    assert one_trick("english", plays, rules={"S9": "declared"}).winner == "N"


def test_r4_4_king_feat_scored_at_once_wins_before_the_tricks_other_points() -> None:
    # NS on 8 with four trick units: the K♠ over the K♣ (P4) takes them to 9 at once, so
    # they have won; the fifth trick unit that ends the hand comes too late to overshoot
    result = replay("danish-club", "N:7S E:KC S:KS W:5C", score={"NS": 8, "EW": 4},
                    previous=["NS", "EW", "NS", "EW", "NS", "EW", "NS"])
    record = result.records[0]
    assert (record.events, record.hand_points) == (("P4",), ())
    assert (result.final.match_winner, result.final.score_map) == ("NS", {"NS": 9, "EW": 4})


def test_r4_4_king_feat_reaches_the_target_before_the_trick_winners_hand_points() -> None:
    # EW's P4 brings them to 9 at once; NS, winning the trick with the 3♦, would reach 9
    # only with the 5-5 at the trick's end
    result = replay("danish-club", "E:7S S:KC W:KS N:3D", score={"NS": 7, "EW": 8},
                    previous=["NS"] * 4)
    assert result.records[0].winner == "N"
    assert (result.final.match_winner, result.final.score_map) == ("EW", {"NS": 7, "EW": 9})


def test_r4_4_king_feat_short_of_the_target_adds_up_with_the_rest_of_the_trick() -> None:
    result = replay("danish-club", "N:7S E:KC S:KS W:5C", score={"NS": 6, "EW": 4},
                    previous=["NS", "EW", "NS", "EW", "NS", "EW", "NS"])
    assert result.records[0].events == ("P4",)
    assert (result.final.match_winner, result.final.score_map) == (None, {"NS": 8, "EW": 4})


@pytest.mark.parametrize("variant", ALL)
def test_r10_4_later_groups_must_beat_the_current_head(variant: str) -> None:
    record = one_trick(variant, ["N: 5D 5H", "E: JD JH", "S: 6C 6S", "W: QD QH"])
    assert (record.winner, record.units) == ("E", 2)


@pytest.mark.parametrize("variant", ALL)
def test_r10_6_trick_value_switch(variant: str) -> None:
    plays = ["N: 5D 5H", "E: 6C 6S", "S: QD QH", "W: QS QC"]
    assert one_trick(variant, plays).units == 2
    assert one_trick(variant, plays, rules={"S15": "one"}).units == 1


# -- B12 drawing and the end of the hand --------------------------------------------------------


def hand_invariants(states: list) -> None:
    pack = sorted(map(str, PACK))
    for current in states:
        cards = [c for _, hand in current.hands for c in hand] + list(current.stock)
        cards += list(current.played) + list(current.trick.cards)
        assert sorted(map(str, cards)) == pack
        assert all(len(hand) <= 4 for _, hand in current.hands)
        if current.trick.is_empty and not current.hand_over:
            assert len({len(hand) for _, hand in current.hands}) == 1


@pytest.mark.parametrize("seed", range(6))
def test_r12_2_stock_empties_evenly_and_cards_are_conserved(seed: int) -> None:
    for variant, players in (("english", 4), ("english", 3), ("danish-club", 4)):
        hand_invariants(playout(deal_hand(variant, seed, players), seed))


@pytest.mark.parametrize(("players", "units"), [(4, 9), (3, 12), (2, 9)])
def test_r12_3_all_cards_are_played(players: int, units: int) -> None:
    for seed in range(5):
        final = playout(deal_hand("english", seed, players), seed)[-1]
        assert final.hand_over
        assert len(final.previous) == units
        assert len(final.played) == 36
        assert final.to_move is None and final.legal_plays() == ()


def test_r12_4_no_play_after_the_hand_stops() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D N:QD",
                    previous=["NS", "EW", "NS", "EW", "NS", "EW", "NS"])
    assert result.illegal is not None
    assert result.illegal.refusal.rule == "R12.4"
    for seed in range(5):
        final = playout(deal_hand("danish-club", seed), seed)[-1]
        before = final.previous[: -final.records[-1].units]
        assert max(before.count("NS"), before.count("EW")) < 5
        assert max(final.previous.count("NS"), final.previous.count("EW")) >= 5


# -- B13 trick points -------------------------------------------------------------------------


def final_trick(variant: str, previous: list[str], trick: str | list[str], **kwargs: object):
    return replay(variant, trick, final=True, previous=previous, **kwargs)


def test_r13_1_english_first_five_and_extra_tricks() -> None:
    result = final_trick("english", ["NS"] * 5 + ["EW"] * 3, "N:9C E:5C S:6C W:5D")
    assert result.final.hand_points == {"NS": 3, "EW": 0}
    result = final_trick("english", ["EW", "NS", "NS", "EW", "NS", "NS", "EW", "EW"],
                         "N:5C E:9C S:6C W:5D")
    assert result.final.hand_points == {"NS": 0, "EW": 1}


def test_r13_2_danish_one_point_for_the_hand() -> None:
    result = final_trick("danish-club", ["NS", "EW"] * 4, "N:9C E:5C S:6C W:5D")
    assert result.final.hand_points == {"NS": 1, "EW": 0}


@pytest.mark.parametrize(("variant", "points"), [("english", 2), ("danish-club", 1)])
def test_r13_3_a_double_trick_carries_four_to_six(variant: str, points: int) -> None:
    previous = ["EW", "NS", "NS", "EW", "NS", "NS", "EW"]
    result = final_trick(variant, previous, ["N: 9C 9S", "E: 5C 5S", "S: 6C 6S", "W: 5D 5H"])
    assert result.records[0].units == 2
    assert result.final.previous.count("NS") == 6
    assert result.final.hand_points == {"NS": points, "EW": 0}


# -- B15 the match ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(4, 9), (3, 12), (2, 9)])
def test_r15_1_target(players: int, target: int) -> None:
    assert Rules.preset("english", {"S1": players}).target == target


def test_r15_1_english_passing_the_target_wins() -> None:
    result = replay("english", "N:5C E:KH S:JC W:5D", score={"NS": 8, "EW": 8})
    assert result.final.score_map == {"NS": 10, "EW": 8}
    assert result.final.match_winner == "NS"


def test_r15_2_danish_overshoot_adds_the_excess_to_the_need() -> None:
    # NS need 2 and gain 3 at once (capture 2 + the hand 1): they then need 3.
    result = final_trick("danish-club", ["NS", "EW"] * 4, "N:5C E:KH S:JC W:5D",
                         score={"NS": 7, "EW": 2})
    assert result.records[0].events == ("P1",)
    assert result.final.score_map == {"NS": 6, "EW": 2}
    assert result.final.match_winner is None


def test_r15_5_danish_five_five_at_eight_eight_overshoots() -> None:
    result = replay("danish-club", "N:9C E:5C S:6C W:5D", previous=["NS"] * 4,
                    score={"NS": 8, "EW": 8})
    assert result.final.score_map == {"NS": 7, "EW": 8}


@pytest.mark.parametrize(("variant", "players"),
                         [("english", 4), ("danish-club", 4), ("english", 3), ("english", 2)])
def test_r15_random_matches_end_at_the_target(variant: str, players: int) -> None:
    rules = Rules.preset(variant, {"S1": players, "V": 1})
    for seed in range(2):
        match = Match.new(rules, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            assert match.hand_number < 60, "the match should end"
            match = match.play(rng.choice(match.hand.legal_plays()).play)
        winner = match.winner
        assert winner is not None
        if rules.match_rules.overshoot:
            assert match.score[winner] == rules.target  # exactly 9 (R15.2, R15.3)
        else:
            assert match.score[winner] >= rules.target
        assert all(points < rules.target for side, points in match.score.items()
                   if side != winner)
        assert match.to_move is None
        nil = all(points == 0 for side, points in match.score.items() if side != winner)
        assert match.kam == (rules.match_rules.kam and nil)
        assert match.finished or match.hand_number == 1


# -- B17 three players, B18 two players --------------------------------------------------------


def test_r17_1_three_players_twelve_tricks_to_twelve_points() -> None:
    rules = Rules.preset("english", {"S1": 3})
    assert rules.seats == ("A", "B", "C") and rules.target == 12
    record = one_trick("english", "A:9C B:AC C:9S", seats=("A", "B", "C"))
    assert record.winner == "A"
    assert record.points(3) == {"A": 0, "B": 0, "C": 0}


def test_r18_1_two_players_four_cards_a_trick() -> None:
    for seed in range(4):
        states = playout(deal_hand("english", seed, 2), seed)
        for record in states[-1].records:
            steps = record.trick.steps
            assert len(steps) == 4
            assert [step.seat for step in steps].count("A") == 2
            assert record.units == 1
        assert len(states[-1].records) == 9


def test_r18_2_two_players_better_card_plays_third() -> None:
    position = state("english", {"A": "9C 5D QD QH", "B": "AC 5C QS QC"}, "A",
                     plays=["A: 9C", "B: AC"], stock=["AS", "AH"])
    assert position.to_move == "A"
    with pytest.raises(IllegalPlay) as error:
        position.play("B: 5C")
    assert error.value.rule == "R18.2"


def test_r18_3_two_players_single_cards_only() -> None:
    position = state("english", {"A": "9C 9D QD QH", "B": "8S 5C QS QC"}, "A")
    with pytest.raises(IllegalPlay) as error:
        position.play("A: 9C 9D")
    assert error.value.rule == "R18.3"


# -- the table --------------------------------------------------------------------------------

RULE_IDS = (
    "R1.1", "R1.2", "R1.3", "R2.1", "R2.2", "R2.3", "R3.1", "R3.2", "R3.3", "R3.4", "R3.5",
    "R3.6", "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6", "R5.1", "R5.2", "R5.3", "R5.4",
    "R5.5", "R5.6", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7", "R6.8", "R6.9",
    "R6.10", "R6.11", "R6.12", "R6.13", "R6.14", "R6.15", "R7.1", "R7.2", "R7.3", "R8.1",
    "R8.2", "R8.3", "R8.4", "R8.5", "R8.6", "R9.1", "R9.2", "R9.3", "R9.4", "R10.1", "R10.2",
    "R10.3", "R10.4", "R10.5", "R10.6", "R12.1", "R12.2", "R12.3", "R12.4", "R12.5", "R13.1",
    "R13.2", "R13.3", "R13.4", "R15.1", "R15.2", "R15.3", "R15.4", "R15.5", "R15.6", "R17.1",
    "R17.2", "R18.1", "R18.2", "R18.3", "O1", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "D1",
    "P1", "P2", "P3", "P4", "P5", "P6", "B16",
)
"""Every rule id of rules.md (§B, the B11 table, the B14 table), and B16 (penalties)."""

W = "test_worked_cases.py::"
C = "test_rule_coverage.py::"
CLI = "test_cli.py::"
PROP = "test_properties.py::"
T = "test_table.py::"

COVERAGE: dict[str, list[str]] = {
    "R1.1": [C + "test_r1_1_pack_has_36_cards_and_3d_replaces_kd",
             PROP + "test_bad_tokens_name_the_token"],
    "R1.2": [C + "test_r1_2_toqu_and_worms_are_named"],
    "R1.3": [C + "test_r1_3_suit_order_breaks_ties", W + "test_d02_equal_nines_split_by_suit",
             W + "test_d11_nine_of_clubs_top_nine",
             PROP + "test_card_notation_round_trip"],
    "R2.1": [C + "test_r2_1_normal_ranking_row_by_row", W + "test_d01_any_six_beats_any_five",
             W + "test_d03_eight_of_spades_is_third_matador", W + "test_d09_head_passes_twice"],
    "R2.2": [W + "test_d40_toqu_captures_worms", W + "test_d41_worms_after_toqu_wins"],
    "R2.3": [C + "test_r2_3_unled_sevens_below_led_ks",
             W + "test_d06_kc_beats_led_ks_unled_sevens_powerless"],
    "R3.1": [W + "test_d12_led_seven_holds_against_big_cards",
             W + "test_d13_higher_seven_on_led_seven"],
    "R3.2": [C + "test_r3_2_higher_seven_keeps_the_seven_power"],
    "R3.3": [W + "test_d06_kc_beats_led_ks_unled_sevens_powerless",
             W + "test_d31_led_three_is_worthless"],
    "R3.4": [W + "test_d25_seven_second_after_led_three"],
    "R3.5": [C + "test_r3_5_sets_of_sevens_may_be_led",
             W + "test_d27_pair_of_sevens_beaten_by_higher_sevens"],
    "R3.6": [C + "test_r3_6_higher_seven_no_help_after_kc"],
    "R4.1": [C + "test_r4_1_led_kings_win_only_against_sevens_and_ks",
             W + "test_d05_kings_below_queens"],
    "R4.2": [W + "test_d16_kc_beats_led_seven_and_holds",
             C + "test_r4_2_kc_beats_a_seven_heading_a_seven_trick"],
    "R4.3": [W + "test_d17_ks_straight_after_kc", W + "test_d19_ks_alone_never_beats_a_seven",
             C + "test_r4_3_ks_later_than_straight_after_kc"],
    "R4.4": [W + "test_d17_ks_straight_after_kc",
             C + "test_r4_4_king_feat_scored_at_once_wins_before_the_tricks_other_points",
             C + "test_r4_4_king_feat_reaches_the_target_before_the_trick_winners_hand_points",
             C + "test_r4_4_king_feat_short_of_the_target_adds_up_with_the_rest_of_the_trick"],
    "R4.5": [C + "test_r4_5_danish_kc_and_ks_together_beat_two_sevens",
             C + "test_r4_5_kc_and_ks_fail_against_two_sevens_elsewhere"],
    "R4.6": [C + "test_r4_6_ataata_still_counts_at_eight_eight"],
    "R5.1": [W + "test_d31_led_three_is_worthless"],
    "R5.2": [W + "test_d32_three_played_last_beats_everything",
             W + "test_d38_three_in_the_middle",
             W + "test_d34_ru_literal_middle_three_worthless_toqu_forced"],
    "R5.3": [W + "test_d35_three_recaptures_from_toqu", W + "test_d92_three_players_recapture",
             W + "test_two_players_own_three_on_a_capturing_toqu_keeps_the_capture"],
    "R5.4": [C + "test_r5_4_three_protects_partners_worms"],
    "R5.5": [W + "test_d34_three_beats_worms_no_duty_no_points"],
    "R5.6": [W + "test_d39_three_is_not_a_king_in_a_set",
             W + "test_d39_english_three_as_king_when_agreed_is_a_worthless_target"],
    "R6.1": [W + "test_d41_worms_after_toqu_wins", W + "test_d42_english_led_toqu_beaten_by_worms"],
    "R6.2": [W + "test_d40_toqu_captures_worms", W + "test_d44_led_worms_captured",
             W + "test_two_players_toqu_on_own_worms_captures_nothing"],
    "R6.3": [W + "test_d46_toqu_never_on_partners_worms",
             W + "test_d65_forced_toqu_laid_on_the_other_card"],
    "R6.4": [W + "test_d40_toqu_holder_may_not_hold_back",
             W + "test_d63_english_toqu_holder_must_include_toqu",
             W + "test_d63_danish_toqu_holder_not_obliged_when_group_cannot_take"],
    "R6.5": [W + "test_d41_worms_over_toqu_brought_home",
             W + "test_d46_worms_home_with_toqu_in_partners_hand",
             W + "test_d49_melted_worms_scores_nothing",
             W + "test_d52_worms_after_toqu_gone_scores_nothing",
             W + "test_d48_worms_last_after_toqu_gone",
             C + "test_r6_5_worms_in_the_last_group_is_the_last_card"],
    "R6.6": [C + "test_r6_6_danish_worms_last_to_a_trick_refused_while_toqu_out",
             C + "test_r6_6_danish_worms_last_allowed_as_last_card_in_hand"],
    "R6.7": [W + "test_d23_danish_worms_on_led_seven_is_refused",
             W + "test_d24_worms_on_led_seven_as_last_card"],
    "R6.8": [W + "test_d72_danish_no_worms_opening_lead_of_match",
             W + "test_d72_match_starts_with_first_lead_flag_at_dealers_left"],
    "R6.9": [W + "test_d50_danish_toqu_lead_refused",
             W + "test_d42_danish_toqu_lead_before_worms_refused"],
    "R6.10": [W + "test_d49_melted_worms_scores_nothing",
              W + "test_d71_danish_redeal_when_dealt_both"],
    "R6.11": [W + "test_d65_forced_toqu_laid_on_the_other_card"],
    "R6.12": [C + "test_r6_12_dead_worms_no_duty_no_bonus",
              C + "test_r6_12_dead_worms_earns_nothing_when_partner_wins"],
    "R6.13": [W + "test_d55_final_trick_worms_over_toqu_points"],
    "R6.14": [C + "test_r6_14_capture_in_a_pair_needs_the_whole_group"],
    "R6.15": [W + "test_d84_danish_eight_eight_no_capture",
              W + "test_d84_danish_eight_eight_no_toqu_duty"],
    "R7.1": [C + "test_r7_1_play_goes_clockwise_in_partnerships"],
    "R7.2": [T + "test_r7_2_sevens_are_redrawn_and_lowest_plays_with_highest",
             T + "test_r7_2_the_three_of_diamonds_draws_highest"],
    "R7.3": [C + "test_r7_3_first_dealer_by_lot_and_the_deal_passes_clockwise"],
    "R8.1": [T + "test_r8_1_the_player_before_the_dealer_cuts"],
    "R8.2": [W + "test_d74_knocked_first_trick_led_seven_then_draw_from_winner",
             T + "test_r8_2_knocking_deals_the_first_trick_face_up_from_dealers_left"],
    "R8.3": [C + "test_r8_3_four_cards_each_and_a_stock",
             C + "test_r8_3_a_hand_holds_at_most_four_and_only_its_own_cards"],
    "R8.4": [W + "test_d69_winner_draws_first"],
    "R8.5": [T + "test_r8_5_a_misdeal_names_its_problem",
             C + "test_r8_5_misdealt_positions_are_rejected",
             C + "test_r8_3_a_hand_holds_at_most_four_and_only_its_own_cards"],
    "R8.6": [C + "test_r8_6_danish_deal_never_gives_one_player_both",
             W + "test_d71_danish_redeal_when_dealt_both",
             W + "test_d71_english_plays_on_when_dealt_both"],
    "R9.1": [C + "test_r9_1_dealers_left_leads_then_the_winner", W + "test_d69_winner_draws_first"],
    "R9.2": [C + "test_r9_2_lead_is_one_to_four_of_a_rank",
             C + "test_r9_2_two_pairs_only_in_the_danish_club"],
    "R9.3": [C + "test_r9_3_kings_led_as_a_set_including_worms",
             W + "test_d30_pair_of_kings_beaten_by_queens_then_low_cards"],
    "R9.4": [W + "test_d72_danish_no_worms_opening_lead_of_match",
             W + "test_d50_danish_toqu_lead_refused"],
    "R10.1": [C + "test_r10_1_same_number_of_any_cards", W + "test_d02_equal_nines_split_by_suit"],
    "R10.2": [W + "test_d01_any_six_beats_any_five", C + "test_reasons_name_the_rule",
              PROP + "test_winner_beats_every_earlier_head"],
    "R10.3": [C + "test_r10_3_declared_placement_vs_any_matching",
              W + "test_d56_double_trick_each_group_beats_the_head",
              W + "test_d59_triple_trick_nines_over_aces"],
    "R10.4": [C + "test_r10_4_later_groups_must_beat_the_current_head",
              W + "test_d60_quadruple_trick"],
    "R10.5": [W + "test_d27_pair_of_sevens_beaten_by_higher_sevens",
              W + "test_d30_pair_of_kings_beaten_by_queens_then_low_cards",
              W + "test_d61_danish_two_pairs_quadruple_trick"],
    "R10.6": [C + "test_r10_6_trick_value_switch", W + "test_d60_quadruple_trick"],
    "R12.1": [W + "test_d69_winner_draws_first",
              W + "test_d74_knocked_first_trick_led_seven_then_draw_from_winner"],
    "R12.2": [C + "test_r12_2_stock_empties_evenly_and_cards_are_conserved"],
    "R12.3": [C + "test_r12_3_all_cards_are_played"],
    "R12.4": [W + "test_d78_danish_hand_stops_at_five_units", W + "test_d78_english_plays_on",
              C + "test_r12_4_no_play_after_the_hand_stops"],
    "R12.5": [W + "test_d83_danish_capture_to_nine_stops_at_once"],
    "R13.1": [W + "test_d75_english_six_three_without_first_five",
              C + "test_r13_1_english_first_five_and_extra_tricks"],
    "R13.2": [W + "test_d79_danish_first_five_scores_two",
              C + "test_r13_2_danish_one_point_for_the_hand",
              W + "test_d78_danish_hand_stops_at_five_units"],
    "R13.3": [C + "test_r13_3_a_double_trick_carries_four_to_six"],
    "R13.4": [W + "test_d77_sweep_scores_no_trick_points_but_bonus_stands",
              W + "test_d88_danish_sweep_after_failing_to_stop_scores_nothing"],
    "R15.1": [C + "test_r15_1_target", C + "test_r15_1_english_passing_the_target_wins",
              W + "test_d82_danish_eight_plus_one_wins_match"],
    "R15.2": [C + "test_r15_2_danish_overshoot_adds_the_excess_to_the_need"],
    "R15.3": [W + "test_d83_danish_capture_to_nine_stops_at_once",
              C + "test_r15_random_matches_end_at_the_target"],
    "R15.4": [W + "test_d87_danish_nine_nil_is_a_kam", W + "test_d87_danish_nine_to_one_is_no_kam"],
    "R15.5": [C + "test_r15_5_danish_five_five_at_eight_eight_overshoots",
              W + "test_d84_danish_eight_eight_no_capture"],
    "R15.6": [CLI + "test_referee_json_shape"],
    "R17.1": [C + "test_r17_1_three_players_twelve_tricks_to_twelve_points",
              C + "test_r12_3_all_cards_are_played", W + "test_d92_three_players_recapture"],
    "R17.2": [W + "test_d93_three_players_toqu_duty_against_either_opponent"],
    "R18.1": [C + "test_r18_1_two_players_four_cards_a_trick"],
    "R18.2": [C + "test_r18_2_two_players_better_card_plays_third",
              W + "test_d89_two_players_kc_fourth_kills_led_seven",
              W + "test_d90_two_players_toqu_forced_fourth"],
    "R18.3": [C + "test_r18_3_two_players_single_cards_only",
              W + "test_d91_two_players_three_fourth"],
    "O1": [W + "test_d40_toqu_holder_may_not_hold_back",
           W + "test_d35_toqu_must_be_played_on_heading_worms",
           W + "test_d93_three_players_toqu_duty_against_either_opponent"],
    "F1": [W + "test_d46_toqu_never_on_partners_worms",
           C + "test_f1_gives_way_when_toqu_is_the_only_card",
           W + "test_d65_forced_toqu_laid_on_the_other_card"],
    "F2": [W + "test_d23_danish_worms_on_led_seven_is_refused"],
    "F3": [W + "test_d72_danish_no_worms_opening_lead_of_match",
           W + "test_d72_english_worms_opening_lead_allowed"],
    "F4": [W + "test_d50_danish_toqu_lead_refused", W + "test_d50_english_toqu_lead_allowed"],
    "F5": [C + "test_r6_6_danish_worms_last_to_a_trick_refused_while_toqu_out"],
    "F6": [W + "test_d61_english_two_pairs_lead_refused",
           C + "test_r9_2_two_pairs_only_in_the_danish_club"],
    "F7": [W + "test_d39_three_is_not_a_king_in_a_set"],
    "D1": [W + "test_d49_melted_worms_scores_nothing"],
    "P1": [W + "test_d40_toqu_captures_worms", W + "test_d90_two_players_toqu_forced_fourth"],
    "P2": [W + "test_d35_three_recaptures_from_toqu", W + "test_d92_three_players_recapture"],
    "P3": [W + "test_d41_worms_over_toqu_brought_home",
           C + "test_r5_4_three_protects_partners_worms"],
    "P4": [W + "test_d17_ks_straight_after_kc", C + "test_r4_6_ataata_still_counts_at_eight_eight"],
    "P5": [C + "test_r4_5_danish_kc_and_ks_together_beat_two_sevens"],
    "P6": [W + "test_d46_toqu_never_on_partners_worms",
           T + "test_b16_p6_penalties_of_a_refereed_table_follow_s13"],
    "B16": [T + "test_b16_p6_penalties_of_a_refereed_table_follow_s13",
            W + "test_d46_toqu_never_on_partners_worms",
            W + "test_d23_danish_worms_on_led_seven_is_refused",
            W + "test_d71_danish_redeal_when_dealt_both",
            C + "test_r8_5_misdealt_positions_are_rejected"],
}

PARTIAL: dict[str, str] = {
    "R15.6": "table manners: the score is only shown (referee JSON), never 'announced'",
    "P6": "the engine rejects the play; mechanics.table says what a refereed table does",
}
"""Ids whose table procedure the engine does not model: the tests cover what it exposes."""


def defined_tests() -> set[str]:
    """``module::name`` of every test function defined in tests/engine."""
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                    node.name.startswith("test_"):
                names.add(f"{path.name}::{node.name}")
    return names


def test_every_rule_id_has_a_test() -> None:
    missing = [rule for rule in RULE_IDS if not COVERAGE.get(rule)]
    assert not missing, f"rule ids without a test: {missing}"
    unknown = sorted(set(COVERAGE) - set(RULE_IDS))
    assert not unknown, f"table names ids that rules.md does not have: {unknown}"
    assert set(PARTIAL) <= set(RULE_IDS)


def test_every_named_test_exists() -> None:
    defined = defined_tests()
    dangling = sorted({name for names in COVERAGE.values() for name in names} - defined)
    assert not dangling, f"the coverage table names tests that do not exist: {dangling}"
