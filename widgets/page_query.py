"""PageQuery: the query string of the page's address, as the browser knows it.

Voilà passes it to the kernel as ``QUERY_STRING``, but the static edition (Voici) has no
server, and a preheated kernel runs before any request: there only the browser knows it.
"""

from __future__ import annotations

import anywidget
import traitlets

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
