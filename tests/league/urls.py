"""The site's URLs with the league's pages and the match pages they link to, for tests
until ``config.urls`` includes them."""

from django.urls import include, path

from config.urls import urlpatterns as site

urlpatterns = [
    path("league/", include("league.page_urls")),
    path("", include("quidditch.page_urls")),
    *site,
]
