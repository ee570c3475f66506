"""Settings that make jupyterlab-rise slideshows work offline and fit the lessons.

jupyterlab-rise's default reveal theme (``simple``) imports two Google web
fonts; its ``white`` theme uses only fonts bundled in the extension.  The
lessons are set up for it through JupyterLab's **settings overrides**
(``<prefix>/share/jupyter/lab/settings/overrides.json``, read by JupyterLab and by
RISE's presenter page): no package file is patched.  ``make lab`` and
``make test`` write it with ``python -m cgteach.present rise-settings``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

__all__ = ["RISE_SETTINGS", "install_settings", "overrides_path"]

#: What the lessons need from RISE: a theme without web fonts, no slow transitions.
#: (Fixed pixel ``width``/``height`` put the slides off-centre in RISE 0.43: keep 100%.)
RISE_SETTINGS = {
    "theme": "white",
    "transition": "none",
    "start_slideshow_at": "selected",
}

PLUGIN = "jupyterlab-rise:plugin"


def overrides_path(prefix=None) -> Path:
    """Where JupyterLab reads default-setting overrides for the environment at ``prefix``."""
    return Path(prefix or sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def install_settings(prefix=None) -> Path:
    """Merge :data:`RISE_SETTINGS` into the overrides file (other entries are kept)."""
    path = overrides_path(prefix)
    data = {}
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8") or "{}")
        except json.JSONDecodeError as error:
            raise ValueError(f"{path} is not valid JSON ({error}): fix or delete it") from None
    mine = data.setdefault(PLUGIN, {})
    for stale in ("width", "height"):     # written by an earlier version of this module
        mine.pop(stale, None)
    mine.update(RISE_SETTINGS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path
