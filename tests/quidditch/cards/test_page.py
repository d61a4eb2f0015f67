"""The game's page and the API's refusals in the reader's language (issue 29): "one page is
in one language", and a refusal is "a 4xx with a message a player understands"."""

import re

import pytest
from django.test import Client

from games.models import Game
from tests.quidditch.cards import MANIFEST, G, S

pytestmark = pytest.mark.django_db

PAGE_WORDS = {
    "en": ("The pitch", "Cards in the deck", "Your move."),
    "de": ("Das Spielfeld", "Karten im Stapel", "Jäger"),
    "fr": ("Le terrain", "Cartes dans la pioche", "Poursuiveur"),
}
NOT_IN_A_GERMAN_PAGE = ("The pitch", "Cards in the deck", "Chaser", "Quaffle", "Pass:")


@pytest.fixture
def match(table) -> int:
    """The player holds Slytherin against the simple bot, which dealt: the match's id."""
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {},
            "seats": {S: table.player.pk},
            "bots": {G: "simple"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    return created.json()["id"]


def page(table, match: int, language: str) -> str:
    reader = Client()
    reader.force_login(table.player)
    answer = reader.get(f"/matches/{match}/", {"lang": language})
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_table_is_drawn_in_the_readers_language(table, match, language):
    html = page(table, match, language)
    for words in PAGE_WORDS[language][:2]:
        assert words in html
    assert 'class="card' in html and "data-command=" in html


def test_a_german_page_has_no_english_word_of_the_table(table, match):
    visible = re.sub(r"<[^>]+>", " ", page(table, match, "de").split('<details class="plugin">')[0])
    assert [words for words in NOT_IN_A_GERMAN_PAGE if words in visible] == []


def test_the_page_never_names_a_card_of_the_other_hand(table, match):
    hidden = MANIFEST.playtest.secrets(Game.objects.get(pk=match).state)[G]
    html = page(table, match, "en")
    assert [card for card in hidden if card in html] == []


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "That card is not in your hand."),
        ("de", "Diese Karte hast du nicht auf der Hand."),
        ("fr", "Cette carte n'est pas dans votre main."),
    ],
)
def test_a_refusal_is_said_in_the_readers_language(table, match, language, detail):
    """In the window before the plays, Slytherin tries to play a card of Gryffindor's hand."""
    game = Game.objects.get(pk=match)
    assert game.state["window"]["name"] == "before_plays"
    command = {"action": "cast", "player": S, "card": game.state["teams"][G]["hand"][0]}
    answer = table.client(table.player).post(
        f"/api/matches/{match}/commands/",
        {"command": {**command, "target": None}},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 422
    assert (answer.json()["code"], answer.json()["detail"]) == ("not_in_hand", detail)
