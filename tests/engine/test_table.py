"""Danish club table procedure: partner draw, cutter, knocking, misdeals and the penalties of a
refereed table (R7.2, R8.1, R8.2, R8.5, B16, P6, S13)."""

from __future__ import annotations

import random

from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.table import (
    cut_needs_reshuffle,
    cutter,
    draw_partners,
    draw_strength,
    knock_deal,
    misdeal_problems,
    table_penalty,
)
from worms_tutor.values.cards import THREE_OF_DIAMONDS, Card
from worms_tutor.values.rules import Rules


def test_r7_2_sevens_are_redrawn_and_lowest_plays_with_highest() -> None:
    for seed in range(40):
        result = draw_partners(["Aka", "Bo", "Ivik", "Naja"], random.Random(seed))
        assert all(not card.is_seven for _, card in result.draws)
        assert all(card.is_seven for _, card in result.redrawn)
        ranked = sorted(result.draws, key=lambda pair: draw_strength(pair[1]))
        assert result.partners[0] == (ranked[0][0], ranked[3][0])
        assert set(result.partners[1]) == {ranked[1][0], ranked[2][0]}


def test_r7_2_the_three_of_diamonds_draws_highest() -> None:
    assert draw_strength(THREE_OF_DIAMONDS) > draw_strength(Card.parse("JC"))


def test_r8_1_the_player_before_the_dealer_cuts() -> None:
    assert cutter("N") == "W"
    assert cutter("E") == "N"
    assert cut_needs_reshuffle(3) and not cut_needs_reshuffle(4)


def test_r8_2_knocking_deals_the_first_trick_face_up_from_dealers_left() -> None:
    rules = Rules.preset("danish-club")
    knocked = knock_deal(rules, "N", random.Random(4))
    assert [play.seat for play in knocked.first_trick] == ["E", "S", "W", "N"]
    assert all(len(cards) == 3 for _, cards in knocked.hands)
    assert len(knocked.stock) == 36 - 12
    match = Match.new(rules, seed=4, dealer="N", knock=True)
    first = match.hand.records[0]
    assert first.leader == "E"
    assert [len(cards) for _, cards in match.hand.hands] == [4, 4, 4, 4]
    assert match.to_move == first.winner


def test_r8_5_a_misdeal_names_its_problem() -> None:
    cards = [Card.parse(code) for code in ("9C", "9S", "9H")]
    problems = misdeal_problems({"N": cards, "E": [*cards, Card.parse("9D")]}, exposed=True)
    assert problems == ["the dealer exposed a card", "N holds 3 cards, not four"]


def test_b16_p6_penalties_of_a_refereed_table_follow_s13() -> None:
    club_table = Rules.preset("danish-club", {"S13": "dk"})
    assert "loses all its lus" in (table_penalty(club_table, "F1") or "")
    assert "taken back" in (table_penalty(club_table, "F2") or "")
    english_table = Rules.preset("english", {"S13": "ru"})
    assert "every point" in (table_penalty(english_table, "F1") or "")
    assert table_penalty(Rules.preset("danish-club"), "F1") is None  # the engine just rejects


def test_a_match_lists_the_plays_of_its_hand_as_laid() -> None:
    rules = Rules.preset("english")
    match = Match.new(rules, seed=4, dealer="N", knock=True)
    knocked = list(match.plays)
    assert [play.seat for play in knocked] == ["E", "S", "W", "N"]  # the face-up trick counts
    leader = match.to_move
    assert leader is not None
    lead = match.hand.legal_plays()[0]
    match = match.play(lead)
    follow = f"{match.to_move}: {match.hand.hand_of(match.to_move or '')[0]}"
    match = match.play(follow)
    assert match.plays[:4] == tuple(knocked)
    assert match.plays[4] == lead.play
    assert str(match.plays[5]) == follow
