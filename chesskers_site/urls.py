"""The site's URLs: pages, the REST API with its schema, and the admin."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.appearance import appearance_set
from accounts.language import set_language
from accounts.throttles import throttled_login
from common import webapp

urlpatterns = [
    path("", include("accounts.urls")),
    path("accounts/", include("community.urls")),
    path("", include("catalogue.urls")),
    path("", include("games.edges.urls")),
    path("", include("players.urls")),
    path("", include("tournaments.edges.urls")),
    path("", include("puzzles.edges.urls")),
    path("", include("studies.edges.urls")),
    path("", include("simuls.edges.urls")),
    path("", include("teams.edges.urls")),
    path("", include("forum.edges.urls")),
    path("api/", include("accounts.api_urls")),
    path("api/", include("games.edges.api_urls")),
    path("api/", include("players.api_urls")),
    path("api/", include("tournaments.edges.api_urls")),
    path("api/", include("puzzles.edges.api_urls")),
    path("api/", include("studies.edges.api_urls")),
    path("api/", include("simuls.edges.api_urls")),
    path("api/", include("teams.edges.api_urls")),
    path("api/", include("forum.edges.api_urls")),
    # The language switch (Django's set_language: POST language=<code>, next=<url>; it also
    # saves a signed-in player's choice, accounts/language.py) and the scripts' catalogue of
    # translations (gettext() for the ES modules, static/js/i18n.js).
    path("i18n/setlang/", set_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # The pages' appearance without a script (accounts/appearance.py), and the installable
    # app: its manifest, its service worker (at the root, so its scope is the whole site) and
    # the page the worker shows offline (common/webapp.py).
    path("appearance/", appearance_set, name="appearance"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("sw.js", webapp.service_worker, name="service-worker"),
    path("offline/", webapp.offline, name="offline"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script (the CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # The admin's log-in, throttled as the site's (accounts/throttles.py).
    path("admin/login/", throttled_login(admin.site.login)),
    path("admin/", admin.site.urls),
]
