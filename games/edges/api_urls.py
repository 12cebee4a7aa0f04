"""The games app's API routes (under ``/api/``)."""

from django.urls import path

from games.edges import api, api_archive, api_board, api_conditional

urlpatterns = [
    path("variants/", api.VariantListView.as_view(), name="api-variants"),
    path("analysis/position/", api_board.BoardPositionView.as_view(), name="api-board-position"),
    path("analysis/play/", api_board.BoardPlayView.as_view(), name="api-board-play"),
    path("explorer/", api_board.ExplorerView.as_view(), name="api-explorer"),
    path("seeks/", api.SeekListView.as_view(), name="api-seeks"),
    path("seeks/<str:seek_id>/", api.SeekDetailView.as_view(), name="api-seek"),
    path("seeks/<str:seek_id>/accept/", api.SeekAcceptView.as_view(), name="api-seek-accept"),
    path("challenges/", api.ChallengeListView.as_view(), name="api-challenges"),
    path(
        "challenges/<str:challenge_id>/accept/",
        api.ChallengeAcceptView.as_view(),
        name="api-challenge-accept",
    ),
    path(
        "challenges/<str:challenge_id>/decline/",
        api.ChallengeDeclineView.as_view(),
        name="api-challenge-decline",
    ),
    path("games/", api_archive.GameListView.as_view(), name="api-games"),
    path(
        "crosstable/<str:first>/<str:second>/",
        api_archive.CrosstableView.as_view(),
        name="api-crosstable",
    ),
    path("games/local/", api.LocalGameView.as_view(), name="api-games-local"),
    path("games/bot/", api.BotGameView.as_view(), name="api-games-bot"),
    path("games/export/", api_archive.GamesExportView.as_view(), name="api-games-export"),
    path("games/import/", api_archive.GameImportView.as_view(), name="api-games-import"),
    path("games/<str:game_id>/", api.GameDetailView.as_view(), name="api-game"),
    path("games/<str:game_id>/moves/", api.GameMovesView.as_view(), name="api-game-moves"),
    path("games/<str:game_id>/resign/", api.GameResignView.as_view(), name="api-game-resign"),
    path("games/<str:game_id>/draw/", api.GameDrawView.as_view(), name="api-game-draw"),
    path("games/<str:game_id>/takeback/", api.GameTakebackView.as_view(), name="api-game-takeback"),
    path("games/<str:game_id>/abort/", api.GameAbortView.as_view(), name="api-game-abort"),
    path("games/<str:game_id>/rematch/", api.GameRematchView.as_view(), name="api-game-rematch"),
    path("games/<str:game_id>/chat/", api.GameChatView.as_view(), name="api-game-chat"),
    path(
        "games/<str:game_id>/give-time/", api.GameGiveTimeView.as_view(), name="api-game-give-time"
    ),
    path(
        "games/<str:game_id>/claim-win/", api.GameClaimWinView.as_view(), name="api-game-claim-win"
    ),
    path("games/<str:game_id>/berserk/", api.GameBerserkView.as_view(), name="api-game-berserk"),
    path(
        "games/<str:game_id>/export/", api_archive.GameExportView.as_view(), name="api-game-export"
    ),
    path(
        "games/<str:game_id>/bookmark/",
        api_archive.GameBookmarkView.as_view(),
        name="api-game-bookmark",
    ),
    path("games/<str:game_id>/note/", api_archive.GameNoteView.as_view(), name="api-game-note"),
    path(
        "games/<str:game_id>/conditional/",
        api_conditional.ConditionalView.as_view(),
        name="api-game-conditional",
    ),
    path(
        "games/<str:game_id>/annotations/",
        api_archive.AnnotationListView.as_view(),
        name="api-game-annotations",
    ),
    path(
        "games/<str:game_id>/annotations/<int:annotation_id>/",
        api_archive.AnnotationDetailView.as_view(),
        name="api-game-annotation",
    ),
    path(
        "games/<str:game_id>/analysis/",
        api_archive.GameAnalysisView.as_view(),
        name="api-game-analysis",
    ),
    path("games/<str:game_id>/learn/", api_archive.GameLearnView.as_view(), name="api-game-learn"),
    path(
        "games/<str:game_id>/move-times/",
        api_archive.GameMoveTimesView.as_view(),
        name="api-game-move-times",
    ),
]
