"""Settings, read from the environment.

With no environment at all the service runs on the embedded default: an
SQLite file in the project folder and Celery tasks run in-process, so that a
newcomer needs nothing but Python. Production sets ``DATABASE_URL`` (PostgreSQL),
``CELERY_BROKER_URL`` (Redis), ``SECRET_KEY``, ``DEBUG=0`` and ``ALLOWED_HOSTS``.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from corsheaders.defaults import default_headers
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-for-the-embedded-default"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if not DEBUG else "*")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

#: The games this service referees, each a package of its own (docs/architecture.md, "How to
#: add a game"): INSTALLED_APPS, the registry of rulesets and the import contracts
#: (config/import_contracts.py) follow from this list, and a test holds them to it.
GAMES = [
    "skirmish",
    "quidditch.chat",
    "quidditch.dice",
    "quidditch.rpg",
    "quidditch.cards",
    "quidditch.tabletop",
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "core",
    "games",
    "campaign",
    *GAMES,
    "league",
    "webhooks",
    "discord_bridge",
    "pages",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before anything that changes an answer's body: the schema gzipped (core.compression).
    "core.compression.PublicDocumentsGZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "core.throttling.BodySizeLimitMiddleware",
    "core.throttling.NulQueryMiddleware",
    "core.throttling.RateLimitHeadersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.languages.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
                "core.languages.site_languages",
            ],
        },
    },
]

# Database: DATABASE_URL, or an SQLite file beside manage.py.
DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # WAL lets readers go on while a command is written; the busy timeout makes
    # concurrent writers wait for each other instead of failing at once.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # Tests too use a file, not a shared in-memory database: only a file lets a live
    # stream's server thread read while a test writes (WAL), as the service does. A file
    # of the process's own, so that two test runs in one checkout never share one.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}
else:
    # Each of the server's threads keeps its connection between requests and checks
    # it before reuse, so the service recovers by itself after a database restart.
    # (The threads are a fixed pool, config.asgi; live streams read on the event
    # loop's few shared threads, core.streams.database.)
    DATABASES["default"].update(
        CONN_MAX_AGE=int(os.environ.get("DB_CONN_MAX_AGE", "600")), CONN_HEALTH_CHECKS=True
    )
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = 5
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Every login with a password (the login page, the dashboard's, the token login) is refused
# while its address or name has failed LOGIN_RATE_LIMIT times in the window (core.logins);
# the model backend logs people in and holds their sessions.
AUTHENTICATION_BACKENDS = [
    "core.logins.LoginLimit",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The rules' texts and errors are translated from English (gettext catalogues in each
# package's locale/); ?lang= or Accept-Language picks one (core.languages).
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# In development static files come straight from the apps; production serves
# the collected, compressed copies.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/me/"
CSRF_FAILURE_VIEW = "core.views.csrf_failure"

# HTTPS: on whenever DEBUG is off; a proxy in front terminates TLS.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Content-Security-Policy on every answer (django-csp): everything from the service itself;
# scripts only from its files (no template has an inline script: Swagger UI's start is a
# file of its own, config.urls); styles inline too, as the games' tables (a square's place
# on the pitch, a house's colour), Django's admin and the API docs' renderers set style
# attributes and elements; images and fonts as data: URIs too (the admin's and the docs'
# icons); no plugins, no <base>, forms posted only here, framed by nobody.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Cross-origin use by virtual-tabletop plugins: the origins listed here reach every
# campaign; a campaign's storyguide allows their table's own (campaign.origins). The
# preflight allows the headers the API documents, and a module reads the ones it answers.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_HEADERS = (*default_headers, "idempotency-key", "last-event-id", "if-none-match")
CORS_EXPOSE_HEADERS = ["Retry-After", "RateLimit", "RateLimit-Policy", "ETag"]

DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("MAX_REQUEST_BODY_BYTES", str(256 * 1024)))

# DRF's browsable API (its HTML pages) only where asked: by default in development, and
# with DEBUG off only when BROWSABLE_API=1; else the API answers JSON only.
BROWSABLE_API = env_bool("BROWSABLE_API", DEBUG)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "core.renderers.FastJSONRenderer",
        *(["rest_framework.renderers.BrowsableAPIRenderer"] if BROWSABLE_API else []),
    ],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "core.filters.FilterBackend",
        "rest_framework.filters.SearchFilter",
        "core.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.responses.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["core.throttling.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "writes": os.environ.get("WRITE_RATE_LIMIT", "1200/min"),
        "login": os.environ.get("LOGIN_RATE_LIMIT", "20/min"),
        "verify": os.environ.get("VERIFY_RATE_LIMIT", "30/min"),
        "invitations": os.environ.get("INVITATION_RATE_LIMIT", "30/min"),
    },
}

# The proxies in front of the service (addresses or networks): only a request that
# comes from one of them has its X-Forwarded-For read, from the right, for the
# client's address (core.client_address); with none, the address is the connection's.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES: {_proxy!r} is not an address or a network."
        ) from None

# Live streams (core.streams): a heartbeat comment keeps proxies from closing idle
# streams; without PostgreSQL's LISTEN/NOTIFY a stream looks for new rows this often;
# each user may hold this many open streams per server process.
STREAM_HEARTBEAT_SECONDS = float(os.environ.get("STREAM_HEARTBEAT_SECONDS", "15"))
STREAM_POLL_SECONDS = float(os.environ.get("STREAM_POLL_SECONDS", "1"))
STREAMS_PER_USER = int(os.environ.get("STREAMS_PER_USER", "20"))
STREAM_SEND_TIMEOUT_SECONDS = float(os.environ.get("STREAM_SEND_TIMEOUT_SECONDS", "30"))
# A stream asks this often whether its reader may still read it (removed, another role,
# credentials revoked), and ends when not (core.streams.while_allowed).
STREAM_ACCESS_CHECK_SECONDS = float(os.environ.get("STREAM_ACCESS_CHECK_SECONDS", "2"))

# The cache holds the rate limit counters: shared between processes when
# CACHE_URL names a Redis server, per process otherwise.
CACHES = {
    "default": {
        "BACKEND": "core.cache.SharedClientRedisCache",
        "LOCATION": os.environ["CACHE_URL"],
    }
    if os.environ.get("CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# knox's token model, named for the foreign key of a token's scope (core.models.TokenScope).
KNOX_TOKEN_MODEL = "knox.AuthToken"
REST_KNOX = {
    # Tokens are stored hashed; a copy of the database does not leak them.
    "TOKEN_TTL": timedelta(days=int(os.environ.get("TOKEN_TTL_DAYS", "30"))),
    "AUTO_REFRESH": False,
    "TOKEN_PREFIX": "sg_",
    "USER_SERIALIZER": "core.serializers.UserSerializer",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "storyguide API",
    "DESCRIPTION": (
        "Runs a Hogwarts tabletop campaign: characters, skirmishes and quidditch "
        "resolved on the server with provably fair dice, the house points race and "
        "the quidditch cup. Authenticate with `Authorization: Token <token>` from "
        "`POST /api/auth/token/`."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc from the service's own static files: no CDN, so the
    # docs work on a machine with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/",
    # The paths are absolute (/api/...): a client's base URL is the origin it read this at.
    "SERVERS": [{"url": "/", "description": "This service, where you read this schema."}],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.schema.add_errors_and_links",
        "core.schema.add_streams",
        "games.schema.add_ruleset_shapes",
        "core.schema.defaults_in_words",
        "core.schema.nullable_references",
    ],
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.GameStatus",
        "MembershipRoleEnum": "campaign.models.Role",
        "FixtureStatusEnum": "league.models.FixtureStatus",
        "WebhookEventTypeEnum": "webhooks.models.event_types",
        "ActivityKindEnum": "campaign.activity.kind_choices",
        "DeliveryStatusEnum": "webhooks.models.DeliveryStatus",
        "WebhookFormatEnum": "webhooks.models.Format",
    },
}

# Celery: with no broker configured, tasks run in-process (the embedded default).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
# Results are rarely wanted (tasks write to the database); those that return
# one to a caller say so with ignore_result=False.
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task cut off by a lost broker connection is redelivered; ours are idempotent.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_BEAT_SCHEDULE = {
    # House points are due 48 hours after a cup game's log is published (§8.3);
    # the due times are in the database, this only looks for what is due.
    "credit-due-house-points": {
        "task": "league.tasks.credit_due_house_points",
        "schedule": crontab(minute="*/5"),
    },
    "purge-expired-tokens": {
        "task": "core.tasks.purge_expired_tokens",
        "schedule": crontab(minute=17),
    },
    # Webhook deliveries due (new ones, retries whose time has come); the due times
    # are in the database (Delivery.next_attempt_at), this only looks for them.
    "sweep-webhook-deliveries": {
        "task": "webhooks.tasks.sweep_deliveries",
        "schedule": 10.0,
    },
    # Bots a request left moving (games.services.let_bots_act) whose task was lost.
    "sweep-bots-moving": {
        "task": "games.tasks.sweep_bots_moving",
        "schedule": 30.0,
    },
}

# A request plays at most this many seconds of bot moves; a task plays on after a pause
# of BOT_PAUSE_SECONDS, so bots use at most about half of a worker on one game.
BOT_SECONDS = float(os.environ.get("BOT_SECONDS", "1.0"))
BOT_PAUSE_SECONDS = float(os.environ.get("BOT_PAUSE_SECONDS", "1.0"))
# How a game's bots are woken when time alone changes what they may do (games.wakes):
# "celery" (a task at that time), "in_process" (a timer in the server's process, where
# tasks run in-process and cannot wait), or "off".
BOT_WAKE = os.environ.get("BOT_WAKE", "celery" if CELERY_BROKER_URL else "in_process")
# A game ends, abandoned, when its log reaches this many events (docs/architecture.md,
# "Bounded work"): the longest games of the rules run to a few hundred.
GAME_EVENT_LIMIT = int(os.environ.get("GAME_EVENT_LIMIT", "10000"))

# Outgoing webhooks (docs/webhooks.md). Private targets are refused unless a
# self-hosted table allows them; the metadata services never are.
WEBHOOKS_ALLOW_PRIVATE_TARGETS = env_bool("WEBHOOKS_ALLOW_PRIVATE_TARGETS", False)
WEBHOOKS_TIMEOUT_SECONDS = float(os.environ.get("WEBHOOKS_TIMEOUT_SECONDS", "5"))
# A claimed delivery is tried again after this long if its sender never finished
# (a worker killed): longer than a send can take.
WEBHOOKS_LEASE_SECONDS = float(os.environ.get("WEBHOOKS_LEASE_SECONDS", "60"))
# An endpoint whose deliveries all failed for this long is disabled.
WEBHOOKS_DISABLE_AFTER_DAYS = float(os.environ.get("WEBHOOKS_DISABLE_AFTER_DAYS", "5"))
# After a rotation the previous secret signs too, for this long.
WEBHOOKS_SECRET_OVERLAP_HOURS = float(os.environ.get("WEBHOOKS_SECRET_OVERLAP_HOURS", "24"))

# Discord (docs/discord.md): where its API is (tests point it at a fake one on loopback),
# how old an interaction's signed timestamp may be, how long a 429's Retry-After is waited
# for at most, and how a deferred answer's follow-up is sent: a Celery task where there is
# a broker, else a thread of the server's own, after the deferral has been answered.
DISCORD_API_URL = os.environ.get("DISCORD_API_URL", "https://discord.com/api/v10")
DISCORD_SIGNATURE_MAX_AGE_SECONDS = int(os.environ.get("DISCORD_SIGNATURE_MAX_AGE_SECONDS", "300"))
DISCORD_RETRY_AFTER_MAX_SECONDS = float(os.environ.get("DISCORD_RETRY_AFTER_MAX_SECONDS", "10"))
DISCORD_TIMEOUT_SECONDS = float(os.environ.get("DISCORD_TIMEOUT_SECONDS", "5"))
DISCORD_FOLLOW_UPS = os.environ.get(
    "DISCORD_FOLLOW_UPS", "celery" if CELERY_BROKER_URL else "thread"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
