"""The house cup's public pages, included at the site's root under ``league/``."""

from django.urls import path

from league import views

app_name = "league"

urlpatterns = [
    path("<slug:campaign>/", views.cup_year_latest, name="cup-year-latest"),
    path("<slug:campaign>/<slug:cup_year>/", views.cup_year_page, name="cup-year"),
    path(
        "<slug:campaign>/<slug:cup_year>/games/<slug:key>/",
        views.cup_game_page,
        name="cup-game",
    ),
    path(
        "<slug:campaign>/<slug:cup_year>/games/<slug:key>/line-ups/",
        views.line_ups_page,
        name="line-ups",
    ),
    path(
        "<slug:campaign>/<slug:cup_year>/games/<slug:key>/line-ups/start/",
        views.start_with_line_ups,
        name="start-with-line-ups",
    ),
]
