"""The service asks for the dice (issue 30): in a game that takes entered dice, a command
whose dice were not given does not fail but waits for them; its answer, the game, the log
and the stream say which dice are awaited (purpose, sides, how many, for whom); the table
enters them, all at once or one by one, and the game goes on. A shuffle waits for the
deck's new order, and whoever enters it sees the order it shuffles.

Played on the platform's toy rulesets: ``tally`` (a command rolls ``count`` d6 for "tally";
``games.testing``) and ``high-card`` (the referee deals a shuffled deck of six hidden
cards; ``tests.games.toy``), and on the dice game for a seat that rolls its own die.
"""

import json

import pytest
from django.test import Client
from knox.models import AuthToken

from games.chain import HASHED_FIELDS, event_hash, timestamp
from games.models import Game
from games.ruleset import find_ruleset
from games.selectors import game_events
from games.verification import GameRecord, verify
from tests.games.test_platform_api import create_high_card
from tests.streams import asgi_server, read_stream

pytestmark = pytest.mark.django_db

TALLY_D6 = {"purpose": "tally", "sides": 6, "by": None, "shuffle": False, "order": None}
DECK = ["c1", "c2", "c3", "c4", "c5", "c6"]


def send(client, game_id: int, body: dict):
    return client.post(f"/api/matches/{game_id}/commands/", body, format="json")


def sent(client, game_id: int, body: dict) -> dict:
    answer = send(client, game_id, body)
    assert answer.status_code == 201, answer.json()
    return answer.json()


@pytest.fixture
def tally(table):
    """A tally at a table whose storyguide enters the dice; the player holds alice."""
    game = table.create_game(entered_dice="referee")
    return game["id"]


def test_a_command_whose_dice_were_not_given_waits_and_says_for_which(table, tally):
    answer = sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 3}})

    awaited = {"type": "dice_awaited", "dice": [{**TALLY_D6, "count": 3}]}
    assert answer["event"]["events"] == [awaited], "the log says what is awaited"
    assert answer["event"]["dice"] == [] and answer["event"]["seq"] == 1
    assert answer["event"]["narration"] == [{"en": "Waiting for dice: 3d6 (tally)."}]
    game = answer["game"]
    assert game["dice_awaited"] == {
        "seq": 1,
        "actor": {"role": "player", "controls": ["alice"]},
        "command": {"action": "roll", "count": 3},
        "dice": [{**TALLY_D6, "count": 3}],
        "narration": {"en": "Waiting for dice: 3d6 (tally)."},
        "may_enter": False,
    }
    assert game["state"]["total"] == 0 and game["next_nonce"] == 0, "nothing rolled yet"
    assert game["allowed_commands"] == [] and game["allowed_dice"] == []
    storyguide = table.client(table.storyguide).get(f"/api/matches/{tally}/").json()
    assert storyguide["dice_awaited"]["may_enter"] is True


def test_the_table_enters_the_dice_one_by_one_and_the_command_is_applied_as_given(table, tally):
    """The command is applied with all its dice at once, its own actor and time, so that
    the log replays exactly; every record on the way says what is still awaited."""
    sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 3}})
    storyguide = table.client(table.storyguide)

    one = sent(storyguide, tally, {"dice": [4]})
    assert one["game"]["dice_awaited"]["dice"] == [{**TALLY_D6, "count": 2}]
    assert [roll["face"] for roll in one["event"]["dice"]] == [4]
    assert one["event"]["submitted"] == {
        "dice": [4],
        "entered_by": {"role": "referee", "controls": []},
    }
    assert one["event"]["narration"] == [{"en": "Waiting for dice: 2d6 (tally)."}]
    rest = sent(storyguide, tally, {"dice": [5, 6]})

    event = rest["event"]
    assert event["seq"] == 3 and event["events"] == [
        {"type": "rolled", "faces": [4, 5, 6], "total": 15}
    ]
    assert event["actor"] == {"role": "player", "controls": ["alice"]}, "the command's own"
    assert event["command"] == {"action": "roll", "count": 3}
    assert [(r["nonce"], r["face"], r["source"]) for r in event["dice"]] == [
        (0, 4, "entered"),
        (1, 5, "entered"),
        (2, 6, "entered"),
    ]
    assert event["created_at"] == one["event"]["created_at"], "the time it was given"
    assert rest["game"]["dice_awaited"] is None and rest["game"]["state"]["total"] == 15
    assert rest["game"]["allowed_commands"] == [{"action": "roll"}, {"action": "finish"}]
    assert storyguide.get(f"/api/matches/{tally}/verify/").json()["ok"] is True


def test_no_other_command_is_taken_while_dice_are_awaited(table, tally):
    sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 2}})

    refused = send(table.client(table.storyguide), tally, {"command": {"action": "finish"}})

    assert refused.status_code == 409
    assert refused.json()["code"] == "dice_awaited"
    assert refused.json()["dice_awaited"]["dice"] == [{**TALLY_D6, "count": 2}]
    assert refused.json()["dice_awaited"]["narration"] == {"en": "Waiting for dice: 2d6 (tally)."}
    assert refused.json()["current_version"] == 1
    assert Game.objects.get(pk=tally).version == 1, "nothing written"


def test_who_may_enter_the_dice_and_what_is_refused(table, tally):
    player, storyguide = table.client(table.player), table.client(table.storyguide)
    nothing = send(storyguide, tally, {"dice": [3]})
    assert (nothing.status_code, nothing.json()["code"]) == (422, "no_dice_awaited")
    sent(player, tally, {"command": {"action": "roll", "count": 2}})

    by_the_player = send(player, tally, {"dice": [3, 4]})
    by_a_spectator = send(table.client(table.spectator), tally, {"dice": [3, 4]})
    too_many = send(storyguide, tally, {"dice": [3, 4, 5]})
    not_a_face = send(storyguide, tally, {"dice": [7]})

    assert (by_the_player.status_code, by_the_player.json()["code"]) == (
        422,
        "entered_dice_refused",
    )
    assert by_a_spectator.status_code == 403
    assert (too_many.status_code, too_many.json()["code"]) == (422, "too_many_dice")
    assert (not_a_face.status_code, not_a_face.json()["code"]) == (422, "invalid_dice")
    game = Game.objects.get(pk=tally)
    assert game.version == 1 and game.dice_awaited["entered"] == [], "nothing kept"
    assert send(storyguide, tally, {}).status_code == 400, "neither a command nor dice"


def test_where_players_enter_dice_a_player_enters_them(table):
    game = table.create_game(entered_dice="players")["id"]
    player = table.client(table.player)
    sent(player, game, {"command": {"action": "roll"}})
    assert sent(player, game, {"dice": [2]})["game"]["state"]["total"] == 2


def test_a_shuffle_waits_for_the_new_order_shown_to_whoever_enters_it(table):
    """The dealer shuffles at the table: they see the deck in its order before the shuffle
    and enter the cards in their new order; the players see that a shuffle is awaited,
    not the deck (high card keeps its shuffle secret)."""
    game = create_high_card(table, entered_dice="referee")["id"]
    storyguide, north = table.client(table.storyguide), table.client(table.player)

    dealt = sent(storyguide, game, {"command": {"action": "deal"}})

    shuffle = {"purpose": "shuffle the deck", "sides": 6, "count": 1, "by": None}
    assert dealt["game"]["dice_awaited"]["dice"] == [{**shuffle, "shuffle": True, "order": DECK}]
    assert dealt["event"]["narration"] == [
        {"en": "Waiting for dice: a new order of 6 (shuffle the deck)."}
    ]
    hidden = [{**shuffle, "shuffle": True, "order": None}]
    assert north.get(f"/api/matches/{game}/").json()["dice_awaited"]["dice"] == hidden
    (record,) = north.get(f"/api/matches/{game}/events/").json()["results"]
    assert record["events"][0]["dice"] == hidden
    assert not any(f'"{card}"' in json.dumps(record) for card in DECK), "no card is named"

    wrong = send(storyguide, game, {"dice": [["c6", "c5", "c4", "c3", "c2", "c9"]]})
    assert wrong.status_code == 422
    assert wrong.json()["detail"] == "a deck of 6 is entered as each of its cards once"
    sent(storyguide, game, {"dice": [["c6", "c5", "c4", "c3", "c2", "c1"]]})
    assert north.get(f"/api/matches/{game}/").json()["state"]["hands"]["north"] == ["c6", "c5"]
    log = json.dumps(north.get(f"/api/matches/{game}/events/").json())
    assert '"c4"' not in log and '"c3"' not in log, "south's cards, entered as the new order"
    waiting = north.get(f"/api/matches/{game}/board.svg/", {"at": 1}).content.decode()
    assert "north: hand [], down -" in waiting, "the board while the shuffle was awaited"


def test_a_seats_own_die_is_awaited_for_that_seat_in_the_rules_words(table):
    """The dice game's roll-off: each player rolls a d6 (PRÉPARATION), so each die is
    awaited for its seat, in French (the game's language), German and English."""
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {},
            "seats": {"red": table.player.pk, "blue": table.other_player.pk},
            "entered_dice": "players",
        },
        format="json",
    )
    game = created.json()["id"]

    answer = sent(table.client(table.player), game, {"command": {"action": "roll_off"}})

    assert [
        (need["by"], need["sides"], need["count"]) for need in answer["event"]["events"][0]["dice"]
    ] == [
        ("red", 6, 1),
        ("blue", 6, 1),
    ]
    assert answer["event"]["narration"] == [
        {
            "fr": "Dés attendus : Rouge : 1D6 (le lancer pour savoir qui attaque en premier), "
            "puis Bleu : 1D6 (le lancer pour savoir qui attaque en premier).",
            "de": "Würfel erwartet: Rot: 1W6 (das Auswürfeln, wer zuerst angreift), "
            "dann Blau: 1W6 (das Auswürfeln, wer zuerst angreift).",
            "en": "Waiting for dice: Red: 1d6 (the roll-off for the first attack), "
            "then Blue: 1d6 (the roll-off for the first attack).",
        }
    ]


def test_a_bots_command_waits_for_the_tables_dice_too_and_the_bots_move_on_after(table):
    """Bob, a bot, rolls as soon as the game starts; his die is the table's to enter."""
    bob = {"role": "player", "controls": ["bob"]}
    created = table.create_game(entered_dice="referee", bots={"bob": "random"})
    assert created["dice_awaited"]["actor"] == bob
    assert created["dice_awaited"]["dice"] == [{**TALLY_D6, "count": 1}]

    answer = sent(table.client(table.storyguide), created["id"], {"dice": [3]})

    assert answer["event"]["actor"] == bob and answer["event"]["events"][0]["type"] == "rolled"
    assert answer["game"]["state"]["total"] == 3
    awaited = answer["game"]["dice_awaited"]
    assert awaited["actor"] == bob and awaited["seq"] == answer["event"]["seq"] + 1, (
        "bob rolled again at once, and waits again"
    )


def test_allowed_dice_says_which_dice_each_offered_command_will_roll(table, tally):
    referee = table.client(table.storyguide).get(f"/api/matches/{tally}/").json()
    assert referee["allowed_commands"] == [{"action": "roll"}, {"action": "finish"}]
    assert referee["allowed_dice"] == [[{**TALLY_D6, "count": 1}], []]
    rolled_by_the_server = table.create_game()
    assert rolled_by_the_server["allowed_dice"] is None


def test_an_abandoned_game_waits_for_no_dice_and_its_log_verifies(table, tally):
    sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 2}})
    storyguide = table.client(table.storyguide)
    storyguide.post(f"/api/matches/{tally}/abandon/")
    game = storyguide.get(f"/api/matches/{tally}/").json()
    assert game["status"] == "abandoned" and game["dice_awaited"] is None
    assert storyguide.get(f"/api/matches/{tally}/verify/").json()["ok"] is True


def test_the_game_page_says_which_dice_are_awaited_and_takes_them_from_who_enters_them(
    table, tally
):
    sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 2}})
    referee, player = Client(), Client()
    referee.force_login(table.storyguide)
    player.force_login(table.player)

    for_the_referee = referee.get(f"/matches/{tally}/").content.decode()
    for_the_player = player.get(f"/matches/{tally}/").content.decode()

    assert "Waiting for dice: 2d6 (tally)." in for_the_referee
    assert 'id="dice"' in for_the_referee, "the referee enters them"
    assert "Waiting for dice: 2d6 (tally)." in for_the_player
    assert 'id="dice"' not in for_the_player and "data-command" not in for_the_player


def rechained(game: Game, events: list[dict]) -> list[dict]:
    previous = game.seed_commitment
    for event in events:
        body = {name: event[name] for name in HASHED_FIELDS}
        event["hash"] = previous = event_hash(previous, body)
    return events


@pytest.mark.parametrize(
    ("forgery", "why"),
    [
        (lambda record: record["events"][0]["dice"][0].update(sides=8), "another die"),
        (lambda record: record["events"][0]["dice"][0].update(purpose="luck"), "another purpose"),
        (lambda record: record["dice"].append(dict(record["dice"][0])), "it had its dice"),
    ],
)
def test_a_record_of_dice_awaited_that_the_command_does_not_bear_out_fails_verification(
    table, tally, forgery, why
):
    """The verifier replays a record of dice awaited: its command, on the faces entered
    so far, must stop asking for the die the record names first (README, "Verifying a
    game"); the chain is re-hashed here, so only the replay can tell."""
    sent(table.client(table.player), tally, {"command": {"action": "roll", "count": 2}})
    sent(table.client(table.storyguide), tally, {"dice": [4]})
    game = Game.objects.get(pk=tally)
    events = [
        {**event, "created_at": timestamp(event["created_at"])} for event in game_events(game)
    ]
    record = GameRecord(game.config, game.state, game.seed_commitment, game.client_seed, None)
    assert verify(record, rechained(game, events), find_ruleset("tally")).ok

    forgery(events[1])
    report = verify(record, rechained(game, events), find_ruleset("tally"))

    assert report.chain_intact and not report.replay_matches, why
    assert report.first_bad_seq == 2


@pytest.mark.django_db(transaction=True)
def test_the_stream_says_which_dice_are_awaited_as_the_events_page_does(table, settings):
    """A player's stream carries the record of the shuffle awaited, the deck not shown."""
    settings.STREAM_POLL_SECONDS = 0.05
    game = create_high_card(table, entered_dice="referee")["id"]
    sent(table.client(table.storyguide), game, {"command": {"action": "deal"}})
    page = table.client(table.player).get(f"/api/matches/{game}/events/").json()
    with asgi_server() as server:
        (message,) = [
            sse
            for sse in read_stream(
                f"{server}/api/matches/{game}/stream/",
                headers={
                    "Authorization": f"Token {AuthToken.objects.create(user=table.player)[1]}"
                },
                until=lambda messages: any(sse.id for sse in messages),
            )
            if sse.id
        ]
    assert json.loads(message.data) == page["results"][0]
    assert json.loads(message.data)["events"][0]["dice"][0]["order"] is None
