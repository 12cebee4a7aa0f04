"""The players' pages: a player's profile (rating chart, statistics, a Challenge button, follow,
block and report), the players page (the leaderboard and who is online), whom you follow, and
the end of an account: downloading one's data and closing it."""

from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import CLASSICAL, User
from accounts.selectors import (
    active_user,
    kid_mode,
    leaderboard,
    rating_history,
    user_ratings,
)
from accounts.throttles import login_charge, too_many
from catalogue.descriptors import variant_groups, variant_names
from common.throttle import TOO_MANY_CHANGES, charge, refund
from community import services as community
from community.errors import CommunityError
from community.models import MAX_PLAYER_NOTE_CHARS, Report
from community.selectors import blocks, follows, lets_in, player_note_of
from engine import variants
from games.domain.clock import CORRESPONDENCE_DAYS, TimeControl
from games.domain.errors import GameError
from games.domain.schemas import MAX_FEN_CHARS, ChallengeRequest
from games.models import DEFAULT_VARIANT, Challenge, Game
from games.reads.crosstable import crosstable, their_games_url
from games.services.lobby import challenge_asked
from players.activity import activity_of
from players.api_community import block_player
from players.charts import rating_chart_svg
from players.closing import close_account
from players.mydata import data_archive, data_filename
from players.selectors import (
    following_list,
    known_category,
    online_players,
    players_starting,
    playing_now,
    profile_category,
    profile_data,
    rating_categories,
    record_of,
    stats_of,
)
from puzzles.services import puzzle_ratings
from puzzles.storm import storm_bests
from teams.reads import teams_of


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    if player.username != username:
        return redirect("profile", username=player.username)
    ratings = user_ratings(player)  # every category's, read once
    category = profile_category(ratings, known_category(request.GET.get("category")))
    history = rating_history(player, category)  # read once: the chart's points and the profile's
    record = record_of(player)
    profile = profile_data(player, history, record, category=category, ratings=ratings)
    labels = termination_labels()
    return render(
        request,
        "players/profile.html",
        {
            "player": player,
            "stats": stats_of(record),
            "profile": profile,
            "by_color": [
                ("white", _("White"), profile["by_color"]["white"]),
                ("black", _("Black"), profile["by_color"]["black"]),
            ],
            "by_termination": [
                (labels.get(name, name), counts)
                for name, counts in profile["by_termination"].items()
            ],
            # Built from numbers and escaped dates only (accounts.charts).
            "chart": mark_safe(rating_chart_svg(history, profile["category_name"])),
            "can_challenge": request.user.is_authenticated and request.user.pk != player.pk,
            "against": against(request.user, player),
            "playing": playing_now(player),
            "player_note": player_note_of(request.user.pk, player.pk),
            "player_note_max_chars": MAX_PLAYER_NOTE_CHARS,
            # Imported games are not the player's own: listed apart, under the archive's filter.
            "imported_count": Game.objects.filter(imported_by=player).count(),
            "puzzle_ratings": [
                {**line, "name": variant_names()[line["variant"]]}
                for line in puzzle_ratings(player)
            ],
            "storm_bests": [
                {**line, "name": variant_names()[line["variant"]]} for line in storm_bests(player)
            ],
            "teams": teams_of(player.pk),
            "activity": activity_of(player),
            **relations(request.user, player),
            # The challenge form's game and time control (templates/games/_*.html).
            "variant_groups": variant_groups(),
            "selected": challenge_variant(profile["category"]),
            "correspondence_days": CORRESPONDENCE_DAYS,
            "max_fen_chars": MAX_FEN_CHARS,
        },
    )


def against(viewer: User, player: User) -> dict[str, Any] | None:
    """The signed-in viewer's record against the player whose profile they see (the
    crosstable's), with the archive's list of their games; None for anyone else."""
    if not viewer.is_authenticated or viewer.pk == player.pk:
        return None
    return {**crosstable(viewer, player), "archive_url": their_games_url(viewer, player)}


def relations(viewer: User, player: User) -> dict[str, bool]:
    """Returns what the profile's Follow, Block, Report and Message buttons and its challenge
    form show for the viewer (the last two as the player's settings let the viewer in)."""
    other = viewer.is_authenticated and viewer.pk != player.pk
    return {
        "can_act": other,
        "following": other and follows(viewer.pk, player.pk),
        "blocking": other and blocks(viewer.pk, player.pk),
        "takes_challenges": other and lets_in(player.pk, viewer.pk, "challenges_from"),
        # Kid mode writes to nobody (``community.inbox.may_write``): no Message button.
        "takes_messages": other
        and not kid_mode(viewer)
        and lets_in(player.pk, viewer.pk, "messages_from"),
        "report_reasons": Report.Reason.choices,
    }


def challenge_sent_text(challenge: Challenge) -> str:
    """Says what a challenge was to, as the lobby's outgoing list does (static/js/api.js
    ``outgoingText``): "You challenged bob to International Checkers, 5+3, rated."."""
    said = {
        "name": challenge.to.username,
        # The game's name is marked in the engine (N_) and translated where it is shown.
        "game": _(challenge.variant_name),
        "control": TimeControl.from_json(challenge.clock).label,
    }
    if challenge.rated:
        return _("You challenged %(name)s to %(game)s, %(control)s, rated.") % said
    return _("You challenged %(name)s to %(game)s, %(control)s, casual.") % said


def challenge_variant(category: str) -> str:
    """The game a profile's challenge form offers first: the game of the rating the profile
    shows when that is one game's (``international``), else Chesskers (whose ratings are its
    speeds)."""
    return category if category in variants.VARIANTS else DEFAULT_VARIANT


def termination_labels() -> dict[str, str]:
    return dict(Game.Termination.choices)


@login_required
@require_POST
def profile_challenge(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's Challenge form: sends the challenge (its game, time control, colour and
    rated or not; anything amiss is refused back on the profile) and goes to the lobby to wait."""
    try:
        asked = ChallengeRequest.from_form(username, request.POST)
        challenge = challenge_asked(user=request.user, asked=asked)
    except GameError as refusal:
        messages.error(request, refusal.message)
        player = active_user(username)
        return redirect("profile", username=player.username) if player else redirect("play")
    messages.success(request, challenge_sent_text(challenge))
    return redirect("play")


def players(request: HttpRequest) -> HttpResponse:
    """The leaderboard of established players in one rating category (``?category=``,
    Chesskers classical by default), who is online now, and *Find a player* (``?q=``: the
    players whose name starts so; a name written whole goes to its profile)."""
    category = known_category(request.GET.get("category")) or CLASSICAL
    asked = request.GET.get("q", "").strip()[:MAX_SEARCH_CHARS]
    found, search_error = None, None
    if asked:
        try:
            found = players_starting(asked)
        except ValueError:
            search_error = _("Look for a player by the start of their name: two letters or more.")
        exact = [row for row in found or () if row["username"].lower() == asked.lower()]
        if exact:
            return redirect("profile", username=exact[0]["username"])
    return render(
        request,
        "players/players.html",
        {
            "leaders": leaderboard(category=category),
            "online": online_players(),
            "category": category,
            "categories": rating_categories(),
            "asked": asked,
            "found": found,
            "search_error": search_error,
        },
    )


MAX_SEARCH_CHARS = 40  # more than any username: a longer text is cut before it is read

# What the profile's relation buttons do: the service, and what the page then says.
RELATIONS = {
    "follow": (
        community.follow,
        gettext_lazy("You follow %(name)s: you hear when they start a game."),
    ),
    "unfollow": (community.unfollow, gettext_lazy("You no longer follow %(name)s.")),
    "block": (
        block_player,
        gettext_lazy("You blocked %(name)s: no challenge, pairing or chat between you."),
    ),
    "unblock": (community.unblock, gettext_lazy("You unblocked %(name)s.")),
}


@login_required
@require_POST
def profile_relation(request: HttpRequest, username: str, action: str) -> HttpResponse:
    """The profile's Follow, Unfollow, Block and Unblock buttons (forms: no script needed)."""
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    if action not in RELATIONS:
        return redirect("profile", username=player.username)
    if charge([("social_account", str(request.user.pk))]).wait is not None:
        messages.error(request, TOO_MANY_CHANGES)
        return redirect("profile", username=player.username)
    service, said = RELATIONS[action]
    try:
        service(user=request.user, other=player)
    except CommunityError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, str(said) % {"name": player.username})
    return redirect("profile", username=player.username)


def thanks_for_report(player: User) -> str:
    return _("Thank you: a moderator will look at your report of %(name)s.") % {
        "name": player.username
    }


@login_required
@require_POST
def profile_report(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's Report form: files the report for the moderators."""
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    if charge([("report_account", str(request.user.pk))]).wait is not None:
        messages.error(request, _("Too many reports: try again in an hour."))
        return redirect("profile", username=player.username)
    try:
        community.report_create(
            reporter=request.user,
            user=player,
            reason=request.POST.get("reason", ""),
            text=request.POST.get("text", "").strip(),
        )
    except CommunityError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, thanks_for_report(player))
    return redirect("profile", username=player.username)


@login_required
@require_POST
def game_report(request: HttpRequest, game_id: str) -> HttpResponse:
    """A game page's *Report a player* form: files the report of one of the game's players,
    with the game, and goes back to the game."""
    game = get_object_or_404(Game.objects.select_related("white", "black"), public_id=game_id)
    named = request.POST.get("user", "")
    players = [user for user in (game.white, game.black) if user is not None]
    player = next((user for user in players if user.username == named), None)
    if player is None:
        messages.error(request, _("Choose one of the game's players to report."))
    elif charge([("report_account", str(request.user.pk))]).wait is not None:
        messages.error(request, _("Too many reports: try again in an hour."))
    else:
        try:
            community.report_create(
                reporter=request.user,
                user=player,
                reason=request.POST.get("reason", ""),
                text=request.POST.get("text", "").strip(),
                game=game.public_id,
            )
        except CommunityError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, thanks_for_report(player))
    return redirect("game", game_id=game.public_id)


@login_required
def following(request: HttpRequest) -> HttpResponse:
    """Whom you follow: each with whether they are online and their live games to watch."""
    return render(request, "players/following.html", {"followed": following_list(request.user)})


@login_required
def account_data(request: HttpRequest) -> HttpResponse:
    """Downloads the signed-in user's data as a zip (``players.mydata``), at most 3 an hour."""
    spent = charge([("data_account", str(request.user.pk))])
    if spent.wait is not None:
        return too_many(request, spent.wait, "downloads of your data")
    return FileResponse(
        data_archive(request.user), as_attachment=True, filename=data_filename(request.user)
    )


@login_required
def account_close(request: HttpRequest) -> HttpResponse:
    """Closing one's own account, with the password to confirm (counted as a log-in)."""
    error = None
    if request.method == "POST" and request.POST.get("confirm") != "on":
        error = _("Tick the box to say you mean it.")
    elif request.method == "POST":
        spent = login_charge(request, request.user.username)
        if spent.wait is not None:
            return too_many(request, spent.wait, "failed log-ins")
        if not request.user.check_password(request.POST.get("password", "")):
            error = _("Wrong password: your account is still open.")
        else:
            refund(spent)
            user = request.user
            logout(request)
            close_account(user=user)
            messages.success(request, _("Your account is closed. Thank you for playing."))
            return redirect("home")
    return render(request, "players/close.html", {"error": error}, status=400 if error else 200)
