"""The players' pages."""

from django.urls import path

from players import views

urlpatterns = [
    path("@/<str:username>", views.profile, name="profile"),
    path("@/<str:username>/challenge/", views.profile_challenge, name="profile-challenge"),
    path("players/", views.players, name="players"),
]
