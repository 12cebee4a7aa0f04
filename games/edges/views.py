"""Game pages: the lobby, a game's table, pass-and-play, invites, the watch list, the archive."""

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from accounts.models import rating_category
from accounts.selectors import preferences_of, preferences_payload, ratings_of
from catalogue.descriptors import variant_descriptor, variant_groups, variant_names
from community.models import Report
from games.domain.clock import (
    CORRESPONDENCE_DAYS,
    QUICK_PAIRINGS,
    SPEEDS,
    speed_choices,
    speed_name,
    speed_of,
)
from games.domain.errors import GameError
from games.domain.events import label_of_simul, label_of_tournament
from games.domain.policy import BOT_LEVELS, CANNED_PHRASES, CHAT_MAX_CHARS, MAX_NOTE_CHARS
from games.domain.schemas import (
    MAX_FEN_CHARS,
    MAX_IMPORT_CHARS,
    BotGameRequest,
    LocalGameRequest,
    import_text,
)
from games.edges.analysis_pages import analysis_url
from games.models import Challenge, Game, export_format, fen_turn
from games.reads.analysis import analysis_payload, game_move_times, no_analysis
from games.reads.archive import (
    ArchiveFilters,
    PageRequest,
    annotations_of,
    archive_games,
    may_annotate_once_finished,
    page_of,
)
from games.reads.chat import has_chat, room_of
from games.reads.crosstable import game_crosstable
from games.reads.live import live_games
from games.reads.lobby import lobby_payload
from games.reads.mine import games_in_progress
from games.services.archive import game_import
from games.services.bookmarks import bookmarked, bookmarked_live
from games.services.core import Actor, actor_color
from games.services.lobby import challenge_accept
from games.services.notes import note_on_page
from games.services.play import game_create_local
from games.services.round import Round, start_bot_game


def play(request: HttpRequest) -> HttpResponse:
    """The lobby: open seeks (live), seek and challenge forms, the ways to play alone, your
    games in progress (online, bot and pass-and-play; a visitor's by their session)."""
    actor = Actor.of_request(request)
    my_games = games_in_progress(actor.user_id, actor.session_key)
    page_data = {**lobby_payload(request.user), "variants": variant_names()}
    # ``label`` names the button for tests and scripts; ``shown`` and ``speed_name`` are its text.
    quick = [
        {
            "label": c.label,
            "shown": c.label_shown,
            "speed": c.speed,
            "speed_name": speed_name(c.speed),
            "initial": c.initial or "",
            "increment": c.increment,
            "days": c.days or "",
        }
        for c in QUICK_PAIRINGS
    ]
    return render(
        request,
        "games/play.html",
        {
            "page_data": page_data,
            "my_games": my_games,
            "variant_groups": variant_groups(),
            "selected": request.GET.get("variant", ""),
            # A position to challenge a friend from (the board editor's and the analysis
            # board's *Challenge a friend*): the form shows it; the server checks it when sent.
            "challenge_fen": request.GET.get("fen", "")[:MAX_FEN_CHARS],
            "max_fen_chars": MAX_FEN_CHARS,
            "quick_pairings": quick,
            "correspondence_days": CORRESPONDENCE_DAYS,
            "speeds": speed_choices(),
        },
    )


def settled_or_404(game_round: Round) -> Game:
    """The round's game, settled (its clocks and absences brought up to date); 404 for none."""
    try:
        return game_round.settle()
    except GameError:
        raise Http404("No such game.") from None


EMBED_WIDTH, EMBED_HEIGHT = 400, 520  # the snippet's frame, in CSS pixels: a board and its bar


def embed_snippet(request: HttpRequest, game_id: str) -> dict[str, Any]:
    """What a game's page offers to copy: the embed's address and the ``<iframe>`` that frames
    it."""
    url = request.build_absolute_uri(reverse("game-embed", args=[game_id]))
    frame = (
        f'<iframe src="{url}" width="{EMBED_WIDTH}" height="{EMBED_HEIGHT}" '
        f'title="Chesskers" frameborder="0"></iframe>'
    )
    return {"url": url, "iframe": frame}


@ensure_csrf_cookie
def game_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """A game's table, for its players and spectators; its scripts' writes send the CSRF
    cookie's token, visitors' included (``common.security``)."""
    game_round = Round(game_id)
    game = settled_or_404(game_round)
    actor = Actor.of_request(request)
    color = actor_color(game, actor)
    page_data: dict[str, Any] = {
        "game_id": game.public_id,
        "viewer": {
            "username": request.user.username if request.user.is_authenticated else None,
            "color": color if game.mode == Game.Mode.ONLINE else player_side(game, color),
            "both_sides": game.mode == Game.Mode.LOCAL and color is not None,
        },
        "ws_url": f"/ws/games/{game.public_id}/",
        "api_url": f"/api/games/{game.public_id}/",
        "state": game_round.state(game),
        "variant": variant_descriptor(game.variant),
    }
    preferences = preferences_of(request.user)
    page_data["preferences"] = preferences_payload(preferences)
    page_data["chat"] = {
        # Lines come over the socket (its history on connect, then each line said).
        "on": has_chat(game) and preferences.chat,
        "can_write": request.user.is_authenticated,
        "room": room_of(game, actor.user_id),
        "phrases": [str(phrase) for phrase in CANNED_PHRASES],
        "max_chars": CHAT_MAX_CHARS,
    }
    page_data["archive"] = archive_data(game, actor)
    page_data["ratings"] = players_ratings(game)
    page_data["crosstable"] = game_crosstable(game, actor.user_id)
    # A tournament's game names its tournament and round, in the words its app gives.
    label = label_of_tournament(game.tournament)
    tournament = {**label, "id": game.tournament, "round": game.tournament_round} if label else None
    page_data["tournament"] = tournament
    # A simul's game names its simul; its host is offered their next board.
    simul = label_of_simul(game.simul)
    if simul is not None:
        simul["hosting"] = request.user.is_authenticated and simul["host"] == request.user.username
    context = {
        "game": game,
        "page_data": page_data,
        "tournament": tournament,
        "simul": simul,
        "report_reasons": Report.Reason.choices,
        "bookmarked": bookmarked(actor.user_id, game),
        "note": note_on_page(actor.user_id, game.pk),
        "note_max_chars": MAX_NOTE_CHARS,
        "embed": embed_snippet(request, game.public_id),
        # A player of a live online correspondence game writes conditional premoves.
        "conditional": bool(
            actor.user_id
            and color
            and game.mode == Game.Mode.ONLINE
            and game.clock_days is not None
            and game.status == Game.Status.LIVE
        ),
    }
    return render(request, "games/game.html", context)


def players_ratings(game: Game) -> dict[str, str] | None:
    """Returns an online game's players' ratings in its category as the header shows them
    (``1512``, ``1500?`` while provisional), or None for another game. A finished game's are
    as they are now; what the game changed is in its ``rating_changes``."""
    if game.mode != Game.Mode.ONLINE or game.white is None or game.black is None:
        return None
    category = rating_category(game.variant, speed_of(game))
    rows = ratings_of([game.white, game.black], category)
    return {
        color: f"{round(row.rating)}{'?' if row.provisional else ''}"
        for color, row in (("white", rows[game.white_id]), ("black", rows[game.black_id]))
    }


def archive_data(game: Game, actor: Actor) -> dict[str, Any]:
    """Returns what the page's archive tools need. A live game's page gets them too, empty, so
    that Analyse, Download and the annotation form appear when the game ends, without a
    reload; the page shows them only for a finished game."""
    finished = game.status == Game.Status.FINISHED
    return {
        "annotations": annotations_of(game) if finished else [],
        "analysis": analysis_payload(game) if finished else no_analysis(game),
        "move_times": game_move_times(game) if finished else [],
        "can_annotate": may_annotate_once_finished(game, actor.user_id),
        "can_analyse": actor.user_id is not None,
        "export_url": f"/api/games/{game.public_id}/export/?download=1",
    }


def player_side(game: Game, color: str | None) -> str | None:
    """Returns the side the viewer sits on: a bot game's human side, pass-and-play's White."""
    if color is None:
        return None
    return game.human_color if game.mode == Game.Mode.BOT else "white"


def local(request: HttpRequest) -> HttpResponse:
    """Pass-and-play: start a game on one board (optionally from a FEN) or go back to one."""
    actor = Actor.of_request(request)
    error = None
    if request.method == "POST":
        try:
            asked = LocalGameRequest.from_body(request.POST)
            game = game_create_local(
                actor=Actor.of_request(request, need_session=True),
                fen=asked.fen,
                variant=asked.variant,
            )
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("game", game_id=game.public_id)
    mine = Game.objects.none()
    if actor.user_id is not None:
        mine = Game.objects.filter(mode=Game.Mode.LOCAL, white_id=actor.user_id)
    elif actor.session_key:
        mine = Game.objects.filter(
            mode=Game.Mode.LOCAL, white__isnull=True, owner_session=actor.session_key
        )
    return render(
        request,
        "games/local.html",
        {
            "games": mine.order_by("-updated_at")[:10],
            "error": error,
            "fen": request.POST.get("fen", ""),
            "variant_groups": variant_groups(),
            "selected": request.POST.get("variant") or request.GET.get("variant", ""),
        },
    )


def bot(request: HttpRequest) -> HttpResponse:
    """Play the bot: choose a level and a side; signed in or not."""
    error = None
    if request.method == "POST":
        try:
            asked = BotGameRequest.from_form(request.POST)
            game = start_bot_game(
                actor=Actor.of_request(request, need_session=True),
                level=asked.level,
                color=asked.color,
                variant=asked.variant,
                fen=asked.fen,
            )
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("game", game_id=game.public_id)
    context = {
        "levels": list(BOT_LEVELS.items()),
        "error": error,
        "fen": request.POST.get("fen", ""),
        "variant_groups": variant_groups(),
        "selected": request.POST.get("variant") or request.GET.get("variant", ""),
    }
    return render(request, "games/bot.html", context)


def invite(request: HttpRequest, challenge_id: str) -> HttpResponse:
    """An invite link: anyone signed in who opens it can accept the challenge."""
    challenge = (
        Challenge.objects.select_related("challenger", "to", "game")
        .filter(public_id=challenge_id)
        .first()
    )
    if challenge is None:
        raise Http404("No such invitation.")
    players = (challenge.game.white_id, challenge.game.black_id) if challenge.game_id else ()
    if request.user.is_authenticated and request.user.pk in players:
        return redirect("game", game_id=challenge.game.public_id)
    return render(request, "games/invite.html", invite_context(challenge))


def invite_context(challenge: Challenge, error: str | None = None) -> dict:
    """The invite page's context. Its script is given the challenge's id (the challenger's page
    waits there for an answer) and, for a game from a position, the position and the game's
    board, which it draws for whoever opens the link."""
    invite_data: dict[str, Any] = {"challenge": challenge.public_id, "fen": None}
    position_url = None
    if challenge.initial_fen:
        invite_data.update(fen=challenge.initial_fen, variant=variant_descriptor(challenge.variant))
        position_url = analysis_url(challenge.variant, challenge.initial_fen)
    name = variant_names().get(challenge.variant, challenge.variant)
    return {
        "challenge": challenge,
        "invite_data": invite_data,
        "error": error,
        "variant_name": name,
        "position_url": position_url,
        "position_turn": fen_turn(challenge.initial_fen) if challenge.initial_fen else None,
    }


@login_required
@require_POST
def invite_accept(request: HttpRequest, challenge_id: str) -> HttpResponse:
    try:
        game = challenge_accept(user=request.user, challenge_id=challenge_id)
    except GameError as refusal:
        challenge = Challenge.objects.filter(public_id=challenge_id).first()
        if challenge is None:
            raise Http404("No such invitation.") from None
        return render(request, "games/invite.html", invite_context(challenge, refusal.message))
    return redirect("game", game_id=game.public_id)


def watch(request: HttpRequest) -> HttpResponse:
    """The live games as mini-boards, filtered by game and speed (``?variant=``, ``?speed=``),
    kept live by the page's socket (``static/js/watch.js``)."""
    names = variant_names()
    page_data = {
        "games": live_games(),
        "variants": names,
        "descriptors": {variant: variant_descriptor(variant) for variant in names},
    }
    variant = request.GET.get("variant", "")
    speed = request.GET.get("speed", "")
    context = {
        "page_data": page_data,
        "variant_choices": list(names.items()),
        "speeds": speed_choices(),
        "selected_variant": variant if variant in names else "",
        "selected_speed": speed if speed in SPEEDS else "",
    }
    return render(request, "games/watch.html", context)


def tv(request: HttpRequest, variant: str) -> HttpResponse:
    """A game's TV: its highest-rated live game, then the next (``static/js/tv.js``)."""
    names = variant_names()
    if variant not in names:
        raise Http404("No such game.")
    page_data = {
        "games": live_games(variant=variant),
        "descriptor": variant_descriptor(variant),
    }
    context = {
        "page_data": page_data,
        "variant_id": variant,
        "variant_name": names[variant],
        "variant_groups": variant_groups(),
    }
    return render(request, "games/tv.html", context)


def tv_choose(request: HttpRequest) -> HttpResponse:
    """``/tv/``: Chesskers' TV, or the TV of the game a form chose (``?variant=``)."""
    variant = request.GET.get("variant", "")
    return redirect("tv", variant=variant if variant in variant_names() else "chesskers")


# The archive form's labels, which its refusals name instead of the query's parameters (in the
# page's language, as the form shows them).
ARCHIVE_LABELS = {
    "player": _("Player"),
    "opponent": _("Against"),
    "imported_by": _("Imported by"),
    "result": _("Result"),
    "termination": _("Reason"),
    "mode": _("Mode"),
    "speed": _("Speed"),
    "since": _("From"),
    "until": _("To"),
    "min_plies": _("Min. plies"),
    "annotated": _("Annotated only"),
    "bookmarked": _("Bookmarked by me"),
    "tournament": _("Tournament"),
}


def archive(request: HttpRequest) -> HttpResponse:
    """The archive: every finished game, newest first, filtered, a page at a time ("Older"
    asks for the games before the page's last, "Newer" for those after its first)."""
    try:
        filters = ArchiveFilters.from_query(request.GET, ARCHIVE_LABELS, viewer_id=request.user.pk)
        page = page_of(archive_games(filters), PageRequest.from_query(request.GET))
    except GameError as refusal:
        context = {
            "error": refusal.message,
            "games": [],
            "form": request.GET,
            "choices": archive_choices(),
        }
        return render(request, "games/archive.html", context, status=400)
    query = urlencode(filters.query())
    return render(
        request,
        "games/archive.html",
        {
            "games": page.games,
            "page_obj": page,
            "query": query,
            "filtered": bool(query),
            "form": filters.query(),
            "choices": archive_choices(),
            "live_bookmarks": bookmarked_live(request.user.pk) if filters.bookmarked_by else [],
            # The checkers family's games download as PDN, the others as PGN.
            "download_format": export_format(filters.variant) if filters.variant else "PGN",
        },
    )


def archive_choices() -> dict[str, list[tuple[str, str]]]:
    """Returns the archive filters' options, (value, label), the labels in the page's
    language."""
    return {
        "variants": list(variant_names().items()),
        "results": Game.Result.choices,
        "terminations": Game.Termination.choices,
        "modes": Game.Mode.choices,
        "speeds": speed_choices(),
    }


@login_required
def import_games(request: HttpRequest) -> HttpResponse:
    """Paste or upload games in the archive's text format; each is stored as an imported game."""
    error = None
    text = ""
    if request.method == "POST":
        text = request.POST.get("text", "")
        upload = request.FILES.get("file")
        if upload is not None:
            text = upload.read(MAX_IMPORT_CHARS + 1).decode("utf-8", errors="replace")
        try:
            text = import_text(text, where=_("the Games box or a file"))
            games = game_import(actor=Actor.of_request(request), text=text)
        except GameError as refusal:
            error = refusal.message
        else:
            if len(games) == 1:
                return redirect("game", game_id=games[0].public_id)
            return redirect(f"{reverse('archive')}?mode=imported&player={request.user.username}")
    return render(request, "games/import.html", {"error": error, "text": text})


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules.html")
