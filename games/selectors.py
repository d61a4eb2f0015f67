"""Reads of games that take more than one query or a computation."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from campaign.permissions import campaign_roles
from games.chain import HASHED_FIELDS, timestamp
from games.models import Game, GameEvent
from games.ruleset import find_ruleset
from games.verification import GameRecord, Report, verify

EVENT_FIELDS = ("seq", "actor", "submitted", "command", "dice", "events", "created_at", "hash")


def games_visible_to(request, kind: str) -> QuerySet[Game]:
    """Public games, and every game of the caller's campaigns."""
    visible = Q(public=True) | Q(campaign_id__in=list(campaign_roles(request)))
    return Game.objects.filter(visible, kind=kind)


def game_events(game: Game, *, after: int = 0, limit: int | None = None) -> list[dict]:
    """The stored events after sequence number ``after``, as plain dicts in order."""
    rows = (
        GameEvent.objects.filter(game=game, seq__gt=after)
        .order_by("seq")
        .values_list(*EVENT_FIELDS)
    )
    if limit is not None:
        rows = rows[:limit]
    return [dict(zip(EVENT_FIELDS, row, strict=True)) for row in rows]


def game_verify(game: Game) -> Report:
    """Audit a game's whole log (see games.verification)."""
    record = GameRecord(
        config=game.config,
        state=game.state,
        seed_commitment=game.seed_commitment,
        client_seed=game.client_seed,
        server_seed=game.server_seed if game.seed_revealed else None,
    )
    events = [
        {
            **{name: event[name] for name in HASHED_FIELDS},
            "created_at": timestamp(event["created_at"]),
            "hash": event["hash"],
        }
        for event in game_events(game)
    ]
    return verify(record, events, find_ruleset(game.ruleset))
