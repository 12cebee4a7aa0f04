"""Settings for the test run: the site's own, read from the same environment, with a fast
password hasher (hashing is deliberately slow, and tests create many users). The end-to-end
tests' Daphne processes inherit this module through DJANGO_SETTINGS_MODULE."""

from chesskers_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
