"""Puzzles as data: a scenario, a question, the kind of answer, and a goal the engine reads.

Every correct answer is derived by the engine (legality and ``search``), never stored as the
only truth; a stored ``expected`` list is checked against it. ``Puzzle.check`` returns a
``Verdict`` whose reasons all come from ``explain``, and ``hints`` a ladder from the rule that
matters to the solution.

A puzzle file is one JSON object (keys in ``PUZZLE_KEYS``; * = required):

- ``id``* (letters, digits, ``-``, ``_``), ``title``*, ``chapter``* (a number), ``question``*;
- ``variant`` (a preset, default ``english``) and ``rules`` (switch overrides), for the whole
  puzzle; ``scenario``* is the scenario format of design.md §2 without those two keys;
- ``answer``*: one of ``ANSWER_KINDS`` (``hand_score``, ``spot_illegal`` and ``plan`` live
  in modules of their own); ``ask``: for ``table`` only, one of ``procedure.ASKS``;
- ``goal``: for ``play``, ``placement`` and ``choose_all`` only, one of ``search.GOAL_KINDS``
  (``score_points:N`` takes a number); ``horizon``: ``trick`` (default) or ``hand`` (only with
  an empty stock);
- ``play``: the play asked about (``legal``) or the cards to place (``placement``; when it
  names more cards than were led, the learner also chooses which of them to play);
- ``plays``: for ``allowed``, the 3 to 6 plays to judge; a ``spot_illegal`` puzzle's
  ``scenario.plays`` hold one play the engine refuses (the plays after it are shown as written);
- ``seat`` (default: the seat to move; a replay's leader for ``spot_illegal``) and ``side``
  (default: the seat's side; the side asked about in ``points``); ``hint_rules``: rule ids for
  the first hint (known to ``RULE_TITLES``);
- ``expected``: the answers the author expects, which must equal the engine's;
  ``open_hands`` (default true): show every hand; ``comment``: a note for authors;
  ``lesson``: the one plain sentence the puzzle teaches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations, pairwise, permutations
from pathlib import Path
from typing import Any, Protocol

from ..formats.explain import Reason, explain_record, explain_step, plain
from ..formats.scenario import Replay, Scenario
from ..mechanics.hand import HandState, TrickRecord
from ..mechanics.trick import Trick
from ..values.cards import Card, Rank, Suit
from ..values.errors import IllegalPlay, NotationError, ScenarioError, WormsError
from ..values.language import ENGLISH, Message, joined, worded
from ..values.language import seat as seat_word
from ..values.play import Play
from ..values.rulebook import RULE_TITLES, rule_title
from ..values.rules import Rules
from ..values.seating import side_called, side_of, sides
from . import hand_score, plan, spot_illegal
from .procedure import ASKS, ProcedureError, TableAnswer, answer_table_question, option_words
from .search import Choice, Goal, Horizon, Line, SearchError, choice_for, evaluate
from .verdict import Clause
from .verdict import Hint as Hint  # re-exported: the widgets read verdicts from here
from .verdict import Verdict as Verdict
from .verdict import play_words as _play_words
from .verdict import sentence as _sentence
from .verdict import unique as _unique

ANSWER_KINDS = ("play", "winner", "legal", "points", "placement", "table", "allowed",
                "choose_all", "hand_score", "spot_illegal", "plan")
"""``play``: the card(s) to play; ``winner``: the seat that wins (or heads) the trick as given;
``legal``: is the given play legal (yes/no); ``points``: how many points a side scores in the
given plays; ``placement``: which card of the given group goes on which heading card (and,
when the group offers more cards than were led, which cards to play);
``table``: a question about the procedure at the table (``ask``), chosen from options;
``allowed``: which of the listed ``plays`` are allowed (choose all that apply);
``choose_all``: which of the legal plays reach the ``goal`` (choose all that apply);
``hand_score``: the points each side scores in a hand played to its end (``hand_score.py``);
``spot_illegal``: which play of the replay breaks a rule (``spot_illegal.py``);
``plan``: the seat's plays over the last two or three tricks against the best replies
(``plan.py``)."""

GOALS_BY_KIND: dict[str, tuple[str, ...]] = {
    "play": ("win_trick", "score_capture", "keep_worms_safe", "score_points", "most_points",
             "legal_play"),
    "placement": ("win_trick", "score_capture", "keep_worms_safe", "score_points",
                  "most_points"),
}
"""The goals each kind of answer can be posed with; the other kinds need none."""
GOALS_BY_KIND["choose_all"] = GOALS_BY_KIND["play"]

PUZZLE_KEYS = (
    "id", "title", "chapter", "variant", "rules", "scenario", "question", "answer", "goal",
    "horizon", "seat", "side", "play", "hint_rules", "expected", "open_hands", "comment", "ask",
    "lesson", "plays",
)
REQUIRED_KEYS = ("id", "title", "chapter", "scenario", "question", "answer")


_PLAIN_IDS = frozenset({"R9.1", "R10.2"})
"""Rule ids cited in almost every trick; not 'the rule that matters'."""
KING_OF_CLUBS = Card(Rank.KING, Suit.CLUBS)
KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)


class PuzzleError(WormsError):
    """A malformed or unsolvable puzzle; ``field`` names the bad part (``scenario.hands.N``)."""

    def __init__(self, message: str | Message, field: str = "", source: str = "") -> None:
        where = f"{source}: " if source else ""
        super().__init__(f"{where}{field}: {message}" if field else f"{where}{message}")
        self.field = field
        self.problem = str(message)
        self.problem_said = message
        self.source = source

    def in_language(self, lang: str = ENGLISH) -> str:
        where = f"{self.source}: " if self.source else ""
        problem = worded(self.problem_said, lang)
        return f"{where}{self.field}: {problem}" if self.field else f"{where}{problem}"


@dataclass(frozen=True)
class Puzzle:
    """A validated puzzle; build it with ``load_puzzle``."""

    id: str
    title: str
    chapter: int
    question: str
    kind: str
    scenario: Scenario
    goal: Goal | None
    horizon: Horizon
    seat: str
    side: str
    play: Play | None
    hint_rules: tuple[str, ...]
    expected: tuple[str, ...]
    open_hands: bool = True
    comment: str = ""
    ask: str = ""
    """What a ``table`` puzzle asks (``procedure.ASKS``)."""
    lesson: str = ""
    """The one plain sentence the puzzle teaches ("Any Six beats any Five"): the only line
    of its feedback written by hand; every other word comes from the engine."""
    plays: tuple[Play, ...] = ()
    """The plays an ``allowed`` puzzle lists, each to be judged allowed or not."""

    # -- the position ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.scenario.rules

    @cached_property
    def replay(self) -> Replay:
        return self.scenario.replay()

    @property
    def state(self) -> HandState:
        """The position after the scenario's plays: what the learner looks at."""
        return self.replay.final

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards of the learner's seat."""
        return self.state.hand_of(self.seat)

    @property
    def cards_to_pick(self) -> int:
        """How many cards a ``play`` answer takes at most: the trick's size, or for a lead
        the largest group the hand may lead (one card when no two cards share a rank)."""
        size = self.state.trick.size
        if size:
            return size
        return max((len(legal.play.cards) for legal in self.state.legal_plays()), default=1)

    def variant_label(self, lang: str = ENGLISH) -> str:
        """The rules the puzzle is posed under, in words: ``Danish club rules``."""
        return self.rules.label(lang)

    def variant_notes(self, lang: str = ENGLISH) -> tuple[str, ...]:
        """Where this puzzle rests on a choice of ours (rules.md §E) rather than a source."""
        rules = self.rules
        # a replay's notes would point at the rule it breaks before it is found
        ids = set(self.rule_ids()) if self.kind != "spot_illegal" else set()
        notes = []
        if ids & {"P3", "R6.5"}:
            notes.append(Message("The Worms bonus V = {value} is our choice: no source gives "
                                 "its value (§E Q1).", value=rules.worms_home_value))
        if rules.players == 3:
            notes.append(Message("Three-player scoring is our invention (§E Q9)."))
        if rules.players == 2:
            notes.append(Message("Two players lead single cards only: our choice (§E Q10)."))
        hand_ended = any(record.hand_points for record in self.replay.records)
        if rules.hand_end == "dk" and (hand_ended or self.horizon == "hand"):
            notes.append(Message("The hand stops at five trick units: our reading of the club "
                                 "rules (§E Q13)."))
        if "R15.5" in ids:
            notes.append(Message("A 5-5 at 8:8 sending a side back to 7 is the club's rules "
                                 "read literally: our reading (§E Q12)."))
        if "F1" in ids:
            notes.append(Message("A Toqu forced onto partner's Worms as a last card is allowed "
                                 "and scores nothing: our choice (§E Q8)."))
        return tuple(note.text(lang) for note in notes)

    # -- the answers ----------------------------------------------------------------------

    def correct_answers(self) -> tuple[str, ...]:
        """Every correct answer, as canonical text, computed by the engine."""
        return self._solution

    def check(self, answer: Any, lang: str = ENGLISH) -> Verdict:
        """Judge an answer (a play string or cards, a seat, yes/no, a number, a placement);
        the verdict's sentences in ``lang``."""
        text = self.canonical(answer)
        known = self._verdicts.get((text, lang))
        if known is None:
            known = self._verdicts[text, lang] = _CHECKERS[self.kind](self, answer, lang)
        return known

    def hints(self, lang: str = ENGLISH) -> tuple[Hint, ...]:
        """The hint ladder: the rules at stake (in words; their ids stay with the hint), two
        steps of the kind's own that never name the answer, then the solution (in ``lang``)."""
        ids = self.rule_ids()
        first = Hint(Message("The rules at stake").text(lang),
                     " ".join(_sentence(rule_title(rule, lang)) for rule in ids), ids)
        return (first, *_LADDERS[self.kind](self, lang))

    def rule_ids(self) -> tuple[str, ...]:
        """The puzzle's rule ids (``hint_rules``), or those of the solution's reasons."""
        if self.hint_rules:
            return self.hint_rules
        found = _unique(rule for reason in self._solution_reasons for rule in reason.rules)
        return tuple(rule for rule in found if rule not in _PLAIN_IDS and rule in RULE_TITLES)

    def canonical(self, answer: Any) -> str:
        """An answer in the canonical text of ``correct_answers`` (``NotationError`` if bad)."""
        return _CANONICAL[self.kind](self, answer)

    @property
    def shows_sides(self) -> bool:
        """Seat labels name the partnerships, except before partners are drawn."""
        return self.ask != "partner"

    @property
    def shown_replay(self) -> Replay:
        """What the table shows: the plays, or for ``spot_illegal`` the position before them
        (the engine's replay stops at the illegal play, which would give it away)."""
        if self.kind == "spot_illegal":
            return replace(self.scenario, plays=()).replay()
        return self.replay

    @property
    def options(self) -> tuple[str, ...]:
        """The answers a ``table`` puzzle offers to choose from (empty for other kinds)."""
        return self._table.options if self.kind == "table" else ()

    def option_words(self, lang: str = ENGLISH) -> tuple[str, ...]:
        """The ``options`` as a learner reads them in ``lang`` ("deal again": "giv kort
        igen"); a seat, a number or a score reads as it is."""
        return tuple(option_words(option, lang) for option in self.options)

    # -- derived once ---------------------------------------------------------------------

    @cached_property
    def _table(self) -> TableAnswer:
        try:
            return answer_table_question(self.ask, self.scenario, self.seat)
        except ProcedureError as error:
            raise PuzzleError(error.said, field="ask") from None

    @cached_property
    def _choices(self) -> tuple[Choice, ...]:
        """Every candidate answer of a play/placement puzzle with its search result."""
        assert self.goal is not None
        if self.kind in ("play", "choose_all"):
            return evaluate(self.state, self.goal, self.side, self.horizon)
        choices = []
        for placed in _placements(self.state, self.play):
            if self.state.check(placed) is None:
                choices.append(choice_for(self.state, placed, self.goal, self.side,
                                          self.horizon))
        return tuple(choices)

    @cached_property
    def _verdicts(self) -> dict[tuple[str, str], Verdict]:
        """Verdicts given so far, by canonical answer and language: the same answer, the same
        verdict."""
        return {}

    @cached_property
    def _best_value(self) -> int:
        return max(choice.value for choice in self._choices)

    def _reaches(self, choice: Choice) -> bool:
        assert self.goal is not None
        if self.goal.is_yes_no:
            return choice.value >= 1
        return choice.value == self._best_value

    @cached_property
    def winning_choices(self) -> tuple[Choice, ...]:
        """The plays that reach the goal, each with its line of best replies (a play,
        placement or choose-all puzzle with a goal; none for the others)."""
        if self.goal is None:
            return ()
        return tuple(choice for choice in self._choices if self._reaches(choice))

    @cached_property
    def _solution(self) -> tuple[str, ...]:
        if self.kind in _KIND_MODULES:
            return _KIND_MODULES[self.kind].solution(self)
        if self.kind in ("play", "placement"):
            return tuple(_play_text(c.play) for c in self.winning_choices)
        if self.kind == "winner":
            return (self._winner,)
        if self.kind == "legal":
            return ("yes" if self._refusal is None else "no",)
        if self.kind == "table":
            return (self._table.answer,)
        if self.kind == "allowed":
            return (_allowed_text(self, self._allowed),)
        if self.kind == "choose_all":
            return (_allowed_text(self, [c.play for c in self.winning_choices]),)
        return (str(self._points),)

    @cached_property
    def _solution_reasons(self) -> tuple[Reason, ...]:
        if self.kind in _KIND_MODULES:
            return _KIND_MODULES[self.kind].solution_reasons(self)
        if self.kind in ("play", "placement", "choose_all"):
            best = self.winning_choices[0]
            return _line_reasons(best.line, self.rules.players)
        if self.kind == "legal":
            return _draw_reasons(self) or _legal_reasons(self.state, self.play)
        if self.kind == "table":
            return self._table.reasons
        if self.kind == "allowed":
            return _allowed_reasons(self)
        return _replay_reasons(self)

    @cached_property
    def _winner(self) -> str:
        trick = self.state.trick
        if trick.steps:
            return trick.head_seat or trick.leader
        return self.replay.records[-1].winner

    @cached_property
    def _refusal(self) -> IllegalPlay | None:
        assert self.play is not None
        return self.state.check(self.play)

    @cached_property
    def _allowed(self) -> tuple[Play, ...]:
        """The listed plays the engine allows, in the listed order."""
        return tuple(play for play in self.plays if self.state.check(play) is None)

    @cached_property
    def _points(self) -> int:
        players = self.rules.players
        return sum(record.points(players)[self.side] for record in self.replay.records)


# -- loading ------------------------------------------------------------------------------


def load_puzzle(data: Any, source: str = "", check_expected: bool = True,
                check_answers: bool = True) -> Puzzle:
    """Validate a decoded puzzle object; every problem names its field (``PuzzleError``).
    ``check_answers=False`` checks the object and its position but does not work out its
    answers (which may search the rest of the hand): enough to show the puzzle, not to judge
    an answer to it."""
    try:
        puzzle = _build(data)
        if check_answers:
            _validate_answers(puzzle, check_expected)
    except PuzzleError as error:
        raise PuzzleError(error.problem_said, error.field, source) from None
    return puzzle


def load_puzzle_file(path: str | Path, check_answers: bool = True) -> Puzzle:
    """Read and validate one puzzle file (``check_answers`` as for ``load_puzzle``)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise PuzzleError(Message("cannot be read ({reason})", reason=error.strerror),
                          source=path.name) from None
    except json.JSONDecodeError as error:
        raise PuzzleError(Message("not valid JSON ({reason}, line {line})", reason=error.msg,
                                  line=error.lineno),
                          source=path.name) from None
    return load_puzzle(data, source=path.name, check_answers=check_answers)


def load_puzzles(folder: str | Path) -> tuple[Puzzle, ...]:
    """Every ``*.json`` puzzle of a folder, by chapter then id; ids must be unique."""
    puzzles = [load_puzzle_file(path) for path in sorted(Path(folder).glob("*.json"))]
    seen: dict[str, str] = {}
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleError(Message("id {id} is used twice", id=repr(puzzle.id)), field="id",
                              source=puzzle.id)
        seen[puzzle.id] = puzzle.id
    return tuple(sorted(puzzles, key=lambda p: (p.chapter, p.id)))


def _build(data: Any) -> Puzzle:
    if not isinstance(data, Mapping):
        raise PuzzleError(Message("a puzzle is a JSON object"), field="(file)")
    for key in data:
        if key not in PUZZLE_KEYS:
            raise PuzzleError(Message("unknown key; the keys are {keys}",
                                      keys=", ".join(PUZZLE_KEYS)),
                              field=str(key))
    for key in REQUIRED_KEYS:
        if key not in data:
            raise PuzzleError(Message("is required"), field=key)
    puzzle_id = _text(data, "id")
    if not puzzle_id.replace("-", "").replace("_", "").isalnum() or len(puzzle_id) > 80:
        raise PuzzleError(Message("use letters, digits, '-' and '_' only (at most 80)"),
                          field="id")
    chapter = data["chapter"]
    if isinstance(chapter, bool) or not isinstance(chapter, int) or chapter < 0:
        raise PuzzleError(Message("must be a whole number ≥ 0"), field="chapter")
    kind = _text(data, "answer")
    if kind not in ANSWER_KINDS:
        raise PuzzleError(Message("unknown kind {kind}; the kinds are {kinds}", kind=repr(kind),
                                  kinds=", ".join(ANSWER_KINDS)),
                          field="answer")
    ask = _ask(data, kind)
    scenario = _scenario(data, allow_illegal=kind == "spot_illegal")
    state = scenario.replay().final
    play = _play(data, scenario, kind)
    plays = _listed_plays(data, scenario, kind)
    if kind == "choose_all":  # every legal play of the seat to move is offered
        if state.to_move is None:
            raise PuzzleError(Message("the plays end the hand: nobody is left to play"),
                              field="scenario.plays")
        plays = tuple(legal.play for legal in state.legal_plays())
    seat = _seat(data, state, kind, play or (plays[0] if plays else None))
    if kind == "spot_illegal" and "seat" not in data:
        seat = scenario.leader  # not the seat to move: that is the one breaking a rule
    side = _side(data, scenario, seat)
    goal = _goal(data, kind)
    horizon = data.get("horizon", "trick")
    if horizon not in ("trick", "hand"):
        raise PuzzleError(Message("must be 'trick' or 'hand'"), field="horizon")
    if horizon == "hand" and state.stock:
        raise PuzzleError(Message("'hand' needs an empty stock: nobody knows the order of the "
                                 "stock"),
                          field="horizon")
    hint_rules = data.get("hint_rules", [])
    if not isinstance(hint_rules, list):
        raise PuzzleError(Message("must be a list of rule ids"), field="hint_rules")
    for index, rule in enumerate(hint_rules):
        if rule not in RULE_TITLES:
            raise PuzzleError(Message("unknown rule id {rule}", rule=repr(rule)),
                              field=f"hint_rules[{index}]")
    expected = data.get("expected", [])
    if not isinstance(expected, list):
        raise PuzzleError(Message("must be a list of answers"), field="expected")
    open_hands = data.get("open_hands", True)
    if not isinstance(open_hands, bool):
        raise PuzzleError(Message("must be true or false"), field="open_hands")
    lesson = data.get("lesson", "")
    if not isinstance(lesson, str) or "\n" in lesson or len(lesson) > 160:
        raise PuzzleError(Message("must be one sentence of plain text (at most 160 "
                                 "characters)"),
                          field="lesson")
    return Puzzle(
        id=puzzle_id, title=_text(data, "title"), chapter=chapter,
        question=_text(data, "question"), kind=kind, scenario=scenario, goal=goal,
        horizon=horizon, seat=seat, side=side, play=play, hint_rules=tuple(hint_rules),
        expected=tuple(str(item) if not isinstance(item, str) else item for item in expected),
        open_hands=open_hands, comment=str(data.get("comment", "")), ask=ask, plays=plays,
        lesson=lesson.strip(),
    )


def _ask(data: Mapping[str, Any], kind: str) -> str:
    if kind != "table":
        if "ask" in data:
            raise PuzzleError(Message("is only for 'table' puzzles, not {kind}", kind=repr(kind)),
                              field="ask")
        return ""
    if "ask" not in data:
        raise PuzzleError(Message("a 'table' puzzle asks one of {asks}", asks=", ".join(ASKS)),
                          field="ask")
    ask = data["ask"]
    if ask not in ASKS:
        raise PuzzleError(Message("unknown question {ask}; the questions are {asks}",
                                  ask=repr(ask), asks=", ".join(ASKS)),
                          field="ask")
    return str(ask)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise PuzzleError(Message("must be non-empty text"), field=key)
    return value.strip()


def _scenario(data: Mapping[str, Any], allow_illegal: bool = False) -> Scenario:
    raw = data["scenario"]
    if not isinstance(raw, Mapping):
        raise PuzzleError(Message("must be a scenario object (design.md §2)"), field="scenario")
    for key in ("variant", "rules"):
        if key in raw:
            raise PuzzleError(Message("give the variant and rules at the top of the puzzle"),
                              field=f"scenario.{key}")
    merged = dict(raw)
    merged["variant"] = data.get("variant", "english")
    if "rules" in data:
        merged["rules"] = data["rules"]
    try:
        scenario = Scenario.from_json(merged)
    except ScenarioError as error:
        field = error.field if error.field in ("variant", "rules") else f"scenario.{error.field}"
        raise PuzzleError(error.said, field=field) from None
    illegal = scenario.replay().illegal
    if illegal is not None and not allow_illegal:
        raise PuzzleError(Message("{refusal} ({rule})", refusal=illegal.refusal.said,
                                  rule=illegal.refusal.rule),
                          field=f"scenario.plays[{illegal.index}]")
    return scenario


def _play(data: Mapping[str, Any], scenario: Scenario, kind: str) -> Play | None:
    if kind not in ("legal", "placement"):
        if "play" in data:
            raise PuzzleError(Message("is only for 'legal' and 'placement' puzzles, not {kind}",
                                      kind=repr(kind)),
                              field="play")
        return None
    if "play" not in data:
        raise PuzzleError(Message("a {kind} puzzle names the play it asks about",
                                  kind=repr(kind)), field="play")
    try:
        play = Play.parse(data["play"], scenario.rules.seats)
    except NotationError as error:
        raise PuzzleError(error.said, field="play") from None
    if kind == "placement" and play.placement:
        raise PuzzleError(Message("give the cards only: the learner places them"), field="play")
    twice = sorted({str(card) for card in play.cards if play.cards.count(card) > 1})
    if kind == "placement" and twice:
        raise PuzzleError(Message("names {cards} twice", cards=" ".join(twice)), field="play")
    return play


def _listed_plays(data: Mapping[str, Any], scenario: Scenario, kind: str) -> tuple[Play, ...]:
    """The plays an ``allowed`` puzzle lists: 3 to 6 different plays (of any seat: whose turn
    it is may be the point)."""
    if kind != "allowed":
        if "plays" in data:
            raise PuzzleError(Message("is only for 'allowed' puzzles, not {kind}", kind=repr(kind)),
                              field="plays")
        return ()
    raw = data.get("plays")
    if not isinstance(raw, list) or not 3 <= len(raw) <= 6:
        raise PuzzleError(Message("an 'allowed' puzzle lists 3 to 6 plays, e.g. "
                                 "[\"S: 9H\", ...]"),
                          field="plays")
    plays: list[Play] = []
    for index, text in enumerate(raw):
        try:
            play = Play.parse(str(text), scenario.rules.seats)
        except NotationError as error:
            raise PuzzleError(error.said, field=f"plays[{index}]") from None
        if play.placement:
            raise PuzzleError(Message("give the cards only"), field=f"plays[{index}]")
        if any(play.seat == other.seat and set(play.cards) == set(other.cards)
               for other in plays):
            raise PuzzleError(Message("{play} is listed twice", play=play),
                              field=f"plays[{index}]")
        plays.append(play)
    return tuple(plays)


def _seat(data: Mapping[str, Any], state: HandState, kind: str, play: Play | None) -> str:
    mover = state.to_move
    if kind in ("play", "placement"):
        if mover is None:
            raise PuzzleError(Message("the plays end the hand: nobody is left to play"),
                              field="scenario.plays")
        if play is not None and play.seat != mover:
            raise PuzzleError(Message("{seat} is not to move; {mover} is",
                                      seat=seat_word(play.seat), mover=seat_word(mover)),
                              field="play")
    default = play.seat if play is not None else (mover or state.leader)
    seat = data.get("seat", default)
    if not isinstance(seat, str) or seat.upper() not in state.rules.seats:
        raise PuzzleError(Message("{seat} is not a seat ({seats})", seat=repr(seat),
                                  seats=" ".join(state.rules.seats)),
                          field="seat")
    seat = seat.upper()
    if kind in ("play", "placement") and seat != mover:
        raise PuzzleError(Message("the learner plays for the seat to move, {mover}",
                                  mover=seat_word(mover or "")), field="seat")
    return seat


def _side(data: Mapping[str, Any], scenario: Scenario, seat: str) -> str:
    names = sides(scenario.rules.players)
    side = data.get("side", side_of(seat))
    if side not in names:
        raise PuzzleError(Message("{side} is not a side ({sides})", side=repr(side),
                                  sides=" ".join(names)), field="side")
    return str(side)


def _goal(data: Mapping[str, Any], kind: str) -> Goal | None:
    allowed = GOALS_BY_KIND.get(kind)
    if allowed is None:
        if "goal" in data:
            raise PuzzleError(Message("a {kind} puzzle has its answer in the scenario: no goal",
                                      kind=repr(kind)),
                              field="goal")
        return None
    if "goal" not in data:
        raise PuzzleError(Message("a {kind} puzzle needs one of {goals}", kind=repr(kind),
                                  goals=", ".join(allowed)), field="goal")
    try:
        goal = Goal.parse(data["goal"])
    except SearchError as error:
        raise PuzzleError(error.said, field="goal") from None
    if goal.kind not in allowed:
        raise PuzzleError(Message("a {kind} puzzle takes one of {goals}", kind=repr(kind),
                                  goals=", ".join(allowed)), field="goal")
    return goal


def _validate_answers(puzzle: Puzzle, check_expected: bool) -> None:
    state = puzzle.state
    if puzzle.kind == "winner" and not state.trick.steps and not puzzle.replay.records:
        raise PuzzleError(Message("a 'winner' puzzle needs at least one play"),
                          field="scenario.plays")
    if puzzle.kind == "points" and not puzzle.replay.records:
        raise PuzzleError(Message("a 'points' puzzle needs plays that complete a trick"),
                          field="scenario.plays")
    if puzzle.kind == "placement":
        assert puzzle.play is not None
        if state.trick.size < 2 or puzzle.play.size < state.trick.size:
            raise PuzzleError(Message("a placement puzzle places a group of two or more "
                                      "cards on the heading group: name at least as many "
                                      "cards as were led"),
                              field="play")
        held = set(state.hand_of(puzzle.play.seat))
        missing = [card for card in puzzle.play.cards if card not in held]
        if missing:
            raise PuzzleError(Message("{seat} does not hold {cards}",
                                      seat=seat_word(puzzle.play.seat),
                                      cards=" ".join(str(card) for card in missing)),
                              field="play")
    problem = _KIND_MODULES[puzzle.kind].validate(puzzle) if puzzle.kind in _KIND_MODULES \
        else ""
    if problem:
        raise PuzzleError(problem, field="scenario.plays")
    try:
        solution = puzzle.correct_answers()
    except SearchError as error:
        raise PuzzleError(error.said, field="goal") from None
    if not solution:
        raise PuzzleError(Message("no legal answer reaches the goal"), field="goal")
    if puzzle.kind == "placement" and len(solution) == len(puzzle._choices) > 1:
        raise PuzzleError(Message("every placement reaches the goal, so placing does not "
                                  "matter (try S9 = declared)"), field="answer")
    if check_expected and puzzle.expected:
        try:
            stored = {puzzle.canonical(item) for item in puzzle.expected}
        except (WormsError, ValueError) as error:
            said = error.said if isinstance(error, WormsError) else str(error)
            raise PuzzleError(said, field="expected") from None
        if stored != set(solution):
            raise PuzzleError(Message("the engine finds {found}, the puzzle says {stored}",
                                      found=sorted(solution), stored=sorted(stored)),
                              field="expected")


# -- answers by kind --------------------------------------------------------------------------


def _play_text(play: Play) -> str:
    return str(play)


def _as_play(puzzle: Puzzle, answer: Any) -> Play:
    """A play answer from ``"S: JC"``, ``"JC"``, a list of cards or codes, or a ``Play``."""
    if isinstance(answer, Play):
        return answer
    if isinstance(answer, str) and ":" in answer:
        return Play.parse(answer, puzzle.rules.seats)
    if isinstance(answer, str):
        answer = answer.replace(",", " ").split()
    if isinstance(answer, Card):
        answer = [answer]
    if not isinstance(answer, Iterable):
        raise NotationError(Message("{answer} is not a play (e.g. 'S: JC')",
                                    answer=repr(answer)), token=repr(answer))
    cards = tuple(card if isinstance(card, Card) else Card.parse(card) for card in answer)
    if not cards:
        raise NotationError(Message("no card was chosen"), token="")
    return Play(puzzle.seat, cards)


def _in_hand_order(puzzle: Puzzle, play: Play) -> Play:
    hand = puzzle.state.hand_of(play.seat) if play.seat in puzzle.rules.seats else ()
    order = {card: index for index, card in enumerate(hand)}
    cards = tuple(sorted(play.cards, key=lambda card: order.get(card, 99)))
    return Play(play.seat, cards, play.placement)


def _canonical_play(puzzle: Puzzle, answer: Any) -> str:
    play = _in_hand_order(puzzle, _as_play(puzzle, answer))
    return _play_text(Play(play.seat, play.cards))


def _canonical_placement(puzzle: Puzzle, answer: Any) -> str:
    """A placement in the order of the cards offered: ``S: 9C>9D KH>9H``."""
    play = _as_play(puzzle, answer)
    targets = dict(play.placement)
    assert puzzle.play is not None
    offered, size = puzzle.play.cards, puzzle.state.trick.size
    if len(offered) > size:
        if len(play.cards) != size or not set(play.cards) <= set(offered) \
                or len(targets) != size:
            raise NotationError(Message("choose {size} of the cards and place each on a "
                                        "card of the trick, e.g. '{seat}: {card}>…'",
                                        size=size, seat=puzzle.play.seat, card=offered[0]),
                                token=str(play))
    elif set(play.cards) != set(offered) or len(targets) != len(play.cards):
        raise NotationError(Message("place every card of {play}, e.g. '{seat}: {card}>…'",
                                    play=puzzle.play, seat=puzzle.play.seat,
                                    card=offered[0]), token=str(play))
    placed = tuple(card for card in offered if card in targets)
    ordered = tuple((card, targets[card]) for card in placed)
    return _play_text(Play(play.seat, placed, ordered))


def _canonical_seat(puzzle: Puzzle, answer: Any) -> str:
    seat = str(answer).strip().upper()
    if seat not in puzzle.rules.seats:
        raise NotationError(Message("{answer} is not a seat ({seats})", answer=repr(answer),
                                    seats=" ".join(puzzle.rules.seats)), token=str(answer))
    return seat


def _canonical_yes_no(puzzle: Puzzle, answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    text = str(answer).strip().lower()
    if text in ("yes", "legal", "true"):
        return "yes"
    if text in ("no", "illegal", "false"):
        return "no"
    raise NotationError(Message("answer yes or no, not {answer}", answer=repr(answer)),
                        token=str(answer))


def _canonical_option(puzzle: Puzzle, answer: Any) -> str:
    text = " ".join(str(answer).split()).lower()
    for option in puzzle.options:
        if option.lower() == text:
            return option
    raise NotationError(Message("{answer} is not one of the choices ({choices})",
                                answer=repr(answer), choices=", ".join(puzzle.options)),
                        token=str(answer))


def _allowed_text(puzzle: Puzzle, chosen: Iterable[Play]) -> str:
    """The canonical answer of an ``allowed`` puzzle: the chosen plays in the listed order,
    joined by `` | `` (``none`` when none is chosen)."""
    picked = set(chosen)
    text = " | ".join(_play_text(play) for play in puzzle.plays if play in picked)
    return text or "none"


def _canonical_allowed(puzzle: Puzzle, answer: Any) -> str:
    """An ``allowed`` answer from ``"S: 9H | S: JC"``, ``"none"``, or a list of plays."""
    if isinstance(answer, str):
        answer = [] if answer.strip().lower() == "none" else answer.split("|")
    if not isinstance(answer, Iterable):
        raise NotationError(Message("{answer} is not a list of plays", answer=repr(answer)),
                            token=repr(answer))
    listed = {(play.seat, frozenset(play.cards)): play for play in puzzle.plays}
    chosen = []
    for item in answer:
        play = item if isinstance(item, Play) else Play.parse(str(item).strip(),
                                                               puzzle.rules.seats)
        found = listed.get((play.seat, frozenset(play.cards)))
        if found is None:
            raise NotationError(Message("{play} is not one of the listed plays", play=play),
                                token=str(play))
        chosen.append(found)
    return _allowed_text(puzzle, chosen)


def _canonical_number(puzzle: Puzzle, answer: Any) -> str:
    if isinstance(answer, bool):
        raise NotationError(Message("answer with a number of points"), token=str(answer))
    try:
        return str(int(str(answer).strip()))
    except ValueError:
        raise NotationError(Message("{answer} is not a number of points", answer=repr(answer)),
                            token=str(answer)) from None


_CANONICAL = {
    "play": _canonical_play,
    "placement": _canonical_placement,
    "winner": _canonical_seat,
    "legal": _canonical_yes_no,
    "points": _canonical_number,
    "table": _canonical_option,
    "allowed": _canonical_allowed,
    "choose_all": _canonical_allowed,
    "hand_score": hand_score.canonical,
    "spot_illegal": spot_illegal.canonical,
    "plan": plan.canonical,
}


def _placements(state: HandState, play: Play | None) -> list[Play]:
    """Every way to lay the offered cards on the heading group: when more cards are offered
    than were led, every choice of as many cards as were led, each placed every way."""
    assert play is not None
    heading = [table_card.card for table_card in state.trick.head]
    return [Play(play.seat, chosen, tuple(zip(chosen, order, strict=True)))
            for chosen in combinations(play.cards, len(heading))
            for order in permutations(heading)]


def _refusal_said(refusal: IllegalPlay) -> Message:
    """A refusal with its rule id: ``It is N's turn, not S's … (R9.1)``."""
    return Message("{refusal} ({rule})", refusal=Clause(refusal.said), rule=refusal.rule)


def _line_reasons(line: Line, players: int) -> tuple[Reason, ...]:
    return tuple(reason for record in line.records for reason in explain_record(record, players))


def _legal_reasons(state: HandState, play: Play | None) -> tuple[Reason, ...]:
    assert play is not None
    refusal = state.check(play)
    if refusal is not None:
        return (Reason(Message("{play} is not allowed: {refusal}", play=play,
                               refusal=_refusal_said(refusal)), (refusal.rule,)),)
    step = state.trick.attempt(play)
    return (Reason(Message("{play} is allowed here", play=play), ()),
            *explain_step(step, state.trick))


def _replay_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    players = puzzle.rules.players
    if puzzle.kind == "winner" and puzzle.state.trick.steps:
        trick = puzzle.state.trick
        steps = tuple(r for step in trick.steps for r in explain_step(step, trick))
        return (*steps, Reason(Message("{seat} heads the trick now",
                                       seat=seat_word(puzzle._winner)), ("R10.4",)))
    records: Iterable[TrickRecord] = puzzle.replay.records
    if puzzle.kind == "winner":
        records = puzzle.replay.records[-1:]
    reasons = tuple(reason for record in records for reason in explain_record(record, players))
    return (*reasons, *_unscored_king_feat(puzzle, records))


def _unscored_king_feat(puzzle: Puzzle, records: Iterable[TrickRecord]) -> tuple[Reason, ...]:
    """Where the K♠ killed a K♣ under rules without the club's king feats, say that it scored
    nothing: a learner who knows the club's point expects one."""
    if puzzle.kind != "points" or puzzle.rules.king_feats:
        return ()
    killed = any(pairing.beats and pairing.card == KING_OF_SPADES
                 and pairing.target.card == KING_OF_CLUBS
                 for record in records for step in record.trick.steps
                 for pairing in step.pairings)
    if not killed:
        return ()
    return (Reason(Message("The K♠ killing the K♣ scores nothing under these rules: only the "
                           "club's rules pay a point for it"), ("R4.4",)),)


def _draw_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    """Why a card drawn from the stock is not in the player's hand: who drew what, in the
    order of the draw (R12.1). Empty unless the play is refused because the player does not
    hold a card that was drawn."""
    play, refusal = puzzle.play, puzzle._refusal
    if play is None or refusal is None or refusal.rule != "R8.3":
        return ()
    states = puzzle.replay.states
    reasons = []
    for before, after in pairwise(states):
        taken = len(before.stock) - len(after.stock)
        if taken <= 0 or not after.records:
            continue
        holders = {card: seat for seat, cards in after.hands for card in cards}
        drawn = joined([Message("{seat} the {card}", seat=seat_word(holders[card]), card=card)
                        for card in before.stock[:taken]])
        winner = seat_word(after.records[-1].winner)
        reasons.append(Reason(Message(
            "{winner} won the trick, so {winner} drew first and the others followed in turn "
            "of play, one card each from the top of the stock: {drawn}", winner=winner,
            drawn=drawn), ("R12.1",)))
    if not reasons or not any(card in puzzle.scenario.stock for card in play.cards):
        return ()
    return (*reasons, Reason(Message("{play} is not allowed: a player plays only cards in hand "
                                     "({rule})", play=play, rule=refusal.rule),
                             (refusal.rule,)))


def _allowed_reasons(puzzle: Puzzle) -> tuple[Reason, ...]:
    """Why each listed play is allowed or not; a card drawn by someone else is explained by
    the order of the draw, as in a ``legal`` puzzle."""
    reasons: list[Reason] = []
    for play in puzzle.plays:
        as_legal = replace(puzzle, kind="legal", play=play, plays=())
        reasons.extend(_draw_reasons(as_legal) or _legal_reasons(puzzle.state, play)[:1])
    return tuple(reasons)


def _replies_said(plays: Iterable[Play]) -> Message:
    """The others' replies in a sentence: ``E: 9♥, W: J♣`` (or "no more plays")."""
    named = [_play_words(play) for play in plays]
    return joined(named) if named else Message("no more plays")


def _net(value: int) -> str:
    return f"{value:+d}"


def _goal_sentence(puzzle: Puzzle, choice: Choice, lang: str) -> str:
    assert puzzle.goal is not None
    goal = puzzle.goal.describe(puzzle.side, lang)
    replies = _replies_said(choice.replies)
    if not puzzle.goal.is_yes_no:
        return Message("With the best replies ({replies}) {side} end {value} net; the best "
                       "play gives {best}.", replies=replies, side=side_called(puzzle.side),
                       value=_net(choice.value), best=_net(puzzle._best_value)).text(lang)
    if choice.value >= 1:
        return Message("Goal: {goal}. Reached whatever the others do (best replies: "
                       "{replies}).", goal=goal, replies=replies).text(lang)
    return Message("Goal: {goal}. Not reached once the others play their best ({replies}).",
                   goal=goal, replies=replies).text(lang)


def _check_play(puzzle: Puzzle, answer: Any, lang: str) -> Verdict:
    text = puzzle.canonical(answer)
    solution = puzzle.correct_answers()
    if puzzle.kind == "placement":
        play = Play.parse(text, puzzle.rules.seats)
    else:
        play = _in_hand_order(puzzle, _as_play(puzzle, answer))
        play = Play(play.seat, play.cards)
    assert puzzle.goal is not None
    choice = next((c for c in puzzle._choices if _play_text(c.play) == text), None)
    if choice is None:  # not among the legal answers: say which rule forbids it
        refusal = puzzle.state.check(play)
        if refusal is not None:
            said = _refusal_said(refusal)
            return Verdict(False, text, Message("Not allowed: {answer}.", answer=text).text(lang),
                           (Reason(said, (refusal.rule,)),),
                           why=Message("{play} is not allowed: {refusal}.", play=text,
                                       refusal=plain(said.text(lang))).text(lang))
        choice = choice_for(puzzle.state, play, puzzle.goal, puzzle.side, puzzle.horizon)
    players = puzzle.rules.players
    reasons = _line_reasons(choice.line, players)
    goal = _goal_sentence(puzzle, choice, lang)
    if text in solution:
        others = tuple(answer for answer in solution if answer != text)
        return Verdict(True, text, Message("Correct: {answer}. {goal}", answer=text,
                                           goal=goal).text(lang), reasons, others)
    return Verdict(False, text, Message("Not quite: {answer}. {goal}", answer=text,
                                        goal=goal).text(lang),
                   (), next_line=choice.line, next_reasons=reasons,
                   why=_why_play(puzzle, text, choice, reasons, lang))


def _check_fact(puzzle: Puzzle, answer: Any, lang: str) -> Verdict:
    text = puzzle.canonical(answer)
    right = puzzle.correct_answers()[0]
    reasons = puzzle._solution_reasons
    heads = puzzle.kind == "winner" and bool(puzzle.state.trick.steps)
    side = side_called(puzzle.side)
    fact: Message
    if puzzle.kind == "legal":
        assert puzzle.play is not None
        fact = (Message("{play} is legal", play=puzzle.play) if right == "yes"
                else Message("{play} is not legal", play=puzzle.play))
    elif puzzle.kind == "points":
        fact = Message("{side} score {points}", side=side, points=right)
    elif puzzle.kind == "table":
        fact = puzzle._table.stated
    elif heads:
        fact = Message("{seat} heads the trick", seat=seat_word(right))
    else:
        fact = Message("{seat} wins the trick", seat=seat_word(right))
    if text == right:
        return Verdict(True, text, Message("Correct: {fact}.", fact=fact).text(lang), reasons)
    why = _why_fact(puzzle, text, right, lang)
    if puzzle.kind == "legal" or (puzzle.kind == "table"
                                  and not puzzle._table.names_the_wrong_choice):
        return Verdict(False, text, Message("Not quite: {fact}.", fact=fact).text(lang),
                       reasons, why=why)
    shown: str | Message = option_words(text, lang)
    if puzzle.kind == "winner":
        shown = seat_word(text)
        withheld = (Message("Not quite: {seat} does not head the trick.", seat=shown) if heads
                    else Message("Not quite: {seat} does not win the trick.", seat=shown))
    elif puzzle.kind == "points":
        withheld = Message("Not quite: {side} do not score {points}.", side=side, points=text)
    else:
        withheld = Message("Not quite: {answer} is not the answer.", answer=shown)
    return Verdict(False, text, Message("Not quite: {fact}, not {answer}.", fact=fact,
                                        answer=shown).text(lang), reasons,
                   withheld=withheld.text(lang), why=why)


# -- why a wrong answer is wrong, in one line ------------------------------------------------


def _why_fact(puzzle: Puzzle, text: str, right: str, lang: str) -> str:
    if puzzle.kind == "winner":
        return _why_seat(puzzle, text, lang)
    if puzzle.kind == "legal":
        return _why_legal(puzzle, lang)
    if puzzle.kind == "points":
        return _why_points(puzzle, int(text), int(right), lang)
    reasons = puzzle._table.reasons
    english = [plain(reason.text) for reason in reasons]
    gains = [index for index, text in enumerate(english)
             if re.search(r"[+-]\d|score|target", text)
             and "=" not in text and not text.startswith(("so ", "the hand is over"))]
    telling = gains or [index for index, text in enumerate(english)
                        if not text.startswith("so ")][:1]
    return _sentence("; ".join(plain(reasons[index].in_language(lang)) for index in telling)) \
        if telling else ""


def _decisive_trick(puzzle: Puzzle) -> Trick:
    state = puzzle.state
    return state.trick if state.trick.steps else puzzle.replay.records[-1].trick


def _why_seat(puzzle: Puzzle, seat: str, lang: str) -> str:
    """Who beats the card of the seat the learner named, or why that card heads nothing."""
    trick = _decisive_trick(puzzle)
    steps = trick.steps
    mine = [index for index, step in enumerate(steps) if step.seat == seat]
    if not mine:
        return Message("{seat} has not played to this trick.", seat=seat_word(seat)).text(lang)
    index = mine[-1]
    step = steps[index]
    if index > 0 and not step.took_over:
        return _sentence(plain(explain_step(step, trick)[-1].in_language(lang)))
    later = next((later for later in steps[index + 1:] if later.took_over), None)
    if later is None:
        return ""
    reasons = explain_step(later, trick)
    named = [reason for reason in reasons
             if f"{seat}'s" in reason.text and " beats " in reason.text]
    return _sentence(plain((named or [reasons[-1]])[0].in_language(lang)))


def _why_legal(puzzle: Puzzle, lang: str) -> str:
    """The rule that decides: the refusal (or who drew what), or that nothing forbids it."""
    assert puzzle.play is not None
    refusal = puzzle._refusal
    if refusal is not None:
        drawn = _draw_reasons(puzzle)
        if drawn:
            return _sentence(plain(drawn[0].in_language(lang)))
        return Message("{play} is not allowed: {refusal}.", play=puzzle.play,
                       refusal=plain(_refusal_said(refusal).text(lang))).text(lang)
    nothing = Message("Nothing forbids {play} here.", play=puzzle.play).text(lang)
    at_stake = next((rule_title(rule, lang) for rule in puzzle.hint_rules
                     if rule in RULE_TITLES), "")
    if not at_stake:
        return nothing
    return f"{nothing} " + Message("The rule at stake: {title}", title=at_stake).text(lang)


def _why_points(puzzle: Puzzle, given: int, right: int, lang: str) -> str:
    """The gains the learner missed or added, in the engine's words."""
    scoring = [plain(reason.in_language(lang)) for reason in _replay_reasons(puzzle)
               if re.search(r"[+-]\d|Hand over|Worms bonus|scores nothing|ordinary high cards|"
                            r"kam", reason.text)]
    side = side_called(puzzle.side)
    if not scoring:
        said = (Message("{side} score more than {given}.", side=side, given=given)
                if given < right else
                Message("{side} score less than {given}.", side=side, given=given))
        return said.text(lang)
    gains = "; ".join(scoring)
    said = (Message("{side} score more than {given}: {gains}.", side=side, given=given,
                    gains=gains) if given < right else
            Message("{side} score less than {given}: {gains}.", side=side, given=given,
                    gains=gains))
    return said.text(lang)


def _why_play(puzzle: Puzzle, text: str, choice: Choice, reasons: Sequence[Reason],
              lang: str) -> str:
    """What the others then do to this play, and what it costs."""
    assert puzzle.goal is not None
    seat = choice.play.seat
    first_trick = explain_record(choice.line.records[0], puzzle.rules.players) \
        if choice.line.records else reasons
    mine = [index for index, reason in enumerate(first_trick)
            if reason.text.startswith((f"{seat}'s ", f"{seat} leads "))]
    own = [first_trick[index] for index in mine]
    # what happens from this play on; the cards laid before it only set the scene
    beaten = [reason for reason in first_trick[mine[0] if mine else 0:]
              if " beats " in reason.text and " takes over" not in reason.text]
    side = side_of(seat)
    by_opponents = [reason for reason in beaten
                    if side_of(reason.text.split("'s ", 1)[0]) != side]
    fails = [reason for reason in own if "does not beat" in reason.text
             or "cannot" in reason.text]
    decisive: Reason | None
    if own and ": a led" in own[0].text:
        decisive = own[0]  # led where it is powerless
    elif by_opponents:
        decisive = by_opponents[-1]
    elif fails:
        decisive = fails[0]
    else:
        decisive = beaten[-1] if beaten else None
    cost: Message
    if puzzle.goal.is_yes_no:
        cost = Message("the goal ({goal}) is missed",
                       goal=plain(puzzle.goal.describe(puzzle.side, lang)))
    else:
        cost = Message("{side} end {value} net, the best play gives {best}",
                       side=side_called(puzzle.side), value=_net(choice.value),
                       best=_net(puzzle._best_value))
    if decisive is None:
        return Message("After {answer}, {cost}.", answer=text, cost=cost).text(lang)
    return Message("After {answer}, {decisive}: {cost}.", answer=text,
                   decisive=plain(decisive.in_language(lang)), cost=cost).text(lang)


def _check_allowed(puzzle: Puzzle, answer: Any, lang: str) -> Verdict:
    """Judge a choice of plays: each wrong choice is named with the engine's reason."""
    text = puzzle.canonical(answer)
    chosen = set(text.split(" | ")) if text != "none" else set()
    wrong: list[Reason] = []
    for play in puzzle.plays:
        refusal = puzzle.state.check(play)
        name = _play_words(play)
        if _play_text(play) in chosen and refusal is not None:
            # "The hand is over" reads small within the sentence; a seat or a card does not
            lower = refusal.message[1:2].islower()
            wrong.append(Reason(Message("{play} is not allowed: {refusal}", play=name,
                                        refusal=Clause(refusal.said, lower)), (refusal.rule,)))
        elif _play_text(play) not in chosen and refusal is None:
            wrong.append(Reason(Message("{play} is allowed too: no rule forbids it here",
                                        play=name), ()))
    reasons = puzzle._solution_reasons
    named_plays = [_play_words(play) for play in puzzle._allowed]
    allowed = joined(named_plays) if named_plays else Message("none of them")
    if not wrong:
        return Verdict(True, text, Message("Correct: allowed are {plays}.",
                                           plays=allowed).text(lang), reasons)
    named = " ".join(_sentence(plain(reason.in_language(lang))) for reason in wrong)
    return Verdict(False, text, Message("Not quite. Allowed are {plays}.",
                                        plays=allowed).text(lang),
                   (*wrong, *reasons), withheld=Message("Not quite.").text(lang), why=named)


def _check_choose_all(puzzle: Puzzle, answer: Any, lang: str) -> Verdict:
    """Judge a choice among the legal plays: each wrong tick or missed play is named with what
    the best replies then do."""
    text = puzzle.canonical(answer)
    chosen = set(text.split(" | ")) if text != "none" else set()
    wrong: list[Reason] = []
    for choice in puzzle._choices:
        name, reaches = _play_words(choice.play), puzzle._reaches(choice)
        if (_play_text(choice.play) in chosen) != reaches:
            replies = _replies_said(choice.replies)
            wrong.append(Reason(
                Message("{play} does it too, whatever the others play ({replies})", play=name,
                        replies=replies) if reaches else
                Message("{play} does not do it: then the others play ({replies})", play=name,
                        replies=replies), ()))
    right = joined([_play_words(c.play) for c in puzzle._choices if puzzle._reaches(c)])
    reasons = puzzle._solution_reasons
    if not wrong:
        return Verdict(True, text, Message("Correct: {plays}.", plays=right).text(lang),
                       reasons)
    named = " ".join(_sentence(plain(reason.in_language(lang))) for reason in wrong)
    return Verdict(False, text, Message("Not quite. The plays that do it: {plays}.",
                                        plays=right).text(lang),
                   (*wrong, *reasons), withheld=Message("Not quite.").text(lang), why=named)


_CHECKERS = {
    "play": _check_play,
    "placement": _check_play,
    "winner": _check_fact,
    "legal": _check_fact,
    "points": _check_fact,
    "table": _check_fact,
    "allowed": _check_allowed,
    "choose_all": _check_choose_all,
    "hand_score": hand_score.check,
    "spot_illegal": spot_illegal.check,
    "plan": plan.check,
}


# -- hint ladders -----------------------------------------------------------------------------


def _answer_words(puzzle: Puzzle, answer: str, lang: str) -> str:
    """A canonical answer as a learner reads it: a table choice or "none" in ``lang``."""
    if puzzle.kind == "table":
        return option_words(answer, lang)
    return Message("none").text(lang) if answer == "none" else answer


def _solution_hint(puzzle: Puzzle, lang: str) -> Hint:
    answers = [_answer_words(puzzle, answer, lang) for answer in puzzle.correct_answers()]
    if puzzle.kind == "plan":
        listed = answers[0]
        for other in answers[1:]:
            listed = Message("{first} or {second}", first=listed, second=other).text(lang)
    else:
        listed = ", ".join(answers)
    reasons = puzzle._solution_reasons
    text = Message("Solution: {answers}.", answers=listed).text(lang) + " " + " ".join(
        _sentence(plain(reason.in_language(lang))) for reason in reasons)
    return Hint(Message("The solution").text(lang), text,
                _unique(rule for reason in reasons for rule in reason.rules))


def _ladder_play(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    legal = list(puzzle._choices)
    legal_text = ", ".join(_play_text(c.play) for c in legal)
    title = (Message("The legal placements") if puzzle.kind == "placement"
             else Message("The legal plays"))
    trick = puzzle.state.trick
    seats = puzzle.rules.seats
    mover = puzzle.state.to_move or puzzle.seat
    start = seats.index(mover)
    still = trick.groups - len(trick.steps) - 1
    after = [seats[(start + offset) % len(seats)] for offset in range(1, still + 1)]
    named = joined([seat_word(seat) for seat in after])
    if len(after) == 1:
        later = Message("After you, {seats} still plays: a card that heads the trick now must "
                        "also stand up to theirs.", seats=named)
    elif after:
        later = Message("After you, {seats} still play: a card that heads the trick now must "
                        "also stand up to theirs.", seats=named)
    else:
        later = Message("You play last: whatever heads the trick after your play takes it.")
    return (
        Hint(title.text(lang), Message("You may play: {plays}.", plays=legal_text).text(lang)),
        Hint(Message("Who plays after you").text(lang), later.text(lang)),
        _solution_hint(puzzle, lang),
    )


def _ladder_winner(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    trick = puzzle.state.trick if puzzle.state.trick.steps else puzzle.replay.records[-1].trick
    lead = explain_step(trick.steps[0], trick)[0]
    return (
        Hint(Message("The lead").text(lang), f"{plain(lead.in_language(lang))}.", lead.rules),
        Hint(Message("What to compare").text(lang),
             Message("Each card is compared with the card heading the trick when it is played, "
                     "not with the lead; a card that beats it heads the trick instead.")
             .text(lang)),
        _solution_hint(puzzle, lang),
    )


def _posed_under(puzzle: Puzzle, lang: str) -> str:
    return Message("The puzzle is posed under the {rules}.",
                   rules=puzzle.variant_label(lang)).text(lang)


def _ladder_legal(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    assert puzzle.play is not None
    state = puzzle.state
    mover = state.to_move
    trick = state.trick
    turn: Message
    if not mover:
        turn = Message("Look at the score and the tricks: is anything still being played?")
    elif trick.steps:
        values = {"mover": seat_word(mover), "count": trick.size,
                  "seat": seat_word(puzzle.play.seat), "play": puzzle.play}
        turn = (Message("It is {mover}'s turn; {count} cards each in this trick; {seat} wants "
                        "to play {play}.", **values) if trick.size > 1 else
                Message("It is {mover}'s turn; {count} card each in this trick; {seat} wants "
                        "to play {play}.", **values))
    else:
        turn = Message("It is {mover}'s turn to lead; {seat} wants to play {play}.",
                       mover=seat_word(mover), seat=seat_word(puzzle.play.seat),
                       play=puzzle.play)
    return (
        Hint(Message("The rules in force").text(lang), _posed_under(puzzle, lang)),
        Hint(Message("Whose turn, and what").text(lang), turn.text(lang)),
        _solution_hint(puzzle, lang),
    )


def _ladder_points(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    records = puzzle.replay.records
    winners = joined([Message("trick {number}: {seat}", number=n, seat=seat_word(record.winner))
                      for n, record in enumerate(records, start=1)])
    return (
        Hint(Message("Who won the tricks").text(lang), f"{winners.text(lang)}."),
        Hint(Message("What can score").text(lang),
             Message("Look for a capture of Worms or its taking back (2), Worms brought home "
                     "(1), a king feat in the club's rules (1), and the trick points when the "
                     "hand ends.").text(lang)),
        _solution_hint(puzzle, lang),
    )


def _ladder_table(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    first = puzzle._table.first_step
    return (
        Hint(Message("Where to look").text(lang), _sentence(plain(first.in_language(lang))),
             first.rules),
        Hint(Message("The choices").text(lang),
             Message("Choose from: {options}.",
                     options=", ".join(puzzle.option_words(lang))).text(lang)),
        _solution_hint(puzzle, lang),
    )


def _ladder_allowed(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    count = len(puzzle._allowed)
    how_many = (Message("{count} of the {listed} listed plays is allowed.", count=count,
                        listed=len(puzzle.plays)) if count == 1 else
                Message("{count} of the {listed} listed plays are allowed.", count=count,
                        listed=len(puzzle.plays)))
    judge = Message("Judge each play on its own: how many cards were led, the suit, the rank, "
                    "who has played.")
    return (
        Hint(Message("The rules in force").text(lang),
             f"{_posed_under(puzzle, lang)} {judge.text(lang)}"),
        Hint(Message("How many").text(lang), how_many.text(lang)),
        _solution_hint(puzzle, lang),
    )


def _ladder_hand_score(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    return (*hand_score.ladder(puzzle, lang), _solution_hint(puzzle, lang))


def _ladder_spot_illegal(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    return (*spot_illegal.ladder(puzzle, lang), _solution_hint(puzzle, lang))


def _ladder_plan(puzzle: Puzzle, lang: str) -> tuple[Hint, ...]:
    return (*plan.ladder(puzzle, lang), _solution_hint(puzzle, lang))


_LADDERS = {
    "play": _ladder_play,
    "placement": _ladder_play,
    "winner": _ladder_winner,
    "legal": _ladder_legal,
    "points": _ladder_points,
    "table": _ladder_table,
    "allowed": _ladder_allowed,
    "choose_all": _ladder_play,
    "hand_score": _ladder_hand_score,
    "spot_illegal": _ladder_spot_illegal,
    "plan": _ladder_plan,
}

class _KindModule(Protocol):
    """What a kind kept in a module of its own provides (``hand_score``, ``plan`` …)."""

    def validate(self, puzzle: Puzzle) -> str | Message: ...
    def solution(self, puzzle: Puzzle) -> tuple[str, ...]: ...
    def solution_reasons(self, puzzle: Puzzle) -> tuple[Reason, ...]: ...


_KIND_MODULES: dict[str, _KindModule] = {
    "hand_score": hand_score, "spot_illegal": spot_illegal, "plan": plan,
}
"""The kinds that live in a module of their own (one concept each), by name."""
