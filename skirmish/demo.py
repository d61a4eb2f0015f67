"""A finished skirmish for the demo campaign: something to read in the dashboard and the API.

Harry and Ron meet Draco and Crabbe in the dungeon corridor, and Peeves (an
ad-hoc participant) joins in. It is played through the same services as any
skirmish, on server dice, so its log verifies like any other; the script
reads whose turn it is from the state, whatever the dice decided: two rounds,
Gryffindors against Slytherins (and Peeves against everyone), with a delay and
a re-entry in the second, dodges where the rules allow them, a point of
Health for each hit, a stumble the storyguide makes cost Crabbe a point, and
the storyguide's ending.

Idempotent: a campaign that has the skirmish (by its title) keeps it.
"""

from __future__ import annotations

from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from campaign.models import Campaign, Character
from core import demo
from games.models import Game
from games.services import Submission, game_submit_command
from skirmish.manifest import MANIFEST
from skirmish.services import skirmish_create

TITLE = "Dungeon corridor after Potions"
CAST = ["Harry Potter", "Ron Weasley", "Draco Malfoy", "Vincent Crabbe"]
SIDES = {"Harry Potter": "Gryffindor", "Ron Weasley": "Gryffindor"} | {
    "Draco Malfoy": "Slytherin",
    "Vincent Crabbe": "Slytherin",
}
PEEVES = {
    "name": "Peeves",
    "attributes": {"Dexterity": 7, "Quickness": 6, "Humor": 8, "Composure": 2},
}
ROUNDS = 2

# What each does on its turn: (what, whom, roll).
INTENTIONS = {
    "Harry Potter": (
        "Expelliarmus",
        "Draco Malfoy",
        {"kind": "opposed", "attribute": "Dexterity", "opposing": {"attribute": "Dexterity"}},
    ),
    "Ron Weasley": (
        "tackles him",
        "Vincent Crabbe",
        {"kind": "defended", "attribute": "Strength", "defence": ["Toughness"]},
    ),
    "Draco Malfoy": (
        "Densaugeo",
        "Harry Potter",
        {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Quickness"}},
    ),
    "Vincent Crabbe": (
        "shoves him into the wall",
        "Ron Weasley",
        {"kind": "opposed", "attribute": "Strength", "opposing": {"attribute": "Strength"}},
    ),
    "Peeves": (
        "drops an inkpot",
        "Ron Weasley",
        {"kind": "check", "attribute": "Dexterity", "difficulty": 14},
    ),
}


def seed(storyguide) -> Game | None:
    """The demo campaign's finished skirmish; None if the campaign lacks its cast."""
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    existing = Game.objects.filter(campaign=campaign, kind=MANIFEST.kind, title=TITLE).first()
    if existing is not None:
        return existing
    cast = {c.name: c for c in Character.objects.filter(campaign=campaign, name__in=CAST)}
    if len(cast) < len(CAST):
        return None
    game = skirmish_create(
        campaign=campaign,
        participants=[{"character": cast[name].pk, "side": SIDES[name]} for name in CAST]
        + [PEEVES],
        title=TITLE,
        defence_attribute="Quickness",
        created_by=storyguide,
        now=timezone.now(),
    )
    keys = {participant["name"]: key for key, participant in game.state["participants"].items()}
    _Table(game, storyguide, keys=keys).play()
    return Game.objects.get(pk=game.pk)


class _Table:
    """The storyguide giving every command, as at a table without players online."""

    def __init__(self, game: Game, storyguide, *, keys: dict[str, str]) -> None:
        self.game_id = game.pk
        self.storyguide = storyguide
        self.keys = keys  # name -> participant key
        self.state = game.state

    def send(self, command: dict) -> None:
        played = game_submit_command(
            game_id=self.game_id,
            by=self.storyguide,
            submission=Submission(command=command),
            now=timezone.now(),
        )
        self.state = played.game.state

    def play(self) -> None:
        keys = self.keys
        self.send(
            {
                "action": "roll_initiative",
                "initiator": keys["Draco Malfoy"],
                "category": "social",
                "initiating_action": {
                    "what": "sneers at the Weasleys' robes",
                    "target": keys["Ron Weasley"],
                    "roll": {
                        "kind": "opposed",
                        "attribute": "Humor",
                        "opposing": {"attribute": "Composure"},
                    },
                    "harm": 0,  # a sneer stings, but costs no Health
                },
            }
        )
        delayer = None
        while self.state["round"] <= ROUNDS:
            key = self.state["turn"]
            if self.state["round"] == ROUNDS and delayer is None:
                # Ch.7 ¶9: the first of the last round waits and sees, then re-enters.
                delayer = key
                self.send({"action": "delay", "participant": key})
                self.send({"action": "re_enter", "participant": key})
                self.send(
                    {
                        "action": "change_health",
                        "participant": keys["Vincent Crabbe"],
                        "by": -1,
                        "reason": "trips over Neville's cauldron",
                    }
                )
                continue
            self.act(key)
            if self.state["round"] == ROUNDS and not self.state["yet_to_act"]:
                break  # the last action of the last round: the storyguide ends it there
            self.send({"action": "end_turn", "participant": key})
        self.send({"action": "end_skirmish", "summary": "Professor Snape rounds the corner."})

    def act(self, key: str) -> None:
        """``key`` does what it means to; the target dodges if it may (a hit costs Health)."""
        what, whom, roll = INTENTIONS[self.state["participants"][key]["name"]]
        target = self.keys[whom]
        self.send(
            {"action": "act", "participant": key, "what": what, "target": target, "roll": roll}
        )
        if self.state["attack"] is not None and target in self.state["yet_to_act"]:
            self.send({"action": "dodge", "participant": target})
        if self.state["attack"] is not None:
            self.send({"action": "resolve_attack"})


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    seed(seeded.storyguide)
