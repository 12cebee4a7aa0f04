"""Draws the app's PNG icons (static/icons/icon-192.png, icon-512.png) from our own
static/icons/icon.svg, with the Chromium the browser tests use:

    .venv/bin/python tools/make_icons.py

Run it after changing the SVG, and commit the PNGs with it.
"""

import base64
import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (192, 512)
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def main() -> None:
    svg = base64.b64encode((ICONS / "icon.svg").read_bytes()).decode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            html = (
                "<!doctype html><html><body style='margin:0'>"
                f"<img width='{size}' height='{size}' style='display:block' "
                f"src='data:image/svg+xml;base64,{svg}'></body></html>"
            )
            page.set_content(html)
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
