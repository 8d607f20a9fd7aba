"""JupyterLab's server with Voilà's extension (`make lab`, Binder): the browser keeps the
widget code of Voilà pages, as under `make serve`. Voilà's own settings are in voila.json and
voila.py, which the extension reads from this folder too."""

from pathlib import Path
from runpy import run_path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (traitlets provides it)

widget_code = run_path(str(Path(__file__).with_name("widget_code.py")))
c.ServerApp.static_immutable_cache = widget_code["content_hashed_urls"](widget_code["base_url"]())
