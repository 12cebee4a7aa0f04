"""The teams' pages, and the addresses their forms post to."""

from django.urls import path

from teams.edges import views

urlpatterns = [
    path("team/", views.teams, name="teams"),
    path("team/<str:team_id>/", views.team_page, name="team"),
    path("team/<str:team_id>/join/", views.team_join_form, name="team-join"),
    path("team/<str:team_id>/leave/", views.team_leave_form, name="team-leave"),
    path("team/<str:team_id>/edit/", views.team_edit_form, name="team-edit"),
    path("team/<str:team_id>/asks/<str:username>/", views.team_ask_form, name="team-ask"),
    path(
        "team/<str:team_id>/members/<str:username>/",
        views.team_member_form,
        name="team-member",
    ),
]
