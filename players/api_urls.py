"""The players app's API routes (under ``/api/``)."""

from django.urls import path

from players import api

urlpatterns = [
    path("users/<str:username>/", api.UserView.as_view(), name="api-user"),
]
