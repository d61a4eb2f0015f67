"""The shapes a client meets, as JSON Schemas (OpenAPI 3.0 flavour): the config, each
command, the state as everyone sees it (nothing is hidden), each event, the result; held
together by ``CONTRACT``, which the package's manifest declares.

They go into the service's OpenAPI contract (``/api/schema/``) and
``/api/rulesets/tabletop-quidditch/``; the conformance suite checks real play
against them. Squares are ``[x, y]``: ``x`` along the pitch from the home end
(0), ``y`` across it from the top of the board.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape, titled

from .directional_die import DIRECTIONS, HIT
from .orders import ACTIONS
from .teams import POSITIONS, SIDES, every_player

SQUARE = {
    "type": "array",
    "items": {"type": "integer"},
    "minItems": 2,
    "maxItems": 2,
    "description": "A square [x, y]: x along the pitch from the home end (0), y across it "
    "from the top of the board.",
}
SIDE = {"type": "string", "enum": list(SIDES), "description": "A side: home or away."}
NO_SIDE = nullable(SIDE)
PLAYER = {
    "type": "string",
    "enum": every_player(),
    "description": "A player: their side and position (home-keeper, home-chaser1 to "
    "home-chaser3, home-beater1, home-beater2, home-seeker, and away-...).",
}
NO_PLAYER = nullable(PLAYER)
DIRECTION = {
    "type": "string",
    "enum": list(DIRECTIONS),
    "description": "One of the eight directions; north is the top of the board, east the away end.",
}
FACE = {"type": "integer", "description": "A die's result."}
COUNT = {"type": "integer", "minimum": 0}
BOOLEAN = {"type": "boolean"}
TEXT = {"type": "string"}
NUMBERS = shape({side: COUNT for side in SIDES}, closed=False)
TEAMS = shape(
    {side: nullable({"type": "string"}) for side in SIDES},
    description="The teams' names (null: a team called by its side), for the transcript.",
)


# The config.

#: The fields of a starting position (a scenario), which ``scenario.py`` reads one by one,
#: and the bound of its score: 1,000 points a side, more than a match of real tables
#: scores (docs/rules/tabletop-quidditch.md, "Bounds of the settings").
SCENARIO_FIELDS = ("side", "players", "quaffle", "bludgers", "snitch", "score")
SCENARIO_SCORE = {"type": "integer", "minimum": 0, "maximum": 1000}

#: Each position in words, as the board numbers its players (``words.position``), for the
#: New game page.
POSITION_TITLES = {
    "keeper": _("Keeper 1"),
    "chaser1": _("Chaser 2"),
    "chaser2": _("Chaser 3"),
    "chaser3": _("Chaser 4"),
    "beater1": _("Beater 5"),
    "beater2": _("Beater 6"),
    "seeker": _("Seeker 7"),
}

TEAM_CONFIG = shape(
    {
        "name": nullable(
            {"type": "string", "minLength": 1, "maxLength": 40, "title": _("Team name")},
            _("The team's name; none: the team is called by its side."),
        ),
        "captain": {
            "type": "string",
            "enum": list(POSITIONS),
            "default": "keeper",
            "title": _("Captain's position"),
            "description": _("The captain's position (default: keeper)."),
            "x-choice-titles": POSITION_TITLES,
        },
        "star": {
            "type": "string",
            "enum": list(POSITIONS),
            "default": "seeker",
            "title": _("Star player's position"),
            "description": _("The star player's position (default: seeker)."),
            "x-choice-titles": POSITION_TITLES,
        },
    },
    optional=("name", "captain", "star"),
)
#: The label of each side's team on the New game page.
TEAM_TITLES = {"home": _("Home team"), "away": _("Away team")}
CONFIG = shape(
    {
        "pitch": shape(
            {
                "length": {"type": "integer", "minimum": 25, "maximum": 61, "title": _("Length")},
                "width": {"type": "integer", "minimum": 15, "maximum": 41, "title": _("Width")},
            },
            description=_("Odd sizes, 25-61 long and 15-41 wide; 33 x 21 by default."),
            title=_("Pitch"),
        ),
        "teams": shape(
            {side: titled(TEAM_CONFIG, TEAM_TITLES[side]) for side in SIDES},
            optional=SIDES,
            description=_("Per side: its name, captain and star player."),
            title=_("Teams"),
        ),
        "scenario": nullable(
            {
                "type": "object",
                "maxProperties": len(SCENARIO_FIELDS),
                "title": _("Starting position"),
            },
            _(
                "A starting position: players (every player's square, null: off "
                "the broom), quaffle ({square} or {carrier}), bludgers, snitch ({square, seen}), "
                "score, and side (the side to play; none: a kick-off position). See "
                "docs/rules/tabletop-quidditch.md."
            ),
        ),
    },
    optional=("pitch", "teams", "scenario"),
    description=_("The config of a Table Top Quidditch match, every setting optional."),
)

# The commands.

STAR = {
    "type": "integer",
    "minimum": 1,
    "maximum": 6,
    "description": "The star player sets the first die rolled for them in this command to "
    "this result (once a phase).",
}
COMMAND_FIELDS = {
    "toss": ({}, "The first-phase roll, which opens the match."),
    "begin_phase": ({"star": STAR}, "The side to play begins its phase."),
    "propose_end": ({}, "The side to play proposes to end the match: the snitch is released."),
    "accept_end": ({}, "The other side agrees: the snitch is released, seen by both seekers."),
    "decline_end": ({}, "The other side plays on."),
    "concede": ({}, "The side to play concedes: the other side gets the snitch's 150 points."),
    "move": ({"player": PLAYER, "to": SQUARE, "star": STAR}, "A player flies to a square."),
    "catch": ({"player": PLAYER, "star": STAR}, "A chaser or keeper catches the loose quaffle."),
    "pass": (
        {"player": PLAYER, "to": PLAYER, "star": STAR},
        "The carrier passes to a chaser or the keeper of their team.",
    ),
    "shoot": (
        {
            "player": PLAYER,
            "hoop": {
                "type": "integer",
                "minimum": 0,
                "maximum": 2,
                "description": "The hoop of the other end: 0 north, 1 middle, 2 south.",
            },
            "star": STAR,
        },
        "The carrier shoots at a hoop of the other end.",
    ),
    "tackle": (
        {"player": PLAYER, "target": PLAYER, "direction": DIRECTION, "star": STAR},
        "A chaser or keeper tackles the opposing carrier; direction: where a knock sends them.",
    ),
    "hit_bludger": (
        {
            "player": PLAYER,
            "bludger": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1,
                "description": "The bludger hit as the beater's act; none: the one flying at them.",
            },
            "direction": DIRECTION,
            "star": STAR,
        },
        "A beater hits a bludger within one square, or the bludger flying at them.",
    ),
    "end_phase": ({}, "The side playing ends its phase."),
    "dodge": ({"player": PLAYER, "star": STAR}, "A beater dodges the bludger flying at them."),
    "push": ({"direction": DIRECTION}, "The victim's opponents move them (injury 6)."),
    "repel": ({"direction": DIRECTION}, "Where a keeper's unclean save repels the quaffle."),
    "take_penalty": ({"player": PLAYER}, "The fouled side names the chaser who takes it."),
    "free_move": (
        {"player": PLAYER, "to": SQUARE},
        "After a goal, a player's one free move.",
    ),
    "end_free_moves": ({}, "A side has taken its free moves."),
    "reroll": (
        {
            "die": {
                "type": "integer",
                "minimum": 0,
                "description": "The die of the last command to roll again (its place in "
                "the state's reroll.faces).",
            }
        },
        "The side's captain re-rolls a die of the last command (once a phase).",
    ),
    "let_stand": ({}, "The side lets the last command's dice stand."),
}
OPTIONAL = {"star", "bludger"}
#: Every command but the toss names the side it is given for.
GIVEN_FOR = {"side": {**SIDE, "description": "The side the command is given for."}}

COMMANDS = {
    action: command(
        action,
        COMMAND_FIELDS[action][1],
        optional=OPTIONAL,
        **({} if action == "toss" else GIVEN_FOR),
        **COMMAND_FIELDS[action][0],
    )
    for action in ACTIONS
}

# The state.

PLAYER_STATE = shape(
    {
        "square": nullable(SQUARE, "Where they are; null: off the broom."),
        "speed_loss": {**COUNT, "description": "Squares an injury takes off their flights."},
        "dice_loss": {**COUNT, "description": "What an injury takes off their rolls."},
        "dazed": nullable({"type": "integer"}, "The phase they were dazed in; null: not dazed."),
    }
)
PHASE = shape(
    {
        "number": COUNT,
        "side": SIDE,
        "places": shape(
            {"chaser": NO_PLAYER, "beater": NO_PLAYER, "seeker": NO_PLAYER},
            description="Who has taken the phase's chaser (or keeper), beater and seeker place.",
        ),
        "moved": listed(PLAYER),
        "acted": listed(PLAYER),
        "captain_used": listed(SIDE, "Sides whose captain has re-rolled in this phase."),
        "star_used": listed(SIDE, "Sides whose star player has set a roll in this phase."),
        "spotter": nullable(PLAYER, "The seeker who spotted the snitch this phase."),
        "ending": nullable({"type": "string"}, "Why the phase ended."),
    },
    nullable=True,
    description="The phase being played or the last one; null before the first.",
)
AWAITING = shape(
    {
        "kind": {"type": "string", "enum": ["bludger", "push", "repel"]},
        "side": SIDE,
        "player": PLAYER,
        "bludger": {"type": "integer", "minimum": 0, "maximum": 1},
        "squares": {"type": "integer", "minimum": 1, "maximum": 6},
    },
    optional=("bludger", "squares"),
    nullable=True,
    description="An answer the match waits for: a beater's to a bludger (dodge or hit), "
    "the push of a victim (injury 6), a keeper's repel.",
)
STATE = shape(
    {
        "pitch": shape({"length": COUNT, "width": COUNT}),
        "teams": shape(
            {
                side: shape(
                    {
                        "name": nullable({"type": "string"}),
                        "captain": {"type": "string", "enum": list(POSITIONS)},
                        "star": {"type": "string", "enum": list(POSITIONS)},
                    }
                )
                for side in SIDES
            }
        ),
        "players": shape({player: PLAYER_STATE for player in every_player()}),
        "quaffle": shape({"square": SQUARE, "carrier": nullable(PLAYER, "Null: loose.")}),
        "bludgers": listed(
            shape({"square": SQUARE, "struck_by": NO_PLAYER}), minItems=2, maxItems=2
        ),
        "snitch": shape(
            {
                "square": nullable(SQUARE, "Null: hidden."),
                "seen": listed(SIDE, "The sides whose seeker has seen it."),
                "caught_by": PLAYER,
            },
            optional=("caught_by",),
        ),
        "score": NUMBERS,
        "goals": NUMBERS,
        "stage": {
            "type": "string",
            "enum": ["toss", "start", "phase", "ending", "penalty", "free_moves", "over"],
            "description": "toss: before the first-phase roll; start: before a phase; phase: "
            "a phase is played; penalty: the fouled side names its taker; free_moves: after "
            "a goal; over.",
        },
        "phase": PHASE,
        "next_side": nullable(SIDE, "The side to play the next phase."),
        "after": listed(TEXT, "What follows the end of the phase still to be done."),
        "awaiting": AWAITING,
        "penalty": shape({"side": SIDE}, nullable=True),
        "free_moves": shape(
            {"moved": listed(PLAYER), "done": listed(SIDE)},
            nullable=True,
            description="After a goal: who has moved, which sides are done.",
        ),
        "proposal": nullable(SIDE, "The side that proposed to end the match."),
        "reroll": shape(
            {
                "before": {"type": "object", "description": "The state before that command."},
                "command": {
                    "type": "object",
                    "additionalProperties": True,
                    "description": "The command that rolled (any of this ruleset's).",
                },
                "faces": listed(FACE),
                "purposes": listed(TEXT, "What each die was rolled for."),
                "declined": listed(SIDE, "Sides that let the dice stand."),
            },
            nullable=True,
            description="The last command's dice, which a captain may re-roll.",
        ),
        "over": BOOLEAN,
        "ended_by": nullable({"type": "string", "enum": ["snitch", "concession", "no_seekers"]}),
        "winner": NO_SIDE,
    },
    description="A Table Top Quidditch match as everyone sees it: nothing is hidden.",
)

# The events.

ROLLED = {"result": FACE, "needed": FACE}
EVENT_FIELDS = {
    "first_phase_roll": {"home": FACE, "away": FACE},
    "balls_released": {"side": SIDE},
    "phase_begins": {"number": COUNT, "side": SIDE},
    "next_phase": {"side": SIDE},
    "phase_ends": {"side": SIDE, "reason": TEXT},
    "moves": {"player": PLAYER, "to": SQUARE, "squares": COUNT},
    "star_sets": {"player": PLAYER, "result": FACE, "purpose": TEXT},
    "knocked": {
        "player": PLAYER,
        "direction": DIRECTION,
        "squares": COUNT,
        "to": SQUARE,
        "boundary": BOOLEAN,
    },
    "dazed": {"player": PLAYER},
    "knocked_off": {"player": PLAYER},
    "gains_quaffle": {"player": PLAYER},
    "quaffle_loose": {
        "at": SQUARE,
        "drift": {"type": "string", "enum": [*DIRECTIONS, HIT]},
        "to": SQUARE,
    },
    "catch": {"player": PLAYER, **ROLLED, "caught": BOOLEAN},
    "pass": {"player": PLAYER, "target": PLAYER, "squares": COUNT, **ROLLED, "passed": BOOLEAN},
    "interception": {"player": PLAYER, **ROLLED, "caught": BOOLEAN},
    "shot": {"player": PLAYER, "hoop": COUNT, "squares": COUNT, "tested": BOOLEAN, **ROLLED},
    "roll_off": {"player": PLAYER, "target": PLAYER, "chaser": FACE, "keeper": FACE},
    "save": {"player": PLAYER, **ROLLED, "clean": BOOLEAN},
    "repelled": {"player": PLAYER, "direction": DIRECTION, "squares": COUNT, "to": SQUARE},
    "goal": {"player": PLAYER, "side": SIDE, "score": NUMBERS},
    "free_moves": {},
    "free_moves_done": {"side": SIDE},
    "foul": {"player": PLAYER, "kind": {"type": "string", "enum": ["tackle", "snitch", "quaffle"]}},
    "no_penalty": {"side": SIDE},
    "penalty": {"player": PLAYER, "to": SQUARE},
    "tackle": {"player": PLAYER, "target": PLAYER, "result": FACE},
    "bad_tackle": {"player": PLAYER, "target": PLAYER},
    "bludger_flies": {"bludger": COUNT, "target": PLAYER},
    "bludger_lands": {"bludger": COUNT, "to": SQUARE},
    "bludger_contact": {"bludger": COUNT, "player": PLAYER},
    "dodge": {"player": PLAYER, **ROLLED, "dodged": BOOLEAN},
    "injury": {"player": PLAYER, "result": FACE},
    "bludger_hit": {"player": PLAYER, "bludger": COUNT, "result": FACE, "struck": BOOLEAN},
    "bludger_sent": {"bludger": COUNT, "direction": DIRECTION, "squares": COUNT},
    "seeker_looks": {"player": PLAYER, "faces": listed(FACE), "total": COUNT},
    "seeker_spots": {"player": PLAYER, **ROLLED, "seen": BOOLEAN},
    "snitch_appears": {"across": FACE, "along": FACE, "to": SQUARE, "seen": listed(SIDE)},
    "snitch_flies": {
        "direction": {"type": "string", "enum": [*DIRECTIONS, HIT]},
        "squares": COUNT,
        "to": SQUARE,
    },
    "snitch_caught": {"player": PLAYER, "side": SIDE, "points": COUNT},
    "concedes": {"side": SIDE, "points": COUNT},
    "end_proposed": {"side": SIDE},
    "end_answered": {"side": SIDE, "accepted": BOOLEAN},
    "dice_stand": {"side": SIDE},
    "reroll": {"side": SIDE, "die": COUNT, "face": FACE},
    "match_over": {
        "how": {"type": "string", "enum": ["snitch", "concession", "no_seekers"]},
        "winner": NO_SIDE,
        "home": COUNT,
        "away": COUNT,
    },
}
TEAMS_NAMED = {"side", "player", "target", "winner", "home"}
"""An event with one of these fields carries the teams' names (``Resolution.say``)."""

#: A shot from the shooting zone is not tested (``tested``): no die, nothing needed.
UNROLLED = {"shot": ("result", "needed")}

EVENTS = {
    kind: event(
        kind,
        optional=UNROLLED.get(kind, ()),
        **fields,
        **({"teams": TEAMS} if TEAMS_NAMED & fields.keys() else {}),
    )
    for kind, fields in EVENT_FIELDS.items()
}

RESULT = shape(
    {
        "winner": NO_SIDE,
        "score": NUMBERS,
        "goals": NUMBERS,
        "ended_by": {"type": "string", "enum": ["snitch", "concession", "no_seekers"]},
        "snitch": nullable(PLAYER, "The seeker who caught the snitch."),
        "teams": TEAMS,
    },
    nullable=True,
    description="How the match ended; null while it is played.",
)

CONTRACT = Contract(
    config=CONFIG, commands=COMMANDS, state=STATE, events=EVENTS, result=RESULT, example={}
)
