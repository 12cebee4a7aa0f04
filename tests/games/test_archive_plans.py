"""The archive's filters, the profiles and the crosstable read as much of a large archive as of
a small one (issue #35): on PostgreSQL, what every filter's page, API list, every profile and a
crosstable read of the games table (``EXPLAIN ANALYZE``: rows and index entries, counted, never
timed) stays the same when an archive spread over every game, speed and ending doubles (service
test)."""

import random
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from engine import variants
from games.models import Game
from tests.games.plans import plans_of

pytestmark = [pytest.mark.services, pytest.mark.django_db]

START = datetime(2025, 3, 1, tzinfo=UTC)
# Time controls (initial s, increment s, days) and how often: every speed, two of them rare.
CONTROLS = [
    ((15, 0, None), 1),  # ultrabullet
    ((60, 0, None), 15),
    ((180, 2, None), 30),
    ((600, 5, None), 20),
    ((1800, 20, None), 5),
    ((None, 0, 3), 2),  # correspondence
    ((None, 0, None), 27),
]
COMMON_ENDINGS = {"resignation": 400, "checkmate": 200, "timeout": 150, "agreement": 60}
DRAWN = {"stalemate", "threefold", "fifty-moves", "insufficient-material", "agreement"}
REGULARS = 60
# The one tournament whose games the archive holds (a few of every thousand).
TOURNAMENT = "tourney1"


class Archive:
    """Finished games written straight to the table, spread as a site's are: every game of the
    registry by a skewed popularity (the last one never played), every speed, every ending
    (one of them rare), every mode, a few annotated; regular players of skewed activity, one
    who played two games early on, one who never played."""

    def __init__(self) -> None:
        self.rng = random.Random(35)
        self.loaded = 0
        self.variants = list(variants.VARIANTS)
        self.variant_weights = [1 / (n + 1) ** 2 for n in range(len(self.variants) - 1)] + [0]
        self.endings = list(Game.Termination.values)
        self.rarest = next(e for e in self.endings if e not in {*COMMON_ENDINGS, *DRAWN})
        self.ending_weights = [
            COMMON_ENDINGS.get(e, 1 if e == self.rarest else 20) for e in self.endings
        ]
        users = [User(username=f"p{n:02d}", password="!") for n in range(REGULARS)]
        users += [User(username="few", password="!"), User(username="idle", password="!")]
        self.users = User.objects.bulk_create(users)
        self.regulars = [u.pk for u in self.users[:REGULARS]]
        self.player_weights = [1 / (n + 5) for n in range(REGULARS)]
        self.few = self.users[REGULARS].pk

    def grow(self, count: int) -> None:
        games = [self.game(self.loaded + n) for n in range(count)]
        Game.objects.bulk_create(games, batch_size=2000)
        self.loaded += count
        with connection.cursor() as cursor:  # as a live site's tables are: analysed
            cursor.execute(f"ANALYZE {Game._meta.db_table}, {User._meta.db_table}")

    def game(self, n: int) -> Game:
        rng = self.rng
        mode = rng.choices(["online", "bot", "local", "imported"], [85, 8, 4, 3])[0]
        white, black = rng.choices(self.regulars, self.player_weights, k=2)
        if n in (100, 101):  # the two games of the player who came once
            mode, white = "online", self.few
        ending = rng.choices(self.endings, self.ending_weights)[0]
        initial, increment, days = rng.choices(*zip(*CONTROLS, strict=True))[0]
        ply = rng.randint(10, 90)
        variant = rng.choices(self.variants, self.variant_weights)[0]
        start = variants.get(variant).start_fen
        return Game(
            variant=variant,
            initial_fen=start,
            fen=start,
            mode=mode,
            white_id=white if mode in ("online", "bot") else None,
            black_id=black if mode == "online" and black != white else None,
            imported_by_id=white if mode == "imported" else None,
            status=Game.Status.FINISHED,
            result="1/2-1/2" if ending in DRAWN else rng.choice(["1-0", "0-1"]),
            termination=ending,
            ply=ply,
            final_ply=ply,
            clock_initial=initial,
            clock_increment=increment,
            clock_days=days,
            finished_at=START + timedelta(minutes=n),
            annotation_count=1 if rng.random() < 0.01 else 0,
            tournament=TOURNAMENT if mode == "online" and n % 250 == 0 else None,
        )


def urls(archive: Archive) -> list[str]:
    """Every filter of the archive, alone (common values, rare ones, ones nobody has) and
    combined, as the page and the API ask; then every profile, page and API."""
    popular, rare, unplayed = archive.variants[0], archive.variants[-2], archive.variants[-1]
    day = (START + timedelta(days=1)).date().isoformat()
    filters = [
        {},
        {"variant": popular},
        {"variant": rare},
        {"variant": unplayed},
        {"speed": "blitz"},
        {"speed": "ultrabullet"},
        {"speed": "correspondence"},
        {"player": "few"},
        {"player": "idle"},
        {"player": "nobody"},
        {"player": "p00", "opponent": "p01"},  # two of the busiest: each other's games only
        {"player": "p00", "opponent": "idle"},
        {"result": "1-0"},
        {"termination": "resignation"},
        {"termination": archive.rarest},
        {"mode": "online"},
        {"mode": "imported"},
        {"since": day, "until": day},
        {"min_plies": "50"},
        {"min_plies": "500"},
        {"annotated": "1"},
        {"tournament": TOURNAMENT},
        {"tournament": "nosuchone"},
        {"variant": rare, "result": "1-0"},
        {"variant": unplayed, "speed": "blitz"},
        {"player": "few", "speed": "blitz"},
        {"termination": archive.rarest, "mode": "online"},
        {"annotated": "1", "variant": rare},
        {"min_plies": "500", "result": "1-0"},
    ]
    found = []
    for query in filters:
        found += [f"/games/?{urlencode(query)}", f"/api/games/?status=finished&{urlencode(query)}"]
    for name in ("few", "idle"):
        found += [f"/@/{name}", f"/api/users/{name}/"]
    found += ["/api/crosstable/p00/p01/", "/api/crosstable/p00/idle/"]
    return found


def read_by(url: str) -> int:
    """Returns the rows and index entries of the games table that one request reads."""
    with CaptureQueriesContext(connection) as captured:
        response = Client().get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return sum(plan.examined for plan in plans_of(captured.captured_queries))


def test_every_filter_and_profile_reads_as_much_of_10000_games_as_of_5000() -> None:
    archive, added = Archive(), 5000
    archive.grow(added)
    asked = urls(archive)
    small = {url: read_by(url) for url in asked}
    archive.grow(added)
    large = {url: read_by(url) for url in asked}
    # A value's games grow with the archive until the count stops at 1000 (here a rare speed
    # reads a hundred more index entries and rows); a plan that walks the archive reads every
    # game added.
    grown = {url: (small[url], large[url]) for url in asked if large[url] - small[url] > added / 10}
    assert grown == {}
    assert small["/games/?variant=" + archive.variants[-1]] == 0  # nobody played it: nothing
