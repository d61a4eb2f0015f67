"""The page's script asks for only the parts of a game's page that change (issue 42, "the
table's click"): with ``X-Storyguide-Parts`` (the version its page shows) a command
posted on the page is answered at once by those parts, the transcript as the moves since
that version, and so is a refresh; without the header the page is drawn whole and a
command is a post, redirect and get (``games.views``)."""

import re
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Game

pytestmark = pytest.mark.django_db

ROLL = '{"action":"roll"}'


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def parts(client: Client, url: str, shown: int, data: dict | None = None):
    """What the page's script gets, for a page that shows version ``shown``."""
    send = client.post if data is not None else client.get
    answer = send(url, data or {}, HTTP_X_STORYGUIDE_PARTS=str(shown))
    assert answer.status_code == 200, answer.status_code
    assert "X-Storyguide-Parts" in answer["Vary"]
    return answer.content.decode()


def moves_in(html: str) -> list[int]:
    return sorted({int(seq) for seq in re.findall(r"<tr><td>(\d+)</td>", html)})


def said(html: str) -> list[str]:
    found = re.search(r'<div id="messages" data-live role="status">(.*?)</div>', html, re.S)
    return [unescape(m) for m in re.findall(r"<p[^>]*>(.*?)</p>", found.group(1))]


def test_a_click_asking_for_the_parts_is_answered_by_them_at_once(table):
    game = table.create_game()
    url = f"/matches/{game['id']}/"
    html = parts(logged_in(table.player), url, 0, {"expected_version": 0, "command": ROLL})
    assert Game.objects.get(pk=game["id"]).version == 1
    assert 'id="game" data-live="parts" data-version="1"' in html
    for part in ('id="game-head"', 'id="table"', 'id="game-commands"', 'id="game-fairness"'):
        assert part in html
    assert moves_in(html) == [1], "the move since the version shown"
    assert "<nav" not in html and 'id="transcript"' not in html, "the page's frame is not drawn"
    assert said(html) == []


def test_a_refresh_gets_the_moves_since_the_version_its_page_shows(table):
    game = table.create_game()
    url = f"/matches/{game['id']}/"
    referee = logged_in(table.storyguide)
    for version in (0, 1, 2):
        referee.post(url, {"expected_version": version, "command": ROLL})
    player = logged_in(table.player)
    assert moves_in(parts(player, url, 1)) == [2, 3]
    assert moves_in(parts(player, url, 3)) == []
    assert moves_in(parts(player, f"{url}?before=2", 1)) == [], "a page of earlier moves"
    whole = player.get(url).content.decode()
    assert "<nav" in whole and 'id="transcript"' in whole and moves_in(whole) == [1, 2, 3]


def test_a_refused_or_late_click_tells_why_in_the_parts_of_the_game_as_it_stands(table):
    game = table.create_game()
    url = f"/matches/{game['id']}/"
    player = logged_in(table.player)
    refused = parts(player, url, 0, {"expected_version": 0, "command": "not json"})
    assert said(refused) == ["This command cannot be read: reload the page."]
    assert 'data-version="0"' in refused and moves_in(refused) == []
    logged_in(table.storyguide).post(url, {"expected_version": 0, "command": ROLL})
    late = parts(player, url, 0, {"expected_version": 0, "command": ROLL})
    [told] = said(late)
    assert told.startswith("Another move came first: ")
    assert 'data-version="1"' in late and moves_in(late) == [1]
    assert Game.objects.get(pk=game["id"]).version == 1, "the late roll was not applied"


def test_a_click_answered_by_its_parts_costs_fewer_statements_than_post_and_page(table):
    game = table.create_game()
    url = f"/matches/{game['id']}/"
    player = logged_in(table.player)
    with CaptureQueriesContext(connection) as whole:
        player.post(url, {"expected_version": 0, "command": ROLL}, follow=True)
    with CaptureQueriesContext(connection) as answered:
        parts(player, url, 1, {"expected_version": 1, "command": ROLL})
    assert len(answered) < len(whole), (len(answered), len(whole))
