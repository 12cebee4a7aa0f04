"""The community in the browser, against a real Daphne: chat between two players and a spectator
(rooms apart while the game is live, lines shown as text, never as markup), a blocked player's
lines never shown to the one who blocked them, a chat line reported and the report reaching the
moderation page, where a mute takes effect; the settings page; the watch page's live
mini-boards and a game's TV; a followed player's game on the home page's timeline; kid mode
turned on and off on the settings page; conditional premoves written on a correspondence game's
page and answering the opponent's move on both players' pages."""

import re

from playwright.sync_api import Page, expect

from accounts.models import Rating, User
from accounts.services import user_token
from community.models import Report
from games.domain.clock import TimeControl
from games.services.core import Actor
from games.services.play import game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import PASSWORD, make_moderator, make_user
from tests.games.conftest import opened, start_game
from tests.games.test_long_games import api_post


def signed_in(new_page, username: str, size: tuple[int, int] = (1280, 800)) -> Page:
    page = new_page(*size)
    log_in(page, username)
    return page


def at_game(page: Page, game_id: str) -> None:
    page.goto(f"/game/{game_id}/")
    expect(page.locator("body[data-live=open]")).to_have_count(1)


def chat_texts(page: Page) -> list[str]:
    return page.locator("#chat .chat-text").all_inner_texts()


def say(page: Page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.locator("#chat").get_by_role("button", name="Send").click()


def resign(server, game, user: User) -> None:
    """Resigns for ``user`` through the server, whose sockets then tell every page (the test's
    own process shares no channel layer with it)."""
    api_post(server, f"/api/games/{game.public_id}/resign/", user_token(user=user), {})


def test_two_players_and_a_spectator_chat_in_rooms_apart(new_page, daphne_server) -> None:
    white, black = make_user("alice"), make_user("bob")
    make_user("carol")
    game = off_the_loop(lambda: start_game(white, black))
    alice, bob = signed_in(new_page, "alice"), signed_in(new_page, "bob", (375, 812))
    carol = signed_in(new_page, "carol")
    for page in (alice, bob, carol):
        at_game(page, game.public_id)
    expect(alice.locator("#chat .chat-title")).to_have_text("Chat with your opponent")
    expect(carol.locator("#chat .chat-title")).to_have_text("Spectators' chat")
    expect(carol.locator("#chat .chat-phrases button")).to_have_count(0)

    alice.locator("#chat .chat-phrases").get_by_role("button", name="Good luck").click()
    expect(bob.locator("#chat .chat-text")).to_have_text(["Good luck"])
    say(bob, "<b>thanks</b> https://example.org")
    expect(alice.locator("#chat .chat-text")).to_have_text(
        ["Good luck", "<b>thanks</b> https://example.org"]
    )
    # Words, never markup: no tag and no link made of what a line says.
    assert alice.locator("#chat .chat-lines b, #chat .chat-lines a").count() == 0
    expect(bob.get_by_test_id("chat-input")).to_have_value("")  # said: the box is emptied

    say(carol, "go bob")
    expect(carol.locator("#chat .chat-text")).to_have_text(["go bob"])
    alice.wait_for_timeout(500)
    assert (
        chat_texts(alice)
        == chat_texts(bob)
        == [
            "Good luck",
            "<b>thanks</b> https://example.org",
        ]
    )
    expect(carol.get_by_test_id("chat-input")).to_have_attribute("maxlength", "140")
    shot(bob, "chat-player-375x812")

    resign(daphne_server, game, black)
    for page in (alice, bob, carol):  # over: everyone reads both rooms
        expect(page.locator("#chat .chat-text")).to_have_text(
            ["Good luck", "<b>thanks</b> https://example.org", "go bob"]
        )
    expect(alice.locator("#chat .chat-title")).to_have_text("Chat: players and spectators")
    shot(carol, "chat-after-the-game")


def test_a_blocked_players_lines_never_show_to_the_blocker(new_page) -> None:
    white, black = make_user("alice"), make_user("bob")
    make_user("carol")
    make_user("dave")
    game = off_the_loop(lambda: start_game(white, black))
    carol = signed_in(new_page, "carol")
    carol.goto("/@/dave")
    carol.get_by_test_id("block-button").click()
    expect(carol.locator(".messages")).to_contain_text("You blocked dave")
    expect(carol.get_by_test_id("block-button")).to_have_text("Unblock")
    dave = signed_in(new_page, "dave")
    visitor = new_page()
    for page in (carol, dave, visitor):
        at_game(page, game.public_id)
    say(dave, "from dave")
    expect(visitor.locator("#chat .chat-text")).to_have_text(["from dave"])
    say(carol, "from carol")
    expect(visitor.locator("#chat .chat-text")).to_have_text(["from dave", "from carol"])
    expect(carol.locator("#chat .chat-text")).to_have_text(["from carol"])
    expect(dave.locator("#chat .chat-text")).to_have_text(["from dave"])
    carol.reload()  # nor in the history a socket is sent on connect
    expect(carol.locator("body[data-live=open]")).to_have_count(1)
    expect(carol.locator("#chat .chat-text")).to_have_text(["from carol"])


def test_a_reported_chat_line_reaches_the_moderators_who_mute_its_writer(new_page) -> None:
    white, black = make_user("alice"), make_user("bob")
    make_moderator()
    game = off_the_loop(lambda: start_game(white, black))
    alice, bob = signed_in(new_page, "alice"), signed_in(new_page, "bob")
    for page in (alice, bob):
        at_game(page, game.public_id)
    say(alice, "you play like a potato")
    expect(bob.locator("#chat .chat-text")).to_have_text(["you play like a potato"])
    bob.locator("#chat").get_by_test_id("chat-report").click()
    bob.locator("#chat select").select_option("abuse")
    bob.get_by_test_id("chat-report-send").click()
    expect(bob.locator("#chat")).to_contain_text("(reported)")
    assert Report.objects.get().game == game.public_id

    moderator = signed_in(new_page, "mod")
    moderator.get_by_test_id("account-menu").click()
    moderator.get_by_test_id("menu-moderation").click()
    moderator.get_by_test_id("open-report").click()
    expect(moderator.get_by_test_id("report-text")).to_have_text(
        'In the chat: "you play like a potato"'
    )
    expect(moderator.get_by_test_id("report-chat").locator(".is-reported")).to_contain_text(
        "you play like a potato"
    )
    moderator.fill("#mod-hours", "2")
    moderator.get_by_test_id("mod-mute").click()
    expect(moderator.locator(".messages")).to_contain_text("alice's chat is muted for 2 hours.")
    expect(moderator.get_by_test_id("muted-until")).to_be_visible()
    shot(moderator, "moderation-report")

    say(alice, "sorry")
    expect(alice.get_by_test_id("chat-error")).to_contain_text("A moderator muted your chat")
    expect(alice.get_by_test_id("chat-input")).to_have_value("sorry")


def test_the_settings_page_turns_chat_and_premoves_off(new_page) -> None:
    white, black = make_user("alice"), make_user("bob")
    # Past both first moves: before them a game is aborted, not resigned.
    game = off_the_loop(lambda: opened(start_game(white, black, clock=TimeControl(initial=300))))
    page = signed_in(new_page, "alice")
    page.get_by_test_id("account-menu").click()
    page.get_by_test_id("menu-settings").click()
    page.get_by_label("Chat in games").uncheck()
    page.get_by_label("Ask me to confirm a resignation").uncheck()
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved.")
    expect(page.get_by_label("Chat in games")).not_to_be_checked()
    shot(page, "settings")
    at_game(page, game.public_id)
    expect(page.get_by_test_id("chat")).to_be_hidden()
    page.click("[data-action=resign]")  # one tap: no confirmation asked
    expect(page.get_by_test_id("result-banner")).to_contain_text("White resigned")


def test_the_watch_page_shows_live_mini_boards_filtered_and_the_tv(new_page, daphne_server) -> None:
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    for user, rating in ((carol, 1900), (dave, 1850)):
        Rating.objects.create(user=user, category="blitz", rating=rating, deviation=60)
    casual = off_the_loop(lambda: start_game(alice, bob, variant="russian"))
    strong = off_the_loop(lambda: start_game(carol, dave, clock=TimeControl(initial=180)))
    weak = off_the_loop(lambda: start_game(bob, alice, clock=TimeControl(initial=180)))
    page = new_page()
    page.goto("/watch/")
    cards = page.locator("#live-games [data-game]")
    expect(cards).to_have_count(3)
    expect(page.locator("#live-games .cb-board")).to_have_count(3)
    strong_card = page.locator(f"[data-game='{strong.public_id}']")
    expect(strong_card).to_contain_text("carol 1900")
    expect(strong_card).to_contain_text("3+0 · blitz · rated")
    page.get_by_test_id("filter-variant").select_option("russian")
    expect(cards).to_have_count(1)
    expect(page.locator(f"[data-game='{casual.public_id}']")).to_be_visible()
    page.get_by_test_id("filter-variant").select_option("")
    page.get_by_test_id("filter-speed").select_option("blitz")
    expect(cards).to_have_count(2)
    shot(page, "watch-mini-boards")

    # A move shows on its card without a reload.
    move = {"move": "e4", "ply": 0}
    api_post(daphne_server, f"/api/games/{strong.public_id}/moves/", user_token(user=carol), move)
    expect(strong_card.locator("[data-field=moves]")).to_have_text("1 move")
    expect(strong_card.locator("[data-square=e4] .pc[data-piece]")).to_have_count(1)

    tv = new_page()
    tv.goto("/tv/chesskers/")
    expect(tv.locator(f"body[data-tv-game='{strong.public_id}']")).to_have_count(1)
    expect(tv.get_by_test_id("tv-white")).to_have_text("carol 1900")
    resign(daphne_server, strong, dave)  # it ends: the TV shows the next one
    expect(tv.get_by_test_id("tv-status")).to_contain_text("Over: 1-0")
    expect(tv.locator(f"body[data-tv-game='{weak.public_id}']")).to_have_count(1, timeout=15_000)
    expect(tv.get_by_test_id("tv-white")).to_have_text("bob 1500?")
    shot(tv, "tv")


def test_a_followed_players_game_shows_on_the_home_pages_timeline(new_page) -> None:
    ann, ben, cal = make_user("ann"), make_user("ben"), make_user("cal")
    game = off_the_loop(lambda: opened(start_game(ben, cal)))
    off_the_loop(lambda: game_resign(game_id=game.public_id, actor=Actor.of(cal)))
    page = signed_in(new_page, ann.username)
    expect(page.get_by_test_id("home-timeline")).to_have_count(0)  # ann follows nobody yet
    page.goto("/@/ben")
    page.get_by_test_id("follow-button").click()
    expect(page.get_by_test_id("follow-button")).to_have_text("Unfollow")
    page.goto("/")
    entry = page.get_by_test_id("home-timeline").get_by_test_id("timeline-entry")
    expect(entry).to_have_count(1)
    expect(entry).to_have_text("ben beat cal in Chesskers. rated just now")
    entry.get_by_role("link", name="Chesskers").click()
    expect(page).to_have_url(re.compile(f"/game/{game.public_id}/$"))
    page.get_by_test_id("account-menu").click()
    page.get_by_test_id("menu-timeline").click()
    expect(page.get_by_test_id("timeline").get_by_test_id("timeline-entry")).to_have_count(1)
    page.get_by_test_id("timeline").get_by_role("link", name="cal").click()
    expect(page.get_by_test_id("profile-name")).to_have_text("cal")
    phone = signed_in(new_page, ann.username, (375, 812))
    expect(phone.get_by_test_id("home-timeline")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def test_kid_mode_turned_on_and_off_on_the_settings_page(new_page, console_watch) -> None:
    make_user("kit")
    page = signed_in(new_page, "kit")
    page.goto("/accounts/settings/")
    expect(page.locator("header nav a[href='/forum/']")).to_have_count(1)
    kid = page.get_by_test_id("kid-mode")
    kid.get_by_test_id("kid-mode-password").fill(PASSWORD)
    kid.get_by_test_id("kid-mode-button").click()
    expect(page.get_by_test_id("kid-badge")).to_be_visible()
    expect(page.get_by_test_id("kid-mode-state")).to_have_text("Kid mode is on.")
    expect(page.locator("header nav a[href='/forum/']")).to_have_count(0)
    expect(page.locator("#id_chat")).to_be_disabled()
    expect(page.locator("#id_messages_from")).to_be_disabled()
    page.goto("/forum/")
    expect(page.get_by_test_id("forum-closed")).to_have_text(
        "Kid mode is on: the forum is closed to you. Your settings turn it off."
    )
    # The browser logs the page's 403 as an error: that one, and only it, is expected.
    refused = [error for error in console_watch.errors if "status of 403" in error]
    assert len(refused) == 1 and "/forum/" in refused[0]
    console_watch.errors.remove(refused[0])
    page.get_by_test_id("kid-badge").click()
    expect(page).to_have_url(re.compile(r"/accounts/settings/#kid-mode$"))
    kid.get_by_test_id("kid-mode-password").fill(PASSWORD)
    kid.get_by_test_id("kid-mode-button").click()
    expect(page.get_by_test_id("kid-mode-state")).to_have_text("Kid mode is off.")
    expect(page.get_by_test_id("kid-badge")).to_have_count(0)
    expect(page.locator("#id_chat")).to_be_enabled()


def test_conditional_premoves_answer_the_opponent_on_the_page(new_page, console_watch) -> None:
    cora, dan = make_user("cora"), make_user("dan")
    game = off_the_loop(lambda: start_game(cora, dan, clock=TimeControl(days=3)))
    page = signed_in(new_page, "cora")
    at_game(page, game.public_id)
    page.locator("#move-input").fill("e4")
    page.locator("#move-input").press("Enter")
    expect(page.locator(".movelist [data-ply]")).to_have_count(1)
    panel = page.get_by_test_id("conditional")
    panel.locator("summary").click()
    panel.get_by_test_id("conditional-text").fill("e7-e5 Nf3 Nc6 Bb5\nd5 Ke3")
    panel.get_by_test_id("conditional-save").click()
    expect(panel.get_by_test_id("conditional-status")).to_have_text(
        "Not saved: d5 Ke3: Illegal move Ke3: no legal move fits."
    )
    # The browser logs the refusal's 400 as an error: that one, and only it, is expected.
    refused = [error for error in console_watch.errors if "status of 400" in error]
    assert len(refused) == 1 and "/conditional/" in refused[0]
    console_watch.errors.remove(refused[0])
    panel.get_by_test_id("conditional-text").fill("e7-e5 Nf3 Nc6 Bb5\nd5 exd5")
    panel.get_by_test_id("conditional-save").click()
    expect(panel.get_by_test_id("conditional-status")).to_have_text("Saved: 2 lines.")
    expect(panel.get_by_test_id("conditional-text")).to_have_value("e5 Nf3 Nc6 Bb5\nd5 exd5")
    other = signed_in(new_page, "dan")
    at_game(other, game.public_id)
    expect(other.get_by_test_id("conditional")).to_have_count(1)  # his own, empty
    expect(other.get_by_test_id("conditional-text")).to_have_value("")
    other.locator("#move-input").fill("e5")
    other.locator("#move-input").press("Enter")
    # Cora's answer is played at once: both pages show it, and her box the line going on.
    for seen in (page, other):
        expect(seen.locator(".movelist [data-ply] .move-text")).to_have_text(["e4", "e5", "Nf3"])
    expect(panel.get_by_test_id("conditional-text")).to_have_value("Nc6 Bb5")
    expect(page.get_by_test_id("conditional")).to_have_count(1)
