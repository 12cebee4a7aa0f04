"""The puzzle pages' routes."""

from django.urls import path

from puzzles.edges import views

urlpatterns = [
    path("training/puzzles/", views.puzzle_index, name="puzzles"),
    path("training/puzzles/history/", views.puzzle_history, name="puzzle-history"),
    path("training/puzzles/<str:variant>/", views.puzzle_page, name="puzzles-of"),
    path(
        "training/puzzles/<str:variant>/streak/",
        views.puzzle_page,
        {"streak": True},
        name="puzzle-streak",
    ),
    path("training/puzzles/<str:variant>/storm/", views.storm_page, name="puzzle-storm"),
    path("training/puzzles/<str:variant>/<str:puzzle_id>/", views.puzzle_page, name="puzzle"),
]
