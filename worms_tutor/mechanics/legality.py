"""What a seat may play, and why not: turn, cards held, group size and lead shape, the Toqu
duty (O1), Toqu never on partner's Worms (F1), the Danish restrictions (F2–F5), F6 and F7.

``check_play`` raises ``IllegalPlay`` with the rule id and a plain sentence;
``legal_candidates`` lists every legal play for the seat to move (``HandState.legal_plays``
wraps each in a ``LegalPlay``, which tells whether it would head the trick). What is read of
the hand state is said by ``Position``; the hand state imports this module, not the reverse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple, Protocol

from ..values.cards import PACK, THREE_OF_DIAMONDS, TOQU, WORMS, Card, Rank
from ..values.errors import IllegalPlay
from ..values.frozen import slots_maker
from ..values.language import Message
from ..values.language import seat as seat_word
from ..values.play import Play
from ..values.rules import SEATS_BY_PLAYERS, Rules
from ..values.seating import SEAT_INDEX, are_partners
from .trick import Step, TableCard, Trick

RELAXABLE = frozenset({"F1", "F2", "F3", "F4", "F5"})
"""Restrictions that give way when the player has no other play (the sources' "unless it is his
last card", §E Q8; for F3/F4 our choice, so that a hand can always be played out)."""


class Position(Protocol):
    """What legality reads of a hand in progress (``HandState`` is one)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def hands(self) -> tuple[tuple[str, tuple[Card, ...]], ...]: ...

    @property
    def trick(self) -> Trick: ...

    @property
    def played(self) -> tuple[Card, ...]: ...

    @property
    def first_lead_of_match(self) -> bool: ...

    @property
    def hand_over(self) -> bool: ...

    @property
    def match_winner(self) -> str | None: ...

    @property
    def to_move(self) -> str | None: ...

    def hand_of(self, seat: str) -> tuple[Card, ...]: ...


class LegalPlay(NamedTuple):
    """A legal play of the seat to move, and whether it would head the trick.

    A named tuple rather than a dataclass: every state lists its plays afresh, on the hottest
    path of random play and of the solver, and a tuple is made in one step. It is equal to
    another ``LegalPlay`` of the same play; ``origin`` is the state it was listed for, from
    which ``step`` works out what the play does (only that state's ``play`` may skip checks).
    """

    play: Play
    known_heads: bool | None = None
    origin: Position | None = None

    @property
    def step(self) -> Step | None:
        """What the play does to the trick (``None`` for a play listed without a state)."""
        origin = self.origin
        return None if origin is None else origin.trick.attempt(self.play)

    @property
    def heads(self) -> bool:
        """The play would head the trick."""
        if self.known_heads is not None:
            return self.known_heads
        step = self.step
        return step is not None and step.took_over

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalPlay) and self.play == other.play

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.play)

    def __repr__(self) -> str:
        return f"LegalPlay(play={self.play!r}, known_heads={self.known_heads!r})"

    def __str__(self) -> str:
        return str(self.play)


def check_play(state: Position, play: Play) -> Step:
    """The evaluated step if ``play`` is legal now; otherwise ``IllegalPlay``."""
    check_basics(state, play)
    step = state.trick.attempt(play)
    refusals = _restrictions(state, play)
    if not refusals:
        return step
    if _relaxable(refusals) and not _has_free_alternative(state, play.seat):
        return step
    raise refusals[0]


def legal_steps(state: Position) -> tuple[Step, ...]:
    """What every legal play would do to the trick, in the order ``legal_plays`` lists them
    (for searches, which look at every play and need no ``LegalPlay`` around each)."""
    return tuple(state.trick.attempt_each(legal_candidates(state)))


def legal_candidates(state: Position) -> list[Play]:
    """The plays ``legal_plays`` lists, as plain ``Play`` values."""
    trick = state.trick
    seat = trick.to_play
    if seat is None or state.hand_over or state.match_winner is not None:
        return []  # ``to_move`` and ``hand_of``, inlined: this is hot
    hand = state.hands[SEAT_INDEX[seat]][1]
    candidates = _candidates(state, seat, hand)
    if _may_be_restricted(state, hand):
        refused = [(play, _restrictions(state, play)) for play in candidates]
        candidates = [play for play, refusals in refused if not refusals]
        if not candidates:
            candidates = [play for play, refusals in refused if _relaxable(refusals)]
    return candidates


# -- shape, turn and cards ------------------------------------------------------------------


def check_basics(state: Position, play: Play) -> None:
    """Turn, cards held, group size and lead shape; ``IllegalPlay`` if any is wrong."""
    seat = state.to_move
    if seat is None:
        if state.match_winner is not None:
            raise IllegalPlay("R15.3", Message("The match is over: no more cards are played."),
                              play.seat)
        raise IllegalPlay("R12.4", Message("The hand is over: no more cards are played."),
                          play.seat)
    trick = state.trick
    if play.seat != seat:
        if trick.is_empty:
            rule = "R9.1"
            why = Message("{seat} won the last trick (or sits at the dealer's left) and leads",
                          seat=seat_word(seat))
        else:
            rule = "R18.2" if state.rules.players == 2 else "R7.1"
            why = Message("play goes round clockwise")
        raise IllegalPlay(rule, Message("It is {seat}'s turn, not {other}'s: {why}.",
                                        seat=seat_word(seat), other=seat_word(play.seat),
                                        why=why), play.seat)
    hand = state.hand_of(seat)
    for card in play.cards:
        if play.cards.count(card) > 1:
            raise IllegalPlay("R8.3", Message("{card} is named twice in one play.", card=card),
                              seat)
        if card not in hand:
            raise IllegalPlay("R8.3", Message("{seat} does not hold {card}.",
                                              seat=seat_word(seat), card=card), seat)
    if trick.is_empty:
        _check_lead_shape(state, play)
        if play.placement:
            raise IllegalPlay("R10.3", Message("A lead is not laid on anything: leave out the "
                                               "'>'."), seat)
        return
    if play.size != trick.size:
        raise IllegalPlay(
            "R10.1",
            Message("{led} led, so {seat} must play exactly {led}, not {played}.",
                    led=_count(trick.size), seat=seat_word(seat), played=_count(play.size)),
            seat,
        )
    heading = [table_card.card for table_card in trick.head]
    used: set[Card] = set()
    for card, target in play.placement:
        if target not in heading:
            raise IllegalPlay(
                "R10.3", Message("{card} is laid on {target}, which is not in the heading group.",
                                 card=card, target=target), seat
            )
        if target in used:
            raise IllegalPlay("R10.3", Message("Two cards are laid on {target}: one card each.",
                                               target=target), seat)
        used.add(target)


def _count(n: int) -> Message:
    words = {1: Message("one card"), 2: Message("two cards"), 3: Message("three cards"),
             4: Message("four cards")}
    return words.get(n, Message("{n} cards", n=n))


def _rank_key(card: Card, three_is_king: bool) -> Rank:
    if card == THREE_OF_DIAMONDS and three_is_king:
        return Rank.KING
    return card.rank


def _check_lead_shape(state: Position, play: Play) -> None:
    rules = state.rules
    seat = play.seat
    size = play.size
    if rules.players == 2 and size > 1:
        raise IllegalPlay(
            "R18.3", Message("With two players every card is played singly (our choice, "
                             "§E Q10)."), seat
        )
    if size > 4:
        raise IllegalPlay("R9.2", Message("A lead is one to four cards."), seat)
    if size == 1:
        return
    problem = _shape_problem(play.cards, rules.three_d_is_king, rules.lead_shapes)
    if problem is None:
        fewest, short = _fewest_held_by_others(state, seat)
        if size > fewest:
            raise IllegalPlay(
                "R10.1", Message("{seat} holds only {fewest}, so could not answer {size}: "
                                 "every player plays as many cards as are led.",
                                 seat=seat_word(short), fewest=_count(fewest),
                                 size=_count(size)), seat)
        return
    if (
        THREE_OF_DIAMONDS in play.cards
        and not rules.three_d_is_king
        and _shape_problem(play.cards, True, rules.lead_shapes) is None
    ):
        raise IllegalPlay(
            "F7", Message("The 3♦ does not count as a King in a set unless agreed beforehand "
                          "(S8)."), seat
        )
    if problem == "F6":
        raise IllegalPlay("F6", Message("Two pairs may be led only in the Danish club rules "
                                        "(S7)."), seat)
    cards = " ".join(map(str, play.cards))
    raise IllegalPlay(
        "R9.2",
        Message("A lead of several cards must be cards of one rank (or two pairs): {cards} is "
                "not.", cards=cards) if rules.lead_shapes == "sets+two_pairs"
        else Message("A lead of several cards must be cards of one rank: {cards} is not.",
                     cards=cards),
        seat,
    )


def _shape_problem(cards: tuple[Card, ...], three_is_king: bool, shapes: str) -> str | None:
    """``None`` for a legal lead shape, else the rule it breaks (R9.2, F6)."""
    keys = [_rank_key(card, three_is_king) for card in cards]
    if len(set(keys)) == 1:
        return None
    counts = sorted(keys.count(key) for key in set(keys))
    if len(cards) == 4 and counts == [2, 2]:
        return None if shapes == "sets+two_pairs" else "F6"
    return "R9.2"


# -- Worms, Toqu and the Danish restrictions ---------------------------------------------


def _may_be_restricted(state: Position, hand: tuple[Card, ...]) -> bool:
    """Whether any rule of ``_restrictions`` can refuse a play from ``hand`` now: each is about
    Toqu or Worms, none holds at 8:8 (R6.15), and O1 and F1 need a Worms heading the trick
    while F2–F5 are Danish rulings. Listing asks it once for all the candidates."""
    if TOQU not in hand and WORMS not in hand:
        return False
    trick = state.trick
    if trick.specials_off:
        return False
    return state.rules.danish_restrictions or trick.worms_heading() is not None


def _restrictions(state: Position, play: Play) -> list[IllegalPlay]:
    """The rules about Worms and Toqu this (well-formed) play breaks."""
    seat = play.seat
    hand = state.hand_of(seat)
    if not _may_be_restricted(state, hand) or (TOQU not in hand and WORMS not in play.cards):
        return []  # every rule below concerns Toqu in hand or Worms in the play
    rules = state.rules
    trick = state.trick
    worms = trick.worms_heading()
    refusals: list[IllegalPlay] = []

    binding = None  # the opponent's Worms that binds this seat's Toqu, if any (O1)
    if TOQU in hand and TOQU not in play.cards:
        binding = toqu_duty(rules, trick.head, trick.specials_off, seat,
                            lambda: _toqu_can_take(state, seat))
    if binding is not None:
        # The duty is to play Toqu now, anywhere in the group.
        values = {"worms": seat_word(binding.seat), "seat": seat_word(seat)}
        takes = _duty_only_if_toqu_takes(rules)
        if trick.size > 1:
            duty = (Message("{worms}'s Worms heads the trick and {seat} holds Toqu: Toqu must be "
                            "among the cards played now, since a play with Toqu would take "
                            "the trick.", **values) if takes else
                    Message("{worms}'s Worms heads the trick and {seat} holds Toqu: Toqu must be "
                            "among the cards played now.", **values))
        else:
            duty = (Message("{worms}'s Worms heads the trick and {seat} holds Toqu: Toqu must be "
                            "played now, since a play with Toqu would take the trick.",
                            **values) if takes else
                    Message("{worms}'s Worms heads the trick and {seat} holds Toqu: Toqu must be "
                            "played now.", **values))
        refusals.append(IllegalPlay("O1", duty, seat))

    if worms is not None and TOQU in play.cards and are_partners(worms.seat, seat):
        on_worms = (
            trick.size == 1
            or dict(play.placement).get(TOQU) == WORMS
        )
        if on_worms:
            refusals.append(IllegalPlay(
                "F1", Message("Toqu may not be laid on your partner's Worms."), seat))

    if rules.danish_restrictions:
        last_in_hand = len(hand) == play.size
        if trick.is_empty:
            if state.first_lead_of_match and WORMS in play.cards:
                refusals.append(IllegalPlay(
                    "F3", Message("Worms may not be the opening lead of a match."), seat))
            if TOQU in play.cards and WORMS not in state.played and WORMS not in hand:
                refusals.append(IllegalPlay(
                    "F4",
                    Message("Toqu may not be led before Worms has been played, unless you hold "
                            "Worms yourself."),
                    seat,
                ))
        elif WORMS in play.cards and not last_in_hand:
            if trick.seven_led:
                refusals.append(IllegalPlay(
                    "F2", Message("Worms may not be laid on a led 7 unless it is your last "
                                  "card."), seat))
            toqu_gone = TOQU in state.played or TOQU in trick.cards
            if len(trick.steps) == trick.groups - 1 and not toqu_gone:
                refusals.append(IllegalPlay(
                    "F5",
                    Message("Worms may be the last card of a trick only once Toqu has been "
                            "played, or when it is your last card."),
                    seat,
                ))
    return refusals


def toqu_duty(
    rules: Rules, head: Sequence[TableCard], specials_off: bool, seat: str,
    could_take: Callable[[], bool],
) -> TableCard | None:
    """The opponent's Worms in ``head`` that binds ``seat`` to play Toqu (O1, S10), or
    ``None``: never at 8:8 (R6.15) nor on a partner's Worms; under ``if_can_take_trick`` only
    when ``could_take()`` says a group with Toqu would take the trick (Danish ruling 4)."""
    worms = next((table_card for table_card in head if table_card.card is WORMS), None)
    duty = rules.toqu_obligation
    if (
        worms is None
        or specials_off
        or worms.seat == seat
        or are_partners(worms.seat, seat)
        or duty == "off"
        or (_duty_only_if_toqu_takes(rules) and not could_take())
    ):
        return None
    return worms


def _duty_only_if_toqu_takes(rules: Rules) -> bool:
    """S10 ``if_can_take_trick`` (Danish ruling 4): Toqu is owed only when it would take."""
    return rules.toqu_obligation == "if_can_take_trick"


def _toqu_can_take(state: Position, seat: str) -> bool:
    """Danish ruling 4: the Toqu duty holds only if a group with Toqu could take the trick."""
    trick = state.trick
    hand = state.hand_of(seat)
    others = [card for card in hand if card != TOQU]
    for rest in combinations(others, trick.size - 1):
        if trick.attempt(Play(seat, (TOQU, *rest))).took_over:
            return True
    return False


def _candidates(state: Position, seat: str, hand: tuple[Card, ...]) -> list[Play]:
    """Every well-formed play for ``seat``, who holds ``hand``, now (shape and size)."""
    size = len(state.trick.head)  # the lead's size, 0 before the lead
    singles = _SINGLE_PLAYS[seat]
    if size:
        if size == 1:
            return [singles[card] for card in hand]
        return [_make_play(seat, cards, ()) for cards in combinations(hand, size)]
    plays = [singles[card] for card in hand]
    rules = state.rules
    if rules.players == 2:
        return plays
    rank_of = _SET_RANK[rules.three_d_is_king]
    if len({rank_of[card] for card in hand}) == len(hand):
        return plays  # no two cards of one rank: single cards only
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(rank_of[card], []).append(card)
    sets = [group for group in by_rank.values() if len(group) > 1]
    fewest = _fewest_held_by_others(state, seat)[0]  # a set-up position may have short hands
    for group in sets:
        for size in range(2, min(len(group), fewest) + 1):
            plays.extend([_make_play(seat, cards, ()) for cards in combinations(group, size)])
    if rules.lead_shapes == "sets+two_pairs" and fewest >= 4:
        pairs = [(i, pair) for i, group in enumerate(sets) for pair in combinations(group, 2)]
        for (i, first), (j, second) in combinations(pairs, 2):
            if i != j:
                plays.append(_make_play(seat, (*first, *second), ()))
    return plays


def _fewest_held_by_others(state: Position, seat: str) -> tuple[int, str]:
    """The fewest cards another player holds, and who: a lead may have no more cards than
    that, or the trick could never be finished (R10.1). Only a set-up position has hands of
    different sizes; from a deal they shrink alike (R12.2)."""
    return min((len(held), other) for other, held in state.hands if other != seat)


_SET_RANK: dict[bool, dict[Card, int]] = {
    three_is_king: {card: list(Rank).index(_rank_key(card, three_is_king)) for card in PACK}
    for three_is_king in (False, True)
}
"""The rank each card counts as in a set, by number, with and without the 3♦ as a King (S8)."""


_SINGLE_PLAYS: dict[str, dict[Card, Play]] = {
    seat: {card: Play(seat, (card,)) for card in PACK}
    for seats in SEATS_BY_PLAYERS.values()
    for seat in seats
}
"""One ``Play`` object per seat and card, reused for every single-card candidate."""

_make_play = slots_maker(Play)
"""A quick maker of the plays of several cards, listed afresh for every state that has them."""


def _relaxable(refusals: list[IllegalPlay]) -> bool:
    """A play refused only by restrictions that give way when nothing else may be played."""
    return all(refusal.rule in RELAXABLE for refusal in refusals)


def _has_free_alternative(state: Position, seat: str) -> bool:
    candidates = _candidates(state, seat, state.hand_of(seat))
    return any(not _restrictions(state, play) for play in candidates)
