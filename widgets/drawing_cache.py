"""A disk cache for what a page draws the same way every time.

Voila runs a page in a fresh kernel at every view, so whatever a page computes is computed
again for every learner. The pictures of worked tricks, puzzle previews and the ranking chart
depend only on their arguments and on the code of the engine and the widgets, so they are
kept on disk, keyed by both; any change to the code makes new keys.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .language import current


def sources_digest(folders: Iterable[Path]) -> str:
    """A digest of the source of every module in ``folders`` and their subfolders."""
    import hashlib  # imported when a picture is first looked up, not with the first cell

    digest = hashlib.sha256()
    for folder in folders:
        for source in sorted(folder.rglob("*.py")):
            name = source.relative_to(folder).as_posix()
            digest.update(name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()


@cache
def code_digest() -> str:
    """A digest of the source of the engine (every layer) and of the widgets, and of the
    compiled catalogs their words come from."""
    import hashlib

    import worms_tutor

    engine = Path(worms_tutor.__file__).parent
    digest = hashlib.sha256(sources_digest((engine, Path(__file__).parent)).encode())
    for catalog in sorted((engine / "locale").rglob("*.mo")):
        digest.update(catalog.as_posix().encode() + b"\0" + catalog.read_bytes())
    return digest.hexdigest()


def cache_path(kind: str, key: str | bytes) -> Path:
    """Where a picture of ``kind`` drawn for ``key`` is kept."""
    import hashlib

    raw = key if isinstance(key, bytes) else key.encode("utf-8")
    lang = current().encode()  # a Danish page draws in Danish
    digest = hashlib.sha256(code_digest().encode() + b"\0" + lang + b"\0" + raw).hexdigest()[:24]
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "worms-tutor"
    return root / f"{kind}-{digest}"


def cache_read(path: Path) -> bytes | None:
    """What is kept at ``path``, or None."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def cache_write(path: Path, data: bytes) -> None:
    """Keep ``data`` at ``path`` (whole or not at all); without a writable cache, nothing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(data)
        partial.replace(path)
    except OSError:
        pass  # no cache: the next page view draws it again


def kept_on_disk() -> bool:
    """Whether a drawing kept on disk can be read again: not in the browser (the static
    edition's Pyodide), whose files last only as long as the page."""
    return sys.platform != "emscripten"


def cached_html(kind: str, key: str | bytes, build: Callable[[], str]) -> str:
    """The HTML ``build`` makes, read from the cache when it was built before."""
    if not kept_on_disk():
        return build()
    path = cache_path(kind, key)
    cached = cache_read(path)
    if cached is not None:
        return cached.decode("utf-8")
    html = build()
    cache_write(path, html.encode("utf-8"))
    return html


def drawn(kind: str, arguments: Sequence[Any], draw: Callable[[], str]) -> str:
    """The picture ``draw`` makes for a lesson call, cached under the call's own arguments:
    a page drawn from the cache neither builds scenarios nor loads the engine's play modules."""
    return cached_html(kind, json.dumps(list(arguments), sort_keys=True, default=repr), draw)
