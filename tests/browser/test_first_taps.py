"""A player's taps in the first moment of a game page, before its socket opens: the page drawn
from its page data takes them, and the socket's first messages move no control under them."""

from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from games.models import Game
from tests.browser.board_helpers import log_in, off_the_loop
from tests.factories import make_user
from tests.games.conftest import opened, start_game

# Holds back what the page's sockets hear (their opening, their messages) until the test lets
# them through: the moment between a page's load and its socket's opening, made as long as the
# test needs.
HELD_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  window.releaseSockets = () => release();
  window.WebSocket = new Proxy(Real, {
    construct(target, args) {
      const socket = new target(...args);
      const listen = socket.addEventListener.bind(socket);
      socket.addEventListener = (type, listener, options) =>
        listen(type, (event) => held.then(() => listener(event)), options);
      return socket;
    },
  });
})();
"""


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_tap_on_resign_across_the_sockets_opening_arms_it(new_page) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    alice, bob = new_page(), new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, name)
        page.goto("about:blank")
    game = off_the_loop(lambda: opened(start_game(alice_user, bob_user, clock=TimeControl(180, 2))))
    bob.goto(f"/game/{game.public_id}/")
    expect(bob.locator("body[data-live=open]")).to_have_count(1)
    # The page marks its socket open before the server has seated it (and, Bob at the table,
    # started counting Alice's absence): wait for the server, or Alice's page may come first.
    for _ in range(200):
        if Game.objects.get(pk=game.pk).absence_side == "white":
            break
        bob.wait_for_timeout(50)
    assert Game.objects.get(pk=game.pk).absence_side == "white"

    # Alice comes to the game with Bob at the table: her page, drawn before her socket opens,
    # has her away (as in a game she comes to second, or comes back to).
    alice.add_init_script(HELD_SOCKETS)
    alice.goto(f"/game/{game.public_id}/")
    resign = alice.locator("[data-action=resign]")
    expect(resign).to_be_visible()
    page_data = alice.evaluate("JSON.parse(document.getElementById('page-data').textContent)")
    assert page_data["state"]["absence"]["side"] == "white"
    # Her finger comes down on Resign; the socket opens and its first messages are drawn
    # (her own dot lit) before it comes up: the tap is Resign's, which asks to be confirmed.
    controls = alice.locator("#controls")
    top = controls.bounding_box()["y"]
    alice.mouse.move(*center(alice, "[data-action=resign]"))
    alice.mouse.down()
    alice.evaluate("window.releaseSockets()")
    expect(alice.locator("body[data-live=open]")).to_have_count(1)
    expect(alice.locator("[data-testid=presence-white].is-online")).to_have_count(1)
    moved = controls.bounding_box()["y"] - top
    alice.mouse.up()
    expect(resign).to_have_text("Confirm resign")
    assert moved == 0  # no control moved as the socket opened: not Abort, Draw or Takeback
