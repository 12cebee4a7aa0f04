"""The puzzles API's routes (under ``/api/``)."""

from django.urls import path

from puzzles.edges import api

urlpatterns = [
    path("storm/", api.StormStartView.as_view(), name="api-storm"),
    path("storm/leaders/", api.StormLeadersView.as_view(), name="api-storm-leaders"),
    path("storm/<str:run_id>/move/", api.StormMoveView.as_view(), name="api-storm-move"),
    path("storm/<str:run_id>/end/", api.StormEndView.as_view(), name="api-storm-end"),
    path("puzzles/next/", api.NextPuzzleView.as_view(), name="api-puzzle-next"),
    path("puzzles/history/", api.PuzzleHistoryView.as_view(), name="api-puzzle-history"),
    path("puzzles/themes/", api.PuzzleThemesView.as_view(), name="api-puzzle-themes"),
    path("puzzles/<str:puzzle_id>/", api.PuzzleView.as_view(), name="api-puzzle"),
    path("puzzles/<str:puzzle_id>/move/", api.PuzzleMoveView.as_view(), name="api-puzzle-move"),
    path(
        "puzzles/<str:puzzle_id>/solution/",
        api.PuzzleSolutionView.as_view(),
        name="api-puzzle-solution",
    ),
]
