"""Trick resolution: which group heads a trick, card by card, and why (§B3–§B6, §B10, §B20).

Every card on the table carries a mode (rules.md §B20). A group takes over the trick when each
of its cards beats a different card of the heading group. A ``Trick`` is immutable; ``add``
returns the trick with one more group, and each ``Step`` records the pairings tried and the
power that decided each one, so that every verdict can be explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import permutations

from ..values.cards import (
    KING_OF_CLUBS,
    KING_OF_SPADES,
    THREE_OF_DIAMONDS,
    TOQU,
    WORMS,
    Card,
)
from ..values.frozen import build, evolve, slots_maker
from ..values.play import Play
from ..values.ranking import STRENGTH
from ..values.rules import Rules
from ..values.seating import PLAYING_ORDERS, are_partners, order_from, side_of


class Mode(Enum):
    """How a card on the table can be beaten (§B20)."""

    NORMAL = "normal"
    SEVEN = "seven"  # a led 7, or a 7 that beat one: only a higher 7, K♣ or 3♦ beats it
    KC7 = "kc7"  # K♣ that beat a 7: only K♠ or 3♦ beats it
    KS7 = "ks7"  # K♠ that beat that K♣: only the 3♦ beats it
    LOCK = "lock"  # 3♦ not led: nothing beats it

    # Each member is one object, so hashing by identity agrees with equality; it is done in C,
    # where Enum's own hash (of the name) is Python code run for every table-card lookup.
    __hash__ = object.__hash__


class Power(Enum):
    """Why a card did or did not beat the card it was laid on; value = (key, beats, rule ids).

    The key keeps every member distinct (Enum would merge members with equal values)."""

    HIGHER_CARD = ("higher_card", True, ("R2.1",))
    BEATS_LED_THREE = ("beats_led_three", True, ("R5.1",))
    SUIT_ORDER = ("suit_order", True, ("R2.1", "R1.3"))
    LATER_MATADOR = ("later_matador", True, ("R6.1",))
    THREE_NOT_LED = ("three_not_led", True, ("R5.2",))
    HIGHER_SEVEN = ("higher_seven", True, ("R3.1", "R3.2"))
    KC_ON_SEVEN = ("kc_on_seven", True, ("R4.2",))
    KS_ON_KC = ("ks_on_kc", True, ("R4.3",))
    KINGS_ON_SEVENS = ("kings_on_sevens", True, ("R4.5",))
    SEVEN_AFTER_LED_THREE = ("seven_after_led_three", True, ("R3.4",))
    LOWER_CARD = ("lower_card", False, ("R2.1",))
    SEVEN_NOT_LED = ("seven_not_led", False, ("R3.3",))
    SUIT_ORDER_LOWER = ("suit_order_lower", False, ("R2.1", "R1.3"))
    SEVEN_HOLDS = ("seven_holds", False, ("R3.1",))
    UNLED_SEVEN = ("unled_seven", False, ("R3.3",))
    KS_NOT_ON_SEVEN = ("ks_not_on_seven", False, ("R4.3",))
    KC_HOLDS = ("kc_holds", False, ("R3.6", "R4.3"))
    KS_TOO_LATE = ("ks_too_late", False, ("R4.3",))
    KS_HOLDS = ("ks_holds", False, ("R4.3",))
    THREE_HOLDS = ("three_holds", False, ("R5.2",))
    THREE_POWERLESS = ("three_powerless", False, ("R5.2",))
    FORBIDDEN_ON_PARTNER = ("forbidden_on_partner", False, ("F1", "R6.3"))

    def __init__(self, key: str, beats: bool, rule_ids: tuple[str, ...]) -> None:
        self.beats = beats
        self.rule_ids = rule_ids


# Members read as ``Mode.LOCK`` go through the enum metaclass's ``__getattr__`` hook on Python
# 3.11 (about 0.1 µs each); judging a card reads several, so the hot paths use these names.
NORMAL_MODE, SEVEN_MODE, KC7_MODE, KS7_MODE, LOCK_MODE = (
    Mode.NORMAL, Mode.SEVEN, Mode.KC7, Mode.KS7, Mode.LOCK)
_KING_FEATS = (Power.KS_ON_KC, Power.KINGS_ON_SEVENS)


@dataclass(frozen=True, slots=True, eq=False)
class TableCard:
    """A card on the table with its owner, mode and (in normal mode) strength.

    Made only through ``table_card``, which keeps one object per (card, seat, mode): equal
    table cards are the same object, so they hash and compare as cheaply as cards do.
    """

    card: Card
    seat: str
    mode: Mode
    strength: int = 0

    def __reduce__(self) -> tuple[object, tuple[Card, str, Mode]]:
        return (table_card, (self.card, self.seat, self.mode))


_TABLE_CARDS: dict[tuple[Card, str, Mode], TableCard] = {}


def table_card(card: Card, seat: str, mode: Mode) -> TableCard:
    """The one ``TableCard`` for ``card`` played by ``seat`` in ``mode`` (strength counts only in
    normal mode; a led 3♦ has strength 0 there, like a powerless one)."""
    key = (card, seat, mode)
    found = _TABLE_CARDS.get(key)
    if found is None:
        strength = STRENGTH[card] if mode is NORMAL_MODE else 0
        found = _TABLE_CARDS[key] = TableCard(card, seat, mode, strength)
    return found


@dataclass(frozen=True, slots=True)
class Pairing:
    """One card laid on one target, and what came of it."""

    card: Card
    target: TableCard
    power: Power
    result: TableCard | None  # the card's new state when it beats

    @property
    def beats(self) -> bool:
        return self.power.beats


@dataclass(frozen=True, slots=True)
class Capture:
    """A Worms taken by Toqu (``capture``) or that Toqu taken back by the 3♦ (``recapture``)."""

    kind: str  # "capture" | "recapture"
    by_seat: str
    worms_seat: str
    toqu_seat: str


@dataclass(frozen=True, slots=True)
class Step:
    """One group played to the trick: its pairings and whether it took over."""

    play: Play
    position: int
    took_over: bool
    pairings: tuple[Pairing, ...]
    head_before: tuple[TableCard, ...]

    @property
    def seat(self) -> str:
        return self.play.seat

    @property
    def events(self) -> tuple[str, ...]:
        """King feats this step scored (P4, P5); only steps that took over score."""
        if not self.took_over:
            return ()
        found: list[str] = []
        for pairing in self.pairings:
            if pairing.power is Power.KS_ON_KC:
                found.append("P4")
            elif pairing.power is Power.KINGS_ON_SEVENS:
                found.append("P5")
        return tuple(found)


_make_pairing = slots_maker(Pairing)
_make_step = slots_maker(Step)
"""Quick makers of the values judging makes for every verdict not yet remembered."""


@dataclass(frozen=True)
class Trick:
    """A trick in progress: the steps so far, the heading group, and the Worms/Toqu story."""

    rules: Rules
    leader: str
    groups: int  # how many groups complete the trick
    steps: tuple[Step, ...] = ()
    head: tuple[TableCard, ...] = ()
    head_step: int = -1
    capture: Capture | None = None
    worms_headed_by: str | None = None
    worms_over_toqu: bool = False
    toqu_on_partner: bool = False
    specials_off: bool = False  # 8:8 in the Danish match rules: Toqu and Worms are plain (R6.15)
    to_play: str | None = None  # the seat that plays next (None once the trick is complete)
    memo: _Remembered | None = field(default=None, compare=False, repr=False)
    """What is worked out once per rules object (``start`` sets it; later tricks carry it)."""

    @classmethod
    def start(cls, rules: Rules, leader: str, specials_off: bool = False) -> Trick:
        """The empty trick ``leader`` is to lead (one shared object per rules and leader)."""
        memo = _remembered(rules)
        trick = memo.starts.get((leader, specials_off))
        if trick is None:
            groups = 4 if rules.players in (4, 2) else 3
            trick = memo.starts[(leader, specials_off)] = build(
                cls, rules=rules, leader=leader, groups=groups, steps=(), head=(), head_step=-1,
                capture=None, worms_headed_by=None, worms_over_toqu=False,
                toqu_on_partner=False, specials_off=specials_off, to_play=leader, memo=memo)
        return trick

    # -- reading ------------------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return not self.steps

    @property
    def is_complete(self) -> bool:
        return len(self.steps) == self.groups

    @property
    def size(self) -> int:
        """Cards per group, set by the lead (0 before the lead)."""
        return len(self.head)  # every heading group has as many cards as the lead

    @property
    def lead(self) -> Play | None:
        return self.steps[0].play if self.steps else None

    @property
    def head_seat(self) -> str | None:
        return self.steps[self.head_step].play.seat if self.steps else None

    @property
    def seven_led(self) -> bool:
        """The trick was led with 7s (F2 looks at this)."""
        return bool(self.steps) and any(c.is_seven for c in self.steps[0].play.cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        cards: tuple[Card, ...] = ()
        for step in self.steps:
            cards += step.play.cards
        return cards

    @property
    def units(self) -> int:
        """What the trick counts in trick units (R10.6, S15)."""
        rules = self.rules
        if rules.trick_value == "one" or rules.players == 2:
            return 1
        return len(self.head)

    def worms_heading(self) -> TableCard | None:
        """The K♥ if it lies in the heading group right now."""
        for table_card in self.head:
            if table_card.card == WORMS:
                return table_card
        return None

    # -- playing ------------------------------------------------------------------------

    def attempt(self, play: Play) -> Step:
        """What ``play`` would do if laid now, without laying it."""
        steps = self.steps
        if not steps:
            return _lead_step(play)
        if len(self.head) == 1:
            return _single_step(self, play, len(steps))
        return self._judged(play, self._verdicts(play.seat))

    def attempt_each(self, plays: Sequence[Play]) -> list[Step]:
        """What each of the seat to play's ``plays`` would do if laid now."""
        if not self.steps or not plays:
            return [_lead_step(play) for play in plays]
        known = self._verdicts(plays[0].seat)
        return [self._judged(play, known) for play in plays]

    def _judged(self, play: Play, known: dict[tuple[Card, ...], Step]) -> Step:
        """What ``play`` does against the trick's head; ``known``: the verdicts remembered for
        its seat here (a declared placement is judged as declared and not remembered)."""
        if play.placement:
            return _best_step(self, play, len(self.steps))
        step = known.get(play.cards)
        if step is None:
            step = known[play.cards] = _best_step(self, play, len(self.steps))
        return step

    def _verdicts(self, seat: str) -> dict[tuple[Card, ...], Step]:
        """The verdicts already worked out for ``seat``'s groups on this trick, by cards.

        What decides a group's fate is its cards, the heading group (which also fixes the group
        size) and a few facts about the trick, so each verdict is worked out once and
        remembered. Everything ``_best_step`` reads from the trick is in this key."""
        position = len(self.steps)
        situation = (
            seat,
            self.head,
            position,
            self.head_step == position - 1,
            self.specials_off,
            self.capture is not None,
        )
        situations = (self.memo or _remembered(self.rules)).situations
        known = situations.get(situation)
        if known is None:
            if len(situations) > _MEMO_LIMIT:
                situations.clear()
            known = situations[situation] = {}
        return known

    def add(self, play: Play) -> Trick:
        """The trick with ``play`` laid (legality is checked elsewhere, in ``legality``)."""
        step = self.attempt(play)
        return self.with_step(step)

    def with_step(self, step: Step) -> Trick:
        """The trick after an already evaluated step."""
        steps = (*self.steps, step)
        position = step.position
        if position + 1 >= self.groups:
            to_play = None
        elif self.rules.players != 2:  # clockwise from the leader (R7.1)
            to_play = PLAYING_ORDERS[self.rules.players][self.leader][position + 1]
        else:
            to_play = self._two_player_next(position + 1, step)
        if position == 0:
            seat = step.play.seat
            cards = step.play.cards
            return evolve(self, steps=steps, head=_led_head(seat, cards), head_step=0,
                          worms_headed_by=seat if WORMS in cards else None, to_play=to_play)
        if not step.took_over:
            return evolve(self, steps=steps, to_play=to_play)
        pairings = step.pairings
        first = pairings[0].result
        if len(pairings) == 1 and first is not None:
            head: tuple[TableCard, ...] = (first,)
        else:  # every card of the group beat one, so none is left out
            head = tuple([pairing.result for pairing in pairings if pairing.result is not None])
        changes: dict[str, object] = {}  # the Worms/Toqu story, when a duel card beat
        for pairing in pairings:
            if pairing.card in _DUEL_CARDS:
                self._duel(pairing, step.play.seat, changes)
        return evolve(self, steps=steps, head=head, head_step=position, to_play=to_play,
                      **changes)

    def _duel(self, pairing: Pairing, seat: str, changes: dict[str, object]) -> None:
        """Note in ``changes`` what a winning Toqu, Worms or 3♦ did to the Worms/Toqu story."""
        card = pairing.card
        target = pairing.target.card
        capture = changes.get("capture", self.capture)
        if card is TOQU and target is WORMS:
            # only an opponent's Worms is captured (R6.2): with two players a seat may lay
            # Toqu on its own Worms, which, like a partner's, scores nothing
            if side_of(seat) == side_of(pairing.target.seat):
                changes["toqu_on_partner"] = True
            else:
                changes["capture"] = Capture("capture", seat, pairing.target.seat, seat)
        elif card is WORMS and target is TOQU:
            changes["worms_over_toqu"] = True
        elif (
            card is THREE_OF_DIAMONDS
            and target is TOQU
            and isinstance(capture, Capture)
            and capture.kind == "capture"
            and side_of(seat) != side_of(capture.toqu_seat)  # taken back by the other side
        ):
            changes["capture"] = Capture("recapture", seat, capture.worms_seat, capture.toqu_seat)
        if card is WORMS:
            changes["worms_headed_by"] = seat

    def _two_player_next(self, position: int, step: Step) -> str:
        """Who plays group number ``position`` (1 to 3) of a two-player trick once ``step``
        is laid: the seat heading the trick plays third (R18.2)."""
        if position < 2:
            return order_from(self.leader, 2)[position]
        head_seat = step.play.seat if step.took_over else self.steps[self.head_step].play.seat
        return head_seat if position == 2 else order_from(head_seat, 2)[1]


_MEMO_LIMIT = 4_096


class _Remembered:
    """What is worked out once per rules object: verdicts by situation, and empty tricks."""

    __slots__ = ("rules", "situations", "starts")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.situations: dict[tuple[object, ...], dict[tuple[Card, ...], Step]] = {}
        self.starts: dict[tuple[str, bool], Trick] = {}

    def __reduce__(self) -> tuple[object, tuple[Rules]]:
        # a copied or pickled trick takes up the memo of its rules there, not a copy of this one
        return (_remembered, (self.rules,))


_REMEMBERED: dict[int, _Remembered] = {}


def _remembered(rules: Rules) -> _Remembered:
    entry = _REMEMBERED.get(id(rules))
    if entry is None or entry.rules is not rules:  # new rules, or an old one's id reused
        if len(_REMEMBERED) > 64:
            _REMEMBERED.clear()
        entry = _REMEMBERED[id(rules)] = _Remembered(rules)
    return entry


_LEAD_STEPS: dict[tuple[object, ...], Step] = {}


def _lead_step(play: Play) -> Step:
    """A lead heads the trick by definition: nothing to judge."""
    key = (play.seat, play.cards, play.placement)
    step = _LEAD_STEPS.get(key)
    if step is None:
        if len(_LEAD_STEPS) > _MEMO_LIMIT:
            _LEAD_STEPS.clear()
        step = _LEAD_STEPS[key] = _make_step(play, 0, True, (), ())
    return step


def _led_card(card: Card, seat: str) -> TableCard:
    return table_card(card, seat, SEVEN_MODE if card.is_seven else NORMAL_MODE)


_LED_HEADS: dict[tuple[str, tuple[Card, ...]], tuple[TableCard, ...]] = {}


def _led_head(seat: str, cards: tuple[Card, ...]) -> tuple[TableCard, ...]:
    """The heading group a lead makes: led 7s in their own mode (R3.1), the rest normal."""
    key = (seat, cards)
    head = _LED_HEADS.get(key)
    if head is None:
        head = _LED_HEADS[key] = tuple([_led_card(card, seat) for card in cards])
    return head


_DUEL_CARDS = frozenset({TOQU, WORMS, THREE_OF_DIAMONDS})
"""The cards whose winning pairings change the Worms/Toqu story of a trick."""


def attack(trick: Trick, card: Card, seat: str, target: TableCard, position: int) -> Pairing:
    """Lay ``card`` (played by ``seat`` as group number ``position``) on ``target``."""
    power, mode = _judge(trick, card, seat, target, position)
    result = None if mode is None else table_card(card, seat, mode)
    return _make_pairing(card, target, power, result)


def _judge(
    trick: Trick, card: Card, seat: str, target: TableCard, position: int
) -> tuple[Power, Mode | None]:
    """The power that decides ``card`` against ``target``, and the card's mode if it wins."""
    rules = trick.rules
    target_mode = target.mode
    if target_mode is LOCK_MODE:
        return Power.THREE_HOLDS, None
    if card is THREE_OF_DIAMONDS:
        if rules.three_d_power == "non_lead" or position == trick.groups - 1:
            return Power.THREE_NOT_LED, LOCK_MODE
        return Power.THREE_POWERLESS, None
    if target_mode is SEVEN_MODE:
        if card.is_seven:
            if not rules.higher_seven_beats_led_seven:
                return Power.UNLED_SEVEN, None
            if card.suit.order > target.card.suit.order:
                return Power.HIGHER_SEVEN, SEVEN_MODE
            return Power.SEVEN_HOLDS, None
        if card is KING_OF_CLUBS:
            return Power.KC_ON_SEVEN, KC7_MODE
        if card is KING_OF_SPADES:
            return Power.KS_NOT_ON_SEVEN, None
        return Power.SEVEN_HOLDS, None
    if target_mode is KC7_MODE:
        if card is KING_OF_SPADES:
            if rules.ks_over_kc_timing == "immediately_next" and trick.head_step != position - 1:
                return Power.KS_TOO_LATE, None
            return Power.KS_ON_KC, KS7_MODE
        return Power.KC_HOLDS, None
    if target_mode is KS7_MODE:
        return Power.KS_HOLDS, None
    # a normal target
    other = target.card
    if (card is TOQU and other is WORMS) or (card is WORMS and other is TOQU):
        # In a group, Toqu can always be laid elsewhere, so on partner's Worms it never counts
        # (F1). A single Toqu reaching here was forced (legality checked that, §E Q8).
        forbidden = not trick.specials_off and trick.size > 1
        if card is TOQU and forbidden and are_partners(seat, target.seat):
            return Power.FORBIDDEN_ON_PARTNER, None
        return Power.LATER_MATADOR, NORMAL_MODE
    if (
        position == 1
        and card.is_seven
        and other is THREE_OF_DIAMONDS
        and rules.seven_after_led_3d == "counts_as_led"
        and trick.steps[0].play.size == 1
    ):
        return Power.SEVEN_AFTER_LED_THREE, SEVEN_MODE
    same_rank = card.rank is other.rank
    if STRENGTH[card] > target.strength:
        if same_rank:
            return Power.SUIT_ORDER, NORMAL_MODE
        # a 3♦ heading in normal mode was led: the lowest card of the trick (R5.1)
        return (Power.BEATS_LED_THREE if other is THREE_OF_DIAMONDS else Power.HIGHER_CARD), \
            NORMAL_MODE
    if same_rank:
        return Power.SUIT_ORDER_LOWER, None
    return (Power.SEVEN_NOT_LED if card.is_seven else Power.LOWER_CARD), None


def _mode_score(table_card: TableCard | None) -> int:
    """How hard a card is to beat once it heads, to prefer the strongest placement."""
    if table_card is None:
        return 0
    return _MODE_BONUS[table_card.mode] + table_card.strength + table_card.card.suit.order


_MODE_BONUS = {LOCK_MODE: 1000, KS7_MODE: 900, KC7_MODE: 800, SEVEN_MODE: 700, NORMAL_MODE: 0}


def _single_step(trick: Trick, play: Play, position: int) -> Step:
    """One card against a one-card head, judged afresh: for a single play no dearer than
    looking a remembered verdict up, which random play seldom finds. (A search, which meets
    the same positions again and again, goes through ``attempt_each`` and the memo.)"""
    cards = play.cards
    head = trick.head
    if len(cards) != 1:
        return _make_step(play, position, False, (), head)
    pairing = attack(trick, cards[0], play.seat, head[0], position)
    return _make_step(play, position, pairing.power.beats, (pairing,), head)


def _best_step(trick: Trick, play: Play, position: int) -> Step:
    """Evaluate every allowed assignment of the group to the heading cards; keep the best."""
    head = trick.head
    cards = play.cards
    if len(head) == 1:
        return _single_step(trick, play, position)
    if len(cards) != len(head):
        return _make_step(play, position, False, (), head)
    declared = dict(play.placement)
    best: tuple[tuple[int, ...], tuple[Pairing, ...]] | None = None
    # every card against every target, judged once; an assignment picks one per row
    grid = [[attack(trick, card, play.seat, target, position) for target in head]
            for card in cards]
    kings = KING_OF_CLUBS in cards and KING_OF_SPADES in cards
    for order in permutations(range(len(head))):
        if declared and any(
            declared.get(card, head[j].card) is not head[j].card
            for card, j in zip(cards, order, strict=True)
        ):
            continue
        pairings = tuple([grid[i][j] for i, j in enumerate(order)])
        if kings:
            pairings = _kings_on_sevens(trick, pairings)
        beaten = [p.power.beats for p in pairings].count(True)
        success = beaten == len(pairings)
        key = (
            int(success),
            _points_for_mover(trick, play.seat, pairings) if success else 0,
            beaten,
            sum([_mode_score(p.result) for p in pairings]),
        )
        if best is None or key > best[0]:
            best = (key, pairings)
    if best is None:
        return _make_step(play, position, False, (), head)
    best_key, pairings = best
    took_over = best_key[0] == 1  # the best assignment's first key: every card beat its target
    if not took_over and declared and trick.rules.multi_beat_check == "any_matching":
        # any assignment would do (S9), however many cards were placed: the placement
        # failed, so look without it, and keep the play as laid
        free = _best_step(trick, Play(play.seat, play.cards), position)
        return _make_step(play, position, free.took_over, free.pairings, head)
    return _make_step(play, position, took_over, pairings, head)


def _kings_on_sevens(trick: Trick, pairings: tuple[Pairing, ...]) -> tuple[Pairing, ...]:
    """K♣ and K♠ of one group laid on two 7s both count as beating (R4.5, S6 on)."""
    if not trick.rules.king_feats:
        return pairings
    kc = next((p for p in pairings if p.card == KING_OF_CLUBS and p.target.mode is SEVEN_MODE),
              None)
    ks = next((p for p in pairings if p.card == KING_OF_SPADES and p.target.mode is SEVEN_MODE),
              None)
    if kc is None or ks is None or not kc.beats:
        return pairings
    seat = kc.result.seat if kc.result is not None else ""
    upgraded = _make_pairing(ks.card, ks.target, Power.KINGS_ON_SEVENS,
                             table_card(ks.card, seat, KS7_MODE))
    return tuple(upgraded if p is ks else p for p in pairings)


def _points_for_mover(trick: Trick, seat: str, pairings: tuple[Pairing, ...]) -> int:
    """Bonus points this assignment would set up for the mover, to choose the best placement."""
    points = 0
    for pairing in pairings:
        target = pairing.target
        captures = pairing.card == TOQU and target.card == WORMS
        captures = captures and side_of(seat) != side_of(target.seat)
        recaptures = pairing.card == THREE_OF_DIAMONDS and target.card == TOQU
        capture = trick.capture
        if captures or (recaptures and capture is not None
                        and side_of(seat) != side_of(capture.toqu_seat)):
            points += 2
        elif pairing.power in _KING_FEATS:
            points += 1
    return points
