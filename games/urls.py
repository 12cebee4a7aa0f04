from django.urls import path

from games import rules_page, views

urlpatterns = [
    path("play/", views.play, name="play"),
    path("watch/", views.watch, name="watch"),
    path("games/", views.archive, name="archive"),
    path("rules/", rules_page.rules, name="rules"),
]
