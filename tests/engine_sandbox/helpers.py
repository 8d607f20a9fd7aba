"""Builders for the sandbox tests: positions from random legal play, and from scenario dicts."""

from __future__ import annotations

import random
from typing import Any

from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import PACK
from worms_tutor.values.rules import Rules
from worms_tutor.values.seating import sides

PRESET_SEATS: tuple[tuple[str, int], ...] = (
    ("english", 4),
    ("english", 3),
    ("english", 2),
    ("danish-club", 4),
    ("ru-literal", 4),
)
"""Every preset with every player count it allows."""


def rules_for(variant: str, players: int) -> Rules:
    return Rules.preset(variant, {"S1": players})


def endgame(rules: Rules, seed: int, cards: int, extra_plays: int = 0) -> HandState | None:
    """A position from random legal play: stock empty, at most ``cards`` in every hand, at the
    start of a trick, then ``extra_plays`` more random plays; ``None`` if the hand ended first."""
    rng = random.Random(seed)
    state = Match.new(rules, seed).hand
    while state.stock or not state.trick.is_empty or max(len(c) for _, c in state.hands) > cards:
        if state.to_move is None:
            return None
        state = state.play(rng.choice(state.legal_plays()))
    for _ in range(extra_plays):
        if state.to_move is None:
            return None
        state = state.play(rng.choice(state.legal_plays()))
    return state if state.to_move is not None else None


def endgames(rules: Rules, count: int, cards: int, extra_plays: int = 0) -> list[HandState]:
    """``count`` positions as in ``endgame``, from seeds 1, 2, ..."""
    found: list[HandState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = endgame(rules, seed, cards, extra_plays)
        if state is not None:
            found.append(state)
    return found


def dealt_endgame(rules: Rules, seed: int, cards: int) -> HandState:
    """A random stock-empty position at the start of a trick: ``cards`` in every hand, the rest
    of the pack played, earlier trick units and a match score drawn at random (the Danish hand
    still undecided, the match not yet won)."""
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    seats = rules.seats
    hands = {seat: pack[index * cards:(index + 1) * cards] for index, seat in enumerate(seats)}
    played = pack[len(seats) * cards:]
    side_names = sides(rules.players)
    units = len(played) // (4 if rules.players == 2 else len(seats))
    previous: list[str] = []
    while len(previous) < units:
        side = rng.choice(side_names)
        if rules.hand_end == "dk" and previous.count(side) >= 4:
            continue
        previous.append(side)
    score = {side: rng.randrange(rules.target) for side in side_names}
    return HandState.start(rules, hands, rng.choice(seats), played=played, previous=previous,
                           score=score)


def random_walk(state: HandState, rng: random.Random, plays: int) -> HandState:
    """``state`` after up to ``plays`` random legal plays (fewer if the hand ends)."""
    for _ in range(plays):
        if state.to_move is None:
            break
        state = state.play(rng.choice(state.legal_plays()))
    return state


def dealt_endgames(rules: Rules, count: int, cards: int, extra_plays: int = 0) -> list[HandState]:
    """``count`` positions of ``dealt_endgame`` (seeds 1, 2, ...), each after ``extra_plays``
    random legal plays."""
    found: list[HandState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = random_walk(dealt_endgame(rules, seed, cards), random.Random(seed), extra_plays)
        if state.to_move is not None:
            found.append(state)
    return found


def position(**data: Any) -> HandState:
    """The start of a scenario given as keyword arguments (``plays`` defaults to none)."""
    data.setdefault("plays", [])
    scenario = Scenario.from_json(data)
    return scenario.replay().final
