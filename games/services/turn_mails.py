"""Mails to correspondence players whose turn it is: ``manage.py mail_turns``, run from cron.

A player whose turn began at least ``AWAY`` ago in a live online correspondence game, who is
not online now, has a confirmed address and keeps *Mail me when it is my turn* on, is sent one
mail listing every such game of theirs (the opponent, the game, its deadline and its link), in
their language; each turn is mailed once (``TurnMail`` names it by when it began). The games are
found through the clock's deadline index, at most ``BATCH`` a run, and each mail is sent holding
no pooled database connection: a run costs the same on a site of any size, away from the
requests and the moves, which never wait for a mail.
"""

from collections import defaultdict
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import Preferences, User
from accounts.selectors import language_of
from catalogue.descriptors import game_name
from common.db import release_connection
from engine import variants
from games.models import Game, TurnMail
from games.reads.live import online_among

AWAY = timedelta(minutes=10)  # a turn younger than this is left to the player's open pages
BATCH = 500  # the most games a run reads


def turns_waiting(now: datetime) -> dict[int, list[Game]]:
    """The correspondence games whose player to move is to be mailed, by that player's id."""
    games = (
        Game.objects.filter(
            status=Game.Status.LIVE,
            mode=Game.Mode.ONLINE,
            clock_days__isnull=False,
            clock_deadline__gt=now,
            clock_since__lte=now - AWAY,
        )
        .select_related("white", "black")
        .order_by("clock_deadline")[:BATCH]
    )
    games = list(games)
    mailed = dict(TurnMail.objects.filter(game__in=games).values_list("game_id", "turn_since"))
    waiting: dict[int, list[Game]] = defaultdict(list)
    for game in games:
        if mailed.get(game.pk) != game.clock_since:
            waiting[game.player_id_for(game.turn)].append(game)
    if not waiting:
        return {}
    allowed = set(
        User.objects.filter(pk__in=waiting, is_active=True, email_verified=True)
        .exclude(email="")
        .exclude(pk__in=Preferences.objects.filter(mail_turns=False).values("user_id"))
        .values_list("pk", flat=True)
    )
    away = allowed - online_among(list(allowed), now)
    return {user_id: found for user_id, found in waiting.items() if user_id in away}


def mail_turns(now: datetime | None = None) -> int:
    """Mails every player whose turns wait (``turns_waiting``) and records each turn mailed;
    returns the number of mails sent."""
    now = now or timezone.now()
    sent = 0
    for user_id, games in turns_waiting(now).items():
        player = games[0].white if games[0].white_id == user_id else games[0].black
        send_turns(player, games)
        for game in games:
            TurnMail.objects.update_or_create(game=game, defaults={"turn_since": game.clock_since})
        sent += 1
    return sent


def send_turns(player: User, games: list[Game]) -> None:
    """One mail to ``player`` about ``games``, in their language (their setting, else the
    site's)."""
    with translation.override(language_of(player.pk) or settings.LANGUAGE_CODE):
        lines = [
            {
                "opponent": (game.black if game.white_id == player.pk else game.white).username,
                "game": game_name(variants.get(game.variant)),
                "deadline": game.clock_deadline,
                "link": settings.SITE_URL + reverse("game", args=[game.public_id]),
            }
            for game in games
        ]
        context = {"player": player, "games": lines, "settings_link": settings.SITE_URL
                   + reverse("settings")}  # fmt: skip
        subject = render_to_string("games/email/turns_subject.txt", context)
        body = render_to_string("games/email/turns_body.txt", context)
        language = translation.get_language()
    release_connection()
    EmailMessage(
        " ".join(subject.split()),
        body,
        settings.DEFAULT_FROM_EMAIL,
        [player.email],
        headers={"Content-Language": language},
    ).send()
