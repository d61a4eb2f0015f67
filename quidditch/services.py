"""Writes for quidditch matches: setting up a Chat-Quidditch match from houses and characters.

Everything after the setup (experience points, the quaffle roll, every
command of the match) goes through the shared game services.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.db import transaction

from campaign.models import Campaign, Character, House
from core.errors import Invalid
from games.models import EnteredDice, Game, GameStatus
from games.ruleset import REFEREE, Actor, find_ruleset
from games.services import game_apply, game_create
from quidditch.rules.bots import RandomPlayer

CHAT_QUIDDITCH = "chat-quidditch"
REFEREE_ACTOR = Actor(REFEREE)


@dataclass(frozen=True)
class Team:
    """One side of a match: a house, its players with their positions, and its captain."""

    house: House
    players: list[tuple[Character, str]]
    captain: Character | None = None
    experience: dict[int, int] = field(default_factory=dict)


def match_create(
    *,
    campaign: Campaign,
    teams: list[Team],
    settings: dict,
    created_by,
    now: datetime,
    title: str = "",
    public: bool = False,
    entered_dice: str = EnteredDice.NEVER,
    client_seed: str | None = None,
    referee=None,
) -> Game:
    """Set up a Chat-Quidditch match; each character's player commands its nick."""
    _check_teams(campaign, teams)
    config = {"teams": [_team_config(team) for team in teams], **settings}
    state = find_ruleset(CHAT_QUIDDITCH).setup(config)
    owners = {
        character.pk: character.player_id
        for team in teams
        for character, _ in team.players
        if character.player_id is not None
    }
    seats = {
        nick: owners[player["character"]]
        for nick, player in state["players"].items()
        if player["character"] in owners
    }
    return game_create(
        campaign=campaign,
        ruleset=CHAT_QUIDDITCH,
        config=config,
        title=title or f"{teams[0].house.name} v {teams[1].house.name}",
        seats=seats,
        public=public,
        entered_dice=entered_dice,
        client_seed=client_seed,
        referee=referee,
        created_by=created_by,
        now=now,
    )


def _check_teams(campaign: Campaign, teams: list[Team]) -> None:
    if len(teams) != 2:
        raise Invalid.field("teams", "A match has exactly two teams.")
    if teams[0].house == teams[1].house:
        raise Invalid.field("teams", "A house cannot play against itself.")
    seen: set[int] = set()
    for index, team in enumerate(teams):
        if team.house.campaign_id != campaign.pk:
            raise Invalid.field("teams", f"Team {index + 1}: the house is not in the campaign.")
        for character, _ in team.players:
            if character.house_id != team.house.pk:
                raise Invalid.field(
                    "teams", f"{character.name} does not belong to {team.house.name}."
                )
            if character.pk in seen:
                raise Invalid.field("teams", f"{character.name} is named twice.")
            seen.add(character.pk)
        roster = {character.pk for character, _ in team.players}
        if team.captain is not None and team.captain.pk not in roster:
            raise Invalid.field("teams", f"Team {index + 1}: the captain must play in the team.")


def _team_config(team: Team) -> dict:
    players = [
        {
            "position": position,
            "name": character.name,
            "character": character.pk,
            **({"xp": team.experience.get(character.pk, 0)} if team.experience else {}),
        }
        for character, position in team.players
    ]
    captain = team.captain or team.players[0][0]
    return {
        "house": team.house.name,
        "initial": team.house.initial,
        "players": players,
        "captain": [character.pk for character, _ in team.players].index(captain.pk),
    }


def match_autoplay(*, game: Game, seed: int, start: datetime) -> Game:
    """Play a match to its end with random legal players, every command through the log.

    For demo data and tests: the match is played as a table would play it, one
    command at a time on the server dice, so its log verifies like any other.
    """
    bot = RandomPlayer(random.Random(seed))
    rules = find_ruleset(game.ruleset)
    moment = start.timestamp()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        while game.status == GameStatus.ACTIVE:
            command = bot.choose(rules.allowed_commands(game.state, REFEREE_ACTOR))
            moment = bot.when(command, moment)
            game_apply(
                game,
                user=None,
                actor=bot.actor_for(command),
                command=command,
                submitted={"command": command},
                now=datetime.fromtimestamp(moment, UTC),
            )
    return game
