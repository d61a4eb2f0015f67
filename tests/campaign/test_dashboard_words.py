"""The dashboard's own words in the reader's language (issue 39, "Phones, language, noise":
"The dashboard's own words (its title, sections, model names) are in German and French
too").

Django's admin translates its own frame; the title, the sections (the apps), the lists
(the models), their columns and actions are ours. The index is the storyguide's desk;
a list page shows the sections and lists in its side bar, the list's columns and actions.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from campaign import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LEDGER = "/admin/campaign/housepointentry/"

#: English words of ours that a German or French dashboard never shows.
ENGLISH = [
    "Storyguide dashboard",
    "House point entries",
    "Popularity adjustments",
    "Cup years",
    "Webhook endpoints",
    "Deliveries",
    "Reverse the selected entries",
    "house total",
    "Counts from",
    "Campaigns</a>",
    "House cup</a>",
]

WORDS = {
    "de": {
        "title": "<title>Schreibtisch | Storyguide</title>",
        "header": "Schreibtisch der Spielleitung",
        "sections": ["Kampagnen", "Spiele", "Hauspokal", "Webhooks"],
        "lists": [
            "Hauspunkte-Einträge",
            "Änderungen der Beliebtheit",
            "Charaktere",
            "Einladungen",
            "Häuser",
            "Pokaljahre",
            "Pokalspiele",
            "Webhook-Endpunkte",
            "Zustellungen",
        ],
        "columns": ["Zählt ab", "Haus", "Betrag", "Summe des Hauses", "Grund", "Herkunft"],
        "action": "Die ausgewählten Einträge aufheben",
    },
    "fr": {
        "title": "<title>Tableau de bord | Storyguide</title>",
        "header": "Tableau de bord du meneur de jeu",
        "sections": ["Campagnes", "Parties", "Coupe des maisons", "Webhooks"],
        "lists": [
            "Écritures de points de maison",
            "Ajustements de popularité",
            "Personnages",
            "Invitations",
            "Maisons",
            "Années de coupe",
            "Matchs de coupe",
            "Points d&#x27;arrivée de webhook",
            "Envois",
        ],
        "columns": ["Compte à partir du", "Maison", "Montant", "Total de la maison", "Motif"],
        "action": "Annuler les écritures sélectionnées",
    },
}


@pytest.fixture
def reader(client):
    """A superuser, with one ledger entry to list (a list without rows shows no columns)."""
    user = UserFactory(is_staff=True, is_superuser=True)
    campaign = services.campaign_create(name="Hogwarts", slug="hogwarts", storyguide=user)
    services.house_points_award(
        house=campaign.houses.get(name="Gryffindor"),
        amount=10,
        reason="a clever answer",
        awarded_by=user,
        now=timezone.now(),
    )
    client.force_login(user)
    return client


@pytest.mark.parametrize("language", ["de", "fr"])
def test_39_the_dashboards_index_has_its_title_in_the_readers_language(reader, language):
    page = reader.get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    words = WORDS[language]
    assert words["title"] in page
    assert words["header"] in page
    for english in ENGLISH:
        assert english not in page, english


@pytest.mark.parametrize("language", ["de", "fr"])
def test_39_a_list_names_its_sections_lists_columns_and_actions_in_the_readers_language(
    reader, language
):
    page = reader.get(LEDGER, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    words = WORDS[language]
    assert words["header"] in page
    for word in [*words["sections"], *words["lists"], *words["columns"], words["action"]]:
        assert word in page, word
    for english in ENGLISH:
        assert english not in page, english


def test_39_the_english_dashboard_keeps_its_english_words(reader):
    page = reader.get(LEDGER, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for word in ["Storyguide dashboard", "House point entries", "Cup years", "House total"]:
        assert word in page, word
