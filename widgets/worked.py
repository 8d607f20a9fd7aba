"""Worked tricks: plays written in a line, replayed by the engine and drawn with its reasons.

``trick("N: 7H E: 7C S: 8S W: 5D", "danish-club")`` draws the finished trick as a TrickTable
draws it, as plain HTML, with every reason the engine gives under it; ``compare`` shows the
same plays under two rulebooks, ``scoreboard`` the score after them, ``deal`` the hand a match
starts with. Every verdict and every "why" comes from the engine: the position is built by
``scenario_for``, replayed by ``Scenario.replay`` and explained by ``explain``.

Each picture is kept in the drawing cache under its call's arguments, so a page drawn from the
cache neither builds nor replays a scenario: the engine's scenario, replay and explanation
modules are imported only where a picture is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from html import escape
from typing import TYPE_CHECKING, Any

from worms_tutor.values.language import seat as seat_word

from .drawing_cache import drawn
from .fragment import FONT, Fragment, offscreen
from .language import current, say
from .page_widgets import html_style, layout

if TYPE_CHECKING:
    from worms_tutor.formats.scenario import Scenario

    from .table import Frame


def reasons(scenario: Scenario) -> list[str]:
    """Every reason the engine gives for a scenario's plays, in order, an illegal play last."""
    from worms_tutor.formats.explain import explain_record, explain_step

    replay = scenario.replay()
    players = scenario.rules.players
    texts = [reason.text for record in replay.records
             for reason in explain_record(record, players)]
    trick_now = replay.final.trick
    texts += [reason.text for step in trick_now.steps
              for reason in explain_step(step, trick_now)]
    if replay.illegal is not None:
        refusal = replay.illegal.refusal
        texts.append(f"{scenario.plays[replay.illegal.index]} is not allowed: "
                     f"{refusal.message.rstrip('.')} ({refusal.rule})")
    return texts




def _frames(scenario: Scenario) -> tuple[Frame, ...]:
    """The table's frames, the last one carrying every reason of its trick (a worked example
    reads best with the whole story under the finished trick)."""
    from worms_tutor.formats.explain import explain_record

    from .table import frames_from_replay

    replay = scenario.replay()
    frames = list(frames_from_replay(replay))
    if replay.records and replay.illegal is None and not replay.final.trick.steps:
        record = replay.records[-1]
        full = tuple(explain_record(record, scenario.rules.players))
        frames[-1] = replace(frames[-1], reasons=full)
    return tuple(frames)


def _scenario(plays: str | Sequence[str], variant: str, context: dict[str, Any]) -> Scenario:
    from worms_tutor.formats.positions import scenario_for

    return scenario_for(plays, variant, **context)


def _hands_told(scenario: Scenario, told: Any) -> str:
    """The hands a chapter set for its story ("W holds Toqu"), as they were before the trick:
    the table shows only the cards played."""
    lines = []
    for seat, cards in scenario.hands:
        if seat in told:
            symbols = " ".join(card.symbol_code for card in cards)
            held = say("{seat} held {cards}", seat=seat_word(seat), cards=escape(symbols))
            lines.append(f"<li>{held}</li>")
    if not lines:
        return ""
    return ('<ul class="wt-lesson-trick__hands" style="margin:6px 0 2px;font-size:1.1em;'
            f'list-style:none;padding-left:0">{"".join(lines)}</ul>')


class WorkedTrick(Fragment):
    """A worked trick drawn as TrickTable draws it, as plain HTML (no widget to load), from
    ``trick``'s arguments. The picture is cached under those arguments, so that a page drawn
    from the cache neither builds nor replays the scenario."""

    def __init__(self, plays: str | Sequence[str], variant: str, caption: str,
                 context: dict[str, Any]) -> None:
        self._arguments = (plays, variant, context)

        def draw() -> str:
            from .table import step_reason_html, table_html

            scenario = self.scenario
            label = caption or scenario.rules.label(current())
            frame = _frames(scenario)[-1]
            board = table_html(frame, show_hands="none")
            why = step_reason_html(frame.reasons, frame.illegal)
            held = _hands_told(scenario, context.get("hands") or {})
            return (
                f'<div class="wt-lesson-trick" style="{FONT};max-width:820px;margin:8px 0;'
                f'{offscreen(560)}">'
                f'<div class="wt-lesson-trick__rules" style="font-weight:bold;color:#0b3d91;'
                f'font-size:1.15em;margin-bottom:4px">{escape(label)}</div>{board}{held}'
                f'<div class="wt-lesson-trick__why" style="font-size:1.15em;line-height:1.4">'
                f"{why}</div></div>")

        super().__init__(drawn("trick", (plays, variant, caption, context), draw))

    @cached_property
    def scenario(self) -> Scenario:
        """The scenario behind the picture (built when first asked for)."""
        return _scenario(*self._arguments)


def trick(plays: str | Sequence[str], variant: str = "english", *, caption: str = "",
          step: bool = False, **context: Any) -> Any:
    """A worked trick with the engine's reasons:
    ``lesson.trick("N: 7H E: 7C S: 8S W: 5D", "danish-club")``.

    Drawn like a TrickTable, finished, with every reason under it; ``step=True`` gives the
    TrickTable widget itself, to step through play by play. ``context`` takes the scenario
    keys (``hands``, ``played``, ``score``, ``previous``, ``first_lead_of_match``, ``rules``)
    and ``last=True`` for the last trick of a hand.
    """
    if not step:
        return WorkedTrick(plays, variant, caption, context)
    scenario = _scenario(plays, variant, context)
    label = caption or scenario.rules.label(current())
    import ipywidgets  # type: ignore[import-untyped]

    from .table import TrickTable

    head = ipywidgets.HTML(f'<div class="wt-lesson-trick__rules" style="{FONT};font-weight:bold;'
                           f'color:#0b3d91;font-size:1.15em">{escape(label)}</div>')
    table = TrickTable(_frames(scenario), show_hands="none")
    box = ipywidgets.VBox([head, table], layout=ipywidgets.Layout(max_width="820px"))
    box.add_class("wt-lesson-trick")
    box.scenario = scenario
    return box


def compare(plays: str | Sequence[str],
            variants: Sequence[str | tuple[str, dict[str, Any]]] = ("english", "danish-club"),
            **context: Any) -> Fragment:
    """The same plays under two (or more) rulebooks, side by side. A variant is a preset
    name or a pair ``(name, {"S9": "declared"})``."""
    shown = []
    for variant in variants:
        name, overrides = (variant, None) if isinstance(variant, str) else variant
        options = dict(context)
        if overrides:
            options["rules"] = {**options.get("rules", {}), **overrides}
        worked = trick(plays, name, **options)
        shown.append(f'<div style="flex:1 1 400px;min-width:0">{worked.html}</div>')
    return Fragment(f'<div class="wt-lesson-compare" style="display:flex;flex-wrap:wrap;'
                    f'gap:0 18px;align-items:flex-start">{"".join(shown)}</div>')


def scoreboard(plays: str | Sequence[str], variant: str = "english", **context: Any) -> Any:
    """The score after a worked trick's plays, as the Scoreboard widget shows it, e.g.
    ``lesson.scoreboard("N: 5C E: KH S: JC W: KS", "danish-club", score={"NS": 8, "EW": 3})``
    (``context`` as for ``trick``). Its picture is cached under the arguments like a worked
    trick's, so a page drawn from the cache neither replays nor loads the engine. (An HTML
    widget, not plain HTML: the page's own table styles would stripe its rows.)"""
    import ipywidgets

    def draw() -> str:
        from .scoreboard import state_scoreboard_html

        return state_scoreboard_html(_scenario(plays, variant, context).replay().final)

    # drawn as a Scoreboard, without its engine; the class goes into the opening message,
    # and the layout and style are the page's shared ones (fewer models to build)
    return ipywidgets.HTML(drawn("scoreboard", (plays, variant, context), draw),
                           layout=layout(), style=html_style(),
                           _dom_classes=("wt-scoreboard-widget",))


def deal(variant: str = "english", *, seed: int, dealer: str | None = None,
         knock: bool = False) -> Fragment:
    """The hand a match starts with, as the engine deals it from ``seed`` and draws it; with
    ``knock=True`` (the cutter knocked, R8.2) the first trick instead, dealt face up and played
    at once. The drawing is cached like a worked trick's."""

    def draw() -> str:
        from worms_tutor.mechanics.game import Match
        from worms_tutor.presentation.display import record_html, state_html
        from worms_tutor.values.rules import Rules

        hand = Match.new(Rules.preset(variant), seed=seed, dealer=dealer, knock=knock).hand
        lang = current()
        return (record_html(hand.records[0], hand.rules.players, lang=lang) if knock
                else state_html(hand, lang=lang))

    return Fragment(drawn("deal", (variant, seed, dealer, knock), draw))
