"""The shared stylesheet and the widgets' JavaScript, shipped as files in ``static/``."""

from __future__ import annotations

from functools import cache
from html import escape
from pathlib import Path
from typing import Any

STATIC = Path(__file__).with_name("static")


@cache
def static_text(name: str) -> str:
    """The text of a file in ``static/`` (a view's ES module, or the stylesheet)."""
    return (STATIC / name).read_text(encoding="utf-8")


def stylesheet() -> str:
    """The CSS every worms-tutor widget shares: classes ``wt-card``, ``wt-hand``, ...."""
    return static_text("style.css")


def problem_html(what: str, error: BaseException | str) -> str:
    """A friendly message shown in place of a widget that cannot show its content."""
    return (f'<div class="wt-error" role="alert" style="color:#8a1c00;font-weight:bold">'
            f"{escape(what, quote=False)}: {escape(_worded(error), quote=False)}</div>")


def _worded(error: BaseException | str) -> str:
    """An engine error in the page's language; anything else as it prints."""
    from worms_tutor.values.errors import WormsError

    from .language import current

    return error.in_language(current()) if isinstance(error, WormsError) else str(error)


def replay_or_problem(scenario: Any, what: str, css_class: str) -> Any:
    """Replay a scenario (or its JSON object) for a widget, or a message naming what is wrong
    with it (an ``ipywidgets.HTML`` with ``css_class``) when it is malformed or impossible."""
    import ipywidgets  # type: ignore[import-untyped]

    from worms_tutor.formats.scenario import Scenario
    from worms_tutor.values.errors import WormsError

    try:
        if not isinstance(scenario, Scenario):
            scenario = Scenario.from_json(scenario)
        return scenario.replay()
    except WormsError as error:
        message = ipywidgets.HTML(problem_html(what, error))
        message.add_class(css_class)
        return message
