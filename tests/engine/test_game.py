"""The game's one maker of states: a match from a seed, a hand from a deal, a position by hand.

``Match.new``, ``HandState.start``, ``deal`` and ``Scenario.start`` all go through ``Game``;
a seed must keep dealing what it dealt before (saved matches and puzzles name seeds).
"""

from __future__ import annotations

import random

from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Game, Match, deal
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import format_cards, parse_cards
from worms_tutor.values.rules import Rules

DANISH = Rules.preset("danish-club")


def shown(state: HandState) -> str:
    return " / ".join(f"{seat} {format_cards(cards)}" for seat, cards in state.hands)


def test_a_seed_keeps_the_hands_it_dealt() -> None:
    match = Game(DANISH).new_match(11)
    assert (match.current_deal.dealer, match.hand.to_move) == ("W", "N")
    assert shown(match.hand) == "N JC 6C QD 9D / E AH AC JS 7D / S QS KH KC 9S / W 8S 7C 5S 8C"
    knocked = Game(DANISH).new_match(9, knock=True)
    assert shown(knocked.hand) == "N 6C JH KS AC / E 6D JD 8D QC / S KH JC 7C AD / W 5S 5H 9S 6H"
    assert len(knocked.hand.records) == 1, "a knocked deal's first trick is already played"


def test_the_old_makers_give_what_the_game_gives() -> None:
    game = Game(DANISH)
    assert Match.new(DANISH, 11, dealer="E") == game.new_match(11, dealer="E")
    assert deal(DANISH, "S", random.Random(4)) == game.deal("S", random.Random(4))
    hands = {"N": parse_cards("KH 9C"), "E": parse_cards("JC 5D"),
             "S": parse_cards("KS 6H"), "W": parse_cards("9S QC")}
    assert HandState.start(DANISH, hands, "N", score={"NS": 3}) == game.position(
        hands, "N", score={"NS": 3})
    scenario = Scenario.from_json({"variant": "danish-club", "leader": "N", "plays": [],
                                   "hands": {seat: format_cards(cards).split()
                                             for seat, cards in hands.items()}})
    assert scenario.start() == game.position(hands, "N")


def test_the_next_hand_of_a_match_is_its_seeded_deal() -> None:
    game = Game(DANISH)
    match = game.new_match(11)
    while match.hand_number == 1:
        match = match.play(match.hand.legal_plays()[0])
    dealt = game.seeded_deal(11, 2, "N")
    assert match.current_deal == dealt
    assert match.hand == game.dealt_hand(dealt, score=dict(match.finished[0].score_after))
    assert match.hand.leader == "E", "the dealer's left leads (R9.1)"


def test_a_position_at_the_target_is_a_finished_match() -> None:
    hands = {"A": parse_cards("KH"), "B": parse_cards("JC")}
    two = Rules.preset("english").with_overrides({"S1": 2})
    game = Game(two)
    assert (game.players, game.seats) == (2, ("A", "B"))
    assert game.position(hands, "A").to_move == "A"
    over = game.position(hands, "A", score={"A": two.target})
    assert over.match_winner == "A" and over.to_move is None


def test_the_package_offers_the_game_and_its_states_on_first_use() -> None:
    import worms_tutor

    assert worms_tutor.Game is Game and worms_tutor.Match is Match
    assert worms_tutor.HandState is HandState and worms_tutor.Scenario is Scenario
    assert {"Game", "Match", "HandState", "Scenario", "Card", "Rules"} <= set(worms_tutor.__all__)
