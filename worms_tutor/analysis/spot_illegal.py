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
from ..values.play import Play
from .verdict import Hint, Verdict, in_symbols, sentence, symbols

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


def option_labels(puzzle: Puzzle) -> tuple[str, ...]:
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
        labels.append(f"Trick {trick} · {play.seat} plays {cards}")
    return tuple(labels)


def refusal_words(puzzle: Puzzle) -> str:
    """The refusal as a learner reads it: the play, then the rule in words."""
    found = illegal(puzzle)
    play = offered(puzzle)[found.index]
    message = in_symbols(plain(found.refusal.message)).rstrip(".")
    first = message.split(" ", 1)[0]
    if first in _COMMON_WORDS:  # "The hand is over", not a name ("Toqu may not …")
        message = message[:1].lower() + message[1:]
    return f"{symbols(play)} is not allowed: {message}"


_COMMON_WORDS = frozenset({"A", "An", "The", "It", "Only", "This", "You", "Your", "In", "At"})


# -- the kind's parts, called by ``Puzzle`` ------------------------------------------------


def validate(puzzle: Puzzle) -> str:
    """An empty string, or what is wrong with the replay."""
    found = puzzle.replay.illegal
    if found is None:
        return "a 'spot_illegal' replay needs a play the engine refuses; every play is legal"
    if len(offered(puzzle)) < MIN_PLAYS:
        return f"a 'spot_illegal' replay offers at least {MIN_PLAYS} plays"
    if found.index == 0:
        return "the first play breaks a rule: put some legal plays before it"
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
    reasons.append(Reason(f"{offered(puzzle)[found.index]} is not allowed: "
                          f"{found.refusal.message.rstrip('.')} ({found.refusal.rule})",
                          (found.refusal.rule,)))
    return tuple(reasons)


def canonical(puzzle: Puzzle, answer: Any) -> str:
    """A play of the replay from its text (``"W: JC"``), a ``Play`` or its index."""
    plays = offered(puzzle)
    if isinstance(answer, int) and not isinstance(answer, bool):
        if 0 <= answer < len(plays):
            return str(plays[answer])
        raise NotationError(f"there is no play number {answer}", token=str(answer))
    play = answer if isinstance(answer, Play) else Play.parse(str(answer), puzzle.rules.seats)
    for listed in plays:
        if listed.seat == play.seat and set(listed.cards) == set(play.cards):
            return str(listed)
    raise NotationError(f"{play} is not one of the plays of the replay", token=str(play))


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """Right for the refused play; a legal play is told what it did instead."""
    text = canonical(puzzle, answer)
    reasons = solution_reasons(puzzle)
    refused = refusal_words(puzzle)
    if text == solution(puzzle)[0]:
        return Verdict(True, text, f"Correct: {refused}.", reasons)
    index = next(i for i, play in enumerate(offered(puzzle)) if str(play) == text)
    play = offered(puzzle)[index]
    if index > illegal(puzzle).index:
        why = (f"{symbols(play)} comes after the play that breaks a rule: the referee stops "
               "the hand at the first one, so look earlier.")
    else:
        why = f"{symbols(play)} breaks no rule: {_what_it_did(puzzle, index)}"
    return Verdict(False, text, f"Not quite: the play that breaks a rule is {refused}.",
                   reasons, withheld=f"Not quite: {symbols(play)} is not the one.",
                   why=sentence(why))


def _what_it_did(puzzle: Puzzle, index: int) -> str:
    """The engine's account of a legal play of the replay, in card symbols."""
    after = puzzle.replay.states[index + 1]
    before = puzzle.replay.states[index]
    trick: Trick = after.trick if len(after.records) == len(before.records) \
        else after.records[-1].trick
    step = trick.steps[len(before.trick.steps)]
    return plain(explain_step(step, trick, _symbol)[-1].text)


def ladder(puzzle: Puzzle) -> tuple[Hint, ...]:
    """What to check at each play, then the trick to look in."""
    trick = len(puzzle.state.records) + 1
    return (
        Hint("What to check", "Go through the plays in order. For each: is it that seat's "
             "turn, does the seat hold the cards, does it play as many cards as were led, and "
             "does a rule keep that card out here?"),
        Hint("Where to look", f"The play that breaks a rule is in trick {trick}."),
    )
