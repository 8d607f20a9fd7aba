"""Voilà settings that need Python; the rest are in voila.json.

Read, like voila.json, by `make serve` (Voilà started from the repository root) and by the
Voilà extension inside JupyterLab, as on Binder.
"""

import sys
from typing import Any

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (traitlets provides it)


def give_the_page_its_xsrf_cookie(handler: Any, notebook: Any, cwd: str) -> None:
    """When a learner leaves a page, Voilà asks the server to shut the page's kernel down;
    the server refuses (403) unless the browser holds the ``_xsrf`` cookie, which Voilà's
    pages do not set. Every chapter opened straight from a link or a bookmark would leave a
    kernel running (about 55 MB) until culled. Reading the token sets the cookie."""
    handler.xsrf_token  # noqa: B018


# Voilà refuses a launch hook together with preheated kernels, which run before any request.
if not any("preheat_kernel" in arg and not arg.endswith("=False") for arg in sys.argv):
    c.VoilaConfiguration.prelaunch_hook = give_the_page_its_xsrf_cookie
