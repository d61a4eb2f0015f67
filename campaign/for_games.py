"""The campaign app as the game platform sees it: the answers to what it asks.

Registered with ``games.campaign_app`` when the app starts, so that the platform
learns roles, members and characters without importing the campaign app.
"""

from __future__ import annotations

from campaign.models import Campaign, Character, Membership, Role
from campaign.roles import campaign_roles, roles_of
from games.ruleset import Roster


class CampaignApp:
    def roles(self, request) -> dict[int, str]:
        return campaign_roles(request)

    def roles_of(self, user_id: int) -> dict[int, str]:
        return roles_of(user_id)

    def role(self, user, campaign_id: int) -> str | None:
        return (
            Membership.objects.filter(campaign_id=campaign_id, user=user)
            .values_list("role", flat=True)
            .first()
        )

    def players_start_games(self, campaign_id: int) -> bool:
        return Campaign.objects.filter(pk=campaign_id, players_start_games=True).exists()

    def seat_holders(self, campaign_id: int) -> set[int]:
        return set(
            Membership.objects.filter(
                campaign_id=campaign_id, role__in=(Role.PLAYER, Role.STORYGUIDE)
            ).values_list("user_id", flat=True)
        )

    def roster(self, campaign_id: int) -> Roster:
        """Every character of the campaign, with what a ruleset may field of it."""
        characters = Character.objects.filter(campaign_id=campaign_id).select_related("house")
        return {
            character.pk: {
                "name": character.name,
                "house": None
                if character.house is None
                else {
                    "id": character.house.pk,
                    "name": character.house.name,
                    "initial": character.house.initial,
                },
                "attributes": dict(character.attributes),
                "health": character.health,
                "health_max": character.health_max,
                "position": character.quidditch_position or None,
                "player": character.player_id,
            }
            for character in characters
        }
