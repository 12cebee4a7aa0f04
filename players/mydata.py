"""A player's own data as one file to download: a zip of their games (PGN for Chesskers and the
hybrids, PDN for the checkers family), their account, settings, ratings and rating history,
whom they follow and block, the reports they made, the games they bookmarked, their notes on
games and on players, the chat lines they wrote, their private messages (those they wrote
and those written to them), their puzzle ratings, rated puzzle rounds and puzzle storms, their
teams (and asks to join one), their forum posts, their notices, and the studies they own (each
chapter a game of ``studies.pgn``, with its lines and comments).

Written into a temporary file that spills to disk past a few megabytes, the games read a chunk
at a time (``games.reads.archive.games_export_texts``): memory is bounded whatever the size of
a career, and the work by the player's own data (and the ``data_account`` throttle)."""

import json
import zipfile
from tempfile import SpooledTemporaryFile
from typing import IO, Any

from django.db.models import Q

from accounts.models import RatingChange, User
from accounts.selectors import categories_of, preferences_of, preferences_payload
from community.models import Message, PlayerNote, Report
from community.notices import notices_kept
from community.selectors import blocked_users, followed_users
from engine import variants
from forum.reads import posts_of
from games.models import Bookmark, ChatLine, Game, GameNote, export_format
from games.reads.archive import games_export_texts
from puzzles.services import puzzle_ratings, puzzle_rounds
from puzzles.storm import storm_runs
from studies.models import Study
from studies.services import study_text
from teams.models import Ask, Member

IN_MEMORY = 4 * 1024 * 1024  # bytes kept in memory before the file spills to disk


def data_filename(user: User) -> str:
    return f"chesskers-{user.username}-data.zip"


def account_json(user: User) -> dict[str, Any]:
    """Returns the account's own record: who, since when, settings, ratings and their history,
    whom they follow and block, the reports they made, the games they bookmarked (at most
    ``MAX_BOOKMARKS``), their notes on games (at most ``MAX_NOTES``), their puzzle
    ratings, rated rounds and storms, their teams and their asks to join one, their forum posts
    and their notices."""
    history = RatingChange.objects.filter(user=user).select_related("game", "opponent")
    reports = Report.objects.filter(reporter=user).select_related("user")
    return {
        "username": user.username,
        "email": user.email,
        "email_verified": user.email_verified,
        "joined": user.date_joined.isoformat(),
        "settings": preferences_payload(preferences_of(user)),
        "ratings": categories_of(user),
        "rating_history": [
            {
                "at": change.at.isoformat(),
                "game": change.game.public_id,
                "category": change.category,
                "opponent": change.opponent.username,
                "score": change.score,
                "rating_before": round(change.rating_before),
                "rating_after": round(change.rating_after),
            }
            for change in history.iterator(chunk_size=1000)
        ],
        "following": [other.username for other in followed_users(user.pk)],
        "blocking": [other.username for other in blocked_users(user.pk)],
        "bookmarks": [
            {"game": game_id, "at": at.isoformat()}
            for game_id, at in Bookmark.objects.filter(user=user)
            .order_by("created_at", "id")
            .values_list("game__public_id", "created_at")
        ],
        "notes": [
            {"game": game_id, "text": text, "updated_at": at.isoformat()}
            for game_id, text, at in GameNote.objects.filter(user=user)
            .order_by("updated_at", "id")
            .values_list("game__public_id", "text", "updated_at")
        ],
        "player_notes": [
            {"player": name, "text": text, "updated_at": at.isoformat()}
            for name, text, at in PlayerNote.objects.filter(author=user)
            .order_by("updated_at", "id")
            .values_list("subject__username", "text", "updated_at")
        ],
        "reports": [
            {
                "user": report.user.username,
                "reason": report.reason,
                "text": report.text,
                "game": report.game or None,
                "state": report.state,
                "at": report.created_at.isoformat(),
            }
            for report in reports
        ],
        "puzzle_ratings": puzzle_ratings(user),
        "puzzle_rounds": list(puzzle_rounds(user)),
        "puzzle_storms": list(storm_runs(user)),
        "teams": [
            {"team": team_id, "name": name, "leader": leader, "joined": at.isoformat()}
            for team_id, name, leader, at in Member.objects.filter(user=user)
            .order_by("joined_at", "id")
            .values_list("team__public_id", "team__name", "leader", "joined_at")
        ],
        "team_asks": [
            {"team": team_id, "name": name, "text": text, "at": at.isoformat()}
            for team_id, name, text, at in Ask.objects.filter(user=user)
            .order_by("created_at", "id")
            .values_list("team__public_id", "team__name", "text", "created_at")
        ],
        "forum_posts": posts_of(user.pk),
        "notices": notices_kept(user.pk),
    }


def write_games(archive: zipfile.ZipFile, user: User) -> int:
    """Writes the user's games (played, or imported by them) into ``games.pgn`` and
    ``games.pdn`` by their format (one file written at a time); returns how many."""
    games = Game.objects.filter(Q(white=user) | Q(black=user) | Q(imported_by=user))
    pdn = [variant for variant in variants.VARIANTS if export_format(variant) == "PDN"]
    count = 0
    for name, chosen in (
        ("games.pgn", games.exclude(variant__in=pdn)),
        ("games.pdn", games.filter(variant__in=pdn)),
    ):
        with archive.open(name, "w", force_zip64=True) as out:
            for _, text in games_export_texts(chosen):
                out.write(text.encode() + b"\n")
                count += 1
    return count


def write_chat(archive: zipfile.ZipFile, user: User) -> None:
    """Writes the chat lines the user wrote, one a line: when, the game, the room, the text."""
    lines = ChatLine.objects.filter(user=user).select_related("game").order_by("id")
    with archive.open("chat.txt", "w", force_zip64=True) as out:
        for line in lines.iterator(chunk_size=1000):
            out.write(
                f"{line.at.isoformat()} {line.game.public_id} {line.room}: {line.text}\n".encode()
            )


def write_messages(archive: zipfile.ZipFile, user: User) -> None:
    """Writes the user's private messages, written and received, one a paragraph: when, who to
    whom, the text (its lines indented), oldest first, the conversations they deleted included."""
    mine = Q(conversation__first=user) | Q(conversation__second=user)
    messages = (
        Message.objects.filter(mine)
        .select_related("sender", "conversation__first", "conversation__second")
        .order_by("id")
    )
    with archive.open("messages.txt", "w", force_zip64=True) as out:
        for message in messages.iterator(chunk_size=1000):
            pair = (message.conversation.first, message.conversation.second)
            reader = pair[1] if message.sender_id == pair[0].pk else pair[0]
            text = message.text.replace("\n", "\n  ")
            head = (
                f"{message.created_at.isoformat()} {message.sender.username} to {reader.username}"
            )
            out.write(f"{head}:\n  {text}\n\n".encode())


def write_studies(archive: zipfile.ZipFile, user: User) -> None:
    """Writes the studies the user owns, one study at a time: each chapter a game."""
    with archive.open("studies.pgn", "w", force_zip64=True) as out:
        for study in Study.objects.filter(owner=user).order_by("id").iterator(chunk_size=20):
            out.write(study_text(study).encode() + b"\n")


def data_archive(user: User) -> IO[bytes]:
    """Returns the zip of the user's data, rewound, ready to send."""
    spool: Any = SpooledTemporaryFile(max_size=IN_MEMORY)  # noqa: SIM115 (the caller sends it)
    with zipfile.ZipFile(spool, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("account.json", json.dumps(account_json(user), indent=2))
        write_games(archive, user)
        write_chat(archive, user)
        write_messages(archive, user)
        write_studies(archive, user)
    spool.seek(0)
    return spool
