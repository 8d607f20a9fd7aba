"""ProgressPanel: the store's status plus the progress code to copy out and paste back."""

from __future__ import annotations

from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from .progress import ProgressStore


class ProgressPanel(ipywidgets.VBox):  # type: ignore[misc]
    """Shows a ``ProgressStore``; lets the learner copy a backup code or restore from one."""

    def __init__(self, store: ProgressStore | None = None, **kwargs: Any) -> None:
        self.store = store or ProgressStore()
        wide = ipywidgets.Layout(width="auto")
        self.show_button = ipywidgets.Button(description="Show my progress code", layout=wide)
        self.code_box = ipywidgets.Text(
            description="Your code:", disabled=False, layout=ipywidgets.Layout(width="100%")
        )
        self.code_box.add_class("wt-progress__code")
        self.paste_box = ipywidgets.Text(
            placeholder="Paste a progress code here",
            description="Restore:",
            layout=ipywidgets.Layout(width="100%"),
        )
        self.paste_box.add_class("wt-progress__paste")
        self.restore_button = ipywidgets.Button(
            description="Restore progress", layout=ipywidgets.Layout(width="auto")
        )
        self.show_button.add_class("wt-progress__show")
        self.restore_button.add_class("wt-progress__restore")
        self.show_button.on_click(lambda _button: self.show_code())
        self.restore_button.on_click(lambda _button: self.restore())
        self.code_box.layout.display = "none"
        super().__init__(
            [
                self.store,
                ipywidgets.HBox([self.show_button]),
                self.code_box,
                ipywidgets.HBox([self.paste_box, self.restore_button]),
            ],
            **kwargs,
        )
        self.add_class("wt-progress-panel")

    def show_code(self) -> None:
        """Put the current code in a box the learner can select and copy."""
        self.code_box.value = self.store.export_code()
        self.code_box.layout.display = None

    def restore(self) -> None:
        """Read the pasted code into the store; the store's notice says how it went."""
        if self.store.import_code(self.paste_box.value):
            self.paste_box.value = ""
