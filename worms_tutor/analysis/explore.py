"""Explore a position: every play and its outcome, the same plays under two rulebooks, and a
generator of positions that teach something (two presets disagree, or a named rule fires).

Every verdict comes from the engine (``HandState.legal_plays``, ``check``, the trick records
and ``explain``); this module only lines them up for comparison.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from ..formats.explain import explain_record, explain_step
from ..formats.records import record_state
from ..formats.scenario import Scenario
from ..mechanics.game import Match
from ..mechanics.hand import HandState
from ..values.errors import IllegalPlay, WormsError
from ..values.language import ENGLISH, Message, joined
from ..values.language import seat as seat_word
from ..values.language import side as side_word
from ..values.play import Play
from ..values.rules import Rules
from ..values.seating import sides


@dataclass(frozen=True)
class Outcome:
    """What one play does in one position under one rulebook."""

    play: Play
    legal: bool
    rule: str = ""
    """For an illegal play: the rule it breaks."""
    message: str = ""
    """For an illegal play: the engine's sentence."""
    heads: bool = False
    """The play heads the trick (it leads, or takes over)."""
    winner: str | None = None
    """Set when the play completes the trick: the seat that wins it."""
    points: tuple[tuple[str, int], ...] = ()
    """Set when the play completes the trick: what each side scored in it."""
    reasons: tuple[str, ...] = ()
    """The engine's sentences for this play (and the trick's result when it completes it)."""
    rules: tuple[str, ...] = ()
    """Every rule id cited by those reasons (or the broken rule)."""
    lang: str = ENGLISH
    """The language of ``message``, ``reasons`` and ``summary``."""

    @property
    def summary(self) -> str:
        """A few words: illegal (rule), wins/heads, points."""
        if not self.legal:
            return Message("illegal ({rule})", rule=self.rule).text(self.lang)
        if self.winner is not None:
            scored = ", ".join(f"{side_word(side).text(self.lang)} +{points}"
                               for side, points in self.points if points)
            wins = Message("{seat} wins the trick", seat=seat_word(self.winner)).text(self.lang)
            return wins + (f"; {scored}" if scored else "")
        return (Message("heads the trick") if self.heads
                else Message("does not head the trick")).text(self.lang)


@dataclass(frozen=True)
class Row:
    """One play compared under two rulebooks; ``differences`` names what differs."""

    play: Play
    first: Outcome
    second: Outcome

    @property
    def differences(self) -> tuple[str, ...]:
        found = []
        if self.first.legal != self.second.legal:
            found.append("legality")
        if self.first.legal and self.second.legal:
            if self.first.heads != self.second.heads:
                found.append("heads")
            if self.first.winner != self.second.winner:
                found.append("winner")
            if self.first.points != self.second.points:
                found.append("points")
        return tuple(found)


@dataclass(frozen=True)
class Comparison:
    """The plays of one position under two rulebooks."""

    first: Rules
    second: Rules
    seat: str | None
    rows: tuple[Row, ...]
    problem: str = ""
    """Set when the position itself cannot be reached under one of the rulebooks."""

    @property
    def disagree(self) -> bool:
        return bool(self.problem) or any(row.differences for row in self.rows)


def state_of(scenario: Scenario, rules: Rules | None = None) -> HandState:
    """The position after the scenario's plays (under ``rules`` if given); ``IllegalPlay``
    if one of the plays is not allowed there."""
    if rules is not None:
        scenario = replace(scenario, rules=rules)
    replay = scenario.replay()
    if replay.illegal is not None:
        raise replay.illegal.refusal
    return replay.final


def candidate_plays(state: HandState) -> tuple[Play, ...]:
    """Every group of cards the seat to move could lay, legal or not (at most 15)."""
    seat = state.to_move
    if seat is None:
        return ()
    hand = state.hand_of(seat)
    sizes = range(1, min(4, len(hand)) + 1) if state.trick.is_empty else (state.trick.size,)
    return tuple(Play(seat, cards) for size in sizes for cards in combinations(hand, size))


def outcome(state: HandState, play: Play, lang: str = ENGLISH) -> Outcome:
    """What ``play`` does in ``state``: refused with its rule, or its result and reasons (worded
    in ``lang``)."""
    try:
        after = state.play(play)
    except IllegalPlay as refusal:
        return Outcome(play, False, refusal.rule, refusal.message_in(lang),
                       rules=(refusal.rule,), lang=lang)
    players = state.rules.players
    if len(after.records) > len(state.records):
        record = after.records[-1]
        reasons = explain_record(record, players)
        points = record.points(players)
        return Outcome(
            play, True, heads=record.winner == play.seat, winner=record.winner,
            points=tuple((side, points[side]) for side in sides(players)),
            reasons=tuple(r.in_language(lang) for r in reasons),
            rules=tuple(dict.fromkeys(rule for r in reasons for rule in r.rules)), lang=lang,
        )
    step = after.trick.steps[-1]
    reasons = explain_step(step, after.trick)
    return Outcome(
        play, True, heads=after.trick.head_seat == play.seat,
        reasons=tuple(r.in_language(lang) for r in reasons),
        rules=tuple(dict.fromkeys(rule for r in reasons for rule in r.rules)), lang=lang,
    )


def outcomes(state: HandState, lang: str = ENGLISH) -> tuple[Outcome, ...]:
    """The outcome of every legal play of the seat to move, in the engine's order."""
    return tuple(outcome(state, legal.play, lang) for legal in state.legal_plays())


def compare(scenario: Scenario, first: Rules, second: Rules, lang: str = ENGLISH) -> Comparison:
    """The plays legal under either rulebook, each with its outcome under both."""
    try:
        one, two = state_of(scenario, first), state_of(scenario, second)
    except IllegalPlay as refusal:
        return Comparison(first, second, None, (), Message(
            "the plays so far are not all legal under both: {refusal}",
            refusal=refusal.in_language(lang)).text(lang))
    if one.to_move != two.to_move:
        return Comparison(first, second, None, (), Message(
            "the hand is over under one rulebook and not the other").text(lang))
    plays = [legal.play for legal in one.legal_plays()]
    plays += [legal.play for legal in two.legal_plays() if legal.play not in plays]
    rows = tuple(Row(play, outcome(one, play, lang), outcome(two, play, lang))
                 for play in plays)
    return Comparison(first, second, one.to_move, rows)


def rule_fires(state: HandState, rule_id: str) -> bool:
    """Some play the seat to move could make cites ``rule_id`` (as reason or as refusal)."""
    wanted = rule_id.strip().upper()
    return any(wanted in outcome(state, play).rules for play in candidate_plays(state))


@dataclass(frozen=True)
class Example:
    """A position found by ``find_examples`` and why it was kept."""

    scenario: Scenario
    why: Message


DIFFERENCE_WORDS = {"legality": Message("legality"), "winner": Message("winner"),
                    "points": Message("points")}
"""What can differ between two rulebooks' outcomes of a play (``Row.differences``), in words."""


def find_examples(
    first: Rules,
    second: Rules | None = None,
    rule_id: str = "",
    *,
    seed: int = 0,
    seconds: float = 3.0,
    limit: int = 5,
) -> Iterator[Example]:
    """Positions (reached by seeded random play under ``first``) where ``second`` disagrees
    with ``first``, or where ``rule_id`` fires; at most ``limit``, for at most ``seconds``."""
    if second is None and not rule_id.strip():
        raise WormsError(Message("name a second rulebook to compare with, or a rule id to look "
                                 "for"))
    if second is not None and second.players != first.players:
        raise WormsError(Message("both rulebooks must be for the same number of players"))
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    found = 0
    seen: set[str] = set()
    while found < limit and time.monotonic() < deadline:
        match = Match.new(first, rng.randrange(1 << 30))
        state = match.hand
        while state.to_move is not None and time.monotonic() < deadline:
            why = _interest(state, second, rule_id)
            if why is not None:
                scenario = record_state(state, comment=why.text())
                key = scenario.to_text()
                if key not in seen:
                    seen.add(key)
                    found += 1
                    yield Example(scenario, why)
                    if found >= limit:
                        return
            legal = state.legal_plays()
            state = state.play(rng.choice(legal))


def _interest(state: HandState, second: Rules | None, rule_id: str) -> Message | None:
    """Why the position is an example (None: it is not one)."""
    rule = rule_id.strip().upper()
    if rule and not rule_fires(state, rule_id):
        return None
    if second is None:
        return Message("{rule} applies to a play of {seat}", rule=rule,
                       seat=seat_word(state.to_move or ""))
    comparison = compare(record_state(state), state.rules, second)
    if not comparison.disagree:
        return None
    kinds = sorted({kind for row in comparison.rows for kind in row.differences})
    what = (joined([DIFFERENCE_WORDS[kind] for kind in kinds]) if kinds
            else Message("the position itself"))
    if rule:
        return Message("{first} and {second} differ ({what}); {rule} applies",
                       first=state.rules.variant, second=second.variant, what=what, rule=rule)
    return Message("{first} and {second} differ ({what})", first=state.rules.variant,
                   second=second.variant, what=what)
