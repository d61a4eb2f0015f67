"""A match between houses of the campaign, outside the house cup, credits its houses.

§8.3: "Nach jedem Spiel ... werden die Punkte der jeweiligen Mannschaften den
Hauskonten gutgeschrieben; gemäß Regeln also 10 Punkte pro Tor, 50 Punkte für
einen Schnatzfang und 100 Punkte für den Sieg": each team's points of the
match, as its result counts them (§7), go to its house. The cup credits its
own games (``league``: 48 hours after the log is published, so that a fraud
can be charged first); a match outside the cup credits at its end, as its log
is public then (a reading, docs/rules/chat-quidditch.md). A team of the
campaign's characters credits its house, attributed to its players for
Popularity as a Draco Dormiens quidditch win is; a team written out by name
credits nobody, nor does a friendly game.

Connected to ``games.signals.game_finished`` for this ruleset's games: the
match and the ledger change together; and to ``game_counted``, when a storyguide
makes a finished friendly match count (``campaign.counting``).
"""

from __future__ import annotations

from campaign.models import Character, Source
from campaign.services import house_points_award
from games.ruleset import find_ruleset

SIDES = ("home", "away")


def credit_the_houses(sender, *, game, now, **kwargs) -> None:
    if game.friendly or game.config.get("cup_game"):
        return
    result = find_ruleset(game.ruleset).result(game.state)
    for side, team, scored in zip(SIDES, game.config["teams"], result["teams"], strict=True):
        ids = [player.get("character") for player in team["players"]]
        if not scored["points"] or None in ids:
            continue
        players = list(
            Character.objects.filter(pk__in=ids, campaign_id=game.campaign_id).select_related(
                "house"
            )
        )
        houses = {character.house for character in players}
        if len(houses) != 1 or None in houses:
            continue  # the team's characters have left its house since: nobody to credit
        house_points_award(
            house=houses.pop(),
            amount=scored["points"],
            reason=f"Chat-Quidditch: {game} ({scored['goals']} goals"
            f"{', the snitch' if scored['snitch'] else ''}"
            f"{', the win' if scored['bonus'] else ''}; §8.3)",
            source=Source.MATCH,
            attributed_to=players,
            source_key=f"chat-quidditch:{game.pk}:{side}",
            game=game,
            awarded_by=None,
            now=now,
        )
