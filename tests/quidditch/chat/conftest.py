import random
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest

from campaign.models import Character, Role
from campaign.rules.sheet import SheetRules
from games.models import Game
from games.services import Submission, game_submit_command
from quidditch.chat.rules import ChatQuidditch
from quidditch.chat.simulation import RandomPlayers
from tests.factories import MembershipFactory
from tests.support import FULL_TEAM as TEAM
from tests.support import Table, fix_server_seed, holder


class QuidditchTable(Table):
    """A campaign with full Gryffindor and Slytherin teams; the player owns Gryffindor's seeker."""

    def __init__(self):
        super().__init__()
        attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
        self.teams = {}
        for house_name in ("Gryffindor", "Slytherin"):
            house = self.house(house_name)
            self.teams[house_name] = [
                Character.objects.create(
                    campaign=self.campaign,
                    house=house,
                    name=f"{house_name} {position} {i}",
                    quidditch_position=position,
                    attributes=attributes,
                )
                for i, position in enumerate(TEAM)
            ]
        seeker = self.teams["Gryffindor"][1]
        seeker.player = self.player
        seeker.save()

    def match_body(self, settings: dict | None = None, **extra) -> dict:
        """A match of the two houses' characters, each at the position on their sheet."""
        teams = [
            {
                "house": self.house(name).pk,
                "players": [{"character": c.pk} for c in self.teams[name]],
            }
            for name in ("Gryffindor", "Slytherin")
        ]
        return {
            "campaign": self.campaign.pk,
            "ruleset": "chat-quidditch",
            "config": {"teams": teams, **(settings or {})},
            **extra,
        }

    def create_match(self, **extra) -> dict:
        response = self.client(self.storyguide).post(
            "/api/matches/", self.match_body(**extra), format="json"
        )
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def table(db):
    return QuidditchTable()


EXPERIENCE = {0: 1, 2: 2, 5: 1}
"""Each captain's experience points by roster index (§3.2): the keeper 1, the first
chaser 2, the first beater 1."""

RELAYED = ("Slytherin", 6)
"""Slytherin's second beater, STreiber2, has no account: the referee relays his lines."""


class SeatedQuidditchTable(QuidditchTable):
    """Every character has a player of its own (the seeker of Gryffindor keeps
    ``player``), except STreiber2, whose lines the referee relays (§4.1.2).
    Matches start with the captains' experience points in the setup (§3.2)."""

    def __init__(self):
        super().__init__()
        for house_name, characters in self.teams.items():
            for index, character in enumerate(characters):
                if character.player_id is None and (house_name, index) != RELAYED:
                    character.player = MembershipFactory(
                        campaign=self.campaign, role=Role.PLAYER
                    ).user
                    character.save()

    def match_body(self, **extra) -> dict:
        body = super().match_body(**extra)
        for team in body["config"]["teams"]:
            for index, player in enumerate(team["players"]):
                player["xp"] = EXPERIENCE.get(index, 0)
        return body

    def play(self, match: dict, commands: int, *, seed: int = 0) -> Game:
        """Up to ``commands`` random legal commands through the service, each sent by the
        player who holds its nick, the rest (STreiber2's and the referee's own words) by
        the referee, on a clock that moves as the bot's players take their time (§3.4)."""
        players = RandomPlayers(ChatQuidditch(), random.Random(seed))
        game = Game.objects.get(pk=match["id"])
        fix_server_seed(game, seed)
        now = game.created_at.timestamp()
        for _ in range(commands):
            if game.state["over"]:
                break
            now = players.when(game.state, now)
            command = players.choose(game.state, now)
            game_submit_command(
                game_id=game.pk,
                by=holder(game, command) or self.storyguide,
                submission=Submission(command=command),
                now=datetime.fromtimestamp(now, UTC),
            )
            game.refresh_from_db()
        return game


@pytest.fixture
def seated_table(db):
    return SeatedQuidditchTable()


class Clock:
    """The server's clock, moved by the test; the API reads ``django.utils.timezone.now``."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    @property
    def seconds(self) -> float:
        """The time as the rules see it: POSIX seconds (§3.4 deadlines are in these)."""
        return self.now.timestamp()

    def set(self, seconds: float) -> None:
        self.now = datetime.fromtimestamp(seconds, UTC)

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    clock = Clock(datetime(2026, 11, 21, 18, 0, tzinfo=UTC))
    with mock.patch("django.utils.timezone.now", clock):
        yield clock
