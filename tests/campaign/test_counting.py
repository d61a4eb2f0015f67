"""Games that count (issue 38): "Friendly games keep their meaning (they count for
nothing), and a storyguide can make a finished friendly game count, or a counting one not
count, with the reason logged." (``campaign.counting``, ``POST /api/games/{id}/counting/``)

A Chat-Quidditch match between two houses of the campaign credits each house its team's
points at its end (§8.3 outside the cup); here the same match is made to count for nothing
(its credits reversed, the houses and the characters' Popularity as before it), made to
count again (credited once more, once), and a friendly one made to count.
"""

import pytest
from django.test import Client
from django.utils import timezone

import tests.games.toy  # noqa: F401  (registers the "high-card" ruleset, which credits nothing)
from campaign.demo import seed_characters
from campaign.models import Activity, Character, HousePointEntry
from campaign.selectors import characters_with_popularity, houses_with_totals
from games.bots import EVERY_SEAT
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.models import Game
from games.services import game_create
from tests.support import Table

pytestmark = pytest.mark.django_db

CHAT = manifest_of("chat-quidditch")


@pytest.fixture
def table():
    table = Table()
    seed_characters(table.campaign)
    return table


@pytest.fixture
def match(table, django_capture_on_commit_callbacks):
    """A short match between the campaign's first two houses, played to its end by bots."""

    def play(*, friendly=False, **config) -> Game:
        roster = campaign_app().roster(table.campaign.pk)
        with django_capture_on_commit_callbacks(execute=True):
            game = game_create(
                campaign=table.campaign,
                ruleset="chat-quidditch",
                config={
                    **CHAT.starting_config(roster),
                    "rounds": 2,
                    "half_time_after": 1,
                    **config,
                },
                seats={},
                bots={EVERY_SEAT: "sensible"},
                created_by=table.storyguide,
                now=timezone.now(),
                friendly=friendly,
            )
        game.refresh_from_db()
        assert game.status == "finished"
        return game

    return play


def counting(table, game, counts, reason="Harry played with a borrowed broom", user=None):
    return table.client(user or table.storyguide).post(
        f"/api/games/{game.pk}/counting/", {"counts": counts, "reason": reason}, format="json"
    )


def points(table) -> dict[str, int]:
    houses = houses_with_totals(table.campaign.houses.all(), now=timezone.now())
    return {house.name: house.points for house in houses if house.points}


def popularity(table) -> dict[str, int]:
    characters = Character.objects.filter(campaign=table.campaign)
    return {
        c.name: c.earned_points for c in characters_with_popularity(characters, now=timezone.now())
    }


def credits(game) -> list[tuple[str, int]]:
    """The game's house points as its result scores them (§8.3: a team's points, §7)."""
    result = CHAT.rules.result(game.state)
    return sorted((team["house"], team["points"]) for team in result["teams"] if team["points"])


def test_a_counting_game_made_not_to_count_gives_back_its_points_with_the_reason(table, match):
    game = match()
    assert points(table) == dict(credits(game)) != {}
    response = counting(table, game, False, "Played with the wrong team")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "game": game.pk,
        "counts": False,
        "reason": "Played with the wrong team",
    }
    assert points(table) == {}, "every house as before the game"
    assert set(popularity(table).values()) == {0}, "every character's earned points too"
    reversals = HousePointEntry.objects.filter(game=game, reverses__isnull=False)
    assert {r.reason for r in reversals} == {
        f"{game}: made not to count (Played with the wrong team)"
    }
    logged = Activity.objects.get(campaign=table.campaign, kind="game_discounted")
    assert logged.data == {
        "game": game.pk,
        "kind": "match",
        "title": str(game),
        "reason": "Played with the wrong team",
        "by": table.storyguide.username,
    }
    game.refresh_from_db()
    assert game.friendly is True


def test_a_friendly_game_made_to_count_credits_its_houses_as_at_its_end(table, match):
    game = match(friendly=True)
    assert points(table) == {}
    response = counting(table, game, True, "It was the real match after all")
    assert response.status_code == 200, response.json()
    assert points(table) == dict(credits(game)) != {}
    entry = HousePointEntry.objects.filter(game=game).first()
    assert entry.attributed_to.exists(), "attributed to the team's characters for Popularity"
    assert Activity.objects.get(kind="game_counted").data["reason"] == (
        "It was the real match after all"
    )


def test_made_to_count_not_to_count_and_to_count_again_its_credits_stand_once(table, match):
    game = match()
    once = points(table)
    earned = popularity(table)
    for counts in (False, True, False, True):
        assert counting(table, game, counts).status_code == 200
    assert points(table) == once
    assert popularity(table) == earned
    standing = HousePointEntry.objects.filter(game=game, reverses=None, reversed_by__isnull=True)
    assert standing.count() == len(once)


def test_only_the_storyguide_may_and_another_campaign_finds_nothing(table, match):
    game = match()
    refused = counting(table, game, False, user=table.player)
    assert refused.status_code == 403
    assert counting(table, game, False, user=table.outsider).status_code == 404
    assert (
        table.client(table.storyguide)
        .post(f"/api/games/{2**64}/counting/", {"counts": False, "reason": "x"}, format="json")
        .status_code
        == 404
    )
    game.refresh_from_db()
    assert game.friendly is False and not HousePointEntry.objects.filter(reverses__isnull=False)


@pytest.mark.parametrize(
    ("setup", "counts", "reason", "status", "said"),
    [
        ("counting", True, "x", 422, "The game counts already."),
        ("friendly", False, "x", 422, "The game counts for nothing already."),
        ("cup", True, "x", 422, "A cup game counts as the cup's rules say (§8.3)."),
        ("counting", False, "  ", 400, "Say why: the ledger keeps the reason."),
        ("counting", False, "x" * 301, 400, "Ensure this field has no more than 300 characters."),
    ],
    ids=["counts already", "counts for nothing already", "a cup game", "no reason", "too long"],
)
def test_a_change_that_cannot_be_made_is_refused_and_nothing_is_written(
    table, match, setup, counts, reason, status, said
):
    game = match(friendly=setup == "friendly", cup_game=setup == "cup")
    before = HousePointEntry.objects.count()
    response = counting(table, game, counts, reason)
    assert response.status_code == status
    assert said in str(response.json())
    assert HousePointEntry.objects.count() == before
    assert not Activity.objects.filter(kind__in=["game_counted", "game_discounted"]).exists()


def test_a_game_not_over_or_of_a_kind_that_credits_nothing_is_refused(table):
    started = game_create(
        campaign=table.campaign,
        ruleset="high-card",
        config={},
        seats={"north": table.storyguide.pk, "south": table.player.pk},
        bots={},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    refused = counting(table, started, False)
    assert refused.status_code == 422
    assert refused.json()["detail"] == "Only a finished game's counting can change."
    Game.objects.filter(pk=started.pk).update(status="finished")
    refused = counting(table, started, False)
    assert refused.json()["detail"] == (
        "A game of this kind credits no house: counting it changes nothing."
    )


def logged_in(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")  # a Chat-Quidditch page is German by default
    client.force_login(user)
    return client


def test_the_game_page_offers_the_change_to_the_storyguide_and_tells_it_with_its_reason(
    table, match
):
    game = match()
    page = f"/matches/{game.pk}/"
    storyguide, player = logged_in(table.storyguide), logged_in(table.player)
    assert 'id="counting"' in storyguide.get(page).content.decode()
    assert 'id="counting"' not in player.get(page).content.decode()
    refused = storyguide.post(f"/games/{game.pk}/counting/", {"counts": "no", "reason": ""})
    assert refused.status_code == 302
    assert "Say why: the ledger keeps the reason." in storyguide.get(page).content.decode()
    done = storyguide.post(
        f"/games/{game.pk}/counting/", {"counts": "no", "reason": "Played with the wrong team"}
    )
    assert done.status_code == 302 and done["Location"] == f"{page}#gave"
    html = storyguide.get(page).content.decode()
    assert "The game counts for nothing now." in html
    assert f"Made to count for nothing by {table.storyguide.username} on " in html
    assert ": Played with the wrong team</p>" in html
    assert points(table) == {}
    refused = player.post(f"/games/{game.pk}/counting/", {"counts": "yes", "reason": "mine"})
    assert refused.status_code == 403
