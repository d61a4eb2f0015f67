"""The campaign's activity line hears of its games starting and finishing.

Connected to ``games.signals`` in ``CampaignConfig.ready``: each runs in the
transaction of the game's first or last write. Table logs are the campaign's
dice tray, not games anyone follows, and are left out.
"""

from __future__ import annotations

from campaign import activity
from campaign.models import ActivityKind
from campaign.rules.table_log import TableLog


def game_started(sender, game, now, **kwargs) -> None:
    if game.ruleset != TableLog.name:
        activity.record(
            campaign_id=game.campaign_id,
            kind=ActivityKind.GAME_STARTED,
            data=_game(game),
            now=now,
        )


def game_finished(sender, game, now, **kwargs) -> None:
    if game.ruleset != TableLog.name:
        activity.record(
            campaign_id=game.campaign_id,
            kind=ActivityKind.GAME_FINISHED,
            data={**_game(game), "status": game.status},
            now=now,
        )


def _game(game) -> dict:
    return {"game": game.pk, "kind": game.kind, "ruleset": game.ruleset, "title": game.title}
