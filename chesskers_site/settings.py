"""Settings for the Chesskers site, read from the environment.

Without any environment the site runs on its embedded defaults: SQLite beside the code, the
in-memory channel layer, DEBUG on and a secret generated once per checkout. ``make run`` sets
``DEVELOPMENT=1`` with DEBUG off (the site's own error pages) unless ``DEBUG=1`` is given.
Production sets ``DATABASE_URL`` (PostgreSQL), ``REDIS_URL``, ``SECRET_KEY``, ``DEBUG=0``,
``ALLOWED_HOSTS`` and ``CSRF_TRUSTED_ORIGINS``; then ``manage.py check --deploy`` is clean, and
without ``SECRET_KEY`` it refuses to start.
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

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
    """Returns this checkout's generated secret, creating it on first use (never committed).

    Created exclusively (``O_EXCL``) and written whole before it is read by another: two
    processes starting together read the same key."""
    path = BASE_DIR / ".local_secret_key"
    if not path.exists():
        draft = path.with_name(f".local_secret_key.{secrets.token_hex(8)}")
        draft.write_text(secrets.token_urlsafe(50))
        draft.chmod(0o600)
        try:
            os.link(draft, path)  # atomic: fails if another process made the key first
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", True)
# A developer's own machine (``make run``, the tests): plain HTTP, the generated secret, static
# files from the finders. DEBUG may be off there too, to see the site's own error pages.
DEVELOPMENT = env_bool("DEVELOPMENT", DEBUG)
if os.environ.get("SECRET_KEY"):
    SECRET_KEY = os.environ["SECRET_KEY"]
elif DEVELOPMENT:
    SECRET_KEY = local_secret_key()
else:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. With DEBUG off every server process must share one secret: "
        "set SECRET_KEY in the environment (or DEVELOPMENT=1 on your own machine)."
    )
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
    "community",
    "catalogue",
    "games",
    "players",
    "tournaments",
    "puzzles",
    "studies",
    "simuls",
    "teams",
    "forum",
]

MIDDLEWARE = [
    # Outermost: shapes every error the others or the views give (common/errors.py).
    "common.errors.ErrorShapeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "common.edge.EdgeTextMiddleware",
    "common.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the request: cookie, then Accept-Language; then a signed-in player's own
    # setting over both (accounts/language.py).
    "django.middleware.locale.LocaleMiddleware",
    "accounts.language.AccountLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Kid mode: the forum's pages and API refused to a player who has it on (forum/edges).
    "forum.edges.kid_mode.KidModeForumMiddleware",
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
                "games.edges.context_processors.site_policy",
                "games.edges.context_processors.your_turn",
                "community.context_processors.warnings",
                "community.context_processors.inbox",
                "accounts.appearance.appearance",
            ],
        },
    },
]

ASGI_APPLICATION = "chesskers_site.asgi.application"

# --- Database: PostgreSQL from DATABASE_URL, else SQLite beside the code -----------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
# A pool of at most DB_POOL_SIZE connections per server process (psycopg's, through Django):
# every unit of work, a request or a socket message on a worker thread, borrows one and gives
# it back, so a process never holds more, however many threads it runs (docs/deployment.md
# gives the total across processes). DB_POOL_SIZE=0 turns the pool off: one persistent
# connection per thread (CONN_MAX_AGE), unbounded under load.
DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "8"))
DB_POOL_TIMEOUT = float(os.environ.get("DB_POOL_TIMEOUT", "20"))  # seconds to wait for one
if DATABASE_URL:
    pooled = DB_POOL_SIZE > 0
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            # Pooling needs CONN_MAX_AGE=0: a connection goes back to the pool after each unit
            # of work. Without the pool, persistent connections: opening one per move was the
            # largest cost per move under load (bench/ws_load.py).
            conn_max_age=0 if pooled else int(os.environ.get("CONN_MAX_AGE", "300")),
            # The pool hands out connections it found healthy when they came back; checking
            # each again before use would cost every unit of work a round trip.
            conn_health_checks=not pooled,
        )
    }
    if pooled:
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(2, DB_POOL_SIZE),
            "max_size": DB_POOL_SIZE,
            "timeout": DB_POOL_TIMEOUT,
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


def redis_channel_prefix(url: str) -> str:
    """Returns the channel layer's prefix for a Redis URL: ``chesskers.<db>.``. Redis's pub/sub
    ignores the database number, so two deployments sharing a Redis would hear each other's
    game messages; with this prefix, those on different databases do not, and CHANNEL_PREFIX
    sets one of a deployment's own."""
    db = url.split("?")[0].rstrip("/").rsplit("/", 1)[-1] if url.count("/") > 2 else "0"
    return f"chesskers.{db if db.isdigit() else 0}."


CHANNEL_PREFIX = os.environ.get("CHANNEL_PREFIX", "").strip() or redis_channel_prefix(REDIS_URL)
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # The pub/sub layer carried twice the broadcasts of the default Redis layer here,
            # with a lower tail latency (bench/ws_load.py).
            "BACKEND": "common.channel_layer.PubSubChannelLayer",
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
                "prefix": CHANNEL_PREFIX,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# --- Cache: Redis when configured, so every process shares what it holds -----------------------
CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "chesskers")  # throttles' keys too
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Accounts ------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's hashers, the first (which hashes new passwords) holding no database connection while
# it hashes (accounts/hashers.py).
PASSWORD_HASHERS = [
    "accounts.hashers.PooledPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Two-factor log-in checked at every password door (accounts/two_factor.py); Django's own
# backend stays listed for the sessions it signed in, and is asked only after ours declines.
AUTHENTICATION_BACKENDS = [
    "accounts.two_factor.TwoFactorBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Email: verification links and password resets -------------------------------------------
# SMTP when EMAIL_HOST is set; else the console backend (``make run`` prints each mail). The
# tests use Django's locmem backend; a test's Daphne process may be given the file backend
# (EMAIL_BACKEND and EMAIL_FILE_PATH) so that the test reads what it sent.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "").strip() or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = 10  # seconds: a mail server that hangs must not hold a request for ever
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "artifacts" / "mail"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Chesskers <chesskers@localhost>")
# The site's address as players reach it, for the links of mails sent away from any request
# (``manage.py mail_turns``): a request's mails take its own host.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").strip().rstrip("/")

# --- Internationalisation --------------------------------------------------------------------
# The site's languages: gettext catalogues under locale/ (docs/i18n.md says how to add one).
# Chosen by the account's setting, then the django_language cookie (/i18n/setlang/), then the
# browser's Accept-Language; English when none of them names one of these.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ru", "Русский"),
    ("nl", "Nederlands"),
    ("fr", "Français"),
    ("pt-br", "Português (Brasil)"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files: WhiteNoise serves them; finders in development, manifest in production ---
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
if DEVELOPMENT:
    # WhiteNoise serves from the finders in development but warns when STATIC_ROOT is missing.
    STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = DEVELOPMENT
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEVELOPMENT
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Limits at the edge (common/edge.py) ----------------------------------------------
# The largest request body, in bytes: a larger one is refused with 413 before it is read whole
# (the largest legal request, an import, holds at most games.domain.schemas.MAX_IMPORT_CHARS).
REQUEST_MAX_BYTES = int(os.environ.get("REQUEST_MAX_BYTES", str(512 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES

# --- Security headers (common/security.py) --------------------------------------------
# Scripts, styles and everything else from the site only; no inline script or style anywhere.
# ``connect-src 'self'`` covers the site's own WebSockets (ws:/wss: on the same host).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        # The app's manifest and its service worker (/manifest.webmanifest, /sw.js): the site's.
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# The browser features the site never uses, refused to it and to anything it might embed.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone",
        "payment", "usb",
    )
)  # fmt: skip

# --- Throttles (common/throttle.py): "count/seconds" per scope ------------------------
# Each rate is read from THROTTLE_<SCOPE> (THROTTLE_LOGIN_ADDRESS, ...). A log-in is counted
# per account from one address first, then per address, then per account from everywhere: the
# last is a back-off against attacks from many addresses, and one address alone can never
# reach it (12 windows of 10 are 120 an hour), so it cannot lock the owner out.
THROTTLE_DEFAULTS = {
    "login_account_address": "10/300",  # attempts at one account's password from one address
    "login_address": "30/300",  # attempts at any account's password from one address
    "login_account": "300/3600",  # attempts at one account's password from everywhere
    "signup_address": "10/3600",  # accounts made
    "seek_address": "60/60",  # seeks posted
    "seek_account": "30/60",
    "challenge_address": "60/60",
    "challenge_account": "30/60",
    "tournament_address": "60/60",  # tournaments made, joined or left
    "tournament_account": "30/60",
    "simul_address": "60/60",  # simuls made, asked to play in, the host's choices
    "simul_account": "30/60",
    "team_address": "60/60",  # teams made, joined or left, the leaders' choices
    "team_account": "30/60",
    "forum_address": "30/60",  # forum topics and posts written, edited or removed
    "forum_account": "15/60",
    "forum_search_address": "60/60",  # forum searches (each a read of the search indexes)
    "board_address": "240/60",  # the analysis board's positions and moves (each one engine work)
    "explorer_address": "240/60",  # the opening explorer's positions (a FEN read, one lookup)
    "learn_address": "60/60",  # learning from a game's mistakes: the list, a try (a search)
    "puzzle_address": "240/60",  # puzzles: the next one, a move, the solution (a few moves each)
    "study_address": "300/60",  # studies: reads and changes (a move each, or a text's import)
    "email_account": "5/3600",  # verification links sent for one account
    "two_factor_account": "10/300",  # turning two-factor log-in on or off (a password each)
    "reset_address": "5/3600",  # password resets asked from one address
    "reset_email": "3/3600",  # password resets asked for one email address
    "chat_user": "15/30",  # chat lines one user writes
    "message_account": "20/60",  # private messages one user writes
    "conversation_account": "10/3600",  # players one user writes to for the first time
    "social_account": "60/60",  # blocks, follows and their undoing
    "report_account": "10/3600",  # reports filed
    "data_account": "3/3600",  # downloads of one's own data
}
THROTTLE_RATES = {
    scope: os.environ.get(f"THROTTLE_{scope.upper()}", rate)
    for scope, rate in THROTTLE_DEFAULTS.items()
}
# Where the throttles count, shared by every process: REDIS_URL's Redis unless set apart. Empty
# (no Redis): each process counts alone.
THROTTLE_REDIS_URL = os.environ.get("THROTTLE_REDIS_URL", REDIS_URL).strip()

# --- Clients behind the proxy (common/clients.py) -------------------------------------
# The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses or networks
# (CIDR), and "unix" for a proxy that reaches Daphne through a unix socket (``daphne -u``). A
# request from anywhere else is taken as coming from its own peer, whatever its headers say.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

# --- REST framework and the OpenAPI schema ---------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "common.security.CsrfSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.api_errors.exception_handler",
    # JSON nested at most a few levels and holding only storable text (common/edge.py).
    "DEFAULT_PARSER_CLASSES": [
        "common.edge.EdgeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
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
    # One name for a choice several fields share (the settings' who may write, who may challenge).
    "ENUM_NAME_OVERRIDES": {"WhoMayReachEnum": "accounts.models.WHO_MAY_REACH"},
}

# --- Production hardening (not on a developer's machine) ---------------------------------------
if not DEVELOPMENT:
    # HTTPS is the scheme the trusted proxy says it received (common/clients.py), not
    # Django's SECURE_PROXY_SSL_HEADER, which would believe any client's X-Forwarded-Proto.
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
# Analysis has worker processes of its own, at a lower priority: it never delays a bot's reply.
ANALYSIS_WORKERS = int(os.environ.get("ANALYSIS_WORKERS", "1"))
# The analysis board (/ws/analysis/): how many of its searches a server process runs at once
# (in the analysis workers, so no more than they are; each socket has one at most, the rest
# wait their turn), and the seconds of search one request gets before it is done.
BOARD_ANALYSES = int(os.environ.get("BOARD_ANALYSES", str(ANALYSIS_WORKERS)))
BOARD_ANALYSIS_SECONDS = float(os.environ.get("BOARD_ANALYSIS_SECONDS", "8"))
# Seconds between the periodic sweeps (abandonment, dead connections) of each server process.
GAMES_SWEEP_INTERVAL = int(os.environ.get("GAMES_SWEEP_INTERVAL", "30"))
# Seconds a server process gathers the heartbeats it hears before writing them in one statement
# (games.edges.realtime.Heartbeats); rows only need to be younger than 90 s (games.domain.policy).
HEARTBEAT_FLUSH_EVERY = float(os.environ.get("HEARTBEAT_FLUSH_EVERY", "10"))
# Seconds after a user's last lobby socket closes before their seeks and challenges are
# withdrawn, unless a lobby socket of theirs opened meanwhile: going from the lobby to another
# page that keeps it (an invite link's), or a dropped connection coming back, keeps them.
LOBBY_LEAVE_GRACE = float(os.environ.get("LOBBY_LEAVE_GRACE", "10"))

# Seconds between the passes of each server process's tournament director (start, pair,
# finish: tournaments/edges/director.py); 0 runs none in this process.
TOURNAMENT_TICK = float(os.environ.get("TOURNAMENT_TICK", "1"))

# Sockets one server process accepts (games/edges/sockets.py; 0: no cap): from one address (all
# pages), and spectators of one game.
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "50"))
SOCKETS_PER_GAME = int(os.environ.get("SOCKETS_PER_GAME", "500"))
# Messages one user (signed out: one address) may send on sockets, as "count/seconds", counted
# across every server process (games/edges/sockets.py): as a player at their games, and on every
# other socket together (watching a game, the lobby, the other pages).
SOCKET_BUDGETS = {
    "player": os.environ.get("SOCKET_BUDGET_PLAYER", "100/20"),
    "other": os.environ.get("SOCKET_BUDGET_OTHER", "40/20"),
}
# The most bytes of one socket message, either way: Daphne is given the same figure
# (--websocket-max-message-size and --websocket-max-frame-size, the Makefile's DAPHNE_LIMITS), which
# bounds what it sends as well as what it receives, so the server sends nothing larger
# (games/domain/wire.py). A client's messages are far smaller
# (games.domain.protocol.MAX_MESSAGE_BYTES).
WEBSOCKET_MAX_MESSAGE_BYTES = int(os.environ.get("WEBSOCKET_MAX_MESSAGE_BYTES", "16384"))
# The server process's garbage-collector thresholds (common/process.py), as three numbers
# (SERVER_GC_THRESHOLDS="700,10,1000"); empty leaves Python's own.
_gc_thresholds = os.environ.get("SERVER_GC_THRESHOLDS", "700,10,1000").strip()
SERVER_GC_THRESHOLDS: tuple[int, ...] | None = (
    tuple(int(part) for part in _gc_thresholds.split(",")) if _gc_thresholds else None
)
# How long a server process's thread may hold the interpreter while another waits for it, in
# seconds (``sys.setswitchinterval``; see common/process.py); None leaves Python's 5 ms.
SERVER_SWITCH_INTERVAL: float | None = float(os.environ.get("SERVER_SWITCH_INTERVAL", "0.0005"))
# Seconds Daphne's timeout check (every 2 s: timeouts, and a ping every --ping-interval) may
# hold a server's event loop at a time before it lets the sockets be served (common/process.py);
# 0 leaves Daphne's one pass over every connection.
SERVER_TIMEOUT_TURN = float(os.environ.get("SERVER_TIMEOUT_TURN", "0.002"))
# Whether a server's sockets send what they are given at once, when nothing waits before it,
# rather than on the event loop's next turn, as Twisted does (common/process.py).
SERVER_WRITE_AT_ONCE = env_bool("SERVER_WRITE_AT_ONCE", True)
