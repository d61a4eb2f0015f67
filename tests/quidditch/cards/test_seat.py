"""Holding a seat (issue 28): a storyguide who seats themselves plays that team.

"A storyguide who seats themselves in a card game (``seats {"slytherin": <their
id>}``, answered 201) is always treated as the referee, so ``allowed_commands``
stays empty." The platform sees such a storyguide as ``Actor(REFEREE,
{"slytherin"})``: they play Slytherin, see Slytherin's hand and nothing more
than a referee and Slytherin's player may; nobody plays a hand they do not
hold ("Do not show these cards to your opponent", SET UP), so the referee
relays no seat (``referee_relays = False``).
"""

import json

import pytest

from games.dice import ServerDice
from games.ruleset import REFEREE, Actor, RuleViolation
from tests.quidditch.cards import RULES, G, Match, S, seven

STORYGUIDE_AS_SLYTHERIN = Actor(REFEREE, frozenset({S}))


def a_match() -> Match:
    match = Match(
        slytherin=seven("S", "chaser9"), gryffindor=seven("G", "keeper8"), pitch=["P-quaffle-1"]
    )
    return match


def refusal(command: dict, actor: Actor) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        RULES.apply(a_match().state, command, actor=actor, dice=ServerDice(b"0" * 32, "x"), now=0.0)
    return refused.value


def test_the_referee_relays_no_seat_in_a_game_of_hidden_hands():
    assert RULES.referee_relays is False


def test_a_storyguide_holding_slytherin_is_offered_slytherins_commands_and_no_others():
    offered = RULES.allowed_commands(a_match().state, STORYGUIDE_AS_SLYTHERIN)
    assert offered == [{"action": "pass", "player": S}], "Slytherin's move in the window, no other"


def test_a_storyguide_holding_slytherin_sees_slytherins_hand_and_only_the_size_of_gryffindors():
    match = a_match()
    seen = RULES.view(match.state, STORYGUIDE_AS_SLYTHERIN)
    assert seen["teams"][S]["hand"] == match.hand(S)
    assert "hand" not in seen["teams"][G] and seen["teams"][G]["hand_size"] == 7
    assert not set(json.dumps(seen).split('"')) & set(match.hand(G))


def test_a_storyguide_holding_slytherin_plays_slytherins_cards_and_sees_their_own_face_down():
    match = a_match()
    match.pass_window()
    outcome = RULES.apply(
        match.state,
        {"action": "play", "player": S, "ball": "P-quaffle-1", "card": "S-chaser9-1"},
        actor=STORYGUIDE_AS_SLYTHERIN,
        dice=ServerDice(b"0" * 32, "x"),
        now=0.0,
    )
    record = {
        "command": {"action": "play", "player": S, "ball": "P-quaffle-1", "card": "S-chaser9-1"},
        "submitted": {"command": {}},
        "events": outcome.events,
        "dice": [],
    }
    assert RULES.view_event(record, STORYGUIDE_AS_SLYTHERIN)["events"][0]["card"] == "S-chaser9-1"
    assert RULES.view_event(record, Actor(REFEREE))["events"][0]["card"] == "face down"


def test_a_storyguide_holding_slytherin_may_not_play_gryffindors_cards():
    assert refusal({"action": "pass", "player": G}, STORYGUIDE_AS_SLYTHERIN).code == "not_your_team"


def test_the_storyguide_in_no_seat_plays_no_teams_cards():
    assert RULES.allowed_commands(a_match().state, Actor(REFEREE)) == []
    assert refusal({"action": "pass", "player": S}, Actor(REFEREE)).code == "not_your_team"


# Through the API.


@pytest.fixture
def seated(table):
    """The storyguide seats themselves as Slytherin against the simple bot: the match's URL."""
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {},
            "seats": {S: table.storyguide.pk},
            "bots": {G: "simple"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    return f"/api/matches/{created.json()['id']}/"


@pytest.mark.django_db
def test_through_the_api_the_seated_storyguide_is_offered_slytherins_commands(table, seated):
    game = table.client(table.storyguide).get(seated).json()
    offered = game["allowed_commands"]
    assert offered and {command.get("player") for command in offered} == {S}
    assert "hand" in game["state"]["teams"][S] and "hand" not in game["state"]["teams"][G]


@pytest.mark.django_db
def test_through_the_api_the_seated_storyguide_plays_slytherin_to_the_next_round(table, seated):
    storyguide = table.client(table.storyguide)
    game = storyguide.get(seated).json()
    start = game["state"]["round"]
    for _ in range(60):
        if game["state"]["round"] > start:
            break
        answer = storyguide.post(
            f"{seated}commands/", {"command": game["allowed_commands"][0]}, format="json"
        )
        assert answer.status_code == 201, answer.json()
        game = answer.json()["game"]
    assert game["state"]["round"] > start, "Slytherin's moves are the storyguide's to give"


@pytest.mark.django_db
def test_through_the_api_the_seated_storyguide_may_not_give_gryffindors_commands(table, seated):
    answer = table.client(table.storyguide).post(
        f"{seated}commands/", {"command": {"action": "pass", "player": G}}, format="json"
    )
    assert answer.status_code == 422 and answer.json()["code"] == "not_your_team"


@pytest.mark.django_db
def test_through_the_api_a_storyguide_in_no_seat_sees_no_hand_and_gives_no_teams_command(table):
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {},
            "seats": {S: table.player.pk},
            "bots": {G: "simple"},
        },
        format="json",
    )
    game = table.client(table.storyguide).get(f"/api/matches/{created.json()['id']}/").json()
    assert game["allowed_commands"] == []
    assert all("hand" not in team for team in game["state"]["teams"].values())
