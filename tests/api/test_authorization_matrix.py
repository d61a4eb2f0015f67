"""Every endpoint, every method, every role: the status each gets, against a table.

The endpoints come from the URL configuration, so a new endpoint without a row
in ``EXPECTED`` fails the test. Each call runs in a savepoint that is rolled
back, so every call meets the same world (``tests/api/world.py``). Besides the
statuses, hidden state is asserted absent from every answer that must not
show it: an unrevealed server seed, the storyguide's secret notes.

Roles, in the order of each row: anonymous, spectator, player (owns Harry and
plays his seat), other player (owns Draco, plays no seat), storyguide, and the
outsider (storyguide of another campaign).
"""

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from campaign.models import Membership
from tests.api.world import PUBLIC_HOOK, ROLES, World
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

# (url name, method): statuses for anonymous, spectator, player, other player,
# storyguide, outsider.
EXPECTED = {
    ("health", "get"): (200, 200, 200, 200, 200, 200),
    ("auth-token", "post"): (200, 200, 200, 200, 200, 200),
    ("auth-token-revoke", "post"): (401, 204, 204, 204, 204, 204),
    ("auth-token-revoke-all", "post"): (401, 204, 204, 204, 204, 204),
    ("stream-token", "post"): (401, 201, 201, 201, 201, 201),
    # A person's tokens (issue 40): each their own; one is made only for campaigns of
    # theirs (the outsider is in none of ours); the token revoked here is the player's.
    ("auth-tokens", "get"): (401, 200, 200, 200, 200, 200),
    ("auth-tokens", "post"): (401, 201, 201, 201, 201, 400),
    ("auth-token-detail", "delete"): (401, 404, 204, 404, 404, 404),
    ("me", "get"): (401, 200, 200, 200, 200, 200),
    ("me", "patch"): (401, 200, 200, 200, 200, 200),
    ("schema", "get"): (200, 200, 200, 200, 200, 200),
    ("docs", "get"): (200, 200, 200, 200, 200, 200),
    ("redoc", "get"): (200, 200, 200, 200, 200, 200),
    # Campaigns and members.
    ("campaign-list", "get"): (401, 200, 200, 200, 200, 200),
    ("campaign-list", "post"): (401, 201, 201, 201, 201, 201),
    ("campaign-import-document", "post"): (401, 201, 201, 201, 201, 201),
    ("campaign-detail", "get"): (401, 200, 200, 200, 200, 404),
    ("campaign-detail", "patch"): (401, 403, 403, 403, 200, 404),
    ("campaign-detail", "put"): (401, 403, 403, 403, 200, 404),
    ("campaign-export", "get"): (401, 403, 403, 403, 200, 404),
    ("campaign-members", "get"): (401, 200, 200, 200, 200, 404),
    ("campaign-members", "post"): (401, 403, 403, 403, 201, 404),
    ("membership-detail", "get"): (401, 200, 200, 200, 200, 404),
    ("membership-detail", "patch"): (401, 403, 403, 403, 200, 404),
    ("membership-detail", "put"): (401, 403, 403, 403, 200, 404),
    ("membership-detail", "delete"): (401, 403, 403, 403, 204, 404),
    ("campaign-activity", "get"): (401, 200, 200, 200, 200, 404),
    ("campaign-stream", "get"): (401, 200, 200, 200, 200, 404),
    # Its games in one stream: a member's every game, anyone's the public ones (issue 40).
    ("campaign-games-stream", "get"): (200, 200, 200, 200, 200, 200),
    ("campaign-leave", "post"): (401, 204, 204, 204, 422, 404),  # the last storyguide stays
    # The sites whose pages may use the API for the campaign: its storyguide's (issue 40).
    ("campaign-origins", "get"): (401, 403, 403, 403, 200, 404),
    ("campaign-origins", "post"): (401, 403, 403, 403, 201, 404),
    ("campaign-origin-detail", "delete"): (401, 403, 403, 403, 204, 404),
    # Invitations: the storyguide's to make; anyone with the code may read and use it.
    ("invitation-list", "get"): (401, 200, 200, 200, 200, 200),
    ("invitation-list", "post"): (401, 403, 403, 403, 201, 404),
    ("invitation-detail", "get"): (200, 200, 200, 200, 200, 200),
    ("invitation-revoke", "post"): (401, 403, 403, 403, 200, 404),
    ("invitation-accept", "post"): (401, 409, 409, 409, 409, 201),  # members already are
    ("invitation-sign-up", "post"): (201, 201, 201, 201, 201, 201),
    # One addressed to a person (the outsider here) is theirs alone to decline, or accept.
    ("invitation-mine", "get"): (401, 200, 200, 200, 200, 200),
    ("invitation-decline", "post"): (401, 403, 403, 403, 403, 200),
    # Houses, characters, checks, the ledger.
    ("house-list", "get"): (401, 200, 200, 200, 200, 200),
    ("house-list", "post"): (401, 403, 403, 403, 201, 404),
    ("house-detail", "get"): (401, 200, 200, 200, 200, 404),
    ("house-detail", "patch"): (401, 403, 403, 403, 200, 404),
    ("house-detail", "put"): (401, 403, 403, 403, 200, 404),
    ("character-list", "get"): (401, 200, 200, 200, 200, 200),
    ("character-list", "post"): (401, 403, 201, 201, 201, 404),
    ("character-detail", "get"): (401, 200, 200, 200, 200, 404),
    ("character-detail", "patch"): (401, 403, 200, 403, 200, 404),
    ("character-detail", "put"): (401, 403, 200, 403, 200, 404),
    ("character-detail", "delete"): (401, 403, 403, 403, 204, 404),
    ("character-checks", "post"): (401, 403, 201, 403, 201, 404),
    ("character-popularity", "post"): (401, 403, 403, 403, 201, 404),
    ("character-popularity", "get"): (401, 200, 200, 200, 200, 404),
    ("character-download", "get"): (401, 200, 200, 200, 200, 200),  # CSV of one's own
    ("house-points-download", "get"): (401, 200, 200, 200, 200, 200),
    ("house-points-list", "get"): (401, 200, 200, 200, 200, 200),
    ("house-points-list", "post"): (401, 403, 403, 403, 201, 404),
    ("house-points-detail", "get"): (401, 200, 200, 200, 200, 404),
    ("house-points-reverse", "post"): (401, 403, 403, 403, 201, 404),
    ("table-log-list", "get"): (200, 200, 200, 200, 200, 200),
    ("table-log-detail", "get"): (404, 200, 200, 200, 200, 404),
    ("table-log-abandon", "post"): (401, 403, 403, 403, 200, 404),
    ("table-log-client-seed", "post"): (401, 403, 403, 403, 422, 404),
    ("table-log-events", "get"): (404, 200, 200, 200, 200, 404),
    ("table-log-verify", "get"): (404, 200, 200, 200, 200, 404),
    ("table-log-board-svg", "get"): (404, 404, 404, 404, 404, 404),  # its rules draw no board
    ("table-log-stream", "get"): (404, 200, 200, 200, 200, 404),
    # Rulesets, matches (private here) and skirmishes.
    ("ruleset-list", "get"): (200, 200, 200, 200, 200, 200),
    ("ruleset-detail", "get"): (200, 200, 200, 200, 200, 200),
    ("match-list", "get"): (200, 200, 200, 200, 200, 200),
    # A member who may not start a game is refused (403); a player may where the campaign
    # lets players start friendly games (tests/games/test_friendly_games.py).
    ("match-list", "post"): (401, 403, 403, 403, 201, 400),
    ("match-detail", "get"): (404, 200, 200, 200, 200, 404),
    ("match-abandon", "post"): (401, 403, 403, 403, 200, 404),
    ("match-bots", "post"): (401, 403, 403, 403, 200, 404),
    ("match-client-seed", "post"): (401, 403, 200, 403, 200, 404),
    # The captain's seat is the player's: their command counts, the storyguide's is refused,
    # as the referee relays only the seats nobody holds (tests/api/test_seat_rights.py).
    ("match-commands", "post"): (401, 403, 201, 403, 403, 404),
    # Whether a finished game counts (issue 38): the storyguide's; the world's match is
    # still being played, so even they are refused (422: only a finished game's changes).
    ("game-counting", "post"): (401, 403, 403, 403, 422, 404),
    ("match-events", "get"): (404, 200, 200, 200, 200, 404),
    ("match-verify", "get"): (404, 200, 200, 200, 200, 404),
    ("match-board-svg", "get"): (404, 404, 404, 404, 404, 404),  # its rules draw no board
    ("match-stream", "get"): (404, 200, 200, 200, 200, 404),
    ("skirmish-list", "get"): (200, 200, 200, 200, 200, 200),
    ("skirmish-list", "post"): (401, 403, 403, 403, 201, 400),
    ("skirmish-detail", "get"): (404, 200, 200, 200, 200, 404),
    ("skirmish-abandon", "post"): (401, 403, 403, 403, 200, 404),
    ("skirmish-bots", "post"): (401, 403, 403, 403, 200, 404),
    ("skirmish-client-seed", "post"): (401, 403, 200, 403, 200, 404),
    ("skirmish-commands", "post"): (401, 403, 422, 403, 201, 404),
    ("skirmish-events", "get"): (404, 200, 200, 200, 200, 404),
    ("skirmish-participants", "post"): (401, 403, 403, 403, 201, 404),
    ("skirmish-verify", "get"): (404, 200, 200, 200, 200, 404),
    ("skirmish-board-svg", "get"): (404, 404, 404, 404, 404, 404),  # its rules draw no board
    ("skirmish-stream", "get"): (404, 200, 200, 200, 200, 404),
    # The house cup: public reads, storyguide writes.
    ("cup-year-list", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-list", "post"): (401, 400, 400, 400, 201, 400),
    ("cup-year-detail", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-standings", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-projections", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-stream", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-standings-csv", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-fixtures-ics", "get"): (200, 200, 200, 200, 200, 200),
    ("cup-year-draw-lots", "post"): (401, 403, 403, 403, 422, 403),
    ("cup-year-finals", "post"): (401, 403, 403, 403, 422, 403),
    ("fixture-list", "get"): (200, 200, 200, 200, 200, 200),
    ("fixture-detail", "get"): (200, 200, 200, 200, 200, 200),
    ("fixture-date", "post"): (401, 403, 403, 403, 200, 403),
    ("fixture-postpone", "post"): (401, 403, 403, 403, 200, 403),
    ("fixture-abandon", "post"): (401, 403, 403, 403, 200, 403),
    ("fixture-start", "post"): (401, 403, 403, 403, 201, 403),
    ("fixture-frauds", "post"): (401, 403, 403, 403, 201, 403),
    # A campaign's webhooks: its storyguide's alone.
    ("webhook-list", "get"): (401, 403, 403, 403, 200, 404),
    ("webhook-list", "post"): (401, 403, 403, 403, 201, 404),
    ("webhook-detail", "get"): (401, 403, 403, 403, 200, 404),
    ("webhook-detail", "put"): (401, 403, 403, 403, 200, 404),
    ("webhook-detail", "patch"): (401, 403, 403, 403, 200, 404),
    ("webhook-detail", "delete"): (401, 403, 403, 403, 204, 404),
    ("webhook-rotate-secret", "post"): (401, 403, 403, 403, 200, 404),
    ("webhook-enable", "post"): (401, 403, 403, 403, 200, 404),
    ("webhook-disable", "post"): (401, 403, 403, 403, 200, 404),
    ("webhook-replay-since", "post"): (401, 403, 403, 403, 200, 404),
    ("webhook-delivery-list", "get"): (401, 403, 403, 403, 200, 404),
    ("webhook-delivery-detail", "get"): (401, 403, 403, 403, 200, 404),
    ("webhook-delivery-replay", "post"): (401, 403, 403, 403, 200, 404),
    # A ping is sent at once and answered with how the receiver took it (issue 40).
    ("webhook-ping", "post"): (401, 403, 403, 403, 200, 404),
    # The payloads' JSON Schema is the contract's: anyone reads it.
    ("webhook-payload-schema", "get"): (200, 200, 200, 200, 200, 200),
    # Discord (issue 43): the interactions' only authentication is Discord's signature,
    # which no token stands in for; the connection and channels are the storyguide's.
    ("discord-interactions", "post"): (401, 401, 401, 401, 401, 401),
    ("discord-application", "get"): (401, 403, 403, 403, 200, 404),
    ("discord-application", "put"): (401, 403, 403, 403, 200, 404),
    ("discord-channel-list", "get"): (401, 403, 403, 403, 200, 404),
    ("discord-channel-list", "post"): (401, 403, 403, 403, 201, 404),
    ("discord-channel-detail", "delete"): (401, 403, 403, 403, 204, 404),
}


# Actions on a whole list rather than one object: their URLs take no id.
COLLECTION_ACTIONS = {
    "campaign-import-document",
    "character-download",
    "house-points-download",
    "invitation-mine",
}


def api_endpoints():
    """(url name, route, methods) of every API view in the URL configuration."""

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield prefix + str(pattern.pattern), pattern

    for route, pattern in walk(get_resolver().url_patterns):
        if not route.startswith("api/"):
            continue
        callback = pattern.callback
        actions = getattr(callback, "actions", None)
        view = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
        # DRF adds HEAD to a viewset's actions on its first request; HEAD is GET.
        methods = [
            method
            for method in ("get", "post", "put", "patch", "delete")
            if (method in actions if actions else hasattr(view, method))
        ]
        yield pattern.name, route, methods


def test_every_endpoint_has_a_row():
    found = {(name, method) for name, _, methods in api_endpoints() for method in methods}
    assert found - set(EXPECTED) == set(), "add these endpoints to EXPECTED"
    assert set(EXPECTED) - found == set(), "these rows name no endpoint any more"


def target(world, name):
    """The URL of ``name`` for our campaign's object of that kind."""
    from django.urls import reverse

    objects = {
        "campaign": world.campaign,
        "membership": world.membership,
        "house": world.houses["Gryffindor"],
        "character": world.harry,
        "house-points": world.entry,
        "table-log": world.table_log,
        "match": world.match,
        "skirmish": world.skirmish,
        "cup-year": world.cup_year,
        "fixture": world.fixture,
        "invitation": world.invitation,
    }
    if name == "webhook-payload-schema":
        return reverse(name)
    if name.startswith("webhook-"):
        return webhook_target(world, name)
    if name.startswith("discord-"):
        return discord_target(world, name)
    if name == "auth-token-detail":
        return reverse(name, args=[own(world, "plugin_token", plugin_token).pk])
    if name == "campaign-origin-detail":
        return reverse(name, args=[world.campaign.pk, own(world, "origin", allowed_origin).pk])
    basename = next(
        (b for b in sorted(objects, key=len, reverse=True) if name.startswith(f"{b}-")), None
    )
    if name == "game-counting":
        return reverse(name, args=[world.match.pk])
    if name == "ruleset-detail":
        return reverse(name, args=["chat-quidditch"])
    if name == "invitation-decline":
        return reverse(name, args=[world.addressed.code])
    if basename == "invitation" and not name.endswith("-list") and name != "invitation-mine":
        return reverse(name, args=[world.invitation.code])
    if basename is None or name.endswith("-list") or name in COLLECTION_ACTIONS:
        return reverse(name)
    return reverse(name, args=[objects[basename].pk])


def own(world, name, make):
    """An object of the world that only these rows need, made once."""
    if not hasattr(world, name):
        setattr(world, name, make(world))
    return getattr(world, name)


def plugin_token(world):
    """A token the player made for a plugin."""
    from core.services import token_issue

    issued = token_issue(
        world.users["player"], name="plugin", campaigns=[world.campaign.pk], plays=False,
        lifetime=timedelta(days=1),
    )  # fmt: skip
    return issued.scope


def allowed_origin(world):
    from campaign.models import AllowedOrigin

    return AllowedOrigin.objects.create(campaign=world.campaign, origin="https://table.example")


DISCORD_KEY = "ab" * 32
"""A public key as the developer portal shows it (64 hexadecimal digits)."""


def discord_target(world, name):
    """Discord's URLs: the campaign connected to an application, one channel bound."""
    from django.urls import reverse

    channel = own(world, "discord_channel", discord_channel)
    if name == "discord-interactions":
        return reverse(name)
    if name == "discord-channel-detail":
        return reverse(name, args=[world.campaign.pk, channel.pk])
    return reverse(name, args=[world.campaign.pk])


def discord_channel(world):
    from django.utils import timezone

    from discord_bridge.services import application_connect, channel_bind

    storyguide = world.users["storyguide"]
    application_connect(
        campaign=world.campaign, by=storyguide, application_id="1100", public_key=DISCORD_KEY,
        bot_token="never-shown", now=timezone.now(),
    )  # fmt: skip
    return channel_bind(
        campaign=world.campaign, by=storyguide, channel_id="1200", game_id=world.match.pk
    )


def webhook_target(world, name):
    """Webhook URLs lie under their campaign: ``campaigns/{campaign_pk}/webhooks/...``."""
    from django.urls import reverse

    ids = {"campaign_pk": world.campaign.pk}
    if name.startswith("webhook-delivery-"):
        ids["webhook_pk"] = world.webhook.pk
        if name != "webhook-delivery-list":
            ids["pk"] = world.delivery.pk
    elif name != "webhook-list":
        ids["pk"] = world.webhook.pk
    return reverse(name, kwargs=ids)


def body(world, name, method) -> dict | None:
    """A request body that is valid for whoever is allowed to send it."""
    sheet = world.harry.attributes
    fixture = world.fixture
    later = fixture.window_starts + timedelta(days=10)  # in the window, a week ahead
    bodies = {
        "auth-token": {"username": world.users["player"].username, "password": PASSWORD},
        "auth-tokens": {"name": "Foundry", "campaigns": [world.campaign.pk], "access": "read"},
        "campaign-origins": {"origin": "https://foundry.example:30000"},
        "me": {"language": "de"},
        "game-counting": {"counts": False, "reason": "Played with the wrong team"},
        "campaign-list": {"name": "New", "slug": "new"},
        "campaign-import-document": {
            **world.export,
            "campaign": {**world.export["campaign"], "slug": "copy"},
        },
        "campaign-detail": {"name": "Renamed", "slug": "ours", "rules": {}},
        "campaign-members": {"username": world.users["outsider"].username, "role": "spectator"},
        "membership-detail": {
            "username": world.users["other_player"].username,
            "role": "spectator",
        },
        "house-list": {
            "campaign": world.campaign.pk,
            "name": "Durmstrang",
            "initial": "D",
            "colour": "black",
        },
        "house-detail": {
            "campaign": world.campaign.pk,
            "name": "Gryffindor",
            "initial": "G",
            "colour": "gold",
        },
        "character-list": {"campaign": world.campaign.pk, "name": "Neville", "attributes": sheet},
        "character-detail": {
            "campaign": world.campaign.pk,
            "name": "Harry",
            "attributes": sheet,
            "year": 3,
        },
        "character-checks": {"attribute": "Wits"},
        "invitation-list": {"campaign": world.campaign.pk, "role": "spectator"},
        "invitation-sign-up": {"username": "newcomer", "password": "a-long-Passphrase-42"},
        "character-popularity": {"amount": 1, "reason": "fame"},
        "house-points-list": {
            "campaign": world.campaign.pk,
            "house": world.houses["Gryffindor"].pk,
            "amount": 5,
            "reason": "tidy dormitory",
        },
        "house-points-reverse": {"reason": "mistake"},
        "table-log-client-seed": {"client_seed": "lucky"},
        "match-list": {
            "campaign": world.campaign.pk,
            "ruleset": "chat-quidditch",
            "config": {
                "teams": [
                    world.roster_body(world.houses["Hufflepuff"]),
                    world.roster_body(world.houses["Ravenclaw"]),
                ]
            },
        },
        "match-bots": {"bots": {"SJäger1": "random"}},
        "skirmish-bots": {"bots": {"p02": "random"}},
        "match-client-seed": {"client_seed": "lucky"},
        "match-commands": {
            "command": {
                "action": "experience",
                "player": world.match.state["teams"][0]["captain"],
                "points": {},
            }
        },
        "skirmish-list": {
            "campaign": world.campaign.pk,
            "participants": [{"character": world.harry.pk}, {"character": world.draco.pk}],
        },
        "skirmish-client-seed": {"client_seed": "lucky"},
        "skirmish-commands": {
            "command": {"action": "roll_initiative", "initiator": "p01", "category": "social"}
        },
        "skirmish-participants": {"name": "Peeves", "attributes": {"Humor": 3}},
        "cup-year-list": {
            "campaign": world.campaign.pk,
            "name": "Later",
            "slug": "later",
            "first_half_starts": "2030-09-01T00:00:00Z",
            "second_half_starts": "2031-02-01T00:00:00Z",
        },
        "fixture-date": {"date": later.isoformat()},
        "fixture-postpone": {"reason": "snow"},
        "fixture-abandon": {"reason": "storm"},
        "fixture-start": {
            "teams": [world.roster_body(fixture.home), world.roster_body(fixture.away)]
        },
        "webhook-list": {"url": PUBLIC_HOOK, "event_types": ["game_event"], "format": "discord"},
        "webhook-detail": {"url": PUBLIC_HOOK, "event_types": ["house_points", "popularity"]},
        "webhook-replay-since": {"since": "2020-01-01T00:00:00Z"},
        # Unsigned: refused whoever sends it.
        "discord-interactions": {"type": 1, "application_id": "1100"},
        "discord-application": {
            "application_id": "1100",
            "public_key": DISCORD_KEY,
            "bot_token": "another",
        },
        "discord-channel-list": {"channel_id": "1201", "game": None, "language": "de"},
        "fixture-frauds": {
            "character": world.teams[fixture.home.name][2].pk,
            "offence": "dice_fraud",
        },
    }
    return bodies.get(name) if method != "get" and method != "delete" else None


def call(world, role, name, method):
    client = APIClient()
    if role != "anonymous":
        client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens[role]}")
    url = target(world, name)  # (outside: what it makes is kept for every call)
    with transaction.atomic():
        response = getattr(client, method)(url, body(world, name, method), format="json")
        transaction.set_rollback(True)
    return response


def test_each_role_gets_the_expected_status_everywhere():
    world = World()
    secrets = [
        world.match.server_seed,
        world.skirmish.server_seed,
        world.table_log.server_seed,
        world.webhook.secret,  # shown once, in the answer that made it (a POST)
    ]
    notes = [c.secret_notes for c in world.harry.campaign.characters.exclude(secret_notes="")]
    differences = []
    for name, _, methods in api_endpoints():
        for method in methods:
            for role, expected in zip(ROLES, EXPECTED[name, method], strict=True):
                response = call(world, role, name, method)
                if response.status_code != expected:
                    differences.append(
                        f"{method.upper()} {name} as {role}: "
                        f"{response.status_code}, expected {expected}"
                    )
                # A stream that opened is left unread (it never ends) and unclosed: closing
                # it would send request_finished, which closes the test's connection.
                text = "" if response.streaming else response.content.decode(errors="replace")
                leaked = [s for s in secrets if s in text]
                if leaked and not (name == "campaign-export" or method != "get"):
                    differences.append(f"{method.upper()} {name} as {role}: shows a secret seed")
                if role != "storyguide" and any(note in text for note in notes):
                    differences.append(f"{method.upper()} {name} as {role}: shows secret notes")
    assert differences == []


def foreign_bodies(world) -> dict[tuple[str, str], list[dict]]:
    """For each write that names objects by id: its valid body with another campaign's ids."""
    their = {name: obj.pk for name, obj in world.other.items()}
    ours = {name: body(world, name, "post") for name in ("character-list", "house-points-list")}
    match = body(world, "match-list", "post")
    theirs_in_a_team = {"house": their["house"], "players": [{"character": their["character"]}]}
    return {
        ("house-list", "post"): [
            {**body(world, "house-list", "post"), "campaign": their["campaign"]}
        ],
        ("character-list", "post"): [
            {**ours["character-list"], "campaign": their["campaign"]},
            {**ours["character-list"], "house": their["house"]},
        ],
        ("character-detail", "patch"): [{"house": their["house"]}, {"campaign": their["campaign"]}],
        ("house-points-list", "post"): [
            {**ours["house-points-list"], "campaign": their["campaign"]},
            {**ours["house-points-list"], "house": their["house"]},
            {**ours["house-points-list"], "character": their["character"]},
        ],
        ("match-list", "post"): [
            {**match, "campaign": their["campaign"]},
            {**match, "config": {"teams": [match["config"]["teams"][0], theirs_in_a_team]}},
        ],
        ("skirmish-list", "post"): [
            {**body(world, "skirmish-list", "post"), "campaign": their["campaign"]},
            {
                "campaign": world.campaign.pk,
                "participants": [{"character": world.harry.pk}, {"character": their["character"]}],
            },
        ],
        ("cup-year-list", "post"): [
            {**body(world, "cup-year-list", "post"), "campaign": their["campaign"]}
        ],
        ("fixture-frauds", "post"): [{"character": their["character"], "offence": "dice_fraud"}],
        ("fixture-start", "post"): [
            {"teams": [world.roster_body(world.fixture.home), theirs_in_a_team]}
        ],
        ("skirmish-participants", "post"): [{"character": their["character"]}],
        ("invitation-list", "post"): [
            {"campaign": their["campaign"], "role": "player"},
            {"campaign": world.campaign.pk, "role": "player", "character": their["character"]},
        ],
    }


def written_rows(world) -> dict[str, int]:
    """What both campaigns hold: any row a refused write left behind shows here."""
    from campaign.models import Character, House, HousePointEntry, Invitation
    from games.models import Game, GameEvent
    from league.models import CupYear, Fraud

    campaigns = [world.campaign, world.other["campaign"]]
    return {
        "houses": House.objects.filter(campaign__in=campaigns).count(),
        "characters": Character.objects.filter(campaign__in=campaigns).count(),
        "their characters' houses": Character.objects.filter(house=world.other["house"]).count(),
        "ledger": HousePointEntry.objects.count(),
        "games": Game.objects.count(),
        "events": GameEvent.objects.count(),
        "cup years": CupYear.objects.count(),
        "frauds": Fraud.objects.count(),
        "invitations": Invitation.objects.count(),
        "harry's house": world.harry.__class__.objects.get(pk=world.harry.pk).house_id,
    }


def test_no_write_accepts_another_campaigns_ids_and_none_leaves_a_row():
    """Our storyguide posts valid bodies with the ids of another campaign's objects: each is
    refused (400 or 404) and nothing is written, in either campaign."""
    world = World()
    before = written_rows(world)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens['storyguide']}")
    refusals = []
    for (name, method), bodies in foreign_bodies(world).items():
        for sent in bodies:
            response = getattr(client, method)(target(world, name), sent, format="json")
            if response.status_code not in (400, 404, 422):
                refusals.append(f"{method.upper()} {name} {sent}: {response.status_code}")
    assert refusals == [], "\n".join(refusals)
    assert written_rows(world) == before


def test_an_idempotency_key_is_the_senders_own():
    """The player sends a command to the match with an Idempotency-Key; every other role
    then sends the same body with the same key. A key belongs to whoever sent it, so each
    is judged as a command of its own: the status it would get with no key at all, and
    never the player's stored answer."""
    world = World()
    url, sent = target(world, "match-commands"), body(world, "match-commands", "post")
    key = {"Idempotency-Key": "move-1"}
    differences = []
    for role in ROLES:
        if role == "player":
            continue
        client = APIClient()
        if role != "anonymous":
            client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens[role]}")
        players = APIClient()
        players.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens['player']}")
        with transaction.atomic():
            first = players.post(url, sent, format="json", headers=key)
            assert first.status_code == 201
            with transaction.atomic():
                alone = client.post(url, sent, format="json")
                transaction.set_rollback(True)
            replayed = client.post(url, sent, format="json", headers=key)
            transaction.set_rollback(True)
        if replayed.status_code != alone.status_code:
            differences.append(
                f"as {role} with the player's key: {replayed.status_code}, "
                f"without a key {alone.status_code}"
            )
        if replayed.content == first.content:
            differences.append(f"as {role}: the player's answer")
    assert differences == []


def test_nobody_becomes_a_member_without_accepting():
    """Consent (docs/rules/campaign.md, "Members"): every role names every user, and a name
    no account has, to our campaign (``members/``), and imports a copy of it naming them
    all. Nobody's membership changes but for the importer's own new campaign, and a name
    with an account is answered as a name without one."""
    world = World()
    ghost = "nobody-has-this-name"
    names = [user.username for user in world.users.values()] + [ghost]
    document = {
        **world.export,
        "campaign": {**world.export["campaign"], "slug": "copy"},
        "members": [{"username": name, "role": "player"} for name in names],
    }
    before = set(Membership.objects.values_list("campaign", "user", "role"))
    differences = []
    for role in ROLES:
        client = APIClient()
        if role != "anonymous":
            client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens[role]}")
        with transaction.atomic():
            url = target(world, "campaign-members")
            answers = {
                name: client.post(url, {"username": name, "role": "player"}, format="json")
                for name in names
                if name != world.users.get(role, world.users["storyguide"]).username
            }
            imported = client.post(
                target(world, "campaign-import-document"), document, format="json"
            )
            after = set(Membership.objects.values_list("campaign", "user", "role"))
            transaction.set_rollback(True)
        new = {row for row in after - before if row[0] != imported.json().get("id")}
        if new or before - after:
            differences.append(f"as {role}: memberships changed: {new or before - after}")
        ghostly = answers[ghost]
        for name, answer in answers.items():
            if name in (ghost, *members_of(world)):
                continue
            if answer.status_code != ghostly.status_code or set(answer.json()) != set(
                ghostly.json()
            ):
                differences.append(f"as {role}: {name} is answered unlike a name without account")
    assert differences == []


def members_of(world) -> set[str]:
    return set(world.campaign.memberships.values_list("user__username", flat=True))
