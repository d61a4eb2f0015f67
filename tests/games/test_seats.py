"""Who holds a seat plays it, the storyguide included; a seat nobody can play is refused
(issue 28, "Holding a seat").

On *high card* (``tests/games/toy.py``: two hidden hands, a referee who deals and
may not play a hand) and *tally* (``games.testing``: the referee relays any seat).
"""

import pytest

from tests.games.test_platform_api import create_high_card, submit

pytestmark = pytest.mark.django_db


def test_a_storyguide_who_holds_a_seat_plays_it_and_still_deals_as_the_referee(table):
    """ "A storyguide who seats themselves in a card game ... is always treated as the
    referee, so allowed_commands stays empty": now they play their seat."""
    game = create_high_card(table, seats={"north": table.storyguide.pk, "south": table.player.pk})
    storyguide = table.client(table.storyguide)
    assert storyguide.get(f"/api/matches/{game['id']}/").json()["allowed_commands"] == [
        {"action": "deal"}
    ]
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    seen = storyguide.get(f"/api/matches/{game['id']}/").json()
    assert {command["player"] for command in seen["allowed_commands"]} == {"north"}
    assert len(seen["allowed_commands"]) == 2, "one command for each card of north's hand"


def test_a_person_in_two_roles_sees_the_union_of_what_each_may_see_and_no_more(table):
    game = create_high_card(table, seats={"north": table.storyguide.pk, "south": table.player.pk})
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    hands = (
        table.client(table.storyguide).get(f"/api/matches/{game['id']}/").json()["state"]["hands"]
    )
    assert len(hands["north"]) == 2 and all(card.startswith("c") for card in hands["north"])
    assert hands["south"] == 2, "the other hand is counted, not shown, to the referee too"


def test_a_game_where_a_seat_would_be_held_by_nobody_who_can_act_is_refused(table):
    """High card's referee may not play a hand: a seat with neither a member nor a bot."""
    response = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "high-card",
            "config": {},
            "seats": {"north": table.player.pk},
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "seat_unheld"
    assert response.json()["errors"] == {
        "seats": ["Nobody would play south: name a member or a bot for each seat."]
    }


def test_a_bot_is_someone_who_can_act(table):
    game = create_high_card(table, seats={"north": table.player.pk}, bots={"south": "random"})
    assert game["bots"] == {"south": "random"}


def test_where_the_referee_relays_a_seat_nobody_holds_the_game_is_taken(table):
    """Tally's referee gives any seat's commands, as a chat referee relays the chat."""
    assert table.create_game(seats={})["seats"] == {}
