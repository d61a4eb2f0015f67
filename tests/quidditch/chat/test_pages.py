"""The referee's page of a match, ``/matches/<id>/``: state, transcript, access, cost.

Issue 5 asks for a page that shows a match's state (round, sub-round,
score, possession, every player's third as far as announced, who is out,
what is awaited and from whom) and its log as the referee's German
transcript with the English rendering alongside.
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.utils.html import escape

from games.dice import ServerDice
from quidditch.chat.board import chat_line
from quidditch.chat.simulation import RELAY, RandomPlayers
from tests.quidditch.chat.rules import RULES, config

# Until config/urls.py includes the pages, this module is the tests' URLConf.
pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    """A browser with the user's session, as after the login."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page(user, game_id: int):
    return browser(user).get(f"/matches/{game_id}/")


@pytest.mark.parametrize(
    ("command", "line"),
    [
        ({"action": "pass", "player": "GJäger1", "target": "GJäger2"}, "Pass GJäger2"),
        ({"action": "attack", "player": "SHüter"}, "Angriff"),
        ({"action": "attack", "player": "SJäger1", "target": "GJäger1"}, "Angriff GJäger1"),
        ({"action": "fly", "player": "GJäger1", "from": "M", "to": "S"}, "Fliegen M-S"),
        ({"action": "position", "player": "GSucher", "third": "G"}, "G"),
        ({"action": "save", "player": "SHüter", "deadline": 1.0}, "Halten"),
        ({"action": "release", "ball": "bludgers"}, "Klatscher freigegeben"),
        ({"action": "timeout", "deadline": 1.0}, "Aus"),
        ({"action": "end_subround"}, "Teilrunde beendet"),
        ({"action": "experience", "player": "GHüter"}, None),
        ({"action": "quaffle_roll", "player": "GHüter"}, None),
    ],
)
def test_3_5_awaited_commands_are_written_as_the_chat_lines_that_give_them(command, line):
    assert chat_line(command) == line


def test_3_5_every_offered_command_reads_back_from_its_chat_line():
    """The page's lines are the parser's inverse, for every command a whole match offers."""
    state = RULES.setup(config())
    dice = ServerDice(b"chat lines read back, 32 bytes!!", "lines")
    players, now, actions = RandomPlayers(RULES, random.Random(7)), 0.0, set()
    while not state["over"]:
        for command in state["awaiting"]:
            nick, line = command.get("player"), chat_line(command)
            if line is None:  # a captain's quaffle roll: the referee's word only
                continue
            text = f"{nick}: {line}" if nick else line
            parsed = RULES.parse(text, state=state, actor=RELAY)
            assert parsed == {k: v for k, v in command.items() if k != "deadline"}, text
            actions.add(command["action"])
        now = players.when(state, now)
        command = players.choose(state, now)
        actor = players.actor_for(command)
        state = RULES.apply(state, command, actor=actor, dice=dice, now=now).state
    assert len(actions) >= 15


def test_the_page_shows_the_state(seated_table):
    game = seated_table.play(seated_table.create_match(), 40, seed=1)
    state = game.state

    response = page(seated_table.storyguide, game.pk)

    assert response.status_code == 200
    board = response.context["board"]
    html = response.content.decode()
    assert f"Round {state['round']} of {state['last_round']}" in html
    assert [team["score"] for team in board["teams"]] == state["score"]
    assert board["possession"]["house"] == state["teams"][state["possession"]]["house"]
    rows = {p["nick"]: p for team in board["teams"] for p in team["players"]}
    assert {nick: row["third"] for nick, row in rows.items() if row["third"]} == state["thirds"]
    assert {nick for nick, row in rows.items() if row["out"]} == set(state["out"])
    for command in state["awaiting"]:
        assert escape(chat_line(command) or command["action"]) in html
    players = html[html.index('id="players"') :]
    for nick in state["players"]:
        assert f"<td>{nick}</td>" in players
    assert f'href="/api/matches/{game.pk}/verify/">Verify the dice' in html


@pytest.mark.parametrize(
    ("ask", "language", "other"),
    [({}, "de", "en"), ({"lang": "en"}, "en", "de"), ({"lang": "fr"}, "de", "en")],
)
def test_the_transcript_reads_in_one_language_german_unless_the_reader_asks(
    seated_table, ask, language, other
):
    """German as the referee's chat runs (§3.5), English on request; a language the
    rules do not speak falls back to German."""
    game = seated_table.play(seated_table.create_match(), 40, seed=1)
    client = browser(seated_table.storyguide)

    html = client.get(f"/matches/{game.pk}/", ask).content.decode()

    log = html[html.index('id="log"') :]
    log = log[: log.index("</table>")]
    lines = [RULES.narrate(item) for event in game.events.all() for item in event.events]
    assert len(lines) > 20
    for line in lines:
        assert f"<td>{escape(line[language])}</td></tr>" in log, line
        assert escape(line[other]) not in log or line[other] == line[language]
    assert "{" not in log, "no Python value in a line"
    first, last = log.index(escape(lines[0][language])), log.rindex(escape(lines[-1][language]))
    assert first < last, "oldest first, as the chat ran"
    assert f'href="?lang={other}"' in html


def test_7_a_finished_match_shows_its_result_with_the_win_bonus(seated_table):
    game = seated_table.play(seated_table.create_match(), 1000, seed=2)
    result = RULES.result(game.state)
    assert result is not None

    html = page(seated_table.storyguide, game.pk).content.decode()

    assert "Final result" in html
    for team in result["teams"]:
        assert f"{team['house']} {team['points']}" in html


def test_campaign_members_of_any_role_read_a_private_match(table):
    """Also before the captains have handed out their experience points (§3.2)."""
    game_id = table.create_match()["id"]
    for user in (table.storyguide, table.player, table.spectator):
        response = page(user, game_id)
        assert response.status_code == 200
        assert "<strong>GHüter</strong>: experience" in response.content.decode()


def test_a_logged_in_non_member_gets_404_for_a_private_match(seated_table):
    game_id = seated_table.create_match()["id"]
    assert page(seated_table.outsider, game_id).status_code == 404
    assert page(seated_table.outsider, game_id + 1000).status_code == 404


def test_a_visitor_not_logged_in_is_sent_to_the_login_for_a_private_match(seated_table):
    game_id = seated_table.create_match()["id"]
    for asked in (game_id, game_id + 1000):  # the same answer whether it exists or not
        response = page(None, asked)
        assert response.status_code == 302
        assert response["Location"] == f"/accounts/login/?next=/matches/{asked}/"


def test_anyone_reads_a_public_match(seated_table):
    game_id = seated_table.create_match(public=True)["id"]
    assert page(None, game_id).status_code == 200
    assert page(seated_table.outsider, game_id).status_code == 200


def test_the_page_costs_the_same_queries_with_few_and_many_events(
    seated_table, django_assert_num_queries
):
    few = seated_table.play(seated_table.create_match(), 3, seed=4)
    many = seated_table.play(seated_table.create_match(), 200, seed=4)
    assert many.version > 10 * few.version

    client = browser(seated_table.player)
    for game in (few, many):
        # session, user, the reader's preferences, the caller's roles, the game, its seats,
        # its events (a page of them)
        with django_assert_num_queries(7):
            assert client.get(f"/matches/{game.pk}/").status_code == 200
