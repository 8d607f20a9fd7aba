"""Computer players: what one seat may know, and bots that choose a play from that alone.

A bot never sees a ``HandState``. ``decide`` shows it an ``InformationSet`` (own hand, the
cards played, the trick on the table, hand sizes, stock size, score), takes its choice, and
returns the matching legal play of the real state. Three bots:

- ``RandomBot``: any legal play, uniformly.
- ``HeuristicBot``: named habits of a sensible player (``HABITS``), tried in order.
- ``SamplingBot``: deals the unseen cards at random many times, consistently with what it has
  seen, plays each of its legal plays out in every such world (heuristic play to the end of
  the hand, or the exact solver once the stock is empty and hands are small), and keeps the
  play with the best average value (``solver.Value``).

Every bot is deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..mechanics.game import Match
from ..mechanics.hand import HandState, TrickRecord
from ..mechanics.legality import LegalPlay
from ..mechanics.trick import Mode, Trick
from ..values.cards import (
    EIGHT_OF_SPADES,
    KING_OF_CLUBS,
    KING_OF_SPADES,
    PACK,
    THREE_OF_DIAMONDS,
    TOQU,
    WORMS,
    Card,
    Rank,
)
from ..values.errors import WormsError
from ..values.language import Message
from ..values.language import seat as seat_word
from ..values.play import Play
from ..values.ranking import STRENGTH
from ..values.rules import Rules
from ..values.seating import order_from, side_of
from .solver import evaluate_plays, value_of

MATADORS = frozenset({TOQU, WORMS, EIGHT_OF_SPADES})


class BotError(WormsError):
    """A bot asked to move when nobody may, or that chose a play that is not legal."""


# -- what a seat may know ---------------------------------------------------------------------


@dataclass(frozen=True)
class InformationSet:
    """Everything one seat may know at one moment of a hand, and nothing else."""

    seat: str
    rules: Rules
    hand: tuple[Card, ...]
    hand_sizes: tuple[tuple[str, int], ...]
    stock_size: int
    played: tuple[Card, ...]
    """Cards that went out in earlier tricks of this hand (face up for everybody)."""
    trick: Trick
    """The trick on the table."""
    records: tuple[TrickRecord, ...]
    leader: str
    previous: tuple[str, ...]
    score: tuple[tuple[str, int], ...]
    first_lead_of_match: bool
    known_melted: frozenset[str]
    """Seats known to hold (or have held) Toqu and Worms together: this seat, if it did, and
    any seat that announced aavunga."""
    announced: tuple[str, ...]
    legal: tuple[LegalPlay, ...]
    """The seat's legal plays (empty unless it is to move); legality depends only on what
    the seat knows."""

    @classmethod
    def of(
        cls, state: HandState, seat: str, legal: Sequence[LegalPlay] | None = None
    ) -> InformationSet:
        """What ``seat`` knows in ``state`` (``legal``: the state's legal plays, if known)."""
        if seat not in state.rules.seats:
            raise BotError(Message("{seat} is not a seat ({seats})", seat=repr(seat),
                                   seats=" ".join(state.rules.seats)))
        if legal is None:
            legal = state.legal_plays() if state.to_move == seat else ()
        public_melted = {who for record in state.records for who in record.aavunga}
        public_melted.update(state.announced)
        if seat in state.melted:
            public_melted.add(seat)
        return cls(
            seat=seat,
            rules=state.rules,
            hand=state.hand_of(seat),
            hand_sizes=tuple((owner, len(cards)) for owner, cards in state.hands),
            stock_size=len(state.stock),
            played=state.played,
            trick=state.trick,
            records=state.records,
            leader=state.leader,
            previous=state.previous,
            score=state.score,
            first_lead_of_match=state.first_lead_of_match,
            known_melted=frozenset(public_melted),
            announced=state.announced,
            legal=tuple(LegalPlay(play.play, play.heads) for play in legal),
        )

    @property
    def side(self) -> str:
        return side_of(self.seat)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: in other hands or the stock (or out of the game)."""
        seen = set(self.hand) | set(self.played) | set(self.trick.cards)
        return tuple(card for card in PACK if card not in seen)

    def world(self, hands: Mapping[str, Sequence[Card]], stock: Sequence[Card]) -> HandState:
        """A complete state that this seat could be in: ``hands`` for the other seats."""
        full = tuple(
            (seat, self.hand if seat == self.seat else tuple(hands[seat]))
            for seat in self.rules.seats
        )
        melted = set(self.known_melted)
        melted.update(seat for seat, cards in full if TOQU in cards and WORMS in cards)
        return HandState(
            rules=self.rules,
            hands=full,
            stock=tuple(stock),
            leader=self.leader,
            played=self.played,
            previous=self.previous,
            score=self.score,
            first_lead_of_match=self.first_lead_of_match,
            melted=frozenset(melted),
            trick=self.trick,
            records=self.records,
            announced=self.announced,
        )

    def sample_world(self, rng: random.Random) -> HandState:
        """A world drawn at random: the unseen cards dealt to the other hands and the stock."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands: dict[str, tuple[Card, ...]] = {}
        for seat, size in self.hand_sizes:
            if seat != self.seat:
                hands[seat], cards = tuple(cards[:size]), cards[size:]
        return self.world(hands, cards[: self.stock_size])


class Bot(Protocol):
    """A player: picks one of ``view.legal`` from what its seat knows."""

    @property
    def name(self) -> str: ...

    def choose(self, view: InformationSet, rng: random.Random) -> LegalPlay: ...


def decide(bot: Bot, state: HandState, rng: random.Random) -> LegalPlay:
    """The legal play of ``state`` that ``bot``, seeing only its seat's view, chooses."""
    seat = state.to_move
    if seat is None:
        raise BotError(Message("nobody is to move: the hand is over"))
    legal = state.legal_plays()
    choice = bot.choose(InformationSet.of(state, seat, legal), rng)
    for play in legal:
        if play.play == choice.play:
            return play
    raise BotError(Message("{bot} chose {play}, which is not a legal play here", bot=bot.name,
                           play=choice.play))


def play_match(
    rules: Rules, bots: Mapping[str, Bot], seed: int = 0, max_hands: int = 100
) -> Match:
    """A whole match, every seat played by its bot; seeded deals and seeded bots."""
    match = Match.new(rules, seed)
    rngs = {seat: random.Random(f"{seed}:{seat}") for seat in rules.seats}
    while not match.over and match.hand_number <= max_hands:
        seat = match.to_move or ""
        match = match.play(decide(bots[seat], match.hand, rngs[seat]))
    return match


def play_out(state: HandState, bots: Mapping[str, Bot], rng: random.Random) -> HandState:
    """The end of the hand, every seat played by its bot."""
    while state.to_move is not None:
        state = state.play(decide(bots[state.to_move], state, rng))
    return state


# -- random -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RandomBot:
    """Any legal play, uniformly at random."""

    name: str = "random"

    def choose(self, view: InformationSet, rng: random.Random) -> LegalPlay:
        return rng.choice(view.legal)


# -- heuristic --------------------------------------------------------------------------------


class _Table:
    """Facts a habit reads, all derived from one ``InformationSet``."""

    def __init__(self, view: InformationSet) -> None:
        self.view = view
        self.trick = view.trick
        unseen = set(view.unseen)
        self.toqu_out = TOQU in unseen
        self.worms_out = WORMS in unseen
        self.kc_out = KING_OF_CLUBS in unseen
        self.unseen = unseen
        self.sevens_out = any(card.rank is Rank.SEVEN for card in unseen)
        head = self.trick.head_seat
        self.my_side_heads = head is not None and side_of(head) == view.side
        self.opponents_after = self._opponents_after()
        self.last_cards = len(view.hand) == max(self.trick.size, 1)

    def _opponents_after(self) -> bool:
        view, trick = self.view, self.trick
        position = len(trick.steps)
        if view.rules.players == 2:
            return position < 3
        after = order_from(trick.leader, view.rules.players)[position + 1:]
        return any(side_of(seat) != view.side for seat in after)

    def keep(self, card: Card) -> int:
        """How much a card is worth keeping; habits spend the cheapest cards first."""
        if card is THREE_OF_DIAMONDS:
            return 200
        if card is TOQU:
            return 190 if self.worms_out else 110
        if card is WORMS:
            return 180 if self.toqu_out else 120
        if card is EIGHT_OF_SPADES:
            return 95
        if card is KING_OF_CLUBS:
            return 60 if self.sevens_out else STRENGTH[card]
        if card is KING_OF_SPADES:
            return 30 if self.sevens_out and self.kc_out else STRENGTH[card]
        if card.rank is Rank.SEVEN:
            return 45 + 2 * card.suit.order
        return STRENGTH[card]

    def cost(self, play: LegalPlay) -> int:
        return sum(self.keep(card) for card in play.play.cards)

    def cheapest(self, plays: Sequence[LegalPlay]) -> LegalPlay | None:
        return min(plays, key=self.cost) if plays else None

    def heading_with(self, card: Card) -> list[LegalPlay]:
        return [p for p in self.view.legal if p.heads and card in p.play.cards]

    def seven_story(self) -> bool:
        """The heading cards are a led 7 or a king that beat one: matadors cannot win."""
        return any(t.mode in (Mode.SEVEN, Mode.KC7, Mode.KS7) for t in self.trick.head)

    def threats(self, card: Card) -> bool:
        """Whether some unseen card could beat ``card`` led alone."""
        for other in self.unseen:
            if other is THREE_OF_DIAMONDS or {other, card} == {TOQU, WORMS}:
                return True
            if card.rank is Rank.SEVEN:
                if other is KING_OF_CLUBS or (
                    other.rank is Rank.SEVEN and other.suit.order > card.suit.order
                ):
                    return True
            elif STRENGTH[other] > STRENGTH[card]:
                return True
        return False


Habit = Callable[[_Table], "LegalPlay | None"]


def recapture_with_three(table: _Table) -> LegalPlay | None:
    """Takes back a captured Worms: the 3♦ on the Toqu that just took it (P2, R5.3)."""
    capture = table.trick.capture
    if capture is None or capture.kind != "capture":
        return None
    if side_of(capture.toqu_seat) == table.view.side:
        return None
    return table.cheapest(table.heading_with(THREE_OF_DIAMONDS))


def capture_worms(table: _Table) -> LegalPlay | None:
    """Lays Toqu on an opponent's heading Worms (P1); the rules often demand it (O1)."""
    worms = table.trick.worms_heading()
    if worms is None or side_of(worms.seat) == table.view.side:
        return None
    return table.cheapest(table.heading_with(TOQU))


def shield_partners_worms(table: _Table) -> LegalPlay | None:
    """Lays the 3♦ on partner's heading Worms while Toqu may still come (R5.4)."""
    worms = table.trick.worms_heading()
    if worms is None or worms.seat == table.view.seat or side_of(worms.seat) != table.view.side:
        return None
    if not (table.toqu_out and table.opponents_after):
        return None
    return table.cheapest(table.heading_with(THREE_OF_DIAMONDS))


def low_under_partner(table: _Table) -> LegalPlay | None:
    """Plays low when partner (or, with two players, oneself) already heads the trick."""
    if table.trick.is_empty or not table.my_side_heads:
        return None
    quiet = [p for p in table.view.legal if not p.heads]
    return table.cheapest(quiet or list(table.view.legal))


def win_cheaply(table: _Table) -> LegalPlay | None:
    """Takes an opponent's trick with the cheapest play that heads it, but never with Toqu
    while Worms is out, nor offers Worms to a Toqu that may still come, nor spends the 3♦
    while Toqu or Worms is still out (they are kept for captures and shields)."""
    if table.trick.is_empty or table.my_side_heads:
        return None
    return table.cheapest([p for p in table.view.legal if p.heads and _worth_it(table, p)])


def _worth_it(table: _Table, play: LegalPlay) -> bool:
    if table.last_cards:
        return True
    cards = play.play.cards
    if TOQU in cards and table.worms_out:
        return False
    if WORMS in cards and table.toqu_out and table.opponents_after:
        return False
    return not (THREE_OF_DIAMONDS in cards and (table.toqu_out or table.worms_out))


def keep_toqu(table: _Table) -> LegalPlay | None:
    """Keeps Toqu for the opponents' Worms: when only Toqu would take the trick, plays low."""
    if table.trick.is_empty or table.my_side_heads or not table.worms_out:
        return None
    if not table.heading_with(TOQU):
        return None
    return table.cheapest([p for p in table.view.legal if TOQU not in p.play.cards])


def no_matadors_on_a_seven(table: _Table) -> LegalPlay | None:
    """Does not waste 8♠, Toqu or Worms on a led 7 they cannot beat: discards low instead."""
    if table.trick.is_empty or table.my_side_heads or not table.seven_story():
        return None
    plain = [p for p in table.view.legal if not MATADORS & set(p.play.cards)]
    return table.cheapest(plain)


def lead_seven_with_kc(table: _Table) -> LegalPlay | None:
    """Leads a 7 when no opponent can hold the K♣ (own or played): it then falls only to a
    higher 7 or the 3♦."""
    if not table.trick.is_empty or table.kc_out:
        return None
    sevens = [p for p in table.view.legal if p.play.size == 1 and p.play.cards[0].is_seven]
    return max(sevens, key=lambda p: p.play.cards[0].suit.order) if sevens else None


def lead_sure_winner(table: _Table) -> LegalPlay | None:
    """Leads a card that no unseen card can beat, the cheapest such."""
    if not table.trick.is_empty:
        return None
    sure = [
        p for p in table.view.legal
        if p.play.size == 1 and p.play.cards[0] is not THREE_OF_DIAMONDS
        and not table.threats(p.play.cards[0])
    ]
    return table.cheapest(sure)


def lead_low(table: _Table) -> LegalPlay | None:
    """Leads its cheapest single card; never the 3♦ (worthless led), nor Worms into a Toqu
    that may be out, nor Toqu while Worms is out."""
    if not table.trick.is_empty:
        return None
    singles = [p for p in table.view.legal if p.play.size == 1]
    fine = [p for p in singles if _fine_lead(table, p.play.cards[0])]
    return table.cheapest(fine or singles or list(table.view.legal))


def _fine_lead(table: _Table, card: Card) -> bool:
    if card is THREE_OF_DIAMONDS:
        return False
    if card is WORMS and table.toqu_out:
        return False
    return not (card is TOQU and table.worms_out)


def discard_low(table: _Table) -> LegalPlay | None:
    """Otherwise: the cheapest legal play."""
    return table.cheapest(list(table.view.legal))


HABITS: tuple[Habit, ...] = (
    recapture_with_three,
    capture_worms,
    shield_partners_worms,
    low_under_partner,
    win_cheaply,
    keep_toqu,
    no_matadors_on_a_seven,
    lead_seven_with_kc,
    lead_sure_winner,
    lead_low,
    discard_low,
)
"""The heuristic player's habits, in the order they are tried; the first that answers plays."""


@dataclass(frozen=True)
class HeuristicBot:
    """A rule-aware player: the first of ``HABITS`` that has an answer decides."""

    name: str = "heuristic"

    def choose(self, view: InformationSet, rng: random.Random) -> LegalPlay:
        return self.reasoned(view)[1]

    def reasoned(self, view: InformationSet) -> tuple[str, LegalPlay]:
        """The habit that decided and the play it chose (``forced`` for a single option)."""
        if not view.legal:
            raise BotError(Message("{seat} has no play to make", seat=seat_word(view.seat)))
        if len(view.legal) == 1:
            return "forced", view.legal[0]
        table = _Table(view)
        for habit in HABITS:
            play = habit(table)
            if play is not None:
                return habit.__name__, play
        raise AssertionError("discard_low always answers")  # pragma: no cover


# -- sampling ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SamplingBot:
    """Plays what does best on average over worlds dealt consistently with its view."""

    samples: int = 24
    """Worlds per decision (with halving, the first third sees every play)."""
    seconds: float | None = None
    """Optional cap on thinking time; with it, how many worlds fit depends on the machine,
    so choices are reproducible only when the cap is not reached."""
    exact_cards: int = 2
    """Once the stock is empty and no hand holds more cards, worlds are solved exactly."""
    halving: bool = True
    """Successive halving: after each third of the worlds the weaker half of the plays is
    dropped, so the contenders get the most worlds."""
    policy: Bot = field(default_factory=HeuristicBot)
    """How every seat plays in the rollouts."""
    name: str = "sampling"

    def choose(self, view: InformationSet, rng: random.Random) -> LegalPlay:
        legal = view.legal
        if len(legal) <= 1:
            if not legal:
                raise BotError(Message("{seat} has no play to make",
                                       seat=seat_word(view.seat)))
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        worlds = [view.sample_world(rng) for _ in range(max(self.samples, 1))]
        totals = [0] * len(legal)
        counts = [0] * len(legal)
        index_of = {play.play: index for index, play in enumerate(legal)}
        contenders = set(range(len(legal)))
        rounds = _rounds(worlds) if self.halving else [worlds]
        for number, batch in enumerate(rounds):
            for world in batch:
                for play, value in self._values(world, view.seat, contenders, index_of, rng):
                    totals[index_of[play.play]] += value
                    counts[index_of[play.play]] += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            if number < len(rounds) - 1:
                # successive halving: the weaker half of the plays gets no more worlds
                ranked = sorted(contenders, key=lambda i: (-totals[i] / max(counts[i], 1), i))
                contenders = set(ranked[: (len(ranked) + 1) // 2])
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(contenders, key=lambda i: (-totals[i] / max(counts[i], 1), i))
        return legal[best]

    def _values(
        self,
        world: HandState,
        seat: str,
        contenders: set[int],
        index_of: Mapping[Play, int],
        rng: random.Random,
    ) -> list[tuple[LegalPlay, int]]:
        """The contending legal plays of ``seat`` in ``world``, each with its value to
        ``seat``'s side: exact once the hands are small, else from a heuristic playout."""
        exact = not world.stock and max(len(cards) for _, cards in world.hands) <= self.exact_cards
        if exact:
            return [(LegalPlay(item.play, False), item.value.pack())
                    for item in evaluate_plays(world) if index_of[item.play] in contenders]
        bots = dict.fromkeys(world.rules.seats, self.policy)
        side = side_of(seat)
        return [
            (play, value_of(world, play_out(world.play(play), bots, rng), side).pack())
            for play in world.legal_plays()
            if index_of[play.play] in contenders
        ]


def _rounds(worlds: Sequence[HandState]) -> list[Sequence[HandState]]:
    """The worlds in up to three batches for successive halving (more plays, fewer worlds)."""
    if len(worlds) < 3:
        return [worlds]
    third = len(worlds) // 3
    return [worlds[:third], worlds[third:2 * third], worlds[2 * third:]]
