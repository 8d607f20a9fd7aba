"""The game and its matches: seeded deals, dealer rotation, hand after hand to the target
(R7.3, R8, R9.1, R15).

``Game`` is the one maker of initial states, as OpenSpiel's Game object is: it holds the rules
(and so the seats) and creates a match from a seed, a hand from a deal, and a position set up
by hand. ``Match.new``, ``HandState.start``, ``deal`` and ``Scenario.start`` all ask it.
``Match`` is immutable; ``play`` returns the match after one play, dealing the next hand when
one ends. Deals are reproducible from the seed and the hand number.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..values.cards import TOQU, WORMS, Card, shuffled_pack
from ..values.frozen import build, evolve
from ..values.play import Play
from ..values.rules import Rules
from ..values.seating import next_seat, order_from, sides
from .hand import HandState, TrickRecord, _holding_both, _played_out
from .legality import LegalPlay
from .scoring import settle, specials_off
from .table import knock_deal
from .trick import Trick


@dataclass(frozen=True)
class Deal:
    """The cards of one hand as dealt: four each, one at a time from the dealer's left."""

    dealer: str
    leader: str
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    stock: tuple[Card, ...]
    redeals: int = 0
    """Deals thrown in because one player got both Toqu and Worms (R8.6, S11)."""


def deal(rules: Rules, dealer: str, rng: random.Random) -> Deal:
    """Shuffle and deal (R8.3, R8.4); the Danish rules redeal when a hand holds both (R8.6)."""
    return Game(rules).deal(dealer, rng)


@dataclass(frozen=True)
class FinishedHand:
    """A hand that has been played out: its deal and its tricks."""

    deal: Deal
    records: tuple[TrickRecord, ...]
    plays: tuple[Play, ...]
    score_after: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Match:
    """A match in progress; change it only through ``play``."""

    rules: Rules
    seed: int
    hand: HandState
    current_deal: Deal
    hand_number: int = 1
    finished: tuple[FinishedHand, ...] = ()

    @classmethod
    def new(
        cls, rules: Rules, seed: int = 0, dealer: str | None = None, knock: bool = False
    ) -> Match:
        """A fresh match; the first dealer is drawn by lot from the seed unless given (R7.3).

        ``knock``: the cutter knocked instead of cutting (R8.2), so the first trick is dealt
        face up at random and played at once.
        """
        return Game(rules).new_match(seed, dealer, knock)

    @property
    def winner(self) -> str | None:
        return self.hand.match_winner

    @property
    def kam(self) -> bool:
        return self.hand.kam

    @property
    def score(self) -> dict[str, int]:
        return self.hand.score_map

    @property
    def over(self) -> bool:
        return self.hand.match_winner is not None

    @property
    def to_move(self) -> str | None:
        return self.hand.to_move

    @property
    def plays(self) -> tuple[Play, ...]:
        """The plays made so far in the current hand, as laid (read off its tricks)."""
        return plays_of(self.hand)

    def play(self, play: Play | str | LegalPlay) -> Match:
        """The match after one play; a finished hand is followed by the next deal."""
        hand = self.hand.play(play)
        match = evolve(self, hand=hand)
        if not hand.hand_over or hand.match_winner is not None:
            return match
        return match._next_hand()

    def _next_hand(self) -> Match:
        finished = FinishedHand(self.current_deal, self.hand.records, self.plays,
                                self.hand.score)
        dealer = next_seat(self.current_deal.dealer, self.rules.players)
        number = self.hand_number + 1
        game = Game(self.rules)
        dealt = game.seeded_deal(self.seed, number, dealer)
        hand = game.dealt_hand(dealt, score=self.hand.score_map)
        return evolve(self, hand=hand, current_deal=dealt, hand_number=number,
                       finished=(*self.finished, finished))


def plays_of(hand: HandState) -> tuple[Play, ...]:
    """Every play of ``hand`` so far, trick by trick, as laid."""
    tricks = (*[record.trick for record in hand.records], hand.trick)
    return tuple([step.play for trick in tricks for step in trick.steps])


@dataclass(frozen=True)
class Game:
    """Worms under ``rules``, for the seats they name: the one maker of initial states."""

    rules: Rules

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    def new_match(self, seed: int = 0, dealer: str | None = None, knock: bool = False) -> Match:
        """A fresh match from ``seed``; the first dealer is drawn by lot unless given (R7.3).
        ``knock``: the cutter knocked (R8.2), so the first trick is dealt face up at random
        and played at once."""
        rules = self.rules
        first_dealer = dealer or random.Random(seed).choice(rules.seats)
        score = {side: 0 for side in sides(rules.players)}
        if knock:
            knocked = knock_deal(rules, first_dealer, random.Random(f"{seed}:1"))
            leader = knocked.first_trick[0].seat
            dealt = Deal(first_dealer, leader, knocked.hands, knocked.stock)
            hand = self.position(dict(dealt.hands), leader, stock=dealt.stock, score=score)
            for play in knocked.first_trick:
                hand = hand.force(play)
        else:
            dealt = self.seeded_deal(seed, 1, first_dealer)
            hand = self.dealt_hand(dealt, score=score, first_lead_of_match=True)
        return build(Match, rules=rules, seed=seed, hand=hand, current_deal=dealt,
                     hand_number=1, finished=())

    def seeded_deal(self, seed: int, number: int, dealer: str) -> Deal:
        """Hand ``number`` of the match played from ``seed``, dealt by ``dealer``."""
        return self.deal(dealer, random.Random(f"{seed}:{number}"))

    def deal(self, dealer: str, rng: random.Random) -> Deal:
        """Shuffle and deal (R8.3, R8.4); the Danish rules redeal when a hand holds both
        (R8.6)."""
        rules = self.rules
        redeals = 0
        while True:
            pack = shuffled_pack(rng)
            order = order_from(next_seat(dealer, rules.players), rules.players)
            dealt = 4 * len(order)
            # one card at a time from the dealer's left: the seat k places along gets every
            # len(order)-th card from the k-th on
            hands = {seat: tuple(pack[k:dealt:len(order)]) for k, seat in enumerate(order)}
            both = any(TOQU in cards and WORMS in cards for cards in hands.values())
            if rules.danish_restrictions and both:
                redeals += 1
                continue
            return Deal(
                dealer=dealer,
                leader=order[0],
                hands=tuple((seat, hands[seat]) for seat in rules.seats),
                stock=tuple(pack[dealt:]),
                redeals=redeals,
            )

    def dealt_hand(
        self, deal: Deal, score: Mapping[str, int] | None = None,
        first_lead_of_match: bool = False,
    ) -> HandState:
        """The hand ``deal`` starts, its leader at the dealer's left (R9.1)."""
        return self.position(dict(deal.hands), deal.leader, stock=deal.stock, score=score,
                             first_lead_of_match=first_lead_of_match)

    def position(
        self,
        hands: Mapping[str, Iterable[Card]],
        leader: str,
        stock: Iterable[Card] = (),
        played: Iterable[Card] = (),
        previous: Iterable[str] = (),
        score: Mapping[str, int] | None = None,
        first_lead_of_match: bool = False,
    ) -> HandState:
        """A hand at the start of a trick, set up as given (validating a position is
        ``Scenario``'s job): a score already at the target ends the match at once."""
        rules = self.rules
        hand_tuple = tuple((seat, tuple(hands[seat])) for seat in rules.seats)
        full_score = {side: 0 for side in sides(rules.players)}
        full_score.update(score or {})
        won = settle(rules, full_score, {})
        over = won.winner is not None
        stock = tuple(stock)
        return build(
            HandState,
            rules=rules,
            hands=hand_tuple,
            stock=stock,
            leader=leader,
            played=tuple(played),
            previous=tuple(previous),
            score=tuple(full_score.items()),
            first_lead_of_match=first_lead_of_match,
            melted=_holding_both(hand_tuple),
            trick=Trick.start(rules, leader, not over and specials_off(rules, full_score)),
            records=(),
            hand_over=over or _played_out(hand_tuple, stock),
            match_winner=won.winner,
            kam=False,
            announced=(),
        )
