"""Bots: legal plays only, the heuristic's named habits, and no peeking at hidden cards."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from worms_tutor.analysis.bots import (
    HABITS,
    Bot,
    BotError,
    HeuristicBot,
    InformationSet,
    RandomBot,
    SamplingBot,
    decide,
    play_match,
)
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import PACK, Card

from .helpers import PRESET_SEATS, dealt_endgames, position, random_walk, rules_for


def play_hands(rules_name: str, players: int, bots: dict[str, Bot], hands: int,
               seed: int) -> int:
    """Play ``hands`` seeded hands, checking every chosen play against the engine."""
    rules = rules_for(rules_name, players)
    checked = 0
    for number in range(hands):
        state = Match.new(rules, seed + number).hand
        rng = random.Random(seed + number)
        while state.to_move is not None:
            chosen = decide(bots[state.to_move], state, rng)
            assert state.check(chosen.play) is None
            state = state.play(chosen)
            checked += 1
    return checked


@pytest.mark.parametrize(("variant", "players"), PRESET_SEATS)
@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot()], ids=["random", "heuristic"])
def test_bots_play_only_legal_plays(variant: str, players: int, bot: Bot) -> None:
    rules = rules_for(variant, players)
    assert play_hands(variant, players, dict.fromkeys(rules.seats, bot), 12, 100) > 100


@pytest.mark.parametrize(("variant", "players"), PRESET_SEATS)
def test_sampling_bot_plays_only_legal_plays(variant: str, players: int) -> None:
    rules = rules_for(variant, players)
    bots: dict[str, Bot] = dict.fromkeys(rules.seats, HeuristicBot())
    bots[rules.seats[0]] = SamplingBot(samples=2, exact_cards=2)
    assert play_hands(variant, players, bots, 1, 300) > 8


def test_matches_are_reproducible_from_the_seed() -> None:
    rules = rules_for("english", 4)
    bots: dict[str, Bot] = {"N": RandomBot(), "S": RandomBot(), "E": HeuristicBot(),
                            "W": HeuristicBot()}
    one, two = play_match(rules, bots, seed=8), play_match(rules, bots, seed=8)
    assert one.over and one.winner is not None
    assert [str(p) for h in one.finished for p in h.plays] == [
        str(p) for h in two.finished for p in h.plays
    ]


def test_a_bot_cannot_move_when_nobody_may() -> None:
    state = dealt_endgames(rules_for("english", 4), 1, 1)[0]
    while state.to_move is not None:
        state = state.play(state.legal_plays()[0])
    with pytest.raises(BotError):
        decide(RandomBot(), state, random.Random(1))


# -- the view ---------------------------------------------------------------------------------


def hidden_cards(state: HandState, seat: str) -> list[Card]:
    others = [card for owner, cards in state.hands if owner != seat for card in cards]
    return others + list(state.stock)


def permuted(state: HandState, seat: str, seed: int) -> HandState:
    """The same position with the cards ``seat`` cannot see dealt differently among the
    other hands and the stock (same sizes)."""
    cards = hidden_cards(state, seat)
    random.Random(seed).shuffle(cards)
    hands = []
    for owner, held in state.hands:
        if owner == seat:
            hands.append((owner, held))
        else:
            hands.append((owner, tuple(cards[:len(held)])))
            cards = cards[len(held):]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(cards))


def positions_to_move(variant: str, players: int, count: int) -> list[HandState]:
    """Positions met while bots play: some with a stock, some without."""
    rules = rules_for(variant, players)
    found: list[HandState] = []
    for seed in range(count):
        rng = random.Random(seed)
        state = random_walk(Match.new(rules, 50 + seed).hand, rng, rng.randrange(0, 24))
        if state.to_move is not None:
            found.append(state)
    return found


def test_view_shows_no_hidden_card() -> None:
    for state in positions_to_move("english", 4, 6):
        seat = state.to_move or ""
        view = InformationSet.of(state, seat)
        text = repr(view)
        for card in hidden_cards(state, seat):
            assert repr(card) not in text
        assert set(view.unseen) >= set(hidden_cards(state, seat))
        assert view.stock_size == len(state.stock)


@pytest.mark.parametrize(("variant", "players"), [("english", 4), ("danish-club", 4),
                                                  ("english", 3), ("english", 2)])
def test_choices_do_not_depend_on_hidden_cards(variant: str, players: int) -> None:
    bots: list[Bot] = [HeuristicBot(), SamplingBot(samples=3, exact_cards=2), RandomBot()]
    changed = 0
    for state in positions_to_move(variant, players, 4) + dealt_endgames(
        rules_for(variant, players), 2, 2
    ):
        seat = state.to_move or ""
        other = permuted(state, seat, 99)
        changed += other.hands != state.hands
        assert InformationSet.of(other, seat) == InformationSet.of(state, seat)
        for bot in bots:
            assert decide(bot, state, random.Random(5)) == decide(bot, other, random.Random(5))
    assert changed >= 3


def test_sampled_worlds_agree_with_the_view() -> None:
    state = positions_to_move("english", 4, 3)[-1]
    seat = state.to_move or ""
    view = InformationSet.of(state, seat)
    world = view.sample_world(random.Random(3))
    assert world.hand_of(seat) == state.hand_of(seat)
    assert [len(c) for _, c in world.hands] == [len(c) for _, c in state.hands]
    assert len(world.stock) == len(state.stock)
    all_cards = [c for _, cards in world.hands for c in cards] + list(world.stock)
    assert len(set(all_cards)) == len(all_cards)
    assert not set(all_cards) & (set(state.played) | set(state.trick.cards))
    assert [str(p.play) for p in world.legal_plays()] == [str(p.play) for p in view.legal]


# -- the heuristic's habits -------------------------------------------------------------------


def habit_case(seat_hands: dict[str, list[str]], plays: list[str], leader: str = "N",
               **extra: Any) -> InformationSet:
    used = {code for cards in seat_hands.values() for code in cards}
    used.update(extra.get("played", []))
    stock = [str(card) for card in PACK if str(card) not in used][:8]  # not a last trick
    state = position(variant=extra.pop("variant", "english"), hands=seat_hands, leader=leader,
                     stock=stock, plays=plays, **extra)
    assert state.to_move is not None
    return InformationSet.of(state, state.to_move)


def reasoned(view: InformationSet) -> tuple[str, str]:
    habit, play = HeuristicBot().reasoned(view)
    return habit, str(play.play)


def test_habit_recapture_with_three() -> None:
    view = habit_case({"N": ["9D", "QD", "QH", "QS"], "E": ["KH", "5D", "5H", "6H"],
                       "S": ["JC", "6S", "QC", "8C"], "W": ["3D", "5C", "6C", "9C"]},
                      ["N: 9D", "E: KH", "S: JC"])
    assert reasoned(view) == ("recapture_with_three", "W: 3D")


def test_habit_capture_worms() -> None:
    view = habit_case({"N": ["KH", "QD", "QH", "QS"], "E": ["JC", "5D", "9C", "6H"],
                       "S": ["6S", "QC", "8C", "5C"], "W": ["3D", "6C", "9S", "AC"]},
                      ["N: KH"], rules={"S10": "off"})
    assert reasoned(view) == ("capture_worms", "E: JC")


def test_habit_shield_partners_worms() -> None:
    view = habit_case({"N": ["KH", "QD", "QH", "QS"], "E": ["5C", "5D", "9C", "6H"],
                       "S": ["3D", "6S", "QC", "8C"], "W": ["JC", "6C", "9S", "AC"]},
                      ["N: KH", "E: 5C"])
    assert reasoned(view) == ("shield_partners_worms", "S: 3D")


def test_habit_low_under_partner() -> None:
    view = habit_case({"N": ["9C", "QH", "QS", "5C"], "E": ["5D", "9D", "6C", "6H"],
                       "S": ["AC", "6S", "QD", "8S"], "W": ["JC", "KH", "9S", "3D"]},
                      ["N: 9C", "E: 5D"])
    assert reasoned(view) == ("low_under_partner", "S: QD")


def test_habit_win_cheaply() -> None:
    view = habit_case({"N": ["6D", "QH", "QS", "5C"], "E": ["9C", "AS", "JD", "QC"],
                       "S": ["AC", "6S", "QD", "8S"], "W": ["JC", "KH", "9S", "3D"]},
                      ["N: 6D"])
    assert reasoned(view) == ("win_cheaply", "E: JD")


def test_habit_keep_toqu() -> None:
    view = habit_case({"N": ["9C", "QD", "QS", "5C"], "E": ["JC", "5D", "QH", "6S"],
                       "S": ["AC", "6H", "QC", "8S"], "W": ["9D", "KH", "9S", "3D"]},
                      ["N: 9C"])
    assert reasoned(view) == ("keep_toqu", "E: QH")


def test_habit_no_matadors_on_a_seven() -> None:
    view = habit_case({"N": ["7H", "QH", "QS", "5C"], "E": ["KH", "8S", "QD", "9C"],
                       "S": ["AC", "6H", "QC", "6S"], "W": ["9D", "JC", "9S", "3D"]},
                      ["N: 7H"])
    assert reasoned(view) == ("no_matadors_on_a_seven", "E: QD")


def test_habit_lead_seven_with_kc() -> None:
    view = habit_case({"N": ["7H", "KC", "9D", "QS"], "E": ["KH", "8S", "QD", "9C"],
                       "S": ["AC", "6H", "QC", "6S"], "W": ["5D", "JC", "9S", "3D"]}, [])
    assert reasoned(view) == ("lead_seven_with_kc", "N: 7H")


def test_habit_lead_sure_winner() -> None:
    view = habit_case({"N": ["8S", "QD", "5H", "6C"], "E": ["9D", "AS", "QH", "9C"],
                       "S": ["AC", "6H", "QC", "6S"], "W": ["5D", "JD", "9S", "5C"]}, [],
                      played=["3D", "JC", "KH", "7C"])
    assert reasoned(view) == ("lead_sure_winner", "N: 8S")


def test_habit_lead_low() -> None:
    view = habit_case({"N": ["9C", "QD", "5H", "3D"], "E": ["9D", "AS", "QH", "KH"],
                       "S": ["AC", "6H", "QC", "6S"], "W": ["5D", "JC", "9S", "5C"]}, [])
    assert reasoned(view) == ("lead_low", "N: QD")


def test_habit_discard_low() -> None:
    view = habit_case({"N": ["9C", "QS", "5H", "6C"], "E": ["QD", "5D", "6S", "AD"],
                       "S": ["AC", "6H", "QC", "JS"], "W": ["9D", "JC", "9S", "3D"]},
                      ["N: 9C"])
    assert reasoned(view) == ("discard_low", "E: QD")


def test_every_habit_has_a_test_and_a_docstring() -> None:
    names = {habit.__name__ for habit in HABITS}
    tested = {name.removeprefix("test_habit_") for name in globals()
              if name.startswith("test_habit_")}
    assert names <= tested
    assert all(habit.__doc__ for habit in HABITS)


def test_the_pack_is_what_the_view_counts_from() -> None:
    state = Match.new(rules_for("english", 4), 1).hand
    view = InformationSet.of(state, "N")
    assert len(view.unseen) == len(PACK) - 4


def test_sampling_bot_respects_its_time_cap() -> None:
    state = Match.new(rules_for("english", 4), 21).hand
    bot = SamplingBot(samples=500, seconds=0.0)
    choice = decide(bot, state, random.Random(1))
    assert state.check(choice.play) is None
