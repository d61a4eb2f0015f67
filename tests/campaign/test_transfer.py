"""Export and import of a whole campaign (issue: campaigns... export and import)."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from campaign import services
from campaign.models import Campaign, Character, House, HousePointEntry
from campaign.selectors import characters_with_popularity, houses_with_totals, popularity
from campaign.transfer import campaign_export, campaign_import
from tests.support import Table

pytestmark = pytest.mark.django_db


def totals(campaign):
    now = timezone.now()
    houses = houses_with_totals(House.objects.filter(campaign=campaign), now=now)
    characters = characters_with_popularity(
        Character.objects.filter(campaign=campaign).select_related("campaign"), now=now
    )
    return (
        sorted((h.name, h.points, h.pending) for h in houses),
        sorted((c.name, popularity(c, campaign.sheet_rules)) for c in characters),
    )


@pytest.fixture
def played():
    call_command("seed_demo", force=True)
    campaign = Campaign.objects.get(slug="hogwarts-1995")
    harry = campaign.characters.get(name="Harry Potter")
    now = timezone.now()
    storyguide = campaign.memberships.get().user
    entry = services.house_points_award(
        house=harry.house,
        amount=150,
        reason="Snitch",
        character=harry,
        awarded_by=storyguide,
        now=now,
    )
    services.house_points_reverse(entry=entry, reason="Foul", reversed_by=storyguide, now=now)
    services.house_points_award(
        house=harry.house,
        amount=60,
        reason="Cup",
        character=harry,
        awarded_by=storyguide,
        now=now,
        credit_at=now + timedelta(days=2),
    )
    services.house_points_award(
        house=campaign.houses.get(name="Slytherin"),
        amount=-20,
        reason="Rudeness",
        awarded_by=storyguide,
        now=now,
    )
    services.popularity_adjust(
        character=harry, amount=2, reason="Fame", adjusted_by=storyguide, now=now
    )
    return campaign


def empty_the_database():
    call_command("flush", "--no-input")
    assert not HousePointEntry.objects.exists() and not Campaign.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_export_imported_into_an_empty_database_has_the_same_totals(played):
    document = json.loads(json.dumps(campaign_export(played)))
    before = totals(played)
    empty_the_database()
    imported = campaign_import(document)
    assert totals(imported) == before
    reversal = HousePointEntry.objects.get(source="reversal")
    assert reversal.reverses.amount == 150


@pytest.mark.django_db(transaction=True)
def test_export_and_import_commands_round_trip(played, tmp_path, capsys):
    call_command("export_campaign", "hogwarts-1995")
    path = tmp_path / "campaign.json"
    path.write_text(capsys.readouterr().out)
    before = totals(played)
    empty_the_database()
    get_user_model().objects.create_user("storyguide")
    call_command("import_campaign", str(path), "--storyguide", "storyguide")
    imported = Campaign.objects.get(slug="hogwarts-1995")
    assert totals(imported) == before
    assert imported.memberships.get(user__username="storyguide").role == "storyguide"


def test_import_through_the_api_makes_the_caller_storyguide(played):
    table = Table()
    document = table.client(table.storyguide).get(f"/api/campaigns/{played.pk}/export/")
    assert document.status_code == 404  # not their campaign
    storyguide = played.memberships.get().user
    document = table.client(storyguide).get(f"/api/campaigns/{played.pk}/export/").json()
    document["campaign"]["slug"] = "copy"
    response = table.client(table.player).post("/api/campaigns/import/", document, format="json")
    assert response.status_code == 201 and response.json()["role"] == "storyguide"
    copy = Campaign.objects.get(slug="copy")
    assert totals(copy) == totals(played)


def test_a_broken_document_imports_nothing(played):
    table = Table()
    document = campaign_export(played)
    document["campaign"]["slug"] = "broken"
    document["characters"][3]["attributes"]["Wits"] = 99
    response = table.client(table.player).post("/api/campaigns/import/", document, format="json")
    assert response.status_code == 400 and "attributes" in response.json()["errors"]
    assert not Campaign.objects.filter(slug="broken").exists()
    response = table.client(table.player).post("/api/campaigns/import/", {"x": 1}, format="json")
    assert response.status_code == 400 and "format" in response.json()["errors"]


def test_an_existing_slug_is_refused(played):
    table = Table()
    response = table.client(table.player).post(
        "/api/campaigns/import/", campaign_export(played), format="json"
    )
    assert response.status_code == 400 and "slug" in response.json()["errors"]
