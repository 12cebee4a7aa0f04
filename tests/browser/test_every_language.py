"""In Chromium: the main pages in each of the site's languages, chosen by the language cookie
as the footer's switch writes it: the page says its language, the navigation, a server-written
heading and a script-written line are in it (compared with the project's catalogues, so a
missing or unloaded translation fails), and nothing errs in the console. A screenshot of each
page in each language."""

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import DjangoTranslation
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

# English and Russian (another script, three plural forms) in make test, the others in make
# test-slow: tests/site/test_catalogues.py holds every catalogue to every marked message.
LANGUAGES = [
    code if code in ("en", "ru") else pytest.param(code, marks=pytest.mark.slow)
    for code, _ in settings.LANGUAGES
]
PAGES = [
    ("home", "/"),
    ("play", "/play/"),
    ("bot", "/play/bot/"),
    ("archive", "/games/"),
    ("tournaments", "/tournaments/"),
    ("watch", "/watch/"),
    ("rules", "/rules/international/"),
    ("players", "/players/"),
    ("login", "/accounts/login/"),
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_main_pages_read_in_every_language(new_page, daphne_server, code) -> None:
    page = new_page()
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": daphne_server.url}]
    )
    with translation.override(code):
        play = translation.pgettext("navigation", "Play")
        rules = translation.gettext("Rules")
        main = translation.pgettext("navigation", "Main")
        international = translation.gettext("International Checkers")
    scripts = DjangoTranslation(code, domain="djangojs")
    if code != settings.LANGUAGE_CODE:
        # The catalogues are there and translate: a check of the check.
        assert play != "Play" and scripts.gettext("Play a move on the board.") != (
            "Play a move on the board."
        )
    for name, path in PAGES:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", code)
        nav = page.get_by_role("navigation", name=main)
        expect(nav.get_by_role("link", name=play, exact=True)).to_be_visible()
        expect(nav.get_by_role("link", name=rules, exact=True)).to_be_visible()
        if name == "rules":
            expect(page.locator("h1")).to_contain_text(international)
            # The prose is English for now, and the page says so in the reader's language.
            notice = page.get_by_test_id("rules-in-english")
            if code == settings.LANGUAGE_CODE:
                expect(notice).to_have_count(0)
            else:
                expect(notice).to_be_visible()
        screenshot(page, f"language-{code}-{name}")
    # A line written by the scripts, from the JavaScript catalogue.
    page.goto("/analysis/")
    expect(page.get_by_test_id("move-tree")).to_contain_text(
        scripts.gettext("Play a move on the board.")
    )
    screenshot(page, f"language-{code}-analysis")
