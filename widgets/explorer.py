"""Explorer: put any cards anywhere, then see every legal play and its outcome, under one
rulebook or two side by side, with the solver's verdict once every card is known.

Also: the position as a short code and a link (``?position=CODE`` opens it), a generator of
teaching examples, and the step-by-step replay of a saved hand. Every verdict comes from the
engine (``worms_tutor.analysis.explore``, ``solver``, ``codes``); anything typed, uploaded or
arriving in a link is untrusted: errors become a plain-text message, never markup or a traceback.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.analysis.explore import (
    DIFFERENCE_WORDS,
    Comparison,
    Example,
    Outcome,
    compare,
    find_examples,
    outcomes,
)
from worms_tutor.analysis.solver import SolverError, evaluate_plays
from worms_tutor.analysis.verdict import symbols
from worms_tutor.formats.codes import PositionCodeError, decode, encode
from worms_tutor.formats.field_names import field_in_words
from worms_tutor.formats.positions import split_plays
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.presentation.display import text_html
from worms_tutor.values.cards import PACK
from worms_tutor.values.errors import ScenarioError, WormsError
from worms_tutor.values.language import seat as seat_word
from worms_tutor.values.play import Play
from worms_tutor.values.rulebook import RULE_TITLES
from worms_tutor.values.rules import PRESETS, SEATS_BY_PLAYERS, Rules
from worms_tutor.values.seating import sides

from .card_palette import CardPalette
from .language import N_, current, said_as, say, seat_mark
from .page_query import PageQuery, page_query, query_value
from .page_widgets import layout_hidden
from .table import Frame, TrickTable, table_html

log = logging.getLogger("worms_tutor.widgets")

SEATS = ("N", "E", "S", "W", "A", "B", "C")
PLACES = (*SEATS, "stock", "played")
PLACE_LABELS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West"),
                "A": N_("Player A"), "B": N_("Player B"), "C": N_("Player C"),
                "stock": N_("Stock (top first)"), "played": N_("Played earlier")}
PALETTE_LABELS = {"stock": N_("Stock")}
"""A place's shorter name in the card palette."""
PLAYER_CHOICES = ((N_("4, two partnerships"), 4), (N_("3, each for himself"), 3), ("2", 2))
SCORE_LABELS = {"NS": N_("Score N–S"), "EW": N_("E–W"), "A": N_("Score A"), "B": "B", "C": "C"}
NO_SECOND = "(none)"
FULL_LABEL = {"description_width": "initial"}


def _second_choices() -> list[tuple[str, str]]:
    """The rulebooks to compare with, "(none)" first, worded for this page."""
    return [(say(NO_SECOND), NO_SECOND), *((name, name) for name in PRESETS)]
"""Labels as wide as their words (the default width cuts "Switches" to "Switc…")."""
MAX_UPLOAD = 200_000
GENERATOR_SECONDS = 3.0


def _message(kind: str, text: str) -> str:
    """A message box; ``text`` is plain text and is escaped here."""
    colours = {"note": "#eef4fb", "error": "#fdecea", "ok": "#e8f5e9"}
    return (f'<div class="wt-explorer-{kind}" role="status" style="background:{colours[kind]};'
            f'padding:6px 10px;border-radius:8px;margin:4px 0">{escape(text)}</div>')


def query_position(query: str | None = None) -> str | None:
    """The ``position`` parameter of a page's query string (percent-decoded), if any."""
    return query_value("position", query)


def query_compare(query: str | None = None) -> str | None:
    """The ``compare`` parameter of a page's query string: the rulebook to compare with."""
    return query_value("compare", query)




def read_scenario(text: str) -> Scenario:
    """A scenario from a file's text (JSON) or a position code; ``WormsError`` otherwise."""
    text = text.strip()
    if text.startswith("{"):
        return Scenario.from_text(text)
    return decode(text)


class Explorer(ipywidgets.VBox):  # type: ignore[misc]
    """The position editor and what the engine says about the position."""

    def __init__(self, **kwargs: Any) -> None:
        wide = ipywidgets.Layout(width="auto")
        self.scenario: Scenario | None = None
        self.examples: list[Example] = []
        labels = {place: say(PLACE_LABELS[place]) for place in PLACES}
        label_width = _label_width([*labels.values(), say("Plays made")])
        self.places = {
            place: ipywidgets.Text(description=labels[place], placeholder=say("e.g. KH 9C"),
                                   layout=ipywidgets.Layout(width=f"{label_width + 15}em"),
                                   style={"description_width": f"{label_width}em"})
            for place in PLACES
        }
        for place, box in self.places.items():
            box.add_class(f"wt-explorer-place-{place}")
        self.plays = ipywidgets.Text(description=say("Plays made"),
                                     placeholder=say("e.g. N: 7H E: KH"),
                                     layout=ipywidgets.Layout(width=f"{label_width + 27}em"),
                                     style={"description_width": f"{label_width}em"})
        self.plays.add_class("wt-explorer-plays")
        self.players = ipywidgets.Dropdown(options=[(say(label), count)
                                                    for label, count in PLAYER_CHOICES],
                                           value=4, description=say("Players"), layout=wide,
                                           style=FULL_LABEL)
        self.palette = CardPalette(self._place_names())
        self.palette.add_class("wt-explorer-palette")
        self.palette.on_card(self._place_card)
        for box in self.places.values():
            box.observe(lambda _change: self._show_free(), names="value")
        self.leader = ipywidgets.Dropdown(options=_seat_choices(SEATS[:4]), value="N",
                                          description=say("Leader"), layout=wide,
                                          style=FULL_LABEL)
        self.scores = {
            side: ipywidgets.BoundedIntText(
                value=0, min=0, max=99, description=say(label), style=FULL_LABEL,
                layout=ipywidgets.Layout(width="12em" if label.startswith("Score") else "9em"))
            for side, label in SCORE_LABELS.items()
        }
        self.preset = ipywidgets.Dropdown(options=list(PRESETS), value="english",
                                          description=say("Rules"), layout=wide,
                                          style=FULL_LABEL)
        self.switches = ipywidgets.Text(description=say("Switches"),
                                        placeholder=say("e.g. S9=declared"),
                                        layout=wide, style=FULL_LABEL)
        self.first_lead = ipywidgets.Checkbox(value=False,
                                              description=say("first lead of the match"),
                                              indent=False, layout=wide)
        self.second = ipywidgets.Dropdown(options=_second_choices(), value=NO_SECOND,
                                          description=say("Compare with"), layout=wide,
                                          style=FULL_LABEL)
        self.show_button = ipywidgets.Button(description=say("Show the plays"),
                                             button_style="primary", layout=wide)
        self.random_button = ipywidgets.Button(description=say("Deal at random"), layout=wide)
        self.clear_button = ipywidgets.Button(description=say("Clear"), layout=wide)
        self.message = ipywidgets.HTML()
        self.message.add_class("wt-explorer-message")
        self.link_message = ipywidgets.HTML()
        """What became of a position link: above the editor, where a learner looks first."""
        self.link_message.add_class("wt-explorer-link-message")
        for name, control in (("players", self.players), ("leader", self.leader),
                              ("preset", self.preset), ("second", self.second)):
            control.add_class(f"wt-explorer-{name}")
        self.free = ipywidgets.HTML()
        self.free.add_class("wt-explorer-free")
        self.result = ipywidgets.HTML()
        self.result.add_class("wt-explorer-result")
        self.code = ipywidgets.HTML()
        self.code.add_class("wt-explorer-code")
        for button, name, action in ((self.show_button, "show", self.show),
                                     (self.random_button, "random", self.deal_random),
                                     (self.clear_button, "clear", self.clear)):
            button.add_class(f"wt-explorer-{name}")
            button.on_click(self._safely(action))
        row = ipywidgets.Layout(flex_flow="row wrap", grid_gap="6px")
        hands = ipywidgets.VBox([self.palette] + [self.places[p] for p in PLACES] + [self.plays])
        settings = ipywidgets.HBox([self.players, self.leader, *self.scores.values(),
                                    self.first_lead], layout=row)
        rules = ipywidgets.HBox([self.preset, self.switches, self.second], layout=row)
        actions = ipywidgets.HBox([self.show_button, self.random_button, self.clear_button],
                                  layout=row)
        super().__init__(children=[self.link_message, hands, self.free, settings, rules,
                                   actions, self.message, self.code, self.result], **kwargs)
        self.add_class("wt-explorer")
        self.generator = Generator(self)
        self.replayer = Replayer(self)
        self.players.observe(lambda _change: self._arrange(), names="value")
        self._arrange()

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_query(cls, query: str | None = None, **kwargs: Any) -> Explorer:
        """An explorer opened on ``?position=CODE`` of the page, if given.

        Voilà gives the query as ``QUERY_STRING``; where it does not (the static edition,
        Python in the browser), the page's ``PageQuery`` sends the browser's own address once
        the page is shown, and the explorer opens the position then."""
        explorer = cls(**kwargs)
        if query is None:
            query = page_query()
            listener = PageQuery(layout=layout_hidden())

            def heard(event: dict[str, Any]) -> None:
                if event["new"] and event["new"] != query and explorer.scenario is None:
                    explorer._open_query(event["new"])

            listener.observe(heard, names="query")
            explorer.children = (*explorer.children, listener)
        explorer._open_query(query)
        return explorer

    def _open_query(self, query: str) -> None:
        """Open the position and the rulebook to compare with that ``query`` names."""
        explorer = self
        try:
            code, second = query_position(query), query_compare(query)
        except Exception:  # a hostile query string must not stop the page
            log.exception("unreadable query string")
            code, second = "", None
        known = second in PRESETS
        if known:
            explorer.second.value = second
        if code is not None and explorer.load_code(code) and second is not None and not known:
            explorer.link_message.value = _message(
                "error", say("Position opened from the link, but it asks to compare with "
                             "{name}, which is not a rulebook here: choose one under Compare "
                             "with.", name=repr(second[:40])))

    def load_code(self, code: str) -> bool:
        """Open the position in ``code``; a bad code leaves an empty editor and a message."""
        try:
            scenario = decode(code)
        except PositionCodeError as error:
            self.clear()
            self.link_message.value = _message(
                "error", say("The link's position could not be opened. {problem} The editor is "
                             "empty.", problem=error.in_language(current())))
            return False
        except Exception:
            log.exception("position code")
            self.clear()
            self.link_message.value = _message(
                "error", say("The link's position could not be opened. The editor is empty."))
            return False
        self.load(scenario)
        self.link_message.value = _message("ok", say("Position opened from the link."))
        return True

    def load(self, scenario: Scenario) -> None:
        """Fill the editor with ``scenario`` and show its plays."""
        self.players.value = scenario.rules.players
        for seat in SEATS:
            self.places[seat].value = ""
        for seat, cards in scenario.hands:
            self.places[seat].value = " ".join(map(str, cards))
        self.places["stock"].value = " ".join(map(str, scenario.stock))
        self.places["played"].value = " ".join(map(str, scenario.played))
        self.plays.value = " ".join(str(p) for p in scenario.plays)
        self.leader.value = scenario.leader
        score = dict(scenario.score)
        for side, box in self.scores.items():
            box.value = score.get(side, 0)
        self.preset.value = scenario.rules.variant
        # the player count has its own control; the other switches are typed
        self.switches.value = ",".join(part for part in str(scenario.rules).split(",")[1:]
                                       if not part.startswith("S1="))
        self.first_lead.value = scenario.first_lead_of_match
        self.message.value = ""
        self.show()
        if scenario.plays:
            self.replayer.replay(scenario)

    # -- the learner's actions -----------------------------------------------------------

    def clear(self) -> None:
        """An empty editor (no cards anywhere, default settings)."""
        for box in (*self.places.values(), self.plays, self.switches):
            box.value = ""
        self.leader.value = SEATS_BY_PLAYERS[self.players.value][0]
        for box in self.scores.values():
            box.value = 0
        self.first_lead.value = False
        self.scenario = None
        self.result.value = self.code.value = self.message.value = ""
        self._show_free()

    def deal_random(self) -> None:
        """A random position a few tricks into a hand, dealt and played by the engine."""
        rng = random.Random()
        state = Match.new(self.rules(), rng.randrange(1 << 30)).hand
        for _ in range(rng.randrange(0, 12)):
            legal = state.legal_plays()
            if not legal:
                break
            nxt = state.play(rng.choice(legal))
            if nxt.to_move is None:
                break
            state = nxt
        from worms_tutor.formats.records import record_state

        self.load(record_state(state))

    def rules(self) -> Rules:
        """The rulebook chosen in the editor (preset, switches, and the number of players)."""
        switches = self.switches.value.strip().strip(",")
        rules = Rules.parse(f"{self.preset.value},{switches}" if switches else self.preset.value)
        if rules.players == self.players.value:
            return rules
        return rules.with_overrides({"S1": self.players.value})

    def scenario_from_editor(self) -> Scenario:
        """The editor's position as a validated scenario (``WormsError`` naming the field)."""
        rules = self.rules()
        text = self.plays.value.strip()
        data: dict[str, Any] = {
            "variant": rules.variant,
            "rules": rules.overrides(),
            "score": {side: self.scores[side].value for side in sides(rules.players)},
            "hands": {seat: self.places[seat].value for seat in rules.seats},
            "stock": self.places["stock"].value,
            "played": self.places["played"].value,
            "first_lead_of_match": bool(self.first_lead.value),
            "leader": self.leader.value,
            "plays": split_plays(text) if text else [],
        }
        return Scenario.from_json(data)

    def show(self) -> None:
        """Validate the editor, then show the position, its plays, the code and the link."""
        self._show_free()
        scenario = self.scenario_from_editor()
        self.scenario = scenario
        code = encode(scenario)
        link = f"?position={code}"
        if self.second.value != NO_SECOND:
            link += f"&compare={quote(self.second.value)}"
        self.code.value = (
            f'<div class="wt-explorer-code__box" style="margin:6px 0">{say("Position code:")} '
            f'<code class="wt-explorer-code__text" style="word-break:break-all">{code}</code>'
            ' · <a class="wt-explorer-link" style="color:#0b3d91;text-decoration:underline" '
            f'href="{escape(link)}" target="_blank">'
            f'{say("link to this position")}</a> {say("(copy it to share)")}</div>')
        replay = scenario.replay()
        parts = []
        if replay.illegal is not None:
            refusal = replay.illegal.refusal
            parts.append(_message("error", say(
                "Play {number} is not allowed: {refusal} ({rule}). The position below is "
                "before it.", number=replay.illegal.index + 1,
                refusal=refusal.message_in(current()), rule=refusal.rule)))
        state = replay.final
        parts.append(position_html(state))
        second = (None if self.second.value == NO_SECOND
                  else Rules.preset(self.second.value, {"S1": state.rules.players}))
        if state.to_move is None:
            parts.append(_message("note", say("The hand is over: there is nothing left to "
                                              "play.")))
        elif second is None:
            parts.append(outcomes_html(state))
        else:
            parts.append(comparison_html(compare(_replace_plays(scenario, replay), state.rules,
                                                 second, current())))
        self.result.value = "".join(parts)
        self.message.value = ""

    # -- internals ---------------------------------------------------------------------

    def _arrange(self) -> None:
        """Show the seats, leader choices and scores of the chosen number of players."""
        seats = SEATS_BY_PLAYERS[self.players.value]
        for seat in SEATS:
            self.places[seat].layout.display = None if seat in seats else "none"
        # keeps the leader if still seated, else the first seat
        self.leader.options = _seat_choices(seats)
        self.palette.set_places(self._place_names())
        scoring = sides(self.players.value)
        for side, box in self.scores.items():
            box.layout.display = None if side in scoring else "none"
        self._show_free()

    def _active_places(self) -> list[str]:
        return [*SEATS_BY_PLAYERS[self.players.value], "stock", "played"]

    def _place_names(self) -> list[tuple[str, str]]:
        return [(place, say(PALETTE_LABELS.get(place, PLACE_LABELS[place])))
                for place in self._active_places()]

    def _codes(self, place: str) -> list[str]:
        text: str = self.places[place].value
        return text.upper().replace(",", " ").split()

    def _place_card(self, code: str) -> None:
        """A card clicked in the palette: taken out of the place it is in, or else put at the
        end of the chosen place (the top of the stock comes first)."""
        for place in self._active_places():
            codes = self._codes(place)
            if code in codes:
                self.places[place].value = " ".join(c for c in codes if c != code)
                return
        target = self.palette.target
        if target in self.places:
            self.places[target].value = " ".join([*self._codes(target), code])

    def _show_free(self) -> None:
        where = {code: place for place in self._active_places() for code in self._codes(place)}
        self.palette.show_used(where)
        used = set(where)
        free = [card.symbol_code for card in PACK if str(card) not in used]
        self.free.value = (
            '<div style="font-size:0.9em;color:#333;margin:4px 0">'
            f"{say('Cards not placed yet ({count}):', count=len(free))} "
            f"{escape(' '.join(free)) or say('none')}</div>")

    def _safely(self, action: Callable[[], None]) -> Callable[[Any], None]:
        return safely(action, self.message)


def safely(action: Callable[[], None], message: Any) -> Callable[[Any], None]:
    """A button handler that turns any failure into a plain-text message in ``message``."""

    def run(_button: Any) -> None:
        try:
            action()
        except ScenarioError as error:
            where = field_in_words(error.field, current())
            problem = error.in_language(current()).removeprefix(f"{error.field}: ")
            message.value = _message("error", say(
                "Please check the position: {where}: {problem}", where=where, problem=problem)
                if where else say("Please check the position: {problem}", problem=problem))
        except WormsError as error:
            message.value = _message("error", say("Please check the position: {problem}",
                                                  problem=error.in_language(current())))
        except Exception as error:  # a dead widget is worse than a message
            log.exception("Explorer action failed")
            message.value = _message("error", say("Something went wrong ({problem}).",
                                                  problem=type(error).__name__))

    return run


def _replace_plays(scenario: Scenario, replay: Any) -> Scenario:
    """The scenario cut before its first illegal play, if any."""
    if replay.illegal is None:
        return scenario
    from dataclasses import replace

    return replace(scenario, plays=scenario.plays[: replay.illegal.index])


# -- rendering -------------------------------------------------------------------------------


def position_html(state: HandState) -> str:
    """The table with every hand open, and who is to move."""
    frame = Frame(state.trick, state.rules.players, "", (), state.hands)
    who = (say("{seat} to play", seat=seat_word(state.to_move)) if state.to_move
           else say("hand over"))
    facts = say("stock {count} · rules {rules}", count=len(state.stock), rules=str(state.rules))
    return (f'<div class="wt-explorer-position" style="margin:6px 0"><b>{escape(who)}</b> · '
            f"{escape(facts)}"
            f"{table_html(frame, show_hands='open')}</div>")


def _reasons(outcome: Outcome) -> str:
    """An outcome's reasons (or its refusal), their cards in symbols."""
    if not outcome.legal:
        return text_html(f"{outcome.message} ({outcome.rule})", current())
    return "<br>".join(text_html(text, current()) for text in outcome.reasons)


def outcomes_html(state: HandState) -> str:
    """Every legal play with its outcome and reasons; the solver's value when all is known."""
    found = outcomes(state, current())
    values: dict[Play, str] = {}
    best: set[Play] = set()
    note = ""
    if not state.stock:
        try:
            evaluated = evaluate_plays(state)
            top = max(item.value for item in evaluated)
            values = {item.play: item.value.in_words(current()) for item in evaluated}
            best = {item.play for item in evaluated if item.value == top}
        except SolverError as error:
            note = say("No solver verdict: {problem}", problem=error.in_language(current()))
    else:
        note = say("The solver answers once the stock is empty (every card known).")
    rows = []
    for item in found:
        mark = " ★ " + say("best") if item.play in best else ""
        solver = f"<td>{escape(values.get(item.play, ''))}{mark}</td>" if values else ""
        rows.append(f'<tr class="wt-explorer-row"><td><b>{escape(symbols(item.play))}</b></td>'
                    f"<td>{escape(item.summary)}</td>{solver}"
                    f'<td style="font-size:0.9em">{_reasons(item)}</td></tr>')
    solver_head = say("Solver (for the mover's side)")
    head = (f"<th>{said_as('move', 'Play')}</th><th>{say('Outcome')}</th>"
            + (f"<th>{escape(solver_head)}</th>" if values else "")
            + f"<th>{say('Why')}</th>")
    return (f'<div class="wt-explorer-plays-table">{_message("note", note) if note else ""}'
            f'<table style="border-collapse:collapse" border="1" cellpadding="4">'
            f"<tr>{head}</tr>{''.join(rows)}</table></div>")


def comparison_html(comparison: Comparison) -> str:
    """The plays under two rulebooks side by side, every difference highlighted."""
    if comparison.problem:
        return _message("note", say("The rulebooks part before this position: {problem}",
                                    problem=comparison.problem))
    first, second = comparison.first.variant, comparison.second.variant
    rows = []
    for row in comparison.rows:
        diff = set(row.differences)
        style = ' style="background:#ffe0b2;font-weight:bold"' if diff else ""
        tag = (" ≠ " + ", ".join(DIFFERENCE_WORDS[kind].text(current()) for kind in sorted(diff))
               if diff else "")
        rows.append(
            f'<tr class="wt-explorer-row{" wt-diff" if diff else ""}"><td>'
            f"<b>{escape(symbols(row.play))}</b>{escape(tag)}</td>"
            f"<td{style}>{escape(row.first.summary)}</td>"
            f"<td{style}>{escape(row.second.summary)}</td>"
            f'<td style="font-size:0.85em">{_reasons(row.first)}</td>'
            f'<td style="font-size:0.85em">{_reasons(row.second)}</td></tr>')
    count = sum(1 for row in comparison.rows if row.differences)
    summary = (say("{count} of {total} plays differ", count=count, total=len(comparison.rows))
               if count else say("No difference between the two rulebooks here"))
    return (f'<div class="wt-explorer-compare"><b>{escape(summary)}</b>'
            f'<table style="border-collapse:collapse" border="1" cellpadding="4"><tr>'
            f"<th>{said_as('move', 'Play')}</th><th>{escape(first)}</th><th>{escape(second)}</th>"
            f"<th>{say('Why ({rulebook})', rulebook=escape(first))}</th>"
            f"<th>{say('Why ({rulebook})', rulebook=escape(second))}</th></tr>"
            f"{''.join(rows)}</table></div>")


# -- the teachers' generator ------------------------------------------------------------------

_RULE_ID = re.compile(r"^[A-Z]{1,2}\d{1,2}(\.\d{1,2})?$")


class Generator(ipywidgets.VBox):  # type: ignore[misc]
    """Finds positions where two rulebooks disagree, or where a named rule applies."""

    def __init__(self, explorer: Explorer) -> None:
        wide = ipywidgets.Layout(width="auto")
        self.explorer = explorer
        self.first = ipywidgets.Dropdown(options=list(PRESETS), value="english",
                                         description=say("Rules"), layout=wide,
                                         style=FULL_LABEL)
        self.second = ipywidgets.Dropdown(options=_second_choices(), value="danish-club",
                                          description=say("differ from"), layout=wide,
                                          style=FULL_LABEL)
        self.rule = ipywidgets.Text(description=say("rule id"),
                                    placeholder=say("e.g. F2, O1, R3.1"),
                                    layout=ipywidgets.Layout(width="17em"), style=FULL_LABEL)
        self.seed = ipywidgets.BoundedIntText(value=1, min=0, max=10**6, description=say("seed"),
                                              layout=ipywidgets.Layout(width="10em"),
                                              style=FULL_LABEL)
        self.find_button = ipywidgets.Button(description=say("Find examples"), layout=wide)
        self.found = ipywidgets.Dropdown(options=[], description=say("Examples"), layout=wide,
                                         style=FULL_LABEL)
        self.load_button = ipywidgets.Button(description=say("Open in the editor"),
                                             layout=wide)
        self.message = ipywidgets.HTML()
        self.message.add_class("wt-generator-message")
        self.find_button.add_class("wt-generator-find")
        self.load_button.add_class("wt-generator-load")
        self.find_button.on_click(safely(self.find, self.message))
        self.load_button.on_click(safely(self.open_example, self.message))
        row = ipywidgets.Layout(flex_flow="row wrap", grid_gap="6px")
        super().__init__(children=[
            ipywidgets.HBox([self.first, self.second, self.rule, self.seed, self.find_button],
                            layout=row),
            ipywidgets.HBox([self.found, self.load_button], layout=row),
            self.message,
        ])
        self.add_class("wt-generator")

    def find(self) -> None:
        """Search for a few seconds; the examples found fill the list."""
        rule = self.rule.value.strip().upper()
        if rule and (not _RULE_ID.match(rule) or rule not in RULE_TITLES):
            self.message.value = _message(
                "error", say("That is not a rule id of the rulebook; try F2, O1 or R3.1."))
            return
        second = None if self.second.value == NO_SECOND else Rules.preset(self.second.value)
        if second is None and not rule:
            self.message.value = _message("note", say("Choose a second rulebook or a rule id."))
            return
        self.message.value = _message("note", say("Searching…"))
        self.examples = list(find_examples(
            Rules.preset(self.first.value), second, rule, seed=self.seed.value,
            seconds=GENERATOR_SECONDS, limit=8))
        self.found.options = [(f"{i + 1}. {example.why.text(current())}", i)
                              for i, example in enumerate(self.examples)]
        self.found.value = 0 if self.examples else None
        self.message.value = _message(
            "ok" if self.examples else "note",
            say("{count} examples found.", count=len(self.examples)) if self.examples
            else say("Nothing found in the time allowed; try another seed."))

    def open_example(self) -> None:
        """Put the chosen example in the editor, compared with the second rulebook."""
        if self.found.value is None:
            self.message.value = _message("note", say("Find examples first."))
            return
        example = self.examples[self.found.value]
        if self.second.value != NO_SECOND:
            self.explorer.second.value = self.second.value
        self.explorer.load(example.scenario)
        self.message.value = _message("ok", say("Opened: {example}.", example=example.why))


# -- replay of a saved hand -------------------------------------------------------------------


class Replayer(ipywidgets.VBox):  # type: ignore[misc]
    """A saved hand (scenario file, pasted JSON or a code) replayed step by step."""

    def __init__(self, explorer: Explorer) -> None:
        wide = ipywidgets.Layout(width="auto")
        self.explorer = explorer
        self.upload = ipywidgets.FileUpload(accept=".json", multiple=False,
                                            description=say("Upload a hand file"),
                                            layout=wide)
        self.paste = ipywidgets.Textarea(placeholder=say("…or paste a scenario file or a "
                                                         "position code here"),
                                         layout=ipywidgets.Layout(width="36em"))
        self.replay_button = ipywidgets.Button(description=say("Replay"), layout=wide)
        self.replay_button.add_class("wt-replay-button")
        self.message = ipywidgets.HTML()
        self.message.add_class("wt-replay-message")
        self.table_box = ipywidgets.VBox()
        self.table: TrickTable | None = None
        self.replay_button.on_click(safely(self.replay_input, self.message))
        self.upload.observe(self._uploaded, names="value")
        super().__init__(children=[
            ipywidgets.HBox([self.upload, self.paste, self.replay_button],
                            layout=ipywidgets.Layout(flex_flow="row wrap", grid_gap="6px")),
            self.message, self.table_box,
        ])
        self.add_class("wt-replayer")

    def replay_input(self) -> None:
        """Replay what is pasted (a scenario file's JSON, or a position code)."""
        text = self.paste.value
        if not text.strip():
            self.message.value = _message("note", say("Paste a scenario file or a code first."))
            return
        self.replay(read_scenario(text))

    def replay(self, scenario: Scenario) -> None:
        """Show ``scenario``'s plays on a TrickTable, from the start, one step per click."""
        table = TrickTable.from_replay(scenario.replay(), start=0, show_hands="open")
        if self.table is not None:
            self.table.close()
        self.table = table
        self.table_box.children = [table]
        count = len(scenario.plays)
        self.message.value = _message(
            "ok", say("Replaying 1 play: use Next and Back to step through them." if count == 1
                      else "Replaying {count} plays: use Next and Back to step through them.",
                      count=count))

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        try:
            files = change["new"]
            if not files:
                return
            content = bytes(files[0]["content"])
            if len(content) > MAX_UPLOAD:
                raise WormsError("that file is too large for a hand record")
            self.replay(read_scenario(content.decode("utf-8")))
        except (WormsError, UnicodeDecodeError) as error:
            problem = error.in_language(current()) if isinstance(error, WormsError) else error
            self.message.value = _message("error", say("That file is not a hand record: {problem}",
                                                       problem=problem))
        except Exception as error:
            log.exception("upload")
            self.message.value = _message(
                "error", say("That file could not be read ({problem}).",
                             problem=type(error).__name__))


def _seat_choices(seats: Sequence[str]) -> list[tuple[str, str]]:
    """Seats to choose from, marked as the page marks them (N in English, Nord in Danish)."""
    return [(seat_mark(seat), seat) for seat in seats]


def _label_width(labels: Sequence[str]) -> int:
    """The width, in em, of a column of labels that shows the longest whole (9em at least:
    "Stock (top first)"; "Bunken (øverste først)" needs 12)."""
    return max(9, round(0.55 * max(len(label) for label in labels)))
