"""The ranking chart as a chapter shows it, from the disk cache when it was drawn before.

Drawing it needs matplotlib (seconds on a busy server), so the picture and its text are
kept in the drawing cache, keyed by the source of every module that shapes the chart; a page
served from the cache never loads matplotlib.
"""

from __future__ import annotations

from typing import Any

from worms_tutor.values.cards import parse_cards

from .drawing_cache import cache_path, cache_read, cache_write

_SIZE_BYTES = 8
"""The cached entry starts with the picture's size in this many bytes."""


def ladder(highlight: str = "") -> Any:
    """The ranking chart, a RankLadderView, or the same widgets built from the cache."""
    key = " ".join(sorted(map(str, parse_cards(highlight))))
    path = cache_path("ladder", key)
    cached = cache_read(path)
    if cached is not None and len(cached) > _SIZE_BYTES:
        size = int.from_bytes(cached[:_SIZE_BYTES], "big")
        picture = cached[_SIZE_BYTES:_SIZE_BYTES + size]
        return _ladder_view(picture, cached[_SIZE_BYTES + size:].decode("utf-8"))
    from .ladder import RankLadderView

    view = RankLadderView(highlight=highlight)
    png = bytes(view.image.value)
    details: str = view.details.value
    cache_write(path, len(png).to_bytes(_SIZE_BYTES, "big") + png + details.encode("utf-8"))
    return view


def _ladder_view(png: bytes, details: str) -> Any:
    """The same widgets RankLadderView builds, from the cached picture and text."""
    import ipywidgets  # type: ignore[import-untyped]

    image = ipywidgets.Image(value=png, format="png", layout=ipywidgets.Layout(max_width="100%"),
                             _dom_classes=("wt-ladder__image",))
    text = ipywidgets.HTML(details, _dom_classes=("wt-ladder__text",))
    return ipywidgets.VBox([image, text], _dom_classes=("wt-ladder",))
