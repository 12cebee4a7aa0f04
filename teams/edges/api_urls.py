"""The teams app's API routes (under ``/api/``)."""

from django.urls import path

from teams.edges import api

urlpatterns = [
    path("teams/", api.TeamListView.as_view(), name="api-teams"),
    path("users/<str:username>/teams/", api.PlayersTeamsView.as_view(), name="api-user-teams"),
    path("teams/<str:team_id>/", api.TeamDetailView.as_view(), name="api-team"),
    path("teams/<str:team_id>/join/", api.TeamJoinView.as_view(), name="api-team-join"),
    path("teams/<str:team_id>/leave/", api.TeamLeaveView.as_view(), name="api-team-leave"),
    path(
        "teams/<str:team_id>/asks/<str:username>/",
        api.TeamAskView.as_view(),
        name="api-team-ask",
    ),
    path(
        "teams/<str:team_id>/members/<str:username>/",
        api.TeamMemberView.as_view(),
        name="api-team-member",
    ),
]
