from django.urls import path

from games.edges import analysis_pages, embed_page, picture_page, views

urlpatterns = [
    path("play/", views.play, name="play"),
    path("play/local/", views.local, name="local"),
    path("play/bot/", views.bot, name="bot"),
    path("game/<str:game_id>/", views.game_page, name="game"),
    path("game/<str:game_id>/learn/", analysis_pages.learn_page, name="game-learn"),
    path("game/<str:game_id>/position.svg", picture_page.position_picture, name="game-picture"),
    path("position.svg", picture_page.position_picture_of_fen, name="position-picture"),
    path("embed/<str:game_id>/", embed_page.game_embed, name="game-embed"),
    path("invite/<str:challenge_id>/", views.invite, name="invite"),
    path("invite/<str:challenge_id>/accept/", views.invite_accept, name="invite-accept"),
    path("watch/", views.watch, name="watch"),
    path("tv/", views.tv_choose, name="tv-choose"),
    path("tv/<str:variant>/", views.tv, name="tv"),
    path("games/", views.archive, name="archive"),
    path("games/import/", views.import_games, name="import"),
    path("analysis/", analysis_pages.analysis_board, name="analysis"),
    path("analysis/<str:target>/", analysis_pages.analysis_board, name="analysis-of"),
    path("analysis/<str:target>/<path:fen>", analysis_pages.analysis_board, name="analysis-fen"),
    path("editor/", analysis_pages.board_editor, name="editor"),
    path("training/coordinates/", analysis_pages.coordinate_trainer, name="coordinates"),
    path(
        "training/coordinates/<str:variant>/",
        analysis_pages.coordinate_trainer,
        name="coordinates-of",
    ),
    path("editor/<str:variant>/", analysis_pages.board_editor, name="editor-of"),
    path("editor/<str:variant>/<path:fen>", analysis_pages.board_editor, name="editor-fen"),
]
