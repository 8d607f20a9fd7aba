"""Readable reasons built from the engine's structured verdicts, each with its rule ids."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..mechanics.hand import TrickRecord
from ..mechanics.legality import toqu_duty
from ..mechanics.scoring import Award
from ..mechanics.trick import Pairing, Power, Step, TableCard, Trick
from ..values.cards import TOQU, WORMS, Card
from ..values.seating import side_of

CardFormat = Callable[[Card], str]


@dataclass(frozen=True)
class Reason:
    """One sentence of explanation and the rule ids behind it."""

    text: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


_WHY_BEATS: dict[Power, str] = {
    Power.HIGHER_CARD: "it ranks higher",
    Power.BEATS_LED_THREE: "a led 3♦ is the lowest card of the trick",
    Power.SUIT_ORDER: "same rank, and clubs > spades > hearts > diamonds",
    Power.LATER_MATADOR: "later matador wins",
    Power.THREE_NOT_LED: "the 3♦ not led beats everything",
    Power.HIGHER_SEVEN: "a higher 7 beats a led 7 and carries its power",
    Power.KC_ON_SEVEN: "the K♣ kills a led 7",
    Power.KS_ON_KC: "the K♠ kills a K♣ that has beaten a 7",
    Power.KINGS_ON_SEVENS: "K♣ and K♠ together beat two 7s",
    Power.SEVEN_AFTER_LED_THREE: "a 7 played second after a led 3♦ counts as led",
}

_WHY_FAILS: dict[Power, str] = {
    Power.LOWER_CARD: "it ranks lower",
    Power.SEVEN_NOT_LED: "a 7 that is not led is powerless",
    Power.SUIT_ORDER_LOWER: "same rank, lower suit (clubs > spades > hearts > diamonds)",
    Power.SEVEN_HOLDS: "a led 7 falls only to a higher 7, the K♣ or the 3♦ not led",
    Power.UNLED_SEVEN: "in these rules a 7 that is not led is worthless, even a higher one",
    Power.KS_NOT_ON_SEVEN: "the K♠ never beats a 7 by itself",
    Power.KC_HOLDS: "a K♣ that has beaten a 7 falls only to the K♠ or the 3♦",
    Power.KS_TOO_LATE: "in these rules the K♠ beats that K♣ only straight after it",
    Power.KS_HOLDS: "only the 3♦ beats a K♠ that has killed the K♣",
    Power.THREE_HOLDS: "nothing beats a 3♦ that was not led",
    Power.THREE_POWERLESS: "in these rules the 3♦ is unbeatable only when played last",
    Power.FORBIDDEN_ON_PARTNER: "Toqu may not be laid on partner's Worms",
}


_RULE_ID = r"(?:R\d+(?:\.\d+)?|[DFOPQS]\d+|§E Q\d+)"
_TRAILING_IDS = re.compile(rf"(?:\s*[,;]\s*{_RULE_ID})+(?=\))")
_LEADING_IDS = re.compile(rf"(?<=\(){_RULE_ID}(?:\s*[,;]\s*{_RULE_ID})*\s*[,;]\s*")
_ONLY_IDS = re.compile(rf"\s*\({_RULE_ID}(?:\s*(?:,|;|or|and)\s*{_RULE_ID})*\)")


def plain(text: str) -> str:
    """A reason as a learner reads it first: without its rule ids, which stay for the curious
    in the fold ("it ranks higher, R2.1" → "it ranks higher"; "(R10.3)" and "(P1 or P2)" go)."""
    return _ONLY_IDS.sub("", _LEADING_IDS.sub("", _TRAILING_IDS.sub("", text))).strip()


def cited_ids(text: str) -> tuple[str, ...]:
    """The rule ids a reason's text cites, in order ("… (later matador wins, R6.1)" → R6.1)."""
    return tuple(re.findall(_RULE_ID, text))


def code(card: Card) -> str:
    return str(card)


def explain_step(step: Step, trick: Trick, fmt: CardFormat = code) -> tuple[Reason, ...]:
    """Why a group headed the trick or did not (and, before that, a Toqu duty it met)."""
    if step.position == 0:
        return (_lead_reason(step, fmt),)
    duty = _toqu_duty(step, trick)
    return (*duty, *_verdict_reasons(step, fmt))


def _toqu_duty(step: Step, trick: Trick) -> tuple[Reason, ...]:
    """The Toqu duty (O1, S10) a play of Toqu met. Under the club rules the duty holds only
    for a group that can take the trick; one that did shows it could (one that did not may have
    been a free choice, so nothing is said)."""
    if TOQU not in step.play.cards:
        return ()
    worms = toqu_duty(trick.rules, step.head_before, trick.specials_off, step.seat,
                      lambda: step.took_over)
    if worms is None:
        return ()
    return (Reason(
        f"{worms.seat}'s Worms heads the trick, so {step.seat}, holding Toqu, must play it "
        "(O1)",
        ("O1",),
    ),)


def _verdict_reasons(step: Step, fmt: CardFormat) -> tuple[Reason, ...]:
    seat = step.seat
    cards = " ".join(fmt(card) for card in step.play.cards)
    if step.took_over:
        reasons = [_beat_reason(seat, pairing, fmt) for pairing in step.pairings]
        if len(step.pairings) > 1:
            reasons.append(Reason(
                f"{seat}'s group {cards} takes over: every card beats a different card of the "
                "heading group (R10.3)",
                ("R10.3",),
            ))
        return tuple(reasons)
    head = " ".join(f"{fmt(tc.card)}" for tc in step.head_before)
    failing = next((p for p in step.pairings if not p.beats), None)
    if failing is None:
        return (Reason(f"{seat}'s {cards} cannot beat {head} (R10.1)", ("R10.1",)),)
    why = _WHY_FAILS.get(failing.power, "it cannot beat it")
    rule_ids = failing.power.rule_ids
    if len(step.pairings) == 1:
        target = failing.target
        return (Reason(
            f"{seat}'s {fmt(failing.card)} does not beat {target.seat}'s {fmt(target.card)} "
            f"({why}, {', '.join(rule_ids)})",
            rule_ids,
        ),)
    return (Reason(
        f"{seat}'s {cards} cannot take over {head}: each card must beat a different card "
        f"(R10.3, R10.4); at best {fmt(failing.card)} on {fmt(failing.target.card)} fails "
        f"({why}, {', '.join(rule_ids)})",
        ("R10.3", "R10.4", *rule_ids),
    ),)


def _lead_reason(step: Step, fmt: CardFormat) -> Reason:
    seat = step.seat
    cards = step.play.cards
    shown = " ".join(fmt(card) for card in cards)
    if any(card.is_seven for card in cards):
        return Reason(
            f"{seat} leads {shown}: a led 7 falls only to a higher 7, the K♣ or the 3♦ (R3.1)",
            ("R3.1",),
        )
    if any(card.code == "3D" for card in cards):
        return Reason(f"{seat} leads {shown}: a led 3♦ is worthless (R5.1)", ("R5.1",))
    return Reason(f"{seat} leads {shown}", ("R9.1",))


def _beat_reason(seat: str, pairing: Pairing, fmt: CardFormat) -> Reason:
    target: TableCard = pairing.target
    why = _WHY_BEATS.get(pairing.power, "it beats it")
    rule_ids = pairing.power.rule_ids
    order_note = ", played after" if pairing.power is Power.LATER_MATADOR else " beats"
    if pairing.power is Power.LATER_MATADOR:
        text = (f"{seat}'s {fmt(pairing.card)}{order_note} {target.seat}'s {fmt(target.card)}, "
                f"beats it ({why}, {', '.join(rule_ids)})")
    else:
        text = (f"{seat}'s {fmt(pairing.card)} beats {target.seat}'s {fmt(target.card)} "
                f"({why}, {', '.join(rule_ids)})")
    return Reason(text, rule_ids)


_AWARD_TEXT: dict[str, str] = {
    "P1": "Toqu captured {worms}'s Worms: {side} +{points} (P1)",
    "P2": "{seat}'s 3♦ took back the Toqu that had captured Worms: {side} +{points} (P2)",
    "P3": "Worms brought home: {side} +{points} (P3, R6.5; the value V is our choice, §E Q1)",
    "P4": "{seat}'s K♠ killed the K♣ that had beaten a 7: {side} +{points} at once (P4, R4.4)",
    "P5": "{seat}'s K♣ and K♠ beat two 7s together: {side} +{points} (P5, R4.5)",
}

_AWARD_RULES: dict[str, tuple[str, ...]] = {
    "P1": ("P1", "R6.2"), "P2": ("P2", "R5.3"), "P3": ("P3", "R6.5"),
    "P4": ("P4", "R4.4"), "P5": ("P5", "R4.5"),
}


def explain_award(award: Award, record: TrickRecord) -> Reason:
    capture = record.trick.capture
    worms = capture.worms_seat if capture else (record.trick.worms_headed_by or "")
    text = _AWARD_TEXT[award.event].format(
        worms=worms, side=award.side, points=award.points, seat=award.seat or ""
    )
    return Reason(text, _AWARD_RULES[award.event])


def explain_record(
    record: TrickRecord, players: int, fmt: CardFormat = code
) -> tuple[Reason, ...]:
    """Every reason of a completed trick, in the order things happened."""
    trick = record.trick
    reasons: list[Reason] = []
    if trick.specials_off:
        reasons.append(Reason(
            "At 8:8 Toqu and Worms are ordinary high cards: no duty, no capture, no bonus (R6.15)",
            ("R6.15",),
        ))
    for seat in record.aavunga:
        reasons.append(Reason(
            f"{seat} holds both Toqu and Worms and announces 'aavunga' (D1, R6.10)",
            ("D1", "R6.10"),
        ))
    for step in trick.steps:
        reasons.extend(explain_step(step, trick, fmt))
    units = record.units
    size_word = {1: "trick", 2: "double trick", 3: "triple trick", 4: "quadruple trick"}
    reasons.append(Reason(
        f"{record.winner} wins the {size_word.get(units, 'trick')}"
        + (f", worth {units} trick units (R10.6)" if units > 1 else ""),
        ("R10.2",) if units == 1 else ("R10.3", "R10.6"),
    ))
    for award in record.awards:
        reasons.append(explain_award(award, record))
    reasons.extend(_missing_worms_bonus(record))
    reasons.extend(_hand_end(record, players))
    return tuple(reasons)


def explain_scoring(record: TrickRecord, players: int) -> tuple[Reason, ...]:
    """What a completed trick scored, and how the hand and match stand after it."""
    return (*(explain_award(award, record) for award in record.awards),
            *_hand_end(record, players))


def _missing_worms_bonus(record: TrickRecord) -> list[Reason]:
    """Say why Worms scored nothing when its side won the trick without a capture."""
    trick = record.trick
    if trick.capture is not None or trick.specials_off or "P3" in record.events:
        return []
    seat = trick.worms_headed_by
    if seat is None or side_of(seat) != side_of(record.winner):
        return []
    if WORMS in trick.steps[-1].play.cards and trick.size > 1:
        why, rule = ("Worms was among the last player's cards, which we count as the last "
                     "card of the trick"), "R6.5"
    elif WORMS in trick.steps[-1].play.cards:
        why, rule = "Worms was the last card of the trick", "R6.5"
    elif trick.toqu_on_partner and any(
        TOQU in step.play.cards and step.seat == seat for step in trick.steps
    ):  # two players: a seat lays two cards to a trick
        why, rule = f"{seat} laid Toqu on their own Worms, so one player had both", "R6.5"
    elif trick.toqu_on_partner:
        why, rule = "Toqu was forced onto partner's Worms (our choice, §E Q8)", "F1"
    elif trick.worms_over_toqu and trick.rules.danish_restrictions and record.final:
        why, rule = "at the last trick Worms over Toqu is an ordinary card", "R6.13"
    else:
        why, rule = "Toqu was played in an earlier trick, or one player held both", "R6.5"
    return [Reason(f"No Worms bonus: {why} ({rule})", (rule,))]


def _hand_end(record: TrickRecord, players: int) -> list[Reason]:
    reasons: list[Reason] = []
    if record.swept_by is not None:
        reasons.append(Reason(
            f"Hand over: {record.swept_by} took every trick, and a sweep scores no trick "
            "points (R13.1, R13.2)",
            ("R13.1", "R13.2"),
        ))
    for award in record.hand_points:
        note = f"{award.note}, " if award.note else ""
        units = ""
        if (record.units > 1 and side_of(record.winner) == award.side
                and award.event == "R13.2"):  # the club stops at five: this trick crossed it
            units = (f"; the last trick counts {record.units} trick units, the fifth among "
                     "them, R13.3")
        reasons.append(Reason(
            f"Hand over: {award.side} score {award.points} for the tricks ({note}{award.event}"
            f"{units})",
            (award.event, "R13.3") if units else (award.event,),
        ))
    for side in record.overshoot:
        if record.trick.specials_off:
            reasons.append(Reason(
                f"{side} passed the target: at 8:8 even a 5-5 is one too many, and the excess "
                "is taken off their score (R15.2, R15.5)",
                ("R15.2", "R15.5"),
            ))
            continue
        reasons.append(Reason(
            f"{side} passed the target: the excess is taken off their score (R15.2)",
            ("R15.2",),
        ))
    if record.match_winner is not None:
        if record.kam:
            reasons.append(Reason(
                f"{record.match_winner} win the match with the opponents on nothing, a kam: "
                "it counts as two match wins (R15.1, R15.4)",
                ("R15.1", "R15.4"),
            ))
        else:
            reasons.append(Reason(f"{record.match_winner} win the match (R15.1)", ("R15.1",)))
    return reasons

