"""The shapes a client of Draco Dormiens quidditch meets, as JSON Schemas (OpenAPI 3.0 flavour).

The platform puts them into the OpenAPI contract (issue 30), so that a plugin
author's generated client has a type for the config, each command, the state,
each event and the result; the conformance suite holds real play to them.
A player is named by a key (``home.chaser1``, ``away.seeker``) in commands
and the state, and by name in events, so that a transcript reads without the
state. ``CONTRACT`` gathers them, with an example config, for the package's manifest.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape, titled
from games.ruleset import CAMPAIGN_ID

from .teams import ATTRIBUTES, KEYS, LINE_UP, SIDES

PLAYS = ("catch", "interfere")
HIDDEN = "chosen"
"""What a choice of the turn shows to everyone but its chooser until the turn is rolled."""

BEATERS = [key for key in KEYS if ".beater" in key]
SEEKERS = [key for key in KEYS if key.endswith(".seeker")]
TARGETS = [key for key in KEYS if ".chaser" in key or key.endswith(".keeper")]

SIDE = {"type": "string", "enum": list(SIDES), "description": "home (the first team) or away."}
NAME = {"type": "string", "description": _("A player's name, as the transcript gives it.")}
HOUSE = {"type": "string", "description": "A team's house, by name."}
WHOLE = {"type": "integer"}
COUNT = {**WHOLE, "minimum": 0}
POINTS = {**COUNT, "description": "Points: ten a goal, 150 for the snitch."}
PER_SIDE = shape(dict.fromkeys(SIDES, POINTS))
HOUSES = shape(dict.fromkeys(SIDES, HOUSE), description="Each side's house.")


def _key(keys: list[str], description: str, *, hidden: bool = False) -> dict:
    return {
        "type": "string",
        "enum": [*keys, *([HIDDEN] if hidden else [])],
        "description": description,
    }


#: The bounds of the config (docs/rules/rpg-quidditch.md, "Bounds of the settings"): names
#: as long as the campaign's (a character's 120 characters, a house's 60), attributes ten
#: times the sheet's default 1-10 either way, and Health up to 100 (the sheet's is 5).
NAME_LENGTH, HOUSE_LENGTH = 120, 60
ATTRIBUTE = {"type": "integer", "minimum": -100, "maximum": 100}
HEALTH = {"type": "integer", "minimum": 1, "maximum": 100}

THREE_ATTRIBUTES = shape(
    dict.fromkeys(ATTRIBUTES, WHOLE),
    description=_(
        "The attributes the quidditch rules roll: Strength (a chaser's shot, a beater's bludger), "
        "Toughness (a keeper's defence), Dexterity (a keeper's defence, a seeker's roll)."
    ),
)

SETTINGS = {
    "die_size": {
        "type": "integer",
        "minimum": 2,
        "maximum": 100,
        "default": 20,
        "description": _(
            "The dice of every roll: two are rolled and the higher kept (the campaign's checks)."
        ),
    },
    "defended_difficulty_base": {
        "type": "integer",
        "minimum": 0,
        "maximum": 100,
        "default": 10,
        "description": _(
            "The base of a defended roll's difficulty, to which the opposing "
            "keeper's attributes are added: a shot against base + Toughness + Dexterity, a "
            "bludger against base + Toughness. A reading, not in the text, which names only the "
            "keeper's attributes: 10 as for the RPG's defended rolls "
            '(docs/rules/rpg-quidditch.md, "A turn"). The match\'s page shows the base in force.'
        ),
    },
    "referee_distracted_percent": {
        "type": "integer",
        "minimum": 0,
        "maximum": 100,
        "default": 0,
        "description": _(
            "The chance, in percent, that Madam Hooch misses a foul (a d100 "
            "rolled per foul): \"Madam Hooch only calls penalty shots when she isn't "
            'distracted". 0: she sees every foul unless the storyguide says otherwise.'
        ),
    },
    "cup_game": {
        "type": "boolean",
        "default": False,
        "description": _("Set by the house cup: the cup credits the game, not its margin."),
    },
}


#: The labels of the config's settings and attributes (the config's alone: the state keeps
#: the untitled shapes).
SETTING_TITLES = {
    "die_size": _("Die size"),
    "defended_difficulty_base": _("Base difficulty of a defended roll"),
    "referee_distracted_percent": _("Madam Hooch distracted (percent)"),
    "cup_game": _("Cup game"),
}
ATTRIBUTE_TITLES = {
    "Strength": _("Strength"),
    "Toughness": _("Toughness"),
    "Dexterity": _("Dexterity"),
}

POSITION_TITLES = {
    "chaser": _("Chaser"),
    "beater": _("Beater"),
    "keeper": _("Keeper"),
    "seeker": _("Seeker"),
}

CONFIG_ATTRIBUTES = shape(
    {key: titled(ATTRIBUTE, ATTRIBUTE_TITLES[key]) for key in ATTRIBUTES},
    description=THREE_ATTRIBUTES["description"],
    title=_("Attributes"),
)
ENTRY = shape(
    {
        "character": nullable(
            {"type": "integer", **CAMPAIGN_ID, "x-picks": "character", "title": _("Character")}
        ),
        "name": titled({**NAME, "maxLength": NAME_LENGTH}, _("Name")),
        "position": {
            "type": "string",
            "enum": list(LINE_UP),
            "title": _("Position"),
            "x-choice-titles": POSITION_TITLES,  # each position in words, for the New game page
        },
        "attributes": CONFIG_ATTRIBUTES,
        "health": titled(HEALTH, _("Health")),
    },
    optional=("character", "name", "position", "attributes", "health"),
    description=_(
        "A player of a team: a character of the campaign by id (its name, attributes and Health "
        "come from the sheet, its position too unless one is given), or a player written out "
        "with a position and the three attributes, a name and Health (5 when left out). The "
        "service stores a character's entry filled in from the sheet."
    ),
)
TEAM = shape(
    {
        "house": {
            "oneOf": [
                {"type": "string", "maxLength": HOUSE_LENGTH, "title": _("A house by name")},
                {
                    "type": "integer",
                    **CAMPAIGN_ID,
                    "x-picks": "house",
                    "title": _("A house of the campaign"),
                },
            ],
            "title": _("House"),
            "description": _("A house of the campaign by id (its characters), or a name."),
        },
        "house_id": nullable(
            {"type": "integer", **CAMPAIGN_ID, "title": _("House's id")},
            _("Filled in by the service when a house is given by id."),
        ),
        "players": listed(ENTRY, minItems=7, maxItems=7, title=_("Players")),
    },
    optional=("house_id",),
    description=_(
        "A team of seven: three chasers, two beaters, a keeper and a seeker. Either a house of "
        "the campaign by id with its characters, or a house's name with players written out."
    ),
)
CONFIG = shape(
    {
        "teams": listed(TEAM, minItems=2, maxItems=2, title=_("Teams")),
        **{key: titled(schema, SETTING_TITLES[key]) for key, schema in SETTINGS.items()},
    },
    optional=SETTINGS,
    description=_(
        "The two teams, home first, and how this match reads the text "
        "(docs/rules/rpg-quidditch.md); every setting has a default."
    ),
)

COMMANDS = {
    "aim": command(
        "aim",
        "A beater chooses the target of the bludger for this turn's blocking phase: an "
        "opposing chaser or keeper still in play (QUIDDITCH, Blocking).",
        player=_key(BEATERS, "The beater."),
        target=_key(
            TARGETS,
            "The target. Others than the beater's holder read chosen until the turn is rolled.",
            hidden=True,
        ),
    ),
    "seek": command(
        "seek",
        "A seeker, at a snitch turn, tries to catch the snitch or interferes with the other "
        "seeker's attempt (QUIDDITCH, Chasing the Snitch).",
        player=_key(SEEKERS, "The seeker."),
        play={
            "type": "string",
            "enum": [*PLAYS, HIDDEN],
            "description": "catch or interfere. Others than the seeker's holder read chosen "
            "until the turn is rolled.",
        },
    ),
    "distract_referee": command(
        "distract_referee",
        "The storyguide's call: Madam Hooch misses this turn's fouls, so they draw no "
        "penalty shot.",
    ),
}

PLAYER = shape(
    {
        "side": SIDE,
        "position": {"type": "string", "enum": list(LINE_UP)},
        "name": NAME,
        "character": nullable(
            {"type": "integer"}, "The campaign's character; null for a player written out."
        ),
        "attributes": THREE_ATTRIBUTES,
        "health": {**COUNT, "description": "Health now; at 0 the player has left the match."},
        "health_lost": {**COUNT, "description": "Health lost in this match."},
        "left": {"type": "boolean", "description": "Left the match with no Health left."},
    },
    description="A player of the match, as its sheet stands in the match.",
)
#: This turn's choices so far, by chooser.
CHOICES = {
    **{key: _key(TARGETS, "A beater's target.", hidden=True) for key in BEATERS},
    **{key: {"type": "string", "enum": [*PLAYS, HIDDEN]} for key in SEEKERS},
}
STATE = shape(
    {
        "settings": shape(SETTINGS, description="The match's settings, defaults filled in."),
        "teams": listed(
            shape(
                {
                    "side": SIDE,
                    "house": HOUSE,
                    "house_id": nullable(
                        {"type": "integer"}, "The campaign's house; null for a team written out."
                    ),
                },
                description="A team: its side and house.",
            )
        ),
        "players": shape(dict.fromkeys(KEYS, PLAYER), description="The fourteen players by key."),
        "turn": {"type": "integer", "minimum": 1, "description": "The turn being played."},
        "score": {**PER_SIDE, "description": "Each side's points."},
        "choices": shape(
            CHOICES,
            optional=CHOICES,
            description="This turn's choices so far, by chooser: a beater's target, a "
            "seeker's play, or chosen for a choice not yet shown.",
        ),
        "distracted": {
            "type": "boolean",
            "description": "Whether the storyguide has Madam Hooch look elsewhere this turn.",
        },
        "over": {"type": "boolean"},
        "winner": nullable(SIDE, "The winner once over; null for a draw or before."),
        "caught_by": nullable(SIDE, "The side whose seeker caught the snitch."),
    },
    description="Where the match stands. Everyone sees all of it but the choices of the turn, "
    "which are each chooser's own until the turn is rolled.",
)


def _roll(kind: str, description: str, **fields) -> dict:
    """A roll of two dice, the higher kept, plus an attribute (the campaign's check)."""
    return event(
        kind,
        description,
        player=_key(KEYS, "Who rolled."),
        name=NAME,
        faces=listed({"type": "integer"}, minItems=2, maxItems=2),
        total={"type": "integer", "description": "The higher die plus the attribute."},
        difficulty=nullable(
            {"type": "integer"}, "What the total had to reach; null for a seeker's roll."
        ),
        success=nullable({"type": "boolean"}),
        **fields,
    )


SCORED = {
    "side": SIDE,
    "score": {**PER_SIDE, "description": "The score after it."},
    "houses": HOUSES,
}
EVENTS = {
    "chose": event(
        "chose",
        "A beater or a seeker has chosen (what, the others see when the turn is rolled).",
        player=_key(KEYS, "The chooser."),
        name=NAME,
    ),
    "referee_distracted": event(
        "referee_distracted", "Madam Hooch looks elsewhere this turn.", turn=COUNT
    ),
    "shot": _roll("shot", "A chaser's scoring roll: Strength against the defended difficulty."),
    "bludger": _roll(
        "bludger",
        "A beater's bludger: Strength against the defended difficulty; a hit costs one Health.",
        target=_key(TARGETS, "The target."),
        target_name=NAME,
        foul={"type": "boolean", "description": "Whether the attack is a foul."},
        blocked={"type": "boolean", "description": "Whether it blocked the target's goal."},
    ),
    "goal": event(
        "goal",
        "An unblocked goal: ten points.",
        player=_key(KEYS, "The scorer."),
        name=NAME,
        **SCORED,
    ),
    "penalty_shot": _roll("penalty_shot", "A penalty shot, which beaters cannot touch."),
    "penalty_goal": event(
        "penalty_goal",
        "A penalty shot goes in: ten points.",
        player=_key(KEYS, "The scorer."),
        name=NAME,
        **SCORED,
    ),
    "foul_unseen": event(
        "foul_unseen", "Madam Hooch misses a foul: no penalty shot.", side=SIDE, house=HOUSE
    ),
    "left_the_match": event(
        "left_the_match",
        "A player with no Health left leaves the match.",
        player=_key(KEYS, "Who left."),
        name=NAME,
    ),
    "seeker": _roll(
        "seeker",
        "A seeker's Dexterity roll at a snitch turn (doubled bonus when interfering).",
        play={"type": "string", "enum": list(PLAYS)},
    ),
    "snitch_caught": event(
        "snitch_caught",
        "A seeker catches the snitch: 150 points, and the end.",
        player=_key(SEEKERS, "The seeker."),
        name=NAME,
        **SCORED,
    ),
    "snitch_escaped": event("snitch_escaped", "Nobody catches the snitch this time."),
    "turn_started": event("turn_started", "A new turn begins.", turn=COUNT),
    "game_over": event(
        "game_over",
        "The end: the score and the winner (null for a draw).",
        winner=nullable(SIDE),
        score=PER_SIDE,
        houses=HOUSES,
    ),
}

RESULT = shape(
    {
        "winner": nullable(SIDE, "The winner; null for a draw."),
        "score": PER_SIDE,
        "caught_by": nullable(SIDE, "The side whose seeker caught the snitch."),
        "house_points": {
            **COUNT,
            "description": "What the winning house earns: the difference of the scores "
            "(0 for a draw). Every player of the team has earned it for Popularity.",
        },
        "teams": listed(
            shape(
                {
                    "side": SIDE,
                    "house": HOUSE,
                    "house_id": nullable({"type": "integer"}),
                    "characters": listed({"type": "integer"}),
                },
                description="A team and its characters.",
            )
        ),
        "health_lost": {
            "type": "object",
            "description": "Health each character lost, by character id.",
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
    },
    description="The final result: the higher score wins; the winner's house earns the difference.",
)


def _inline_team(house: str, names: list[str]) -> dict:
    """A team written out, for the example: seven names in the order of the line-up."""
    positions = [position for position, count in LINE_UP.items() for _n in range(count)]
    return {
        "house": house,
        "players": [
            {
                "name": name,
                "position": position,
                "attributes": {"Strength": 5, "Toughness": 4, "Dexterity": 5},
            }
            for name, position in zip(names, positions, strict=True)
        ],
    }


CONTRACT = Contract(
    config=CONFIG,
    commands=COMMANDS,
    state=STATE,
    events=EVENTS,
    result=RESULT,
    example={
        "teams": [
            _inline_team(
                "Gryffindor",
                [
                    "Angelina Johnson",
                    "Katie Bell",
                    "Alicia Spinnet",
                    "Fred Weasley",
                    "George Weasley",
                    "Oliver Wood",
                    "Harry Potter",
                ],
            ),
            _inline_team(
                "Slytherin",
                [
                    "Marcus Flint",
                    "Adrian Pucey",
                    "Cassius Warrington",
                    "Peregrine Derrick",
                    "Lucian Bole",
                    "Miles Bletchley",
                    "Draco Malfoy",
                ],
            ),
        ]
    },
)
