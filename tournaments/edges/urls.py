"""The tournaments' pages."""

from django.urls import path

from tournaments.edges import views

urlpatterns = [
    path("tournaments/", views.tournaments, name="tournaments"),
    path("tournaments/<str:tournament_id>/", views.tournament_page, name="tournament"),
]
