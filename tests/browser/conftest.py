"""Playwright fixtures: Debian's Chromium, a page that fails its test on any console error.

Screenshots land in ``artifacts/screenshots`` (git-ignored).
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from tests.conftest import ARTIFACTS

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SCREENSHOTS = ARTIFACTS / "screenshots"

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test of this folder ``browser``, so ``-m browser`` (and ``-m "not browser"``)
    select exactly them. A ``pytestmark`` in a conftest marks nothing: pytest reads it only in
    test modules. First, before ``-m`` deselects anything."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Playwright's sync API runs an event loop in this thread; the tests' own ORM calls are
    # synchronous and safe, so Django's async guard is lifted while the browser lives.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()
    finally:
        playwright.stop()
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


class ConsoleWatch:
    """Collects a page's console errors and uncaught exceptions."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Page) -> Page:
        page.on("console", self.on_console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        return page

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location})")


@pytest.fixture
def console_watch() -> ConsoleWatch:
    return ConsoleWatch()


@pytest.fixture
def new_page(browser: Browser, console_watch: ConsoleWatch, daphne_server, live_db):
    """Returns a factory of pages in fresh browser contexts (each its own cookies)."""
    contexts = []

    def make(width: int = 1280, height: int = 800) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=daphne_server.url
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return console_watch.attach(context.new_page())

    yield make
    for context in contexts:
        context.close()
    assert console_watch.errors == [], "\n".join(console_watch.errors)


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    """Saves a screenshot (of the whole page, or of what the window shows) under
    artifacts/screenshots and returns its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
