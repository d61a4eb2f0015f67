"""A whole Chat-Quidditch match through the HTTP API, in text commands only (§3 to §7).

Every player types his own lines with his own token, in German, English or
French (issue 39); the storyguide, as the referee, types the referee's words
and relays the lines of STreiber2, who has no account, in English
(``SBeater2: M``, §4.1.2). Random but legal choices
(``quidditch.chat.bots``) drive the match on the server's provably fair
dice, and the server's clock is moved as the bot's players take their time,
so that timed answers come in time, late, or never (§3.4). Whatever the dice
bring, the result must add up from the log (§7), and the log must verify
once the seed is revealed.
"""

from __future__ import annotations

import hashlib
import random
from itertools import cycle

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from quidditch.chat.rules import ChatQuidditch
from quidditch.chat.simulation import RandomPlayers
from quidditch.chat.words import chat_line, typed_line
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

GOAL, SNITCH, WIN_BONUS = 10, 50, 100


def logged_in(user) -> APIClient:
    """A client holding the user's own API token, as a chat plugin would."""
    response = APIClient().post(
        "/api/auth/token/", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def whole_log(client: APIClient, url: str) -> list[dict]:
    """Every event, paging with ?after= as a client polls."""
    events, after, more = [], 0, True
    while more:
        page = client.get(f"{url}events/", {"after": after, "limit": 500}).json()
        events += page["results"]
        after, more = page["next_after"], page["more"]
    return events


def play(referee: APIClient, typists: dict[str, APIClient], url: str, match: dict, clock):
    """Type the bot's choices into the chat until the match is over: each nick types in a
    language of its own (issue 39), German, English or French by turns, and the referee
    relays in English."""
    players = RandomPlayers(ChatQuidditch(), random.Random(2026))
    state, now = match["state"], clock.seconds
    languages = dict(zip(state["players"], cycle(("de", "en", "fr")), strict=False))
    while not state["over"]:
        now = players.when(state, now)
        clock.set(now)
        command = players.choose(state, now, only=lambda c: chat_line(c, "de") is not None)
        nick = command.get("player")
        if nick in typists:
            client, text = typists[nick], chat_line(command, languages[nick])
        else:
            client, text = referee, typed_line(command, frozenset(), "en")
        response = client.post(f"{url}commands/", {"text": text}, format="json")
        assert response.status_code == 201, (text, response.json())
        applied = response.json()["event"]["command"]
        assert applied == {k: v for k, v in command.items() if k != "deadline"}, text
        state = response.json()["game"]["state"]


def expected_points(items: list[dict], players: dict) -> tuple[list[int], list[bool], list[int]]:
    """Goals, snitch and points with the win bonus, counted from the log alone (§7)."""
    goals = [sum(1 for i in items if i["type"] == "goal" and i["team"] == t) for t in (0, 1)]
    snitch = [
        any(
            i["type"] == "snitch_catch"
            and i["outcome"] == "success"
            and players[i["player"]]["team"] == t
            for i in items
        )
        for t in (0, 1)
    ]
    points = [GOAL * goals[t] + SNITCH * snitch[t] for t in (0, 1)]
    if points[0] != points[1]:
        points[points.index(max(points))] += WIN_BONUS
    return goals, snitch, points


def test_3_to_7_a_match_typed_in_the_chat_ends_with_the_score_its_log_adds_up_to(
    seated_table, clock
):
    table = seated_table
    referee = logged_in(table.storyguide)
    response = referee.post("/api/matches/", table.match_body(), format="json")
    assert response.status_code == 201, response.json()
    match = response.json()
    url = f"/api/matches/{match['id']}/"
    users = get_user_model().objects.in_bulk(match["seats"].values())
    typists = {nick: logged_in(users[user_id]) for nick, user_id in match["seats"].items()}
    assert len(typists) == 13 and "STreiber2" not in typists

    play(referee, typists, url, match, clock)

    game = referee.get(url).json()
    log = whole_log(referee, url)
    assert [event["seq"] for event in log] == list(range(1, game["version"] + 1))
    assert all(set(event["submitted"]) == {"text"} for event in log), "text commands only"
    typed = [event for event in log if event["actor"]["role"] == "player"]
    relayed = [e for e in log if e["submitted"]["text"].startswith("SBeater2: ")]
    assert typed and relayed
    assert all(
        e["actor"]["role"] == "referee" and e["command"]["player"] == "STreiber2" for e in relayed
    )

    items = [item for event in log for item in event["events"]]
    goals, snitch, points = expected_points(items, game["state"]["players"])
    result = game["result"]
    assert game["status"] == "finished"
    assert [team["goals"] for team in result["teams"]] == goals
    assert [team["snitch"] for team in result["teams"]] == snitch
    assert result["points"] == [team["points"] for team in result["teams"]] == points
    assert result["ended_by"] == ("snitch" if any(snitch) else "rounds")
    assert result["rounds_played"] == (game["state"]["round"]) <= 10
    assert items[-1]["type"] == "game_over" and items[-1]["points"] == points

    report = referee.get(f"{url}verify/").json()
    assert report["ok"], report["problems"]
    assert report["seed_revealed"] and report["seed_matches_commitment"]
    assert report["chain_intact"] and report["rolls_intact"] and report["replay_matches"]
    assert report["rolls_checked"] == game["next_nonce"] > 0
    seed = bytes.fromhex(game["server_seed"])
    assert hashlib.sha256(seed).hexdigest() == game["seed_commitment"]
