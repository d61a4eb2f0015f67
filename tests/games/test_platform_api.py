"""The platform serves any registered ruleset through the API, with no code of its own.

``tests/games/toy.py`` registers *high card* (two hidden hands) from a test
module; here it is described, created, played to its end and verified through
the API, and its hidden cards are looked for in everything the other seat
can read. Then every ruleset of the match kind is played to its end through
the API by its allowed commands alone.
"""

import json
import random
import re
from xml.etree import ElementTree

import pytest
from django.test import Client

from games.manifest import manifest_of
from games.ruleset import ruleset_names
from tests.games.toy import MANIFEST as HIGH_CARD

pytestmark = pytest.mark.django_db


def create_high_card(table, **extra):
    body = {
        "campaign": table.campaign.pk,
        "ruleset": "high-card",
        "config": {},
        "seats": {"north": table.player.pk, "south": table.other_player.pk},
        **extra,
    }
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def submit(table, user, game_id, command) -> dict:
    response = table.client(user).post(
        f"/api/matches/{game_id}/commands/", {"command": command}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_ruleset_registered_by_a_test_module_is_described_by_the_api(table):
    described = table.client().get("/api/rulesets/high-card/").json()
    assert described["title"] == "High card"
    assert described["kind"] == "match"
    assert described["seats"] == ["north", "south"]
    assert described["bots"] == ["random"]
    assert described["takes_text"] is False
    names = [ruleset["name"] for ruleset in table.client().get("/api/rulesets/").json()]
    assert "high-card" in names and "chat-quidditch" in names


def test_a_toy_ruleset_is_played_to_its_end_through_the_api_and_verifies(table):
    game = create_high_card(table)
    game = submit(table, table.storyguide, game["id"], {"action": "deal"})["game"]
    for user in (table.player, table.other_player):
        mine = table.client(user).get(f"/api/matches/{game['id']}/").json()["allowed_commands"]
        assert len(mine) == 2, "a command for each card of one's own hand"
        game = submit(table, user, game["id"], mine[0])["game"]
    assert game["status"] == "finished" and game["result"]["winner"] in ("north", "south")
    report = table.client(table.player).get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] and report["seed_revealed"] and report["rolls_checked"] == 5


def test_a_hidden_card_never_reaches_the_other_seat_through_any_endpoint(table):
    """North reads every endpoint after every step: south's cards never show until the end."""
    game_id = create_high_card(table)["id"]
    north = table.client(table.player)
    page = Client()
    page.force_login(table.player)
    submit(table, table.storyguide, game_id, {"action": "deal"})
    answers = []
    south_cards = set(HIGH_CARD.playtest.secrets(_state(game_id))["south"])
    seen = []

    def look():
        for path in ("", "events/", "verify/", "board.svg/", "board.svg/?at=1"):
            seen.append(north.get(f"/api/matches/{game_id}/{path}").content.decode())
        seen.append(page.get(f"/matches/{game_id}/").content.decode())

    look()
    mine = north.get(f"/api/matches/{game_id}/").json()["allowed_commands"]
    answers.append(submit(table, table.player, game_id, mine[0]))
    look()
    seen += [json.dumps(answer) for answer in answers]
    leaked = {card for card in south_cards for text in seen if re.search(rf"\b{card}\b", text)}
    assert leaked == set()
    # South's own reading shows south's hand.
    south = table.client(table.other_player).get(f"/api/matches/{game_id}/").json()
    assert set(south["state"]["hands"]["south"]) == south_cards
    # The shuffle's faces are hidden from everyone while the game runs, the referee too.
    events = table.client(table.storyguide).get(f"/api/matches/{game_id}/events/").json()
    assert [roll["face"] for roll in events["results"][0]["dice"]] == [None] * 5


def test_the_board_is_drawn_as_svg_at_any_point_of_the_log_as_the_reader_may_see_it(table):
    game_id = create_high_card(table)["id"]
    submit(table, table.storyguide, game_id, {"action": "deal"})
    north = table.client(table.player)
    play = north.get(f"/api/matches/{game_id}/").json()["allowed_commands"][0]
    submit(table, table.player, game_id, play)
    url = f"/api/matches/{game_id}/board.svg/"

    before_the_deal = north.get(url, {"at": 0})
    assert before_the_deal["Content-Type"] == "image/svg+xml"
    assert ElementTree.fromstring(before_the_deal.content).tag == "{http://www.w3.org/2000/svg}svg"
    assert "north: hand [], down -" in before_the_deal.content.decode()
    after_the_deal = north.get(url, {"at": 1}).content.decode()
    assert f"north: hand 0, down {play['card']}" not in after_the_deal
    assert "south: hand 2, down -" in after_the_deal, "south's cards are counted, not shown"
    now = north.get(url).content.decode()
    assert (
        f"north: hand [&#x27;{_state(game_id)['hands']['north'][0]}&#x27;], down {play['card']}"
        in now
    )
    south = table.client(table.other_player).get(url).content.decode()
    assert "north: hand 1, down face down" in south
    page = Client()
    page.force_login(table.player)
    assert f'<img src="{url}"' in page.get(f"/matches/{game_id}/").content.decode()


def test_board_svg_answers_404_for_a_ruleset_without_a_board_and_400_for_a_bad_point(table):
    game_id = create_high_card(table)["id"]
    assert (
        table.client(table.player).get(f"/api/matches/{game_id}/board.svg/?at=x").status_code == 400
    )
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {"campaign": table.campaign.pk, "ruleset": "dice-quidditch", "config": {}},
        format="json",
    )
    answer = table.client(table.player).get(
        f"/api/matches/{created.json()['id']}/board.svg/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == 404
    assert answer.json()["detail"] == "This game has no board to draw."


def _state(game_id):
    from games.models import Game

    return Game.objects.get(pk=game_id).state


MATCH_RULESETS = [name for name in ruleset_names() if manifest_of(name).kind == "match"]


@pytest.mark.parametrize("name", MATCH_RULESETS)
def test_every_ruleset_plays_to_its_end_through_the_api_by_allowed_commands(table, name):
    """From the example config, one player holding every seat and the storyguide refereeing
    submit what the API offers them, and nothing else, until the game ends; the log verifies."""
    manifest = manifest_of(name)
    referee, player = table.client(table.storyguide), table.client(table.player)
    seats = table.client().get(f"/api/rulesets/{name}/").json()["seats"]
    created = referee.post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": name,
            "config": manifest.contract.example,
            "seats": dict.fromkeys(seats, table.player.pk),
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    url, rng = f"/api/matches/{created.json()['id']}/", random.Random(name)
    for _ in range(manifest.playtest.max_commands):
        views = [(client, client.get(url).json()) for client in (player, referee)]
        if views[0][1]["status"] != "active":
            break
        offered = [
            (client, command) for client, game in views for command in game["allowed_commands"]
        ]
        usual = [
            (client, command)
            for client, command in offered
            if rng.random() < manifest.playtest.rare_actions.get(command["action"], 1.0)
        ]
        client, command = rng.choice(usual or offered)
        answer = client.post(f"{url}commands/", {"command": command}, format="json")
        assert answer.status_code == 201, answer.json()
    assert player.get(url).json()["status"] == "finished"
    assert player.get(f"{url}verify/").json()["ok"] is True


def test_the_openapi_contract_documents_each_rulesets_config_and_commands(table):
    schema = table.client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    assert schema["HighCardConfig"]["description"] == "The config of a High card game."
    chat = schema["ChatQuidditchCommand"]  # a component per action, told apart by it (issue 30)
    assert chat["discriminator"]["propertyName"] == "action"
    assert (
        chat["discriminator"]["mapping"]["pass"] == "#/components/schemas/ChatQuidditchPassCommand"
    )
    assert schema["ChatQuidditchPassCommand"]["properties"]["action"]["enum"] == ["pass"]
    created = schema["GameCreateRequest"]["discriminator"]["mapping"]  # one body per ruleset
    assert created["chat-quidditch"] == "#/components/schemas/ChatQuidditchGameCreateRequest"
    assert "skirmish" not in created, "skirmishes are gathered"
    config = schema["ChatQuidditchGameCreateRequest"]["properties"]["config"]
    # No allOf (issue 40); the config's twin for requests, its defaults in words (issue 40).
    assert config == {"$ref": "#/components/schemas/ChatQuidditchConfigRequest"}
    submitted = schema["SubmissionRequest"]["discriminator"]["mapping"]
    assert submitted["skirmish"] == "#/components/schemas/SkirmishSubmissionRequest"


def test_a_deck_shuffled_at_the_table_is_entered_as_its_order_and_marked_entered(table):
    """Entered dice work for shuffles too: the referee enters the deck's new order."""
    game = create_high_card(table, entered_dice="referee")
    order = [6, 5, 4, 3, 2, 1]  # the deck turned over: c6 on top
    answer = table.client(table.storyguide).post(
        f"/api/matches/{game['id']}/commands/",
        {"command": {"action": "deal"}, "dice": [order]},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    north = table.client(table.player).get(f"/api/matches/{game['id']}/").json()
    assert north["state"]["hands"]["north"] == ["c6", "c5"]
    events = table.client(table.storyguide).get(f"/api/matches/{game['id']}/events/").json()
    rolls = events["results"][0]["dice"]
    assert len(rolls) == 5 and {roll["source"] for roll in rolls} == {"entered"}
    refused = table.client(table.storyguide).post(
        f"/api/matches/{create_high_card(table, entered_dice='referee')['id']}/commands/",
        {"command": {"action": "deal"}, "dice": [[1, 1, 2, 3, 4, 5]]},
        format="json",
    )
    assert refused.status_code == 422 and refused.json()["code"] == "invalid_dice"
    assert refused.json()["detail"] == "a deck of 6 is entered as each position 1-6 once"


def test_a_skirmish_plays_to_its_end_through_the_api_by_allowed_commands(table):
    """The skirmish is gathered through its own endpoint (from ad-hoc participants here),
    then played like any game: only what the API offers, until the end; the log verifies."""
    manifest = manifest_of("skirmish")
    participants = [
        {"name": p["name"], "attributes": {**p["attributes"], "Humor": 3}, "health": p["health"]}
        for p in manifest.contract.example["participants"]
    ]
    referee = table.client(table.storyguide)
    created = referee.post(
        "/api/skirmishes/",
        {
            "campaign": table.campaign.pk,
            "participants": participants,
            "defence_attribute": "Quickness",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    url, rng = f"/api/skirmishes/{created.json()['id']}/", random.Random("skirmish")
    for _ in range(manifest.playtest.max_commands):
        game = referee.get(url).json()
        if game["status"] != "active":
            break
        offered = game["allowed_commands"]
        usual = [
            c
            for c in offered
            if rng.random() < manifest.playtest.rare_actions.get(c["action"], 1.0)
        ]
        answer = referee.post(
            f"{url}commands/", {"command": rng.choice(usual or offered)}, format="json"
        )
        assert answer.status_code == 201, answer.json()
    assert referee.get(url).json()["status"] == "finished"
    assert referee.get(f"{url}verify/").json()["ok"] is True
