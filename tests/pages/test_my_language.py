"""The reader's language, set on "My campaigns" (issue 29, "Three languages": "The reader
chooses (a profile setting, then ``?lang=``, then ``Accept-Language``); one page is in one
language").

A person who chose a language reads every page in it, whatever their browser asks for and
whatever ``?lang=`` says; choosing "as my browser says" gives the choice back to the
browser, and then ``?lang=`` comes before ``Accept-Language``.
"""

import pytest
from django.test import Client

from core.models import Preferences
from tests.support import Table

pytestmark = pytest.mark.django_db

MY_CAMPAIGNS = {"de": "Meine Kampagnen", "en": "My campaigns", "fr": "Mes campagnes"}


@pytest.fixture
def table():
    return Table()


@pytest.fixture
def reader(table) -> Client:
    """A player whose browser asks for French."""
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    client.force_login(table.player)
    return client


def spoken(client: Client, address: str = "/me/") -> str:
    """The language a page says it is in (``<html lang>``), checked against its heading."""
    page = client.get(address).content.decode()
    language = page.split('<html lang="', 1)[1].split('"', 1)[0]
    if address.startswith("/me/"):
        assert f"<h1>{MY_CAMPAIGNS[language]}</h1>" in page
    return language


def test_without_a_choice_the_page_speaks_what_the_browser_asks_for(reader):
    assert spoken(reader) == "fr"


def test_the_language_chosen_on_my_campaigns_wins_over_the_browser(reader, table):
    answer = reader.post("/me/language/", {"language": "de"})
    assert (answer.status_code, answer.url) == (302, "/me/")
    assert Preferences.objects.get(user=table.player).language == "de"
    assert spoken(reader) == "de"
    assert spoken(reader, "/league/") == "de", "every page, not only My campaigns"


def test_lang_in_the_address_does_not_override_the_saved_choice(reader):
    reader.post("/me/language/", {"language": "de"})
    assert spoken(reader, "/me/?lang=en") == "de"
    assert spoken(reader, "/?lang=fr") == "de"


def test_as_my_browser_says_gives_the_choice_back_to_lang_then_the_browser(reader, table):
    reader.post("/me/language/", {"language": "de"})
    reader.post("/me/language/", {"language": ""})
    assert (
        Preferences.objects.filter(user=table.player).values_list("language", flat=True).get() == ""
    )
    assert spoken(reader) == "fr"
    assert spoken(reader, "/me/?lang=en") == "en"


def test_the_form_shows_the_choice_made(reader):
    page = reader.get("/me/").content.decode()
    assert '<option value="" selected>selon mon navigateur</option>' in page
    reader.post("/me/language/", {"language": "en"})
    page = reader.get("/me/").content.decode()
    assert '<option value="en" selected>English</option>' in page
    assert "<h2>Language</h2>" in page


def test_a_language_the_site_does_not_offer_is_refused_and_nothing_is_saved(reader, table):
    reader.post("/me/language/", {"language": "de"})
    answer = reader.post("/me/language/", {"language": "tlh"}, follow=True)
    assert Preferences.objects.get(user=table.player).language == "de"
    assert (
        '<p class="error">Bitte eine gültige Auswahl treffen. tlh ist keine gültige Auswahl.</p>'
        in (answer.content.decode())
    ), "Django's refusal of a choice, in the language still chosen"


def test_a_visitor_chooses_for_the_visit_only_and_anyone_only_by_posting(table):
    """Issue 39: a visitor's pick is kept in the session (``test_language_sticks``), in no
    one's preferences."""
    visitor = Client()
    assert visitor.post("/me/language/", {"language": "de"}).url == "/"
    reader = Client()
    reader.force_login(table.player)
    assert reader.get("/me/language/").status_code == 405
    assert not Preferences.objects.exists()
