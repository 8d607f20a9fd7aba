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
from ..values.language import ENGLISH, N_, Message, seat, side
from ..values.seating import side_of

CardFormat = Callable[[Card], str]


@dataclass(frozen=True)
class Reason:
    """One sentence of explanation and the rule ids behind it. ``said`` is a ``Message`` that
    can be worded in another language (``in_language("da")``), or plain English text."""

    said: str | Message
    rules: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The sentence in English."""
        return str(self.said)

    def in_language(self, lang: str = ENGLISH) -> str:
        """The sentence worded in ``lang`` (English where it has no translation yet)."""
        return self.said.text(lang) if isinstance(self.said, Message) else self.said

    def __str__(self) -> str:
        return self.text


_WHY_BEATS: dict[Power, Message] = {
    Power.HIGHER_CARD: Message("it ranks higher"),
    Power.BEATS_LED_THREE: Message("a led 3♦ is the lowest card of the trick"),
    Power.SUIT_ORDER: Message("same rank, and clubs > spades > hearts > diamonds"),
    Power.LATER_MATADOR: Message("later matador wins"),
    Power.THREE_NOT_LED: Message("the 3♦ not led beats everything"),
    Power.HIGHER_SEVEN: Message("a higher 7 beats a led 7 and carries its power"),
    Power.KC_ON_SEVEN: Message("the K♣ kills a led 7"),
    Power.KS_ON_KC: Message("the K♠ kills a K♣ that has beaten a 7"),
    Power.KINGS_ON_SEVENS: Message("K♣ and K♠ together beat two 7s"),
    Power.SEVEN_AFTER_LED_THREE: Message("a 7 played second after a led 3♦ counts as led"),
}

_WHY_FAILS: dict[Power, Message] = {
    Power.LOWER_CARD: Message("it ranks lower"),
    Power.SEVEN_NOT_LED: Message("a 7 that is not led is powerless"),
    Power.SUIT_ORDER_LOWER: Message(
        "same rank, lower suit (clubs > spades > hearts > diamonds)"),
    Power.SEVEN_HOLDS: Message("a led 7 falls only to a higher 7, the K♣ or the 3♦ not led"),
    Power.UNLED_SEVEN: Message(
        "in these rules a 7 that is not led is worthless, even a higher one"),
    Power.KS_NOT_ON_SEVEN: Message("the K♠ never beats a 7 by itself"),
    Power.KC_HOLDS: Message("a K♣ that has beaten a 7 falls only to the K♠ or the 3♦"),
    Power.KS_TOO_LATE: Message("in these rules the K♠ beats that K♣ only straight after it"),
    Power.KS_HOLDS: Message("only the 3♦ beats a K♠ that has killed the K♣"),
    Power.THREE_HOLDS: Message("nothing beats a 3♦ that was not led"),
    Power.THREE_POWERLESS: Message("in these rules the 3♦ is unbeatable only when played last"),
    Power.FORBIDDEN_ON_PARTNER: Message("Toqu may not be laid on partner's Worms"),
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
        Message("{worms}'s Worms heads the trick, so {seat}, holding Toqu, must play it (O1)",
                worms=seat(worms.seat), seat=seat(step.seat)),
        ("O1",),
    ),)


def _verdict_reasons(step: Step, fmt: CardFormat) -> tuple[Reason, ...]:
    player = seat(step.seat)
    cards = " ".join(fmt(card) for card in step.play.cards)
    if step.took_over:
        reasons = [_beat_reason(player, pairing, fmt) for pairing in step.pairings]
        if len(step.pairings) > 1:
            reasons.append(Reason(
                Message("{seat}'s group {cards} takes over: every card beats a different card "
                        "of the heading group (R10.3)", seat=player, cards=cards),
                ("R10.3",),
            ))
        return tuple(reasons)
    head = " ".join(f"{fmt(tc.card)}" for tc in step.head_before)
    failing = next((p for p in step.pairings if not p.beats), None)
    if failing is None:
        return (Reason(Message("{seat}'s {cards} cannot beat {head} (R10.1)",
                               seat=player, cards=cards, head=head), ("R10.1",)),)
    why = _WHY_FAILS.get(failing.power, Message("it cannot beat it"))
    rule_ids = failing.power.rule_ids
    ids = ", ".join(rule_ids)
    if len(step.pairings) == 1:
        target = failing.target
        return (Reason(
            Message("{seat}'s {card} does not beat {other}'s {target} ({why}, {ids})",
                    seat=player, card=fmt(failing.card), other=seat(target.seat),
                    target=fmt(target.card), why=why, ids=ids),
            rule_ids,
        ),)
    return (Reason(
        Message("{seat}'s {cards} cannot take over {head}: each card must beat a different "
                "card (R10.3, R10.4); at best {card} on {target} fails ({why}, {ids})",
                seat=player, cards=cards, head=head, card=fmt(failing.card),
                target=fmt(failing.target.card), why=why, ids=ids),
        ("R10.3", "R10.4", *rule_ids),
    ),)


def _lead_reason(step: Step, fmt: CardFormat) -> Reason:
    player = seat(step.seat)
    cards = step.play.cards
    shown = " ".join(fmt(card) for card in cards)
    if any(card.is_seven for card in cards):
        return Reason(
            Message("{seat} leads {cards}: a led 7 falls only to a higher 7, the K♣ or the 3♦ "
                    "(R3.1)", seat=player, cards=shown),
            ("R3.1",),
        )
    if any(card.code == "3D" for card in cards):
        return Reason(Message("{seat} leads {cards}: a led 3♦ is worthless (R5.1)",
                              seat=player, cards=shown), ("R5.1",))
    return Reason(Message("{seat} leads {cards}", seat=player, cards=shown), ("R9.1",))


def _beat_reason(player: Message, pairing: Pairing, fmt: CardFormat) -> Reason:
    target: TableCard = pairing.target
    why = _WHY_BEATS.get(pairing.power, Message("it beats it"))
    rule_ids = pairing.power.rule_ids
    values = {"seat": player, "card": fmt(pairing.card), "other": seat(target.seat),
              "target": fmt(target.card), "why": why, "ids": ", ".join(rule_ids)}
    if pairing.power is Power.LATER_MATADOR:
        text = Message("{seat}'s {card}, played after {other}'s {target}, beats it "
                       "({why}, {ids})", **values)
    else:
        text = Message("{seat}'s {card} beats {other}'s {target} ({why}, {ids})", **values)
    return Reason(text, rule_ids)


_AWARD_TEXT: dict[str, str] = {
    "P1": N_("Toqu captured {worms}'s Worms: {side} +{points} (P1)"),
    "P2": N_("{seat}'s 3♦ took back the Toqu that had captured Worms: {side} +{points} (P2)"),
    "P3": N_("Worms brought home: {side} +{points} (P3, R6.5; the value V is our choice, "
             "§E Q1)"),
    "P4": N_("{seat}'s K♠ killed the K♣ that had beaten a 7: {side} +{points} at once "
             "(P4, R4.4)"),
    "P5": N_("{seat}'s K♣ and K♠ beat two 7s together: {side} +{points} (P5, R4.5)"),
}

_AWARD_RULES: dict[str, tuple[str, ...]] = {
    "P1": ("P1", "R6.2"), "P2": ("P2", "R5.3"), "P3": ("P3", "R6.5"),
    "P4": ("P4", "R4.4"), "P5": ("P5", "R4.5"),
}


def explain_award(award: Award, record: TrickRecord) -> Reason:
    capture = record.trick.capture
    worms = capture.worms_seat if capture else (record.trick.worms_headed_by or "")
    text = Message(_AWARD_TEXT[award.event], worms=seat(worms), side=side(award.side),
                   points=award.points, seat=seat(award.seat or ""))
    return Reason(text, _AWARD_RULES[award.event])


def explain_record(
    record: TrickRecord, players: int, fmt: CardFormat = code
) -> tuple[Reason, ...]:
    """Every reason of a completed trick, in the order things happened."""
    trick = record.trick
    reasons: list[Reason] = []
    if trick.specials_off:
        reasons.append(Reason(
            Message("At 8:8 Toqu and Worms are ordinary high cards: no duty, no capture, "
                    "no bonus (R6.15)"),
            ("R6.15",),
        ))
    for holder in record.aavunga:
        reasons.append(Reason(
            Message("{seat} holds both Toqu and Worms and announces 'aavunga' (D1, R6.10)",
                    seat=seat(holder)),
            ("D1", "R6.10"),
        ))
    for step in trick.steps:
        reasons.extend(explain_step(step, trick, fmt))
    units = record.units
    size_word = {2: Message("double trick"), 3: Message("triple trick"),
                 4: Message("quadruple trick")}
    winner = seat(record.winner)
    reasons.append(Reason(
        Message("{seat} wins the {size}, worth {units} trick units (R10.6)", seat=winner,
                size=size_word.get(units, Message("trick")), units=units) if units > 1
        else Message("{seat} wins the trick", seat=winner),
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
    holder = trick.worms_headed_by
    if holder is None or side_of(holder) != side_of(record.winner):
        return []
    if WORMS in trick.steps[-1].play.cards and trick.size > 1:
        why, rule = Message("Worms was among the last player's cards, which we count as the "
                            "last card of the trick"), "R6.5"
    elif WORMS in trick.steps[-1].play.cards:
        why, rule = Message("Worms was the last card of the trick"), "R6.5"
    elif trick.toqu_on_partner and any(
        TOQU in step.play.cards and step.seat == holder for step in trick.steps
    ):  # two players: a seat lays two cards to a trick
        why, rule = Message("{seat} laid Toqu on their own Worms, so one player had both",
                            seat=seat(holder)), "R6.5"
    elif trick.toqu_on_partner:
        why, rule = Message("Toqu was forced onto partner's Worms (our choice, §E Q8)"), "F1"
    elif trick.worms_over_toqu and trick.rules.danish_restrictions and record.final:
        why, rule = Message("at the last trick Worms over Toqu is an ordinary card"), "R6.13"
    else:
        why, rule = Message("Toqu was played in an earlier trick, or one player held both"), \
            "R6.5"
    return [Reason(Message("No Worms bonus: {why} ({rule})", why=why, rule=rule), (rule,))]


_NOTES: dict[str, Message] = {"first five": Message("first five")}


def _hand_end(record: TrickRecord, players: int) -> list[Reason]:
    reasons: list[Reason] = []
    if record.swept_by is not None:
        reasons.append(Reason(
            Message("Hand over: {side} took every trick, and a sweep scores no trick points "
                    "(R13.1, R13.2)", side=side(record.swept_by)),
            ("R13.1", "R13.2"),
        ))
    for award in record.hand_points:
        event: str | Message = award.event
        crossed = (record.units > 1 and side_of(record.winner) == award.side
                   and award.event == "R13.2")  # the club stops at five: this trick crossed it
        if crossed:
            event = Message("{event}; the last trick counts {units} trick units, the fifth "
                            "among them, R13.3", event=award.event, units=record.units)
        values = {"side": side(award.side), "points": award.points, "event": event}
        reasons.append(Reason(
            Message("Hand over: {side} score {points} for the tricks ({note}, {event})",
                    note=_NOTES.get(award.note, award.note), **values) if award.note
            else Message("Hand over: {side} score {points} for the tricks ({event})", **values),
            (award.event, "R13.3") if crossed else (award.event,),
        ))
    for passed in record.overshoot:
        if record.trick.specials_off:
            reasons.append(Reason(
                Message("{side} passed the target: at 8:8 even a 5-5 is one too many, and the "
                        "excess is taken off their score (R15.2, R15.5)", side=side(passed)),
                ("R15.2", "R15.5"),
            ))
            continue
        reasons.append(Reason(
            Message("{side} passed the target: the excess is taken off their score (R15.2)",
                    side=side(passed)),
            ("R15.2",),
        ))
    if record.match_winner is not None:
        if record.kam:
            reasons.append(Reason(
                Message("{side} win the match with the opponents on nothing, a kam: it counts "
                        "as two match wins (R15.1, R15.4)", side=side(record.match_winner)),
                ("R15.1", "R15.4"),
            ))
        else:
            reasons.append(Reason(Message("{side} win the match (R15.1)",
                                          side=side(record.match_winner)), ("R15.1",)))
    return reasons
