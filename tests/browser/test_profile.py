"""In Chromium: a profile shows the rating, the statistics and the server-drawn rating chart;
its Challenge button reaches the challenged player's lobby, where the seeker's rating shows."""

import re

from playwright.sync_api import expect

from games.core import Actor
from games.lobby import challenge_accept, challenge_create
from games.play import game_draw, game_resign
from tests.browser.board_helpers import log_in, off_the_loop
from tests.browser.conftest import screenshot
from tests.factories import make_user
from tests.games.conftest import start_game


def seed_games() -> None:
    """erin wins three rated games against finn, draws one, loses one casual game."""
    erin, finn = make_user("erin"), make_user("finn")
    for white, black, loser in [(erin, finn, finn), (finn, erin, finn), (erin, finn, finn)]:
        game = start_game(white, black)
        game_resign(game_id=game.public_id, actor=Actor.of(loser))
    game = start_game(finn, erin)
    game_draw(game_id=game.public_id, actor=Actor.of(finn), action="offer")
    game_draw(game_id=game.public_id, actor=Actor.of(erin), action="accept")
    challenge = challenge_create(user=erin, to="finn", color="white", rated=False)
    casual = challenge_accept(user=finn, challenge_id=challenge.public_id)
    game_resign(game_id=casual.public_id, actor=Actor.of(erin))


def test_the_profile_renders_the_rating_chart_and_the_statistics(new_page) -> None:
    off_the_loop(seed_games)
    page = new_page()
    page.goto("/@/erin")
    expect(page.get_by_test_id("profile-rating")).to_contain_text(re.compile(r"^\d{4}\?"))
    expect(page.get_by_test_id("stat-games")).to_have_text("5")
    expect(page.get_by_test_id("stat-wins")).to_have_text("3")
    expect(page.get_by_test_id("stat-draws")).to_have_text("1")
    expect(page.get_by_test_id("stat-losses")).to_have_text("1")
    expect(page.get_by_test_id("by-color-white")).to_contain_text("White")
    expect(page.get_by_test_id("stat-streak")).to_contain_text("1 loss")
    expect(page.get_by_test_id("best-win")).to_contain_text("finn")
    chart = page.get_by_test_id("rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.dot")).to_have_count(5)  # the start and four rated games
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    # The line climbs: three wins, then a draw, from 1500.
    points = chart.locator("polyline").get_attribute("points").split()
    heights = [float(point.split(",")[1]) for point in points]
    assert heights[0] > heights[1] > heights[2] > heights[3]
    expect(page.get_by_test_id("game-list").locator("li")).to_have_count(5)
    expect(page.get_by_test_id("rating-changes")).to_have_count(4)  # the casual game has none
    screenshot(page, "profile-desktop")

    phone = new_page(375, 812)
    phone.goto("/@/erin")
    expect(phone.get_by_test_id("rating-chart")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "profile-phone")


def test_the_challenge_button_reaches_the_other_players_lobby_with_ratings(new_page) -> None:
    make_user("gail")
    make_user("hugo")
    hugo = new_page()
    log_in(hugo, "hugo")
    hugo.goto("/play/")
    gail = new_page()
    log_in(gail, "gail")
    gail.goto("/@/hugo")
    gail.get_by_test_id("challenge-button").click()
    expect(gail).to_have_url(re.compile(r"/play/$"))
    expect(gail.get_by_text("Challenge (rated) sent to hugo.")).to_be_visible()
    expect(hugo.get_by_test_id("incoming")).to_contain_text("gail challenges you (rated")
    expect(hugo).to_have_title("(1) Play · Chesskers")  # the tab counts the challenges waiting
    decline = hugo.get_by_test_id("incoming").get_by_role("button", name="Decline")
    color = decline.evaluate("button => getComputedStyle(button).color")
    assert color != "rgb(255, 255, 255)"  # readable on its white background

    gail.get_by_test_id("seek-rated").uncheck()
    gail.get_by_test_id("seek-white").click()
    expect(hugo.get_by_test_id("rating-gail")).to_have_text("1500?")
    expect(hugo.get_by_test_id("seeks")).to_contain_text("Casual")
    screenshot(hugo, "lobby-ratings")
    decline.click()
    expect(hugo.get_by_test_id("incoming")).not_to_contain_text("gail")
    expect(hugo).to_have_title("Play · Chesskers")

    phone = new_page(375, 812)
    log_in(phone, "hugo")
    phone.goto("/play/")
    expect(phone.get_by_test_id("rating-gail")).to_have_text("1500?")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "lobby-ratings-phone")
