"""In Chromium: the game page's controls stay where a finger last saw them. Arming Resign (its
first tap says "Confirm resign") changes no control's size or place, in every language and on a
phone's 375 px as on a laptop, so a quick second tap in the same place resigns (it offered a draw
when the armed button, wider, wrapped the row and "Offer draw" slid under the finger); the
actions that come and go while the game is live keep their places (Takeback after a first move,
Abort then Resign in one place, Offer draw while an offer is out): one unavailable for now keeps
its room, invisible and out of reach, so a quick second tap on Offer draw lands on nothing, not
on Resign slid into its place; and the notices, under the controls, come and go without moving
them: an opponent who leaves the table and comes back. A kept action's room is not a blank gap:
its words show dimmed in a dashed outline that takes no tap."""

import pytest
from django.conf import settings
from django.utils.translation.trans_real import DjangoTranslation
from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from tests.browser.board_helpers import log_in, off_the_loop, server_state, shot, tap, wait_moves
from tests.factories import make_user
from tests.games.conftest import opened, start_game

# English and Russian (another script, the longest labels) in make test, the others in make
# test-slow, as in test_every_language.py.
LANGUAGES = [
    code if code in ("en", "ru") else pytest.param(code, marks=pytest.mark.slow)
    for code, _ in settings.LANGUAGES
]
SIZES = {"laptop": (1280, 800), "phone": (375, 812)}

# Where each control on the page is (a button kept invisible in its room too), which of them
# show, any whose text its box clips; whether the page scrolls sideways. Places are the page's,
# not the window's: a tap on the board may scroll a phone's page.
LAYOUT = """() => {
  const controls = [...document.querySelectorAll('#controls [data-action], #controls [data-testid]')
  ].filter((e) => e.getClientRects().length);
  const name = (e) => e.dataset.action || e.dataset.testid;
  return {
    boxes: Object.fromEntries(controls.map((e) => {
      const r = e.getBoundingClientRect();
      return [name(e), [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]];
    })),
    shown: controls.filter((e) => getComputedStyle(e).visibility === 'visible').map(name).sort(),
    clipped: controls.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  };
}"""

# What a kept button is to a keyboard and a screen reader: nothing. It takes no focus, is out
# of the accessibility tree (inert, aria-hidden) and invisible.
KEPT = """(e) => {
  e.focus();
  return {
    focused: document.activeElement === e, inert: e.inert,
    hidden: e.getAttribute('aria-hidden'), visibility: getComputedStyle(e).visibility,
  };
}"""


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


def steady(page: Page, before: dict, shown: set[str]) -> None:
    """Asserts ``page``'s controls are where ``before`` saw them, each as large, showing
    ``shown`` among the live game's actions, none clipped and no sideways scroll."""
    expect(page.locator("#controls")).to_be_visible()
    now = page.evaluate(LAYOUT)
    assert not now["clipped"] and not now["sideways"], now
    assert now["boxes"] == before["boxes"], (now["boxes"], before["boxes"])
    assert set(now["shown"]) & ACTIONS == shown, now["shown"]


# The actions that come and go while an online game is live.
ACTIONS = {"takeback", "abort", "resign", "draw-offer", "give-time"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_actions_that_come_and_go_in_a_live_game_keep_their_places(
    new_page, daphne_server, code, size
) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: start_game(alice_user, bob_user, clock=TimeControl(180, 2)))
    url, game_id = daphne_server.url, game.public_id
    bob = at_the_game(new_page, url, "bob", game_id, SIZES[size], code)
    alice = at_the_game(new_page, url, "alice", game_id, SIZES[size], code)
    words = DjangoTranslation(code, domain="djangojs")
    expect(alice.locator("#controls [data-action=abort]")).to_be_visible()
    expect(alice.locator("#controls [data-action=draw-offer]")).to_be_visible()
    # Before a move: Abort, with Resign kept under it; Takeback kept for the first move.
    alice_before, bob_before = alice.evaluate(LAYOUT), bob.evaluate(LAYOUT)
    for before in (alice_before, bob_before):
        assert not before["clipped"] and not before["sideways"], before
        assert {"takeback", "resign", "abort"} <= before["boxes"].keys()
        assert before["boxes"]["abort"] == before["boxes"]["resign"]  # one place
        assert set(before["shown"]) & ACTIONS == {"abort", "draw-offer", "give-time"}
    shot(alice, f"steady-actions-first-{code}-{size}")
    for action in ("takeback", "resign"):
        kept = alice.locator(f"#controls [data-action={action}]").evaluate(KEPT)
        assert kept == {"focused": False, "inert": True, "hidden": "true", "visibility": "hidden"}

    # White's first move: her Takeback appears in its room; Abort stays (Black has not moved).
    tap(alice, "e2", "e4")
    wait_moves(bob, 1)
    expect(alice.locator("#controls [data-action=takeback]")).to_be_visible()
    steady(alice, alice_before, {"takeback", "abort", "draw-offer", "give-time"})
    steady(bob, bob_before, {"abort", "draw-offer", "give-time"})

    # Black's: Abort becomes Resign, in its place, on both pages; his Takeback appears.
    tap(bob, "d7", "d5")
    wait_moves(alice, 2)
    expect(alice.locator("#controls [data-action=resign]")).to_have_text(
        f"⚑ {words.gettext('Resign')}"
    )
    expect(bob.locator("#controls [data-action=takeback]")).to_be_visible()
    steady(alice, alice_before, {"takeback", "resign", "draw-offer", "give-time"})
    steady(bob, bob_before, {"takeback", "resign", "draw-offer", "give-time"})

    # White offers a draw: Offer draw goes from both pages, keeping its room; a quick second tap
    # where it was lands on nothing (it resigned when Resign slid there).
    offer = alice.locator("#controls [data-action=draw-offer]")
    offer.scroll_into_view_if_needed()
    x, y = center(alice, "#controls [data-action=draw-offer]")
    alice.mouse.click(x, y)
    expect(offer).to_be_hidden()
    expect(bob.locator(".draw-offer")).to_have_count(1)
    alice.mouse.click(x, y)
    shot(alice, f"steady-actions-offered-{code}-{size}")
    shot(bob, f"steady-actions-offer-to-answer-{code}-{size}")
    steady(alice, alice_before, {"takeback", "resign", "give-time"})
    steady(bob, bob_before, {"takeback", "resign", "give-time"})
    assert offer.evaluate(KEPT)["focused"] is False
    state = server_state(alice, game_id)
    assert (state["status"], state["draw_offer"]) == ("live", "white")

    # Black declines: Offer draw comes back in its place on both pages.
    bob.click("[data-action=draw-decline]")
    expect(alice.get_by_test_id("table-notice")).to_have_text(
        words.gettext("Your draw offer was declined.")
    )
    expect(offer).to_be_visible()
    # Bob's page draws his decline when the server's answer reaches it, maybe after Alice's.
    expect(bob.locator("#controls [data-action=draw-offer]")).to_be_visible()
    steady(alice, alice_before, {"takeback", "resign", "draw-offer", "give-time"})
    steady(bob, bob_before, {"takeback", "resign", "draw-offer", "give-time"})


# What a kept button's room shows: its words, dimmed in a dashed outline, drawn by its ::before
# while the button itself stays invisible.
KEPT_ROOM = """(e) => {
  const room = getComputedStyle(e, '::before');
  return {
    words: room.content, visibility: room.visibility, border: room.borderTopStyle,
    pointer: room.pointerEvents, button: getComputedStyle(e).visibility,
  };
}"""


def test_a_kept_actions_room_shows_its_words_dimmed_and_takes_no_tap(
    new_page, daphne_server
) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: start_game(alice_user, bob_user, clock=TimeControl(180, 2)))
    alice = at_the_game(new_page, daphne_server.url, "alice", game.public_id, SIZES["phone"])
    takeback = alice.locator("#controls [data-action=takeback]")
    expect(alice.locator("#controls [data-action=abort]")).to_be_visible()
    # Before her first move her Takeback is kept: its room reads as the action, not open now.
    assert takeback.evaluate(KEPT_ROOM) == {
        "words": '"↶ Propose takeback" / ""',
        "visibility": "visible",
        "border": "dashed",
        "pointer": "none",
        "button": "hidden",
    }
    assert takeback.evaluate(KEPT)["focused"] is False
    # Resign, kept under Abort in their shared place, draws nothing over it.
    assert alice.locator("#controls [data-action=resign]").evaluate(
        "(e) => getComputedStyle(e, '::before').content"
    ) in ("none", "normal")
    takeback.scroll_into_view_if_needed()
    alice.mouse.click(*center(alice, "#controls [data-action=takeback]"))  # lands on nothing
    shot(alice, "steady-controls-kept-room")
    state = server_state(alice, game.public_id)
    assert (state["status"], state["takeback_offer"]) == ("live", None)

    # Her first move opens it: the words are the button's own, the outline gone.
    tap(alice, "e2", "e4")
    expect(takeback).to_be_visible()
    assert takeback.evaluate("(e) => getComputedStyle(e, '::before').content") in ("none", "normal")
