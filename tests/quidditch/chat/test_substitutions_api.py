"""§8.6 through the API: the captain asks the referee for a substitution from his own
client, the storyguide, as the referee, allows or refuses it, and the log says so.

The seated table (``conftest.SeatedQuidditchTable``): every character has a player of
its own but STreiber2; each team's captain is its keeper (GHüter, SHüter), and only the
keeper's player sends the captain's request (issue 37: the referee relays only the
nicks nobody holds). Allowing or refusing is the referee's own word, of no seat.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from campaign.models import Character

pytestmark = pytest.mark.django_db

KEEPER_BY_CHASER = {
    "action": "substitution",
    "player": "GHüter",
    "reason": "absent",
    "changes": [{"nick": "GHüter", "to": None}, {"nick": "GJäger3", "to": "GHüter"}],
}


class Substitutions:
    """A match of the seated table, and who sends what."""

    def __init__(self, table, match: dict | None = None) -> None:
        self.table = table
        self.match = match or table.create_match()
        self.url = f"/api/matches/{self.match['id']}/"

    def holder(self, nick: str):
        return self.table.client(get_user_model().objects.get(pk=self.match["seats"][nick]))

    @property
    def referee(self):
        return self.table.client(self.table.storyguide)

    def send(self, client, command: dict, **headers):
        return client.post(f"{self.url}commands/", {"command": command}, format="json", **headers)

    def state(self) -> dict:
        return self.referee.get(self.url).json()["state"]

    def narration(self) -> list[dict]:
        page = self.referee.get(f"{self.url}events/", {"limit": 500}).json()
        return [line for event in page["results"] for line in event["narration"]]


def test_8_6_a_keeper_replaced_by_a_playing_chaser_through_the_api(seated_table):
    match = Substitutions(seated_table)
    # The captain's request is offered to the keeper's player, and to nobody else.
    offered = match.holder("GHüter").get(match.url).json()["allowed_commands"]
    assert {
        **KEEPER_BY_CHASER,
        "changes": [{"nick": "GHüter", "to": None}, {"nick": "GJäger1", "to": "GHüter"}],
    } in offered
    assert match.send(match.holder("GHüter"), KEEPER_BY_CHASER).status_code == 201
    answers = [
        command
        for command in match.referee.get(match.url).json()["allowed_commands"]
        if command["action"].endswith("_substitution")
    ]
    assert answers == [
        {"action": "accept_substitution", "team": 0, "when": "now"},
        {"action": "accept_substitution", "team": 0, "when": "pause"},
        {"action": "accept_substitution", "team": 0, "when": "half_time"},
        {"action": "refuse_substitution", "team": 0},
    ]

    response = match.send(match.referee, {"action": "accept_substitution", "team": 0})

    assert response.status_code == 201, response.json()
    state = match.state()
    assert state["players"]["GHüter"]["name"] == "Gryffindor chaser 4"
    assert state["lineup"]["chaser"][0] == ["GJäger1", "GJäger2"]
    assert state["teams"][0]["substituted"] is True
    assert match.narration()[-2:] == [
        {
            "de": "Der Schiedsrichter erlaubt den Spielerwechsel von Gryffindor sofort",
            "en": "The referee allows Gryffindor's substitution now",
            "fr": "L'arbitre autorise le remplacement de Gryffindor maintenant",
        },
        {
            "de": "Spielerwechsel bei Gryffindor: GHüter (Gryffindor keeper 0) hört auf, GJäger3 "
            "(Gryffindor chaser 4) übernimmt GHüter. GJäger3 bleibt unbesetzt. GHüter ist jetzt "
            "Kapitän",
            "en": "Substitution for Gryffindor: GKeeper (Gryffindor keeper 0) leaves the game, "
            "GChaser3 (Gryffindor chaser 4) takes GKeeper. GChaser3 stays empty. GKeeper is "
            "captain now",
            "fr": "Remplacement pour Gryffindor\u00a0: GGardien (Gryffindor keeper 0) quitte le "
            "jeu, GPoursuiveur3 (Gryffindor chaser 4) prend GGardien. GPoursuiveur3 reste "
            "vacant. GGardien est désormais capitaine",
        },
    ]


def test_8_6_three_persons_change_position_one_of_them_a_substitute_of_the_house(seated_table):
    """The text's example: a chaser stops, the keeper takes his place, a newcomer keeps goal.
    The newcomer is a character of the house named in the team's substitutes."""
    neville = Character.objects.create(
        campaign=seated_table.campaign,
        house=seated_table.house("Gryffindor"),
        name="Neville Longbottom",
        quidditch_position="chaser",
        attributes=seated_table.teams["Gryffindor"][0].attributes,
    )
    body = seated_table.match_body()
    body["config"]["teams"][0]["substitutes"] = [{"character": neville.pk}]
    response = seated_table.client(seated_table.storyguide).post(
        "/api/matches/", body, format="json"
    )
    assert response.status_code == 201, response.json()
    match = Substitutions(seated_table, response.json())
    assert match.match["state"]["teams"][0]["substitutes"] == [
        {"name": "Neville Longbottom", "character": neville.pk}
    ]
    three = {
        "action": "substitution",
        "player": "GHüter",
        "reason": "tactics",
        "changes": [
            {"nick": "GJäger2", "to": None},
            {"nick": "GHüter", "to": "GJäger2"},
            {"substitute": 0, "to": "GHüter"},
        ],
    }
    assert match.send(match.holder("GHüter"), three).status_code == 201
    response = match.send(match.referee, {"action": "accept_substitution", "team": 0})
    assert response.status_code == 201, response.json()
    state = match.state()
    assert [state["players"][nick]["character"] for nick in ("GHüter", "GJäger2")] == [
        neville.pk,
        seated_table.teams["Gryffindor"][0].pk,  # the keeper plays GJäger2 now
    ]
    assert state["teams"][0]["captain"] == "GJäger2"
    assert match.narration()[-1]["en"] == (
        "Substitution for Gryffindor: GChaser2 (Gryffindor chaser 3) leaves the game, GKeeper "
        "(Gryffindor keeper 0) takes GChaser2, Neville Longbottom comes in as GKeeper. GChaser2 is "
        "captain now"
    )


def test_8_6_four_persons_are_refused_through_the_api(seated_table):
    """The contract bounds a substitution to three changes (§8.6), so the API refuses four
    before the rules see them (issue 41: 400, naming the field and the bound)."""
    match = Substitutions(seated_table)
    four = {
        "action": "substitution",
        "player": "GHüter",
        "reason": "tactics",
        "changes": [
            {"nick": "GJäger1", "to": "GTreiber1"},
            {"nick": "GTreiber1", "to": "GJäger1"},
            {"nick": "GJäger2", "to": "GTreiber2"},
            {"nick": "GTreiber2", "to": "GJäger2"},
        ],
    }
    response = match.send(match.holder("GHüter"), four, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"] == {"command.changes": ["“changes” lists at most 3."]}


def test_8_6_a_second_substitution_is_refused_with_the_rules_words(seated_table):
    match = Substitutions(seated_table)
    match.send(match.holder("GHüter"), KEEPER_BY_CHASER)
    match.send(match.referee, {"action": "accept_substitution", "team": 0, "when": "now"})
    second = {
        "action": "substitution",
        "player": "GHüter",
        "reason": "tactics",
        "changes": [{"nick": "GJäger1", "to": "GTreiber1"}, {"nick": "GTreiber1", "to": "GJäger1"}],
    }
    # GHüter is played by the chaser's player now, and the seat went with him.
    response = match.send(match.holder("GJäger3"), second)

    assert response.status_code == 422
    assert (response.json()["code"], response.json()["rule"]) == ("one_substitution", "§8.6")
    assert response.json()["detail"] == (  # in the game's language, German (§8.6's words)
        "Gryffindor hat schon gewechselt: Es ist maximal ein Spielerwechsel erlaubt. Ein Hüter "
        "oder Sucher, der fehlt, darf und muss noch durch einen bereits spielenden Jäger oder "
        "Treiber ersetzt werden."
    )


def test_8_6_a_players_request_is_refused_only_the_captain_asks(seated_table):
    """The refusal names the nick in the reader's English, GChaser1 (issue 39)."""
    match = Substitutions(seated_table)
    request = {**KEEPER_BY_CHASER, "player": "GJäger1"}
    response = match.send(match.holder("GJäger1"), request, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["rule"]) == ("not_the_captain", "§8.6")
    assert response.json()["detail"] == (
        "Only the captain asks the referee for a substitution; GChaser1 is not."
    )


def test_8_6_the_referee_sends_no_request_for_a_captain_someone_holds(seated_table):
    """Issue 37: the storyguide relays only the nicks nobody holds."""
    match = Substitutions(seated_table)
    response = match.send(match.referee, KEEPER_BY_CHASER)
    assert response.status_code == 403
    assert match.state()["substitutions"] == []


def test_8_6_the_referee_refuses_and_the_log_says_so(seated_table):
    match = Substitutions(seated_table)
    match.send(match.holder("GHüter"), KEEPER_BY_CHASER)
    response = match.send(match.referee, {"action": "refuse_substitution", "team": 0})
    assert response.status_code == 201, response.json()
    state = match.state()
    assert state["players"]["GHüter"]["name"] == "Gryffindor keeper 0"
    assert state["substitutions"] == [] and state["teams"][0]["substituted"] is False
    assert match.narration()[-1] == {
        "de": "Der Schiedsrichter lehnt den Spielerwechsel von Gryffindor ab",
        "en": "The referee refuses Gryffindor's substitution",
        "fr": "L'arbitre refuse le remplacement de Gryffindor",
    }


def test_8_6_the_seats_follow_the_persons_who_play_the_nicks_after_a_substitution(
    seated_table,
):
    """The keeper's player leaves; GJäger3's player now plays GHüter and commands it, the
    keeper's player commands nothing, and GJäger3, played by nobody, is nobody's seat."""
    match = Substitutions(seated_table)
    keeper, chaser = (
        get_user_model().objects.get(pk=match.match["seats"][nick])
        for nick in ("GHüter", "GJäger3")
    )
    assert match.send(match.holder("GHüter"), KEEPER_BY_CHASER).status_code == 201
    assert (
        match.send(match.referee, {"action": "accept_substitution", "team": 0}).status_code == 201
    )

    seats = match.referee.get(match.url).json()["seats"]
    assert seats["GHüter"] == chaser.pk
    assert "GJäger3" not in seats
    assert keeper.pk not in seats.values()
    refused = match.send(seated_table.client(keeper), {"action": "save", "player": "GHüter"})
    assert refused.status_code == 403
