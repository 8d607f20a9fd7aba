"""The drawing half of the engine stays standard library only."""

from __future__ import annotations

import subprocess
import sys


def test_svg_and_display_import_no_jupyter() -> None:
    code = (
        "import sys, worms_tutor.presentation.svg, worms_tutor.presentation.display;"
        "import worms_tutor.values.cards as c;"
        "c.PACK[0]._repr_html_();"
        "bad = [m for m in ('ipywidgets', 'IPython', 'matplotlib', 'anywidget', 'traitlets')"
        " if m in sys.modules];"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
