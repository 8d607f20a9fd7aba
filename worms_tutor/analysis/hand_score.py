"""Score a finished hand: the learner gives the points each side scores in the tricks shown.

The engine's awards decide (captures, Worms brought home, king feats, the trick points of the
finished hand); a wrong number is answered with the gains it missed or added, read from those
awards: a subset of one side's gains that makes up the difference, a gain that went to the other
side, or the engine's note on what scored nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..formats.explain import Reason, explain_award, explain_record, plain
from ..mechanics.scoring import Award, units_in_hand
from ..values.errors import NotationError
from ..values.language import ENGLISH, Message, joined
from ..values.language import seat as seat_word
from ..values.language import side as side_word
from ..values.seating import side_called, side_of, sides
from .verdict import Hint, Verdict, in_symbols, sentence

if TYPE_CHECKING:
    from .puzzle import Puzzle

_UNITS = {2: Message("double trick"), 3: Message("triple trick"),
          4: Message("quadruple trick")}
_BIGGER = {2: Message(", the double trick counting 2"), 3: Message(", the triple trick counting 3"),
           4: Message(", the quadruple trick counting 4")}
_NOTHING = re.compile(r"No Worms bonus|sweep scores no trick points|8:8|scores nothing")


@dataclass(frozen=True)
class Gain:
    """Points one side scored for one reason, in words without rule ids."""

    side: str
    points: int
    text: str


def side_list(puzzle: Puzzle) -> tuple[str, ...]:
    """The sides asked about, in the engine's order: ``NS``, ``EW`` (or the three players)."""
    return sides(puzzle.rules.players)


def scores(puzzle: Puzzle) -> dict[str, int]:
    """What each side scored in the tricks shown, as the engine settles it."""
    total = dict.fromkeys(side_list(puzzle), 0)
    for record in puzzle.replay.records:
        for side, points in record.points(puzzle.rules.players).items():
            total[side] += points
    return total


def score_text(values: Mapping[str, int]) -> str:
    """The canonical answer: ``NS 2, EW 0``."""
    return ", ".join(f"{side} {points}" for side, points in values.items())


def score_words(values: Mapping[str, int], lang: str = ENGLISH) -> str:
    """The scores as a learner reads them: ``North–South 2, East–West 0``."""
    return ", ".join(f"{side_called(side).text(lang)} {points}"
                     for side, points in values.items())


def gains(puzzle: Puzzle, lang: str = ENGLISH) -> tuple[Gain, ...]:
    """Every award of the tricks shown, each in words (in ``lang``)."""
    found: list[Gain] = []
    previous = puzzle.state.previous
    for record in puzzle.replay.records:
        for award in record.awards:
            text = in_symbols(plain(explain_award(award, record).in_language(lang)))
            named = re.escape(side_word(award.side).text(lang))
            text = re.sub(rf": {named} \+\d+", f" ({award.points})", text)
            found.append(Gain(award.side, award.points, text))
        for award in record.hand_points:
            found.append(Gain(award.side, award.points,
                              _trick_points_said(puzzle, award, previous).text(lang)))
    return tuple(found)


def _trick_points_said(puzzle: Puzzle, award: Award, previous: tuple[str, ...]) -> Message:
    """The trick points of one side, counted out: units, the bigger tricks, the extras."""
    units = previous.count(award.side)
    multi = [record.units for record in puzzle.replay.records
             if record.units > 1 and side_of(record.winner) == award.side]
    bigger = joined([_BIGGER.get(size) or Message(", the big trick counting {count}",
                                                  count=size) for size in multi], "")
    parts = [Message("1 for five")]
    if award.event == "R13.1" and units > 5:
        parts.append(Message("{count} for the units past five", count=units - 5)
                     if units - 5 > 1 else Message("1 for the unit past five"))
    if award.note in ("first five", "5-5"):
        parts.append(Message("1 more for the first five in a row") if award.event == "R13.1"
                     else Message("1 more for the 5-5"))
    return Message("{points} for the tricks: {units} of the {total} trick units{bigger} "
                   "({parts})", points=award.points, units=units,
                   total=units_in_hand(puzzle.rules), bigger=bigger,
                   parts=joined(parts, " + "))


def _nothing_notes(puzzle: Puzzle, side: str, lang: str = ENGLISH) -> list[str]:
    """The engine's notes on what scored nothing in the tricks ``side`` took (Worms as the
    last card, a sweep, 8:8)."""
    notes = []
    for record in puzzle.replay.records:
        if side_of(record.winner) != side:
            continue
        for reason in explain_record(record, puzzle.rules.players):
            if _NOTHING.search(reason.text):
                text = in_symbols(plain(reason.in_language(lang)))
                notes.append(text[:1].lower() + text[1:])
    return notes


# -- the kind's parts, called by ``Puzzle`` ------------------------------------------------


def validate(puzzle: Puzzle) -> str | Message:
    """An empty string, or what is wrong with the puzzle's plays."""
    if not puzzle.replay.records or puzzle.state.to_move is not None:
        return Message("a 'hand_score' puzzle plays the hand to its end")
    return ""


def solution(puzzle: Puzzle) -> tuple[str, ...]:
    return (score_text(scores(puzzle)),)


def solution_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    players = puzzle.rules.players
    return tuple(reason for record in puzzle.replay.records
                 for reason in explain_record(record, players))


def canonical(puzzle: Puzzle, answer: Any) -> str:
    """``NS 2, EW 0`` from that text, ``"2 0"`` (sides in order), a mapping or a sequence."""
    names = side_list(puzzle)
    if isinstance(answer, Mapping):
        values = [answer.get(side) for side in names]
    elif isinstance(answer, str):
        tokens = answer.replace(",", " ").split()
        numbers = [token for token in tokens if token.upper() not in names]
        named = [token.upper() for token in tokens if token.upper() in names]
        if named and named != list(names):
            raise NotationError(Message("give the sides in the order {sides}",
                                        sides=", ".join(names)), token=answer)
        values = list(numbers)
    elif isinstance(answer, Iterable):
        values = list(answer)
    else:
        raise NotationError(Message("{answer} is not a score for each side",
                                    answer=repr(answer)), token=repr(answer))
    if len(values) != len(names):
        raise NotationError(Message("give one number for each of {sides}",
                                    sides=", ".join(names)), token=str(answer))
    result = {}
    for side, value in zip(names, values, strict=True):
        text = str(value).strip()
        if isinstance(value, bool) or not text.lstrip("-").isdigit():
            raise NotationError(Message("{answer} is not a number of points",
                                        answer=repr(value)), token=str(value))
        result[side] = int(text)
    return score_text(result)


def check(puzzle: Puzzle, answer: Any, lang: str = ENGLISH) -> Verdict:
    """Right when every side's number is the engine's; else each wrong number's why."""
    text = canonical(puzzle, answer)
    right = scores(puzzle)
    given = {side: int(points) for side, points in
             (part.split() for part in text.split(", "))}
    reasons = solution_reasons(puzzle)
    if given == right:
        return Verdict(True, text, Message("Correct: {fact}.",
                                           fact=score_words(right, lang)).text(lang), reasons)
    found = gains(puzzle, lang)
    whys = [_why_side(puzzle, side, given, right, found, lang)
            for side in side_list(puzzle) if given[side] != right[side]]
    wrong = score_words({side: given[side] for side in side_list(puzzle)
                         if given[side] != right[side]}, lang)
    return Verdict(False, text, Message("Not quite: {fact}, not {answer}.",
                                        fact=score_words(right, lang), answer=wrong).text(lang),
                   reasons, withheld=Message("Not quite: not {answer}.", answer=wrong).text(lang),
                   why=" ".join(whys))


def _why_side(puzzle: Puzzle, side: str, answer: Mapping[str, int], scored: Mapping[str, int],
              found: tuple[Gain, ...], lang: str = ENGLISH) -> str:
    """Why the number given for ``side`` is wrong: the gains it misses, a gain of another
    side it took for its own, or what it counted that scores nothing."""
    name, given, right = side_called(side), answer[side], scored[side]
    own = [gain for gain in found if gain.side == side]
    if given < right:
        missed = _making_up(own, right - given) or own
        return sentence(Message("{side} score more than {given}: count {gains}", side=name,
                                given=given, gains="; ".join(gain.text for gain in missed))
                        .text(lang))
    extra = given - right
    elsewhere = [gain for gain in found if gain.side != side and gain.points == extra
                 and answer[gain.side] == scored[gain.side] - extra]  # moved across
    if elsewhere:
        gain = elsewhere[0]
        return sentence(Message("{side} score less than {given}: {other} get {gain}",
                                side=name, given=given, other=side_called(gain.side),
                                gain=gain.text).text(lang))
    notes = _nothing_notes(puzzle, side, lang)
    units = puzzle.state.previous.count(side)
    if own:
        counted = Message("they get only {gains}", gains="; ".join(gain.text for gain in own))
    elif units < 5:
        counted = Message("they took {units} of the {total} trick units, and fewer than five "
                          "score nothing", units=units, total=units_in_hand(puzzle.rules))
    else:
        counted = Message("they score nothing here")
    tail = f"; {notes[0]}" if notes else ""
    return sentence(Message("{side} score less than {given}: {counted}", side=name,
                            given=given, counted=counted).text(lang) + tail)


def _making_up(own: list[Gain], amount: int) -> list[Gain]:
    """The fewest of ``own`` gains whose points add up to ``amount`` (empty if none do)."""
    for size in range(1, len(own) + 1):
        for group in combinations(own, size):
            if sum(gain.points for gain in group) == amount:
                return list(group)
    return []


def ladder(puzzle: Puzzle, lang: str = ENGLISH) -> tuple[Hint, ...]:
    """Who took each trick (and its size), then what can score, then the solution."""
    tricks = []
    for number, record in enumerate(puzzle.replay.records, start=1):
        winner = seat_word(record.winner)
        size = _UNITS.get(record.units)
        tricks.append(Message("trick {number}: {seat} ({size})", number=number, seat=winner,
                              size=size) if size else
                      Message("trick {number}: {seat}", number=number, seat=winner))
    return (
        Hint(Message("Who took the tricks").text(lang), sentence(joined(tricks).text(lang))),
        Hint(Message("What can score").text(lang),
             Message("Count the captures of Worms and their taking back (2), Worms brought home "
                     "(1), a king feat in the club's rules (1), then the trick points of the "
                     "finished hand: a double trick counts two units.").text(lang)),
    )

