"""What a new user meets, in Chromium: the bot found from the lobby and found again there, a
long chain on a laptop's screen and in the move list, and a game's archive tools the moment
it ends."""

import re

from playwright.sync_api import Page, expect

from tests.browser.board_helpers import log_in, square, start_local, tap, wait_moves
from tests.factories import make_user

# The king's nine-jump chain over the lattice: Ka1:c3:e5:c7:a5:c3:e1:g3:e5:g7.
LATTICE_FEN = "k7/8/1n1p1p2/8/1p1p1p2/8/1p1p1p2/K7 w - - 0 1"  # eight pawns at most
LONG_CHAIN = ["c3", "e5", "c7", "a5", "c3", "e1", "g3", "e5", "g7"]


def test_a_visitor_finds_the_bot_from_the_lobby_and_finds_the_game_again(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/play/")
    expect(page.get_by_test_id("games-in-progress")).to_have_count(0)
    page.get_by_role("link", name="Play the bot").click()
    expect(page).to_have_url(re.compile(r"/play/bot/$"))
    page.get_by_test_id("start-bot").click()
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    game_url = page.url
    page.goto("/play/")
    listed = page.get_by_test_id("games-in-progress")
    expect(listed).to_contain_text(re.compile(r"the bot \(level \d\)", re.I))
    listed.get_by_role("link").first.click()
    expect(page).to_have_url(game_url)
    page.goto("/play/")
    page.get_by_role("link", name="Pass-and-play on one board").click()
    expect(page).to_have_url(re.compile(r"/play/local/$"))


def on_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the viewport as the page stands (no scrolling)."""
    return page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }",
    )


def squares_split_across_lines(page: Page) -> list[str]:
    """Returns the square names in the move list that are drawn on more than one line."""
    return page.eval_on_selector_all(
        ".movelist .move-text",
        """els => els.flatMap(el => {
          const split = [];
          const text = el.textContent;
          for (const m of text.matchAll(/[a-h][1-8]/g)) {
            let node = null, offset = m.index;
            for (const n of el.childNodes) {
              if (n.nodeType !== Node.TEXT_NODE) continue;
              if (offset < n.length) { node = n; break; }
              offset -= n.length;
            }
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + 2);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            if (tops.size > 1) split.push(m[0]);
          }
          return split;
        })""",
    )


def test_a_long_chain_on_a_laptop_keeps_its_instructions_and_wraps_between_squares(
    new_page,
) -> None:
    page = new_page(1366, 800)
    start_local(page, LATTICE_FEN)
    tap(page, "a1", "c3")
    hint = page.locator("#hint")
    expect(hint).to_contain_text("Chain:")
    assert on_screen(page, "#hint")
    assert on_screen(page, "[data-action=cancel-chain]")
    tap(page, *LONG_CHAIN[1:])
    wait_moves(page, 1)
    text = page.locator(".movelist [data-ply='0'] .move-text")
    expect(text).to_have_text("Ka1:c3:e5:c7:a5:c3:e1:g3:e5:g7")
    # The list's column is narrower than the chain: it wraps, but only after a ':'.
    assert text.evaluate("e => e.getClientRects().length > 1 || e.offsetHeight > 30")
    assert squares_split_across_lines(page) == []
    # On a phone too.
    page.set_viewport_size({"width": 375, "height": 812})
    assert squares_split_across_lines(page) == []
    expect(square(page, "g7").locator("[data-piece=wK]")).to_have_count(1)


def test_a_live_game_shows_its_archive_tools_the_moment_it_ends(new_page) -> None:
    make_user("alice")
    page = new_page(1280, 800)
    log_in(page, "alice")
    start_local(page, LATTICE_FEN)
    tap(page, "a1", "a2")
    wait_moves(page, 1)
    expect(page.locator("#archive-tools")).to_be_hidden()
    expect(page.get_by_test_id("annotation-form")).to_have_count(0)
    page.click("[data-action=resign]")
    page.click("[data-action=resign]")
    expect(page.get_by_test_id("result-banner")).to_contain_text("resigned")
    # No reload: the same page now offers the analysis, the download and the annotation form.
    expect(page.get_by_test_id("analyse")).to_be_visible()
    expect(page.get_by_test_id("export")).to_be_visible()
    expect(page.get_by_test_id("export")).to_have_attribute("href", re.compile(r"/export/"))
    expect(page.get_by_test_id("annotation-form")).to_be_visible()
    # Looking back in a finished game speaks of its end, not of a live position.
    page.get_by_role("button", name="First position").click()
    expect(page.locator("#hint")).to_have_text(
        "Viewing an earlier position. Use → or “Back to the end” to return."
    )
    page.get_by_role("button", name="Back to the end").click()
    expect(page.locator("#hint")).to_have_text("")
