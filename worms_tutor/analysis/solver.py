"""Exact solver for positions where every card is known and the stock is empty.

The value of a line of play to a side (``Value``) is, in this order of importance:

1. ``match``: +1 if the side wins the match along the line, −1 if another side does, else 0;
2. ``points``: the side's gain in match score minus the largest gain of any other side, as the
   engine settles it (captures, bonuses, trick points, the Danish hand end at five units, the
   target and the overshoot rule all come from ``HandState``);
3. ``units``: the side's trick units minus the most any other side took.

The side to move maximizes; every other seat minimizes (partners cooperate, opponents oppose).
With three players each plays for himself and the other two are treated as allied against the
mover: the value is what the mover can guarantee whatever the others do.

Search: alpha-beta on the engine's own states (``HandState.legal_steps`` and ``advance``: the
legal plays already judged, without a ``LegalPlay`` around each), a transposition table for
positions at a trick's start, cards that are interchangeable in a hand searched once, and the
best play of earlier visits tried first.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..mechanics.hand import HandState
from ..mechanics.trick import Step
from ..values.cards import EIGHT_OF_SPADES, PACK, THREE_OF_DIAMONDS, TOQU, WORMS, Card, Rank
from ..values.errors import WormsError
from ..values.language import ENGLISH, N_, Message
from ..values.play import Play
from ..values.ranking import STRENGTH
from ..values.seating import side_of, sides

_MATCH = 1_000_000
_POINTS = 1_000
_INFINITY = 10 * _MATCH


class SolverError(WormsError):
    """A position the solver cannot take: hand over, or cards still in the stock."""


@dataclass(frozen=True, order=True)
class Value:
    """What a line is worth to one side; compared as (match, points, units)."""

    match: int
    points: int
    units: int

    @classmethod
    def unpack(cls, number: int) -> Value:
        match = round(number / _MATCH)
        rest = number - match * _MATCH
        points = round(rest / _POINTS)
        return cls(match, points, rest - points * _POINTS)

    def pack(self) -> int:
        return self.match * _MATCH + self.points * _POINTS + self.units

    def __str__(self) -> str:
        match = {1: "wins the match, ", -1: "loses the match, "}.get(self.match, "")
        return f"{match}points {self.points:+d}, trick units {self.units:+d}"

    def in_words(self, lang: str = ENGLISH) -> str:
        """The value as a player says it, for the side it belongs to: "would win the match",
        or the points and tricks it would end ahead or behind the others (in ``lang``)."""
        if self.match:
            return (Message("would win the match") if self.match > 0
                    else Message("would lose the match")).text(lang)
        return Message("would end {points} and {tricks} in this hand",
                       points=_ahead(self.points, "point"),
                       tricks=_ahead(self.units, "trick")).text(lang)


_AHEAD: dict[tuple[str, int], str] = {
    ("point", 0): N_("level on points"), ("trick", 0): N_("level on tricks"),
    ("point", 1): N_("{count} point ahead"), ("point", 2): N_("{count} points ahead"),
    ("point", -1): N_("{count} point behind"), ("point", -2): N_("{count} points behind"),
    ("trick", 1): N_("{count} trick ahead"), ("trick", 2): N_("{count} tricks ahead"),
    ("trick", -1): N_("{count} trick behind"), ("trick", -2): N_("{count} tricks behind"),
}
"""By thing and amount: 0 level, ±1 one ahead or behind, ±2 several."""


def _ahead(amount: int, thing: str) -> Message:
    key = max(-2, min(2, amount))
    return Message(_AHEAD[(thing, key)], count=abs(amount))


@dataclass(frozen=True)
class PlayValue:
    """One legal play of the seat to move and its exact value to the mover's side."""

    play: Play
    value: Value


@dataclass(frozen=True)
class Solution:
    """The solved position: value, every best play, and one principal line of best play."""

    seat: str
    side: str
    value: Value
    best: tuple[Play, ...]
    """Every legal play that reaches ``value`` (equally good plays all listed)."""
    line: tuple[Play, ...]
    """A line of best play for both sides from the position to the end of the hand."""
    points: tuple[tuple[str, int], ...]
    """What each side gains in match score along ``line`` (negative after an overshoot)."""
    units: tuple[tuple[str, int], ...]
    """Trick units each side takes along ``line``."""
    match_winner: str | None
    nodes: int
    """Positions visited, for benchmarks."""

    @property
    def best_play(self) -> Play:
        return self.line[0]


@contextmanager
def _without_collector_pauses() -> Iterator[None]:
    """A search makes hundreds of thousands of short-lived objects without reference cycles;
    meanwhile the cyclic collector would scan the growing tables again and again (about a
    fifth of the time). It is switched off for the search and restored afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def solve(state: HandState) -> Solution:
    """The best plays for the seat to move, the value they secure and a principal line."""
    with _without_collector_pauses():
        return _solve(state)


def evaluate_plays(state: HandState) -> tuple[PlayValue, ...]:
    """The exact value of every legal play of the seat to move, in the engine's order."""
    with _without_collector_pauses():
        return _evaluate_plays(state)


def _solve(state: HandState) -> Solution:
    search = _Search(state)
    best_value = -_INFINITY
    best_groups: list[tuple[int, list[Play]]] = []
    for index, (group, child) in enumerate(search.root_groups()):
        if best_groups:
            # A window just around the best value so far settles most later plays far more
            # cheaply than an exact value: worse, equally good (common in card endings), or
            # better, and only a better play needs its exact value.
            found = search.search(child, best_value - 1, best_value + 1)
            if found < best_value:
                continue
            if found == best_value:
                best_groups.append((index, group))
                continue
        best_value = search.search(child, best_value, _INFINITY)
        best_groups = [(index, group)]
    best = tuple(play for _, group in best_groups for play in group)
    line, end = search.principal_line(best_groups[0][0], best_value)
    return Solution(
        seat=search.seat,
        side=search.hero,
        value=Value.unpack(best_value),
        best=best,
        line=line,
        points=tuple(search.gains(end).items()),
        units=tuple(search.units(end).items()),
        match_winner=end.match_winner,
        nodes=search.nodes,
    )


def _evaluate_plays(state: HandState) -> tuple[PlayValue, ...]:
    search = _Search(state)
    result: list[PlayValue] = []
    for group, child in search.root_groups():
        value = Value.unpack(search.search(child, -_INFINITY, _INFINITY))
        result.extend(PlayValue(play, value) for play in group)
    order = {legal.play: index for index, legal in enumerate(state.legal_plays())}
    return tuple(sorted(result, key=lambda item: order[item.play]))


def value_of(start: HandState, end: HandState, side: str) -> Value:
    """What the play from ``start`` to ``end`` (later in the same hand) is worth to ``side``."""
    players = start.rules.players
    winner = end.match_winner if start.match_winner is None else None
    match = 0 if winner is None else (1 if side_of(winner) == side else -1)
    before, after = start.score_map, end.score_map
    gains = {s: after[s] - before[s] for s in sides(players)}
    units = dict.fromkeys(gains, 0)
    for taken in end.previous[len(start.previous):]:
        units[taken] += 1
    return Value(
        match,
        gains[side] - max(g for s, g in gains.items() if s != side),
        units[side] - max(u for s, u in units.items() if s != side),
    )


def check_solvable(state: HandState) -> None:
    """``SolverError`` unless someone is to move and every card is known (empty stock)."""
    if state.to_move is None:
        raise SolverError(Message("the hand is over: there is nothing left to solve"))
    if state.stock:
        raise SolverError(Message("the solver needs an empty stock: the order of the stock is "
                                  "unknown"))


# -- the search -------------------------------------------------------------------------------

_Key = tuple[object, ...]
_Classes = dict[Card, int]  # a class number per interchangeable card (see ``_signatures``)


class _Node:
    """A position met in the search and what has been learned of it: bounds on its value, the
    best play found, its plays and the positions they lead to (made on the first visit).

    Positions inside a trick are reached by one path only, so only positions at a trick's
    start, which different orders of play can reach, are shared through the search's table.
    """

    __slots__ = ("best", "children", "classes", "lower", "moves", "state", "upper")

    def __init__(self, state: HandState) -> None:
        self.state = state
        self.lower = -_INFINITY
        self.upper = _INFINITY
        self.best = 0
        self.moves: tuple[Step, ...] | None = None
        self.classes: _Classes | None = None
        self.children: dict[int, _Node] = {}

    def settle(self, value: int) -> _Node:
        """Mark the value as known exactly (a finished hand, or nothing left to choose)."""
        self.lower = self.upper = value
        return self


class _Search:
    """Alpha-beta over ``HandState``s with a transposition table, for one root position."""

    def __init__(self, root: HandState) -> None:
        check_solvable(root)
        self.root = root
        self.seat = root.to_move or ""
        self.hero = side_of(self.seat)
        self.sides = sides(root.rules.players)
        self.base_score = root.score_map
        self.base_units = len(root.previous)
        self.positions: dict[_Key, _Node] = {}
        self.nodes = 0
        self.single_card_tricks = root.rules.players != 2
        # with three or four players nobody plays twice in a trick, so the classes of
        # interchangeable cards found at a trick's start stay sound through it (they may
        # split cards a fresh look would join, which costs nodes, never a wrong answer)
        self.classes_last_a_trick = root.rules.players != 2
        self.root_node = self.node_for(root)

    # -- values -----------------------------------------------------------------------------

    def gains(self, state: HandState) -> dict[str, int]:
        score = state.score_map
        return {side: score[side] - self.base_score[side] for side in self.sides}

    def units(self, state: HandState) -> dict[str, int]:
        taken = {side: 0 for side in self.sides}
        for side in state.previous[self.base_units:]:
            taken[side] += 1
        return taken

    def leaf(self, state: HandState) -> int:
        return value_of(self.root, state, self.hero).pack()

    # -- positions --------------------------------------------------------------------------

    def node_for(self, state: HandState) -> _Node:
        """The node of a position at a trick's start or at the hand's end, shared by every
        path that reaches it; a finished hand and a last trick of lone cards are valued at
        once (the last trick's plays are forced)."""
        key = _key(state)
        node = self.positions.get(key)
        if node is None:
            node = self.positions[key] = _Node(state)
            if state.to_move is None:
                node.settle(self.leaf(state))
            elif (
                self.single_card_tricks
                and not state.trick.steps
                and all(len(cards) == 1 for _, cards in state.hands)
            ):
                node.settle(self.leaf(_final(state)))
        return node

    def child(self, node: _Node, index: int) -> _Node:
        """The node after ``node``'s play number ``index`` (made on first use)."""
        found = node.children.get(index)
        if found is None:
            assert node.moves is not None
            state = node.state.advance(node.moves[index])
            if state.trick.steps and state.to_move is not None:
                found = _Node(state)  # inside a trick: no other path leads here
            else:
                found = self.node_for(state)
            node.children[index] = found
        return found

    def expand(self, node: _Node, classes: _Classes | None) -> tuple[Step, ...]:
        """The node's plays, most promising first, one per class of interchangeable plays;
        ``classes``: those of the node before it, reused within a trick where that is sound."""
        moves = node.moves
        if moves is None:
            state = node.state
            legal = state.legal_steps()
            if classes is None or not self.classes_last_a_trick or not state.trick.steps:
                classes = _signatures(state) if len(legal) > 1 else None
            node.classes = classes
            moves = node.moves = _ordered(state, _distinct(legal, classes))
        return moves

    # -- alpha-beta -------------------------------------------------------------------------

    def search(self, node: _Node, alpha: int, beta: int) -> int:
        """The value of ``node`` if inside (alpha, beta); else a bound on the right side."""
        return self._search(node, alpha, beta, None)

    def _search(self, node: _Node, alpha: int, beta: int, classes: _Classes | None) -> int:
        self.nodes += 1
        lower, upper = node.lower, node.upper
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha, beta = max(alpha, lower), min(beta, upper)
        moves = self.expand(node, classes)
        classes = node.classes
        maximize = side_of(node.state.to_move or "") == self.hero
        first = node.best
        order = _best_first(len(moves), first)
        best = -_INFINITY if maximize else _INFINITY
        best_index = first
        a, b = alpha, beta
        searched = False
        for index in order:
            child = self.child(node, index)
            if not searched or b - a <= 1:
                value = self._search(child, a, b, classes)
            elif maximize:
                # principal variation search: first ask whether this play is any better
                value = self._search(child, a, a + 1, classes)
                if a < value < b:
                    value = self._search(child, value - 1, b, classes)
            else:
                value = self._search(child, b - 1, b, classes)
                if a < value < b:
                    value = self._search(child, a, value + 1, classes)
            searched = True
            if maximize:
                if value > best:
                    best, best_index = value, index
                    a = max(a, value)
            elif value < best:
                best, best_index = value, index
                b = min(b, value)
            if a >= b:
                break
        if best <= alpha:
            node.upper = min(upper, best)
        elif best >= beta:
            node.lower = max(lower, best)
        else:
            node.lower = node.upper = best
        node.best = best_index
        return best

    # -- the root ---------------------------------------------------------------------------

    def root_groups(self) -> list[tuple[list[Play], _Node]]:
        """The root's legal plays, interchangeable ones grouped, most promising group first,
        each with the node its first play leads to."""
        steps = self.root.legal_steps()
        signature = _signatures(self.root)
        groups: dict[int | tuple[int, ...], list[Step]] = {}
        for step in steps:
            groups.setdefault(_signature_of(step.play, signature), []).append(step)
        leaders = _ordered(self.root, tuple(group[0] for group in groups.values()))
        by_first = {id(group[0]): group for group in groups.values()}
        root = self.root_node
        root.moves = leaders
        root.classes = signature
        return [([step.play for step in by_first[id(leader)]], self.child(root, index))
                for index, leader in enumerate(leaders)]

    def principal_line(self, first: int, value: int) -> tuple[tuple[Play, ...], HandState]:
        """Follow plays that keep ``value`` from the root's play number ``first`` to the end
        of the hand."""
        root = self.root_node
        assert root.moves is not None
        plays = [root.moves[first].play]
        node = self.child(root, first)
        while node.state.to_move is not None:
            maximize = side_of(node.state.to_move) == self.hero
            moves = self.expand(node, None)
            for index in _best_first(len(moves), node.best):
                child = self.child(node, index)
                found = self._search(child, value - 1, value + 1, node.classes)
                if found == value or (found > value if maximize else found < value):
                    plays.append(moves[index].play)
                    node = child
                    break
            else:  # pragma: no cover - the value came from these very plays
                raise AssertionError("no play keeps the solved value")
        return tuple(plays), node.state


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def _best_first(count: int, first: int) -> tuple[int, ...]:
    """The play indexes ``range(count)`` with ``first`` moved to the front."""
    order = _ORDERS.get((count, first))
    if order is None:
        order = _ORDERS[(count, first)] = (first, *(i for i in range(count) if i != first))
    return order


def _final(state: HandState) -> HandState:
    """The end of the hand from a position where every play left is forced."""
    while state.to_move is not None:
        state = state.advance(state.legal_steps()[0])
    return state


def _key(state: HandState) -> _Key:
    """What decides the rest of the hand: cards, the trick so far, leader, units, score.

    Who took the first five trick units, in order, decides the "first five" point; after
    that only how many each side took counts, so the rest is kept sorted."""
    previous = state.previous
    return (
        state.hands,
        tuple([step.play.cards for step in state.trick.steps]),  # seats follow from the leader
        state.leader,
        previous[:5],
        tuple(sorted(previous[5:])),
        state.score,
    )


# -- interchangeable cards --------------------------------------------------------------------

_SPECIAL = frozenset({TOQU, WORMS, EIGHT_OF_SPADES, THREE_OF_DIAMONDS})


def _is_plain(card: Card) -> bool:
    """A card whose only power is its place in the normal ranking (no 7, King or matador).

    Every plain card ranks between the 8♠ and the kings, so no special card's normal strength
    falls between two plain cards, and a special power treats all plain cards alike.
    """
    return card not in _SPECIAL and card.rank not in (Rank.SEVEN, Rank.KING)


_PLAIN_ORDER = tuple(sorted((c for c in PACK if _is_plain(c)), key=STRENGTH.__getitem__))
_OWN_CLASS = {card: -1 - index for index, card in enumerate(PACK)}
"""A class of its own for every card (negative, apart from the shared class numbers)."""


def _signatures(state: HandState) -> dict[Card, int]:
    """A class number per plain card in hand: cards of one hand with the same number are
    interchangeable for the rest of the hand (other cards are in classes of their own).

    Two plain cards of one hand are interchangeable when no other card still in play (in a
    hand or heading the trick) ranks between them, and they are of one rank or each is the only
    card of its rank in that hand (so that they form the same sets).
    """
    owner: dict[Card, str] = {}
    rank_count: dict[tuple[str, int], int] = {}
    for seat, cards in state.hands:
        for card in cards:
            owner[card] = seat
            key = (seat, _RANK_NUMBER[card])
            rank_count[key] = rank_count.get(key, 0) + 1
    for table_card in state.trick.head:
        owner[table_card.card] = ""
    classes: dict[Card, int] = {}
    number = 0
    previous: Card | None = None
    for card in _PLAIN_ORDER:  # weakest first; cards already played separate nothing
        held_by = owner.get(card)
        if held_by is None:
            continue
        seat = held_by
        joins = False
        if previous is not None and seat != "" and owner[previous] == seat:
            rank, previous_rank = _RANK_NUMBER[card], _RANK_NUMBER[previous]
            joins = rank == previous_rank or (
                rank_count[(seat, previous_rank)] == 1 and rank_count[(seat, rank)] == 1
            )
        if not joins:
            number += 1
        classes[card] = number
        previous = card
    return classes


_RANK_NUMBER = {card: list(Rank).index(card.rank) for card in PACK}
"""A number per rank, to count ranks without hashing the enum (this runs at every node)."""


def _signature_of(play: Play, classes: dict[Card, int]) -> int | tuple[int, ...]:
    """What the play is, up to interchangeable cards: a class number, or a sorted tuple of
    them for a group."""
    cards = play.cards
    if len(cards) == 1:
        return classes.get(cards[0], _OWN_CLASS[cards[0]])
    return tuple(sorted([classes.get(card, _OWN_CLASS[card]) for card in cards]))


def _distinct(legal: tuple[Step, ...], classes: _Classes | None) -> tuple[Step, ...]:
    """One play per class of interchangeable plays."""
    if len(legal) < 2 or classes is None:
        return legal
    if len(legal) == 2:  # the commonest case deep in the search
        first, second = legal
        same = _signature_of(first.play, classes) == _signature_of(second.play, classes)
        return (first,) if same else legal
    seen: set[int | tuple[int, ...]] = set()
    result: list[Step] = []
    for step in legal:
        signature = _signature_of(step.play, classes)
        if signature not in seen:
            seen.add(signature)
            result.append(step)
    return tuple(result) if len(result) < len(legal) else legal


# -- move ordering ----------------------------------------------------------------------------


def _cost(card: Card) -> int:
    """How much a card is worth keeping, to try cheap plays first."""
    if card is THREE_OF_DIAMONDS:
        return 120
    return STRENGTH[card]


_COSTS: dict[tuple[Card, ...], int] = {}


def _cost_of(cards: tuple[Card, ...]) -> int:
    cost = _COSTS.get(cards)
    if cost is None:
        cost = _COSTS[cards] = sum(_cost(card) for card in cards)
    return cost


def _lead_order(move: Step) -> tuple[int, int]:
    cards = move.play.cards
    return (-len(cards), _cost_of(cards))


def _ordered(state: HandState, moves: tuple[Step, ...]) -> tuple[Step, ...]:
    """Plays most likely to be best first: cheap winners, or cheap discards under a partner."""
    if len(moves) < 2:
        return moves
    trick = state.trick
    if not trick.steps:
        return tuple(sorted(moves, key=_lead_order))
    partner_heads = side_of(trick.steps[trick.head_step].play.seat) == side_of(
        state.to_move or "")

    def promise(move: Step) -> tuple[bool, int]:
        return (move.took_over == partner_heads, _cost_of(move.play.cards))

    if len(moves) == 2:  # the commonest case deep in the search
        first, second = moves
        return moves if promise(first) <= promise(second) else (second, first)
    return tuple(sorted(moves, key=promise))  # stable: ties keep the listed order
