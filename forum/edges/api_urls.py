"""The forum's API routes (under ``/api/``)."""

from django.urls import path

from forum.edges import api

urlpatterns = [
    path("forum/", api.ForumsView.as_view(), name="api-forums"),
    path("forum/search/", api.ForumSearchView.as_view(), name="api-forum-search"),
    path("forum/topics/<str:topic_id>/", api.TopicView.as_view(), name="api-forum-topic"),
    path("forum/posts/<int:post_id>/", api.PostView.as_view(), name="api-forum-post"),
    path("forum/<str:slug>/", api.ForumView.as_view(), name="api-forum"),
]
