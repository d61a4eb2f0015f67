"""Games played to their end from a Discord channel (issue 43): by /move chosen from the
autocomplete's list, and /dice where a game waits for dice entered at the table, by a
linked player with the ruleset's own bot in every other seat; the log verifies.

Each game is a short one its ruleset's presets offer, so that a game takes seconds.
The interactions go through Django's test client, in-process; the deferred answers go
to the fake Discord on loopback, and every one of them must be the move's answer (an
edit of the deferral), never a refusal (a deletion and an ephemeral follow-up), which
the deferral itself would not show.
"""

import random

import pytest
from django.utils import timezone

from games.manifest import manifest_for, manifest_of
from games.ruleset import find_ruleset
from games.selectors import game_verify
from games.services import game_create
from tests.discord_bridge.support import connect, interaction, link, send

pytestmark = pytest.mark.django_db

PLAYER, STORYGUIDE = "42", "40"
DEFERRED = 5


def short_game(table, ruleset: str, preset: str, seat: str, entered: str = "never"):
    """A game of ``ruleset`` set up as its ``preset`` says: the player holds ``seat``, the
    ruleset's first bot every other seat (and the referee's own commands)."""
    rules = find_ruleset(ruleset)
    settings = {p.name: p.settings for p in manifest_for(rules).presets}[preset]
    return game_create(
        campaign=table.campaign,
        ruleset=ruleset,
        config={**manifest_for(rules).contract.example, **settings},
        created_by=table.storyguide,
        now=timezone.now(),
        seats={seat: table.player.pk},
        bots={"*": next(iter(manifest_of(ruleset).bots))},
        entered_dice=entered,
    )


def played(answer: dict, discord) -> None:
    """The command was played: answered at once, or deferred and its answer put in place
    of the deferral (a refusal would delete it)."""
    if answer["type"] == DEFERRED:
        last = discord.requests[-1]
        assert last["method"] == "PATCH", last
        assert last["path"].endswith("/messages/@original")
    else:
        assert answer["type"] == 4 and "flags" not in answer["data"], answer


def enter_dice(game, seat: str, rng: random.Random) -> dict:
    """The dice the game waits for first, entered with /dice by the one who rolls them: the
    player their seat's, the storyguide (the referee) the bots' and the table's."""
    need = game.dice_awaited["dice"][0]
    faces = " ".join(str(rng.randint(1, need["sides"])) for _ in range(need["count"]))
    user = PLAYER if need["by"] == seat else STORYGUIDE
    return send(interaction("dice", user=user, options={"faces": faces}))


def choose_a_move(rng: random.Random) -> dict:
    """The player asks the autocomplete for their moves, and sends one of them."""
    asked = interaction("move", kind=4, user=PLAYER, options={"move": ""}, focused="move")
    choices = send(asked)["data"]["choices"]
    assert choices, "the bots have moved: the running game waits for the player"
    return send(interaction("move", user=PLAYER, options={"move": rng.choice(choices)["value"]}))


def play_to_the_end(game, seat: str, discord, rng: random.Random, most: int) -> int:
    """Play ``game`` from the channel until it ends; how many commands that took."""
    for turn in range(most):
        game.refresh_from_db()
        if game.status != "active":
            return turn
        if game.dice_awaited is not None:
            answer = enter_dice(game, seat, rng)
        else:
            answer = choose_a_move(rng)
        played(answer, discord)
    raise AssertionError(f"the game did not end in {most} commands")


@pytest.mark.parametrize(
    ("ruleset", "preset", "seat", "entered"),
    [
        ("card-quidditch", "quick", "gryffindor", "never"),
        ("dice-quidditch", "short", "red", "players"),
        ("tabletop-quidditch", "small", "home", "never"),
        ("rpg-quidditch", "open", "home.seeker", "never"),
        ("skirmish", "duel", "p01", "never"),
    ],
)
def test_43_a_game_of_each_ruleset_is_played_to_its_end_from_discord_and_verifies(
    table, discord, ruleset, preset, seat, entered
):
    game = short_game(table, ruleset, preset, seat, entered)
    connect(table, game=game)
    link(table.player, PLAYER)
    link(table.storyguide, STORYGUIDE)

    commands = play_to_the_end(game, seat, discord, random.Random(ruleset), most=400)

    game.refresh_from_db()
    assert game.status == "finished"
    assert commands > 0
    assert game.events.filter(user=table.player).exists()
    assert game_verify(game, fresh=True).ok
    if entered == "players":
        entered_by = {e.user_id for e in game.events.all() if "dice" in e.submitted}
        assert entered_by == {table.player.pk, table.storyguide.pk}
