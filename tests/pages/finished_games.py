"""Games of each kind played to their end through the services, for the tests that read
their pages (issue 39: the endings in three languages, the pages on a phone).

Nobody clicks: the game is made as the New game page would make it, its first seat held by
a player of the campaign, and the random bot plays every seat on a fixed server seed
(``tests.support.play_out``), so each game ends the same way in every run.
"""

from django.utils import timezone

from campaign.models import Role
from campaign.services import campaign_create
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.models import Game
from games.services import game_create
from tests.factories import MembershipFactory, UserFactory
from tests.support import play_out

KINDS = (
    "card-quidditch",
    "chat-quidditch",
    "dice-quidditch",
    "rpg-quidditch",
    "skirmish",
    "tabletop-quidditch",
)
"""The six kinds of game, by their rulesets' names."""

SHORT = {
    "dice-quidditch": {"snitch_to_catch": 1},
    "chat-quidditch": {"rounds": 1},
}
"""Settings that end a game sooner than its example's, where a ruleset has them."""


def hogwarts():
    """A campaign, its storyguide and a player: (campaign, storyguide, player)."""
    storyguide = UserFactory(username="mcgonagall")
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    player = MembershipFactory(campaign=campaign, role=Role.PLAYER).user
    return campaign, storyguide, player


def finished(ruleset: str, campaign, storyguide, player, *, seed: int = 1) -> Game:
    """A game of ``ruleset`` from its example setup, the player in its first seat, played
    to its end by the random bot on the server seed made from ``seed``."""
    manifest = manifest_of(ruleset)
    rules = manifest.rules
    config = {**manifest.contract.example, **SHORT.get(ruleset, {})}
    state = rules.setup(manifest.cast.prepare(config, campaign_app().roster(campaign.pk)))
    now = timezone.now()
    game = game_create(
        campaign=campaign,
        ruleset=ruleset,
        config=config,
        seats=dict.fromkeys(rules.seats(state), player.pk),
        created_by=storyguide,
        now=now,
        client_seed="a finished game",
    )
    game = play_out(game, now=now, seed=seed)
    assert game.status == "finished", f"{ruleset} did not end"
    return game
