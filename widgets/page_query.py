"""The query string of the page's address (``?position=…``, ``?chapter=…``).

Voilà hands a page's kernel the learner's query as ``QUERY_STRING``: ``page_query`` reads it.
A kernel from Voilà's preheated pool (the classroom server) runs its page before any learner
asks, so the query arrives later: ``voila.utils.wait_for_request`` waits for it there, and
returns at once everywhere else (a page not preheated, JupyterLab, nbval, a plain Python).
The static edition (Voici) has no server at all: there only the browser knows the address,
and ``PageQuery``, a widget, sends it to the kernel once the page is shown.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import anywidget
import traitlets


def page_query() -> str:
    """The page's query string as Voilà gives it, empty where there is none."""
    try:
        from voila.utils import wait_for_request  # type: ignore[import-untyped]
    except ImportError:  # Voilà is not installed here: no page, no query
        return ""
    wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def query_value(name: str, query: str | None = None) -> str | None:
    """One parameter of a query string (percent-decoded), the page's own when not given."""
    if query is None:
        query = page_query()
    values = parse_qs(query, keep_blank_values=True).get(name)
    return values[0] if values else None


_ESM = """
function initialize({ model }) {
  model.set("query", window.location.search.replace(/^\\?/, ""));
  model.save_changes();
}
export default { initialize };
"""


class PageQuery(anywidget.AnyWidget):
    """Sets ``query`` to the page's query string (without "?") once the browser has it."""

    _esm = _ESM
    query = traitlets.Unicode("").tag(sync=True)
