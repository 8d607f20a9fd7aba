"""Small builders for engine tests: scenarios from a trick written as in rules.md §D.

A worked case names only the cards of one trick. ``build`` turns it into a full scenario in the
default context of rules.md §D: every seat holds four cards (the trick's cards plus low filler
cards), the stock is not empty, and V = 1. ``final=True`` gives each seat exactly its cards of
the trick and an empty stock (a "final trick").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from worms_tutor.formats.scenario import Replay, Scenario
from worms_tutor.mechanics.hand import HandState, TrickRecord
from worms_tutor.values.cards import Card, parse_cards
from worms_tutor.values.play import Play

ALL = ("danish-club", "english", "ru-literal")
"""The three presets; a §D case marked ALL must come out the same in each."""

SEATS4 = ("N", "E", "S", "W")

FILLER = parse_cards(
    "QD QH 8D 8H QS 8C QC 5D 5H 6D 6H 5S 6S JD JH AD AH 9D 9H 5C 6C AS JS AC 9S"
)
"""Plain low cards (no matador, no 3♦, no 7, no King) to fill hands and the stock with."""

NO_POINTS4 = {"NS": 0, "EW": 0}


def plays_of(trick: str | Sequence[str]) -> list[str]:
    """``"N:5C E:6D"`` (single cards, as in rules.md) or a list of play strings."""
    if isinstance(trick, str):
        return [token.replace(":", ": ", 1) for token in trick.split()]
    return list(trick)


def build(
    variant: str,
    trick: str | Sequence[str],
    *,
    holds: Mapping[str, Iterable[str]] | None = None,
    hands: Mapping[str, Iterable[str]] | None = None,
    final: bool = False,
    stock: Iterable[str] | None = None,
    rules: Mapping[str, Any] | None = None,
    seats: Sequence[str] = SEATS4,
    leader: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario dict for ``trick`` under ``variant`` (see the module docstring).

    ``holds`` adds cards a seat holds besides the ones it plays; ``hands`` gives a seat's
    whole hand exactly. ``extra`` passes other scenario keys (``played``, ``score``, ...).
    """
    plays = plays_of(trick)
    parsed = [Play.parse(text, tuple(seats)) for text in plays]
    held: dict[str, list[Card]] = {seat: [] for seat in seats}
    for play in parsed:
        held[play.seat].extend(card for card in play.cards if card not in held[play.seat])
    for seat, cards in (holds or {}).items():
        held[seat].extend(parse_cards(list(cards)))
    exact = {seat: list(parse_cards(list(cards))) for seat, cards in (hands or {}).items()}
    held.update(exact)
    used = {card for cards in held.values() for card in cards}
    used |= set(parse_cards(list(extra.get("played", []))))
    if stock is not None:
        used |= set(parse_cards(list(stock)))
    spare = [card for card in FILLER if card not in used]
    if not final:
        for seat in seats:
            while seat not in exact and len(held[seat]) < 4:
                held[seat].append(spare.pop(0))
    if stock is None:
        stock_cards = [] if final else [str(card) for card in spare[: len(seats)]]
    else:
        stock_cards = list(stock)
    data: dict[str, Any] = {
        "variant": variant,
        "rules": {"V": 1, **(rules or {})},
        "hands": {seat: [str(card) for card in held[seat]] for seat in seats},
        "stock": stock_cards,
        "leader": leader or (parsed[0].seat if parsed else seats[0]),
        "plays": plays,
    }
    data.update(extra)
    return data


def replay(variant: str, trick: str | Sequence[str], **kwargs: Any) -> Replay:
    """Build the scenario and replay it."""
    return Scenario.from_json(build(variant, trick, **kwargs)).replay()


def one_trick(variant: str, trick: str | Sequence[str], **kwargs: Any) -> TrickRecord:
    """Replay a scenario that must be legal and complete exactly one trick; return it."""
    result = replay(variant, trick, **kwargs)
    assert result.illegal is None, (
        f"unexpected illegal play: {result.illegal.refusal.rule} {result.illegal.refusal}"
        if result.illegal else ""
    )
    assert len(result.records) == 1, f"expected one completed trick, got {len(result.records)}"
    return result.records[0]


def refused(variant: str, trick: str | Sequence[str], **kwargs: Any) -> tuple[int, str, str]:
    """Replay a scenario that must stop at an illegal play: (index, seat, rule id)."""
    result = replay(variant, trick, **kwargs)
    assert result.illegal is not None, "expected an illegal play, but every play was accepted"
    return result.illegal.index, result.illegal.seat, result.illegal.refusal.rule


def bonus(record: TrickRecord, players: int = 4) -> dict[str, int]:
    """Points a trick scored from bonuses only (P1–P5), leaving out the hand's trick points."""
    sides = ("NS", "EW") if players == 4 else ("A", "B", "C")[:players]
    result = {side: 0 for side in sides}
    for award in record.awards:
        result[award.side] += award.points
    return result


def state(variant: str, hands: Mapping[str, str], leader: str, **kwargs: Any) -> HandState:
    """A hand state from hands written as ``{"N": "KH 9C"}`` via the scenario format."""
    data: dict[str, Any] = {
        "variant": variant,
        "rules": {"V": 1, **kwargs.pop("rules", {})},
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "leader": leader,
        "plays": kwargs.pop("plays", []),
    }
    data.update(kwargs)
    return Scenario.from_json(data).replay().final


def deal_hand(variant: str, seed: int, players: int = 4, **rules: Any) -> HandState:
    """A freshly dealt hand (the match's first) under ``variant``, reproducible from ``seed``."""
    import random

    from worms_tutor.mechanics.game import deal
    from worms_tutor.values.rules import Rules

    chosen = Rules.preset(variant, {"S1": players, "V": 1, **rules})
    rng = random.Random(seed)
    dealt = deal(chosen, rng.choice(chosen.seats), rng)
    return HandState.start(chosen, dict(dealt.hands), dealt.leader, stock=dealt.stock)


def playout(start: HandState, seed: int) -> list[HandState]:
    """Play random legal plays from ``start`` until the hand is over; every state on the way."""
    import random

    rng = random.Random(seed)
    states = [start]
    current = start
    while current.to_move is not None:
        options = current.legal_plays()
        assert options, f"{current.to_move} to move but has no legal play"
        current = current.play(rng.choice(options).play)
        states.append(current)
    return states
