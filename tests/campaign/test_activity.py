"""A campaign's activity line (issue 19): what happens around its games, numbered
1, 2, 3 ... in the order it committed, read with ``?after=`` as its stream resumes."""

import json
import threading

import httpx
import pytest
from django.db import transaction
from django.utils import timezone
from knox.models import AuthToken

from campaign import invitations
from campaign.models import Activity, Character
from campaign.services import house_points_award, house_points_reverse, popularity_adjust
from games.services import game_abandon, game_create
from tests.streams import asgi_server, read_stream
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return Table()


def line(table) -> list[tuple[int, str]]:
    return list(
        Activity.objects.filter(campaign=table.campaign).values_list("seq", "kind").order_by("seq")
    )


def test_house_points_popularity_and_a_reversal_each_add_a_line_in_order(table):
    neville = Character.objects.create(
        campaign=table.campaign, name="Neville", house=table.house(), attributes={}
    )
    entry = house_points_award(
        house=table.house(),
        amount=50,
        reason="the last word",
        character=neville,
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    popularity_adjust(
        character=neville, amount=2, reason="hero", adjusted_by=table.storyguide, now=timezone.now()
    )
    house_points_reverse(
        entry=entry, reason="too many", reversed_by=table.storyguide, now=timezone.now()
    )
    assert line(table) == [(1, "house_points"), (2, "popularity"), (3, "house_points")]
    first, _, last = Activity.objects.filter(campaign=table.campaign).order_by("seq")
    assert {k: first.data[k] for k in ("house", "amount", "reason", "character")} == {
        "house": "Gryffindor",
        "amount": 50,
        "reason": "the last word",
        "character": "Neville",
    }
    assert (last.data["amount"], last.data["reverses"]) == (-50, entry.pk)


def test_members_joining_and_leaving(table, user_factory):
    newcomer = user_factory(username="luna")
    made = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    invitations.invitation_accept(code=made.code, user=newcomer, now=timezone.now())
    invitations.membership_leave(campaign=table.campaign, user=newcomer)
    assert line(table) == [(1, "member_joined"), (2, "member_left")]
    assert Activity.objects.get(seq=1, campaign=table.campaign).data == {
        "username": "luna",
        "role": "player",
    }


def test_games_starting_and_ending_but_not_the_table_log(table):
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    game_abandon(game_id=game.pk, by=table.storyguide, now=timezone.now())
    harry = Character.objects.create(
        campaign=table.campaign, name="Harry", player=table.player, attributes={"Wits": 5}
    )
    table.client(table.player).post(f"/api/characters/{harry.pk}/checks/", {"attribute": "Wits"})
    assert line(table) == [(1, "game_started"), (2, "game_finished")]
    assert Activity.objects.get(seq=2, campaign=table.campaign).data["status"] == "abandoned"


def test_a_write_rolled_back_leaves_no_line_and_no_gap(table):
    with pytest.raises(RuntimeError), transaction.atomic():
        house_points_award(
            house=table.house(),
            amount=5,
            reason="x",
            awarded_by=table.storyguide,
            now=timezone.now(),
        )
        raise RuntimeError("the caller's transaction fails")
    house_points_award(
        house=table.house(), amount=5, reason="y", awarded_by=table.storyguide, now=timezone.now()
    )
    assert line(table) == [(1, "house_points")]


def test_the_activity_is_read_a_page_at_a_time_after_a_cursor(table):
    for amount in (1, 2, 3):
        house_points_award(
            house=table.house(),
            amount=amount,
            reason="tidy",
            awarded_by=table.storyguide,
            now=timezone.now(),
        )
    url = f"/api/campaigns/{table.campaign.pk}/activity/"
    client = table.client(table.spectator)
    page = client.get(url, {"after": 0, "limit": 2}).json()
    assert [item["seq"] for item in page["results"]] == [1, 2]
    assert (page["next_after"], page["more"]) == (2, True)
    page = client.get(url, {"after": 2}).json()
    assert [item["data"]["amount"] for item in page["results"]] == [3]
    assert (page["next_after"], page["more"]) == (3, False)
    assert client.get(url, {"after": 3}).json() == {"results": [], "next_after": 3, "more": False}
    assert table.client(table.outsider).get(url).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_campaign_stream_replays_then_follows_its_activity(table, settings):
    settings.STREAM_POLL_SECONDS = 0.05
    award = lambda amount: house_points_award(  # noqa: E731
        house=table.house(),
        amount=amount,
        reason="tidy",
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    award(1)
    headers = {"Authorization": f"Token {AuthToken.objects.create(user=table.spectator)[1]}"}
    url = f"/api/campaigns/{table.campaign.pk}/stream/"
    with asgi_server() as server:
        late = threading.Timer(0.3, award, args=(2,))
        late.start()
        messages = read_stream(
            server + url, headers=headers, until=lambda m: sum(1 for s in m if s.id) >= 2
        )
        late.join()
        with httpx.Client(base_url=server, timeout=5) as client:
            assert client.get(url).status_code == 401
            outsider = {
                "Authorization": f"Token {AuthToken.objects.create(user=table.outsider)[1]}"
            }
            assert client.get(url, headers=outsider).status_code == 404
    data = [(sse.id, json.loads(sse.data)) for sse in messages if sse.id]
    assert [(seq, item["kind"], item["data"]["amount"]) for seq, item in data] == [
        ("1", "house_points", 1),
        ("2", "house_points", 2),
    ]
