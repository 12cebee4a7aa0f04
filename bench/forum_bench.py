"""What the forum's pages cost as it grows: the forums' front page (their counts and the latest
posts), a forum's first page of topics and a page far down, a long topic's first and last pages,
a search for a word 30 posts hold and for one every post holds, and a reply. Measured on a forum of
``--topics`` topics whose longest has ``--posts`` posts, against a forum of a hundredth of each
(the reference, in the same run, same database).

Loads into a migrated PostgreSQL database (``DATABASE_URL``; its forums are emptied first) the
players, topics and posts in bulk, each count kept as the services keep it, then VACUUMs and
ANALYZEs the tables as autovacuum does a live site's. Median and fastest of ``--runs`` after a
warm-up. It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_forum_bench \\
        .venv/bin/python bench/forum_bench.py [--topics 20000] [--posts 5000] [--runs 15]
"""

import argparse
import os
import random
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.puzzles_bench import get, timed  # noqa: E402
from bench.teams_bench import players  # noqa: E402
from forum.models import Forum, Post, Topic  # noqa: E402
from forum.policy import POSTS_PAGE, TOPICS_PAGE  # noqa: E402
from forum.services import post_reply  # noqa: E402

POSTS_A_TOPIC = 8  # the other topics' posts each
RARE = 30  # posts that say a rare word, spread through the forum
TEXT = "A knight sweeps every enemy piece on its leg; a man jumps in chains. " * 3


def load(topics: int, longest: int, people: list, tag: str) -> dict:
    """A general forum of ``topics`` topics of ``POSTS_A_TOPIC`` posts, the first of
    ``longest`` posts; returns what the bench reads."""
    rng = random.Random(7)
    now = timezone.now()
    row = Forum.objects.create(slug="general")
    made = Topic.objects.bulk_create(
        [
            Topic(
                forum=row,
                title=f"Question {tag}{n} about the openings",
                author=rng.choice(people),
                last_author=rng.choice(people),
                last_post_at=now - timedelta(minutes=n),
                post_count=longest if n == 0 else POSTS_A_TOPIC,
            )
            for n in range(topics)
        ],
        batch_size=2000,
    )
    rows, written = [], 0
    step = (longest + (topics - 1) * POSTS_A_TOPIC) // RARE
    for index, topic in enumerate(made):
        for number in range(1, (longest if index == 0 else POSTS_A_TOPIC) + 1):
            written += 1
            text = f"{TEXT} Zugzwang!" if written % step == 0 else TEXT
            rows.append(Post(topic=topic, number=number, author=rng.choice(people), text=text))
            if len(rows) >= 20_000:
                Post.objects.bulk_create(rows)
                rows = []
    Post.objects.bulk_create(rows)
    total = longest + (topics - 1) * POSTS_A_TOPIC
    Forum.objects.filter(pk=row.pk).update(topic_count=topics, post_count=total, last_topic=made[0])
    return {
        "long": made[0],
        "writer": people[0],
        "far": min(300, -(-topics // TOPICS_PAGE)),
        "last": -(-longest // POSTS_PAGE),
    }


def measure(site: dict, runs: int) -> list[tuple[str, float, float]]:
    reader, writer = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    writer.force_login(site["writer"])
    topic = site["long"].public_id
    url = f"/forum/general/{topic}/"
    asked = {
        "the forums' front page": get(reader, "/forum/"),
        "the forum's first page of topics": get(reader, "/forum/general/"),
        f"a page of topics far down (page {site['far']})": get(
            reader, f"/forum/general/?page={site['far']}"
        ),
        "the longest topic's first page": get(reader, url),
        "its last page": get(reader, f"{url}?page={site['last']}"),
        f"a search for a word {RARE} posts hold": get(reader, "/forum/search/?q=zugzwang"),
        "a search for a word in every post": get(reader, "/forum/search/?q=knight"),
        "a reply to it (the service)": lambda: post_reply(
            user=site["writer"], topic_id=topic, text="Agreed."
        ),
    }
    return [(what, *timed(call, runs)) for what, call in asked.items()]


SEARCH_INDEXES = {
    "forum_post_text_search": ("forum_post", "text"),
    "forum_topic_title_search": ("forum_topic", "title"),
}


def searches_without_indexes(runs: int) -> list[tuple[str, float, float]]:
    """The large forum's two searches with the trigram indexes dropped (what SQLite, or a
    database without them, does: every row read), then the indexes made again."""
    reader = Client(HTTP_HOST="localhost")
    with connection.cursor() as cursor:
        for name in SEARCH_INDEXES:
            cursor.execute(f'DROP INDEX IF EXISTS "{name}"')
    asked = {
        f"a search for a word {RARE} posts hold": get(reader, "/forum/search/?q=zugzwang"),
        "a search for a word in every post": get(reader, "/forum/search/?q=knight"),
    }
    found = [(what, *timed(call, runs)) for what, call in asked.items()]
    with connection.cursor() as cursor:
        for name, (table, column) in SEARCH_INDEXES.items():
            cursor.execute(
                f'CREATE INDEX "{name}" ON "{table}" USING gin (UPPER("{column}"::text) '
                "gin_trgm_ops)"
            )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", type=int, default=20_000)
    parser.add_argument("--posts", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database.")
    call_command("migrate", verbosity=0)
    # The bench searches far faster than a visitor may: the address's budget is lifted.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "forum_search_address": "1000000/60"}
    people = players(2000)
    results = {}
    for name, topics, longest in (
        ("reference", args.topics // 100, args.posts // 100),
        ("large", args.topics, args.posts),
    ):
        Forum.objects.all().delete()
        site = load(topics, longest, people, name[0])
        with connection.cursor() as cursor:
            for table in ("forum_forum", "forum_topic", "forum_post", "accounts_user"):
                cursor.execute(f"VACUUM ANALYZE {table}")
        results[name] = (topics, longest, measure(site, args.runs))
    unindexed = searches_without_indexes(args.runs)
    small, large = results["reference"], results["large"]
    posts = large[1] + (large[0] - 1) * POSTS_A_TOPIC
    print(
        f"{large[0]:,} topics and {posts:,} posts, the longest topic of {large[1]:,}, against "
        f"{small[0]:,} topics, the longest of {small[1]:,}"
    )
    print("| what | large: median / fastest ms | reference: median ms | ratio |")
    print("|---|---|---|---|")
    for (what, median, fastest), (_, reference, _fast) in zip(large[2], small[2], strict=True):
        ratio = median / reference
        print(f"| {what} | {median:.1f} / {fastest:.1f} | {reference:.1f} | {ratio:.2f} |")
    print("\nThe large forum's searches without their trigram indexes (median / fastest ms):")
    for what, median, fastest in unindexed:
        print(f"- {what}: {median:.1f} / {fastest:.1f}")


if __name__ == "__main__":
    main()
