"""Who may do what with a seat, for each role and each change of role (issue 37;
docs/architecture.md, "Who may do what with a seat").

A seat is held by a player or a storyguide of the campaign, or by a bot. Its holder
sees what the seat sees and commands it while they play in the campaign: removed, or
made a spectator, they keep the seat (their storyguide may hand it on) but watch the
game as anyone does. In a game whose players enter the dice, each player enters the dice
their own seats roll, and the referee enters any die and every shuffle.
"""

import pytest
from django.test import Client

from games.models import Game
from tests.games.conftest import GameTable
from tests.quidditch.cards import MANIFEST as CARDS
from tests.quidditch.cards import G

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return GameTable()


def post_match(table, **body):
    """The storyguide's ``POST /api/matches/`` in the table's campaign."""
    return table.client(table.storyguide).post(
        "/api/matches/", {"campaign": table.campaign.pk, "config": {}, **body}, format="json"
    )


def create(table, **body) -> dict:
    answer = post_match(table, **body)
    assert answer.status_code == 201, answer.json()
    return answer.json()


def public_card_match(table) -> dict:
    """Gryffindor held by ``table.player``, Slytherin by a bot; anyone may watch."""
    return create(
        table,
        ruleset="card-quidditch",
        seats={G: table.player.pk},
        bots={"slytherin": "simple"},
        public=True,
    )


def hand_shown(client, game_id: int) -> bool:
    """Whether the answer about the game names a card of Gryffindor's hand."""
    hand = CARDS.playtest.secrets(Game.objects.get(pk=game_id).state)[G]
    body = client.get(f"/api/matches/{game_id}/").content.decode()
    return any(f'"{card}"' in body for card in hand)


def paths_showing_the_hand(user, game_id: int) -> list[str]:
    """The paths that carry the game (its answer, its log, its page) on which ``user``
    reads a card of Gryffindor's hand (a card's name, "G-keeper6-1", is its own)."""
    hand = CARDS.playtest.secrets(Game.objects.get(pk=game_id).state)[G]
    reader = Client()
    reader.force_login(user)
    paths = [f"/api/matches/{game_id}/", f"/api/matches/{game_id}/events/", f"/matches/{game_id}/"]
    return [
        path for path in paths if any(card in reader.get(path).content.decode() for card in hand)
    ]


def command(client, game_id: int, sent: dict):
    return client.post(f"/api/matches/{game_id}/commands/", sent, format="json")


def first_offer(client, game_id: int) -> dict:
    return client.get(f"/api/matches/{game_id}/").json()["allowed_commands"][0]


def membership_of(table, user):
    return table.campaign.memberships.get(user=user)


def test_a_removed_player_neither_sees_nor_commands_their_seat_in_a_public_game(table):
    match = public_card_match(table)
    player = table.client(table.player)
    offer = first_offer(player, match["id"])
    assert hand_shown(player, match["id"])
    assert len(paths_showing_the_hand(table.player, match["id"])) == 3, "the player's hand"

    removed = table.client(table.storyguide).delete(
        f"/api/memberships/{membership_of(table, table.player).pk}/"
    )

    assert removed.status_code == 204
    assert not hand_shown(player, match["id"])
    assert paths_showing_the_hand(table.player, match["id"]) == []
    assert player.get(f"/api/matches/{match['id']}/").json()["allowed_commands"] == []
    refused = command(player, match["id"], {"command": offer})
    assert refused.status_code == 403
    assert Game.objects.get(pk=match["id"]).version == match["version"], "nothing written"


def test_a_player_made_a_spectator_neither_sees_nor_commands_their_seat(table):
    match = public_card_match(table)
    player = table.client(table.player)
    offer = first_offer(player, match["id"])

    demoted = table.client(table.storyguide).patch(
        f"/api/memberships/{membership_of(table, table.player).pk}/",
        {"role": "spectator"},
        format="json",
    )

    assert demoted.status_code == 200
    assert not hand_shown(player, match["id"])
    assert command(player, match["id"], {"command": offer}).status_code == 403


def test_a_spectator_is_given_no_seat(table):
    answer = post_match(
        table,
        ruleset="card-quidditch",
        seats={G: table.spectator.pk},
        bots={"slytherin": "simple"},
    )
    assert (answer.status_code, answer.json()["code"]) == (400, "not_a_player")
    assert not Game.objects.exists(), "nothing created"


def roll_off_awaited(table) -> dict:
    """The dice game on the players' dice, red the player's and blue the other's: the
    roll-off waits for red's d6, then blue's (PRÉPARATION)."""
    match = create(
        table,
        ruleset="dice-quidditch",
        seats={"red": table.player.pk, "blue": table.other_player.pk},
        entered_dice="players",
    )
    sent = command(table.client(table.player), match["id"], {"command": {"action": "roll_off"}})
    assert sent.status_code == 201, sent.json()
    return sent.json()["game"]


def next_die(answer) -> tuple[str, str]:
    """The purpose and seat of the die the game waits for next."""
    need = answer.json()["game"]["dice_awaited"]["dice"][0]
    return need["purpose"], need["by"]


def test_a_player_enters_their_own_die_and_not_their_opponents(table):
    game = roll_off_awaited(table)
    red, blue = table.client(table.player), table.client(table.other_player)

    blue_for_red = command(blue, game["id"], {"dice": [6]})
    red_for_both = command(red, game["id"], {"dice": [6, 1]})
    red_for_red = command(red, game["id"], {"dice": [3]})
    blue_for_blue = command(blue, game["id"], {"dice": [4]})

    assert (blue_for_red.status_code, blue_for_red.json()["code"]) == (403, "not_your_dice")
    assert (red_for_both.status_code, red_for_both.json()["code"]) == (403, "not_your_dice")
    assert red_for_red.status_code == 201 and blue_for_blue.status_code == 201
    assert next_die(blue_for_blue) == ("snitch", "blue"), "rolled off: blue begins"


def test_the_referee_enters_any_die(table):
    game = roll_off_awaited(table)
    entered = command(table.client(table.storyguide), game["id"], {"dice": [3, 4]})
    assert entered.status_code == 201
    assert next_die(entered) == ("snitch", "blue"), "rolled off: blue begins"


def test_the_log_credits_who_entered_the_dice_beside_who_gave_the_command(table):
    """Issue 37 §1: "the log credits the waiting command's actor, not who typed it". Red's
    player gives the roll-off; red enters red's die, then the referee blue's: each record
    keeps the command's giver (red, for the replay) and says who entered its dice."""
    game = roll_off_awaited(table)
    command(table.client(table.player), game["id"], {"dice": [3]})
    command(table.client(table.storyguide), game["id"], {"dice": [4]})

    log = table.client(table.player).get(f"/api/matches/{game['id']}/events/").json()
    records = log["results"][-2:]
    assert [r["actor"] for r in records] == [{"role": "player", "controls": ["red"]}] * 2
    assert [r["submitted"]["entered_by"] for r in records] == [
        {"role": "player", "controls": ["red"]},
        {"role": "referee", "controls": []},
    ]


def test_a_shuffle_that_deals_hidden_hands_is_the_referees_to_enter(table):
    """The card game's deal shuffles each team's deck: a player who entered that order
    would choose both hands, so only the referee enters it."""
    match = create(
        table,
        ruleset="card-quidditch",
        seats={G: table.player.pk, "slytherin": table.other_player.pk},
        entered_dice="players",
    )
    awaited = (
        match["dice_awaited"]
        or command(
            table.client(table.player),
            match["id"],
            {"command": first_offer(table.client(table.player), match["id"])},
        ).json()["game"]["dice_awaited"]
    )
    assert awaited["dice"][0]["shuffle"]
    cards = awaited["dice"][0]["sides"]

    by_a_player = command(
        table.client(table.player), match["id"], {"dice": [list(range(1, cards + 1))]}
    )
    by_the_referee = command(
        table.client(table.storyguide), match["id"], {"dice": [list(range(1, cards + 1))]}
    )

    assert (by_a_player.status_code, by_a_player.json()["code"]) == (403, "not_your_dice")
    assert by_the_referee.status_code == 201, by_the_referee.json()


@pytest.mark.parametrize(
    ("ruleset", "seat", "bots"),
    [
        ("dice-quidditch", "red", {"blue": "sensible"}),
        ("rpg-quidditch", None, {"*": "sensible"}),
        ("card-quidditch", G, {"slytherin": "simple"}),
    ],
)
def test_the_referee_neither_is_offered_nor_sends_a_command_of_a_seat_a_player_holds(
    table, ruleset, seat, bots
):
    """Issue 37 §1: "The storyguide can command a seat a player holds in the dice game and
    the RPG quidditch (201), taking the player's secret RPG choice". The player's own
    command, sent by the storyguide, is refused (403 ``seat_held``) with nothing written,
    and the storyguide is offered no command of that seat; the player's is taken."""
    described = table.client(table.storyguide).get(f"/api/rulesets/{ruleset}/").json()
    seat = seat or described["seats"][0]
    match = create(
        table,
        ruleset=ruleset,
        config=described["example_config"],
        seats={seat: table.player.pk},
        bots=bots,
    )
    players = table.client(table.player).get(f"/api/matches/{match['id']}/").json()
    theirs = players["allowed_commands"]
    assert theirs, "the player has a move to make"
    referees = table.client(table.storyguide).get(f"/api/matches/{match['id']}/").json()
    assert not [c for c in referees["allowed_commands"] if c in theirs]

    refused = command(table.client(table.storyguide), match["id"], {"command": theirs[0]})
    assert refused.status_code == 403 and refused.json()["code"] == "seat_held"
    assert Game.objects.get(pk=match["id"]).version == players["version"]
    taken = command(table.client(table.player), match["id"], {"command": theirs[0]})
    assert taken.status_code == 201, taken.json()
