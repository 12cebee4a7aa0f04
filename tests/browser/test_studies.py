"""Studies in Chromium against a real Daphne: a player makes a study on its page, plays a line and
a side line on the board, comments a move and marks it with a glyph, promotes and deletes; a
visitor with the study open sees each move and comment arrive as it is made, and the moves stay
after a reload; a contributor edits it too, a piece they hold not dropped by the owner's move
arriving; a study made private closes the visitor's page; a text's games become chapters; the
circles and arrows an editor draws on a position are the study's, seen live by a visitor and kept
with the position, while a visitor's own drawing stays theirs. At 1280 px (and 375 px in make
test-slow), screenshotted."""

import re

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from studies.models import Study
from tests.browser.board_helpers import log_in, right_drag, shot, square, tap
from tests.factories import make_user

ANNOTATED = """[Event "Sicilian"]
[Variant "Chesskers"]

1. e4 c5 {the Sicilian} (1... e5 2. Nf3) 2. Nf3 *

[Event "A shot"]
[Variant "International Checkers"]

1. 32-28 *
"""


def nodes(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#move-tree .node").all_inner_texts()]


def current(page: Page) -> str:
    return page.locator("#move-tree .node.is-current").inner_text().strip()


def play(page: Page, *squares: str, turn: str) -> None:
    """Taps a move once the board holds the position's legal moves (its hint says whose turn)."""
    expect(page.locator("#hint")).to_have_text(f"{turn} to move.")
    tap(page, *squares)


def make_study(page: Page, name: str, **fields: str) -> Study:
    page.goto("/study/")
    page.get_by_test_id("study-new-name").fill(name)
    for field, value in fields.items():
        page.get_by_test_id(f"study-new-{field}").fill(value)
    page.get_by_test_id("study-create").click()
    page.wait_for_url(re.compile(r"/study/\w+/$"))
    return Study.objects.get(name=name)


# At 375 px in make test-slow: tests/browser/test_phone_layout.py holds the pages to a phone.
@pytest.mark.parametrize(
    "width, height", [(1280, 800), pytest.param(375, 812, marks=pytest.mark.slow)]
)
def test_a_study_is_played_commented_and_followed_live(new_page, width, height) -> None:
    make_user("alice")
    page = new_page(width, height)
    log_in(page, "alice")
    page.get_by_role("link", name="Studies").first.click()
    study = make_study(page, "Open games")
    expect(page.get_by_test_id("study-name")).to_have_text("Open games")
    expect(page.get_by_test_id("study-visibility")).to_have_text("Public")
    expect(page.locator("#move-tree")).to_contain_text("Play a move on the board.")
    viewer = new_page(width, height)  # a visitor, with the study open before any move
    viewer.goto(f"/study/{study.public_id}/")
    expect(viewer.locator("#move-tree")).to_contain_text("No moves yet.")
    expect(viewer.get_by_test_id("note-box")).to_have_count(0)
    play(page, "e2", "e4", turn="White")
    expect(page.locator("#move-tree .node")).to_have_count(1)
    play(page, "e7", "e5", turn="Black")
    expect(page.locator("#move-tree .node")).to_have_count(2)
    expect(viewer.locator("#move-tree .node")).to_have_count(2)  # live, no reload
    assert nodes(viewer) == ["1.e4", "e5"]
    assert current(viewer) == "e5"  # a visitor at the end of the line follows each move
    page.keyboard.press("ArrowLeft")
    play(page, "c7", "c5", turn="Black")  # a side line at Black's first move
    expect(viewer.locator("#move-tree .side-line")).to_contain_text("c5")
    # A comment and a glyph on the side line's move.
    page.get_by_test_id("comment").fill("The Sicilian")
    page.get_by_test_id("note-save").click()
    expect(page.get_by_test_id("study-notice")).to_have_text("Saved.")
    page.locator("[data-glyph='!?']").click()
    expect(viewer.locator("#move-tree .move-comment")).to_have_text("The Sicilian")
    expect(viewer.locator("#move-tree .side-line")).to_contain_text("c5!?")
    shot(page, f"study-editor-{width}x{height}")
    shot(viewer, f"study-viewer-{width}x{height}")
    # The visitor walks the tree with the keys; nothing they do changes it.
    viewer.keyboard.press("Home")
    viewer.keyboard.press("ArrowRight")
    assert current(viewer) == "1.e4"
    # Promote the side line, then delete the old main line's move.
    page.get_by_test_id("promote").click()
    expect(viewer.locator("#move-tree .side-line")).to_contain_text("e5")
    page.locator("#move-tree .side-line .node").first.click()
    page.get_by_test_id("delete").click()
    expect(viewer.locator("#move-tree .side-line")).to_have_count(0)
    assert nodes(viewer) == ["1.e4", "c5!?"]
    viewer.reload()
    expect(viewer.locator("#move-tree .node")).to_have_count(2)
    chapter = study.chapters.get()
    assert [chapter.tree["nodes"][i]["text"] for i in ("1",)] == ["e4"]
    assert chapter.revision == 7  # e4, e5, c5, the comment, the glyph, promote, delete


def test_a_contributor_edits_and_a_private_study_closes_a_visitors_page(new_page) -> None:
    make_user("alice")
    make_user("bob")
    owner = new_page()
    log_in(owner, "alice")
    study = make_study(owner, "Together")
    owner.get_by_test_id("study-settings").locator("summary").click()
    owner.get_by_test_id("member-name").fill("bob")
    owner.get_by_test_id("member-add").click()
    expect(owner.get_by_test_id("study-members")).to_contain_text("bob")
    bob = new_page()
    log_in(bob, "bob")
    bob.goto(f"/study/{study.public_id}/")
    expect(bob.locator("#hint")).to_have_text("White to move.")
    square(bob, "d2").click()  # bob picks up a pawn; meanwhile the owner plays
    play(owner, "e2", "e4", turn="White")
    expect(bob.locator("#move-tree .node")).to_have_text(["1.e4"])
    square(bob, "d4").click()  # the owner's move did not drop bob's pawn: a side line
    expect(owner.locator("#move-tree .side-line")).to_have_text("1.d4")
    visitor = new_page()
    visitor.goto(f"/study/{study.public_id}/")
    expect(visitor.locator("#move-tree .node")).to_have_text(["1.e4", "1.d4"])
    owner.get_by_test_id("study-visibility-field").select_option("private")
    owner.get_by_test_id("study-save").click()
    expect(owner.get_by_test_id("study-visibility")).to_have_text("Private")
    expect(visitor.get_by_test_id("study-gone")).to_have_text("This study is private.")
    expect(bob.get_by_test_id("study-visibility")).to_have_text("Private")
    assert Client().get(f"/study/{study.public_id}/").status_code == 404  # for the visitor


def test_a_texts_games_become_chapters(new_page) -> None:
    make_user("alice")
    page = new_page()
    log_in(page, "alice")
    study = make_study(page, "Imported", text=ANNOTATED)
    chapters = page.get_by_test_id("study-chapters").locator("a")
    expect(chapters).to_have_text(["Sicilian", "A shot"])
    expect(page.locator("#move-tree .move-comment")).to_have_text("the Sicilian")
    expect(page.locator("#move-tree .side-line")).to_contain_text("e5")
    chapters.nth(1).click()
    expect(page.get_by_test_id("chapter-name")).to_have_text("A shot")
    expect(page.locator("#move-tree .node")).to_have_text(["1.32-28"])
    shot(page, "study-draughts-chapter-1280x800")
    refused = make_study_refused(page, "Broken", '[Variant "Chesskers"]\n\n1. e4 e5 2. Ke4 *')
    assert "Game 1: move 2. Ke4" in refused
    assert Study.objects.filter(owner=study.owner).count() == 1


def make_study_refused(page: Page, name: str, text: str) -> str:
    page.goto("/study/")
    page.get_by_test_id("study-new-name").fill(name)
    page.get_by_test_id("study-new-text").fill(text)
    page.get_by_test_id("study-create").click()
    error = page.get_by_test_id("study-error")
    expect(error).to_be_visible()
    return error.inner_text()


def test_an_editors_circles_and_arrows_are_kept_on_the_position_and_seen_live(new_page) -> None:
    make_user("alice")
    owner = new_page()
    log_in(owner, "alice")
    study = make_study(owner, "Plans")
    visitor = new_page()
    visitor.goto(f"/study/{study.public_id}/")
    expect(visitor.locator("#hint")).to_have_text("White to move.")
    expect(owner.locator("#hint")).to_have_text("White to move.")

    right_drag(owner, "e2", "e4")
    owner.keyboard.down("Shift")
    right_drag(owner, "d5", "d5")
    owner.keyboard.up("Shift")
    seen = visitor.locator("#board .cb-shapes > *")
    expect(visitor.locator("#board .shape-arrow[data-from=e2][data-to=e4]")).to_have_count(1)
    expect(visitor.locator("#board .shape-circle.brush-red[data-from=d5]")).to_have_count(1)
    # A click on the board (a piece picked up) keeps them: they are the position's.
    square(owner, "g1").click()
    expect(owner.locator("#board .cb-shapes > *")).to_have_count(2)
    square(owner, "g1").click()
    shot(visitor, "study-shapes")

    # The visitor draws for their own eyes: nothing is sent.
    right_drag(visitor, "c7", "c5")
    expect(seen).to_have_count(3)
    # A move is a new position, without them; back at the start, they are there again.
    play(owner, "e2", "e4", turn="White")
    expect(owner.locator("#board .cb-shapes > *")).to_have_count(0)
    expect(visitor.locator("#board .cb-shapes > *")).to_have_count(0)  # it followed the move
    owner.keyboard.press("ArrowLeft")
    expect(owner.locator("#board .cb-shapes > *")).to_have_count(2)
    start = study.chapters.get().tree["nodes"]["0"]
    assert start["shapes"] == ["Ge2e4", "Rd5"]
    # Drawn again, a shape comes off, on every page.
    owner.keyboard.down("Shift")
    right_drag(owner, "d5", "d5")
    owner.keyboard.up("Shift")
    visitor.keyboard.press("ArrowLeft")
    expect(visitor.locator("#board .cb-shapes > *")).to_have_count(1)
    owner.reload()
    expect(owner.locator("#board .shape-arrow[data-from=e2][data-to=e4]")).to_have_count(1)
    text = Client().get(f"/api/studies/{study.public_id}/text/").content.decode()
    assert "[%cal Ge2e4]" not in text  # the start's shapes: no move to hold them in the text
