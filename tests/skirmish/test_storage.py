"""How a skirmish survives its storage: PostgreSQL's jsonb does not keep an object's key order.

jsonb gives keys back shortest first, then bytewise. The rules roll initiative
in the order of ``state["participants"]`` (Ch.7 ¶5), so a snapshot read back
in another key order than a replay from the config builds would hand the
same dice to other participants. The services choose keys (``p01``, ``p02``,
...) whose order jsonb keeps; these tests pin both halves of that.
"""

import pytest
from django.utils import timezone

from games.models import Game
from games.ruleset import REFEREE, Actor
from games.selectors import game_verify
from games.services import game_apply, game_create
from tests.skirmish.conftest import sheet

pytestmark = pytest.mark.django_db


def as_jsonb_keeps_it(state: dict) -> dict:
    """The state as PostgreSQL's jsonb gives it back: keys shortest first, then bytewise."""
    participants = state["participants"]
    order = sorted(participants, key=lambda key: (len(key), key.encode()))
    return {**state, "participants": {key: participants[key] for key in order}}


def begin_after_storage(table, game: Game) -> Game:
    game.state = as_jsonb_keeps_it(game.state)
    game.save(update_fields=["state"])
    game = Game.objects.get(pk=game.pk)
    first = next(iter(game.state["participants"]))
    command = {"action": "roll_initiative", "initiator": first, "category": "physical"}
    game_apply(
        game,
        by=table.storyguide,
        actor=Actor(REFEREE),
        command=command,
        submitted={"command": command},
        now=timezone.now(),
    )
    return game


def test_the_services_keys_survive_jsonb_and_the_log_verifies(table):
    game = begin_after_storage(table, table.create_here())
    assert game_verify(game).ok


def test_keys_that_jsonb_reorders_still_verify(table):
    """Keys chosen by anyone else (``c7`` before ``c12`` in jsonb, after it when written)."""
    participants = [
        {"key": key, "name": key.upper(), "attributes": sheet(Dexterity=n)}
        for n, key in enumerate(["c12", "c7", "a1"], start=3)
    ]
    game = game_create(
        campaign=table.campaign,
        ruleset="skirmish",
        config={"categories": {"physical": "Dexterity"}, "participants": participants},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    report = game_verify(begin_after_storage(table, game))
    assert report.ok, report.problems
