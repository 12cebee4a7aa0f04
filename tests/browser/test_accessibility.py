"""In Chromium: IBM's accessibility checker (accessibility-checker-engine, vendored for the tests
under tests/browser/vendor, never served) runs on the site's main pages in the light theme and
in the dark one, and a serious violation fails the test.

Serious: a result at the checker's "violation" level that failed (not a "potential" one, not a
recommendation) of a rule about what a person needs to find and use a control or read a text —
names and labels, contrast, the keyboard, the page's language and title — listed in
``SERIOUS_RULES``. The rules about landmarks (every content in a landmark, each form's region
named uniquely) are reported but not counted: they shape navigation by regions, not whether a
control can be found, named and used. The report of every violation, serious or not, is written to
artifacts/accessibility/<page>-<theme>.json for a person to read.
"""

import json
from pathlib import Path

import pytest
from django.utils.timezone import now
from playwright.sync_api import Browser, Page, expect

from accounts.models import Rating, User
from community.inbox import send_message
from community.services import follow
from forum.schemas import TopicRequest
from forum.services import post_reply, topic_create
from games.domain.clock import TimeControl
from puzzles.models import Puzzle
from simuls.schemas import SimulRequest
from simuls.services import simul_create, simul_join
from studies.services import study_create
from teams.schemas import TeamRequest
from teams.services import team_create, team_join
from tests.browser.board_helpers import log_in, off_the_loop
from tests.conftest import ARTIFACTS
from tests.factories import make_user
from tests.games.archive_helpers import EVERYTHING, finished_game
from tests.games.conftest import opened, start_game
from tests.games.test_learn import analysed

ACE = Path(__file__).resolve().parent / "vendor" / "accessibility-checker-engine" / "ace.js"
REPORTS = ARTIFACTS / "accessibility"

# The checker's rules (its ruleIds) whose violations fail the test: names, labels, contrast,
# keyboard, language, title.
SERIOUS_RULES = {
    # names and labels
    "a_text_purpose",
    "aria_accessiblename_exists",
    "aria_widget_labelled",
    "aria_id_unique",
    "button_content_exists",
    "element_accesskey_unique",
    "fieldset_legend_valid",
    "form_label_unique",
    "frame_title_exists",
    "input_label_exists",
    "input_label_visible",
    "input_label_after",
    "img_alt_valid",
    "label_content_exists",
    "label_name_visible",
    "label_ref_valid",
    "svg_graphics_labelled",
    "table_headers_exists",
    "input_haspopup_conflict",
    "aria_role_valid",
    "aria_attribute_valid",
    "aria_attribute_allowed",
    "aria_attribute_required",
    "aria_attribute_value_valid",
    "aria_child_valid",
    "aria_parent_required",
    "select_options_grouped",
    # contrast
    "text_contrast_sufficient",
    # the keyboard
    "element_tabbable_role_valid",
    "element_tabbable_visible",
    "element_scrollable_tabbable",
    "element_tabbable_unobscured",
    "element_orientation_unlocked",
    "widget_tabbable_exists",
    "widget_tabbable_single",
    "aria_activedescendant_tabindex_valid",
    "iframe_interactive_tabbable",
    "aria_hidden_nontabbable",
    "skip_main_exists",
    "skip_main_described",
    # the page
    "html_lang_exists",
    "html_lang_valid",
    "page_title_exists",
    "page_title_valid",
}

# Serious results known and judged not to be barriers, each with the reason: (rule, a piece of
# the element's HTML). Everything else the checker calls serious fails the test.
KNOWN = [
    # The board's squares (static/js/board_view.js): a corner square shows its file and rank
    # labels, which are aria-hidden (the square's name, "a1, white rook", says where it is), yet
    # the checker counts them as the square's visible label and finds them apart in the name.
    ("label_name_visible", 'role="gridcell"'),
]

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
TEAM = {"name": "Ada's team", "text": "We play.", "open": False}
TOPIC = {"title": "Do knights sweep both ways?", "text": "A question.\nWith two lines."}
SIMUL = {"name": "Ada's simul", "clock": {"initial": 600, "increment": 5}, "max_players": 8}
PAGES = [
    ("home", "/"),
    ("play", "/play/"),
    ("game", None),  # a live game's page, its id found at run time
    ("correspondence", None),  # ada's correspondence game, her conditional premoves open
    ("analysis", "/analysis/"),
    ("explorer", "/analysis/"),  # the analysis board with its opening explorer open
    ("editor", "/editor/"),
    ("coordinates", "/training/coordinates/international/"),
    ("puzzles", "/training/puzzles/"),
    ("puzzle", "/training/puzzles/chesskers/"),  # a puzzle solved: its solution listed
    ("puzzle-history", "/training/puzzles/history/"),  # ... and its round
    ("storm", "/training/puzzles/chesskers/storm/"),  # a storm's first puzzle shown
    ("learn", None),  # an analysed game's first mistake asked again
    ("studies", "/study/"),
    ("study", None),  # ada's study, a comment and a side line in it, its panels open
    ("archive", "/games/"),
    ("rules", "/rules/chesskers/"),
    ("login", "/accounts/login/"),
    ("settings", "/accounts/settings/"),
    ("two-factor", "/accounts/two-factor/"),  # its set-up: the QR code and the form
    ("tournaments", "/tournaments/"),
    ("simuls", "/simul/"),
    ("simul", None),  # ada's simul, bea asking to play: the host's choices shown
    ("teams", "/team/"),
    ("team", None),  # ada's closed team, bea asking to join: the leader's forms shown
    ("forums", "/forum/"),
    ("topic", None),  # ada's topic, bea's reply under it: ada's own post's buttons shown
    ("watch", "/watch/"),
    ("profile", "/@/ada"),
    ("players", "/players/?q=ad"),
    ("timeline", "/timeline/"),  # ada follows bea: their game, bea's team and topic
    ("rating-stats", "/@/ada/perf/classical/"),  # ada's one rated game
    ("distribution", "/players/distribution/classical/"),  # ada among three established
    ("inbox", "/inbox/"),
    ("conversation", "/inbox/bea/"),  # a message each way
    ("notices", "/notices/"),  # bea's reply to ada's topic, unread
    ("embed", None),  # the live game framed, in the theme its address asks for
]


def check(page: Page) -> list[dict]:
    """Runs the checker on the page and returns its failed results at the violation level."""
    if not page.evaluate("typeof window.ace !== 'undefined'"):
        page.add_script_tag(content=ACE.read_text())
    report = page.evaluate(
        """async () => {
            const report = await new ace.Checker().check(document, ["IBM_Accessibility"]);
            return report.results
                .filter((r) => r.value[0] === "VIOLATION" && r.value[1] === "FAIL")
                .map((r) => ({rule: r.ruleId, reason: r.reasonId, message: r.message,
                              path: r.path.dom, snippet: r.snippet}));
        }"""
    )
    return report


@pytest.fixture
def checked_page(browser: Browser, daphne_server, live_db):
    """A page whose context lets the test inject the checker (the site's policy refuses any
    script it did not serve, rightly), signed in as ``ada``, who has played a game."""
    contexts = []

    def make() -> Page:
        context = browser.new_context(
            viewport={"width": 1280, "height": 800}, base_url=daphne_server.url, bypass_csp=True
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


# The dark theme's sweep is `slow` (make test-slow): its colours are held to their contrast in
# `make test` by tests/site/test_theme_contrast.py, and the light sweep checks every page's make.
@pytest.mark.parametrize("theme", ["light", pytest.param("dark", marks=pytest.mark.slow)])
def test_the_main_pages_have_no_serious_accessibility_violations(checked_page, theme) -> None:
    ada, bea = make_user("ada"), make_user("bea")
    off_the_loop(lambda: finished_game(ada, bea, ["e4", "e5"], resign=True))  # for the explorer
    off_the_loop(lambda: send_message(sender=bea, recipient=ada, text="Good game!\nAgain?"))
    off_the_loop(lambda: send_message(sender=ada, recipient=bea, text="Sure."))
    game = off_the_loop(lambda: opened(start_game(ada, bea)))
    for name, rating in [("ada", 1540), ("bea", 1610), ("cy", 1490)]:
        Rating.objects.update_or_create(
            user=User.objects.get(username=name) if name != "cy" else make_user(name),
            category="classical",
            defaults={"rating": rating, "deviation": 60, "games": 20, "last_game_at": now()},
        )
    Puzzle.objects.create(variant="chesskers", fen=MATE_IN_ONE, solver="white", moves=["Ra8#"])
    study = study_create(
        ada.pk, {"name": "Lines", "text": '[Variant "Chesskers"]\n\n1. e4 {Good} (1. d4) e5 *'}
    )
    simul = simul_create(host=ada, asked=SimulRequest.from_body(SIMUL))
    off_the_loop(lambda: simul_join(public_id=simul.public_id, user=bea))
    team = team_create(user=ada, asked=TeamRequest.from_body(TEAM))
    team_join(public_id=team.public_id, user=bea, text="May I?")
    topic = topic_create(user=ada, slug="general", asked=TopicRequest.from_body(TOPIC))
    off_the_loop(
        lambda: post_reply(
            user=bea, topic_id=topic.public_id, text="Yes: see https://example.org/rules"
        )
    )
    off_the_loop(lambda: follow(user=ada, other=bea))
    page = checked_page()
    log_in(page, "ada")
    # Signed in, the account's choice wins: set it there.
    switch = page.get_by_test_id("appearance")
    expect(switch).to_have_attribute("data-ready", "yes")  # the page's script is listening
    switch.locator("select[name=theme]").select_option(theme)
    expect(switch).to_have_attribute("data-state", "saved")
    REPORTS.mkdir(parents=True, exist_ok=True)
    serious: dict[str, list[dict]] = {}
    for name, path in PAGES:
        if name == "embed":
            path = f"/embed/{game.public_id}/?theme={theme}"
        if name == "study":
            path = f"/study/{study.public_id}/"
        if name == "simul":
            path = f"/simul/{simul.public_id}/"
        if name == "team":
            path = f"/team/{team.public_id}/"
        if name == "topic":
            path = f"/forum/general/{topic.public_id}/"
        if name == "correspondence":
            mail = off_the_loop(lambda: opened(start_game(bea, ada, clock=TimeControl(days=3))))
            path = f"/game/{mail.public_id}/"
        if name == "learn":  # made here, after the explorer has counted the games before it
            learned = off_the_loop(lambda: analysed(finished_game(ada, bea, EVERYTHING)))
            path = f"/game/{learned.public_id}/learn/"
        page.goto(path or f"/game/{game.public_id}/")
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        page.wait_for_load_state("networkidle")
        if name in (
            "game",
            "correspondence",
            "analysis",
            "explorer",
            "coordinates",
            "puzzle",
            "study",
            "storm",
            "learn",
        ):
            expect(page.locator("#board .cb-board")).to_be_visible()
        if name == "storm":
            expect(page.locator("body[data-storm=ready]")).to_have_count(1)
        if name == "learn":
            expect(page.locator("body[data-learn=asking]")).to_have_count(1)
        if name == "study":
            page.get_by_test_id("chapter-panel").locator("summary").click()
            page.get_by_test_id("study-settings").locator("summary").click()
            expect(page.locator("#move-tree .move-comment")).to_have_text("Good")
        if name == "simul":
            expect(page.get_by_test_id("accept-bea")).to_be_visible()
        if name == "coordinates":  # a round under way: its name to find
            page.get_by_test_id("coordinates-start").click()
            expect(page.get_by_test_id("coordinates-target")).not_to_have_text("")
        if name == "puzzle":
            page.locator("#board [data-square='a1']").click()
            page.locator("#board [data-square='a8']").click()
            expect(page.get_by_test_id("puzzle-status")).to_have_text("Solved!")
        if name == "correspondence":
            page.get_by_test_id("conditional").locator("summary").click()
            expect(page.get_by_test_id("conditional-save")).to_be_visible()
        if name == "explorer":
            page.get_by_test_id("explorer").locator("summary").click()
            expect(page.get_by_test_id("explorer-move")).to_have_text(["e4"])
        if name == "embed":
            expect(page.locator("#embed-board .cb-board")).to_be_visible()
        results = check(page)
        (REPORTS / f"{name}-{theme}.json").write_text(json.dumps(results, indent=1))
        found = [
            result
            for result in results
            if result["rule"] in SERIOUS_RULES
            and not any(
                rule == result["rule"] and piece in result["snippet"] for rule, piece in KNOWN
            )
        ]
        if found:
            serious[name] = found
    assert not serious, json.dumps(serious, indent=1)
