"""``/standings`` and ``/fixtures`` (issue 43) answer the campaign's house cup (Chat-
Quidditch §8): the latest cup year's table in standings order with why each house is
ahead, and its games still to be played, soonest first, in the sender's language."""

import pytest

from league.models import Fixture, FixtureStatus
from tests.discord_bridge.support import connect, interaction, link, send
from tests.league.conftest import CupTable
from tests.league.test_pages import between, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(db):
    """The league's cup table (four houses of seven, the cup year 1995/96), its campaign
    connected to Discord, a channel bound to the campaign, the player linked."""
    table = CupTable()
    connect(table)
    link(table.player, "42")
    return table


def test_43_standings_answers_the_cup_table_in_order_and_why(cup):
    record(between(cup, "Gryffindor", "Slytherin"), 5, 0)  # G 150, S 0
    record(between(cup, "Hufflepuff", "Ravenclaw"), 0, 0, snitch=0)  # H 150 with the snitch
    answer = send(interaction("standings", user="42"))
    assert answer["type"] == 4 and "flags" not in answer["data"], "the channel reads it"
    assert answer["data"]["content"].splitlines() == [
        "**1995/96: the table**",
        "1. Hufflepuff: 150 points (ahead on snitch catches)",
        "2. Gryffindor: 150 points (ahead on points)",
        "3. Ravenclaw: 0 points (fewer goals conceded)",
        "4. Slytherin: 0 points",
    ]


def test_43_fixtures_answers_the_games_still_to_be_played_soonest_first(cup):
    """Neither a game played nor one abandoned; at most eight (``MOST_FIXTURES``)."""
    record(between(cup, "Gryffindor", "Slytherin"), 5, 0)
    abandoned = between(cup, "Hufflepuff", "Ravenclaw")
    Fixture.objects.filter(pk=abandoned.pk).update(status=FixtureStatus.ABANDONED)
    answer = send(interaction("fixtures", user="42", locale="de"))
    assert answer["data"]["content"].splitlines() == [
        "**1995/96: die nächsten Spiele**",
        "Slytherin – Hufflepuff: zwischen 08.09.2026 und 06.10.2026",
        "Ravenclaw – Gryffindor: zwischen 08.09.2026 und 06.10.2026",
        "Ravenclaw – Slytherin: zwischen 15.09.2026 und 13.10.2026",
        "Gryffindor – Hufflepuff: zwischen 15.09.2026 und 13.10.2026",
        "Slytherin – Gryffindor: zwischen 01.02.2027 und 01.03.2027",
        "Ravenclaw – Hufflepuff: zwischen 01.02.2027 und 01.03.2027",
        "Hufflepuff – Slytherin: zwischen 08.02.2027 und 08.03.2027",
        "Gryffindor – Ravenclaw: zwischen 08.02.2027 und 08.03.2027",
    ]
