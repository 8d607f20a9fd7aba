"""Hand records: a played hand saved as a scenario file (design.md §2), and loaded back.

A record is an ordinary scenario: the position at the start of the hand (or of any trick) and
every play made from it, so the referee CLI replays it to the same tricks, points and score,
and a trick table can step through ``Scenario.replay().states``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..mechanics.game import Game, Match
from ..mechanics.hand import HandState
from ..mechanics.legality import LegalPlay
from ..values.errors import ScenarioError
from ..values.language import Message
from ..values.play import Play
from .scenario import Scenario


class RecordError(ScenarioError):
    """A hand that cannot be recorded (no such hand), or a file that holds no record."""


def record_state(
    start: HandState, plays: Iterable[Play | LegalPlay] = (), comment: str = ""
) -> Scenario:
    """The scenario of ``start`` followed by ``plays``.

    A trick already on the table in ``start`` goes back into the hands and its plays come
    first, since a scenario starts at the beginning of a trick. Only one thing is not kept: a
    seat that held Toqu and Worms together earlier in the hand but no longer does (the format
    has no field for it; it matters only for the Worms bonus, R6.5 (c)).
    """
    on_table = tuple(step.play for step in start.trick.steps)
    hands = tuple(
        (seat, cards + tuple(card for play in on_table if play.seat == seat
                             for card in play.cards))
        for seat, cards in start.hands
    )
    return Scenario(
        rules=start.rules,
        hands=hands,
        leader=start.trick.leader,
        plays=on_table + tuple(p.play if isinstance(p, LegalPlay) else p for p in plays),
        stock=start.stock,
        played=start.played,
        previous=start.previous,
        score=start.score,
        first_lead_of_match=start.first_lead_of_match,
        comment=comment,
    )


def record_hand(match: Match, number: int | None = None) -> Scenario:
    """Hand ``number`` (1 = the first) of ``match`` as dealt and played; by default the
    current hand with the plays made so far."""
    current = match.hand_number
    number = current if number is None else number
    if not 1 <= number <= current:
        raise RecordError(Message("the match has hands 1 to {current}, not {number}",
                                  current=current, number=number), field="hand")
    if number == current:
        deal, plays = match.current_deal, match.plays
    else:
        finished = match.finished[number - 1]
        deal, plays = finished.deal, finished.plays
    rules = match.rules
    score = (match.finished[number - 2].score_after if number > 1
             else tuple((side, 0) for side, _ in match.hand.score))
    start = Game(rules).dealt_hand(deal, score=dict(score), first_lead_of_match=number == 1)
    comment = f"match seed {match.seed}, hand {number}, dealer {deal.dealer}"
    return record_state(start, plays, comment)


def save(scenario: Scenario, path: str | Path) -> None:
    """Write the scenario as a JSON file the referee CLI reads."""
    Path(path).write_text(scenario.to_text() + "\n", encoding="utf-8")


def load(path: str | Path) -> Scenario:
    """Read a scenario file (``ScenarioError`` naming the bad field if it is malformed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(Message("cannot read {file}: {error}", file=path, error=error),
                          field="(file)") from None
    return Scenario.from_text(text)
