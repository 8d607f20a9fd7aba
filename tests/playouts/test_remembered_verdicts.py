"""The engine remembers trick verdicts, works out legal plays lazily, keeps the seat to move on
the trick and makes some values without running their ``__init__``, all for speed. None of it
may change an answer: over random hands under every preset, a remembered verdict equals one
worked out afresh, a lazily listed play says the same as the rule checks do, the seat to move
is the one the playing order names, and quickly made values equal ones made the usual way.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from dataclasses import FrozenInstanceError, fields
from itertools import combinations

import pytest

import worms_tutor.mechanics.trick as trick_module
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState, TrickRecord
from worms_tutor.mechanics.legality import check_play
from worms_tutor.mechanics.scoring import Settlement, settle
from worms_tutor.mechanics.trick import Step
from worms_tutor.values.play import Play
from worms_tutor.values.rules import SEATS_BY_PLAYERS, Rules

CONFIGS = [("english", 4), ("english", 3), ("english", 2), ("danish-club", 4),
           ("ru-literal", 4)]


def random_states(rules: Rules, matches: int, seed: int) -> Iterator[HandState]:
    rng = random.Random(seed)
    for number in range(matches):
        match = Match.new(rules, seed * 1000 + number)
        while not match.over:
            yield match.hand
            match = match.play(rng.choice(match.hand.legal_plays()))


def fresh(trick: trick_module.Trick, play: Play, monkeypatch: pytest.MonkeyPatch) -> Step:
    """The verdict with nothing remembered."""
    with monkeypatch.context() as patch:
        patch.setattr(trick_module.Trick, "_verdicts", lambda self, seat: {})
        patch.setattr(trick_module, "_LEAD_STEPS", {})
        return trick.attempt(play)


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_remembered_verdicts_equal_fresh_ones(
    variant: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Rules.preset(variant, {"S1": players})
    checked = 0
    # more matches where rare switches (S2 last, S5 immediately next, 8:8) can come into play
    matches = 4 if variant == "english" else 10
    for state in random_states(rules, matches, seed=players):
        trick = state.trick
        seat = state.to_move
        if seat is None or not trick.steps:
            continue
        for cards in combinations(state.hand_of(seat), trick.size):
            play = Play(seat, cards)
            remembered = trick.attempt(play)
            assert remembered == fresh(trick, play, monkeypatch), f"{play} on {trick.head}"
            checked += 1
    assert checked > 200


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_lazy_listing_agrees_with_the_rule_checks(variant: str, players: int) -> None:
    rules = Rules.preset(variant, {"S1": players})
    for state in random_states(rules, 3, seed=10 + players):
        for legal in state.legal_plays():
            step = check_play(state, legal.play)  # raises if the listing were wrong
            assert legal.heads == step.took_over
            assert legal.step == step
            assert legal == type(legal)(legal.play)  # a listed play equals the same play


def test_table_cards_are_one_object_per_card_seat_and_mode() -> None:
    rules = Rules.preset("english")
    state = next(s for s in random_states(rules, 1, seed=3) if len(s.trick.steps) == 2)
    again = trick_module.table_card(state.trick.head[0].card, state.trick.head[0].seat,
                                    state.trick.head[0].mode)
    assert again is state.trick.head[0]


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_the_seat_to_move_follows_the_playing_order(variant: str, players: int) -> None:
    rules = Rules.preset(variant, {"S1": players})
    seats = SEATS_BY_PLAYERS[players]  # in playing order
    checked = 0
    for state in random_states(rules, 3, seed=20 + players):
        if state.to_move is None:
            continue
        trick = state.trick
        position = len(trick.steps)
        if players != 2 or position < 2:  # clockwise from the leader (R7.1)
            expected = seats[(seats.index(trick.leader) + position) % players]
        elif position == 2:  # with two players the seat heading plays third (R18.2)
            expected = trick.steps[trick.head_step].seat
        else:
            expected = next(seat for seat in seats if seat != trick.steps[2].seat)
        assert state.to_move == expected, f"{trick.leader} led, {position} groups down"
        checked += 1
    assert checked > 50


def test_quickly_made_values_equal_ones_made_the_usual_way() -> None:
    rules = Rules.preset("english")
    records = [record for state in random_states(rules, 1, seed=5) for record in state.records]
    assert len(records) > 20
    for record in records:
        again = TrickRecord(**{field.name: getattr(record, field.name) for field in fields(record)})
        assert again == record
        assert repr(again) == repr(record)
    steps = [step for record in records for step in record.trick.steps]
    pairings = [pairing for step in steps for pairing in step.pairings]
    assert steps and pairings
    for value in (*steps, *pairings):
        again = type(value)(*(getattr(value, field.name) for field in fields(value)))
        assert again == value and hash(again) == hash(value) and repr(again) == repr(value)
        with pytest.raises(FrozenInstanceError):
            setattr(value, fields(value)[0].name, None)
    quiet = settle(rules, {"NS": 3, "EW": 4}, {})
    assert quiet == Settlement({"NS": 3, "EW": 4}, None)
    assert (quiet.kam, quiet.overshoot) == (False, ())


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_legal_steps_are_the_listed_plays_judged(variant: str, players: int) -> None:
    rules = Rules.preset(variant, {"S1": players})
    checked = 0
    for state in random_states(rules, 2, seed=30 + players):
        listed = state.legal_plays()
        steps = state.legal_steps()
        assert [step.play for step in steps] == [legal.play for legal in listed]
        assert list(steps) == [legal.step for legal in listed]
        for legal, step in zip(listed, steps, strict=True):
            after = state.advance(step)
            assert after == state.play(legal)
            assert after.records == state.play(legal.play).records
        checked += len(steps)
    assert checked > 100


def test_a_copied_or_pickled_state_plays_on_alike_without_carrying_the_memory() -> None:
    rules = Rules.preset("english")
    states = [state for state in random_states(rules, 2, seed=8) if state.to_move]
    assert len(states) > 50  # by now the verdict memory holds many situations
    for state in states[-10:]:
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert again == state
            assert len(pickle.dumps(again)) < 20_000  # the memory is not in it
            assert [str(legal) for legal in again.legal_plays()] == [
                str(legal) for legal in state.legal_plays()]
            first = state.legal_plays()[0].play
            assert again.play(first) == state.play(first)


def test_legal_plays_are_equal_by_their_play_alone() -> None:
    rules = Rules.preset("english")
    state = next(state for state in random_states(rules, 1, seed=9) if state.to_move)
    listed = state.legal_plays()
    again = state.legal_plays()
    assert listed == again and listed[0] is not again[0]
    assert hash(listed[0]) == hash(again[0])
    assert listed[0] != listed[0].play  # a LegalPlay is not a bare Play
    assert str(listed[0]) == str(listed[0].play)
    assert "origin" not in repr(listed[0])
