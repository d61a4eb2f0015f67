"""Issue 40: "A storyguide can allow their table's origin for their campaign from the site":
the dashboard lists, adds and removes the sites allowed for the storyguide's own campaigns
(``campaign.origins``, as ``/api/campaigns/{id}/origins/`` does)."""

import pytest

from campaign.models import AllowedOrigin
from tests.support import Table, dashboard_client

pytestmark = pytest.mark.django_db

ADMIN = "/admin/campaign/allowedorigin/"


def test_a_storyguide_adds_lists_and_removes_their_tables_site_on_the_dashboard():
    table = Table()
    theirs = AllowedOrigin.objects.create(
        campaign=table.other_campaign, origin="https://else.example"
    )
    client = dashboard_client(table.storyguide)

    added = client.post(
        f"{ADMIN}add/", {"campaign": table.campaign.pk, "origin": "HTTPS://Foundry.example:30000/"}
    )
    assert added.status_code == 302
    allowed = AllowedOrigin.objects.get(campaign=table.campaign)
    assert allowed.origin == "https://foundry.example:30000", "as a browser's Origin names it"

    listed = client.get(ADMIN).content.decode()
    assert "https://foundry.example:30000" in listed
    assert "https://else.example" not in listed, "another campaign's sites are not shown"
    assert client.get(f"{ADMIN}{theirs.pk}/delete/").status_code == 302  # not found: sent away

    refused = client.post(f"{ADMIN}add/", {"campaign": table.campaign.pk, "origin": "foundry"})
    assert refused.status_code == 200
    assert "Give the address of the table&#x27;s site" in refused.content.decode()

    removed = client.post(f"{ADMIN}{allowed.pk}/delete/", {"post": "yes"})
    assert removed.status_code == 302
    assert list(AllowedOrigin.objects.values_list("origin", flat=True)) == ["https://else.example"]
