"""What a game's result gave the campaign, in words, at the end of its page (issue 38,
"Games that count"): each house's points, from when they count where the rules delay
them (§8.3: 48 hours after the log is published), and each character's Popularity they
move (the sheet rules: a step for every 50 house points earned or attributed)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import translation

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign import services
from campaign.for_games import CampaignApp
from campaign.models import Character, Source
from games.services import game_create
from tests.support import Table, dashboard_client

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def character(table, name, house):
    return services.character_save(
        character=Character(campaign=table.campaign),
        name=name,
        house=table.house(house),
        year=3,
        attributes={a: 5 for a in table.campaign.sheet_rules.attributes},
    )


def test_the_houses_points_and_the_popularity_they_move_in_words():
    table = Table()
    harry, ron = (
        character(table, "Harry Potter", "Gryffindor"),
        character(table, "Ron Weasley", "Gryffindor"),
    )
    services.house_points_award(  # Ron had 30 points already: 30 + 120 is three steps
        house=table.house("Gryffindor"),
        amount=30,
        reason="",
        character=ron,
        awarded_by=None,
        now=NOW,
    )
    game = game_create(
        campaign=table.campaign,
        ruleset="tally",
        config={},
        seats={},
        created_by=table.storyguide,
        now=NOW,
    )
    for house, amount, later, who in [
        ("Gryffindor", 120, timedelta(hours=48), [harry, ron]),
        ("Slytherin", -30, timedelta(0), []),
    ]:
        services.house_points_award(
            house=table.house(house),
            amount=amount,
            reason="a match",
            source=Source.MATCH,
            attributed_to=who,
            credit_at=NOW + later,
            game=game,
            awarded_by=None,
            now=NOW,
        )

    with translation.override("en"):
        lines = CampaignApp().what_a_game_gave(game.pk, now=NOW)
    assert lines == [
        "Gryffindor: +120 house points, counted from Dec. 1, 2026, noon (UTC)",
        "Slytherin: −30 house points",
        "Harry Potter's Popularity: +2",
        "Ron Weasley's Popularity: +3",
    ]
    with translation.override("de"):
        german = CampaignApp().what_a_game_gave(game.pk, now=NOW)
    assert german[1:] == [
        "Slytherin: −30 Hauspunkte",
        "Beliebtheit von Harry Potter: +2",
        "Beliebtheit von Ron Weasley: +3",
    ]


def test_the_dashboards_ledger_links_an_entry_to_its_game():
    """Issue 38: "The ledger entry links to its game"."""
    table = Table()
    game = game_create(
        campaign=table.campaign,
        ruleset="tally",
        config={},
        seats={},
        created_by=table.storyguide,
        now=NOW,
    )
    services.house_points_award(
        house=table.house("Gryffindor"),
        amount=40,
        reason="a match",
        source=Source.MATCH,
        game=game,
        awarded_by=None,
        now=NOW,
    )
    ledger = dashboard_client(table.storyguide).get("/admin/campaign/housepointentry/")
    assert f'<a href="/matches/{game.pk}/">{game}</a>' in ledger.content.decode()
