"""Engine values show themselves in a notebook, as cards with the engine's reasons.

Hand states and finished tricks get their HTML from the presentation layer, registered with
IPython's display formatter; the engine's types carry no ``_repr_html_`` for them.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from html import unescape
from typing import Any

from IPython.core.formatters import DisplayFormatter

from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.hand import HandState, TrickRecord
from worms_tutor.presentation.formatters import load_ipython_extension

CAPTURE = {
    "hands": {"N": ["KH", "9C"], "E": ["JC", "5D"], "S": ["KS", "6H"], "W": ["9S", "QC"]},
    "leader": "N",
    "plays": ["N: KH", "E: JC", "S: 6H", "W: 9S"],
}


@dataclass
class Shell:
    """The part of an IPython shell that extensions use: its display formatter."""

    display_formatter: DisplayFormatter = field(default_factory=DisplayFormatter)


def shown_as_html(value: Any) -> str:
    """The HTML a notebook shows for ``value`` once the presentation layer is loaded."""
    shell = Shell()
    load_ipython_extension(shell)
    data, _ = shell.display_formatter.format(value)
    html: str = data["text/html"]
    return html


def test_a_finished_trick_shows_cards_winner_and_why() -> None:
    record = Scenario.from_json(CAPTURE).replay().records[0]
    html = shown_as_html(record)
    assert html.count('<span class="wt-card') == 4
    assert 'wt-card wt-card--heads" data-card="JC"' in html
    assert 'title="Rules: P1, R6.2">Toqu captured N\'s Worms: EW +2</li>' in unescape(html)
    assert "(P1)" not in html, "rule ids wait in the tooltip, out of the learner's sentence"


def test_a_hand_in_progress_shows_whose_turn_it_is() -> None:
    state = Scenario.from_json(CAPTURE).replay().states[2]
    html = shown_as_html(state)
    assert "S to play" in html
    assert 'data-card="KS"' in html


def test_engine_types_declare_no_html_of_their_own() -> None:
    assert not hasattr(HandState, "_repr_html_")
    assert not hasattr(TrickRecord, "_repr_html_")
    data, _ = DisplayFormatter().format(Scenario.from_json(CAPTURE).start())
    assert "text/html" not in data, "without the registration a state is plain text"


def test_importing_the_widgets_in_a_notebook_shows_a_hand_state_as_html() -> None:
    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import worms_tutor.widgets\n"
        "from worms_tutor.formats.scenario import Scenario\n"
        f"state = Scenario.from_json({CAPTURE!r}).start()\n"
        "data, _ = shell.display_formatter.format(state)\n"
        "print('N to play' in data.get('text/html', ''))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "True", done.stdout
