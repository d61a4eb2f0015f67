"""The people's pages, included at the site's root."""

from django.contrib.auth import views as auth_views
from django.urls import path

from pages import counting, new_game, tokens, views

urlpatterns = [
    path("", views.home, name="home"),
    path("league/", views.league_index, name="league-index"),
    path("me/", views.my_campaigns, name="my-campaigns"),
    path("me/language/", views.my_language, name="my-language"),
    path("me/plugins/", tokens.plugins, name="plugins"),
    path("campaigns/<slug:slug>/games/new/", new_game.choose_ruleset, name="new-game"),
    path(
        "campaigns/<slug:slug>/games/new/<slug:ruleset>/",
        new_game.set_up,
        name="new-game-setup",
    ),
    path("games/<int:pk>/counting/", counting.change_counting, name="game-counting-page"),
    path("join/", views.join_typed, name="join-typed"),
    path("join/<str:code>/", views.join, name="join"),
    path("join/<str:code>/decline/", views.decline, name="join-decline"),
    path("accounts/login/", views.LogIn.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
]
