"""The URLs of the widget code that Voilà serves under names carrying a content hash.

Read by voila.py (the Voilà server of `make serve`) and by jupyter_server_config.py
(JupyterLab with Voilà's extension, as on Binder), which hand the list to jupyter_server's
``static_immutable_cache`` setting: a file under such a name never changes, so the browser
may keep it for good. Every other file (style.js, package.json, ...) stays "no-cache".
"""

import os
import re
from pathlib import Path

from voila.utils import get_voila_labextensions_path

CONTENT_HASHED = re.compile(r"\.[0-9a-f]{8,}\.js$")
"""A bundle file named with its content hash, e.g. 967.38afcd79.js or remoteEntry.5f4e.....js."""


def content_hashed_urls(base_url: str) -> list[str]:
    """The path of every content-hashed extension file under ``base_url``voila/labextensions/."""
    prefix = base_url.rstrip("/") + "/voila/labextensions/"
    urls = set()
    for root in map(Path, get_voila_labextensions_path()):
        for file in root.glob("**/*.js"):
            if CONTENT_HASHED.search(file.name):
                urls.add(prefix + file.relative_to(root).as_posix())
    return sorted(urls)


def base_url() -> str:
    """The server's base URL: JupyterHub's prefix for this server (as on Binder), else /."""
    return os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
