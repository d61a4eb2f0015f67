"""The campaign app as the game platform sees it: the answers to what it asks.

Registered with ``games.campaign_app`` when the app starts, so that the platform
learns roles, members and characters without importing the campaign app.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from campaign import counting, selectors
from campaign.models import Activity, ActivityKind, Campaign, Character, Membership, Role
from campaign.roles import campaign_roles, roles_of
from games.ruleset import Roster


def signed(number: int) -> str:
    """A change as a reader writes it: +180, −100."""
    return f"+{number}" if number >= 0 else f"−{-number}"


class CampaignApp:
    def roles(self, request) -> dict[int, str]:
        return campaign_roles(request)

    def roles_of(self, user_id: int) -> dict[int, str]:
        return roles_of(user_id)

    def role(self, user, campaign_id: int) -> str | None:
        return selectors.role_of(user, campaign_id)

    def players_start_games(self, campaign_id: int) -> bool:
        return Campaign.objects.filter(pk=campaign_id, players_start_games=True).exists()

    def seat_holders(self, campaign_id: int) -> set[int]:
        return set(
            Membership.objects.filter(
                campaign_id=campaign_id, role__in=(Role.PLAYER, Role.STORYGUIDE)
            ).values_list("user_id", flat=True)
        )

    def what_a_game_gave(self, game_id: int, *, now) -> list[str]:
        credits, moves = selectors.what_a_game_gave(game_id)
        lines = []
        for credit in credits:
            words = {"house": credit.house, "points": signed(credit.amount)}
            line = (
                ngettext(
                    "%(house)s: %(points)s house point",
                    "%(house)s: %(points)s house points",
                    abs(credit.amount),
                )
                % words
            )
            if credit.credit_at > now:
                moment = date_format(credit.credit_at, "DATETIME_FORMAT", use_l10n=True)
                line = gettext("%(credit)s, counted from %(moment)s (UTC)") % {
                    "credit": line,
                    "moment": moment,
                }
            lines.append(line)
        for move in moves:
            lines.append(
                gettext("%(character)s's Popularity: %(steps)s")
                % {"character": move.character, "steps": signed(move.steps)}
            )
        return lines

    def counting(self, game, role: str | None) -> dict | None:
        if not counting.may_count_differently(game):
            return None
        last = (
            Activity.objects.filter(
                campaign_id=game.campaign_id,
                kind__in=[ActivityKind.GAME_COUNTED, ActivityKind.GAME_DISCOUNTED],
                data__game=game.pk,
            )
            .order_by("-seq")
            .first()
        )
        changed = ""
        if last is not None:
            words = {
                "by": last.data["by"],
                "day": date_format(last.created_at, "DATE_FORMAT", use_l10n=True),
                "reason": last.data["reason"],
            }
            if last.kind == ActivityKind.GAME_COUNTED:
                changed = gettext("Made to count by %(by)s on %(day)s: %(reason)s") % words
            else:
                changed = gettext("Made to count for nothing by %(by)s on %(day)s: %(reason)s") % (
                    words
                )
        may = role == Role.STORYGUIDE
        return {
            "counts": not game.friendly,
            "changed": changed,
            "change_url": reverse("game-counting-page", args=[game.pk]) if may else "",
        }

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
