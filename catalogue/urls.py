"""The catalogue's pages: the home page's gallery of every game, and the rules pages."""

from django.urls import path

from catalogue import home, pages

urlpatterns = [
    path("", home.home, name="home"),
    path("rules/", pages.rules, name="rules"),
    path("rules/<str:variant_id>/", pages.game_rules, name="game-rules"),
]
