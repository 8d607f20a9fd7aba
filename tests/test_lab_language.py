"""For authors of the Danish edition: JupyterLab from the ``lab`` extra speaks Danish too."""

from __future__ import annotations

from jupyterlab_server.translation_utils import get_language_packs


def test_jupyterlab_offers_danish() -> None:
    packs, message = get_language_packs("en")
    assert "da_DK" in packs, message
    assert packs["da_DK"]["nativeName"] == "Dansk (Danmark)"
