"""The same 404 for a private game and a missing one (issue 40, "HTTP as plugin authors
expect"): a reader who may not read a game learns nothing of it, neither that it exists
nor, from the language of the refusal, its ruleset. Both answers are identical byte for
byte, status, body and headers, in the reader's language or the site's (English)."""

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game
from games.services import game_create
from tests.support import Table

pytestmark = pytest.mark.django_db

PATHS = ["/api/matches/{id}/", "/api/matches/{id}/events/", "/api/matches/{id}/verify/"]


@pytest.fixture
def private_game():
    """A private Dice-Quidditch match, whose own first language is French."""
    table = Table()
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        bots={"*": "random"},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    assert not game.public
    return game


#: Headers about the reader's own requests (how many more they may make), not the game.
THE_READERS_OWN = {"RateLimit", "RateLimit-Policy"}


def answered(client: Client, path: str, language: str | None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    response = client.get(path, **headers)
    kept = sorted((name, value) for name, value in response.items() if name not in THE_READERS_OWN)
    return response.status_code, response.content, kept


@pytest.mark.parametrize("language", [None, "de", "en", "fr"])
@pytest.mark.parametrize("path", PATHS)
def test_a_private_game_and_a_missing_one_answer_the_same_404(private_game, path, language):
    missing = Game.objects.order_by("-pk").first().pk + 1000
    private = answered(Client(), path.format(id=private_game.pk), language)
    absent = answered(Client(), path.format(id=missing), language)
    assert private[0] == 404
    assert private == absent


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        (None, "No such resource."),
        ("en", "No such resource."),
        ("de", "Das gibt es hier nicht."),
        ("fr", "Cela n'existe pas ici."),
    ],
)
def test_the_404_is_in_the_readers_language_else_english(private_game, language, detail):
    """Without a language asked, the site's (English), not the private game's (French)."""
    response = Client().get(
        f"/api/matches/{private_game.pk}/",
        **({"HTTP_ACCEPT_LANGUAGE": language} if language else {}),
    )
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "detail": detail}
