"""Skirmishes through the API: gathered from a campaign, played by its table, audited.

The dice are the server's, so the order is the dice's: each test reads whose
turn it is from the state, as a client does, and cites the paragraph
(``Ch.7 ¶n``, docs/rules/skirmish.md) of each rule it checks.
"""

import hashlib
import hmac
import struct

import pytest

from campaign.models import Character, Role
from games.models import Game, GameEvent, Seat
from skirmish.manifest import MANIFEST
from tests.factories import CampaignFactory, MembershipFactory
from tests.skirmish.conftest import PEEVES, sheet

pytestmark = pytest.mark.django_db

OPPOSED_DEXTERITY = {
    "kind": "opposed",
    "attribute": "Dexterity",
    "opposing": {"attribute": "Dexterity"},
}


def face(seed_hex: str, client_seed: str, nonce: int, sides: int) -> int:
    """The README's re-derivation of a server die, as any player could write it."""
    key, limit, i = bytes.fromhex(seed_hex), (2**32 // sides) * sides, 0
    while True:
        digest = hmac.new(key, f"{client_seed}:{nonce}:{i}".encode(), hashlib.sha256).digest()
        for (u,) in struct.iter_unpack(">I", digest):
            if u < limit:
                return u % sides + 1
        i += 1


def unchanged(game_id: int, before: tuple) -> bool:
    game = Game.objects.get(pk=game_id)
    return (game.version, game.next_nonce, game.state, GameEvent.objects.count()) == before


def snapshot(game_id: int) -> tuple:
    game = Game.objects.get(pk=game_id)
    return (game.version, game.next_nonce, game.state, GameEvent.objects.count())


# --- gathering ----------------------------------------------------------------------------


def test_a_skirmish_is_gathered_from_characters_and_an_ad_hoc_participant(table):
    game = table.create()
    harry, ron, draco = table.key(table.harry), table.key(table.ron), table.key(table.draco)
    participants = game["state"]["participants"]
    assert list(participants) == [harry, ron, draco, "p04"] == ["p01", "p02", "p03", "p04"]
    assert participants[harry] == {
        "name": "Harry",
        "character": table.harry.pk,
        "attributes": table.harry.attributes,
        "health": 5,
        "health_max": 5,
        "side": None,
    }
    assert participants["p04"] == {"character": None, **PEEVES, "health_max": 3, "side": None}
    assert game["seats"] == {harry: table.player.pk, ron: table.other_player.pk}
    assert game["kind"] == "skirmish" and game["title"] == "Corridor on the third floor"
    stored = Game.objects.get(pk=game["id"])
    assert stored.config["die_size"] == 20
    assert stored.config["categories"] == {
        "mental": "Wits",
        "physical": "Dexterity",
        "spiritual": "Bravery",
        "social": "Humor",
    }
    assert game["state"]["phase"] == "gathering"


def test_before_initiative_only_the_storyguide_has_commands(table):
    """Ch.7 ¶4: the storyguide names the initiator, so he alone starts the skirmish."""
    game = table.create()
    offered = table.read(game["id"])["allowed_commands"]
    assert {"action": "roll_initiative", "initiator": "p01", "category": "physical"} in offered
    assert table.read(game["id"], table.player)["allowed_commands"] == []


def test_only_a_storyguide_of_the_campaign_creates_a_skirmish(table):
    body = {"campaign": table.campaign.pk, "participants": [PEEVES]}
    for user in (table.player, table.spectator):
        response = table.client(user).post("/api/skirmishes/", body, format="json")
        assert response.status_code == 403
    response = table.client(table.outsider).post("/api/skirmishes/", body, format="json")
    assert response.status_code == 400, "not a campaign of theirs"
    assert "campaign" in response.json()["errors"]
    assert table.client().post("/api/skirmishes/", body, format="json").status_code in (401, 403)
    assert not Game.objects.exists()


def test_another_campaigns_character_is_refused(table):
    elsewhere = Character.objects.create(
        campaign=CampaignFactory(), name="Cedric", attributes=sheet()
    )
    response = table.client(table.storyguide).post(
        "/api/skirmishes/",
        {
            "campaign": table.campaign.pk,
            "participants": [{"character": table.harry.pk}, {"character": elsewhere.pk}],
        },
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_config"
    assert response.json()["detail"] == f"The campaign has no character {elsewhere.pk}."
    assert not Game.objects.exists()


def test_the_example_config_is_taken_as_it_stands_and_bots_play_it_to_the_rules_end(table):
    """Issue 30: "every example_config is accepted as it stands by the create endpoint", and
    the skirmish takes bots at creation like the matches; issue 28: bots end it by the rules."""
    body = {"campaign": table.campaign.pk, **MANIFEST.contract.example, "bots": {"*": "fighter"}}
    response = table.client(table.storyguide).post("/api/skirmishes/", body, format="json")
    assert response.status_code == 201, response.json()
    game = response.json()
    assert game["bots"] == {
        "p01": "fighter",
        "p02": "fighter",
        "p03": "fighter",
        "referee": "fighter",
    }
    assert game["status"] == "finished"
    assert game["result"]["ended_by"] == "rules" and len(game["result"]["standing"]) == 1
    assert table.client(table.storyguide).get(f"/api/skirmishes/{game['id']}/verify/").json()["ok"]


def test_seats_and_bots_are_named_at_creation(table):
    """A character's player holds its participant unless the body says otherwise; an ad-hoc
    participant goes to a member, or to a bot; the storyguide runs the others."""
    body = {
        "campaign": table.campaign.pk,
        "participants": [
            {"character": table.harry.pk, "side": "Gryffindor"},
            {"key": "peeves", **PEEVES},
            {"name": "Filch", "attributes": {"Dexterity": 2}, "health": 4, "health_max": 6},
        ],
        "seats": {"peeves": table.other_player.pk},
        "bots": {"p02": "fighter"},
        "harm": 2,
    }
    response = table.client(table.storyguide).post("/api/skirmishes/", body, format="json")
    assert response.status_code == 201, response.json()
    game = response.json()
    assert game["seats"] == {"p01": table.player.pk, "peeves": table.other_player.pk}
    assert game["bots"] == {"p02": "fighter"}
    participants = game["state"]["participants"]
    assert participants["p01"]["side"] == "Gryffindor"
    assert (participants["p02"]["health"], participants["p02"]["health_max"]) == (4, 6)
    assert game["state"]["settings"]["harm"] == 2
    unknown = table.client(table.storyguide).post(
        "/api/skirmishes/", {**body, "bots": {"p09": "fighter"}}, format="json"
    )
    assert unknown.status_code == 400 and "bots" in unknown.json()["errors"]


def test_a_refusal_is_told_in_the_readers_language(table):
    gid = table.create()["id"]
    table.begin(gid)
    command = {"action": "change_health", "participant": table.key(table.ron), "by": -9}
    for language, detail in (
        ("de", "Die Gesundheit von Ron bleibt zwischen 0 und 5."),
        ("fr", "La Santé de Ron reste entre 0 et 5."),
        ("en", "Ron's Health stays between 0 and 5."),
    ):
        response = table.client(table.storyguide).post(
            f"/api/skirmishes/{gid}/commands/?lang={language}", {"command": command}, format="json"
        )
        assert response.status_code == 422
        assert response.json()["detail"] == detail


@pytest.mark.parametrize(
    "participant",
    [
        {"character": 1, "name": "Both"},
        {"name": "No attributes"},
        {"attributes": {"Wits": 3}},
        {"name": "Peeves", "attributes": {"Wits": "three"}},
    ],
)
def test_a_participant_is_a_character_or_a_name_with_attributes(table, participant):
    response = table.client(table.storyguide).post(
        "/api/skirmishes/",
        {"campaign": table.campaign.pk, "participants": [participant]},
        format="json",
    )
    assert response.status_code == 400
    assert "participants" in response.json()["errors"]


def test_an_ad_hoc_participants_attributes_are_the_campaigns(table):
    response = table.client(table.storyguide).post(
        "/api/skirmishes/",
        {
            "campaign": table.campaign.pk,
            "participants": [{"name": "Troll", "attributes": {"Brawn": 9}}],
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "participants": ["Troll: Brawn is not an attribute of the campaign."]
    }


# --- a whole skirmish ---------------------------------------------------------------------


def test_a_skirmish_run_entirely_through_the_api_leaves_a_log_that_verifies(table):
    game = table.create()
    gid = game["id"]
    harry, ron, draco = table.key(table.harry), table.key(table.ron), table.key(table.draco)
    peeves = table.ad_hoc("Peeves")

    # Ch.7 ¶4-¶6: Draco's initiating action, then everyone rolls Dexterity, highest first.
    state = table.do(
        gid,
        {
            "action": "roll_initiative",
            "initiator": draco,
            "category": "physical",
            "initiating_action": {"what": "trips Ron", "target": ron},
        },
    )["state"]
    order = state["order"]
    assert sorted(order) == sorted([harry, ron, draco, peeves])
    totals = [state["initiative"][key]["total"] for key in order]
    assert totals == sorted(totals, reverse=True)
    # ¶6: the initiator has no action in the first round.
    first, second, third = [key for key in order if key != draco]
    assert (state["round"], state["turn"]) == (1, first)
    assert state["yet_to_act"] == [first, second, third]

    # ¶9: the first delays; the turn passes on, the delayer may still dodge.
    state = table.do(gid, {"action": "delay", "participant": first})["state"]
    assert (state["turn"], state["delaying"]) == (second, [first])
    assert first in state["yet_to_act"]

    # ¶8, ¶10: an attack on the third waits for its defenders.
    state = table.do(
        gid,
        {
            "action": "act",
            "participant": second,
            "what": "Stupefy",
            "target": third,
            "roll": OPPOSED_DEXTERITY,
        },
    )["state"]
    assert state["attack"]["target"] == third
    seen_by_target = table.read(gid, table.commander(third))
    assert {"action": "dodge", "participant": third} in seen_by_target["allowed_commands"]
    seen_by_delayer = table.read(gid, table.commander(first))
    assert {"action": "intervene", "participant": first} in seen_by_delayer["allowed_commands"]

    state = table.do(gid, {"action": "dodge", "participant": third})["state"]
    assert state["attack"]["defenders"][0]["participant"] == third
    answer = table.send(gid, {"action": "intervene", "participant": first}).json()
    # the action, and its harm if it succeeds (Ch.7: success costs one Health point)
    [action] = [event for event in answer["event"]["events"] if event["type"] == "action"]
    assert [d["participant"] for d in action["defenders"]] == [third, first]
    state = answer["game"]["state"]
    assert state["attack"] is None and state["delaying"] == []

    # ¶7: when all have acted, a new round in the same order (the dodge kept its place, ¶8).
    state = table.do(gid, {"action": "end_turn", "participant": second})["state"]
    assert (state["round"], state["order"], state["turn"]) == (2, order, order[0])

    # ¶9: the first of round 2 delays, re-enters after the second's turn and keeps that place.
    one, two, three, four = order
    table.do(gid, {"action": "delay", "participant": one})
    state = table.do(gid, {"action": "re_enter", "participant": one})["state"]
    assert state["re_entering"] == [one]
    check = {"kind": "check", "attribute": "Dexterity", "difficulty": 5}
    table.do(gid, {"action": "act", "participant": two, "what": "Lumos", "roll": check})
    state = table.do(gid, {"action": "end_turn", "participant": two})["state"]
    assert (state["turn"], state["order"]) == (one, [two, one, three, four])
    table.do(gid, {"action": "act", "participant": one, "what": "runs"})
    state = table.do(gid, {"action": "end_turn", "participant": one})["state"]
    assert state["turn"] == three

    # The storyguide's Health changes reach the characters' sheets; one that would take
    # Health below 0 is refused (hits may have cost some already: read it first).
    health = {key: p["health"] for key, p in state["participants"].items()}
    state = table.do(gid, {"action": "change_health", "participant": harry, "by": -2})["state"]
    assert state["participants"][harry]["health"] == health[harry] - 2
    refused = table.send(gid, {"action": "change_health", "participant": ron, "by": -9})
    assert refused.status_code == 422 and refused.json()["code"] == "health_out_of_bounds"
    table.do(gid, {"action": "change_health", "participant": peeves, "by": -1})
    table.harry.refresh_from_db()
    table.ron.refresh_from_db()
    assert (table.harry.health, table.ron.health) == (health[harry] - 2, health[ron])

    # ¶3: the storyguide ends it; the seed is revealed and every roll can be re-derived.
    game = table.do(gid, {"action": "end_skirmish", "summary": "Filch arrives."})
    assert game["status"] == "finished" and game["allowed_commands"] == []
    assert game["result"] == {
        "ended_by": "storyguide",
        "standing": [harry, ron, draco, peeves],
        "rounds": 2,
        "seconds": 12,
        "health": {**health, harry: health[harry] - 2, peeves: health[peeves] - 1},
        "names": {harry: "Harry", ron: "Ron", draco: "Draco", peeves: "Peeves"},
        "sentence": "The storyguide ended the skirmish in round 2 (12 seconds), with Harry"
        " (Health 3), Ron (Health 5), Draco (Health 5) and Peeves (Health 2) still in the fight.",
    }
    assert game["server_seed"] is not None
    assert (
        hashlib.sha256(bytes.fromhex(game["server_seed"])).hexdigest() == (game["seed_commitment"])
    )

    verification = table.client(table.spectator).get(f"/api/skirmishes/{gid}/verify/").json()
    assert verification["ok"] is True
    assert verification["seed_revealed"] and verification["seed_matches_commitment"]
    assert verification["rolls_intact"] and verification["replay_matches"]
    assert verification["rolls_checked"] == game["next_nonce"] > 0

    log = table.client(table.player).get(f"/api/skirmishes/{gid}/events/").json()["results"]
    assert len(log) == game["version"]
    rolls = [roll for event in log for roll in event["dice"]]
    assert [roll["nonce"] for roll in rolls] == list(range(game["next_nonce"]))
    for roll in rolls:
        assert roll["source"] == "server"
        assert roll["face"] == face(
            game["server_seed"], game["client_seed"], roll["nonce"], roll["sides"]
        )
    assert log[-1]["narration"][-1]["en"]


# --- illegal moves ------------------------------------------------------------------------


def refused(table, gid, command, code, rule):
    """The command, sent by whoever commands its participant, answers 422 with the rule's
    code and paragraph, and changes nothing."""
    before = snapshot(gid)
    response = table.send(gid, command)
    assert response.status_code == 422, response.json()
    body = response.json()
    assert (body["code"], body["rule"]) == (code, rule), body
    assert unchanged(gid, before)


def test_illegal_moves_answer_422_naming_the_rule_and_change_nothing(table):
    game = table.create()
    gid = game["id"]
    draco = table.key(table.draco)
    order = table.begin(gid)["state"]["order"]
    first, second, third = [key for key in order if key != draco]

    # Ch.7 ¶6: turns go in initiative order, and the initiator waits out round 1.
    refused(table, gid, {"action": "act", "participant": second}, "not_your_turn", "Ch.7 ¶6")
    refused(table, gid, {"action": "act", "participant": draco}, "initiator_waits", "Ch.7 ¶6")

    table.do(gid, {"action": "act", "participant": first, "what": "shouts"})
    # Ch.7 ¶7: one action a turn.
    refused(table, gid, {"action": "act", "participant": first}, "already_acted", "Ch.7 ¶7")
    table.do(gid, {"action": "end_turn", "participant": first})
    table.do(gid, {"action": "delay", "participant": second})
    # Ch.7 ¶10: a delaying character cannot interrupt other actors.
    refused(table, gid, {"action": "act", "participant": second}, "cannot_interrupt", "Ch.7 ¶10")

    attack = {"action": "act", "participant": third, "target": first, "roll": OPPOSED_DEXTERITY}
    table.do(gid, attack)  # waits: the delaying second may intervene
    # Ch.7 ¶8: only a character that has yet to act in a round can dodge.
    refused(table, gid, {"action": "dodge", "participant": first}, "already_acted", "Ch.7 ¶8")
    # Ch.7 ¶10: only a delaying character may intervene for someone else.
    refused(table, gid, {"action": "intervene", "participant": draco}, "not_delaying", "Ch.7 ¶10")
    # Ch.7 ¶8: the turn cannot end while its attack waits for its defenders.
    refused(table, gid, {"action": "end_turn", "participant": third}, "attack_pending", "Ch.7 ¶8")

    assert table.send(gid, {"action": "intervene", "participant": second}).status_code == 201


def test_after_the_end_nothing_moves(table):
    """Ch.7 ¶3: the Storyguide determines when a Skirmish has ended."""
    gid = table.create()["id"]
    table.do(gid, {"action": "end_skirmish"})
    before = snapshot(gid)
    begin = {"action": "roll_initiative", "initiator": "p01", "category": "physical"}
    response = table.send(gid, begin, table.storyguide)
    assert response.status_code == 422 and response.json()["code"] == "game_over"
    assert unchanged(gid, before)


# --- who may do what ----------------------------------------------------------------------


def test_a_player_is_offered_and_may_give_only_their_own_characters_commands(table):
    gid = table.create()["id"]
    state = table.begin(gid)["state"]
    harry, ron = table.key(table.harry), table.key(table.ron)
    for user, key in ((table.player, harry), (table.other_player, ron)):
        offered = table.read(gid, user)["allowed_commands"]
        if state["turn"] != key:
            assert offered == []
            continue
        assert {c["action"] for c in offered} == {"act", "delay", "end_turn"}
        assert {c["participant"] for c in offered} == {key}

    before = snapshot(gid)
    for command in (
        {"action": "delay", "participant": ron},
        {"action": "change_health", "participant": harry, "by": 1},
        {"action": "end_skirmish"},
    ):
        response = table.send(gid, command, table.player)
        assert response.status_code == 422
        assert response.json()["code"] in {"not_permitted", "storyguide_only"}
    assert unchanged(gid, before)


def test_the_player_whose_turn_it_is_plays_it(table):
    gid = table.create()["id"]
    state = table.begin(gid, initiator=table.ad_hoc("Peeves"))["state"]
    while state["turn"] != table.key(table.harry):
        turn = state["turn"]
        table.do(gid, {"action": "end_turn", "participant": turn})
        state = table.read(gid)["state"]
    harry = table.key(table.harry)
    state = table.do(gid, {"action": "delay", "participant": harry}, table.player)["state"]
    assert harry in state["delaying"]
    offered = table.read(gid, table.player)["allowed_commands"]
    assert {"action": "re_enter", "participant": harry} in offered


def test_spectators_cannot_command_and_strangers_see_nothing(table):
    gid = table.create()["id"]
    before = snapshot(gid)
    spectator = table.client(table.spectator)
    assert spectator.get(f"/api/skirmishes/{gid}/").status_code == 200
    assert table.read(gid, table.spectator)["allowed_commands"] == []
    response = table.send(gid, {"action": "roll_initiative"}, table.spectator)
    assert response.status_code == 403

    outsider = table.client(table.outsider)
    for path in ("", "events/", "verify/"):
        assert outsider.get(f"/api/skirmishes/{gid}/{path}").status_code == 404
    assert table.send(gid, {"action": "end_skirmish"}, table.outsider).status_code == 404
    response = outsider.post(f"/api/skirmishes/{gid}/participants/", PEEVES, format="json")
    assert response.status_code == 404
    assert unchanged(gid, before)


def test_a_skirmish_is_not_a_match(table):
    gid = table.create()["id"]
    assert table.client(table.storyguide).get(f"/api/matches/{gid}/").status_code == 404


# --- participants joining later -----------------------------------------------------------


def test_the_storyguide_adds_a_character_mid_skirmish_and_its_player_gets_the_seat(table):
    """A latecomer rolls no initiative: it waits as if delaying, from the bottom of the order
    (docs/rules/skirmish.md, "Ad-hoc participants"; Ch.7 ¶9)."""
    luna_player = MembershipFactory(campaign=table.campaign, role=Role.PLAYER).user
    luna = table.character("Luna", luna_player, Wits=7)
    gid = table.create()["id"]
    table.begin(gid)
    response = table.client(table.storyguide).post(
        f"/api/skirmishes/{gid}/participants/", {"character": luna.pk}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    key = table.key(luna)
    assert body["event"]["events"][0]["type"] == "participant_added"
    state = body["game"]["state"]
    assert state["order"][-1] == key and key in state["delaying"]
    assert body["game"]["seats"][key] == luna_player.pk
    offered = table.read(gid, luna_player)["allowed_commands"]
    assert offered == [{"action": "re_enter", "participant": key}]


def test_newcomers_get_the_next_key(table):
    gid = table.create()["id"]
    response = table.client(table.storyguide).post(
        f"/api/skirmishes/{gid}/participants/",
        {"name": "Mrs Norris", "attributes": {"Dexterity": 4}},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["game"]["state"]["participants"]["p05"]["name"] == "Mrs Norris"


def test_only_the_storyguide_adds_participants_and_only_the_campaigns_characters(table):
    gid = table.create()["id"]
    before = snapshot(gid)
    path = f"/api/skirmishes/{gid}/participants/"
    for user in (table.player, table.spectator):
        assert table.client(user).post(path, PEEVES, format="json").status_code == 403
    elsewhere = Character.objects.create(campaign=CampaignFactory(), name="Cho", attributes={})
    response = table.client(table.storyguide).post(path, {"character": elsewhere.pk}, format="json")
    assert response.status_code == 400 and "participants" in response.json()["errors"]
    response = table.client(table.storyguide).post(
        path, {"character": table.harry.pk}, format="json"
    )
    assert response.status_code == 422 and response.json()["code"] == "duplicate_participant"
    assert unchanged(gid, before)
    assert Seat.objects.filter(game_id=gid).count() == 2


# --- Health on the sheet ------------------------------------------------------------------


def test_a_retried_health_change_changes_the_sheet_once(table):
    gid = table.create()["id"]
    command = {"action": "change_health", "participant": table.key(table.harry), "by": -1}
    for _ in range(2):
        response = table.send(gid, command, headers={"Idempotency-Key": "ouch"})
        assert response.status_code == 201
    table.harry.refresh_from_db()
    assert table.harry.health == 4
    assert Game.objects.get(pk=gid).version == 1


def test_a_refused_health_change_leaves_the_sheet_alone(table):
    """A change by "-1" (text where the contract wants a number) is refused before the
    rules see it (issue 41: 400, naming the field), and nothing is written."""
    gid = table.create()["id"]
    command = {"action": "change_health", "participant": table.key(table.harry), "by": "-1"}
    response = table.send(gid, command)
    assert response.status_code == 400 and response.json()["errors"] == {
        "command.by": ["“by” should be a whole number."]
    }
    table.harry.refresh_from_db()
    assert table.harry.health == 5


# --- the contract -------------------------------------------------------------------------


def test_the_skirmish_endpoints_are_in_the_schema_with_their_error_bodies(api_client):
    paths = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    writes = {
        "/api/skirmishes/": "SkirmishCreateRequest",
        "/api/skirmishes/{id}/participants/": "SkirmishParticipantRequest",
        "/api/skirmishes/{id}/commands/": "SubmissionRequest",
    }
    for path, request in writes.items():
        operation = paths[path]["post"]
        assert {"201", "400", "403", "404", "422"} <= set(operation["responses"]), path
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body["$ref"].endswith(f"/{request}")
