"""The browser client: static HTML, CSS and JavaScript modules served by the web table.

No build step: the files here are what the browser loads.
"""

from __future__ import annotations

from pathlib import Path

#: The folder served at ``/static``.
STATIC_DIR = Path(__file__).parent
