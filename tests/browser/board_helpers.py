"""Helpers for the board's browser tests: start a pass-and-play game, read the board and the move
list from the DOM, and compare them with the server's state; log in; set up records."""

import re
import threading
from typing import Any

from django.db import connections
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.factories import PASSWORD


def log_in(page: Page, username: str) -> None:
    """Logs ``username`` in through the login page, as a person does."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # The menu's name, then the count of unread messages if there are any.
    expect(page.get_by_test_id("account-menu")).to_have_text(
        re.compile(rf"^{re.escape(username)}\d*$")
    )


def off_the_loop(function, *args) -> Any:
    """Runs ``function`` in a plain thread and returns its result: the services tell clients
    through ``async_to_sync``, which refuses the thread where Playwright's event loop runs."""
    results: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(function(*args))
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]
    return results[0]


def cls(name: str) -> re.Pattern:
    """Matches a class attribute that holds the class ``name``."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def start_local(page: Page, fen: str) -> str:
    """Starts a pass-and-play game from ``fen`` through the page a visitor uses; returns its id."""
    page.goto("/play/local/")
    page.fill("#fen", fen)
    page.click("[data-testid=new-local]")
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    expect(page.locator("#board .cb-board")).to_be_visible()
    # Moves go over the game's socket once it is open (before, over REST, where a refused move's
    # 400 is a console error the tests count).
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def square(page: Page, name: str):
    return page.locator(f"#board [data-square='{name}']")


def tap(page: Page, *names: str) -> None:
    for name in names:
        square(page, name).click()


def dom_board(page: Page, root: str = "#board") -> dict[str, str]:
    """Returns the pieces the board shows (square -> "wN"), leaving out pieces taken mid-chain."""
    return page.eval_on_selector_all(
        f"{root} .sq:not(.is-removed) .pc[data-piece]",
        "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.square, "
        "e.dataset.piece]))",
    )


def dom_moves(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".movelist [data-ply] .move-text", "els => els.map(e => e.textContent)"
    )


def fen_pieces(fen: str) -> dict[str, str]:
    """Returns the placement of ``fen`` as square -> "wN"."""
    pieces = {}
    for index, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                color = "w" if ch.isupper() else "b"
                pieces[f"{'abcdefgh'[file]}{8 - index}"] = color + ch.upper()
                file += 1
    return pieces


def server_state(page: Page, game_id: str) -> dict:
    response = page.request.get(f"/api/games/{game_id}/")
    assert response.ok, response.text()
    return response.json()


def wait_moves(page: Page, count: int) -> None:
    expect(page.locator(".movelist [data-ply]")).to_have_count(count)


def assert_matches_server(page: Page, game_id: str) -> dict:
    """Asserts the DOM board and move list show the server's state; returns that state."""
    state = server_state(page, game_id)
    wait_moves(page, len(state["moves"]))
    expect(page.locator("#board .cb-board")).to_be_visible()
    expected = fen_pieces(state["fen"])
    # Another viewer's chain is replayed jump by jump: wait for it to end.
    page.wait_for_function(
        """expected => {
          const shown = {};
          for (const e of document.querySelectorAll('#board .sq:not(.is-removed) .pc[data-piece]'))
            shown[e.parentElement.dataset.square] = e.dataset.piece;
          return JSON.stringify(Object.entries(shown).sort()) ===
            JSON.stringify(Object.entries(expected).sort());
        }""",
        arg=expected,
    )
    assert dom_board(page) == expected
    assert dom_moves(page) == [move["text"] for move in state["moves"]]
    if state["check"]:
        expect(square(page, state["check"])).to_have_class(cls("is-check"))
    return state


def shot(page: Page, name: str) -> None:
    """Saves a screenshot once the board's slides and fades (under 250 ms) have ended."""
    page.wait_for_timeout(300)
    screenshot(page, name)


def centre(page: Page, name: str, root: str = "#board") -> tuple[float, float]:
    """The middle of square ``name`` on the page, as the pointer reaches it."""
    box = page.locator(f"{root} [data-square='{name}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def right_drag(page: Page, start: str, end: str, root: str = "#board") -> None:
    """Draws an arrow (or, from a square to itself, a circle) with the right button."""
    page.mouse.move(*centre(page, start, root))
    page.mouse.down(button="right")
    page.mouse.move(*centre(page, end, root), steps=4)
    page.mouse.up(button="right")
