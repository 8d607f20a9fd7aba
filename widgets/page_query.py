"""The query string of the page a notebook runs for (``?position=…``), under Voilà.

Voilà hands a page's kernel the learner's query as ``QUERY_STRING``. A kernel from Voilà's
preheated pool (the classroom server) runs its page before any learner asks, so the query
arrives later: ``voila.utils.wait_for_request`` waits for it there, and returns at once
everywhere else (a page not preheated, JupyterLab, nbval, a plain Python).
"""

from __future__ import annotations

import os


def page_query() -> str:
    """The page's query string, empty where there is none."""
    try:
        from voila.utils import wait_for_request  # type: ignore[import-untyped]
    except ImportError:  # Voilà is not installed here: no page, no query
        return ""
    wait_for_request()
    return os.environ.get("QUERY_STRING", "")
