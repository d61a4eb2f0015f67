"""Pages for people rather than clients, included at the site's root (not under /api/)."""

from django.urls import path

from games.views import game_page, verify_page

urlpatterns = [
    path("matches/<int:pk>/", game_page, {"kind": "match"}, name="match-page"),
    path("matches/<int:pk>/verify/", verify_page, {"kind": "match"}, name="match-verify-page"),
    path("skirmishes/<int:pk>/", game_page, {"kind": "skirmish"}, name="skirmish-page"),
    path(
        "skirmishes/<int:pk>/verify/",
        verify_page,
        {"kind": "skirmish"},
        name="skirmish-verify-page",
    ),
]
