"""A cup year's live stream (issue 19): public like its standings, it replays the
cup's news from the campaign's activity line, then follows it; each result's new
projections follow it there once computed (issue 33)."""

import json
import threading

import httpx
import pytest

from campaign.activity import record
from campaign.models import ActivityKind
from tests.league.test_services import play
from tests.streams import asgi_server, read_stream

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_cup_year_stream_replays_its_news_then_follows_for_anyone(cup, settings):
    settings.STREAM_POLL_SECONDS = 0.05
    first, second = cup.cup.fixtures.order_by("window_starts", "id")[:2]
    play(cup, first)
    points = record(
        campaign_id=cup.campaign.pk,
        kind=ActivityKind.HOUSE_POINTS,
        data={"amount": 5},
        now=first.window_starts,
    )
    url = f"/api/cup-years/{cup.cup.pk}/stream/"
    with asgi_server() as server:
        late = threading.Timer(0.3, play, args=(cup, second))
        late.start()
        messages = read_stream(
            server + url, headers={}, until=lambda m: sum(1 for s in m if s.id) >= 8
        )
        late.join()
        with httpx.Client(base_url=server, timeout=5) as client:
            assert client.get("/api/cup-years/999999/stream/").status_code == 404
    news = [json.loads(sse.data) for sse in messages if sse.id]
    assert [item["kind"] for item in news] == [
        "fixture_started",
        "fixture_finished",
        "standings_changed",
        "projections_changed",
    ] * 2
    assert [item["data"]["fixture"] for item in news[::4]] == [first.pk, second.pk]
    projected = [item["data"] for item in news[3::4]]
    assert [item["games_played"] for item in projected] == [1, 2]
    assert all(item["cup_year"] == cup.cup.pk for item in projected)
    ids = [int(sse.id) for sse in messages if sse.id]
    assert ids == sorted(ids) and points.seq not in ids  # house points are not cup news
