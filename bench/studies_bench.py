"""What a study's changes cost as its chapter fills: a chapter's tree is one JSON document,
rewritten whole by every change, so this bench measures a change on a chapter of a few moves
(the reference, in the same run) and on one at ``tree.MAX_NODES``, whose comments fill their
bound (``tree.MAX_COMMENTS``); and the reads a page makes (the chapter's tree, the study's page),
and a text of a full chapter imported.

Loads into a migrated PostgreSQL database (``DATABASE_URL``; its studies are deleted first) one
study with a small chapter and a full one: a game's random line with side lines from every
other move, each tenth move commented. Every request goes through Django's test client as a
page's script sends it (median and fastest of ``--runs`` after a warm-up). It never fails on
time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_study_bench \\
        .venv/bin/python bench/studies_bench.py [--runs 15] [--variant chesskers]
"""

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import User  # noqa: E402
from bench.puzzles_bench import timed  # noqa: E402
from engine import variants  # noqa: E402
from games.domain.errors import GameError  # noqa: E402
from games.services.lines import play_on  # noqa: E402
from studies import tree as trees  # noqa: E402
from studies.models import Chapter, Study  # noqa: E402
from studies.services import study_text  # noqa: E402


def full_tree(variant_id: str, rng: random.Random) -> trees.Tree:
    """Returns a tree of ``MAX_NODES`` positions: a random line, and from every other move a
    side line of a few moves, each tenth move commented so that the comments fill their bound."""
    variant = variants.get(variant_id)
    tree = trees.new_tree(variant.start_fen)
    comment = "x" * (trees.MAX_COMMENTS * 10 // trees.MAX_NODES - 1)
    at = "0"
    while trees.size(tree) < trees.MAX_NODES:
        eg = variant.new_game(tree["nodes"][at]["fen"])
        moves = eg.legal_moves()
        if not moves or eg.is_over():
            at = "0"
            continue
        played = play_on(eg, eg.move_text(rng.choice(moves)))
        try:
            node, _new = trees.add(tree, at, played, eg.fen())
        except GameError:  # nested as deep as the text format writes: back to the start
            at = "0"
            continue
        if int(node["id"]) % 10 == 0:
            node["comment"] = comment
        # Mostly onwards; now and then back a few moves, a side line from there.
        at = node["id"] if rng.random() < 0.8 else (node["parent"] or "0")
    return tree


def checked(response, what: str):
    if response.status_code not in (200, 201):
        raise SystemExit(f"{what} answered {response.status_code}: {response.content[:200]}")
    return response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--variant", default=variants.DEFAULT.id)
    args = parser.parse_args()
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database.")
    call_command("migrate", verbosity=0)
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "study_address": "1000000/60"}
    Study.objects.all().delete()
    owner, _ = User.objects.get_or_create(username="bench-owner")
    rng = random.Random(7)
    tree = full_tree(args.variant, rng)
    small = trees.new_tree(variants.get(args.variant).start_fen)
    study = Study.objects.create(owner=owner, name="Bench")
    chapters = {
        "few moves": Chapter.objects.create(
            study=study,
            order=1,
            name="Few",
            variant=args.variant,
            initial_fen=small["nodes"]["0"]["fen"],
            tree=small,
        ),
        "full": Chapter.objects.create(
            study=study,
            order=2,
            name="Full",
            variant=args.variant,
            initial_fen=tree["nodes"]["0"]["fen"],
            tree=tree,
        ),
    }
    client = Client(HTTP_HOST="localhost")
    client.force_login(owner)
    base = f"/api/studies/{study.public_id}"
    text = study_text(study, [chapters["full"]])
    rows = []
    for label, chapter in chapters.items():
        url = f"{base}/chapters/{chapter.public_id}/"
        # A note set and set again: the same work as any change (the tree read, rewritten).
        note = {"op": "note", "node": "1", "comment": "Bench", "glyph": ""}
        if label == "few moves":
            start = chapter.tree["nodes"]["0"]["fen"]
            eg = variants.get(args.variant).new_game(start)
            first = eg.move_text(eg.legal_moves()[0])
            checked(
                client.post(
                    f"{url}changes/",
                    {"op": "play", "node": "0", "move": first},
                    content_type="application/json",
                ),
                "a first move",
            )
        again = {"op": "play", "node": "0"}
        again["move"] = Chapter.objects.get(pk=chapter.pk).tree["nodes"]["1"]["text"]
        ask = {
            "a move played (the same, already there)": lambda url=url, again=again: checked(
                client.post(f"{url}changes/", again, content_type="application/json"), "a move"
            ),
            "a note set (the tree rewritten)": lambda url=url, note=note: checked(
                client.post(f"{url}changes/", note, content_type="application/json"), "a note"
            ),
            "the chapter read (the page's catch-up)": lambda url=url: checked(
                client.get(url), "the chapter"
            ),
            "the study's page at this chapter": lambda chapter=chapter: checked(
                client.get(f"/study/{study.public_id}/{chapter.public_id}/"), "the page"
            ),
        }
        for what, call in ask.items():
            rows.append((label, what, *timed(call, args.runs)))
    rows.append(
        (
            "full",
            "its text imported as a new study (every move played)",
            *timed(
                lambda: checked(
                    client.post(
                        "/api/studies/",
                        {"name": "Again", "text": text},
                        content_type="application/json",
                    ),
                    "the import",
                ),
                max(3, args.runs // 5),
            ),
        )
    )
    reference = {what: median for label, what, median, _ in rows if label == "few moves"}
    print(
        f"{args.variant}: a full chapter holds {trees.size(tree)} positions, "
        f"{trees.comment_chars(tree):,} characters of comments, "
        f"{len(str(tree)):,} characters of tree; its text {len(text):,} characters"
    )
    print("| chapter | request | median / fastest ms | ratio to the few moves' |")
    print("|---|---|---|---|")
    for label, what, median, fastest in rows:
        base_ms = reference.get(what)
        ratio = f"{median / base_ms:.2f}" if base_ms else "-"
        print(f"| {label} | {what} | {median:.1f} / {fastest:.1f} | {ratio} |")


if __name__ == "__main__":
    main()
