"""Spot the illegal play in a replay: every play of the scenario is offered, one breaks a rule.

The engine's referee finds it (the first play it refuses); the plays written after it are shown
as a score sheet would have them, not replayed. A wrong pick is told why that play breaks no
rule (the engine's own account of it), or that it comes after the one that does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..formats.explain import Reason, explain_record, explain_step, plain
from ..formats.scenario import Illegal
from ..mechanics.trick import Trick
from ..values.cards import Card
from ..values.errors import NotationError
from ..values.language import ENGLISH, Message
from ..values.language import seat as seat_word
from ..values.play import Play
from .verdict import Clause, Hint, Verdict, in_symbols, play_words, sentence

if TYPE_CHECKING:
    from .puzzle import Puzzle

MIN_PLAYS = 4
"""At least this many plays are offered: a blind pick is then right at most one time in four."""


def _symbol(card: Card) -> str:
    return card.symbol_code


def illegal(puzzle: Puzzle) -> Illegal:
    found = puzzle.replay.illegal
    assert found is not None, "validated at load"
    return found


def offered(puzzle: Puzzle) -> tuple[Play, ...]:
    """Every play of the replay, in order: the options."""
    return puzzle.scenario.plays


def option_labels(puzzle: Puzzle, lang: str = ENGLISH) -> tuple[str, ...]:
    """Each play with its trick: ``Trick 2 · E plays K♥`` (after the illegal play the tricks
    are counted as the sheet has them, one play per seat)."""
    replay = puzzle.replay
    seats = len(puzzle.rules.seats)
    labels = []
    trick = position = 0
    for index, play in enumerate(offered(puzzle)):
        if index < len(replay.states):
            before = replay.states[index]
            trick, position = len(before.records) + 1, len(before.trick.steps)
        elif position + 1 >= seats:
            trick, position = trick + 1, 0
        else:
            position += 1
        cards = " ".join(card.symbol_code for card in play.cards)
        labels.append(Message("Trick {number} · {seat} plays {cards}", number=trick,
                              seat=seat_word(play.seat), cards=cards).text(lang))
    return tuple(labels)


def refusal_words(puzzle: Puzzle, lang: str = ENGLISH) -> str:
    """The refusal as a learner reads it: the play, then the rule in words."""
    found = illegal(puzzle)
    play = offered(puzzle)[found.index]
    first = found.refusal.message.split(" ", 1)[0]
    # "The hand is over" reads small within the sentence, a name ("Toqu may not …") does not
    message = Clause(found.refusal.said, lower=first in _COMMON_WORDS)
    return in_symbols(plain(Message("{play} is not allowed: {refusal}", play=play_words(play),
                                    refusal=message).text(lang)))


_COMMON_WORDS = frozenset({"A", "An", "The", "It", "Only", "This", "You", "Your", "In", "At"})


# -- the kind's parts, called by ``Puzzle`` ------------------------------------------------


def validate(puzzle: Puzzle) -> str | Message:
    """An empty string, or what is wrong with the replay."""
    found = puzzle.replay.illegal
    if found is None:
        return Message("a 'spot_illegal' replay needs a play the engine refuses; every play "
                       "is legal")
    if len(offered(puzzle)) < MIN_PLAYS:
        return Message("a 'spot_illegal' replay offers at least {count} plays",
                       count=MIN_PLAYS)
    if found.index == 0:
        return Message("the first play breaks a rule: put some legal plays before it")
    return ""


def solution(puzzle: Puzzle) -> tuple[str, ...]:
    return (str(offered(puzzle)[illegal(puzzle).index]),)


def solution_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    """The plays up to the refused one, card by card, then the refusal with its rule id."""
    players = puzzle.rules.players
    state = puzzle.state
    found = illegal(puzzle)
    reasons = [reason for record in puzzle.replay.records
               for reason in explain_record(record, players)]
    reasons += [reason for step in state.trick.steps
                for reason in explain_step(step, state.trick)]
    reasons.append(Reason(Message("{play} is not allowed: {refusal}",
                                  play=offered(puzzle)[found.index],
                                  refusal=Message("{refusal} ({rule})",
                                                  refusal=Clause(found.refusal.said),
                                                  rule=found.refusal.rule)),
                          (found.refusal.rule,)))
    return tuple(reasons)


def canonical(puzzle: Puzzle, answer: Any) -> str:
    """A play of the replay from its text (``"W: JC"``), a ``Play`` or its index."""
    plays = offered(puzzle)
    if isinstance(answer, int) and not isinstance(answer, bool):
        if 0 <= answer < len(plays):
            return str(plays[answer])
        raise NotationError(Message("there is no play number {number}", number=answer),
                            token=str(answer))
    play = answer if isinstance(answer, Play) else Play.parse(str(answer), puzzle.rules.seats)
    for listed in plays:
        if listed.seat == play.seat and set(listed.cards) == set(play.cards):
            return str(listed)
    raise NotationError(Message("{play} is not one of the plays of the replay", play=play),
                        token=str(play))


def check(puzzle: Puzzle, answer: Any, lang: str = ENGLISH) -> Verdict:
    """Right for the refused play; a legal play is told what it did instead."""
    text = canonical(puzzle, answer)
    reasons = solution_reasons(puzzle)
    refused = refusal_words(puzzle, lang)
    if text == solution(puzzle)[0]:
        return Verdict(True, text, Message("Correct: {fact}.", fact=refused).text(lang),
                       reasons)
    index = next(i for i, play in enumerate(offered(puzzle)) if str(play) == text)
    play = offered(puzzle)[index]
    if index > illegal(puzzle).index:
        why = Message("{play} comes after the play that breaks a rule: the referee stops the "
                      "hand at the first one, so look earlier.", play=play_words(play))
    else:
        why = Message("{play} breaks no rule: {what}", play=play_words(play),
                      what=_what_it_did(puzzle, index, lang))
    return Verdict(False, text, Message("Not quite: the play that breaks a rule is {refusal}.",
                                        refusal=refused).text(lang),
                   reasons, withheld=Message("Not quite: {play} is not the one.",
                                             play=play_words(play)).text(lang),
                   why=sentence(why.text(lang)))


def _what_it_did(puzzle: Puzzle, index: int, lang: str = ENGLISH) -> str:
    """The engine's account of a legal play of the replay, in card symbols."""
    after = puzzle.replay.states[index + 1]
    before = puzzle.replay.states[index]
    trick: Trick = after.trick if len(after.records) == len(before.records) \
        else after.records[-1].trick
    step = trick.steps[len(before.trick.steps)]
    return plain(explain_step(step, trick, _symbol)[-1].in_language(lang))


def ladder(puzzle: Puzzle, lang: str = ENGLISH) -> tuple[Hint, ...]:
    """What to check at each play, then the trick to look in."""
    trick = len(puzzle.state.records) + 1
    return (
        Hint(Message("What to check").text(lang),
             Message("Go through the plays in order. For each: is it that seat's turn, does "
                     "the seat hold the cards, does it play as many cards as were led, and "
                     "does a rule keep that card out here?").text(lang)),
        Hint(Message("Where to look").text(lang),
             Message("The play that breaks a rule is in trick {number}.",
                     number=trick).text(lang)),
    )
