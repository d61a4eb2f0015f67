"""Issue 39: "The language picked in the header holds for the rest of the visit (the
session, and the profile for a logged-in person)"; "Deutsch" chosen once holds over five
further pages.

The header's languages are buttons of one form posted to ``/me/language/`` with the page
it was on; the choice is kept in the session for anyone and in the preferences of a
logged-in person, and the form leads back to the page. The readers' browsers here ask for
English, so only the pick can make the pages German.
"""

import re

import pytest
from django.test import Client
from django.utils import timezone

from core.models import Preferences
from games.services import game_create
from tests.support import Table

pytestmark = pytest.mark.django_db

ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture
def table():
    return Table()


def language_of(client: Client, address: str) -> str:
    """The language a page says it is in (``<html lang>``)."""
    answer = client.get(address)
    assert answer.status_code == 200, address
    return re.search(r'<html lang="(\w+)"', answer.content.decode()).group(1)


def pick(client: Client, language: str, on: str):
    """Press the header's button for ``language`` on the page ``on``."""
    return client.post("/me/language/", {"language": language, "next": on})


def test_the_header_offers_the_other_languages_as_one_form_that_leads_back(table):
    client = Client(**ENGLISH_BROWSER)
    page = client.get("/league/").content.decode()
    header = r'<form class="languages" method="post" action="/me/language/">.*?</form>'
    form = re.search(header, page)
    assert form, "the header's languages are a form"
    assert '<input type="hidden" name="next" value="/league/">' in form.group()
    assert re.findall(r'<button name="language" value="(\w+)"', form.group()) == ["de", "fr"]
    assert "<strong>English</strong>" in form.group()


def test_deutsch_picked_once_holds_for_a_visitor_over_five_further_pages(table):
    visitor = Client(**ENGLISH_BROWSER)
    answer = pick(visitor, "de", on="/league/")
    assert (answer.status_code, answer.url) == (302, "/league/"), "back to the page"
    pages = ["/league/", "/", "/accounts/login/", "/", "/league/"]
    assert [language_of(visitor, page) for page in pages] == ["de"] * 5


def test_deutsch_picked_once_holds_for_a_player_over_five_further_pages_and_in_the_profile(
    table,
):
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        bots={"*": "sensible"},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    player = Client(**ENGLISH_BROWSER)
    player.force_login(table.storyguide)
    answer = pick(player, "de", on=f"/matches/{game.pk}/")
    assert (answer.status_code, answer.url) == (302, f"/matches/{game.pk}/")
    assert Preferences.objects.get(user=table.storyguide).language == "de"
    pages = [
        "/me/",
        "/",
        "/league/",
        f"/matches/{game.pk}/verify/",
        f"/campaigns/{table.campaign.slug}/games/new/",
    ]
    assert [language_of(player, page) for page in pages] == ["de"] * 5
    again = Client(**ENGLISH_BROWSER)  # another visit: the profile keeps it
    again.force_login(table.storyguide)
    assert language_of(again, "/me/") == "de"


def test_the_browsers_language_given_back_forgets_the_pick(table):
    visitor = Client(**ENGLISH_BROWSER)
    pick(visitor, "fr", on="/")
    assert language_of(visitor, "/") == "fr"
    pick(visitor, "", on="/")
    assert language_of(visitor, "/") == "en"


def test_the_form_leads_only_back_to_this_site(table):
    answer = pick(Client(**ENGLISH_BROWSER), "de", on="https://elsewhere.example/")
    assert (answer.status_code, answer.url) == (302, "/")
