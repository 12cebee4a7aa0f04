"""The pages of a rating category: a player's record in it (``/@/<name>/perf/<category>/``) and
how its established players' ratings spread (``/players/distribution/<category>/``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from accounts.models import CLASSICAL, Rating, User
from accounts.selectors import rating_history, user_ratings
from players.charts import distribution_svg, rating_chart_svg
from players.rating_stats import distribution, percentile_of, rating_stats
from players.selectors import category_name, known_category, rating_categories


def asked_category(category: str) -> str:
    """The category named in a page's address, or a 404 for no such category."""
    if known_category(category) is None:
        raise Http404(category)
    return category


def rating_stats_page(request: HttpRequest, username: str, category: str) -> HttpResponse:
    """A player's record in one rating category, with the other categories they played."""
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    category = asked_category(category)
    if player.username != username:
        return redirect("rating-stats", username=player.username, category=category)
    stats = rating_stats(player, category)
    chart = rating_chart_svg(rating_history(player, category), stats["category_name"])
    return render(
        request,
        "players/rating_stats.html",
        {
            "player": player,
            "stats": stats,
            "time_played": time_played_text(stats["seconds_played"]),
            # Built from numbers and escaped dates only (players.charts).
            "chart": mark_safe(chart),
            "others": [
                {"category": row.category, "name": category_name(row.category)}
                for row in user_ratings(player)
            ],
        },
    )


def time_played_text(seconds: int) -> str:
    """A time spent playing as the page says it: hours and minutes (``12 h 05 min``)."""
    minutes = seconds // 60
    # Translators: a time spent playing, in hours and minutes: "12 h 05 min".
    return _("%(hours)s h %(minutes)02d min") % {"hours": minutes // 60, "minutes": minutes % 60}


def distribution_choice(request: HttpRequest) -> HttpResponse:
    """The distribution page's choice of category (``?category=``), sent on to its page:
    Chesskers classical for none or an unknown one."""
    category = known_category(request.GET.get("category")) or CLASSICAL
    return redirect("rating-distribution", category=category)


def distribution_page(request: HttpRequest, category: str) -> HttpResponse:
    """How a category's established players' ratings spread, with the signed-in viewer's own
    rating marked on the chart and placed among them when they have played it rated."""
    category = asked_category(category)
    spread = distribution(category)
    mine = None
    if request.user.is_authenticated:
        row = Rating.objects.filter(user=request.user, category=category, games__gt=0).first()
        if row is not None:
            mine = {"rating": round(row.rating), "percentile": percentile_of(row.rating, category)}
    return render(
        request,
        "players/distribution.html",
        {
            "spread": spread,
            "mine": mine,
            # Built from numbers and escaped text only (players.charts).
            "chart": mark_safe(distribution_svg(spread, mine["rating"] if mine else None)),
            "categories": rating_categories(),
        },
    )
