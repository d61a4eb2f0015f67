"""The page of a match, ``/matches/<id>/``: its table, transcript, access, cost.

Issue 5 asked for a page that shows a match's state (round, sub-round, score,
possession, every player's third as far as announced, who is out, what is
awaited and from whom) and its log as the referee's transcript; issue 29 for
the commands in words on the table, one page in one language.
"""

from __future__ import annotations

import json
import random
from itertools import product

import pytest
from django.test import Client
from django.utils.html import escape

from games.dice import ServerDice
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.rules.vocabulary import nick_in
from quidditch.chat.simulation import RELAY, RandomPlayers
from quidditch.chat.words import chat_line, typed_line
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
    ("command", "de", "en", "fr"),
    [
        (
            {"action": "pass", "player": "GJäger1", "target": "GJäger2"},
            "Pass GJäger2",
            "Pass GChaser2",
            "Passe GPoursuiveur2",
        ),
        ({"action": "attack", "player": "SHüter"}, "Angriff", "Attack", "Attaque"),
        (
            {"action": "attack", "player": "SJäger1", "target": "GJäger1"},
            "Angriff GJäger1",
            "Attack GChaser1",
            "Attaque GPoursuiveur1",
        ),
        (
            {"action": "fly", "player": "GJäger1", "from": "M", "to": "S"},
            "Fliegen M-S",
            "Fly M-S",
            "Voler M-S",
        ),
        ({"action": "position", "player": "GSucher", "third": "G"}, "G", "G", "G"),
        ({"action": "goal_third", "player": "SHüter", "third": "T"}, "T", "L", "B"),
        ({"action": "save", "player": "SHüter", "deadline": 1.0}, "Halten", "Save", "Arrêt"),
        (
            {"action": "release", "ball": "bludgers"},
            "Klatscher freigegeben",
            "Bludgers released",
            "Cognards lâchés",
        ),
        ({"action": "timeout", "deadline": 1.0}, "Aus", "Time", "Temps"),
        ({"action": "end_subround"}, "Teilrunde beendet", "Sub-round over", "Fin de la phase"),
        ({"action": "experience", "player": "GHüter"}, None, None, None),
        ({"action": "quaffle_roll", "player": "GHüter"}, None, None, None),
    ],
)
def test_3_5_awaited_commands_are_written_as_the_chat_lines_that_give_them(command, de, en, fr):
    """In the reader's language (issue 39); the rules' German is the first."""
    assert [chat_line(command, language) for language in ("de", "en", "fr")] == [de, en, fr]


def test_3_5_every_offered_command_reads_back_from_its_chat_line():
    """The page's lines are the parser's inverse, for every command a whole match offers,
    in each language's words (issue 39), whatever the page's language."""
    state = RULES.setup(config())
    dice = ServerDice(b"chat lines read back, 32 bytes!!", "lines")
    players, now, actions = RandomPlayers(RULES, random.Random(7)), 0.0, set()
    while not state["over"]:
        for command, language in product(state["awaiting"], ("de", "en", "fr")):
            text = typed_line(command, RELAY.controls, language)
            if text is None:  # a captain's quaffle roll: the referee's word only
                continue
            parsed = MANIFEST.words.parse(text, state=state, actor=RELAY)
            assert parsed == {k: v for k, v in command.items() if k != "deadline"}, text
            actions.add(command["action"])
        now = players.when(state, now)
        command = players.choose(state, now)
        actor = players.actor_for(command)
        state = RULES.apply(state, command, actor=actor, dice=dice, now=now).state
    assert len(actions) >= 15


def test_29_the_page_draws_the_table_with_every_offered_command_as_a_button(seated_table):
    game = seated_table.play(seated_table.create_match(), 40, seed=1)
    state = game.state

    response = browser(seated_table.storyguide).get(f"/matches/{game.pk}/", {"lang": "en"})

    assert response.status_code == 200
    html = response.content.decode()
    table = html[html.index('id="chat"') : html.index('id="transcript"')]
    assert f"Round {state['round']} of {state['last_round']}" in table
    score = table[table.index('id="score"') : table.index('id="pitch"')]
    for team, goals, points in zip(state["teams"], state["goals"], state["score"], strict=True):
        assert f'<td class="n">{goals}</td><td class="n">{points}</td>' in score
        assert team["house"] in score
    players = table[table.index('id="players"') :]
    for nick in state["players"]:  # in English (issue 39): GKeeper, GChaser1
        assert f"<strong>{nick_in(nick, 'en')}</strong>" in players
    # The referee relays the lines of STreiber2, whom nobody holds, and says his own words;
    # every other nick's line is its player's (issue 37).
    relayed = [
        command
        for command in RULES.allowed_commands(state, RELAY)
        if command.get("player") in (None, "STreiber2")
    ]
    players_own = [
        command
        for command in RULES.allowed_commands(state, RELAY)
        if command.get("player") not in (None, "STreiber2")
    ]
    assert relayed and players_own
    shown = [
        escape(json.dumps(command, ensure_ascii=False, separators=(",", ":"))) in table
        for command in relayed
        if command["action"] != "timeout"  # offered only once its deadline has passed
    ]
    assert all(shown)
    assert not any(
        escape(json.dumps(command, ensure_ascii=False, separators=(",", ":"))) in table
        for command in players_own
    )
    commands = html[html.index('id="commands"') : html.index('id="transcript"')]
    assert "data-command" not in commands  # all on the table; the frame keeps the text box
    assert 'id="say"' in commands
    assert f'href="/matches/{game.pk}/verify/"' in html


@pytest.mark.parametrize(
    ("ask", "language"),
    [({}, "de"), ({"lang": "en"}, "en"), ({"lang": "fr"}, "fr"), ({"lang": "es"}, "de")],
)
def test_29_the_transcript_reads_in_one_language_german_unless_the_reader_asks(
    seated_table, ask, language
):
    """German as the referee's chat runs (§3.5), English or French on request; a language
    the rules do not speak falls back to German."""
    game = seated_table.play(seated_table.create_match(), 40, seed=1)
    client = browser(seated_table.storyguide)

    html = client.get(f"/matches/{game.pk}/", ask).content.decode()

    log = html[html.index('id="log"') :]
    log = log[: log.index("</table>")]
    lines = [MANIFEST.words.narrate(item) for event in game.events.all() for item in event.events]
    assert len(lines) > 20
    for line in lines[-30:]:  # the page shows the newest moves
        assert f"<td>{escape(line[language])}</td></tr>" in log, line
        for other in {"de", "en", "fr"} - {language}:
            assert escape(line[other]) not in log or line[other] == line[language]
    assert "{" not in log, "no Python value in a line"


def test_7_a_finished_match_ends_on_who_won_and_why(seated_table):
    """Issue 39: the page's end is the ruleset's ending, the score's parts in words, said
    once (at the top of the page, not again on the sheet)."""
    game = seated_table.play(seated_table.create_match(), 1000, seed=2)
    result = RULES.result(game.state)
    assert result is not None

    html = browser(seated_table.storyguide).get(f"/matches/{game.pk}/", {"lang": "en"})
    html = html.content.decode()

    shown = html[html.index('id="ending"') :]
    shown = shown[: shown.index("</strong>")]
    assert escape(MANIFEST.words.ending(result, "en")) in shown
    assert html.count(escape(MANIFEST.words.ending(result, "en"))) == 1
    assert ("for the win (§7)" if result["winner"] is not None else "no bonus (§7)") in shown


def test_campaign_members_of_any_role_read_a_private_match(table):
    """Also before the captains have handed out their experience points (§3.2)."""
    game_id = table.create_match()["id"]
    for user in (table.storyguide, table.player, table.spectator):
        response = browser(user).get(f"/matches/{game_id}/", {"lang": "en"})
        assert response.status_code == 200
        assert "The captains hand out experience points." in response.content.decode()


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
        # its events (a page of them); once it is over, what it gave the campaign too (its
        # ledger entries, the characters they are attributed to, their Popularity) and
        # the last change of whether it counts (an activity)
        with django_assert_num_queries(7 if game.status == "active" else 11):
            assert client.get(f"/matches/{game.pk}/").status_code == 200
