"""In Chromium: the game page's controls stay where a finger last saw them. Arming Resign (its
first tap says "Confirm resign") changes no control's size or place, in every language and on a
phone's 375 px as on a laptop, so a quick second tap in the same place resigns (it offered a draw
when the armed button, wider, wrapped the row and "Offer draw" slid under the finger); and the
notices, under the controls, come and go without moving them: an opponent who leaves the table
and comes back."""

import pytest
from django.conf import settings
from django.utils.translation.trans_real import DjangoTranslation
from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from tests.browser.board_helpers import log_in, off_the_loop, server_state, shot
from tests.factories import make_user
from tests.games.conftest import opened, start_game

# English and Russian (another script, the longest labels) in make test, the others in make
# test-slow, as in test_every_language.py.
LANGUAGES = [
    code if code in ("en", "ru") else pytest.param(code, marks=pytest.mark.slow)
    for code, _ in settings.LANGUAGES
]
SIZES = {"laptop": (1280, 800), "phone": (375, 812)}

# Where each control on screen is, and any whose text its box clips; whether the page scrolls
# sideways.
LAYOUT = """() => ({
  boxes: Object.fromEntries([...document.querySelectorAll('#controls > *')]
    .filter((e) => e.getClientRects().length)
    .map((e) => {
      const r = e.getBoundingClientRect();
      return [e.dataset.action || e.dataset.testid, [r.x, r.y, r.width, r.height]];
    })),
  clipped: [...document.querySelectorAll('#controls > *')]
    .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth)
    .map((e) => e.textContent),
  sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
})"""


def at_the_game(new_page, url: str, name: str, game_id: str, size=(1280, 800), code="en") -> Page:
    """Returns ``name``'s page at the game, in language ``code``, its socket open."""
    page = new_page(*size)
    log_in(page, name)  # in English: then the language
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": url}])
    page.goto(f"/game/{game_id}/")
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    return page


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_arming_resign_moves_no_control_and_a_second_tap_there_resigns(
    new_page, daphne_server, code, size
) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: opened(start_game(alice_user, bob_user, clock=TimeControl(180, 2))))
    alice = at_the_game(new_page, daphne_server.url, "alice", game.public_id, SIZES[size], code)
    words = DjangoTranslation(code, domain="djangojs")
    resign = alice.locator("#controls [data-action=resign]")
    expect(resign).to_have_text(f"⚑ {words.gettext('Resign')}")
    expect(alice.locator("#controls [data-action=draw-offer]")).to_be_visible()
    resign.scroll_into_view_if_needed()
    before = alice.evaluate(LAYOUT)
    assert not before["clipped"] and not before["sideways"], before

    x, y = center(alice, "#controls [data-action=resign]")
    alice.mouse.click(x, y)
    expect(resign).to_have_text(words.gettext("Confirm resign"))
    armed = alice.evaluate(LAYOUT)
    shot(alice, f"steady-controls-armed-{code}-{size}")
    assert not armed["clipped"] and not armed["sideways"], armed
    # Resign, Offer draw and every other control where they were, and as large.
    assert armed["boxes"] == before["boxes"]

    alice.mouse.click(x, y)  # the second tap, in the same place: Resign's
    expect(alice.get_by_test_id("result-banner")).to_be_visible()
    state = server_state(alice, game.public_id)
    assert (state["status"], state["termination"], state["draw_offer"]) == (
        "finished",
        "resignation",
        None,
    )


@pytest.mark.parametrize("size", SIZES)
def test_an_opponent_who_leaves_and_comes_back_moves_no_control(
    new_page, daphne_server, size
) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: opened(start_game(alice_user, bob_user, clock=TimeControl(180, 2))))
    bob = at_the_game(new_page, daphne_server.url, "bob", game.public_id)
    alice = at_the_game(new_page, daphne_server.url, "alice", game.public_id, SIZES[size])
    expect(alice.locator("[data-testid=presence-black].is-online")).to_have_count(1)
    controls = alice.locator("#controls")
    controls.scroll_into_view_if_needed()
    expect(alice.locator("#controls [data-action=resign]")).to_be_visible()
    notices = alice.locator("#notices")
    expect(notices).to_be_empty()
    before = alice.evaluate(LAYOUT)["boxes"]
    where = controls.bounding_box()

    bob.close()  # Black's page closes its socket: Alice is told, and may claim the win later
    expect(notices.get_by_test_id("absence")).to_contain_text("Black left the table")
    expect(notices.get_by_test_id("absence")).to_be_in_viewport()
    shot(alice, f"steady-controls-absence-{size}")
    assert controls.bounding_box() == where
    assert alice.evaluate(LAYOUT)["boxes"] == before

    bob = at_the_game(new_page, daphne_server.url, "bob", game.public_id)  # he comes back
    expect(notices.get_by_test_id("absence")).to_have_count(0)
    assert controls.bounding_box() == where
    assert alice.evaluate(LAYOUT)["boxes"] == before
