"""A house renamed mid-season keeps its standings, its points and its games (issue: integrity).

The league knows a house by its id: a fixture by its ``home`` and ``away``, a
drawn lot by house id, a credit by the side it went to. Renaming a house
through the API changes its name everywhere at once and loses nothing.
"""

import pytest

from campaign.models import HousePointEntry
from league import services
from league.models import Stage
from tests.league.test_services import FEB_END, play, settle

pytestmark = pytest.mark.django_db


def standings_by_house(cup) -> dict[str, dict]:
    table = cup.client().get(f"/api/cup-years/{cup.cup.pk}/standings/")
    assert table.status_code == 200
    return {row["house"]: row for row in table.json()["rows"]}


def test_a_house_renamed_mid_season_keeps_standings_points_and_finals(cup):
    first_half = cup.cup.fixtures.filter(stage=Stage.FIRST_HALF).order_by("window_starts", "id")
    for seed, fixture in enumerate(first_half, start=1):
        play(cup, fixture, seed=seed)
    services.credit_due_points(now=FEB_END)
    gryffindor = cup.house("Gryffindor")
    before = standings_by_house(cup)["Gryffindor"]
    points_before = sum(
        HousePointEntry.objects.filter(house=gryffindor).values_list("amount", flat=True)
    )

    renamed = cup.client(cup.storyguide).patch(
        f"/api/houses/{gryffindor.pk}/", {"name": "Lions"}, format="json"
    )

    assert renamed.status_code == 200, renamed.json()
    after = standings_by_house(cup)
    assert "Gryffindor" not in after
    assert {k: v for k, v in after["Lions"].items() if k not in ("house", "why")} == {
        k: v for k, v in before.items() if k not in ("house", "why")
    }
    fixture = cup.cup.fixtures.filter(home=gryffindor).exclude(result=None).first()
    shown = cup.client().get(f"/api/fixtures/{fixture.pk}/").json()
    assert shown["home"] == "Lions" and shown["result"]["teams"][0]["house"] == "Lions"
    # The second half and the finals, played and credited under the new name.
    second_half = cup.cup.fixtures.filter(stage=Stage.SECOND_HALF).order_by("window_starts", "id")
    for seed, fixture in enumerate(second_half, start=20):
        play(cup, fixture, seed=seed)
    table = settle(cup)
    assert "Lions" in table.order
    finals = [
        play(cup, fixture, seed=70 + i)
        for i, fixture in enumerate(services.cup_schedule_finals(cup_year=cup.cup))
    ]
    assert services.credit_due_points(now=max(f.credit_due_at for f in finals)) > 0
    assert HousePointEntry.objects.filter(source="cup_placement").count() == 4
    points_after = sum(
        HousePointEntry.objects.filter(house=gryffindor).values_list("amount", flat=True)
    )
    assert points_after >= points_before, "nothing credited before the rename is lost"
    keys = list(HousePointEntry.objects.exclude(source_key="").values_list("source_key", flat=True))
    assert len(keys) == len(set(keys)), "no credit twice"
    page = cup.client().get(f"/league/{cup.campaign.slug}/{cup.cup.slug}/")
    assert page.status_code == 200 and "Lions" in page.content.decode()
    assert "Gryffindor" not in page.content.decode()
