"""Every ruleset played to its end on entered dice only, the service asking for every die
(issue 30, "The service asks for the dice": "A test per ruleset plays a whole game on
entered dice only, the service asking for every die").

Parametrized from the registry, so a ruleset is played so the day it registers. A game
that takes the referee's entered dice, every seat held by the storyguide (who referees
too), is played through the API: a command the API offers is sent with no dice at all;
whenever the game waits for dice, the storyguide enters what it asks for, as a table
would: random faces, a shuffle as its new order (by places, or by naming the cards), and
all it says it waits for at once, or only the first need, or a single die. Expected:

- every die of the log is entered, and each was asked for: the first die each record
  of dice awaited names is the die the command then rolls at that point;
- the dice ``allowed_dice`` offered with the command, and those a record says the command
  waits for, are the dice it then rolls, in order (so entering all of them at once is
  never refused as too many);
- the game ends, its log verifies, and every record of dice awaited narrates in each of
  the ruleset's languages with no code in the words.
"""

import random
from unittest import mock

import pytest
from django.utils import timezone

from core.throttling import WriteRateThrottle
from games.conformance import LEAKED_CODE
from games.ruleset import find_ruleset, ruleset_names
from games.services import game_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _a_table_writes_a_lot():
    """Dice entered one at a time make many writes; the rate limit is not tested here."""
    with mock.patch.object(WriteRateThrottle, "THROTTLE_RATES", {"writes": "100000/min"}):
        yield


PLAYED = [name for name in ruleset_names() if find_ruleset(name).played_by_commands]
PATHS = {"match": "matches", "skirmish": "skirmishes"}


def dice_of(needs: list[dict]) -> list[tuple[int, str]]:
    """The dice a list of needs stands for, one by one, as the log records them: (sides,
    purpose); a shuffle of n is rolled as a d(n), a d(n-1), ... a d2."""
    dice = []
    for need in needs:
        if need["shuffle"]:
            dice += [(sides, need["purpose"]) for sides in range(need["sides"], 1, -1)]
        else:
            dice += [(need["sides"], need["purpose"])] * need["count"]
    return dice


def entries(needs: list[dict], rng: random.Random) -> list:
    """What a table enters for ``needs``: a face per die, a new order per shuffle (by the
    cards' places before it, or by the cards themselves where they are named)."""
    entered = []
    for need in needs:
        if not need["shuffle"]:
            entered += [rng.randint(1, need["sides"]) for _ in range(need["count"])]
            continue
        order = list(range(1, need["sides"] + 1))
        rng.shuffle(order)
        named = need["order"] is not None and all(isinstance(item, str) for item in need["order"])
        entered.append(
            [need["order"][p - 1] for p in order] if named and rng.random() < 0.5 else order
        )
    return entered


def some_of(needs: list[dict], rng: random.Random) -> list[dict]:
    """All the needs, the first alone, or a single die of the first, at random."""
    way = rng.choice(("all", "first", "one"))
    if way == "all":
        return needs
    return [needs[0] if way == "first" else {**needs[0], "count": 1}]


@pytest.mark.parametrize("name", PLAYED)
def test_a_whole_game_is_played_on_entered_dice_only_the_service_asking_for_every_die(table, name):
    rules = find_ruleset(name)
    seats = rules.seats(rules.setup(rules.prepare(rules.example_config, {})))
    game = game_create(
        campaign=table.campaign,
        ruleset=name,
        config=rules.example_config,
        created_by=table.storyguide,
        now=timezone.now(),
        seats=dict.fromkeys(seats, table.storyguide.pk),
        entered_dice="referee",
    )
    client, rng = table.client(table.storyguide), random.Random(name)
    url = f"/api/{PATHS[rules.kind]}/{game.pk}/"

    def send(body: dict) -> dict:
        answer = client.post(f"{url}commands/", body, format="json")
        assert answer.status_code == 201, (body, answer.json())
        return answer.json()

    body = client.get(url).json()
    for _ in range(rules.max_commands):
        if body["status"] != "active":
            break
        offered = list(zip(body["allowed_commands"], body["allowed_dice"], strict=True))
        usual = [o for o in offered if rng.random() < rules.rare_actions.get(o[0]["action"], 1.0)]
        command, foreseen = rng.choice(usual or offered)
        answer = send({"command": command})
        asked = []  # (how many dice were rolled before, the dice the game then waited for)
        while answer["game"]["dice_awaited"] is not None:
            awaited = answer["game"]["dice_awaited"]
            assert awaited["may_enter"] and awaited["seq"] == answer["event"]["seq"]
            assert answer["event"]["events"][0]["dice"] == awaited["dice"]
            narration = answer["event"]["narration"][0]
            assert set(narration) == set(rules.languages)
            assert not any(LEAKED_CODE.search(line) for line in narration.values()), narration
            asked.append((len(answer["event"]["dice"]), awaited["dice"]))
            answer = send({"dice": entries(some_of(awaited["dice"], rng), rng)})
        rolled = [(roll["sides"], roll["purpose"]) for roll in answer["event"]["dice"]]
        assert rolled[: len(dice_of(foreseen))] == dice_of(foreseen), "allowed_dice foretold"
        assert bool(asked) == bool(rolled), "a command that rolls dice waits for them"
        for before, needs in asked:
            assert rolled[before:][: len(dice_of(needs))] == dice_of(needs), "the dice awaited"
        body = answer["game"]
    assert body["status"] == "finished", "the game ends"
    assert client.get(f"{url}verify/").json()["ok"] is True
    sources = {roll["source"] for event in whole_log(client, url) for roll in event["dice"]}
    assert sources <= {"entered"}, "no die was rolled by the server"


def whole_log(client, url: str) -> list[dict]:
    events, after, more = [], 0, True
    while more:
        page = client.get(f"{url}events/", {"after": after, "limit": 200}).json()
        events += page["results"]
        after, more = page["next_after"], page["more"]
    return events
