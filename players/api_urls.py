"""The players app's API routes (under ``/api/``)."""

from django.urls import path

from players import (
    api,
    api_community,
    api_inbox,
    api_moderation,
    api_ratings,
    notices_pages,
    timeline_edges,
)

urlpatterns = [
    path("users/", api.UserSearchView.as_view(), name="api-users"),
    path("users/<str:username>/", api.UserView.as_view(), name="api-user"),
    path("users/<str:username>/activity/", api.ActivityView.as_view(), name="api-user-activity"),
    path(
        "users/<str:username>/perf/<str:category>/",
        api_ratings.RatingStatsView.as_view(),
        name="api-rating-stats",
    ),
    path(
        "ratings/<str:category>/distribution/",
        api_ratings.DistributionView.as_view(),
        name="api-rating-distribution",
    ),
    path("users/<str:username>/block/", api_community.BlockView.as_view(), name="api-block"),
    path("users/<str:username>/follow/", api_community.FollowView.as_view(), name="api-follow"),
    path(
        "users/<str:username>/note/",
        api_community.PlayerNoteView.as_view(),
        name="api-player-note",
    ),
    path(
        "users/<str:username>/following/",
        api_community.FollowingView.as_view(),
        name="api-following",
    ),
    path("timeline/", timeline_edges.TimelineView.as_view(), name="api-timeline"),
    path("inbox/", api_inbox.InboxView.as_view(), name="api-inbox"),
    path("notices/", notices_pages.NoticesView.as_view(), name="api-notices"),
    path("notices/read/", notices_pages.NoticesReadView.as_view(), name="api-notices-read"),
    path("inbox/<str:username>/", api_inbox.ConversationView.as_view(), name="api-conversation"),
    path(
        "inbox/<str:username>/read/",
        api_inbox.ConversationReadView.as_view(),
        name="api-conversation-read",
    ),
    path("reports/", api_community.ReportListView.as_view(), name="api-reports"),
    path("account/data/", api_community.AccountDataView.as_view(), name="api-account-data"),
    path("account/close/", api_community.AccountCloseView.as_view(), name="api-account-close"),
    path(
        "moderation/reports/",
        api_moderation.ModerationReportsView.as_view(),
        name="api-moderation-reports",
    ),
    path(
        "moderation/reports/<int:report_id>/",
        api_moderation.ModerationReportView.as_view(),
        name="api-moderation-report",
    ),
    path("moderation/log/", api_moderation.ModerationLogView.as_view(), name="api-moderation-log"),
]
