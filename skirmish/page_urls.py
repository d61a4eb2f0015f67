"""The skirmish's pages, beside its API's collection: ``/skirmishes/<id>/`` and its verify page."""

from games.page_urls import game_pages

urlpatterns = game_pages("skirmishes", "skirmish")
