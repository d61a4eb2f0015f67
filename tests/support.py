"""Helpers shared by test folders."""

import copy
import hashlib
import threading

from django.conf import settings
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from campaign.models import Position, Role
from campaign.services import campaign_create
from games.bots import EVERY_SEAT
from games.dice import ScriptedDice, commitment
from games.manifest import manifest_of
from games.ruleset import find_ruleset, package_of, ruleset_names
from games.services import game_create, game_seat_bots
from tests.factories import PASSWORD, MembershipFactory, UserFactory

FULL_TEAM = (
    Position.KEEPER,
    Position.SEEKER,
    Position.CHASER,
    Position.CHASER,
    Position.CHASER,
    Position.BEATER,
    Position.BEATER,
)
"""A quidditch team of seven, keeper and seeker first (Chat-Quidditch §2)."""

BROWSER_PATIENCE_MS = 60_000
"""How long a browser test waits for a page's own sign that it is ready (an element it
renders, a text it shows), for every action and every ``expect``. Generous: ReDoc renders
the whole API schema in the browser, seconds on a busy machine. A page that is ready
sooner is not waited for; only a failing test waits this long."""


def games_played() -> list[str]:
    """The rulesets of the games in the one list (``settings.GAMES``) that people play by
    commands: what every test of "every game" reads, so that a new game is tested as the
    others are by its line in the list alone (issue 41)."""
    return [
        name
        for name in ruleset_names()
        if package_of(name) in settings.GAMES and manifest_of(name).played_by_commands
    ]


class Table:
    """A campaign (with its default houses) and one user of each role, plus an outsider
    who is storyguide of another campaign."""

    def __init__(self):
        self.storyguide = UserFactory()
        self.campaign = campaign_create(
            name="Test campaign", slug=f"test-{self.storyguide.pk}", storyguide=self.storyguide
        )
        self.player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.other_player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.spectator = MembershipFactory(campaign=self.campaign, role=Role.SPECTATOR).user
        outsider = UserFactory()
        self.other_campaign = campaign_create(
            name="Elsewhere", slug=f"elsewhere-{outsider.pk}", storyguide=outsider
        )
        self.outsider = outsider

    def client(self, user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    def house(self, name="Gryffindor", campaign=None):
        return (campaign or self.campaign).houses.get(name=name)


def with_a_long_tally(table: Table) -> Table:
    """``table`` with ``table.game``: a tally (``games.testing``) the player plays as
    ``alice``, whose target no test reaches, so that it stays in progress."""
    import games.testing  # noqa: F401  (registers the "tally" ruleset only where it is used)

    table.game = game_create(
        campaign=table.campaign,
        ruleset="tally",
        config={"target": 10**9},
        seats={"alice": table.player.pk},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    return table


def run_at_once(task, threads: int) -> list:
    """Run ``task(i)`` in ``threads`` threads released together; return their results.

    Each thread closes its database connection when done, as a request would.
    """
    barrier = threading.Barrier(threads)
    results = [None] * threads

    def worker(i):
        try:
            barrier.wait()
            results[i] = task(i)
        finally:
            connection.close()

    started = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join()
    return results


def play_out(game, *, now, seed: int = 1):
    """Hand every seat of a running game to the random bot, which plays it to its end.

    A game not yet begun is first given a server seed made from ``seed``, so that
    its dice and its bots' choices, and so its result, are the same in every run.
    """
    fix_server_seed(game, seed)
    return game_seat_bots(game_id=game.pk, bots={EVERY_SEAT: "random"}, now=now)


def holder(game, command: dict):
    """The person who holds the seat that gives ``command``, if anyone does: they send it,
    as the referee relays only the seats nobody holds."""
    seat = find_ruleset(game.ruleset).seat_of(command, game.state)
    held = game.seats.filter(participant=seat, user__isnull=False).select_related("user")
    return next((seat.user for seat in held), None)


def fix_server_seed(game, seed: int) -> None:
    """Give a game not yet begun a server seed made from ``seed``: its dice, and so how
    random players' games go, are then the same in every run."""
    if game.version == 0:
        server_seed = hashlib.sha256(f"test seed {seed}".encode()).digest()
        game.server_seed = server_seed.hex()
        game.seed_commitment = game.last_hash = commitment(server_seed)
        game.save(update_fields=["server_seed", "seed_commitment", "last_hash"])


def apply_scripted(rules, state: dict, command: dict, actor, faces):
    """Apply a command on scripted dice, as rule tests do, checking that every given face
    was rolled and that ``apply`` left the state it was given untouched."""
    dice = ScriptedDice(faces)
    before = copy.deepcopy(state)
    outcome = rules.apply(state, command, actor=actor, dice=dice, now=0.0)
    assert state == before, "apply changed the state it was given"
    assert dice.unused == 0, f"{dice.unused} scripted faces were not rolled"
    return outcome


def dashboard_client(storyguide):
    """A browser session on the dashboard as ``storyguide``: staff, in the storyguides'
    group (which holds the dashboard's permissions), logged in."""
    from django.test import Client

    from campaign.demo import storyguide_group

    storyguide.is_staff = True
    storyguide.save()
    storyguide.groups.add(storyguide_group())
    client = Client()
    client.force_login(storyguide)
    return client


# A browser test waits for what a page says once it is ready, never for a page load: a
# table page reloads itself after a move, and so may its stream, one reload racing the
# other. ``table.js`` marks a game's page ready with the version it shows
# (``<html data-ready="14">``) once its commands answer clicks.


def shown_version(page) -> int:
    """The version of the game the page shows, once it is ready (in whichever page comes:
    the one there, or the one a reload brings)."""
    return int(page.locator("html[data-ready]").get_attribute("data-ready"))


def shows_later_than(page, version: int) -> None:
    """Wait until the page shows the game past ``version``: a move taken, the bots' answers."""
    page.locator(f'html[data-ready]:not([data-ready="{version}"])').wait_for()


def move(page, control) -> None:
    """Click ``control`` (a command's button, or a form's) on a ready page, and wait until
    the page shows the game after it, however the page came to show it."""
    before = shown_version(page)
    control.click()
    shows_later_than(page, before)


def follow(page, link) -> None:
    """Follow ``link`` on a game's table (Table Top's piece, chosen before its square) to
    its ready page."""
    href = link.get_attribute("href")
    link.click()
    page.locator(f'html[data-ready][data-query="{href.removeprefix("?")}"]').wait_for()


def log_in(page, server: str, user, password: str = PASSWORD) -> None:
    """Log ``user`` in through the login page, as a person does, and wait until they have
    arrived on "My campaigns"."""
    page.goto(f"{server}/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", password)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{server}/me/")
