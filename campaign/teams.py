"""A team of a house's characters, as a match of any team ruleset is set up from.

The league lines teams up for a cup game (§8.5) and hands them to the game
platform as a config in the shape every team ruleset's ``prepare`` reads:
the house and the characters by id, each with a position, experience points
where the storyguide sets them, and the captain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from campaign.models import Character, House


@dataclass(frozen=True)
class Team:
    """One side of a match: a house, its players with their positions, and its captain."""

    house: House
    players: list[tuple[Character, str]]
    captain: Character | None = None
    experience: dict[int, int] = field(default_factory=dict)

    def to_config(self) -> dict:
        players = [
            {
                "character": character.pk,
                "position": position,
                **({"xp": self.experience.get(character.pk, 0)} if self.experience else {}),
            }
            for character, position in self.players
        ]
        team = {"house": self.house.pk, "players": players}
        if self.captain is not None:
            team["captain"] = self.captain.pk
        return team
