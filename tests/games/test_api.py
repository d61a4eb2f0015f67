"""The uniform game resources over the shared storage (issue: dice and game logs)."""

import pytest
from django.core.management import CommandError, call_command

from games.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def roll(client, game_id, headers=None, **body):
    body = body or {"command": {"action": "roll"}}
    return client.post(
        f"/api/matches/{game_id}/commands/", body, format="json", headers=headers or {}
    )


def test_create_publishes_only_the_seed_commitment(table):
    game = table.create_game()
    assert game["version"] == 0 and game["status"] == "active"
    assert len(game["seed_commitment"]) == 64
    assert game["server_seed"] is None
    stored = Game.objects.get(pk=game["id"])
    assert stored.server_seed not in str(
        table.client(table.player).get(f"/api/matches/{game['id']}/").json()
    )


def test_only_a_storyguide_of_the_campaign_creates(table):
    """Unless the campaign lets players start friendly games (test_friendly_games.py)."""
    body = {"campaign": table.campaign.pk, "ruleset": "tally", "config": {}}
    for user in (table.player, table.spectator):
        response = table.client(user).post("/api/matches/", body, format="json")
        assert response.status_code == 403
    response = table.client(table.outsider).post("/api/matches/", body, format="json")
    assert response.status_code == 400, "not a campaign of theirs"
    assert "campaign" in response.json()["errors"]


def test_a_bad_config_is_refused_and_nothing_is_saved(table):
    body = {"campaign": table.campaign.pk, "ruleset": "tally", "config": {"target": -1}}
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_config"
    assert not Game.objects.exists()


def test_seats_must_be_members(table):
    response = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "tally",
            "config": {},
            "seats": {"x": table.outsider.pk},
        },
        format="json",
    )
    assert response.status_code == 400 and "seats" in response.json()["errors"]


def test_a_player_submits_for_their_seat_and_gets_the_new_state(table):
    game = table.create_game()
    response = roll(table.client(table.player), game["id"])
    assert response.status_code == 201
    body = response.json()
    assert body["event"]["seq"] == 1
    assert body["event"]["dice"][0]["purpose"] == "tally"
    assert body["event"]["dice"][0]["source"] == "server"
    assert body["game"]["version"] == 1
    assert body["game"]["state"]["total"] == body["event"]["dice"][0]["face"]
    assert body["game"]["allowed_commands"] == [{"action": "roll"}]


def test_text_commands_are_parsed_by_the_ruleset(table):
    game = table.create_game()
    response = roll(table.client(table.player), game["id"], text="Roll 3")
    assert response.status_code == 201
    assert response.json()["event"]["command"] == {"action": "roll", "count": 3}
    assert response.json()["event"]["submitted"] == {"text": "Roll 3"}


def test_spectators_and_strangers_cannot_submit(table):
    game = table.create_game()
    assert roll(table.client(table.spectator), game["id"]).status_code == 403
    assert roll(table.client(table.other_player), game["id"]).status_code == 403
    assert roll(table.client(table.outsider), game["id"]).status_code == 404
    assert roll(table.client(), game["id"]).status_code in (401, 403)
    assert GameEvent.objects.count() == 0


def test_an_illegal_command_is_422_with_the_rule_and_changes_nothing(table):
    game = table.create_game()
    response = roll(table.client(table.player), game["id"], command={"action": "finish"})
    assert response.status_code == 422
    assert response.json() == {
        "code": "referee_only",
        "detail": "Only the referee ends a tally.",
        "rule": "T.2",
    }
    stored = Game.objects.get(pk=game["id"])
    assert (stored.version, stored.next_nonce, GameEvent.objects.count()) == (0, 0, 0)


def test_a_submission_needs_exactly_one_of_text_and_command(table):
    game = table.create_game()
    client = table.client(table.player)
    assert roll(client, game["id"], text="Roll", command={"action": "roll"}).status_code == 400
    assert roll(client, game["id"], command={"no": "action"}).status_code == 400


def test_stale_expected_version_is_409_with_the_current_version(table):
    game = table.create_game()
    client = table.client(table.player)
    assert (
        roll(client, game["id"], command={"action": "roll"}, expected_version=0).status_code == 201
    )
    response = roll(client, game["id"], command={"action": "roll"}, expected_version=0)
    assert response.status_code == 409
    assert response.json()["current_version"] == 1
    assert GameEvent.objects.count() == 1


def test_an_idempotent_retry_returns_the_first_answer(table):
    game = table.create_game()
    client = table.client(table.player)
    first = roll(client, game["id"], headers={"Idempotency-Key": "k1"})
    again = roll(client, game["id"], headers={"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert GameEvent.objects.count() == 1


def test_the_same_key_with_another_body_is_refused(table):
    game = table.create_game()
    client = table.client(table.player)
    roll(client, game["id"], headers={"Idempotency-Key": "k1"})
    response = roll(
        client,
        game["id"],
        headers={"Idempotency-Key": "k1"},
        command={"action": "roll", "count": 2},
    )
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert GameEvent.objects.count() == 1


def test_the_same_key_from_another_user_is_a_new_command_of_theirs(table):
    """An Idempotency-Key belongs to the user who sent it: the storyguide sending the
    player's key with the player's body makes a second event, with an answer of its own."""
    game = table.create_game()
    first = roll(table.client(table.player), game["id"], headers={"Idempotency-Key": "k1"})
    other = roll(table.client(table.storyguide), game["id"], headers={"Idempotency-Key": "k1"})
    assert (first.status_code, other.status_code) == (201, 201)
    assert (first.json()["event"]["seq"], other.json()["event"]["seq"]) == (1, 2)
    assert GameEvent.objects.count() == 2
    retry = roll(table.client(table.player), game["id"], headers={"Idempotency-Key": "k1"})
    assert retry.json() == first.json(), "each user's retry still gets their own first answer"


def test_a_replayed_key_never_shows_another_players_hand(table):
    """A player plays a card with a key; the other seat and a spectator replay the key and
    body (rebuilt from the public log): each is judged on their own (the other seat may
    not play north's card: HC.1, 422; a spectator sends no commands: 403), and neither
    answer holds north's hand."""
    from tests.games.test_platform_api import create_high_card, submit

    game = create_high_card(table)
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    north = (
        table.client(table.player)
        .get(f"/api/matches/{game['id']}/")
        .json()["state"]["hands"]["north"]
    )
    play = {"command": {"action": "play", "player": "north", "card": north[0]}}
    key = {"Idempotency-Key": "move-1"}
    url = f"/api/matches/{game['id']}/commands/"
    mine = table.client(table.player).post(url, play, format="json", headers=key)
    assert mine.status_code == 201
    for user, status in ((table.other_player, 422), (table.spectator, 403)):
        replayed = table.client(user).post(url, play, format="json", headers=key)
        assert replayed.status_code == status, replayed.json()
        assert north[1] not in replayed.content.decode()
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 2  # the deal and north's play


def test_events_page_with_an_after_cursor(table):
    game = table.create_game()
    client = table.client(table.player)
    for _ in range(5):
        roll(client, game["id"])
    page = client.get(f"/api/matches/{game['id']}/events/?after=1&limit=2").json()
    assert [event["seq"] for event in page["results"]] == [2, 3]
    assert (page["next_after"], page["more"], page["version"]) == (3, True, 5)
    page = client.get(f"/api/matches/{game['id']}/events/?after=3&limit=2").json()
    assert [event["seq"] for event in page["results"]] == [4, 5]
    assert (page["next_after"], page["more"]) == (5, False)
    last = client.get(f"/api/matches/{game['id']}/events/?after=5").json()
    assert (last["results"], last["next_after"], last["more"]) == ([], 5, False), (
        "nothing new: the cursor stays where the client is"
    )
    assert client.get(f"/api/matches/{game['id']}/events/?after=x").status_code == 400
    assert client.get(f"/api/matches/{game['id']}/events/?limit=9999").status_code == 400


def test_the_seed_is_revealed_when_the_game_ends_and_every_roll_verifies(table):
    game = table.create_game(config={"target": 30})
    client = table.client(table.player)
    while (body := roll(client, game["id"], command={"action": "roll", "count": 5}).json())["game"][
        "status"
    ] == "active":
        pass
    assert body["game"]["server_seed"] is not None
    assert body["game"]["result"] == {"total": body["game"]["state"]["total"], "sentence": ""}
    report = client.get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] and report["seed_matches_commitment"] and report["rolls_intact"]
    assert report["rolls_checked"] == 5 * report["events"]
    assert roll(client, game["id"]).json()["code"] == "game_over"


def test_verify_before_the_end_checks_chain_and_replay_but_not_rolls(table):
    game = table.create_game()
    roll(table.client(table.player), game["id"])
    report = table.client(table.player).get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] and report["chain_intact"] and report["replay_matches"]
    assert report["seed_revealed"] is False and report["rolls_intact"] is None


def test_tampering_with_one_event_is_reported_at_its_sequence_number(table):
    game = table.create_game()
    client = table.client(table.player)
    for _ in range(5):
        roll(client, game["id"])
    event = GameEvent.objects.get(game_id=game["id"], seq=3)
    event.events = [{**event.events[0], "total": 999}]
    event.save()
    report = client.get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] is False and report["chain_intact"] is False
    assert report["first_bad_seq"] == 3
    assert [p["seq"] for p in report["problems"] if p["check"] == "chain"] == [3]


def test_a_forged_roll_is_caught_once_the_seed_is_revealed(table):
    game = table.create_game()
    client = table.client(table.player)
    for _ in range(3):
        roll(client, game["id"])
    table.client(table.storyguide).post(f"/api/matches/{game['id']}/abandon/")
    event = GameEvent.objects.get(game_id=game["id"], seq=2)
    event.dice = [{**event.dice[0], "face": event.dice[0]["face"] % 6 + 1}]
    event.save()
    report = client.get(f"/api/matches/{game['id']}/verify/").json()
    assert report["rolls_intact"] is False and report["first_bad_seq"] == 2


def test_verify_game_command_uses_the_same_checks(table):
    game = table.create_game()
    roll(table.client(table.player), game["id"])
    call_command("verify_game", game["id"])
    GameEvent.objects.filter(game_id=game["id"]).update(command={"action": "roll", "count": 2})
    with pytest.raises(CommandError, match="first bad event: 1"):
        call_command("verify_game", game["id"])


def test_replay_reproduces_the_snapshot(table):
    game = table.create_game()
    client = table.client(table.player)
    for _ in range(4):
        roll(client, game["id"])
    Game.objects.filter(pk=game["id"]).update(
        state={"total": 0, "rolls": 0, "target": 1000, "over": False}
    )
    report = client.get(f"/api/matches/{game['id']}/verify/").json()
    assert report["replay_matches"] is False
    assert report["problems"][0]["check"] == "replay"


def test_client_seed_can_be_set_only_before_the_first_roll(table):
    game = table.create_game()
    client = table.client(table.player)
    url = f"/api/matches/{game['id']}/client-seed/"
    assert (
        client.post(url, {"client_seed": "lucky"}, format="json").json()["client_seed"] == "lucky"
    )
    assert (
        table.client(table.spectator).post(url, {"client_seed": "x"}, format="json").status_code
        == 403
    )
    roll(client, game["id"])
    response = client.post(url, {"client_seed": "later"}, format="json")
    assert response.status_code == 422 and response.json()["code"] == "dice_already_rolled"


def test_entered_dice_are_validated_and_marked(table):
    game = table.create_game(entered_dice="referee")
    storyguide = table.client(table.storyguide)
    body = {"command": {"action": "roll", "count": 2}}
    assert roll(storyguide, game["id"], **body, dice=[3, 9]).json()["code"] == "invalid_dice"
    assert roll(storyguide, game["id"], **body, dice=[3, 4, 5]).json()["code"] == "too_many_dice"
    assert roll(table.client(table.player), game["id"], **body, dice=[3, 4]).json()["code"] == (
        "entered_dice_refused"
    )
    answer = roll(storyguide, game["id"], **body, dice=[3, 4]).json()
    assert [(d["face"], d["source"]) for d in answer["event"]["dice"]] == [
        (3, "entered"),
        (4, "entered"),
    ]
    table.client(table.storyguide).post(f"/api/matches/{game['id']}/abandon/")
    report = storyguide.get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] and report["rolls_checked"] == 0


def test_other_campaigns_games_are_404_and_public_games_are_readable(table):
    game = table.create_game()
    assert table.client(table.outsider).get(f"/api/matches/{game['id']}/").status_code == 404
    assert table.client().get(f"/api/matches/{game['id']}/").status_code == 404
    public = table.create_game(public=True)
    anonymous = table.client()
    assert anonymous.get(f"/api/matches/{public['id']}/").status_code == 200
    assert anonymous.get(f"/api/matches/{public['id']}/events/").status_code == 200
    assert anonymous.get(f"/api/matches/{public['id']}/verify/").status_code == 200
    assert [g["id"] for g in anonymous.get("/api/matches/").json()["results"]] == [public["id"]]


def test_only_the_referee_abandons(table):
    game = table.create_game()
    assert table.client(table.player).post(f"/api/matches/{game['id']}/abandon/").status_code == 403
    response = table.client(table.storyguide).post(f"/api/matches/{game['id']}/abandon/")
    assert response.status_code == 200
    assert response.json()["status"] == "abandoned"
    assert response.json()["server_seed"] is not None


def test_matches_and_skirmishes_are_separate_collections(table):
    game = table.create_game()
    client = table.client(table.storyguide)
    assert client.get(f"/api/skirmishes/{game['id']}/").status_code == 404
    assert client.get("/api/matches/").json()["count"] == 1
