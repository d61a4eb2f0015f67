"""Writes that ask only for what changes (issue 18): PATCH a sheet with the attributes
that change; a slug made from the name when none is given."""

import pytest

from campaign.models import Character
from campaign.rules.sheet import SheetRules
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return Table()


def test_patch_changes_only_the_attributes_it_names(table):
    sheet = {name: 4 for name in SheetRules.from_json({}).attributes}
    harry = Character.objects.create(
        campaign=table.campaign, name="Harry", player=table.player, attributes=sheet
    )
    response = table.client(table.player).patch(
        f"/api/characters/{harry.pk}/", {"attributes": {"Bravery": 7}}, format="json"
    )
    assert response.status_code == 200, response.json()
    harry.refresh_from_db()
    assert harry.attributes == {**sheet, "Bravery": 7}
    refused = table.client(table.player).patch(
        f"/api/characters/{harry.pk}/", {"attributes": {"Bravery": 99}}, format="json"
    )
    assert refused.status_code == 400
    harry.refresh_from_db()
    assert harry.attributes["Bravery"] == 7


def test_put_still_needs_the_whole_sheet(table):
    harry = Character.objects.create(
        campaign=table.campaign,
        name="Harry",
        player=table.player,
        attributes={name: 4 for name in SheetRules.from_json({}).attributes},
    )
    response = table.client(table.player).put(
        f"/api/characters/{harry.pk}/",
        {"campaign": table.campaign.pk, "name": "Harry", "attributes": {"Bravery": 7}},
        format="json",
    )
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("names", "slugs"),
    [
        (["Hogwarts 1995"], ["hogwarts-1995"]),
        (["Hogwarts 1995", "Hogwarts 1995"], ["hogwarts-1995", "hogwarts-1995-2"]),
        (["Ärger im Schloss"], ["arger-im-schloss"]),
        (["???"], ["campaign"]),
    ],
)
def test_a_campaign_without_a_slug_gets_one_from_its_name(table, names, slugs):
    client = table.client(table.spectator)
    made = [client.post("/api/campaigns/", {"name": name}, format="json") for name in names]
    assert [response.status_code for response in made] == [201] * len(names)
    assert [response.json()["slug"] for response in made] == slugs


def test_a_cup_year_without_a_slug_gets_one_from_its_name(table):
    response = table.client(table.storyguide).post(
        "/api/cup-years/",
        {
            "campaign": table.campaign.pk,
            "name": "1995/96",
            "first_half_starts": "2030-09-01T00:00:00Z",
            "second_half_starts": "2031-02-01T00:00:00Z",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["slug"] == "199596"


def test_a_cup_year_slug_taken_in_the_campaign_is_refused(table):
    body = {
        "campaign": table.campaign.pk,
        "name": "1995/96",
        "slug": "first",
        "first_half_starts": "2030-09-01T00:00:00Z",
        "second_half_starts": "2031-02-01T00:00:00Z",
    }
    client = table.client(table.storyguide)
    assert client.post("/api/cup-years/", body, format="json").status_code == 201
    again = client.post("/api/cup-years/", body, format="json")
    assert again.status_code == 400
    assert again.json()["errors"] == {
        "slug": ["The campaign has a cup year with this slug already."]
    }
