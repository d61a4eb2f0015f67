"""The command path (issue 20): an ordinary command by a token-authenticated player
costs at most four SQL statements, and the caches that make it so never let in what
the database would refuse.

The four: lock and read the game together with any earlier event sent with the
same Idempotency-Key; the game's seats; insert the event, with its answer;
update the game. The token and the caller's campaign roles come from the cache
(``core.auth``, ``campaign.roles``). Transaction control (BEGIN, COMMIT)
is not counted. The tests are transactional, as requests are: only committed
data goes into the cache.
"""

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken
from rest_framework.test import APIClient

from campaign.models import Membership
from campaign.services import membership_remove

pytestmark = pytest.mark.django_db(transaction=True)

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def bot_client(user) -> APIClient:
    """A plugin: its own API token in the Authorization header, no session."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
    return client


def roll(client, game_id, version=None):
    body = {"command": {"action": "roll"}}
    if version is not None:
        body["expected_version"] = version
    return client.post(
        f"/api/matches/{game_id}/commands/",
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def statements(captured) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].upper().startswith(TRANSACTION_CONTROL)
    ]


def test_an_ordinary_command_costs_at_most_four_statements(table):
    game = table.create_game()
    plugin = bot_client(table.player)
    assert roll(plugin, game["id"]).status_code == 201  # the token and the roles now cached
    with CaptureQueriesContext(connection) as captured:
        answer = roll(plugin, game["id"], version=1)
    assert answer.status_code == 201 and answer.json()["game"]["version"] == 2
    sent = statements(captured)
    assert len(sent) <= 4, "\n".join(sent)


def test_a_retry_gets_the_first_answer_and_applies_nothing(table):
    game = table.create_game()
    plugin = bot_client(table.player)
    key = uuid.uuid4().hex
    send = lambda: plugin.post(  # noqa: E731
        f"/api/matches/{game['id']}/commands/",
        {"command": {"action": "roll"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    first, retry = send(), send()
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json() == first.json()
    assert plugin.get(f"/api/matches/{game['id']}/").json()["version"] == 1


def test_a_revoked_token_is_refused_at_once(table):
    game = table.create_game()
    plugin = bot_client(table.player)
    assert roll(plugin, game["id"]).status_code == 201
    assert plugin.post("/api/auth/token/revoke/").status_code == 204
    assert roll(plugin, game["id"]).status_code == 401


def test_a_deactivated_users_token_is_refused_at_once(table):
    game = table.create_game()
    plugin = bot_client(table.player)
    assert roll(plugin, game["id"]).status_code == 201
    table.player.is_active = False
    table.player.save()
    assert roll(plugin, game["id"]).status_code == 401


def test_a_member_removed_from_the_campaign_is_refused_at_once(table):
    game = table.create_game()
    plugin = bot_client(table.player)
    assert roll(plugin, game["id"]).status_code == 201
    membership_remove(membership=Membership.objects.get(user=table.player))
    assert roll(plugin, game["id"]).status_code == 404


def test_a_games_answer_gives_every_documented_field_and_the_rows_as_drf_writes_them(table):
    """A game's body is built in one pass from its shape (``games.selectors.GAME``) rather
    than through DRF's field objects; the fields ``GameSerializer`` documents are all there,
    in order, and the row's own (a game in a list: ``GameSummarySerializer``, DRF's generic
    fields) are written as DRF writes them, the moments included."""
    from django.utils import timezone

    from games.models import Game
    from games.ruleset import Actor
    from games.serializers import GameSerializer, GameSummarySerializer

    game = Game.objects.get(pk=table.create_game()["id"])
    game.finished_at = timezone.now()
    for actor in (Actor("referee"), Actor("player", frozenset({"alice"})), Actor("spectator")):
        body = GameSerializer(game, context={"actor": actor, "now": timezone.now()}).data
        assert list(body) == list(GameSerializer().fields)
        row = GameSummarySerializer(game).data
        assert {name: body[name] for name in row} == row


def test_a_commands_caller_roles_are_read_in_its_rate_limits_round_trip(table, monkeypatch):
    """Issue 42: one round trip to Redis for the throttle and the cached roles together.
    The write's rate limit reads the caller's roles with its count
    (``core.cache.count_and_read``); the roles are not asked for again on their own."""
    from django.core.cache import cache

    from core import throttling

    game = table.create_game()
    plugin = bot_client(table.player)
    assert roll(plugin, game["id"]).status_code == 201  # the roles now in the cache
    roles_key = f"campaign-roles:{table.player.pk}"
    with_the_count, alone = [], []
    inside = []
    count_and_read, get_many = throttling.cache.count_and_read, cache.get_many

    def counted(key, timeout, kept_keys):
        with_the_count.extend(kept_keys)
        inside.append(True)
        try:
            return count_and_read(key, timeout, kept_keys)
        finally:
            inside.pop()

    def asked(keys, *args, **kwargs):
        if not inside:
            alone.extend(keys)
        return get_many(keys, *args, **kwargs)

    monkeypatch.setattr(throttling.cache, "count_and_read", counted)
    monkeypatch.setattr(cache, "get_many", asked)
    assert roll(plugin, game["id"]).status_code == 201
    assert with_the_count == [roles_key]
    assert roles_key not in alone
