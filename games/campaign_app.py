"""The campaign app, as the platform sees it: the few questions it asks of the app that
owns every game.

Every game belongs to a campaign, but the platform sits below the campaign
app and never imports it (``core <- games <- campaign``). The campaign app
registers itself, a :class:`CampaignApp`, when it starts (``CampaignConfig.ready``),
and the platform asks it who is who: the caller's roles, who may referee, who may
hold a seat, and the characters a ruleset's ``prepare`` may field.
"""

from __future__ import annotations

from typing import Protocol

from games.ruleset import Roster

#: The role that referees a campaign's games (and may relay any seat's commands).
REFEREE_ROLE = "storyguide"
#: The role of a campaign's players (who may start friendly games where it allows them).
PLAYER_ROLE = "player"


class CampaignApp(Protocol):
    def roles(self, request) -> dict[int, str]:
        """The caller's role in each of their campaigns (cached on the request)."""

    def roles_of(self, user_id: int) -> dict[int, str]:
        """A user's roles now (cached between requests): a live stream asks again."""

    def role(self, user, campaign_id: int) -> str | None:
        """``user``'s role in one campaign, or ``None``."""

    def players_start_games(self, campaign_id: int) -> bool:
        """Whether the campaign's players may start friendly games themselves."""

    def seat_holders(self, campaign_id: int) -> set[int]:
        """The user ids who may hold a seat of a campaign's game: its players and
        storyguides (a spectator watches; a former member is nobody)."""

    def what_a_game_gave(self, game_id: int, *, now) -> list[str]:
        """What a game's result gave its campaign, a sentence each in the active language:
        each house's points (and from when they count, where the rules delay them) and
        each character's Popularity they move; none for a game that credits nothing."""

    def counting(self, game, role: str | None) -> dict | None:
        """How a finished game counts, for its page: ``counts``, ``changed`` (the last
        change of it, who and why, in words; "" if none), and where a reader of ``role``
        in the game's campaign may change it (``change_url``; "" where they may not);
        ``None`` for a game whose counting never changes (a cup game, a kind that credits
        no house)."""

    def roster(self, campaign_id: int) -> Roster:
        """The campaign's characters as plain data, for ``Cast.prepare``."""


_registered: CampaignApp | None = None


def register_campaign_app(app: CampaignApp) -> None:
    global _registered
    _registered = app


def campaign_app() -> CampaignApp:
    if _registered is None:
        raise RuntimeError("No campaign app: the campaign app registers itself when it starts.")
    return _registered
