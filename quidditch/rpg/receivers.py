"""A finished match written back to the campaign: Health on the sheets, house points earned.

Connected to ``games.signals.game_finished``, so it runs in the transaction
that ends the match: the match, the sheets and the ledger change together.
"""

from __future__ import annotations

from campaign.models import Character, House
from campaign.services import character_health_change, house_points_award
from games.ruleset import find_ruleset

from .rules.ruleset import RpgQuidditch


def write_back_to_the_campaign(sender, *, game, now, **kwargs) -> None:
    if game.ruleset != RpgQuidditch.name:
        return
    result = find_ruleset(game.ruleset).result(game.state)
    for character_id, lost in result["health_lost"].items():
        character_health_change(
            campaign_id=game.campaign_id, character_id=int(character_id), by=-lost
        )
    winner = next((t for t in result["teams"] if t["side"] == result["winner"]), None)
    if winner is None or winner["house_id"] is None or not result["house_points"]:
        return
    if game.config.get("cup_game"):  # the house cup credits its games by its own rules (§8.3)
        return
    house = House.objects.get(pk=winner["house_id"], campaign=game.campaign)
    for character, amount in _shares(result["house_points"], winner["characters"]):
        house_points_award(
            house=house,
            amount=amount,
            reason=f"quidditch: {game} (won by {result['house_points']})",
            character=Character.objects.get(pk=character),
            source_key=f"rpg-quidditch:{game.pk}:{character}",
            awarded_by=None,
            now=now,
        )


def _shares(points: int, characters: list[int]) -> list[tuple[int, int]]:
    """The winning margin split among the team's players, the remainder to the first ones:
    the house earns the margin once, and the ledger credits every player."""
    if not characters:
        return []
    each, left = divmod(points, len(characters))
    return [
        (character, each + (1 if index < left else 0))
        for index, character in enumerate(characters)
        if each or index < left
    ]
