"""The Plugins page (issue 40, "Tokens a player makes ... on the site"): a person makes a
named token limited to campaigns of theirs and to reading, sees it once, finds it listed
and revokes it; a storyguide allows their table's site for the campaign they run."""

import re

import pytest
from django.test import Client
from knox.models import AuthToken

from campaign.models import AllowedOrigin
from core.models import TokenScope
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return Table()


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_header_links_the_plugins_page(table):
    page = logged_in(table.player).get("/me/?lang=en").content.decode()
    assert 'href="/me/plugins/"' in page


def test_a_player_makes_a_reading_token_sees_it_once_and_revokes_it(table):
    client = logged_in(table.player)
    made = client.post(
        "/me/plugins/?lang=en",
        {"action": "make", "name": "Foundry", "campaigns": [table.campaign.pk], "days": 7},
    )
    page = made.content.decode()
    shown = re.search(r'<code id="new-token">(sg_\w+)</code>', page)
    assert shown is not None
    scope = TokenScope.objects.get(token__user=table.player)
    assert (scope.name, scope.campaigns, scope.plays) == ("Foundry", [table.campaign.pk], False)
    listed = client.get("/me/plugins/?lang=en").content.decode()
    assert "Foundry" in listed and "only read" in listed and "Test campaign" in listed
    assert shown.group(1) not in listed
    revoked = client.post("/me/plugins/", {"action": "revoke", "token": scope.pk})
    assert revoked.status_code == 302
    assert not AuthToken.objects.filter(user=table.player).exists()


def test_a_token_for_a_campaign_not_yours_is_refused_on_the_form(table):
    client = logged_in(table.player)
    answer = client.post(
        "/me/plugins/?lang=en",
        {"action": "make", "name": "x", "campaigns": [table.other_campaign.pk], "days": 7},
    )
    assert answer.status_code == 200
    assert 'id="new-token"' not in answer.content.decode()
    assert not TokenScope.objects.exists()


def test_a_storyguide_allows_their_tables_site_and_no_more(table):
    client = logged_in(table.storyguide)
    client.post(
        "/me/plugins/",
        {"action": "allow", "campaign": table.campaign.pk, "address": "https://foundry.example:30000"},
    )  # fmt: skip
    allowed = AllowedOrigin.objects.get(campaign=table.campaign)
    assert allowed.origin == "https://foundry.example:30000"
    assert "https://foundry.example:30000" in client.get("/me/plugins/").content.decode()
    client.post("/me/plugins/", {"action": "disallow", "origin": allowed.pk})
    assert not AllowedOrigin.objects.exists()


def test_a_player_allows_no_site(table):
    client = logged_in(table.player)
    assert "Sites of your tables" not in client.get("/me/plugins/?lang=en").content.decode()
    client.post(
        "/me/plugins/",
        {"action": "allow", "campaign": table.campaign.pk, "address": "https://foundry.example"},
    )
    assert not AllowedOrigin.objects.exists()
