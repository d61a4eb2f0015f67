"""Pages for people rather than clients, included at the site's root (not under /api/).

A kind of game has its table and its verify page beside the collection its API serves
(``/matches/<id>/`` beside ``/api/matches/``). The platform serves the matches; a game
package with a kind of its own adds that kind's pages in its own ``page_urls``
(``skirmish``), which the site's URLs include from the list of games.
"""

from django.urls import NoReverseMatch, path, reverse

from games.views import game_page, verify_page


def game_pages(collection: str, kind: str) -> list:
    """The pages of one kind of game, named ``<kind>-page`` and ``<kind>-verify-page``."""
    return [
        path(f"{collection}/<int:pk>/", game_page, {"kind": kind}, name=f"{kind}-page"),
        path(
            f"{collection}/<int:pk>/verify/",
            verify_page,
            {"kind": kind},
            name=f"{kind}-verify-page",
        ),
    ]


def page_of(game) -> str | None:
    """Where a person plays or follows ``game``; None for a kind without a page (a log)."""
    try:
        return reverse(f"{game.kind}-page", args=[game.pk])
    except NoReverseMatch:
        return None


urlpatterns = game_pages("matches", "match")
