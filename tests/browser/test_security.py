"""The Content-Security-Policy in Chromium: an inline script is not run, and its refusal is a
console error, which the page fixture turns into a failed test (so a page that needed inline
script or style could not pass unnoticed)."""

import re

from playwright.sync_api import expect

from games.models import Connection, Game


def test_an_inline_script_is_refused_and_shows_as_a_console_error(new_page, console_watch) -> None:
    page = new_page()
    page.goto("/play/local/")
    expect(page.get_by_test_id("new-local")).to_be_visible()
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.injected = true;";
            document.body.append(script);
        }"""
    )
    assert page.evaluate("() => window.injected === undefined")
    refusals = [error for error in console_watch.errors if "Content Security Policy" in error]
    assert len(refusals) == 1, console_watch.errors
    console_watch.errors.clear()  # the one refusal this test caused on purpose
    # The site's own module scripts run under the policy: the game page draws its board.
    page.get_by_test_id("new-local").click()
    expect(page).to_have_url(re.compile(r"/game/[a-z0-9]+/$"))
    expect(page.locator("#board")).to_be_visible()
    # Its socket seated at the game on the server too: a connect still on its way when the test
    # ends would write its row while the database is emptied for the next test. (The page's
    # own mark of an open socket is drawn before the server has written the row.)
    game = Game.objects.get(public_id=page.url.rstrip("/").rsplit("/", 1)[1])
    for _ in range(200):
        if Connection.objects.filter(game=game).exists():
            break
        page.wait_for_timeout(50)
    assert Connection.objects.filter(game=game).exists()


def test_the_api_docs_render_under_the_policy(new_page) -> None:
    page = new_page()
    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Chesskers API")
    expect(page.get_by_text("/api/account/").first).to_be_visible()
    # Swagger UI draws a long list of operations only as it is scrolled into view: a reader
    # scrolls down to the games.
    local = page.get_by_text("/api/games/local/").first
    for _ in range(80):
        if local.count():
            break
        page.mouse.wheel(0, 1200)
        page.wait_for_timeout(50)
    local.scroll_into_view_if_needed()
    expect(local).to_be_visible()
