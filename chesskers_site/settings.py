"""Settings for the Chesskers site, read from the environment.

Without any environment the site runs on its embedded defaults: SQLite beside the code, the
in-memory channel layer, DEBUG on and a secret generated once per checkout. Production sets
``DATABASE_URL`` (PostgreSQL), ``REDIS_URL``, ``SECRET_KEY``, ``DEBUG=0``, ``ALLOWED_HOSTS`` and
``CSRF_TRUSTED_ORIGINS``; then ``manage.py check --deploy`` is clean.
"""

import os
import secrets
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Returns the environment variable as a boolean (1/true/yes/on), or the default if unset."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    """Returns a comma-separated environment variable as a list, or the default if unset."""
    value = os.environ.get(name, "").strip()
    return [item.strip() for item in value.split(",") if item.strip()] if value else default


def local_secret_key() -> str:
    """Returns this checkout's generated secret, creating it on first use (never committed)."""
    path = BASE_DIR / ".local_secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY") or local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "accounts",
    "games",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "chesskers_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.site_policy",
                "games.context_processors.your_turn",
            ],
        },
    },
]

ASGI_APPLICATION = "chesskers_site.asgi.application"

# --- Database: PostgreSQL from DATABASE_URL, else SQLite beside the code -----------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
if DATABASE_URL:
    # Persistent connections: every move runs on a worker thread, and opening a PostgreSQL
    # connection per move was the largest cost per move under load (bench/ws_load.py).
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=int(os.environ.get("CONN_MAX_AGE", "300")),
            conn_health_checks=True,
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, checking connections' health only after they were idle a while.
        DATABASES["default"]["ENGINE"] = "chesskers_site.postgresql"
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            # SQLITE_PATH lets the end-to-end tests point a Daphne process at the test database.
            "NAME": os.environ.get("SQLITE_PATH") or BASE_DIR / "db.sqlite3",
            # A file, not memory, for tests too: the end-to-end tests' Daphne process shares it.
            "TEST": {"NAME": BASE_DIR / "test-db.sqlite3"},
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channel layer: Redis pub/sub from REDIS_URL, else in-memory (one process only) ----------
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # The pub/sub layer carried twice the broadcasts of the default Redis layer here,
            # with a lower tail latency (bench/ws_load.py).
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        # redis-py's default 5 s read timeout closes idle sockets (1011) and its
                        # 100-connection pool runs out near 1,500 sockets: raise both.
                        "socket_timeout": 60,
                        "socket_connect_timeout": 5,
                        "max_connections": 2000,
                        "health_check_interval": 30,
                    }
                ],
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# --- Accounts ------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Internationalisation --------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files: WhiteNoise serves them; finders in development, manifest in production ---
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
if DEBUG:
    # WhiteNoise serves from the finders in development but warns when STATIC_ROOT is missing.
    STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- REST framework and the OpenAPI schema ---------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "chesskers_site.api_errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Chesskers API",
    "DESCRIPTION": (
        "Play Chesskers: accounts, the lobby, games and their moves. Errors are "
        '`{"error": "<one sentence saying why>"}` and change nothing.'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Production hardening (DEBUG off) --------------------------------------------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}

# --- Games ------------------------------------------------------------------------------------
# Worker processes for the bot and analysis (never on the event loop); one leaves a core to serve.
ENGINE_WORKERS = int(os.environ.get("ENGINE_WORKERS", "1"))
# Seconds between the periodic sweeps (abandonment, dead connections) of each server process.
GAMES_SWEEP_INTERVAL = int(os.environ.get("GAMES_SWEEP_INTERVAL", "30"))
# Seconds a server process gathers the heartbeats it hears before writing them in one statement
# (games.realtime.Heartbeats); rows only need to be younger than 90 s (games.policy).
HEARTBEAT_FLUSH_EVERY = float(os.environ.get("HEARTBEAT_FLUSH_EVERY", "10"))
# Seconds after a user's last lobby socket closes before their seeks and challenges are
# withdrawn, unless a lobby socket of theirs opened meanwhile: going from the lobby to another
# page that keeps it (an invite link's), or a dropped connection coming back, keeps them.
LOBBY_LEAVE_GRACE = float(os.environ.get("LOBBY_LEAVE_GRACE", "10"))
# The server process's garbage-collector thresholds (see chesskers_site/asgi.py); None leaves
# Python's own.
SERVER_GC_THRESHOLDS: tuple[int, int, int] | None = (700, 10, 1000)
# How long a server process's thread may hold the interpreter while another waits for it, in
# seconds (``sys.setswitchinterval``; see chesskers_site/process.py); None leaves Python's 5 ms.
SERVER_SWITCH_INTERVAL: float | None = float(os.environ.get("SERVER_SWITCH_INTERVAL", "0.0005"))
