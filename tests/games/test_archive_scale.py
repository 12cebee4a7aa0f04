"""The archive and the profiles cost the page, not the archive (issue #27): each list and
profile asks the same number of queries for 3 games as for 30, pages that go on from a game
neither skip nor repeat one, and the players' stored records agree with a recount from the
games after endings of every kind."""

import importlib
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Rating, RatingChange
from accounts.selectors import rating_history
from games.models import Game, PlayerRecord
from games.services.archive import annotation_create, annotation_delete, game_import
from games.services.core import Actor
from games.services.lobby import challenge_accept, challenge_create
from games.services.play import game_resign
from games.services.presence import connection_close, connection_open, connection_seen
from games.services.sweep import sweep
from games.storage.records import RECORD_FIELDS, recount_records
from games.templatetags.archive import mini_board
from tests.factories import make_user
from tests.games.archive_helpers import FOOLS_MATE, play_out
from tests.games.conftest import start_game
from tests.games.test_players import agree_draw, resign

pytestmark = pytest.mark.django_db


def queries_of(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return len(captured)


def play_games(count: int, alice, bob, carol) -> list[Game]:
    """``count`` finished online games of alice's against bob and carol, of every colour and
    outcome, every third annotated, every fourth unrated."""
    games = []
    for n in range(count):
        opponent = bob if n % 2 else carol
        white, black = (alice, opponent) if n % 3 else (opponent, alice)
        if n % 4 == 3:
            challenge = challenge_create(user=white, to=black.username, color="white", rated=False)
            game = challenge_accept(user=black, challenge_id=challenge.public_id)
        else:
            game = start_game(white, black)
        play_out(game, ["e4", "e5"], white, black)
        if n % 5 == 4:
            agree_draw(game)
        else:
            resign(game, white if n % 2 else black)
        if n % 3 == 0:
            annotation_create(game_id=game.public_id, actor=Actor.of(alice), ply=1, glyph="!")
        games.append(game)
    return games


PAGES = [
    "/games/",
    "/games/?player=alice",
    "/games/?player=alice&result=1-0",
    "/games/?annotated=1",
    "/games/?termination=resignation&min_plies=1",
    "/games/?player=nobody",
    "/api/games/?status=finished",
    "/api/games/?status=finished&player=alice",
    "/api/games/?status=finished&annotated=1&page_size=50",
    "/api/games/",
    "/api/games/?status=live",
    "/@/alice",
    "/@/carol",
    "/api/users/alice/",
    "/api/users/bob/",
]


def test_every_list_and_profile_asks_as_many_queries_for_30_games_as_for_3(
    alice, bob, carol
) -> None:
    client, api = APIClient(), APIClient()
    first = play_games(3, alice, bob, carol)
    start_game(alice, bob)  # one live game
    cursor = f"before={first[-1].public_id}"
    pages = [*PAGES, f"/games/?{cursor}", f"/api/games/?status=finished&{cursor}"]
    few = {url: queries_of(api if "/api/" in url else client, url) for url in pages}
    play_games(27, alice, bob, carol)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 30
    many = {url: queries_of(api if "/api/" in url else client, url) for url in pages}
    assert many == few
    # The archive's first page: its count, its rows, their rating changes.
    assert few["/games/"] == 3
    # The profile: the user, their ratings (one row per category), the record, the rating
    # history, the latest games as White and as Black, their rating changes, then the page's
    # list of games (user, games, changes), the count of the games they imported, their puzzle
    # ratings and storm bests, their teams, the games they are playing now, and their activity
    # (rating changes, other games, puzzle rounds, tournaments, forum posts, teams joined,
    # studies, follows).
    assert few["/@/alice"] == 23


def page_ids(html: str) -> list[str]:
    return re.findall(r'<li class="game-row" data-game="(\w+)"', html)


def test_pages_walked_older_then_newer_give_every_game_once_in_order(alice, bob, carol) -> None:
    games = play_games(23, alice, bob, carol)
    same = datetime(2026, 5, 5, tzinfo=UTC)
    for n, game in enumerate(games):  # ties on the time: the id breaks them
        Game.objects.filter(pk=game.pk).update(finished_at=same + timedelta(hours=n // 4))
    everything = [
        g.public_id
        for g in Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-id")
    ]
    api = APIClient()
    seen, pages, url = [], [], "/api/games/?status=finished&page_size=5&player=alice"
    while url:
        body = api.get(url).json()
        assert (body["count"], body["count_capped"]) == (23, False)
        pages.append([row["id"] for row in body["results"]])
        seen += pages[-1]
        url = body["next"]
    assert seen == everything and [len(p) for p in pages] == [5, 5, 5, 5, 3]
    back, url = [], body["previous"]
    while url:
        body = api.get(url).json()
        back.append([row["id"] for row in body["results"]])
        url = body["previous"]
    assert back == pages[-2::-1]
    # The page's own links: "Older" from the first to the last, then "Newer" back to the top.
    html, walked = Client().get("/games/").content.decode(), []
    while True:
        walked += page_ids(html)
        older = re.search(r'rel="next" href="\?(before=\w+)"', html)
        if older is None:
            break
        html = Client().get(f"/games/?{older.group(1)}").content.decode()
    assert walked == everything and "23 games" in html
    newer = re.search(r'rel="prev" href="\?(after=\w+)"', html).group(1)
    assert page_ids(Client().get(f"/games/?{newer}").content.decode()) == everything[:20]


def test_a_page_from_an_unknown_game_or_of_no_size_is_refused(alice, bob, carol) -> None:
    play_games(1, alice, bob, carol)
    for query, message in [
        ("before=zzzzzzzz", "before names no game of this list: zzzzzzzz."),
        ("after=zzzzzzzz", "after names no game of this list: zzzzzzzz."),
        ("page_size=0", "page_size is a whole number from 1, not 0."),
        ("page=first", "page is a whole number from 1, not first."),
        ("page=%C2%B2", "page is a whole number from 1, not \u00b2."),  # a digit, not ASCII's
    ]:
        response = APIClient().get(f"/api/games/?status=finished&{query}")
        assert (response.status_code, response.json()) == (400, {"error": message})
    assert Client().get("/games/?before=zzzzzzzz").status_code == 400


def test_the_stored_annotation_count_follows_notes_added_removed_and_imported(
    alice, bob, carol
) -> None:
    (game,) = play_games(1, alice, bob, carol)  # annotated once by play_games
    note = annotation_create(game_id=game.public_id, actor=Actor.of(alice), ply=0, glyph="?")
    assert Game.objects.get(pk=game.pk).annotation_count == 2
    annotation_delete(game_id=game.public_id, actor=Actor.of(alice), annotation_id=note.pk)
    assert Game.objects.get(pk=game.pk).annotation_count == 1
    text = (
        '[White "x"]\n[Black "y"]\n[Variant "Chesskers"]\n\n1. e4 {fine} e5 $2 {no} 2. Nf3 1/2-1/2'
    )
    (imported,) = game_import(actor=Actor.of(bob), text=text)
    assert Game.objects.get(pk=imported.pk).annotation_count == 2


def abandon(white, black, start: datetime) -> Game:
    """An online game Black leaves and forfeits after ten minutes away (the sweep ends it)."""
    game = start_game(white, black)
    for user, channel in ((white, "w"), (black, "b")):
        connection_open(
            game_id=game.public_id, channel_name=channel, actor=Actor.of(user), now=start
        )
    connection_close(channel_name="b", now=start + timedelta(minutes=1))
    for minute in range(2, 13):
        connection_seen(channel_name="w", now=start + timedelta(minutes=minute))
    sweep(now=start + timedelta(minutes=12))
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "abandonment")
    return game


def stored(user) -> dict:
    record = PlayerRecord.objects.get(user=user)
    return {name: getattr(record, name) for name in RECORD_FIELDS}


def test_records_kept_as_games_end_equal_a_recount_after_every_kind_of_ending(
    alice, bob, carol
) -> None:
    dave = make_user("dave")
    abandon(alice, dave, timezone.now() - timedelta(hours=1))  # alice wins as White
    mate = play_out(start_game(bob, alice), FOOLS_MATE, bob, alice)  # alice mates as Black
    Rating.objects.create(user=carol, rating=1900, deviation=80)
    beaten = start_game(carol, alice)
    resign(beaten, carol)  # alice beats the 1900
    resign(start_game(alice, bob), alice)  # alice loses as White
    agree_draw(start_game(alice, carol))
    agree_draw(start_game(dave, alice))
    challenge = challenge_create(user=alice, to="bob", color="white", rated=False)
    resign(challenge_accept(user=bob, challenge_id=challenge.public_id), bob)
    assert mate.termination == "checkmate"
    recount = recount_records()
    for user in (alice, bob, carol, dave):
        assert stored(user) == {n: getattr(recount[user.pk], n) for n in RECORD_FIELDS}
    assert stored(alice) == {
        "white_wins": 2,
        "white_draws": 1,
        "white_losses": 1,
        "black_wins": 2,
        "black_draws": 1,
        "black_losses": 0,
        "by_termination": {
            "abandonment": {"wins": 1, "draws": 0, "losses": 0},
            "checkmate": {"wins": 1, "draws": 0, "losses": 0},
            "resignation": {"wins": 2, "draws": 0, "losses": 1},
            "agreement": {"wins": 0, "draws": 2, "losses": 0},
        },
        "streak_outcome": "win",
        "streak_games": 1,
        "best_win_game": beaten,
        "best_win_opponent": carol,
        "best_win_rating": 1900.0,
        "best_win_at": Game.objects.get(pk=beaten.pk).finished_at,
    }
    assert (stored(bob)["streak_outcome"], stored(bob)["streak_games"]) == ("loss", 1)


def test_the_rating_history_is_the_latest_games_from_the_rating_before_them(
    alice, bob, carol
) -> None:
    rated = [g for n, g in enumerate(play_games(4, alice, bob, carol)) if n % 4 != 3]
    changes = {c.game_id: c for c in RatingChange.objects.filter(user=alice)}
    history = rating_history(alice, limit=2)
    assert [point["game"] for point in history] == [None, rated[1].public_id, rated[2].public_id]
    assert history[0]["rating"] == changes[rated[1].pk].rating_before
    assert [p["rating"] for p in history[1:]] == [
        changes[rated[1].pk].rating_after,
        changes[rated[2].pk].rating_after,
    ]
    assert len(rating_history(alice)) == 4  # the start and all three


def test_a_small_board_draws_every_piece_on_its_square() -> None:
    svg = mini_board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 88)
    assert svg.count("<rect ") == 33 and 'width="88"' in svg
    assert re.findall(r'href="[^"]*/(\w+)\.svg" x="(\d)" y="(\d)"', svg) == [
        ("bK", "4", "0"),
        ("wR", "0", "7"),
        ("wK", "4", "7"),
    ]


def test_the_migration_counts_the_games_finished_before_it(alice, bob, carol) -> None:
    games = play_games(7, alice, bob, carol)
    kept = {user.pk: stored(user) for user in (alice, bob, carol)}
    Game.objects.update(annotation_count=0)
    PlayerRecord.objects.all().delete()
    migration = importlib.import_module("games.migrations.0008_archive_counts_and_player_records")
    migration.count_existing(apps, None)
    counts = dict(Game.objects.values_list("public_id", "annotation_count"))
    assert counts == {g.public_id: (1 if n % 3 == 0 else 0) for n, g in enumerate(games)}
    assert {user.pk: stored(user) for user in (alice, bob, carol)} == kept


def test_the_migration_stores_the_length_of_every_game_already_over(alice, bob, carol) -> None:
    play_games(2, alice, bob, carol)
    live = start_game(alice, bob)
    Game.objects.update(final_ply=None)
    migration = importlib.import_module("games.migrations.0012_archive_filter_indexes")
    migration.store_final_plies(apps, None)
    lengths = {g.public_id: (g.final_ply, g.ply) for g in Game.objects.all()}
    assert lengths.pop(live.public_id) == (None, 0)
    assert len(lengths) == 2 and all(final == ply == 2 for final, ply in lengths.values())


def test_a_game_keeps_the_length_it_ended_with(alice, bob) -> None:
    mate = play_out(start_game(bob, alice), FOOLS_MATE, bob, alice)
    resigned = start_game(alice, bob)
    play_out(resigned, ["e4"], alice, bob)
    game_resign(game_id=resigned.public_id, actor=Actor.of(bob))  # after one move
    lengths = dict(Game.objects.values_list("public_id", "final_ply"))
    assert lengths == {mate.public_id: 4, resigned.public_id: 1}
