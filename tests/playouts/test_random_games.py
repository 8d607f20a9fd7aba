"""Random full matches under every preset and player count, checking the invariants a player
would notice: no card appears or vanishes, hands never exceed four, every play is one the
engine listed as legal, replays agree, and the match ends with the side that reached the target.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import FinishedHand, Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import PACK
from worms_tutor.values.rules import Rules
from worms_tutor.values.seating import side_of

CONFIGS = [
    ("english", 4),
    ("english", 3),
    ("english", 2),
    ("danish-club", 4),
    ("ru-literal", 4),
]
MATCHES_PER_CONFIG = 6


def all_cards(hand: HandState) -> list[str]:
    cards = [str(c) for _, held in hand.hands for c in held]
    cards += [str(c) for c in hand.stock]
    cards += [str(c) for c in hand.played]
    cards += [str(c) for c in hand.trick.cards]
    return cards


def check_invariants(hand: HandState) -> None:
    cards = all_cards(hand)
    assert len(cards) == len(set(cards)), f"a card is in two places: {Counter(cards)}"
    if hand.hand_over:
        return
    assert sorted(cards) == sorted(str(c) for c in PACK), "cards were lost or invented"
    for seat, held in hand.hands:
        assert len(held) <= 4, f"{seat} holds {len(held)} cards"


def play_random_match(rules: Rules, seed: int) -> tuple[Match, int]:
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    hands = 0
    while not match.over:
        hand = match.hand
        check_invariants(hand)
        legal = hand.legal_plays()
        assert legal, f"no legal play for {hand.to_move}"
        choice = rng.choice(legal)
        listed = {str(lp.play) for lp in legal}
        assert str(choice.play) in listed
        # the plain play (no shortcut through the evaluated step) is accepted too
        assert hand.check(choice.play) is None
        number = match.hand_number
        match = match.play(choice)
        if match.hand_number != number or match.over:
            hands += 1
    return match, hands


def scenario_of(finished: FinishedHand, rules: Rules, score_before: dict[str, int],
                first: bool) -> Scenario:
    deal = finished.deal
    return Scenario(
        rules=rules,
        hands=deal.hands,
        leader=deal.leader,
        plays=finished.plays,
        stock=deal.stock,
        score=tuple(score_before.items()),
        first_lead_of_match=first,
    )


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_random_matches_keep_every_invariant(variant: str, players: int) -> None:
    rules = Rules.preset(variant, {"S1": players})
    total_hands = 0
    for seed in range(MATCHES_PER_CONFIG):
        match, hands = play_random_match(rules, seed)
        total_hands += hands
        winner = match.winner
        assert winner is not None
        assert match.score[winner] >= rules.target
        if rules.match_rules.overshoot:
            assert match.score[winner] == rules.target  # must reach it exactly (R15.2)
        others = [side for side in match.score if side != winner]
        assert all(match.score[side] < rules.target for side in others)
        # the record of every finished hand replays to the same tricks and score
        score_before = {side: 0 for side in match.score}
        for number, finished in enumerate(match.finished):
            replay = scenario_of(finished, rules, score_before, number == 0).replay()
            assert replay.illegal is None
            assert [r.winner for r in replay.records] == [r.winner for r in finished.records]
            assert replay.final.score == finished.score_after
            score_before = dict(finished.score_after)
    assert total_hands >= 20


def test_seeded_matches_are_reproducible() -> None:
    rules = Rules.preset("danish-club")
    first, _ = play_random_match(rules, 11)
    second, _ = play_random_match(rules, 11)
    assert first.plays == second.plays
    assert first.score == second.score


def test_trick_units_add_up_to_the_hand() -> None:
    """With four players every played-out english hand has nine trick units (R10.6, R12.3)."""
    rules = Rules.preset("english")
    match, _ = play_random_match(rules, 5)
    for finished in match.finished:
        units = sum(record.units for record in finished.records)
        assert units == 9
        winners = Counter(side_of(record.winner) for record in finished.records)
        assert sum(winners.values()) == len(finished.records)
