"""The site's URLs: pages, the REST API with its schema, and the admin."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.language import set_language
from accounts.throttles import throttled_login

urlpatterns = [
    path("", include("accounts.urls")),
    path("accounts/", include("community.urls")),
    path("", include("catalogue.urls")),
    path("", include("games.edges.urls")),
    path("", include("players.urls")),
    path("", include("tournaments.edges.urls")),
    path("api/", include("accounts.api_urls")),
    path("api/", include("games.edges.api_urls")),
    path("api/", include("players.api_urls")),
    path("api/", include("tournaments.edges.api_urls")),
    # The language switch (Django's set_language: POST language=<code>, next=<url>; it also
    # saves a signed-in player's choice, accounts/language.py) and the scripts' catalogue of
    # translations (gettext() for the ES modules, static/js/i18n.js).
    path("i18n/setlang/", set_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script (the CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # The admin's log-in, throttled as the site's (accounts/throttles.py).
    path("admin/login/", throttled_login(admin.site.login)),
    path("admin/", admin.site.urls),
]
