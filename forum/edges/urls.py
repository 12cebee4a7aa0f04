"""The forum's pages, and the addresses their forms post to."""

from django.urls import path

from forum.edges import views

urlpatterns = [
    path("forum/", views.forums, name="forums"),
    path("forum/by/<str:username>/", views.player_posts, name="forum-player"),
    path("forum/search/", views.forum_search, name="forum-search"),
    path("forum/post/<int:post_id>/edit/", views.post_edit_form, name="forum-post-edit"),
    path("forum/post/<int:post_id>/remove/", views.post_remove_form, name="forum-post-remove"),
    path("forum/post/<int:post_id>/report/", views.post_report_form, name="forum-post-report"),
    path("forum/<str:slug>/", views.forum, name="forum"),
    path("forum/<str:slug>/<str:topic_id>/", views.topic_page, name="forum-topic"),
    path("forum/<str:slug>/<str:topic_id>/title/", views.topic_title_form, name="forum-title"),
    path("forum/<str:slug>/<str:topic_id>/posts/", views.topic_posts, name="forum-topic-posts"),
    path(
        "forum/<str:slug>/<str:topic_id>/moderate/",
        views.topic_moderate_form,
        name="forum-moderate",
    ),
]
