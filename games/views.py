"""Game pages: the lobby, the watch list and the archive."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def play(request: HttpRequest) -> HttpResponse:
    return render(request, "games/play.html")


def watch(request: HttpRequest) -> HttpResponse:
    return render(request, "games/watch.html")


def archive(request: HttpRequest) -> HttpResponse:
    return render(request, "games/archive.html")


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules.html")
