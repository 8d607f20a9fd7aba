"""Scoreboard: each side's points toward the target, drawn as a comb, and what scored.

The Danish club keeps the score on a "kam" (comb): one tooth per point of the target, and a
side's teeth fill as it scores. Trick units of the hand in progress are shown as a cross-stroke
tally (four strokes and a fifth across). Every scoring event is told in the engine's sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.formats.explain import explain_record
from worms_tutor.formats.scenario import Replay, Scenario
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.seating import sides

from .language import current, say, side_named
from .style import replay_or_problem

SCORING_RULES = ("P1", "P2", "P3", "P4", "P5", "R13.1", "R13.2", "R15.2", "R15.4", "R15.1",
                 "R6.5", "R6.13")
"""Rule ids of the engine's reasons that tell a score, or why one was not given."""

SIDE_NAMES = {"NS": "N–S", "EW": "E–W"}
INK = "#0b3d91"
FAINT = "#b8c4d9"


@dataclass(frozen=True)
class ScoreEvent:
    """One thing that scored (or did not) in a trick, told by the engine."""

    trick: int
    rule: str
    text: str


def score_events(state: HandState) -> tuple[ScoreEvent, ...]:
    """The scoring sentences of every completed trick of the hand, in order."""
    players = state.rules.players
    events = []
    for number, record in enumerate(state.records, start=1):
        for reason in explain_record(record, players):
            rule = next((r for r in reason.rules if r in SCORING_RULES), None)
            if rule is not None:
                events.append(ScoreEvent(number, rule, reason.in_language(current())))
    return tuple(events)


def comb_svg(points: int, target: int, label: str) -> str:
    """A comb of ``target`` teeth, the first ``points`` of them drawn in ink."""
    tooth, gap, height = 10, 5, 30
    width = target * (tooth + gap) + gap
    shown = max(0, min(points, target))
    teeth = []
    for index in range(target):
        x = gap + index * (tooth + gap)
        scored = index < shown
        fill = INK if scored else "#ffffff"
        stroke = INK if scored else FAINT
        teeth.append(f'<rect x="{x}" y="8" width="{tooth}" height="{height - 8}" rx="2" '
                     f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-comb" role="img" '
        f'aria-label="{escape(label)}" width="{width}" height="{height + 2}" '
        f'viewBox="0 0 {width} {height + 2}"><title>{escape(label)}</title>'
        f'<rect x="0" y="0" width="{width}" height="8" rx="3" fill="{INK}"/>'
        f'{"".join(teeth)}</svg>'
    )


def tally_svg(units: int, label: str) -> str:
    """Trick units as a cross-stroke tally: groups of four strokes with a fifth across."""
    stroke_gap, group_gap, height = 7, 12, 26
    groups = [5] * (units // 5) + ([units % 5] if units % 5 else [])
    parts = []
    x = 4
    for size in groups:
        start = x
        for _stroke in range(min(size, 4)):
            parts.append(f'<line x1="{x}" y1="3" x2="{x}" y2="{height - 3}"/>')
            x += stroke_gap
        if size == 5:
            parts.append(f'<line x1="{start - 3}" y1="{height - 5}" x2="{x - 4}" y2="5"/>')
        x += group_gap
    width = max(x, 12)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-tally" role="img" '
        f'aria-label="{escape(label)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>{escape(label)}</title>'
        f'<g stroke="#222" stroke-width="2.5" stroke-linecap="round">{"".join(parts)}</g></svg>'
    )


def scoreboard_html(
    score: Mapping[str, int],
    target: int,
    units: Mapping[str, int],
    events: Sequence[ScoreEvent] = (),
    winner: str | None = None,
    kam: bool = False,
) -> str:
    """The scoreboard as HTML: one row per side, then the events of the hand."""
    rows = []
    for side, points in score.items():
        name = _side(side)
        said = say("{side}: {points} of {target} points", side=name, points=points,
                   target=target)
        tricks = units.get(side, 0)
        won = side == winner
        classes = f"wt-score-side wt-score-side--{side}" + (" wt-score-side--won" if won else "")
        rows.append(
            f'<tr class="{classes}">'
            f'<th scope="row" style="text-align:left;padding-right:10px">{escape(name)}</th>'
            f'<td>{comb_svg(points, target, said)}</td>'
            f'<td class="wt-score-points" style="padding:0 12px;font-weight:bold">'
            f"{points} / {target}{' · ' + say('wins') if won else ''}</td>"
            f'<td class="wt-score-tricks">'
            f'{tally_svg(tricks, say("{side}: {count} trick units", side=name, count=tricks))}'
            f'<span style="margin-left:4px">{tricks}</span></td></tr>'
        )
    head = (f'<tr><th></th><th style="text-align:left">{say("Points (the comb)")}</th><th></th>'
            f'<th style="text-align:left">{say("Trick units this hand")}</th></tr>')
    table = (f'<table class="wt-score-table" style="border-collapse:collapse">{head}'
             f'{"".join(rows)}</table>')
    banner = ""
    if winner is not None:
        won_text = say("{side} win the match with a kam: it counts twice." if kam
                       else "{side} win the match.",
                       side=escape(_side(winner)))
        banner = (f'<div class="wt-score-winner" style="font-weight:bold;color:#1b5e20">'
                  f"{won_text}</div>")
    items = "".join(
        f'<li class="wt-score-event wt-score-event--{escape(e.rule)}">'
        f'{say("Trick {number}:", number=e.trick)} '
        f"{escape(e.text, quote=False)}</li>" for e in events
    ) or (f'<li class="wt-score-event wt-score-event--none">'
          f'{say("Nothing scored yet this hand.")}</li>')
    return (
        f'<div class="wt-scoreboard" style="font-family:Helvetica,Arial,sans-serif;color:#111">'
        f'{table}{banner}<ul class="wt-score-events" style="margin:6px 0;padding-left:20px">'
        f"{items}</ul></div>"
    )


def _side(side: str) -> str:
    """A side as the scoreboard names it: N–S in English, by word on a translated page
    (Nord-Syd); a seat playing alone keeps its letter."""
    if side not in SIDE_NAMES:
        return side
    return SIDE_NAMES[side] if current() == "en" else side_named(side)


def state_scoreboard_html(state: HandState) -> str:
    """The scoreboard of ``state`` as HTML, as the ``Scoreboard`` widget shows it."""
    rules = state.rules
    units = {side: state.previous.count(side) for side in sides(rules.players)}
    return scoreboard_html(state.score_map, rules.target, units, score_events(state),
                           state.match_winner, state.kam)


class Scoreboard(ipywidgets.HTML):  # type: ignore[misc]
    """Both sides' points toward the target, trick units this hand, and what scored."""

    def __init__(self, state: HandState | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("wt-scoreboard-widget")
        self.state: HandState | None = None
        if state is not None:
            self.show(state)

    @classmethod
    def from_replay(cls, replay: Replay, **kwargs: Any) -> Scoreboard:
        return cls(replay.final, **kwargs)

    @classmethod
    def from_scenario(
        cls, scenario: Scenario | Mapping[str, Any], **kwargs: Any
    ) -> Scoreboard | ipywidgets.HTML:
        """The score after a scenario's plays; a malformed one gives a message instead."""
        replay = replay_or_problem(scenario, say("This score cannot be shown"),
                                   "wt-scoreboard-problem")
        if isinstance(replay, ipywidgets.HTML):
            return replay
        return cls.from_replay(replay, **kwargs)

    def show(self, state: HandState) -> None:
        """Draw the score of ``state`` (works for 4, 3 and 2 players)."""
        self.state = state
        self.value = state_scoreboard_html(state)
