"""The tournaments app's API routes (under ``/api/``)."""

from django.urls import path

from tournaments.edges import api

urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="api-tournaments"),
    path(
        "tournaments/<str:tournament_id>/",
        api.TournamentDetailView.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<str:tournament_id>/join/",
        api.TournamentJoinView.as_view(),
        name="api-tournament-join",
    ),
    path(
        "tournaments/<str:tournament_id>/withdraw/",
        api.TournamentWithdrawView.as_view(),
        name="api-tournament-withdraw",
    ),
]
