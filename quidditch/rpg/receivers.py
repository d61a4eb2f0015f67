"""A finished match written back to the campaign: Health on the sheets, house points earned.

Connected to ``games.signals.game_finished`` for this ruleset's games, so it runs in the transaction
that ends the match: the match, the sheets and the ledger change together.

"House points are awarded to the winning team; the amount is the difference
between the two teams' scores for the match. This gain is attributed to all
of the team's players for purposes of affecting Popularity." (QUIDDITCH): one
entry of the ledger gives the winning house the difference once, attributed
to each of the team's characters, whose Popularity then moves by the whole
gain as if each had earned it (the campaign's Popularity rule,
``docs/rules/campaign.md``).

A friendly game (``Game.friendly``) is played for itself: it writes nothing
back, neither house points nor Health. A cup game's margin is the cup's to
credit (§8.3 of the house cup), not the match's.
"""

from __future__ import annotations

from campaign.models import Character, House, Source
from campaign.services import character_health_change, house_points_award
from games.ruleset import find_ruleset


def write_back_to_the_campaign(sender, *, game, now, **kwargs) -> None:
    if game.friendly:
        return
    result = find_ruleset(game.ruleset).result(game.state)
    for character_id, lost in result["health_lost"].items():
        character_health_change(
            campaign_id=game.campaign_id, character_id=int(character_id), by=-lost
        )
    credit_the_winner(sender, game=game, now=now)


def credit_the_winner(sender, *, game, now, **kwargs) -> None:
    """The winning house's gain, once; also when a storyguide makes a finished friendly
    match count (``games.signals.game_counted``), which leaves Health as it is."""
    if game.friendly or game.config.get("cup_game"):  # the cup credits its own games (§8.3)
        return
    result = find_ruleset(game.ruleset).result(game.state)
    winner = next((t for t in result["teams"] if t["side"] == result["winner"]), None)
    if winner is None or winner["house_id"] is None or not result["house_points"]:
        return
    house_points_award(
        house=House.objects.get(pk=winner["house_id"], campaign=game.campaign),
        amount=result["house_points"],
        reason=f"quidditch: {game} (won by {result['house_points']})",
        source=Source.MATCH,
        attributed_to=list(Character.objects.filter(pk__in=winner["characters"])),
        source_key=f"rpg-quidditch:{game.pk}",
        game=game,
        awarded_by=None,
        now=now,
    )
