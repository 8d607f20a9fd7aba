"""Planning puzzles over the last two or three tricks, checked by the exact solver.

The learner plays their seat's cards trick by trick; the other seats answer with the solver's
best play (partners for the learner's side, opponents against it). A play is right when it
keeps the most the position allows, in match and points (``solver.Value``); every line of such
plays is accepted. A play that gives something away is answered at once by its refutation: the
best replies that follow it, to the end of the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..formats.explain import Reason, explain_record, explain_step
from ..mechanics.hand import HandState
from ..values.cards import Card
from ..values.errors import IllegalPlay, NotationError
from ..values.language import ENGLISH, Message, joined
from ..values.language import seat as seat_word
from ..values.play import Play
from ..values.seating import side_called, side_of, sides
from .search import Line
from .solver import Value, evaluate_plays, solve
from .verdict import Hint, Verdict, in_symbols, play_words, sentence

if TYPE_CHECKING:
    from .puzzle import Puzzle

MAX_TRICKS = 3
"""A plan covers the last two or three tricks: every hand holds at most this many cards."""


def _worth(value: Value) -> tuple[int, int]:
    """What a plan is judged on: the match, then the points (trick units only break ties
    between the solver's own replies)."""
    return (value.match, value.points)


@dataclass(frozen=True)
class Progress:
    """Where a plan stands after the learner's plays so far and the replies to them."""

    plays: tuple[Play, ...]
    """Every play from the start, the learner's and the replies."""
    state: HandState
    """The position now: the learner to move, or the hand over."""
    wrong: int | None = None
    """The index (among the learner's plays) of the first play that gives something away."""
    refutation: tuple[Play, ...] = ()
    """The best play after that wrong play, to the end of the hand."""
    before_wrong: HandState | None = None
    """The position where the wrong play was made."""

    @property
    def finished(self) -> bool:
        """The plan is judged: a wrong play was made or the hand is over."""
        return self.wrong is not None or self.state.to_move is None


def advance(puzzle: Puzzle, mine: Iterable[Play]) -> Progress:
    """Play the learner's plays in turn, each answered by the others' best replies
    (``IllegalPlay`` for a play the rules refuse)."""
    state = puzzle.state
    line: list[Play] = []
    for number, play in enumerate(mine):
        if state.to_move != puzzle.seat:
            raise NotationError(Message("the hand is over: no more plays"), token=str(play))
        values = {value.play: value.value for value in evaluate_plays(state)}
        legal = _legal_form(state, play)
        best = max(values.values(), key=_worth)
        after = state.play(legal)
        line.append(legal)
        if _worth(values[legal]) < _worth(best):
            rest = solve(after).line if after.to_move is not None else ()
            end = after
            for reply in rest:
                end = end.play(reply)
            return Progress(tuple(line) + rest, end, number, rest, state)
        state = after
        replies = _replies(puzzle, state)
        for reply in replies:
            state = state.play(reply)
        line.extend(replies)
    return Progress(tuple(line), state)


def _legal_form(state: HandState, play: Play) -> Play:
    """The play as the engine lists it (cards in its order); ``IllegalPlay`` if refused."""
    for legal in state.legal_plays():
        if legal.play.seat == play.seat and set(legal.play.cards) == set(play.cards):
            return legal.play
    refusal = state.check(play)
    if refusal is None:  # pragma: no cover - a legal play is always listed
        return play
    raise refusal


def _replies(puzzle: Puzzle, state: HandState) -> tuple[Play, ...]:
    """The others' best plays until the learner is to move again or the hand is over."""
    if state.to_move is None or state.to_move == puzzle.seat:
        return ()
    replies = []
    for play in solve(state).line:
        if play.seat == puzzle.seat:
            break
        replies.append(play)
    return tuple(replies)


def _keeping(state: HandState) -> tuple[tuple[Play, ...], int]:
    """The plays of the seat to move that keep the most the position allows, and how many
    legal plays there are."""
    values = evaluate_plays(state)
    best = max((value.value for value in values), key=_worth)
    return tuple(value.play for value in values if _worth(value.value) == _worth(best)), \
        len(values)


def _answered(puzzle: Puzzle, state: HandState, play: Play) -> HandState:
    """The position after ``play`` and the others' best replies to it."""
    after = state.play(play)
    for reply in _replies(puzzle, after):
        after = after.play(reply)
    return after


def winning_lines(puzzle: Puzzle) -> tuple[tuple[Play, ...], ...]:
    """Every sequence of the learner's plays that keeps the most the position allows."""
    found: list[tuple[Play, ...]] = []

    def walk(state: HandState, mine: tuple[Play, ...]) -> None:
        if state.to_move is None:
            found.append(mine)
            return
        for play in _keeping(state)[0]:
            walk(_answered(puzzle, state, play), (*mine, play))

    walk(puzzle.state, ())
    return tuple(found)


def guess_chance(puzzle: Puzzle) -> Fraction:
    """The chance that a learner who picks each play at random finds a winning line."""

    def chance(state: HandState) -> Fraction:
        if state.to_move is None:
            return Fraction(1)
        keeping, offered = _keeping(state)
        return sum((chance(_answered(puzzle, state, play)) for play in keeping),
                   Fraction(0)) / offered

    return chance(puzzle.state)


def _plan_text(plays: Iterable[Play]) -> str:
    return ", ".join(str(play) for play in plays)


def _plan_symbols(plays: Iterable[Play], lang: str) -> str:
    named = [play_words(play).text(lang) for play in plays]
    said = named[0] if named else ""
    for play in named[1:]:
        said = Message("{plays}, then {play}", plays=said, play=play).text(lang)
    return said


def _line_symbols(plays: Iterable[Play]) -> Message | None:
    named = [play_words(play) for play in plays]
    return joined(named) if named else None


def _points(start: HandState, end: HandState) -> dict[str, int]:
    total = dict.fromkeys(sides(start.rules.players), 0)
    for record in end.records[len(start.records):]:
        for side, points in record.points(start.rules.players).items():
            total[side] += points
    return total


def _points_words(points: dict[str, int], lang: str) -> str:
    return ", ".join(f"{side_called(side).text(lang)} {value}" for side, value in points.items())


def _reasons(start: HandState, end: HandState) -> tuple[Reason, ...]:
    players = start.rules.players
    reasons = [reason for record in end.records[len(start.records):]
               for reason in explain_record(record, players)]
    reasons += [reason for step in end.trick.steps for reason in explain_step(step, end.trick)]
    return tuple(reasons)


# -- the kind's parts, called by ``Puzzle`` ------------------------------------------------


def validate(puzzle: Puzzle) -> str | Message:
    """An empty string, or why the position is no plan over two or three tricks."""
    state = puzzle.state
    if state.stock:
        return Message("a 'plan' puzzle needs an empty stock: the solver must know every card")
    if state.to_move != puzzle.seat:
        return Message("the learner plays for the seat to move")
    if state.trick.steps:
        return Message("a 'plan' puzzle starts with a lead")
    longest = max(len(cards) for _seat, cards in state.hands)
    if not 2 <= longest <= MAX_TRICKS:
        return Message("a 'plan' puzzle covers the last two or three tricks (two or three "
                       "cards each)")
    if guess_chance(puzzle) == 1:
        return Message("every line reaches the best result: there is nothing to plan")
    return ""


def solution(puzzle: Puzzle) -> tuple[str, ...]:
    return tuple(_plan_text(line) for line in winning_lines(puzzle))


def solution_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    progress = advance(puzzle, winning_lines(puzzle)[0])
    return _reasons(puzzle.state, progress.state)


def _as_plays(puzzle: Puzzle, answer: Any) -> tuple[Play, ...]:
    if isinstance(answer, str):
        answer = [part for part in answer.split(",") if part.strip()]
    if isinstance(answer, Play):
        answer = [answer]
    if not isinstance(answer, Iterable):
        raise NotationError(Message("{answer} is not a list of plays", answer=repr(answer)),
                            token=repr(answer))
    plays = []
    for item in answer:
        if isinstance(item, Play):
            plays.append(item)
        elif isinstance(item, Card):
            plays.append(Play(puzzle.seat, (item,)))
        elif ":" in str(item):
            plays.append(Play.parse(str(item).strip(), puzzle.rules.seats))
        else:
            cards = tuple(Card.parse(token) for token in str(item).split())
            plays.append(Play(puzzle.seat, cards))
    if not plays:
        raise NotationError(Message("no play was made"), token="")
    for play in plays:
        if play.seat != puzzle.seat:
            raise NotationError(Message("you play for {seat}, not {other}",
                                        seat=seat_word(puzzle.seat),
                                        other=seat_word(play.seat)), token=str(play))
    return tuple(plays)


def canonical(puzzle: Puzzle, answer: Any) -> str:
    """The learner's plays in order: ``S: 7H, S: JD`` (from that text, plays or cards)."""
    return _plan_text(_as_plays(puzzle, answer))


def check(puzzle: Puzzle, answer: Any, lang: str = ENGLISH) -> Verdict:
    """A whole plan: right when no play gives anything away; a wrong play is answered by its
    refutation (``NotationError`` for a plan that stops before the hand is over)."""
    plays = _as_plays(puzzle, answer)
    text = _plan_text(plays)
    try:
        progress = advance(puzzle, plays)
    except IllegalPlay as refusal:
        why = in_symbols(refusal.message_in(lang).rstrip("."))
        return Verdict(False, text, Message("Not allowed: {answer}.", answer=why).text(lang),
                       (), why=sentence(why))
    side = side_of(puzzle.seat)
    if progress.wrong is None:
        if progress.state.to_move is not None:
            raise NotationError(Message("the plan stops before the hand is over: play on"),
                                token=text)
        points = _points(puzzle.state, progress.state)
        others = tuple(answer for answer in solution(puzzle) if answer != text)
        return Verdict(True, text, Message("Correct: {plan}. The hand ends {points}: the most "
                                           "{side} can reach.", plan=_plan_symbols(plays, lang),
                                           points=_points_words(points, lang),
                                           side=side_called(side)).text(lang),
                       _reasons(puzzle.state, progress.state), others)
    assert progress.before_wrong is not None
    wrong = plays[progress.wrong]
    points = _points(puzzle.state, progress.state)
    refutation = _line_symbols(progress.refutation) or Message("no more plays")
    best_end = advance(puzzle, winning_lines(puzzle)[0]).state
    said = Message("After {play}, best play goes {refutation}: the hand ends {points}; the "
                   "best plan ends it {best}", play=play_words(wrong), refutation=refutation,
                   points=_points_words(points, lang),
                   best=_points_words(_points(puzzle.state, best_end), lang))
    line = Line(progress.before_wrong, (wrong, *progress.refutation), progress.state)
    # as for a play: the miss shows what the others then do, on the table, never the plan
    return Verdict(False, text, Message("Not quite: {play} gives something away.",
                                        play=play_words(wrong)).text(lang), (),
                   next_line=line,
                   next_reasons=_reasons(progress.before_wrong, progress.state),
                   why=sentence(said.text(lang)))


def ladder(puzzle: Puzzle, lang: str = ENGLISH) -> tuple[Hint, ...]:
    """Who holds what, then how the tricks can go, never the plan itself."""
    tricks = max(len(cards) for _seat, cards in puzzle.state.hands)
    return (
        Hint(Message("Count the tricks").text(lang),
             Message("{count} tricks are left and every card is known. Look at what each "
                     "opponent can still play, and who leads the next trick after each of your "
                     "plays.", count=tricks).text(lang)),
        Hint(Message("Think two tricks ahead").text(lang),
             Message("The card that takes this trick also decides who leads the next one: a "
                     "trick you give away now can win you the last.").text(lang)),
    )
