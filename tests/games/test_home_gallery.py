"""The home page's gallery: every game, grouped by family, each with its start position's board
data, its name, its line and a link to its rules page; and links to the bot and pass-and-play."""

import json
import re

import pytest

from engine import variants
from tests.factories import make_user

pytestmark = pytest.mark.django_db

# The gallery's order: Chesskers, then the hybrids, then the checkers family, each in the
# registry's order.
GROUPED = [
    variant.id
    for family in ("chesskers", "hybrid", "draughts")
    for variant in variants.VARIANTS.values()
    if variant.family == family
]


def ids_of(family: str) -> list[str]:
    """The ids of a family's games, in the registry's order."""
    return [variant.id for variant in variants.VARIANTS.values() if variant.family == family]


def gallery_data(content: str) -> list[dict]:
    start = content.index('<script id="gallery-data" type="application/json">')
    return json.loads(content[start:].split(">", 1)[1].split("</script>", 1)[0])


def test_the_gallery_shows_every_game_in_three_groups(client) -> None:
    content = client.get("/").content.decode()
    groups = re.findall(r'data-family="([a-z]+)"', content)
    assert groups == ["chesskers", "hybrids", "draughts"]
    cards = re.findall(r'<li class="gallery-card" data-game="([a-z-]+)"', content)
    assert cards == GROUPED
    assert len(cards) == len(variants.VARIANTS)
    by_group = {
        group: re.findall(r'data-game="([a-z-]+)"', part)
        for group, part in zip(groups, content.split('class="gallery-group"')[1:], strict=True)
    }
    assert by_group["chesskers"] == ["chesskers"]
    assert by_group["hybrids"] == ids_of("hybrid")
    assert by_group["draughts"] == ids_of("draughts")
    for variant in variants.VARIANTS.values():
        assert f">{variant.name}</a></h4>" in content


def test_the_gallery_counts_the_other_games_from_the_registry(client) -> None:
    others = len(variants.VARIANTS) - 1
    said = re.search(r'data-testid="games-count">([^<]*)<', client.get("/").content.decode())
    assert said[1].startswith(f"This site plays Chesskers and {others} games around it.")
    ru = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Здесь можно играть в Chesskers и ещё {others} родствен" in ru


def test_each_card_links_its_rules_and_carries_its_start_position(client) -> None:
    content = client.get("/").content.decode()
    boards = gallery_data(content)
    assert [board["id"] for board in boards] == GROUPED
    for board in boards:
        variant = variants.get(board["id"])
        assert board["variant"]["start_fen"] == variant.start_fen
        assert f'data-gallery-board="{board["id"]}"' in content
        rules = "/rules/" if board["id"] == "chesskers" else f"/rules/{board['id']}/"
        assert f'<h4><a href="{rules}">{variant.name}</a></h4>' in content


def test_the_home_page_links_the_bot_pass_and_play_and_puzzles(client) -> None:
    content = client.get("/").content.decode()
    assert 'href="/play/bot/" data-testid="home-bot"' in content
    assert 'href="/play/local/" data-testid="home-local"' in content
    assert 'href="/training/puzzles/" data-testid="home-puzzles"' in content


@pytest.mark.parametrize("variant_id", ["turkish", "byelorussian-cheskers", "alquerque"])
def test_each_card_leads_to_playing_its_game_every_way(client, variant_id) -> None:
    client.force_login(make_user("walker"))  # the lobby's seek form is for players
    content = client.get("/").content.decode()
    card = re.search(rf'data-testid="gallery-links-{variant_id}">(.*?)</p>', content).group(1)
    links = re.findall(r'href="([^"]+)"', card)
    assert links[1:] == [f"/play/?variant={variant_id}", f"/play/bot/?variant={variant_id}",
                         f"/play/local/?variant={variant_id}"]  # fmt: skip
    chosen = {
        "/play/": "seek-variant",
        "/play/bot/": "bot-variant",
        "/play/local/": "local-variant",
    }
    for link in links[1:]:
        page = client.get(link).content.decode()
        picker = re.search(rf'<select id="{chosen[link.split("?")[0]]}".*?</select>', page, re.S)
        selected = re.findall(r'<option value="([^"]+)" selected>', picker.group(0))
        assert selected == [variant_id], link
