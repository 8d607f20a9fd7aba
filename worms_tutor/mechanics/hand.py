"""One hand in progress: hands, stock, the trick on the table, and the match score.

A ``HandState`` is immutable. ``play`` checks a play against the rules and returns the next
state; a completed trick is recorded as a ``TrickRecord`` with its winner, points and reasons.
Drawing (R12.1, R18.2), hand end (R12.4, S12) and match settlement (R15, S14) happen here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..values.cards import TOQU, WORMS, Card
from ..values.errors import IllegalPlay
from ..values.frozen import build, evolve
from ..values.play import Play
from ..values.rules import Rules
from ..values.seating import SEAT_INDEX, order_from, side_of, sides
from .legality import LegalPlay, check_basics, check_play, legal_candidates, legal_steps
from .scoring import (
    Award,
    hand_is_decided,
    hand_trick_points,
    settle_trick,
    specials_off,
    swept_by,
    trick_awards,
)
from .trick import Step, Trick

_new_tuple = tuple.__new__


def _holding_both(hands: Iterable[tuple[str, tuple[Card, ...]]]) -> frozenset[str]:
    """The seats that hold both Toqu and Worms (for the Worms bonus, R6.5 (c))."""
    return frozenset([seat for seat, held in hands if TOQU in held and WORMS in held])


def _drawn_one_by_one(
    hands_now: tuple[tuple[str, tuple[Card, ...]], ...], stock: tuple[Card, ...],
    order: tuple[str, ...], rounds: int,
) -> tuple[list[tuple[str, tuple[Card, ...]]], int]:
    """The hands after drawing one card at a time in ``order``, for at most ``rounds``
    rounds, until four each or no stock; and how many cards were taken. For hands of
    different sizes, which only a set-up position (a scenario) can have."""
    hands = list(hands_now)
    taken = 0
    for _ in range(rounds):
        short = False  # a hand is still under four cards after this round
        for seat in order:
            index = SEAT_INDEX[seat]
            held = hands[index][1]
            if len(held) < 4 and taken < len(stock):
                held = (*held, stock[taken])
                hands[index] = (seat, held)
                taken += 1
                short = short or len(held) < 4
        if not short:
            break
    return hands, taken


def _played_out(hands: tuple[tuple[str, tuple[Card, ...]], ...], stock: tuple[Card, ...]) -> bool:
    """No trick can follow: the stock is empty and a hand is too. From a deal every hand
    empties at once; a set-up position may have hands of unequal size (R12.3)."""
    return not stock and not all([cards for _, cards in hands])


@dataclass(frozen=True)
class TrickRecord:
    """A completed trick: who led and won, what it counted, what it scored, and why."""

    trick: Trick
    winner: str
    units: int
    awards: tuple[Award, ...]
    hand_points: tuple[Award, ...] = ()
    score_after: tuple[tuple[str, int], ...] = ()
    match_winner: str | None = None
    kam: bool = False
    overshoot: tuple[str, ...] = ()
    aavunga: tuple[str, ...] = ()
    final: bool = False
    swept_by: str | None = None  # the side that took all nine (twelve) units of the hand

    @property
    def leader(self) -> str:
        return self.trick.leader

    @property
    def events(self) -> tuple[str, ...]:
        return tuple(award.event for award in self.awards)

    def points(self, players: int) -> dict[str, int]:
        """Points each side scored in this trick, trick points of the hand included."""
        result = {side: 0 for side in sides(players)}
        for award in (*self.awards, *self.hand_points):
            result[award.side] += award.points
        return result


@dataclass(frozen=True)
class HandState:
    """A hand of Worms at one moment; change it only through ``play``."""

    rules: Rules
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    stock: tuple[Card, ...]
    leader: str
    played: tuple[Card, ...] = ()
    previous: tuple[str, ...] = ()
    score: tuple[tuple[str, int], ...] = ()
    first_lead_of_match: bool = False
    melted: frozenset[str] = frozenset()
    trick: Trick = field(default=None)  # type: ignore[assignment]
    records: tuple[TrickRecord, ...] = ()
    hand_over: bool = False
    match_winner: str | None = None
    kam: bool = False
    announced: tuple[str, ...] = ()  # seats that announced aavunga in the trick on the table

    @classmethod
    def start(
        cls,
        rules: Rules,
        hands: Mapping[str, Iterable[Card]],
        leader: str,
        stock: Iterable[Card] = (),
        played: Iterable[Card] = (),
        previous: Iterable[str] = (),
        score: Mapping[str, int] | None = None,
        first_lead_of_match: bool = False,
    ) -> HandState:
        """A hand at the start of a trick (validation of the position is ``scenario``'s job),
        made by the game's one maker of states, ``Game.position``."""
        from .game import Game  # game.py builds on this module, so it is reached from here

        return Game(rules).position(
            hands, leader, stock=stock, played=played, previous=previous, score=score,
            first_lead_of_match=first_lead_of_match,
        )

    # -- reading ------------------------------------------------------------------------

    def hand_of(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` holds (seats are validated on the way in)."""
        return self.hands[SEAT_INDEX[seat]][1]

    @property
    def score_map(self) -> dict[str, int]:
        return dict(self.score)

    @property
    def to_move(self) -> str | None:
        """The seat whose turn it is, or ``None`` when the hand (or match) is over."""
        if self.hand_over or self.match_winner is not None:
            return None
        return self.trick.to_play

    @property
    def specials_off(self) -> bool:
        return self.trick.specials_off

    def holds_both(self, seat: str) -> bool:
        hand = self.hand_of(seat)
        return TOQU in hand and WORMS in hand

    # -- changing -----------------------------------------------------------------------

    def play(self, play: Play | str | LegalPlay) -> HandState:
        """The state after ``play``, or ``IllegalPlay`` with the rule it breaks.

        A ``LegalPlay`` from this state's ``legal_plays()`` is already checked.
        """
        if isinstance(play, LegalPlay):
            if play.origin is self:
                return self.advance(self.trick.attempt(play.play))
            play = play.play
        if isinstance(play, str):
            play = Play.parse(play, self.rules.seats)
        step = check_play(self, play)
        return self.advance(step)

    def force(self, play: Play) -> HandState:
        """Lay a card nobody chose (a knocked deal's face-up card, §E Q17): the seat and cards
        must be right, but no Worms/Toqu restriction applies."""
        check_basics(self, play)
        return self.advance(self.trick.attempt(play))

    def advance(self, step: Step) -> HandState:
        """The state after ``step``, a legal play already judged: one of this very state's
        ``legal_steps()``, or what ``play`` has checked. Nothing is checked again here (a
        search's shortcut); any other play goes through ``play``."""
        play = step.play
        seat = play.seat
        cards = play.cards
        rules = self.rules
        index = SEAT_INDEX[seat]
        hands = list(self.hands)
        held = hands[index][1]
        if len(cards) == 1:
            at = held.index(cards[0])
            hands[index] = (seat, held[:at] + held[at + 1:])
        else:
            hands[index] = (seat, tuple([card for card in held if card not in cards]))
        trick = self.trick.with_step(step)
        announced = self.announced
        if (
            rules.danish_restrictions
            and (TOQU in cards or WORMS in cards)
            and not trick.specials_off
            and self.holds_both(seat)
        ):
            announced = (*announced, seat)  # aavunga (D1)
        if trick.to_play is None:
            return self._finish_trick(tuple(hands), trick, announced)
        state = evolve(self, hands=tuple(hands), trick=trick, announced=announced)
        if rules.players == 2:
            if len(trick.steps) == 2 and state.stock:
                better = trick.head_seat or trick.leader
                hands_now, stock, melted = state._drawn(
                    state.hands, order_from(better, 2), rounds=1)
                state = evolve(state, hands=hands_now, stock=stock, melted=melted)
            if not state.hand_of(trick.to_play):
                # Two players with one card each and no stock: the second card is the last
                # the trick will get. It is judged as it lies (the cards are played out,
                # R12.3) instead of waiting for a third card that cannot come.
                return state._finish_trick(state.hands, evolve(trick, to_play=None), announced)
        return state

    def _drawn(
        self, hands_now: tuple[tuple[str, tuple[Card, ...]], ...], order: tuple[str, ...],
        rounds: int = 4,
    ) -> tuple[tuple[tuple[str, tuple[Card, ...]], ...], tuple[Card, ...], frozenset[str]]:
        """``hands_now``, the stock and ``melted`` after drawing one card at a time in
        ``order`` until four each (or ``rounds`` rounds) or no stock (R12.1, R18.2)."""
        stock = self.stock
        sizes = {len(held) for _, held in hands_now}
        if len(sizes) == 1:  # hands alike: always in play from a deal
            # round by round, as dealt: the seat k places along ``order`` gets every
            # len(order)-th card of the stock from the k-th on
            seats = len(order)
            taken = min(len(stock), seats * max(0, min(4 - sizes.pop(), rounds)))
            first = SEAT_INDEX[order[0]]
            hands = [(seat, held + stock[(index - first) % seats:taken:seats])
                     for index, (seat, held) in enumerate(hands_now)]
        else:
            hands, taken = _drawn_one_by_one(hands_now, stock, order, rounds)
        drawn = stock[:taken]
        melted = self.melted
        if TOQU in drawn or WORMS in drawn:  # only then can someone come to hold both
            melted = melted | _holding_both(hands)
        return tuple(hands), stock[taken:], melted

    def _finish_trick(
        self, hands: tuple[tuple[str, tuple[Card, ...]], ...], trick: Trick,
        announced: tuple[str, ...],
    ) -> HandState:
        """The state after the group that completes ``trick``: the trick recorded, what it
        scored settled, and cards drawn (R12.1, R15). ``self`` is the state before that group;
        ``hands``, ``trick`` and ``announced`` are as it left them."""
        winner = trick.steps[trick.head_step].play.seat
        winning_side = side_of(winner)
        rules = self.rules
        stock = self.stock
        final = _played_out(hands, stock)
        awards = trick_awards(trick, winner, self.played, self.melted, final)
        units = trick.units
        previous = self.previous + (winning_side,) * units
        hand_over = final or hand_is_decided(rules, previous)
        hand_points = hand_trick_points(rules, previous) if hand_over else ()
        settlement = None
        if awards or hand_points:
            settlement, awards, hand_points = settle_trick(
                rules, self.score_map, awards, hand_points, winning_side)
        if settlement is not None:
            score = tuple(settlement.score.items())
            winner_of_match, kam = settlement.winner, settlement.kam
            overshoot = settlement.overshoot
            plain_matadors = specials_off(rules, settlement.score)
        else:  # nothing scored: the score stands, and nobody is at the target of a live match
            score, winner_of_match, kam, overshoot = self.score, None, False, ()
            plain_matadors = trick.specials_off  # worked out from this very score
        record = build(
            TrickRecord,
            trick=trick,
            winner=winner,
            units=units,
            awards=awards,
            hand_points=hand_points,
            score_after=score,
            match_winner=winner_of_match,
            kam=kam,
            overshoot=overshoot,
            aavunga=announced,
            final=final,
            swept_by=swept_by(rules, previous) if hand_over else None,
        )
        # A won match ends the hand at once, whatever cards remain: the club's rule (R12.5,
        # R15.3), and our choice for the English rules, which are silent. With no overshoot
        # there, playing on could not take the win away, only hand the other side the target
        # too, leaving two winners of one match.
        hand_over = hand_over or winner_of_match is not None
        melted = self.melted
        if stock and not hand_over:
            hands, stock, melted = self._drawn(hands, order_from(winner, rules.players))
        return build(  # every field anew: quicker than a copy with most of them changed
            type(self),
            rules=rules,
            hands=hands,
            stock=stock,
            leader=winner,
            played=self.played + trick.cards,
            previous=previous,
            score=score,
            first_lead_of_match=False,
            melted=melted,
            trick=Trick.start(rules, winner, plain_matadors),
            records=(*self.records, record),
            hand_over=hand_over,
            match_winner=winner_of_match,
            kam=kam,
            announced=(),
        )

    # -- convenience --------------------------------------------------------------------

    def legal_plays(self) -> tuple[LegalPlay, ...]:
        """Every legal play for the seat to move (empty once the hand is over); what each
        would do to the trick is worked out only when someone asks."""
        # each named tuple made directly, without its ``__new__``: this is hot
        return tuple([_new_tuple(LegalPlay, (play, None, self))
                      for play in legal_candidates(self)])

    def legal_steps(self) -> tuple[Step, ...]:
        """What each legal play would do, in ``legal_plays`` order (see ``advance``)."""
        return legal_steps(self)

    def check(self, play: Play | str) -> IllegalPlay | None:
        """The rule ``play`` breaks, or ``None`` if it is legal here."""
        try:
            self.play(play)
        except IllegalPlay as refusal:
            return refusal
        return None

    @property
    def hand_points(self) -> dict[str, int] | None:
        """The trick points of the finished hand, or ``None`` while it is still on."""
        if not self.hand_over or not self.records:
            return None
        result = {side: 0 for side in sides(self.rules.players)}
        for award in self.records[-1].hand_points:
            result[award.side] += award.points
        return result

