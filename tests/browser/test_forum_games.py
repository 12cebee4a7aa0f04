"""A game linked from a forum post, in Chromium against a real Daphne: the post shows a picture of
the game's position (drawn: its black pieces where they stand, the squares without pieces the
board's colours), its players, game and result, and the picture links to the game, whose page
offers the same picture as *Image of the position*."""

from functools import partial

from playwright.sync_api import Page, expect

from games.services.core import Actor
from games.services.play import game_create_local
from tests.browser.board_helpers import off_the_loop, shot
from tests.factories import make_user
from tests.forum.conftest import start

# The darkest pixel's brightness (0-255) in a square of the picture drawn at 160 px: 20 px a
# square; the picture's pixels are read back through a canvas, as the page drew them.
DARKEST = """([img, file, rank]) => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 160;
  const context = canvas.getContext("2d");
  context.drawImage(img, 0, 0, 160, 160);
  const { data } = context.getImageData(file * 20, (7 - rank) * 20, 20, 20);
  let darkest = 255;
  for (let i = 0; i < data.length; i += 4) {
    darkest = Math.min(darkest, (data[i] + data[i + 1] + data[i + 2]) / 3);
  }
  return darkest;
}"""


def darkest(page: Page, img, file: int, rank: int) -> float:
    return img.evaluate(f"(img) => ({DARKEST})([img, {file}, {rank}])")


def test_a_post_shows_the_game_it_links_to(new_page) -> None:
    ann = make_user("ann")
    game = off_the_loop(partial(game_create_local, actor=Actor(user_id=ann.pk)))
    text = f"Where would you put the knight? /game/{game.public_id}/"
    topic = off_the_loop(start, ann, "analysis", "My game", text)
    page = new_page(1280, 800)
    page.goto(f"/forum/analysis/{topic.public_id}/")
    preview = page.get_by_test_id("post-game")
    expect(preview).to_have_count(1)
    expect(preview).to_contain_text("Chesskers")
    expect(preview).to_contain_text("in progress")
    img = preview.locator("img")
    expect(img).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
    # The black king stands on e8 (drawn in black), e4 is an empty light square.
    assert darkest(page, img, 4, 7) < 40
    assert darkest(page, img, 4, 3) > 150
    shot(page, "forum-game-preview")
    preview.click()
    expect(page).to_have_url(f"/game/{game.public_id}/")
