"""What a post links to, shown under it: a game of this site linked by its address (alone, or
on a host the site answers to) is drawn as a picture of its position with its players, game and
result, an analysis board's position with its game's name; two a post at most, each once;
another site's address, a game that does not exist, a FEN the engine cannot read and a removed
post show none; every post of a page is read in one query, so a page costs the same whatever its
posts link to; the posts a topic's open page reads as they are written show them too."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from forum.previews import linked
from forum.services import post_remove, post_reply
from games.domain.schemas import MoveRequest
from games.reads.picture import DASH
from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from games.services.round import game_play
from tests.forum.conftest import start

pytestmark = pytest.mark.django_db


def linked_games(text: str) -> list[str]:
    """The ids of the games ``text`` links to, as ``linked`` finds them."""
    return [link[1] for link in linked(text) if link[0] == "game"]


@override_settings(ALLOWED_HOSTS=["chesskers.example", ".friends.example"])
def test_a_link_to_a_game_of_this_site_is_found_and_others_are_not() -> None:
    text = (
        "Look: /game/abcdefgh/ and https://chesskers.example/game/bcdefghk/#12, "
        "again /game/abcdefgh/, http://www.friends.example/game/cdefghkm/ too."
    )
    assert linked_games(text) == ["abcdefgh", "bcdefghk"]  # two at most, each once
    assert linked_games("(https://www.friends.example/game/cdefghkm/)") == ["cdefghkm"]
    for elsewhere in (
        "https://lichess.org/game/abcdefgh/",
        "see www.other.example/game/abcdefgh/",
        "https://chesskers.example.evil.example/game/abcdefgh/",
        "/game/abcdefghk/",  # nine characters: no game's id
        "/game/ABCDEFGH/",
    ):
        assert linked_games(elsewhere) == [], elsewhere


def test_an_analysis_boards_address_is_a_position_as_its_page_reads_it() -> None:
    text = (
        "Mate in two? /analysis/chesskers/4k3/8/8/8/8/8/8/4K3_w_-_-_0_1. "
        "Or (/analysis/international/W:W31,32:B1,2) and /analysis/chesskers/8_w"
    )
    assert linked(text) == [
        ("position", "chesskers", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("position", "international", "W:W31,32:B1,2"),
    ]
    assert linked("/analysis/chesskers/%34k3/8/8/8/8/8/8/4K3_w_-_-_0_1") == [
        ("position", "chesskers", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    ]


def finished_game(user) -> str:
    actor = Actor(user_id=user.pk)
    game = game_create_local(actor=actor)
    game_play(game_id=game.public_id, actor=actor, move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=game.public_id, actor=actor)
    return game.public_id


def test_a_topic_shows_the_games_its_posts_link_to(ann, bob) -> None:
    over = finished_game(ann)
    live = game_create_local(actor=Actor(user_id=bob.pk)).public_id
    topic = start(ann, "analysis", "My game", f"What did I miss? http://testserver/game/{over}/")
    url = f"/forum/analysis/{topic.public_id}/"
    post_reply(user=bob, topic_id=topic.public_id, text=f"Mine: /game/{live}/ and /game/zzzzzzzz/")
    removed = post_reply(user=bob, topic_id=topic.public_id, text=f"Gone: /game/{over}/")
    post_remove(user=bob, post_id=removed.pk)
    page = Client().get(url).content.decode()
    assert page.count('data-testid="post-game"') == 2  # not the removed post's, nor no game's
    assert f'<a class="forum-game" href="/game/{over}/"' in page
    # Black, to move after 1. e4, resigned the pass-and-play game.
    caption = f"ann {DASH} ann · Chesskers · 1{DASH}0"
    assert f'<img src="/game/{over}/position.svg" alt="{caption}"' in page
    assert f'href="/game/{live}/"' in page and f"bob {DASH} bob · Chesskers · in progress" in page
    # The posts an open page reads as they are written show them too.
    read = Client().get(f"/forum/analysis/{topic.public_id}/posts/", {"from": 2, "to": 2})
    assert f'src="/game/{live}/position.svg"' in read.content.decode()


def test_a_topic_page_reads_every_linked_game_in_one_query(ann, bob) -> None:
    topic = start(ann)
    url = f"/forum/general/{topic.public_id}/"

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(url).status_code == 200
        return len(captured)

    post_reply(user=bob, topic_id=topic.public_id, text="No game here.")
    without = queries()
    for _ in range(6):
        game = finished_game(bob)
        post_reply(user=bob, topic_id=topic.public_id, text=f"/game/{game}/ and /game/{game}/")
    assert queries() == without + 1


def test_a_post_shows_the_positions_of_the_analysis_boards_it_links_to(ann) -> None:
    fen = "4k3/8/8/8/8/8/8/4K3_w_-_-_0_1"
    text = (
        f"Drawn? /analysis/chesskers/{fen} Not this: /analysis/chesskers/8/8/8 nor /analysis/go/x"
    )
    topic = start(ann, "analysis", "Kings", text)
    page = Client().get(f"/forum/analysis/{topic.public_id}/").content.decode()
    assert page.count('data-testid="post-position"') == 1
    assert f'href="/analysis/chesskers/{fen}"' in page
    picture = "/position.svg?variant=chesskers&amp;fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3_w_-_-_0_1"
    assert f'<img src="{picture}" alt="Chesskers · analysis board"' in page
    assert Client().get(picture.replace("&amp;", "&")).status_code == 200
