"""Exact look-ahead for positions where every hand is known: the rest of a trick, or of a hand.

A ``Goal`` turns a finished line of play into a number for one side. ``evaluate`` scores every
legal play of the seat to move by minimax: the seat's side (partners included) maximizes,
everybody else minimizes; the points margin breaks ties, so the predicted replies are sensible.
With the stock still in play the look-ahead stops at the end of the trick: the order of the
stock is not something a player may know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..mechanics.hand import HandState, TrickRecord
from ..mechanics.legality import LegalPlay
from ..mechanics.scoring import Award
from ..values.errors import WormsError
from ..values.language import ENGLISH, N_, Message
from ..values.language import seat as seat_word
from ..values.language import side as side_word
from ..values.play import Play
from ..values.seating import side_of, sides

Horizon = Literal["trick", "hand"]

GOAL_KINDS = (
    "win_trick",
    "score_capture",
    "keep_worms_safe",
    "score_points",
    "most_points",
    "legal_play",
)
"""Goals a line of play can reach; ``score_points`` takes an amount, ``score_points:2``."""

CAPTURES = ("P1", "P2")
"""The events that take a matador with points: Toqu on Worms, the 3♦ on that Toqu."""


class SearchError(WormsError):
    """A look-ahead that cannot be made (unknown goal, nobody to move, stock still in play)."""


@dataclass(frozen=True)
class Goal:
    """What a side wants from the rest of the trick (or hand), e.g. ``Goal.parse("win_trick")``."""

    kind: str
    amount: int = 0

    @classmethod
    def parse(cls, text: str) -> Goal:
        """Read ``"win_trick"`` or ``"score_points:2"``."""
        if not isinstance(text, str):
            raise SearchError(Message("a goal is text like 'win_trick', not {text}",
                                      text=repr(text)))
        kind, colon, amount = text.strip().partition(":")
        if kind not in GOAL_KINDS:
            raise SearchError(Message("unknown goal {text}; the goals are {goals}",
                                      text=repr(text), goals=", ".join(GOAL_KINDS)))
        if kind == "score_points":
            if not colon or not amount.isdigit() or int(amount) < 1:
                raise SearchError(Message("goal {text} needs a number of points, e.g. "
                                          "score_points:2", text=repr(text)))
            return cls(kind, int(amount))
        if colon:
            raise SearchError(Message("goal {kind} takes no number ({text})", kind=kind,
                                      text=repr(text)))
        return cls(kind)

    def __str__(self) -> str:
        return f"{self.kind}:{self.amount}" if self.kind == "score_points" else self.kind

    @property
    def is_yes_no(self) -> bool:
        """Reached or not (1/0), as opposed to ``most_points``, which is a score to maximize."""
        return self.kind != "most_points"

    def value(self, line: Line, side: str, players: int) -> int:
        """What ``line`` is worth to ``side``: 1/0 for yes/no goals, a margin for most_points."""
        if self.kind == "legal_play":
            return 1
        if self.kind == "win_trick":
            first = line.first_record
            return int(first is not None and side_of(first.winner) == side)
        if self.kind == "score_capture":
            return int(any(a.side == side and a.event in CAPTURES for a in line.awards))
        if self.kind == "keep_worms_safe":
            return int(not any(a.side != side and a.event in CAPTURES for a in line.awards))
        if self.kind == "score_points":
            return int(line.points(players)[side] >= self.amount)
        return line.margin(side, players)

    def describe(self, side: str, lang: str = ENGLISH) -> str:
        """The goal as a short sentence about ``side`` (in ``lang``)."""
        return Message(_GOAL_TEXT[self.kind], side=side_word(side),
                       amount=self.amount).text(lang)


_GOAL_TEXT = {
    "win_trick": N_("{side} win the trick"),
    "score_capture": N_("{side} score a capture (P1 or P2)"),
    "keep_worms_safe": N_("no opponent of {side} scores a capture (P1 or P2)"),
    "score_points": N_("{side} score at least {amount} points"),
    "most_points": N_("{side} score as many points as they can, net of the opponents'"),
    "legal_play": N_("the play is legal"),
}


@dataclass(frozen=True)
class Line:
    """Plays from a position to the horizon, and the state they lead to."""

    start: HandState
    plays: tuple[Play, ...]
    end: HandState

    @property
    def records(self) -> tuple[TrickRecord, ...]:
        """The tricks completed along the line."""
        return self.end.records[len(self.start.records):]

    @property
    def first_record(self) -> TrickRecord | None:
        """The trick that was on the table (or led) at the start of the line, once complete."""
        return self.records[0] if self.records else None

    @property
    def awards(self) -> tuple[Award, ...]:
        """Every bonus scored along the line (P1–P5)."""
        return tuple(award for record in self.records for award in record.awards)

    def points(self, players: int) -> dict[str, int]:
        """Points each side scored along the line, trick points of a finished hand included."""
        total = {side: 0 for side in sides(players)}
        for record in self.records:
            for side, points in record.points(players).items():
                total[side] += points
        return total

    def margin(self, side: str, players: int) -> int:
        """``side``'s points along the line less the best other side's."""
        points = self.points(players)
        others = [p for s, p in points.items() if s != side]
        return points[side] - max(others, default=0)


@dataclass(frozen=True)
class Choice:
    """One legal play of the seat to move, what it is worth, and the best play that follows."""

    play: Play
    value: int
    margin: int
    line: Line

    @property
    def replies(self) -> tuple[Play, ...]:
        """The plays after this one along the predicted line."""
        return self.line.plays[1:]


# -- enumerating ------------------------------------------------------------------------------


def continuations(state: HandState, horizon: Horizon = "trick") -> tuple[Line, ...]:
    """Every legal way to play on from ``state`` to the horizon."""
    _check_horizon(state, horizon)
    done = len(state.records)
    lines: list[Line] = []

    def walk(current: HandState, plays: tuple[Play, ...]) -> None:
        if _at_horizon(current, done, horizon):
            lines.append(Line(state, plays, current))
            return
        for legal in current.legal_plays():
            walk(current.play(legal), (*plays, legal.play))

    walk(state, ())
    return tuple(lines)


def trick_outcomes(state: HandState, play: Play | str) -> tuple[Line, ...]:
    """``play`` (checked: ``IllegalPlay`` if not allowed) and every legal end of the trick."""
    after = state.play(play)
    first = after.records[-1].trick.steps[-1].play if len(after.records) > len(state.records) \
        else after.trick.steps[-1].play
    return tuple(
        Line(state, (first, *line.plays), line.end) for line in continuations(after, "trick")
    )


# -- minimax ----------------------------------------------------------------------------------


def evaluate(
    state: HandState,
    goal: Goal | str,
    side: str | None = None,
    horizon: Horizon = "trick",
) -> tuple[Choice, ...]:
    """Every legal play of the seat to move, scored for ``side`` (default: the mover's side)."""
    goal = Goal.parse(goal) if isinstance(goal, str) else goal
    _check_horizon(state, horizon)
    mover = state.to_move
    if mover is None:
        raise SearchError(Message("nobody is to move: the hand is over"))
    hero = side if side is not None else side_of(mover)
    search = _Search(state, goal, hero, horizon)
    choices = []
    for legal in state.legal_plays():
        (value, margin), rest = search.best(state.play(legal))
        line = Line(state, (legal.play, *rest), search.end_of(state, (legal.play, *rest)))
        choices.append(Choice(legal.play, value, margin, line))
    return tuple(choices)


def choice_for(
    state: HandState,
    play: Play | str,
    goal: Goal | str,
    side: str | None = None,
    horizon: Horizon = "trick",
) -> Choice:
    """What one play is worth with best play after it (``IllegalPlay`` if it is not allowed)."""
    goal = Goal.parse(goal) if isinstance(goal, str) else goal
    _check_horizon(state, horizon)
    mover = state.to_move
    if mover is None:
        raise SearchError(Message("nobody is to move: the hand is over"))
    if isinstance(play, str):
        play = Play.parse(play, state.rules.seats)
    after = state.play(play)
    hero = side if side is not None else side_of(mover)
    search = _Search(state, goal, hero, horizon)
    (value, margin), rest = search.best(after)
    line = Line(state, (play, *rest), search.end_of(state, (play, *rest)))
    return Choice(play, value, margin, line)


def best_for(
    state: HandState, seat: str, goal: Goal | str, horizon: Horizon = "trick"
) -> tuple[Choice, ...]:
    """The plays of ``seat`` (who must be to move) that do best for its side toward ``goal``."""
    if state.to_move != seat:
        raise SearchError(Message("{seat} is not to move (the seat to move is {mover})",
                                  seat=seat_word(seat), mover=seat_word(state.to_move or "")))
    choices = evaluate(state, goal, side_of(seat), horizon)
    top = max(choice.value for choice in choices)
    return tuple(choice for choice in choices if choice.value == top)


Score = tuple[int, int]
_LOWEST: Score = (-(10**9), -(10**9))
_HIGHEST: Score = (10**9, 10**9)


class _Search:
    """Minimax to the horizon with alpha-beta pruning; scores are (goal value, points margin)."""

    def __init__(self, root: HandState, goal: Goal, hero: str, horizon: Horizon) -> None:
        self.root = root
        self.goal = goal
        self.hero = hero
        self.horizon = horizon
        self.done = len(root.records)
        self.players = root.rules.players
        self.memo: dict[object, tuple[Score, tuple[Play, ...]]] = {}

    def best(
        self, state: HandState, alpha: Score = _LOWEST, beta: Score = _HIGHEST
    ) -> tuple[Score, tuple[Play, ...]]:
        """The minimax score of ``state`` and the predicted line from it (exact when the score
        lies strictly between ``alpha`` and ``beta``, else only a bound)."""
        if _at_horizon(state, self.done, self.horizon):
            line = Line(self.root, (), state)
            value = self.goal.value(line, self.hero, self.players)
            return (value, line.margin(self.hero, self.players)), ()
        key = _position_key(state, self.done)
        known = self.memo.get(key)
        if known is not None:
            return known
        mover = state.to_move
        maximize = mover is not None and side_of(mover) == self.hero
        window = (alpha, beta)
        best: tuple[Score, tuple[Play, ...]] | None = None
        for legal in _ordered(state.legal_plays()):
            score, rest = self.best(state.play(legal), alpha, beta)
            if best is None or (score > best[0] if maximize else score < best[0]):
                best = (score, (legal.play, *rest))
            if maximize:
                alpha = max(alpha, score)
            else:
                beta = min(beta, score)
            if alpha >= beta:
                return best  # a bound, not exact: not remembered
        assert best is not None, "a seat to move always has a legal play"
        if window[0] < best[0] < window[1]:
            self.memo[key] = best  # exact only strictly inside the window it was searched with
        return best

    def end_of(self, state: HandState, plays: tuple[Play, ...]) -> HandState:
        for play in plays:
            state = state.play(play)
        return state


def _ordered(plays: tuple[LegalPlay, ...]) -> list[LegalPlay]:
    """Plays that would head the trick first: they decide most lines, so pruning comes early."""
    return sorted(plays, key=lambda legal: not legal.heads)


def _position_key(state: HandState, done: int) -> object:
    """What decides the rest of the search from here, and what was scored since the root."""
    return (
        tuple((r.winner, r.awards, r.hand_points) for r in state.records[done:]),
        state.hands,
        state.stock,
        tuple(step.play for step in state.trick.steps),
        len(state.records),
        state.leader,
        state.previous,
        state.score,
        state.played,
    )


def _at_horizon(state: HandState, done: int, horizon: Horizon) -> bool:
    if state.to_move is None:
        return True
    return horizon == "trick" and len(state.records) > done


def _check_horizon(state: HandState, horizon: Horizon) -> None:
    if horizon not in ("trick", "hand"):
        raise SearchError(Message("unknown horizon {horizon}; use 'trick' or 'hand'",
                                  horizon=repr(horizon)))
    if horizon == "hand" and state.stock:
        raise SearchError(Message("looking ahead to the end of the hand needs an empty stock"))
