"""ProgressPanel: the store's status plus the progress code to copy out and paste back."""

from __future__ import annotations

from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from .language import say
from .progress import ProgressStore


class ProgressPanel(ipywidgets.VBox):  # type: ignore[misc]
    """Shows a ``ProgressStore``; lets the learner copy a backup code or restore from one."""

    def __init__(self, store: ProgressStore | None = None, **kwargs: Any) -> None:
        self.store = store or ProgressStore()
        # Classes and layouts go into each widget's opening message (set afterwards, each is
        # one more message for the page to pass on before it appears).
        wide = ipywidgets.Layout(width="auto")
        self.show_button = ipywidgets.Button(description=say("Show my progress code"), layout=wide,
                                             _dom_classes=("wt-progress__show",))
        self.code_box = ipywidgets.Text(
            description=say("Your code:"), disabled=False,
            layout=ipywidgets.Layout(width="100%", display="none"),
            _dom_classes=("wt-progress__code",),
        )
        self.paste_box = ipywidgets.Text(
            placeholder=say("Paste a progress code here"),
            description=say("Restore:"),
            layout=ipywidgets.Layout(flex="1 1 auto", width="auto"),  # the button keeps its label
            _dom_classes=("wt-progress__paste",),
        )
        self.restore_button = ipywidgets.Button(
            description=say("Restore progress"),
            layout=ipywidgets.Layout(width="auto", flex="0 0 auto"),
            _dom_classes=("wt-progress__restore",),
        )
        self.show_button.on_click(lambda _button: self.show_code())
        self.restore_button.on_click(lambda _button: self.restore())
        kwargs.setdefault("_dom_classes", ("wt-progress-panel",))
        super().__init__(
            [
                self.store,
                ipywidgets.HBox([self.show_button]),
                self.code_box,
                ipywidgets.HBox([self.paste_box, self.restore_button]),
            ],
            **kwargs,
        )

    def show_code(self) -> None:
        """Put the current code in a box the learner can select and copy."""
        self.code_box.value = self.store.export_code()
        self.code_box.layout.display = None

    def restore(self) -> None:
        """Read the pasted code into the store; the store's notice says how it went."""
        if self.store.import_code(self.paste_box.value):
            self.paste_box.value = ""
