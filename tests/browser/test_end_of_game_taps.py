"""In Chromium: the controls that come when a game ends take no tap meant for what was there.
When a game ends its live actions go and Rematch and New opponent come in their rooms (New
opponent where a phone's Resign was, Rematch where Takeback was): a quick tap just after
confirming Resign, or on Takeback or Offer draw just as the opponent's resignation lands, used to
offer a rematch or leave for the lobby. A control that comes takes no tap whose pointer came
down before it came or within half a second of it (static/js/arrivals.js); a deliberate tap
after that is taken."""

from functools import partial

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from games.models import Game
from tests.browser.board_helpers import off_the_loop, server_state, shot
from tests.browser.test_steady_controls import at_the_game, center
from tests.factories import make_user
from tests.games.conftest import opened, start_game

PHONE, LAPTOP = (375, 812), (1280, 800)

# Notes, in the page's time, when Rematch and New opponent come into view and when a pointer
# comes down: the test's taps are checked to have come within the half second they test. The
# notes are kept in the tab's session storage too: a tap that came too late is taken, and New
# opponent then leaves the page for the lobby.
WATCH = """() => {
  window.came = null;
  window.downs = [];
  const keep = () => sessionStorage.setItem(
    'end-taps', JSON.stringify({ came: window.came, downs: window.downs }));
  const rematch = document.querySelector('#controls [data-action=rematch]');
  new MutationObserver(() => {
    if (!rematch.hidden && window.came === null) window.came = performance.now();
    keep();
  }).observe(rematch, { attributes: true, attributeFilter: ['hidden'] });
  document.addEventListener('pointerdown', () => {
    window.downs.push(performance.now());
    keep();
  }, true);
}"""
KEPT = "() => JSON.parse(sessionStorage.getItem('end-taps'))"

# What a tap at a point of the page lands on now: a control's name, or null.
AT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const control = hit && hit.closest('a, button');
  return control && (control.dataset.action || control.dataset.testid || null);
}"""


def live_game(attempt: int) -> Game:
    """A live game of the attempt's Alice (White) and Bob, both having moved."""
    white, black = make_user(f"alice{attempt}"), make_user(f"bob{attempt}")
    return opened(start_game(white, black, clock=TimeControl(180, 2)))


def at_a_live_game(new_page, url: str, attempt: int, size) -> tuple[str, Game, Page, Page]:
    """The attempt's Alice's name, her live game with Bob, and their pages at it (hers of
    ``size``, her controls in view)."""
    name = f"alice{attempt}"
    game = off_the_loop(partial(live_game, attempt))
    bob = at_the_game(new_page, url, f"bob{attempt}", game.public_id)
    alice = at_the_game(new_page, url, name, game.public_id, size)
    alice.locator("#controls").scroll_into_view_if_needed()
    return name, game, alice, bob


def ended(page: Page) -> None:
    """Waits, with no delay of its own, for ``page`` to draw the game's end."""
    page.wait_for_selector("#controls [data-action=rematch]", state="visible")


# A machine too busy to tap within the half second tests nothing: the scenario is played
# again on a new game, up to this many times, and fails only if it never was quick enough.
ATTEMPTS = 5


def taps_were_quick(page: Page, count: int) -> bool:
    """Returns whether the last ``count`` pointers came down within half a second of the end's
    controls coming (with a margin): only then do the taps test what they are for."""
    for _ in range(5):
        try:
            kept = page.evaluate(KEPT)
            break
        except PlaywrightError:  # leaving for the page a late tap asked: read there
            page.wait_for_load_state()
    came, downs = kept["came"], kept["downs"]
    assert came is not None
    return all(down - came < 450 for down in downs[-count:])


def rematch_offered_deliberately(alice: Page, bob: Page, game_id: str, name: str) -> None:
    """Alice, having waited a moment, taps Rematch: it is offered, and Bob is told."""
    rematch = alice.locator("#controls [data-action=rematch]")
    expect(rematch).not_to_have_attribute("aria-disabled", "true")
    alice.mouse.click(*center(alice, "#controls [data-action=rematch]"))
    expect(bob.get_by_test_id("rematch-notice")).to_contain_text(
        f"{name} (White) offers a rematch."
    )
    assert server_state(alice, game_id)["rematch"]["state"] == "open"


def no_rematch_and_still_here(alice: Page, game_id: str) -> None:
    # Long enough for a rematch offer or the lobby's page to have come, had a tap been taken.
    alice.wait_for_timeout(700)
    assert alice.url.endswith(f"/game/{game_id}/"), alice.url
    expect(alice.get_by_test_id("rematch-notice")).to_have_count(0)
    assert server_state(alice, game_id)["rematch"] is None


def test_quick_taps_on_resign_offer_no_rematch_nor_leave_for_the_lobby(
    new_page, daphne_server
) -> None:
    for attempt in range(ATTEMPTS):
        name, game, alice, bob = at_a_live_game(new_page, daphne_server.url, attempt, PHONE)
        spot = center(alice, "#controls [data-action=resign]")
        alice.evaluate(WATCH)

        # Alice taps Resign twice (it asks to be confirmed, then resigns) and, her finger
        # quick, twice more in the same place: where New opponent comes on a phone.
        alice.mouse.click(*spot)
        expect(alice.locator("#controls [data-action=resign]")).to_have_text("Confirm resign")
        alice.mouse.click(*spot)
        ended(alice)
        alice.mouse.click(*spot)
        alice.mouse.click(*spot)
        if not taps_were_quick(alice, 2):
            continue
        assert alice.evaluate(AT, list(spot)) == "new-opponent"  # what the taps landed on
        shot(alice, "end-of-game-taps-resigned")
        assert server_state(alice, game.public_id)["termination"] == "resignation"
        no_rematch_and_still_here(alice, game.public_id)

        rematch_offered_deliberately(alice, bob, game.public_id, name)
        return
    pytest.fail(f"no attempt of {ATTEMPTS} tapped within the half second it tests")


def test_taps_on_live_actions_as_the_opponent_resigns_offer_no_rematch(
    new_page, daphne_server
) -> None:
    for attempt in range(ATTEMPTS):
        name, game, alice, bob = at_a_live_game(new_page, daphne_server.url, attempt, LAPTOP)
        takeback = center(alice, "#controls [data-action=takeback]")
        draw = center(alice, "#controls [data-action=draw-offer]")
        alice.evaluate(WATCH)

        # Alice's finger is down on Propose takeback as Bob resigns: Rematch comes under it.
        alice.mouse.move(*takeback)
        alice.mouse.down()
        bob.click("#controls [data-action=resign]")
        bob.click("#controls [data-action=resign]")
        ended(alice)
        alice.mouse.up()
        # And she taps again, quick, there and on Offer draw: now Rematch and New opponent.
        alice.mouse.click(*takeback)
        alice.mouse.click(*draw)
        if not taps_were_quick(alice, 2):
            continue
        assert (alice.evaluate(AT, list(takeback)), alice.evaluate(AT, list(draw))) == (
            "rematch",
            "new-opponent",
        )
        no_rematch_and_still_here(alice, game.public_id)
        expect(alice.get_by_test_id("result-banner")).to_contain_text("White wins")

        rematch_offered_deliberately(alice, bob, game.public_id, name)
        return
    pytest.fail(f"no attempt of {ATTEMPTS} tapped within the half second it tests")
