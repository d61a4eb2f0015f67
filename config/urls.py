from csp.constants import SELF
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import (
    SpectacularRedocView,
)

from campaign import origin_apis, tokens
from core import logins
from core import views as core_views
from games.packages import games_urls
from games.schema import DocsView, SchemaView

admin.site.login_form = logins.AdminLogInForm  # too many failed logins: refused (core.logins)

api_patterns = [
    # First: the matches, whose commands are the service's hot path, are found after the
    # fewest patterns tried (every pattern before them is a regular expression run).
    path("", include("games.urls")),
    path("health/", core_views.HealthView.as_view(), name="health"),
    path("auth/token/", core_views.TokenView.as_view(), name="auth-token"),
    path("auth/token/revoke/", core_views.RevokeTokenView.as_view(), name="auth-token-revoke"),
    path(
        "auth/token/revoke-all/",
        core_views.RevokeAllTokensView.as_view(),
        name="auth-token-revoke-all",
    ),
    path("auth/stream-token/", core_views.StreamTokenView.as_view(), name="stream-token"),
    path("auth/tokens/", tokens.TokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<int:pk>/", tokens.TokenDetailView.as_view(), name="auth-token-detail"),
    path(
        "campaigns/<int:campaign_pk>/origins/",
        origin_apis.AllowedOriginListView.as_view(),
        name="campaign-origins",
    ),
    path(
        "campaigns/<int:campaign_pk>/origins/<int:pk>/",
        origin_apis.AllowedOriginDetailView.as_view(),
        name="campaign-origin-detail",
    ),
    path("", include("campaign.urls")),
    *games_urls("urls"),
    path("", include("league.urls")),
    path("", include("webhooks.urls")),
    path("", include("discord_bridge.urls")),
    path("schema/", SchemaView.as_view(), name="schema"),
    # Swagger UI's start as a script of its own (/api/docs/?script=), not inline: the
    # Content-Security-Policy runs no inline script.
    path("docs/", DocsView.as_view(url_name="schema"), name="docs"),
    # ReDoc runs its search in a worker it makes from a blob: URL of its own script.
    path(
        "redoc/",
        csp_update({"worker-src": [SELF, "blob:"]})(
            SpectacularRedocView.as_view(url_name="schema", template_name="api/redoc.html")
        ),
        name="redoc",
    ),
    # Last: anything else under /api/ is a JSON 404, in DEBUG too.
    re_path(r"^.*$", core_views.not_found),
]

urlpatterns = [
    # The dashboard's own login, answering 429 when it refuses for too many failed logins.
    path("admin/login/", logins.limited(admin.site.login)),
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("", include("pages.urls")),
    path("", include("discord_bridge.page_urls")),
    path("league/", include("league.page_urls")),
    path("", include("games.page_urls")),
    *games_urls("page_urls"),
]

handler400 = core_views.bad_request
handler403 = core_views.forbidden
handler404 = core_views.not_found
handler500 = core_views.internal_error
