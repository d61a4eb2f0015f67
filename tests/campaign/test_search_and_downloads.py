"""Lists people search, and what they take away (issue 18): ``?search=``, ``?ordering=``,
CSV of characters and of the ledger, a character's Popularity history."""

import csv
import io

import pytest
from django.utils import timezone

from campaign.models import Character
from campaign.services import house_points_award, popularity_adjust
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    table = Table()
    for name, house, year in [("Harry", "Gryffindor", 5), ("Hermione", "Gryffindor", 5)]:
        Character.objects.create(
            campaign=table.campaign,
            name=name,
            house=table.house(house),
            year=year,
            attributes={"Wits": 6},
        )
    Character.objects.create(
        campaign=table.campaign, name="Luna", house=table.house("Ravenclaw"), year=4, attributes={}
    )
    return table


def names(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [row.get("name") or row.get("username") for row in response.json()["results"]]


def rows(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("?search=her", ["Hermione"]),
        ("?search=ravenclaw", ["Luna"]),
        ("?ordering=-name", ["Luna", "Hermione", "Harry"]),
        ("?ordering=year,name", ["Luna", "Harry", "Hermione"]),
    ],
)
def test_characters_are_searched_by_name_or_house_and_ordered(table, query, expected):
    assert names(table.client(table.spectator).get(f"/api/characters/{query}")) == expected


def test_campaigns_games_and_members_are_searched(table, user_factory):
    client = table.client(table.storyguide)
    assert names(client.get("/api/campaigns/?search=test")) == ["Test campaign"]
    assert names(client.get("/api/campaigns/?search=elsewhere")) == []
    members = client.get(
        f"/api/campaigns/{table.campaign.pk}/members/?search={table.spectator.username}"
    )
    assert names(members) == [table.spectator.username]
    assert client.get("/api/matches/?search=nothing-like-this").json()["results"] == []


def test_the_character_list_downloads_as_csv_with_a_column_per_attribute(table):
    table_rows = rows(table.client(table.player).get("/api/characters/csv/?ordering=name"))
    header, *body = table_rows
    assert header == [
        "campaign",
        "name",
        "house",
        "year",
        "player",
        "position",
        "health",
        "popularity",
        "Wits",
    ]
    assert [row[1] for row in body] == ["Harry", "Hermione", "Luna"]
    assert body[0][8] == "6" and body[2][8] == ""


def test_the_ledger_downloads_as_csv_and_a_typed_formula_stays_text(table):
    house_points_award(
        house=table.house("Slytherin"),
        amount=-10,
        reason='=HYPERLINK("http://evil")',
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    header, entry = rows(table.client(table.spectator).get("/api/house-points/csv/"))
    assert header[:5] == ["credit_at", "house", "amount", "house_total", "reason"]
    assert entry[1:5] == ["Slytherin", "-10", "-10", '\'=HYPERLINK("http://evil")']


def test_a_characters_popularity_history_shows_each_change_and_the_value_after(table):
    harry = Character.objects.get(name="Harry")
    rules = table.campaign.sheet_rules
    house_points_award(
        house=harry.house,
        amount=rules.house_points_per_popularity,
        reason="Quidditch",
        character=harry,
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    popularity_adjust(
        character=harry,
        amount=-3,
        reason="Rumours",
        adjusted_by=table.storyguide,
        now=timezone.now(),
    )
    history = table.client(table.player).get(f"/api/characters/{harry.pk}/popularity/").json()
    assert [(step["kind"], step["reason"], step["popularity"]) for step in history] == [
        ("house_points", "Quidditch", harry.popularity_base + 1),
        ("adjustment", "Rumours", harry.popularity_base - 2),
    ]
