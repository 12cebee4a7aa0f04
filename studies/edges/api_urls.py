"""The studies API's routes (under ``/api/``)."""

from django.urls import path

from studies.edges import api

urlpatterns = [
    path("studies/", api.StudiesView.as_view(), name="api-studies"),
    path("studies/<str:study_id>/", api.StudyView.as_view(), name="api-study"),
    path("studies/<str:study_id>/text/", api.StudyTextView.as_view(), name="api-study-text"),
    path("studies/<str:study_id>/chapters/", api.ChaptersView.as_view(), name="api-chapters"),
    path(
        "studies/<str:study_id>/chapters/<str:chapter_id>/",
        api.ChapterView.as_view(),
        name="api-chapter",
    ),
    path(
        "studies/<str:study_id>/chapters/<str:chapter_id>/changes/",
        api.ChangeView.as_view(),
        name="api-chapter-changes",
    ),
    path("studies/<str:study_id>/members/", api.MembersView.as_view(), name="api-study-members"),
    path(
        "studies/<str:study_id>/members/<str:username>/",
        api.MemberView.as_view(),
        name="api-study-member",
    ),
]
