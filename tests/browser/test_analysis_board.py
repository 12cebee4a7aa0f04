"""The analysis board in Chromium against a real Daphne and the real analysis workers (issue #38):
side lines played on the board, walked by keys, promoted and deleted; the eval bar and the best
move's arrow read from the DOM, a chain's arrow landing by landing; a finished game's board with
a side line saved to it; the circles and arrows drawn on a position there again when the walk
comes back to it; on desktop and at 375 px, screenshotted."""

import re

import pytest
from playwright.sync_api import expect

from games.services.archive import side_line_create
from games.services.core import Actor
from tests.browser.board_helpers import log_in, off_the_loop, right_drag, shot, square, tap
from tests.factories import make_user
from tests.games.archive_helpers import finished_game

# Chesskers (docs/rules/chesskers.md §1.3): Ra1 jumps a3, a5 and a7 and lands on a8: mate.
CHAIN_MATE = "6k1/p4ppp/8/p7/8/p7/8/R6K w - - 0 1"


def nodes(page) -> list[str]:
    return [text.strip() for text in page.locator("#move-tree .node").all_inner_texts()]


def current(page) -> str:
    return page.locator("#move-tree .node.is-current").inner_text().strip()


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_side_lines_are_played_walked_promoted_and_deleted(new_page, width, height) -> None:
    page = new_page(width, height)
    page.goto("/analysis/")
    expect(page.locator("#move-tree")).to_contain_text("Play a move")
    tap(page, "e2", "e4")
    expect(page.locator("#move-tree .node")).to_have_count(1)
    tap(page, "e7", "e5")
    expect(page.locator("#move-tree .node")).to_have_count(2)
    page.keyboard.press("ArrowLeft")  # back to after 1. e4
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e4"))
    tap(page, "c7", "c5")  # a side line at Black's first move
    expect(page.locator("#move-tree .side-line")).to_have_count(1)
    expect(page.locator("#move-tree .side-line")).to_contain_text("c5")
    assert current(page).endswith("c5")
    shot(page, f"analysis-side-line-{width}x{height}")
    page.keyboard.press("ArrowUp")  # the main line's move at this ply
    assert current(page).endswith("e5")
    page.keyboard.press("ArrowDown")
    assert current(page).endswith("c5")
    page.get_by_test_id("promote").click()  # c5 becomes the main line, e5 the side line
    side = page.locator("#move-tree .side-line")
    expect(side).to_contain_text("e5")
    expect(side).not_to_contain_text("c5")
    page.get_by_test_id("delete").click()  # deletes c5, back to 1. e4
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e4"))
    expect(page.locator("#move-tree .side-line")).to_have_count(0)
    assert nodes(page) == ["1.e4", "e5"]
    page.get_by_test_id("copy-pgn").click()
    expect(page.get_by_test_id("analysis-notice")).to_have_attribute(
        "data-copied", re.compile(r'\[Variant "Chesskers"\][\s\S]*1\. e4 e5 \*')
    )


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_the_eval_bar_and_the_arrow_show_a_mate_along_the_chain(new_page, width, height) -> None:
    page = new_page(width, height)
    page.goto(f"/analysis/chesskers/{CHAIN_MATE.replace(' ', '_')}")
    expect(page.locator("#hint")).to_have_text("White to move.")
    expect(page.get_by_test_id("eval-text")).to_have_text("#1", timeout=30_000)
    expect(page.get_by_test_id("eval-bar")).to_have_attribute("data-share", "1.000")
    arrows = page.get_by_test_id("arrows")
    expect(arrows).to_have_attribute("data-move", "Ra1:a4:a6:a8#")
    expect(arrows).to_have_attribute("data-path", "a1-a4-a6-a8")  # landing by landing
    expect(arrows.locator("polyline")).to_have_count(1)
    points = arrows.locator("polyline").get_attribute("points").split()
    assert len(points) == 4
    expect(page.get_by_test_id("engine-lines-out").locator("li").first).to_contain_text(
        "Ra1:a4:a6:a8#"
    )
    shot(page, f"analysis-eval-arrow-{width}x{height}")
    # Played, the mate ends the game: no engine, the bar says the result.
    tap(page, "a1", "a4", "a6", "a8")
    expect(page.get_by_test_id("eval-text")).to_have_text("1-0")
    expect(page.locator("#hint")).to_contain_text("checkmate")
    expect(arrows.locator("polyline")).to_have_count(0)


def test_the_eval_bar_turns_with_the_board(new_page) -> None:
    page = new_page()
    page.goto("/analysis/")
    bar, white = page.get_by_test_id("eval-bar"), page.locator("#eval-bar-white")
    expect(page.get_by_test_id("eval-text")).not_to_be_empty(timeout=30_000)

    def white_from_top() -> bool:
        """Whether White's share of the bar starts at its top."""
        return abs(white.bounding_box()["y"] - bar.bounding_box()["y"]) <= 1

    assert not white_from_top()  # White sits at the bottom: its share grows from there
    page.locator("[data-action='flip']").click()
    expect(bar).to_have_class(re.compile(r"\bis-flipped\b"))
    assert white_from_top()
    page.locator("[data-action='flip']").click()
    expect(bar).not_to_have_class(re.compile(r"\bis-flipped\b"))
    assert not white_from_top()


def test_a_player_saves_a_side_line_to_a_finished_game(new_page, live_db) -> None:
    def make() -> str:
        alice, bob = make_user("alice"), make_user("bob")
        return finished_game(alice, bob, ["f3", "e5", "g4", "Qh4#"]).public_id

    game_id = off_the_loop(make)
    page = new_page(1280, 800)
    log_in(page, "alice")
    page.goto(f"/game/{game_id}/")
    page.get_by_test_id("analysis-link").click()
    expect(page.locator("#move-tree .node")).to_have_count(4)
    page.goto(f"/analysis/{game_id}/#2")
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e5"))
    tap(page, "g2", "g3")
    expect(page.locator("#move-tree .side-line")).to_contain_text("g3")
    page.get_by_test_id("save-line").click()
    expect(page.get_by_test_id("analysis-notice")).to_contain_text("saved")
    page.reload()
    expect(page.locator("#move-tree .side-line")).to_contain_text("g3")
    exported = page.request.get(f"/api/games/{game_id}/export/").text()
    assert "(2. g3)" in exported
    shot(page, "analysis-saved-side-line-1280x800")


def test_a_rules_page_board_opens_on_the_analysis_board(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/rules/international/")
    link = page.get_by_test_id("rule-analyse").first
    href = link.get_attribute("href")
    assert href.startswith("/analysis/international/")
    link.click()
    page.wait_for_url(re.compile(r"/analysis/international/"))
    expect(page.get_by_test_id("analysis-variant")).to_contain_text("International Checkers")
    expect(page.get_by_test_id("analysis-error")).to_have_count(0)
    expect(page.locator("#board .cb-board")).to_be_visible()


def test_pass_and_play_goes_on_from_the_position_shown(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/analysis/")
    tap(page, "e2", "e4")
    expect(page.locator("#move-tree .node")).to_have_count(1)
    page.get_by_test_id("play-local").click()
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    state = page.request.get(f"/api/games/{game_id}/").json()
    assert state["mode"] == "local"
    assert state["initial_fen"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_the_replay_page_shows_a_games_side_lines_beside_the_main_line(new_page, live_db) -> None:
    def make() -> str:
        alice, bob = make_user("alice"), make_user("bob")
        game = finished_game(alice, bob, ["f3", "e5", "g4", "Qh4#"])
        outer = side_line_create(
            game_id=game.public_id,
            actor=Actor.of(alice),
            ply=2,
            moves=(("g3", "!?", "Calm."), ("Nc6", None, None)),
        )
        side_line_create(
            game_id=game.public_id,
            actor=Actor.of(alice),
            ply=1,
            moves=(("d5", None, None),),
            parent=outer.pk,
        )
        return game.public_id

    game_id = off_the_loop(make)
    page = new_page(1280, 800)
    page.goto(f"/game/{game_id}/#3")
    expect(page.get_by_test_id("move-side-lines")).to_have_count(1)
    expect(page.get_by_test_id("side-line-note")).to_have_text("Side line: g3!? {Calm.} Nc6 (d5)")
    shot(page, "replay-side-lines-1280x800")


def test_a_positions_drawing_is_there_again_when_the_walk_comes_back(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/analysis/")
    expect(page.locator("#move-tree")).to_contain_text("Play a move")
    tap(page, "e2", "e4")
    expect(page.locator("#move-tree .node")).to_have_count(1)
    drawn = page.locator("#board .cb-shapes > *")
    right_drag(page, "d7", "d5")
    right_drag(page, "e4", "e4")
    expect(drawn).to_have_count(2)
    page.keyboard.press("ArrowLeft")  # the start: nothing drawn there
    expect(drawn).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board .shape-arrow[data-from=d7][data-to=d5]")).to_have_count(1)
    expect(drawn).to_have_count(2)
    # A click on the board clears it, for good.
    square(page, "h3").click()
    expect(drawn).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e4"))
    expect(drawn).to_have_count(0)


def test_the_position_shown_opens_as_an_image(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/analysis/")
    tap(page, "e2", "e4")
    expect(page.locator("#move-tree .node")).to_have_count(1)
    page.locator("[data-action=flip]").first.click()
    with page.expect_popup() as opened:
        page.get_by_test_id("position-image").click()
    image = opened.value
    image.wait_for_load_state()
    assert "/position.svg?variant=chesskers&fen=" in image.url
    assert image.url.endswith("&orientation=black")
    # Black at the bottom: White's pawn now on e4 stands in the fourth row from the top.
    pawn = image.locator("use[data-square=e4]")
    expect(pawn).to_have_attribute("href", "#pieces-cburnett-wP")
    expect(pawn).to_have_attribute("y", "3")
