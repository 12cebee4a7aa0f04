"""The themes' colours (static/css/site.css): every pair of a text colour and the background it
is written on reads at 4.5:1 or more (WCAG's AA for normal text) in the light theme and in
the dark one; the dark palette written for a system that prefers dark is the same as the one
chosen by hand; and every board theme's coordinates read on both colours of square."""

import re

import pytest
from django.conf import settings

SITE_CSS = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()
MINIMUM = 4.5

# (text, background) pairs the stylesheets paint.
TEXT_PAIRS = [
    ("text", "bg"),
    ("text", "surface"),
    ("muted", "bg"),
    ("muted", "surface"),
    ("accent", "bg"),
    ("accent", "surface"),
    ("accent-strong", "surface"),
    ("accent-strong", "bg"),
    ("accent-strong", "current-bg"),
    ("on-button", "button-bg"),
    ("on-button", "button-bg-hover"),
    ("danger", "surface"),
    ("danger", "bg"),
    ("danger", "error-bg"),
    ("on-danger", "danger-bg"),
    ("text", "info-bg"),
    ("text", "error-bg"),
    ("text", "warn-bg"),
    ("text", "mine-bg"),
    ("text", "current-bg"),
    ("text", "tree-current-bg"),
    ("text", "input-bg"),
    ("banner-text", "banner-bg"),
    ("seek-white-text", "seek-white-bg"),
    ("seek-black-text", "seek-black-bg"),
    ("inaccuracy", "surface"),
    ("mistake", "surface"),
]
BOARD_PAIRS = [
    ("coord-on-light", "sq-light"),
    ("coord-on-dark", "sq-dark"),
    ("points-line", "points-bg"),
]


def block(selector: str) -> dict[str, str]:
    """Returns the variables of the (first) rule of ``selector``: name to value."""
    match = re.search(r"(?:^|\n)\s*" + re.escape(selector) + r"\s*\{([^}]*)\}", SITE_CSS)
    assert match, selector
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", match.group(1)))


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


LIGHT = block(":root")  # the first :root rule: the light theme
DARK = block(':root[data-theme="dark"]')
SYSTEM_DARK = block(':root:not([data-theme="light"]):not([data-theme="dark"])')


def test_contrast_helper_matches_wcag_figures() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_the_dark_palette_is_the_same_chosen_or_from_the_system() -> None:
    assert DARK == SYSTEM_DARK


def test_both_themes_define_the_same_colours() -> None:
    assert set(LIGHT) == set(DARK)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("text", "background"), TEXT_PAIRS)
def test_text_reads_on_its_background(theme: str, text: str, background: str) -> None:
    palette = LIGHT if theme == "light" else DARK
    ratio = contrast(palette[text], palette[background])
    assert ratio >= MINIMUM, f"{theme}: --{text} on --{background} is {ratio:.2f}:1"


@pytest.mark.parametrize(
    "selector",
    [
        ':root, :root[data-board="brown"]',
        ':root[data-board="blue"]',
        ':root[data-board="green"]',
        ':root[data-board="grey"]',
    ],
)
def test_each_board_themes_coordinates_read_on_their_squares(selector: str) -> None:
    palette = block(selector)
    for text, background in BOARD_PAIRS:
        ratio = contrast(palette[text], palette[background])
        assert ratio >= MINIMUM, f"{selector}: --{text} on --{background} is {ratio:.2f}:1"
