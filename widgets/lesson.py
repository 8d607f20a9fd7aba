"""Lesson helpers: what one cell of a tutorial chapter calls, in a line or two.

A chapter of the series (``notebooks/NN-title.ipynb``) follows one skeleton::

    # Title                                   (markdown: the first heading is the title)
    from worms_tutor.widgets import lesson
    lesson.goals("...", "...", "...")          (three goals, first code cell)
    ... markdown, lesson.cards("JC KH"), lesson.trick("N: 7H E: 7C S: 8S W: 5D") ...
    lesson.compare("N: 3D E: 7D S: AC W: 8S")  (the same plays under two rulebooks)
    lesson.puzzle("03-higher-seven")           (one puzzle; or lesson.puzzles("03"))
    lesson.recap("...", "...")
    <!-- series:nav -->                        (markdown written by tools/series.py)

Code cells with no markdown between them are one cell, ``lesson.show(...)`` of the lesson
calls in order: Voila spends time on every cell it runs, and a page appears sooner with fewer
of them. A cell stays a few lesson calls with literal arguments, no logic of its own::

    lesson.show(
        lesson.trick("N: 5C E: KH S: 9C W: 6S"),
        lesson.choice("...", "Q1"),
        lesson.puzzle("05-worms-home"),
    )

What a cell shows is plain HTML wherever it can be, joined into as few outputs as the cell
allows, with a widget only where the learner acts (the presenter switch, the progress line,
puzzles): the browser builds every widget of a page before it shows the first one, and each
output and widget costs the kernel and Voila's server messages before the page is sent. A
puzzle shows first as a plain-HTML preview and comes alive in a slot under it once the page
is up (``LazyPuzzle``).

Every verdict and every "why" shown here comes from the engine (``worms_tutor``): a worked
trick is replayed by ``Scenario.replay`` and explained by ``explain``; puzzles are checked by
``Puzzle.check``. Nothing in this module knows a rule.

Puzzles of chapter NN live in ``widgets/puzzles/NN-<name>.json``, one puzzle per file, the
puzzle's ``id`` equal to the file name without ``.json``. All puzzles of a page share one
``ProgressStore`` (``lesson.store()``), which keeps solved ids in the learner's browser.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worms_tutor.presentation.display import cards_html
from worms_tutor.values.cards import PACK, Card, Suit, parse_cards
from worms_tutor.values.errors import WormsError
from worms_tutor.values.rules import SEATS_BY_PLAYERS, SWITCHES
from worms_tutor.values.seating import sides

if TYPE_CHECKING:
    # The scenario, its replay and the explanations are imported where a picture is drawn:
    # a page whose pictures come from the disk cache never loads them before it is shown.
    from worms_tutor.formats.scenario import Scenario

PUZZLES = Path(__file__).with_name("puzzles")
"""The puzzle folder; the series' files are ``NN-<name>.json``."""

PUZZLE_FILE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.json$")
CHAPTER_FILE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")

RULEBOOKS: dict[str, str] = {
    "english": "English rules",
    "danish-club": "Danish club rules",
    "ru-literal": "Russian page, read literally",
}
"""How the pages name each preset."""

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "N–S", "EW": "E–W"}

FONT = "font-family:Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif"
WIDGET_TEXT = f"font-size:{13 / 14:.4f}em"
"""The size of text in an ipywidgets HTML widget (13px), for plain HTML shown where a widget
was, relative to the page's 14px so that presenter mode enlarges it alike."""
CARD_WIDTH = 84


def offscreen(height: int) -> str:
    """CSS that lets the browser skip the layout and painting of a block of card pictures
    while it is off screen (``height`` pixels held for it until it is first drawn): a chapter
    holds hundreds of cards, and laying them all out delays the first screen by a second."""
    return f"content-visibility:auto;contain-intrinsic-size:auto 760px auto {height}px"


# Cards nobody needs to think about, used to fill the hands of a worked trick so that it is
# not the last trick of a hand and no seat plays its last card (rules.md §D default context).
_PLAIN = parse_cards(
    "5D 6D QD 5H 6H QH 8D 8H QS 5S 6S QC 8C 5C 6C JD JH JS AD AH AS AC 9D 9H 9S 9C"
)


class Fragment:
    """A piece of HTML a cell shows as its output (no widget, so it costs nothing to load)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return _share_drawings(self.html) if _SHARING else self.html

    def __str__(self) -> str:
        return re.sub(r"<[^>]+>", " ", self.html)


# -- card drawings shown once per page ------------------------------------------------------
#
# A chapter shows a few dozen different cards a few hundred times, each as a 2 kB inline SVG:
# most of what the kernel sends, Voila's server decodes and the browser parses before the
# first widget appears. In a Voila page (one kernel, run once, top to bottom, its outputs
# never replaced) a card drawn before is drawn again by reference: the first drawing gets an
# id, later ones are an SVG <use> of it, with the same outer <svg> (size, role, label, title).
# Not in JupyterLab, where running a cell again replaces the output that holds a drawing.

_SHARING = bool(os.environ.get("VOILA_KERNEL_ID"))
_CARD_SVG = re.compile(r'<svg\b[^>]*\bclass="wt-card-svg"[^>]*>')
_DRAWN: dict[str, str] = {}
_DRAWINGS = itertools.count(1)


def _share_drawings(html: str) -> str:
    """``html`` with every card drawing already on the page replaced by a reference to it."""
    parts: list[str] = []
    done = 0
    for match in _CARD_SVG.finditer(html):
        if match.start() < done:
            continue
        end = _closing_tag(html, match.end())
        if end < 0:
            continue
        body = html[match.end():end]
        title_end = body.find("</title>") + len("</title>") if body.startswith("<title>") else 0
        title, drawing = body[:title_end], body[title_end:]
        if len(drawing) < 200:
            continue
        known = _DRAWN.get(drawing)
        if known is None:
            known = _DRAWN[drawing] = f"wt-drawing-{next(_DRAWINGS)}"
            shown = f'<g id="{known}">{drawing}</g>'
        else:
            shown = f'<use href="#{known}"/>'
        parts += [html[done:match.end()], title, shown]
        done = end
    return "".join(parts) + html[done:] if parts else html


def _closing_tag(html: str, start: int) -> int:
    """Where the ``</svg>`` that closes an ``<svg>`` opened just before ``start`` begins
    (a card back, or a row of cards, holds ``<svg>`` elements of its own); -1 if none."""
    depth, position = 1, start
    while True:
        close = html.find("</svg>", position)
        if close < 0:
            return -1
        depth += html.count("<svg", position, close) - 1
        if depth == 0:
            return close
        position = close + len("</svg>")


def _box(kind: str, title: str, body: str, colour: str) -> Fragment:
    return Fragment(
        f'<div class="wt-lesson wt-lesson--{kind}" role="note" aria-label="{escape(title)}" '
        f'style="{FONT};border-left:6px solid {colour};background:#f7f7f7;color:#111;'
        f'padding:10px 16px;margin:10px 0;border-radius:4px;font-size:1.15em;line-height:1.45">'
        f'<div style="font-weight:bold;font-size:1.1em;margin-bottom:4px">{escape(title)}</div>'
        f"{body}</div>"
    )


def _items(items: Sequence[str] | tuple[Sequence[str], ...]) -> list[str]:
    if len(items) == 1 and not isinstance(items[0], str):
        return [str(item) for item in items[0]]
    return [str(item) for item in items]


def _inline(text: str) -> str:
    """Escape text, keeping **bold** and *italic* as a page author writes them."""
    html = escape(text)
    html = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)
    return re.sub(r"\*(.+?)\*", r"<i>\1</i>", html)


# -- a disk cache for what a page draws the same way every time ---------------------------------
#
# Voila runs a page in a fresh kernel at every view, so whatever a page computes is computed
# again for every learner. The pictures of worked tricks, puzzle previews and the ranking chart
# depend only on their arguments and on the code of the engine and the widgets, so they are
# kept on disk, keyed by both; any change to the code makes new keys.


@cache
def _code_digest() -> str:
    import hashlib

    import worms_tutor

    digest = hashlib.sha256()
    for folder in (Path(worms_tutor.__file__).parent, Path(__file__).parent):
        for source in sorted(folder.glob("*.py")):
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()


def _cache_path(kind: str, key: str | bytes) -> Path:
    import hashlib

    raw = key if isinstance(key, bytes) else key.encode("utf-8")
    digest = hashlib.sha256(_code_digest().encode() + b"\0" + raw).hexdigest()[:24]
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "worms-tutor"
    return root / f"{kind}-{digest}"


def _cache_read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _cache_write(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(data)
        partial.replace(path)
    except OSError:
        pass  # no cache: the next page view draws it again


def _cached_html(kind: str, key: str | bytes, build: Callable[[], str]) -> str:
    path = _cache_path(kind, key)
    cached = _cache_read(path)
    if cached is not None:
        return cached.decode("utf-8")
    html = build()
    _cache_write(path, html.encode("utf-8"))
    return html


def _drawn(kind: str, arguments: Sequence[Any], draw: Callable[[], str]) -> str:
    """The picture ``draw`` makes for a lesson call, cached under the call's own arguments:
    a page drawn from the cache neither builds scenarios nor loads the engine's play modules."""
    return _cached_html(kind, json.dumps(list(arguments), sort_keys=True, default=repr), draw)


# -- the frame of a chapter -------------------------------------------------------------------


CELL_GAP = "15px"
"""The space Voila leaves between the outputs of two code cells (the cells' padding and the
output's margin), which ``show`` keeps between the pieces of one cell."""


def show(*parts: Any) -> None:
    """Show several lesson pieces from one cell, one under the other and as far apart as
    separate cells would show them: ``lesson.show(lesson.trick(...), lesson.puzzle(...))``."""
    from IPython.display import display

    display(*_outputs(parts))


def _outputs(parts: Sequence[Any]) -> list[Any]:
    """What a cell shows for ``parts``, in order: every part after the first with the gap of
    a cell boundary above it, the puzzles of neighbouring parts in one slot under their
    previews, and neighbouring HTML pieces joined into one output (every output and every
    widget costs the page time before it appears)."""
    pieces: list[tuple[bool, Any]] = []  # (gap above it, piece)
    index = 0
    while index < len(parts):
        if isinstance(parts[index], Pieces):
            for order, piece in enumerate(parts[index].pieces):
                pieces.append((index > 0 and order == 0, piece))
            index += 1
            continue
        if not isinstance(parts[index], (LazyPuzzle, PuzzleGroup)):
            pieces.append((index > 0, parts[index]))
            index += 1
            continue
        run: list[LazyPuzzle] = []
        while index < len(parts) and isinstance(parts[index], (LazyPuzzle, PuzzleGroup)):
            part = parts[index]
            group = part.lazies if isinstance(part, PuzzleGroup) else [part]
            for order, lazy in enumerate(group):
                lazy.gap = index > 0 and order == 0
                pieces.append((False, lazy.preview()))
            run += group
            index += 1
        pieces.append((False, _Slot(run).box))
    shown: list[Any] = []
    for gap, piece in pieces:
        if _is_widget(piece):
            shown.append(_below(piece) if gap else piece)
            continue
        html = piece.html if isinstance(piece, Fragment) else piece._repr_html_()
        if gap:
            html = f'<div class="wt-lesson-below" style="padding-top:{CELL_GAP}">{html}</div>'
        if shown and isinstance(shown[-1], Fragment):
            shown[-1] = Fragment(shown[-1].html + html)
        else:
            shown.append(Fragment(html))
    return shown


def _is_widget(part: Any) -> bool:
    import ipywidgets

    return isinstance(part, ipywidgets.DOMWidget)


def _below(widget: Any) -> Any:
    """``widget`` with the gap of a cell boundary above it (top padding)."""
    if widget.layout is _shared("layout"):
        widget.layout = _shared("below")
    else:
        widget.layout.padding = f"{CELL_GAP} 0 0 0"
    return widget


class Pieces:
    """Lesson pieces shown one right under the other, as one part of a cell: a box of text
    and the widget that belongs with it. The text stays plain HTML, so that only the widget
    costs the page a widget (the browser builds every widget of a page before it shows the
    first one)."""

    def __init__(self, *pieces: Any) -> None:
        self.pieces = list(pieces)

    def _ipython_display_(self) -> None:
        show(self)


def goals(*items: str | Sequence[str]) -> Pieces:
    """The three goals a chapter opens with, and the projector switch for a teacher."""
    texts = _items(items)  # type: ignore[arg-type]
    if len(texts) != 3:
        raise WormsError(f"a chapter opens with three goals, not {len(texts)}")
    body = "".join(f"<li>{_inline(text)}</li>" for text in texts)
    box = _box("goals", "In this chapter you will learn to",
               f"<ol style='margin:0'>{body}</ol>", "#0b3d91")
    return Pieces(Fragment(f'<div class="wt-lesson-goals" style="{WIDGET_TEXT}">{box.html}</div>'),
                  presenter())


_PRESENTER: Any = None


def presenter() -> Any:
    """The page's PresenterMode: large text for a projector; "Reveal all hands" opens the
    hands on every puzzle's table."""
    global _PRESENTER
    if _PRESENTER is None:
        from .presenter import PresenterMode

        _PRESENTER = PresenterMode(layout=_shared("layout"))
    return _PRESENTER


def recap(*items: str | Sequence[str], progress: bool = True) -> Pieces:
    """The short list a chapter ends with, and (unless ``progress=False``) the learner's
    progress line."""
    texts = _items(items)  # type: ignore[arg-type]
    body = "".join(f"<li>{_inline(text)}</li>" for text in texts)
    box = _box("recap", "Recap", f"<ul style='margin:0'>{body}</ul>", "#2e7d32")
    text = Fragment(f'<div class="wt-lesson-recap" style="{WIDGET_TEXT}">{box.html}</div>')
    return Pieces(text, store()) if progress else Pieces(text)


def choice(text: str, question: str = "") -> Fragment:
    """Mark a rule that rests on our own choice (rules.md §E), not on a source."""
    where = f" (open question {escape(question)} of the rules notes)" if question else ""
    return _box("choice", "Our choice" + where, f"<div>{_inline(text)}</div>", "#7b1fa2")


def rulebooks(text: str) -> Fragment:
    """A box for where the two rulebooks part ways."""
    return _box("rulebooks", "The two rulebooks", f"<div>{_inline(text)}</div>", "#e6a100")


def cards(codes: str | Iterable[str | Card], caption: str | None = None,
          width: float = CARD_WIDTH) -> Fragment:
    """A row of card pictures, e.g. ``lesson.cards("JC KH 8S")``."""
    chosen = parse_cards(codes) if isinstance(codes, str) else tuple(
        card if isinstance(card, Card) else Card.parse(card) for card in codes)
    row = cards_html(chosen, width=width)
    head = (f'<div style="{FONT};font-weight:bold;margin-bottom:4px">{escape(caption)}</div>'
            if caption else "")
    names = ", ".join(card.name for card in chosen)
    height = round(width * 1.4) + (30 if caption else 8)
    return Fragment(f'<div class="wt-lesson-cards" aria-label="{escape(names)}" '
                    f'style="margin:8px 0;{offscreen(height)}">{head}{row}</div>')


def pack(width: float = 58) -> Fragment:
    """The whole pack, one row per suit, from the engine's ``PACK``."""
    rows = []
    for suit in Suit:
        row = [card for card in PACK if card.suit is suit]
        caption = f"{suit.noun.capitalize()} {suit.symbol}: {len(row)} cards"
        rows.append(cards(row, caption, width).html)
    return Fragment(f'<div class="wt-lesson-pack">{"".join(rows)}</div>')


# -- worked tricks ----------------------------------------------------------------------------


_SEAT_PREFIX = re.compile(r"\s*(?=\b[NESWABC]\s*:)")


def split_plays(plays: str | Sequence[str]) -> list[str]:
    """``"N: 9D 9H E: KH>9D 9C>9H"`` or a list of ``"SEAT: CARDS"`` → one string per play."""
    if isinstance(plays, str):
        parts = [part.strip() for part in _SEAT_PREFIX.split(plays) if part.strip()]
    else:
        parts = [str(part).strip() for part in plays]
    if not parts or any(":" not in part for part in parts):
        raise WormsError(f"plays look like 'N: 7H E: 7C', not {plays!r}")
    return parts


def scenario_for(
    plays: str | Sequence[str],
    variant: str = "english",
    *,
    rules: Mapping[str, Any] | None = None,
    hands: Mapping[str, str | Sequence[str]] | None = None,
    last: bool = False,
    **context: Any,
) -> Scenario:
    """The scenario behind a worked trick; hands not given hold the cards they play, plus
    plain cards so that nobody plays a last card (unless ``last``)."""
    texts = split_plays(plays)
    seats_seen = [text.partition(":")[0].strip().upper() for text in texts]
    players = next(n for n, seats in sorted(SEATS_BY_PLAYERS.items())
                   if set(seats_seen) <= set(seats) and (n != 2 or "C" not in seats_seen))
    seats = SEATS_BY_PLAYERS[4 if set(seats_seen) <= set("NESW") else players]
    played_cards: dict[str, list[str]] = {seat: [] for seat in seats}
    for text in texts:
        seat, _, rest = text.partition(":")
        for token in rest.replace(",", " ").split():
            played_cards[seat.strip().upper()].append(token.partition(">")[0])
    given = {seat.upper(): (value.split() if isinstance(value, str) else list(value))
             for seat, value in (hands or {}).items()}
    full: dict[str, list[str]] = {}
    for seat in seats:
        full[seat] = given.get(seat, played_cards[seat])
    used = {Card.parse(code) for cards_ in full.values() for code in cards_}
    used |= {Card.parse(code) for code in context.get("played", [])}
    spare = [card for card in _PLAIN if card not in used]
    if not last:
        for seat in seats:
            while seat not in given and len(full[seat]) < 4 and spare:
                full[seat].append(str(spare.pop(0)))
        context.setdefault("stock", [str(card) for card in spare[: 2 * len(seats)]])
    data: dict[str, Any] = {"variant": variant, "hands": full, "leader": seats_seen[0],
                            "plays": texts, **context}
    if rules:
        data["rules"] = dict(rules)
    from worms_tutor.formats.scenario import Scenario

    return Scenario.from_json(data)


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


def rulebook_label(scenario: Scenario) -> str:
    """``English rules``, ``Danish club rules, S9 changed: how a multi-card group must beat:
    any matching``, ...: a changed switch in words, as a learner reads it."""
    rules = scenario.rules
    label = RULEBOOKS.get(rules.variant, rules.variant)
    extra = {key: value for key, value in rules.overrides().items() if key != "S1"}
    if extra:
        label += ", " + "; ".join(_switch_words(key, value) for key, value in extra.items())
    return label


def _switch_words(key: str, value: Any) -> str:
    """``S4 changed: a higher 7 beats a led 7: no``."""
    switch = SWITCHES.get(key)
    if switch is None:
        return f"{key} changed: {value}"
    if isinstance(value, bool):
        shown = "yes" if value else "no"
    else:
        shown = str(value).replace("_", " ").replace("+", " and ")
    return f"{key} changed: {switch.description}: {shown}"


def _frames(scenario: Scenario) -> tuple[Any, ...]:
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


class WorkedTrick(Fragment):
    """A worked trick drawn as TrickTable draws it, as plain HTML (no widget to load), from
    ``trick``'s arguments. The picture is cached under those arguments, so that a page drawn
    from the cache neither builds nor replays the scenario."""

    def __init__(self, plays: str | Sequence[str], variant: str, caption: str,
                 context: dict[str, Any]) -> None:
        self._arguments = (plays, variant, context)

        def draw() -> str:
            from .table import reasons_html, table_html

            scenario = self.scenario
            label = caption or rulebook_label(scenario)
            frame = _frames(scenario)[-1]
            board = table_html(frame, show_hands="none")
            why = reasons_html(frame.reasons, frame.illegal)
            return (
                f'<div class="wt-lesson-trick" style="{FONT};max-width:820px;margin:8px 0;'
                f'{offscreen(560)}">'
                f'<div class="wt-lesson-trick__rules" style="font-weight:bold;color:#0b3d91;'
                f'font-size:1.15em;margin-bottom:4px">{escape(label)}</div>{board}'
                f'<div class="wt-lesson-trick__why" style="font-size:1.15em;line-height:1.4">'
                f"{why}</div></div>")

        super().__init__(_drawn("trick", (plays, variant, caption, context), draw))

    @cached_property
    def scenario(self) -> Scenario:
        """The scenario behind the picture (built when first asked for)."""
        plays, variant, context = self._arguments
        return scenario_for(plays, variant, **context)


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
    scenario = scenario_for(plays, variant, **context)
    label = caption or rulebook_label(scenario)
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
            variants: Sequence[Any] = ("english", "danish-club"), **context: Any) -> Fragment:
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

        return state_scoreboard_html(scenario_for(plays, variant, **context).replay().final)

    # drawn as a Scoreboard, without its engine; the class goes into the opening message,
    # and the layout and style are the page's shared ones (fewer models to build)
    return ipywidgets.HTML(_drawn("scoreboard", (plays, variant, context), draw),
                           layout=_shared("layout"), style=_shared("style"),
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
        return record_html(hand.records[0], hand.rules.players) if knock else state_html(hand)

    return Fragment(_drawn("deal", (variant, seed, dealer, knock), draw))


# -- the series: chapters, puzzles, progress --------------------------------------------------


@dataclass(frozen=True)
class Chapter:
    """One notebook of the series and the ids of its puzzles."""

    number: str
    title: str
    file: str
    puzzle_ids: tuple[str, ...]


def notebooks_folder() -> Path:
    """The series folder: the repository's ``notebooks/``, else the current folder."""
    repo = Path(__file__).resolve().parents[1] / "notebooks"
    return repo if repo.is_dir() else Path.cwd()


def notebook_title(path: Path) -> str:
    """The text of the first ``# `` heading of a notebook."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for cell in data.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = "".join(cell.get("source", []))
        for line in source.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return path.stem


def puzzle_files(chapter: str | int | None = None) -> list[Path]:
    """The series' puzzle files, of one chapter (``"03"``) or of all, in name order."""
    number = None if chapter is None else f"{int(chapter):02d}"
    found = []
    for path in sorted(PUZZLES.glob("*.json")):
        match = PUZZLE_FILE.match(path.name)
        if match and (number is None or match[1] == number):
            found.append(path)
    return found


def chapters(folder: Path | None = None) -> list[Chapter]:
    """Every ``NN-title.ipynb`` of the series with its title and puzzle ids."""
    folder = folder or notebooks_folder()
    result = []
    for path in sorted(folder.glob("*.ipynb")):
        match = CHAPTER_FILE.match(path.name)
        if match:
            ids = tuple(p.stem for p in puzzle_files(match[1]))
            result.append(Chapter(match[1], notebook_title(path), path.name, ids))
    return result


@cache
def load(puzzle_id: str) -> Any:
    """The puzzle of ``widgets/puzzles/<id>.json``, validated by the engine."""
    from worms_tutor.analysis.puzzle import load_puzzle_file

    path = PUZZLES / f"{puzzle_id}.json"
    if not PUZZLE_FILE.match(path.name) or not path.is_file():
        raise WormsError(f"no puzzle {puzzle_id!r} in the series (files NN-name.json)")
    return load_puzzle_file(path)


_STORE: Any = None


def store() -> Any:
    """The page's one ProgressStore, shared by every puzzle and the progress table."""
    global _STORE
    if _STORE is None:
        from .progress import ProgressStore

        _STORE = ProgressStore(layout=_shared("layout"))
    return _STORE


def _view(puzzle: Any) -> Any:
    """The interactive view of one puzzle, bound to the page's store."""
    from .puzzle import PuzzleWidget

    return PuzzleWidget(puzzle, progress=store())


def _preview_html(puzzle: Any) -> str:
    """The puzzle's title, question and table as plain HTML, drawn as its TrickTable is."""
    from .table import frames_from_replay, table_html

    plays = puzzle.kind in ("play", "placement")
    board = table_html(frames_from_replay(puzzle.replay)[-1],
                       show_hands="open" if puzzle.open_hands else "hidden",
                       omit_hand=puzzle.seat if plays else None,
                       show_heading=puzzle.kind not in ("winner", "points"),
                       show_sides=puzzle.shows_sides)
    # text sized as in the PuzzleWidget that replaces it (ipywidgets' 28px lines, too)
    return (f'<div class="wt-lesson-puzzle__preview" style="{FONT};color:#111;'
            f'{WIDGET_TEXT};line-height:28px;{offscreen(560)}">'
            f'<h3 style="margin:4px 0;font-size:1.17em;font-weight:bold;line-height:inherit">'
            f'{escape(puzzle.title)}</h3>'
            f'<p style="font-size:110%;margin:1em 0;line-height:inherit">'
            f'{escape(puzzle.question)}</p>{board}</div>')


_SHARED: dict[str, Any] = {}


def _shared(name: str) -> Any:
    """One Layout (and one with the gap ``show`` leaves above a piece), one HTMLStyle and one
    "open the puzzles" button for every lesson widget of the page: the browser builds every
    widget model before it shows the first widget, so fewer models make the page appear
    sooner."""
    if name not in _SHARED:
        import ipywidgets

        if name == "layout":
            _SHARED[name] = ipywidgets.Layout()
        elif name == "below":
            _SHARED[name] = ipywidgets.Layout(padding=f"{CELL_GAP} 0 0 0")
        elif name == "hidden":
            _SHARED[name] = ipywidgets.Layout(display="none")
        elif name == "style":
            from ipywidgets.widgets.widget_string import HTMLStyle

            _SHARED[name] = HTMLStyle()
        else:
            button = ipywidgets.Button(description="Open the puzzles now",
                                       layout=_shared("layout"),
                                       _dom_classes=("wt-lesson-puzzle__open",))
            button.on_click(lambda _button: [slot.open() for slot in _SLOTS])
            _SHARED[name] = button
    return _SHARED[name]


def _html(value: str) -> Any:
    import ipywidgets

    return ipywidgets.HTML(value, layout=_shared("layout"), style=_shared("style"))


_SLOTS: list[_Slot] = []
_PREVIEWS = itertools.count(1)
"""Numbers for the previews' element ids, unique in the page (one kernel per page view)."""


class LazyPuzzle:
    """A puzzle that first shows as plain HTML (its title, question and table, no widget) and
    becomes the full PuzzleWidget as soon as the page is up: the browser's progress store
    answering is the signal (or a click on the shared "open" button, should that answer never
    come). The live puzzle appears in a slot under the preview, which it hides. A page with
    eight puzzles then appears nearly as fast as a page with one widget, and the puzzles come
    alive while the learner reads the top."""

    def __init__(self, puzzle_id: str) -> None:
        path = PUZZLES / f"{puzzle_id}.json"
        if not PUZZLE_FILE.match(path.name) or not path.is_file():
            raise WormsError(f"no puzzle {puzzle_id!r} in the series (files NN-name.json)")
        self.puzzle_id = puzzle_id
        self.widget: Any = None
        self.slot: _Slot | None = None
        self.gap = False
        """Whether the puzzle has the gap of a cell boundary above it (it follows another
        part of its cell)."""
        self.preview_id = f"wt-lesson-preview-{next(_PREVIEWS)}"
        self._preview = _cached_html("preview", path.read_bytes(),
                                     lambda: _preview_html(load(puzzle_id)))

    def preview(self) -> Fragment:
        """The puzzle as plain HTML, until the live puzzle hides it (gap included)."""
        gap = f' style="padding-top:{CELL_GAP}"' if self.gap else ""
        return Fragment(f'<div id="{self.preview_id}" class="wt-lesson-puzzle-preview"{gap}>'
                        f"{self._preview}</div>")

    @property
    def puzzle(self) -> Any:
        """The engine's puzzle (loaded, and so validated, when first needed)."""
        return load(self.puzzle_id)

    def open(self) -> Any:
        """Put the interactive puzzle in place of the preview (once); the other puzzles of
        its slot come alive with it."""
        if self.slot is None:
            _Slot([self])
        assert self.slot is not None
        self.slot.open()
        return self.widget

    def _build(self) -> Any:
        try:
            widget = _view(self.puzzle)
        except WormsError:  # the widget shows what is wrong with the file, in place
            from .puzzle import PuzzleWidget

            widget = PuzzleWidget(PUZZLES / f"{self.puzzle_id}.json", progress=store())
        if self.gap:
            widget.layout.padding = f"{CELL_GAP} 0 0 0"
        table = getattr(widget, "table", None)
        if table is not None:
            own = self.puzzle.open_hands
            presenter().on_reveal(lambda on: table.reveal(on or own))
            if presenter().reveal_all:
                table.reveal(True)
        return widget

    def _ipython_display_(self) -> None:
        show(self)


class PuzzleGroup:
    """Several lazy puzzles one under the other, as ``lesson.puzzles`` gives them."""

    def __init__(self, lazies: Sequence[LazyPuzzle]) -> None:
        self.lazies = list(lazies)

    def _ipython_display_(self) -> None:
        show(self)


class _Slot:
    """Where neighbouring lazy puzzles come alive: a box under their previews that holds the
    shared "open" button, then the PuzzleWidgets and a style that hides the previews."""

    def __init__(self, lazies: Sequence[LazyPuzzle]) -> None:
        import ipywidgets

        self.lazies = list(lazies)
        for lazy in self.lazies:
            lazy.slot = self
        self.box = ipywidgets.VBox([_shared("button")], layout=_shared("layout"),
                                   _dom_classes=("wt-lesson-puzzle",))
        _SLOTS.append(self)
        store().on_loaded(lambda _store: self.open())

    def open(self) -> None:
        """Build the slot's PuzzleWidgets and show them in place of the previews (once)."""
        import ipywidgets

        if all(lazy.widget is not None for lazy in self.lazies):
            return
        for lazy in self.lazies:
            if lazy.widget is None:
                lazy.widget = lazy._build()
        hidden = ",".join(f"#{lazy.preview_id}" for lazy in self.lazies)
        hide = ipywidgets.HTML(f"<style>{hidden}{{display:none}}</style>",
                               layout=_shared("hidden"), style=_shared("style"))
        self.box.children = [*(lazy.widget for lazy in self.lazies), hide]


def puzzle(puzzle_id: str, lazy: bool = True) -> Any:
    """One puzzle of the series, e.g. ``lesson.puzzle("03-higher-seven")``; ``lazy=False``
    builds the PuzzleWidget at once."""
    return LazyPuzzle(puzzle_id) if lazy else _view(load(puzzle_id))


def puzzles(*chosen: str | int, lazy: bool = True) -> Any:
    """Several puzzles one under the other: ``lesson.puzzles("03")`` shows every puzzle of
    chapter 03 in file order, ``lesson.puzzles("03-higher-seven", "03-kill-the-seven")``
    those two. (One cell instead of several: each cell costs a page some time in Voila.)"""
    import ipywidgets  # type: ignore[import-untyped]

    ids: list[str] = []
    for item in chosen:
        text = str(item)
        if text.isdigit():
            ids += [path.stem for path in puzzle_files(text)]
        else:
            ids.append(text)
    if lazy:
        return PuzzleGroup([LazyPuzzle(puzzle_id) for puzzle_id in ids])
    box = ipywidgets.VBox([_view(load(puzzle_id)) for puzzle_id in ids],
                          layout=_shared("layout"), _dom_classes=("wt-lesson-puzzles",))
    return box


def progress() -> Any:
    """The learner's progress, chapter by chapter, with the backup code (landing page)."""
    import ipywidgets

    from .progress_panel import ProgressPanel

    listed = chapters()
    the_store = store()
    table = ipywidgets.HTML(progress_html(listed, the_store.solved, the_store.loaded),
                            _dom_classes=("wt-lesson-progress",))

    def redraw(_change: Any = None) -> None:
        table.value = progress_html(listed, the_store.solved, the_store.loaded)

    the_store.observe(redraw, names=["solved_ids", "loaded"])
    return ipywidgets.VBox([table, ProgressPanel(the_store)],
                           _dom_classes=("wt-lesson-progress-box",))


def progress_html(listed: Sequence[Chapter], solved: Iterable[str], loaded: bool) -> str:
    """A table of chapters, each with solved / total puzzles and a bar."""
    done = set(solved)
    rows = []
    total_solved = total = 0
    for chapter in listed:
        count = len(chapter.puzzle_ids)
        hits = sum(1 for pid in chapter.puzzle_ids if pid in done)
        total += count
        total_solved += hits
        share = 0 if not count else round(100 * hits / count)
        bar = (f'<div role="img" aria-label="{hits} of {count} solved" style="background:#e0e0e0;'
               f'width:160px;height:12px;border-radius:6px;overflow:hidden">'
               f'<div style="background:#2e7d32;width:{share}%;height:100%"></div></div>')
        mark = " ✓" if count and hits == count else ""
        tally = f"{hits} / {count}{mark}"
        if not count:  # the sandbox pages: nothing to solve, nothing to show as missing
            tally, bar = "no puzzles", ""
        rows.append(
            f'<tr data-chapter="{chapter.number}"><td style="padding:3px 10px 3px 0">'
            f'<b>{chapter.number}</b></td><td style="padding:3px 10px 3px 0">'
            f'<a href="{escape(chapter.file)}" style="color:#0b3d91;text-decoration:underline">'
            f'{escape(chapter.title)}</a></td>'
            f'<td class="wt-lesson-progress__count" '
            f'style="padding:3px 10px 3px 0;white-space:nowrap">'
            f'{tally}</td><td>{bar}</td></tr>')
    state = "" if loaded else " (reading your browser's saved progress…)"
    return (f'<div style="{FONT};font-size:1.15em"><div style="font-weight:bold;margin:4px 0">'
            f'Your progress: {total_solved} of {total} puzzles solved{state}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')


def ladder(highlight: str = "") -> Any:
    """The ranking chart, a RankLadderView. Drawing it needs matplotlib (seconds on a busy
    server), so the picture and its text are kept in a disk cache, keyed by the source of
    every module that shapes the chart; a page served from the cache never loads matplotlib."""
    key = " ".join(sorted(map(str, parse_cards(highlight))))
    path = _cache_path("ladder", key)
    cached = _cache_read(path)
    if cached is not None and len(cached) > 8:
        size = int.from_bytes(cached[:8], "big")
        return _ladder_view(cached[8:8 + size], cached[8 + size:].decode("utf-8"))
    from .ladder import RankLadderView

    view = RankLadderView(highlight=highlight)
    png = bytes(view.image.value)
    _cache_write(path, len(png).to_bytes(8, "big") + png + view.details.value.encode("utf-8"))
    return view


def _ladder_view(png: bytes, details: str) -> Any:
    """The same widgets RankLadderView builds, from the cached picture and text."""
    import ipywidgets

    image = ipywidgets.Image(value=png, format="png", layout=ipywidgets.Layout(max_width="100%"),
                             _dom_classes=("wt-ladder__image",))
    text = ipywidgets.HTML(details, _dom_classes=("wt-ladder__text",))
    return ipywidgets.VBox([image, text], _dom_classes=("wt-ladder",))


def side_names(players: int = 4) -> tuple[str, ...]:
    """The sides' names as the pages print them."""
    return tuple(SIDE_NAMES.get(side, side) for side in sides(players))
