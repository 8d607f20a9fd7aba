"""ProgressStore: which puzzles a learner solved, with how many stars, kept in the browser.

Voilà starts a fresh kernel for every page view, so progress lives in the browser's
localStorage (one per browser profile and site, hence separate per learner on a shared
server). A copyable progress code backs it up. Anything unreadable is ignored with a notice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .language import N_, say
from .progress_code import (
    Progress,
    ProgressCodeError,
    decode_progress,
    encode_progress,
)
from .stars import puzzle_stars
from .style import static_text, stylesheet

STORAGE_KEY = "worms-tutor/progress"

Listener = Callable[["ProgressStore"], None]

UNREADABLE_STORED = N_(
    "The progress saved in this browser could not be read, so the tutor starts afresh. ({problem})"
)
NO_STORAGE = N_(
    "This browser does not let the tutor save progress (private window or blocked "
    "storage). Use the progress code to keep your place."
)


class ProgressStore(anywidget.AnyWidget):
    """Solved puzzle ids and their best stars, loaded from and saved to localStorage by
    the browser.

    ``loaded`` turns true once the browser has answered; ``on_loaded`` runs callbacks then.
    """

    _esm = static_text("progress.js")
    _css = stylesheet()

    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    solved_ids = traitlets.Tuple()
    """The solved puzzle ids, sorted; observe it to follow changes."""
    best_stars = traitlets.Dict()
    """Each puzzle's best stars (1-3), by id; observe it to follow changes."""
    _summary = traitlets.Unicode("").tag(sync=True)

    def __init__(self, storage_key: str = STORAGE_KEY, **kwargs: Any) -> None:
        self._loaded_listeners: list[Listener] = []
        # The class and the first summary go into the widget's opening message: set after
        # it, each would be one more message for the page to pass on before it appears.
        kwargs.setdefault("_dom_classes", ("wt-progress-store",))
        kwargs.setdefault("_summary", _summary_text(len(kwargs.get("solved_ids", ())), False))
        super().__init__(storage_key=storage_key, **kwargs)
        self.on_msg(self._on_message)
        self._refresh_summary()

    @property
    def solved(self) -> frozenset[str]:
        """The ids of the puzzles solved so far."""
        return frozenset(self.solved_ids)

    def is_solved(self, puzzle_id: str) -> bool:
        return puzzle_id in self.solved_ids

    @property
    def progress(self) -> Progress:
        """The solved puzzles and their stars, as one value."""
        return Progress(self.solved, dict(self.best_stars))

    def stars_of(self, puzzle_id: str) -> int | None:
        """The best stars earned on a puzzle, or ``None`` if none were recorded."""
        stars = self.best_stars.get(puzzle_id)
        return stars if isinstance(stars, int) else None

    def mark_solved(self, puzzle_id: str, stars: int | None = None) -> None:
        """Record a solved puzzle (with its stars, the best kept) and save it in the browser."""
        self.record(puzzle_id, stars, solved=True)

    def record(self, puzzle_id: str, stars: int | None, solved: bool = True) -> None:
        """Record a right answer worth ``stars``; ``solved=False`` after a shown answer (the
        stars are kept, the puzzle stays unsolved). Saved in the browser if anything changed."""
        updated = self.progress.with_result(puzzle_id, stars, solved)
        if updated != self.progress:
            self._set(updated)

    def export_code(self) -> str:
        """The progress code to copy somewhere safe."""
        return encode_progress(self.progress)

    def import_code(self, text: str) -> bool:
        """Add the puzzles of a pasted code; a bad code leaves progress as it was, with a
        notice saying what is wrong. Returns whether the code was read."""
        try:
            pasted = decode_progress(text)
        except ProgressCodeError as error:
            self.notice = say("That progress code was not used: {problem}", problem=error)
            return False
        added = len(pasted.solved - self.solved)
        self._set(self.progress.merge(pasted))
        self.notice = say("Progress code read: {puzzles} added.", puzzles=_puzzles(added))
        return True

    def reset(self) -> None:
        """Forget every solved puzzle, here and in the browser."""
        self.notice = ""
        self._set(Progress(), remove=True)

    def on_loaded(self, listener: Listener) -> None:
        """Call ``listener(store)`` once the browser's saved progress is in (now, if it is)."""
        if self.loaded:
            listener(self)
        else:
            self._loaded_listeners.append(listener)

    # -- internals ---------------------------------------------------------------------

    def _set(self, progress: Progress, remove: bool = False) -> None:
        if self.loaded:  # before that the browser may still hold more; merge first
            # Sent before the new count: the browser acts on a message at once but applies
            # a state change a moment later, so the page never shows what it has not saved.
            self.send({"type": "save", "value": None if remove else encode_progress(progress)})
        self._show(progress)

    def _show(self, progress: Progress) -> None:
        """Take ``progress`` as this store's (stars first: observers of the solved ids read
        both)."""
        self.best_stars = dict(progress.stars)
        self.solved_ids = tuple(sorted(progress.solved))
        self._refresh_summary()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "loaded" and not self.loaded:
            self._browser_loaded(content.get("value"), content.get("error"))
        elif content.get("type") == "changed" and self.loaded:
            self._browser_changed(content.get("value"))
        elif content.get("type") == "save-failed":
            self.notice = say(NO_STORAGE)

    def _browser_changed(self, value: Any) -> None:
        """Another tab or store saved progress: take its puzzles too, then save the union."""
        try:
            stored = decode_progress(value)
        except ProgressCodeError:
            stored = Progress()  # overwritten by our save below
        merged = self.progress.merge(stored)
        self._show(merged)
        if merged != stored:
            self.send({"type": "save", "value": encode_progress(merged)})

    def _browser_loaded(self, value: Any, error: Any) -> None:
        stored = Progress()
        readable = True
        if error:
            self.notice = say(NO_STORAGE)
        elif value is not None:
            try:
                stored = decode_progress(value)
            except ProgressCodeError as problem:
                self.notice = say(UNREADABLE_STORED, problem=problem)
                readable = False
        merged = self.progress.merge(stored)
        self.best_stars = dict(merged.stars)  # before "loaded": its observers read the stars
        self.loaded = True
        self._show(merged)
        if (merged != stored or not readable) and not error:
            self.send({"type": "save", "value": encode_progress(merged)})
        for listener in self._loaded_listeners:
            listener(self)
        self._loaded_listeners.clear()

    def _refresh_summary(self) -> None:
        stars = 0 if not self.best_stars else sum(  # no stars kept yet: none to mention
            puzzle_stars(pid, self.solved, self.best_stars)
            for pid in self.solved | set(self.best_stars))
        self._summary = _summary_text(len(self.solved_ids), self.loaded, stars)


def _summary_text(solved: int, loaded: bool, stars: int = 0) -> str:
    where = say("in this browser") if loaded else say("so far")
    earned = f", {stars} ★" if stars else ""
    return say("Progress: {puzzles} solved{stars} {where}.", puzzles=_puzzles(solved),
               stars=earned, where=where)


def _puzzles(count: int) -> str:
    return say("1 puzzle") if count == 1 else say("{count} puzzles", count=count)
