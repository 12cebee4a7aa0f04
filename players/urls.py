"""The players' pages."""

from django.urls import path

from players import inbox_pages, moderation, notices_pages, rating_pages, timeline_edges, views

urlpatterns = [
    path("@/<str:username>", views.profile, name="profile"),
    path("@/<str:username>/challenge/", views.profile_challenge, name="profile-challenge"),
    path("@/<str:username>/report/", views.profile_report, name="profile-report"),
    path(
        "@/<str:username>/perf/<str:category>/",
        rating_pages.rating_stats_page,
        name="rating-stats",
    ),
    path("@/<str:username>/<str:action>/", views.profile_relation, name="profile-relation"),
    path("players/", views.players, name="players"),
    path("players/distribution/", rating_pages.distribution_choice, name="rating-distributions"),
    path(
        "players/distribution/<str:category>/",
        rating_pages.distribution_page,
        name="rating-distribution",
    ),
    path("following/", views.following, name="following"),
    path("timeline/", timeline_edges.timeline_page, name="timeline"),
    path("inbox/", inbox_pages.inbox_page, name="inbox"),
    path("inbox/<str:username>/", inbox_pages.conversation_page, name="conversation"),
    path("notices/", notices_pages.notices_page, name="notices"),
    path("game/<str:game_id>/report/", views.game_report, name="game-report"),
    path("accounts/data/", views.account_data, name="account-data"),
    path("accounts/close/", views.account_close, name="account-close"),
    path("moderation/", moderation.reports, name="moderation"),
    path("moderation/reports/<int:report_id>/", moderation.report, name="moderation-report"),
    path("moderation/log/", moderation.log, name="moderation-log"),
]
