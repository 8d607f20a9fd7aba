"""Scoring: the bonuses of a trick (P1–P5), the trick points of a hand (R13) and the match (R15).

Each function returns values with the rule ids that produced them, so the reasons can be told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..values.cards import TOQU, WORMS, Card
from ..values.frozen import build
from ..values.rules import Rules
from ..values.seating import side_of, sides
from .trick import Trick


@dataclass(frozen=True)
class Award:
    """Points won by one side for one reason."""

    event: str  # P1..P5, or R13.1 / R13.2 for trick points
    side: str
    points: int
    seat: str | None = None
    note: str = ""


def specials_off(rules: Rules, score: Mapping[str, int]) -> bool:
    """At 8:8 under the Danish match rules, Toqu and Worms are ordinary cards (R6.15)."""
    if not rules.match_rules.eight_eight or rules.players != 4:
        return False
    need_one = rules.target - 1
    return all(score.get(side, 0) == need_one for side in sides(rules.players))


def trick_awards(
    trick: Trick,
    winner: str,
    played_before: Sequence[Card],
    melted: frozenset[str],
    final_trick: bool,
) -> tuple[Award, ...]:
    """The bonuses a completed trick scores (§B14, R6.5, §E Q4, Q7, Q8)."""
    rules = trick.rules
    if not rules.king_feats and trick.capture is None and trick.worms_headed_by is None:
        return ()  # no king feats, no capture and no Worms heading: nothing to score
    awards: list[Award] = []
    if rules.king_feats:
        for step in trick.steps:
            for event in step.events:
                awards.append(Award(event, side_of(step.seat), 1, step.seat))
    if trick.specials_off:
        return tuple(awards)
    capture = trick.capture
    if capture is not None:
        event = "P1" if capture.kind == "capture" else "P2"
        awards.append(Award(event, side_of(capture.by_seat), 2, capture.by_seat))
        return tuple(awards)
    worms_seat = trick.worms_headed_by
    if (
        worms_seat is not None
        and side_of(worms_seat) == side_of(winner)
        and rules.worms_home_value > 0
        and WORMS not in trick.steps[-1].play.cards  # (a) not the last card of the trick
        and TOQU not in played_before  # (b) Toqu not gone in an earlier trick
        and worms_seat not in melted  # (c) nobody held both
        and not trick.toqu_on_partner  # forced Toqu on partner's Worms: no bonus (§E Q8)
        and not (rules.danish_restrictions and final_trick and trick.worms_over_toqu)
    ):
        awards.append(Award("P3", side_of(worms_seat), rules.worms_home_value, worms_seat))
    return tuple(awards)


def units_in_hand(rules: Rules) -> int:
    """The trick units of a whole hand: 9, or 12 when three play (R12.3)."""
    return 12 if rules.players == 3 else 9


def swept_by(rules: Rules, previous: Sequence[str]) -> str | None:
    """The side that took every trick unit of a whole hand (the sweep of R13.1, R13.2).

    A sweep needs all nine units (twelve with three players). A position set up with fewer
    cards runs out earlier; one side taking every trick played there is no sweep (our choice:
    both rulebooks speak of taking all the tricks of the hand). A Danish hand stopped at 5–0 is
    a 5-5 (R12.4, R13.2), never a sweep.
    """
    if len(previous) < units_in_hand(rules) or len(set(previous)) != 1:
        return None
    return previous[0]


def hand_trick_points(rules: Rules, previous: Sequence[str]) -> tuple[Award, ...]:
    """Trick points of a finished hand from the sides that won each trick unit (R13).

    Under the English rules a hand that ran out of cards before nine units (a set-up position)
    is scored as its tricks stand: five units to none are 1, plus 1 for the first five.
    """
    counts = [(side, previous.count(side)) for side in sides(rules.players)]
    if swept_by(rules, previous) is not None:
        return ()  # a sweep scores no trick points (R13.1, R13.2)
    first_five = previous[0] if len(previous) >= 5 and len(set(previous[:5])) == 1 else None
    awards: list[Award] = []
    for side, units in counts:
        if units < 5:
            continue
        if rules.hand_end == "dk":
            points = 2 if first_five == side else 1
            note = "5-5" if first_five == side else ""
            awards.append(build(Award, event="R13.2", side=side, points=points, note=note))
        else:
            points = 1 + (units - 5) + (1 if first_five == side else 0)
            note = "first five" if first_five == side else ""
            awards.append(build(Award, event="R13.1", side=side, points=points, note=note))
    return tuple(awards)


def hand_is_decided(rules: Rules, previous: Sequence[str]) -> bool:
    """Whether the trick units won so far end the hand: all nine (twelve) of them, or under
    the Danish rules five for one side (R12.3, R12.4, §E Q13)."""
    if len(previous) >= units_in_hand(rules):
        return True
    if rules.hand_end != "dk":
        return False
    return any(previous.count(side) >= 5 for side in set(previous))


AT_ONCE = frozenset({"P4", "P5"})
"""The bonuses scored the moment they happen (R4.4, R4.5, §B14), before what the trick scores
at its end: a side they bring to the target has won, whatever the rest of the trick brings."""


@dataclass(frozen=True)
class Settlement:
    """The match score after the gains of one moment, and a winner if there is one."""

    score: dict[str, int]
    winner: str | None
    kam: bool = False
    overshoot: tuple[str, ...] = ()


def settle(
    rules: Rules, score: Mapping[str, int], gains: Mapping[str, int], prefer: str | None = None
) -> Settlement:
    """Add the gains of one moment to the match score (R15.1–R15.4, §E Q12).

    With overshoot, a side passing the target loses the excess instead. A side that reaches
    the target wins. If two reach it at once, the higher score wins, and at equal scores
    ``prefer``, the side that won the trick (our choice: no source covers it). It can happen
    under the English rules, when one side's bonus and the other side's trick points come at
    the end of the same last trick; the side further past the target has done more, and at a
    tie the trick that brought the moment decides.
    """
    target = rules.target
    new = dict(score)
    if not gains and (not new or max(new.values()) < target):
        return build(Settlement, score=new, winner=None)  # nothing scored, nobody at target
    over: list[str] = []
    for side, gain in gains.items():
        if gain <= 0:
            continue
        total = new.get(side, 0) + gain
        if rules.match_rules.overshoot and total > target:
            total = new.get(side, 0) - (total - target)
            over.append(side)
        new[side] = total
    reached = [side for side in new if new[side] >= target]
    if not reached:
        return Settlement(new, None, overshoot=tuple(over))
    reached.sort(key=lambda side: (new[side], side == prefer), reverse=True)
    winner = reached[0]
    kam = rules.match_rules.kam and all(new[s] == 0 for s in new if s != winner)
    return Settlement(new, winner, kam, tuple(over))


def settle_trick(
    rules: Rules, score: Mapping[str, int], awards: tuple[Award, ...],
    hand_points: tuple[Award, ...], prefer: str,
) -> tuple[Settlement | None, tuple[Award, ...], tuple[Award, ...]]:
    """Settle what a completed trick scored: the bonuses scored at once (``AT_ONCE``) first,
    then, summed, everything else the trick and the hand's end bring (R15, §E Q12).

    Our choice: the club's K♠-over-K♣ point (P4, and P5) counts the moment the king is laid,
    as the club text records it, so a side on 8 that makes it has 9 and has won before the
    trick's other gains (a 5-5, a capture) could push it past 9.

    Returns the settlement (``None`` when nothing scored) and the awards and hand points that
    counted: once a bonus scored at once has won the match, nothing after it does (R15.3).
    """
    at_once = tuple([award for award in awards if award.event in AT_ONCE])
    if not at_once:
        gains = _gains((*awards, *hand_points))
        return (settle(rules, score, gains, prefer) if gains else None), awards, hand_points
    early = settle(rules, score, _gains(at_once), prefer)
    if early.winner is not None:
        return early, at_once, ()
    gains = _gains((*[award for award in awards if award.event not in AT_ONCE], *hand_points))
    if not gains:
        return early, awards, hand_points
    late = settle(rules, early.score, gains, prefer)
    overshoot = tuple(dict.fromkeys((*early.overshoot, *late.overshoot)))
    return Settlement(late.score, late.winner, late.kam, overshoot), awards, hand_points


def _gains(awards: Sequence[Award]) -> dict[str, int]:
    """Points per side, for the sides that scored."""
    gains: dict[str, int] = {}
    for award in awards:
        gains[award.side] = gains.get(award.side, 0) + award.points
    return gains
