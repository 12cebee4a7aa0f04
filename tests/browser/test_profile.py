"""In Chromium: a profile shows the rating, the statistics, the server-drawn rating chart and the
day's activity; its Challenge form (the game, the clock) reaches the challenged player's lobby,
where the seeker's rating shows, or their pop-up on another page, which leaves the page's foot
uncovered."""

import re

import pytest
from django.utils.timezone import now
from playwright.sync_api import expect

from accounts.models import Rating
from games.models import Game
from games.services.core import Actor
from games.services.lobby import challenge_accept, challenge_create
from games.services.play import game_draw, game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.browser.conftest import SCREENSHOTS, screenshot
from tests.factories import make_user
from tests.games.conftest import opened, start_game


def seed_games() -> None:
    """erin wins three rated games against finn, draws one, loses one casual game."""
    erin, finn = make_user("erin"), make_user("finn")
    for white, black, loser in [(erin, finn, finn), (finn, erin, finn), (erin, finn, finn)]:
        game = opened(start_game(white, black))  # rated once both have moved
        game_resign(game_id=game.public_id, actor=Actor.of(loser))
    game = opened(start_game(finn, erin))
    game_draw(game_id=game.public_id, actor=Actor.of(finn), action="offer")
    game_draw(game_id=game.public_id, actor=Actor.of(erin), action="accept")
    challenge = challenge_create(user=erin, to="finn", color="white", rated=False)
    casual = opened(challenge_accept(user=finn, challenge_id=challenge.public_id))
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
    # Today's activity: the four rated games in one line, the casual one in another.
    today = page.get_by_test_id("activity-day")
    expect(today).to_have_count(1)
    expect(today.get_by_test_id("activity-rated")).to_contain_text(
        re.compile(r"Played 4 rated games of .+: 3 won, 1 drawn, 0 lost · \d+ → \d+")
    )
    expect(today.get_by_test_id("activity-casual")).to_have_text("Played 1 casual game")
    screenshot(page, "profile-desktop")

    phone = new_page(375, 812)
    phone.goto("/@/erin")
    expect(phone.get_by_test_id("rating-chart")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "profile-phone")


def test_a_ratings_statistics_and_where_it_stands(new_page) -> None:
    off_the_loop(seed_games)
    # Both established now: erin above finn on the leaderboard.
    Rating.objects.filter(category="classical").update(deviation=60, last_game_at=now())
    page = new_page()
    log_in(page, "finn")
    page.goto("/@/erin")
    page.get_by_test_id("profile-rating-stats").click()
    expect(page).to_have_url(re.compile(r"/@/erin/perf/classical/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("erin in Chesskers classical")
    expect(page.get_by_test_id("rating-stats-rank")).to_have_text("Rank 1 on the leaderboard")
    expect(page.get_by_test_id("rating-stats-games")).to_have_text("4")
    expect(page.get_by_test_id("rating-stats-wins")).to_have_text("3 75.0%")
    expect(page.get_by_test_id("rating-stats-draws")).to_have_text("1 25.0%")
    expect(page.get_by_test_id("streak-win-longest")).to_contain_text("Longest: 3 games · from")
    expect(page.get_by_test_id("streak-win-current")).to_have_text("Current: none")
    expect(page.get_by_test_id("best-wins").locator("li")).to_have_count(3)
    expect(page.get_by_test_id("worst-losses-none")).to_have_text("No rated defeat yet.")
    page.get_by_test_id("best-wins").locator("a").first.click()
    expect(page).to_have_url(re.compile(r"/game/\w+/$"))
    page.go_back()
    page.get_by_test_id("rating-stats-percentile").get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/players/distribution/classical/$"))
    expect(page.get_by_test_id("distribution-players")).to_have_text("2 players")
    # finn, below erin, sees his own band coloured and is better than nobody.
    expect(page.get_by_test_id("distribution-mine")).to_contain_text("is better than 0.0% of them")
    chart = page.get_by_test_id("distribution-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("rect.bar")).to_have_count(2)
    expect(chart.locator("rect.bar.mine")).to_have_count(1)
    page.get_by_test_id("distribution-category").locator("select").select_option("blitz")
    page.get_by_test_id("distribution-category").get_by_role("button").click()
    expect(page).to_have_url(re.compile(r"/players/distribution/blitz/$"))
    expect(page.get_by_test_id("distribution-empty")).to_be_visible()
    screenshot(page, "distribution-empty")

    phone = new_page(375, 812)
    phone.goto("/@/erin/perf/classical/")
    expect(phone.get_by_test_id("rating-stats-results")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "rating-stats-phone")


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
    expect(gail.get_by_text("You challenged hugo to Chesskers, unlimited, rated.")).to_be_visible()
    expect(gail.get_by_test_id("outgoing-text")).to_have_text(
        "You challenged hugo to Chesskers, unlimited, rated"
    )
    expect(hugo.get_by_test_id("incoming")).to_contain_text("gail challenges you (unlimited, rated")
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


def test_a_profile_challenge_to_international_checkers_on_a_clock_starts_that_game(
    new_page,
) -> None:
    make_user("alice")
    make_user("bob")
    bob = new_page()
    log_in(bob, "bob")
    bob.goto("/games/")  # away from the lobby: the challenge pops up
    phone = new_page(375, 812)
    log_in(phone, "alice")
    phone.goto("/@/bob")
    expect(phone.get_by_test_id("challenge-variant")).to_have_value("chesskers")
    expect(phone.get_by_test_id("clock-minutes")).to_be_hidden()  # unlimited: no minutes
    phone.get_by_test_id("clock-kind").select_option("fischer")
    expect(phone.get_by_test_id("clock-minutes")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shot(phone, "profile-challenge-phone")

    alice = new_page()
    log_in(alice, "alice")
    alice.goto("/@/bob")
    alice.get_by_test_id("challenge-variant").select_option(label="International Checkers")
    alice.get_by_test_id("clock-kind").select_option("fischer")
    alice.get_by_test_id("clock-minutes").fill("5")
    alice.get_by_test_id("clock-increment").fill("3")
    shot(alice, "profile-challenge-desktop")
    alice.get_by_test_id("challenge-button").click()
    expect(alice).to_have_url(re.compile(r"/play/$"))
    sent = "You challenged bob to International Checkers, 5+3, rated"
    expect(alice.get_by_text(f"{sent}.")).to_be_visible()
    expect(alice.get_by_test_id("outgoing-text")).to_have_text(sent)

    notice = bob.get_by_test_id("challenge-notices")
    expect(notice).to_contain_text("alice challenges you (International Checkers, 5+3, rated")
    notice.get_by_role("button", name="Accept").click()
    for page in (alice, bob):
        expect(page).to_have_url(re.compile(r"/game/\w+/$"))
        expect(page.locator("#board .sq")).to_have_count(100)  # 10 by 10
        expect(page.locator("#board .coord-num")).to_have_count(50)  # its dark squares numbered
    game_id = bob.url.rstrip("/").rsplit("/", 1)[1]
    game = off_the_loop(lambda: Game.objects.get(public_id=game_id))
    assert (game.variant, game.clock_initial, game.clock_increment) == ("international", 300, 3)


# The challenges are made in the test's process and pushed to the page's socket in Daphne's:
# across processes, the channel layer must be Redis.
@pytest.mark.services
def test_challenge_pop_ups_on_a_phone_leave_the_archives_filter_button_uncovered(
    new_page,
) -> None:
    """Three challenges fill the pop-up's third of the screen, more than the archive's foot
    (its last lines and the site's footer) below the Filter button: the page makes room."""
    challengers = [make_user(name) for name in ("ines", "kate", "liam")]
    make_user("jack")
    phone = new_page(375, 812)
    log_in(phone, "jack")
    phone.goto("/games/")
    for challenger in challengers:
        off_the_loop(lambda user=challenger: challenge_create(user=user, to="jack"))
    notices = phone.get_by_test_id("challenge-notices")
    expect(notices.locator(".challenge-card")).to_have_count(3)
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    phone.wait_for_timeout(200)
    phone.screenshot(path=str(SCREENSHOTS / "archive-with-challenges-phone.png"))  # the viewport
    button = phone.get_by_role("button", name="Filter")
    covered = button.evaluate(
        """button => {
            const box = button.getBoundingClientRect();
            const there = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return there === button ? "" : there.outerHTML.slice(0, 80);
        }"""
    )
    assert covered == ""
    # Put away, the notices leave no gap behind.
    for left in (2, 1, 0):
        notices.get_by_role("button", name="Dismiss this notice").first.click()
        expect(notices.locator(".challenge-card")).to_have_count(left)
    expect(phone.locator("body")).not_to_have_class(re.compile("has-notices"))


def test_the_profiles_challenge_form_works_without_script(browser, daphne_server, live_db) -> None:
    """The game picker is the server's select, and the clock's parts show by CSS alone."""
    make_user("mona")
    make_user("ned")
    context = browser.new_context(java_script_enabled=False, base_url=daphne_server.url)
    try:
        page = context.new_page()
        log_in(page, "mona")
        page.goto("/@/ned")
        expect(page.get_by_test_id("clock-minutes")).to_be_hidden()
        page.get_by_test_id("challenge-variant").select_option("russian")
        page.get_by_test_id("clock-kind").select_option("correspondence")
        expect(page.get_by_test_id("clock-days")).to_be_visible()
        expect(page.get_by_test_id("clock-minutes")).to_be_hidden()
        page.get_by_test_id("clock-days").select_option("5")
        page.get_by_test_id("challenge-button").click()
        expect(
            page.get_by_text("You challenged ned to Russian Checkers, 5 days, rated.")
        ).to_be_visible()
    finally:
        context.close()
