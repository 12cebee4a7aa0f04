"""WSGI entry point, for management tooling only: the site is served over ASGI by Daphne."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
application = get_wsgi_application()
