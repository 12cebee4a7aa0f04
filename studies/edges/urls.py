"""The study pages' routes."""

from django.urls import path

from studies.edges import views

urlpatterns = [
    path("study/", views.studies, name="studies"),
    path("study/<str:study_id>/", views.study_page, name="study"),
    path("study/<str:study_id>/<str:chapter_id>/", views.study_page, name="study-chapter"),
]
