"""The shapes a client of the dice game meets, as JSON Schemas (OpenAPI 3.0 flavour).

The platform puts them into the OpenAPI contract (issue 30), so that a plugin
author's generated client has a type for each command, the state, each event
and the result; the conformance suite holds real play to them. A state is
the same for everyone: the text wants every die seen by both players ("Ils
doivent pouvoir voir tous les dés pendant toute la manche", LE JEU).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape

from .dice import ALL_DICE, ATTACK_DICE, DEFENCE_DICE
from .pitch import ROWS, TWELVE_SIDED
from .rounds import SEATS

SIDE = {"type": "string", "enum": list(SEATS), "description": "A player's colour."}
DIE = {
    "type": "string",
    "enum": list(ALL_DICE),
    "description": (
        f"One of the nine dice: the attack's {', '.join(ATTACK_DICE)}; "
        f"the defence's {', '.join(DEFENCE_DICE)}."
    ),
}
ROW = {"type": "integer", "minimum": ROWS[0], "maximum": ROWS[-1], "description": "A scoring row."}
POINTS = {"type": "integer", "minimum": 0}
FACE = {"type": "integer", "minimum": 1, "maximum": 12}

SETTINGS = shape(
    {
        "twelve_sided": {
            "type": "string",
            "enum": list(TWELVE_SIDED),
            "default": "halve",
            "title": _("Twelve-sided die"),
            "description": _(
                "How a twelve-sided die (the quaffle, the bludgers) finds one of six rows: "
                "halve (faces 1-2 row 1, ..., 11-12 row 6) or wrap (7 row 1, ..., 12 row 6)."
            ),
            # Each reading in words, for the New game page.
            "x-choice-titles": {
                "halve": _("Halved: faces 1-2 go to row 1, 3-4 to row 2, … 11-12 to row 6"),
                "wrap": _("Wrapped: faces 1-6 to their row, 7 to row 1, … 12 to row 6"),
            },
        },
        "one_row_a_turn": {
            "type": "boolean",
            "default": True,
            "title": _("One row a turn"),
            "description": _(
                "Whether the attack's dice of one turn, the snitch aside, all go to one row "
                '("autant de dés qu\'il le veut sur une même rangée", LE JEU).'
            ),
        },
        "snitch_to_catch": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10,
            "default": 5,
            "title": _("Snitch points to catch it"),
            "description": _("Snitch points that catch the snitch and end the game (LA VICTOIRE)."),
        },
        "catch_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100,
            "default": 15,
            "title": _("Catch bonus"),
            "description": _("Goal points for the side that catches the snitch (LA VICTOIRE)."),
        },
    },
    optional=("twelve_sided", "one_row_a_turn", "snitch_to_catch", "catch_bonus"),
    description=_(
        "How this game reads the text (docs/rules/dice-quidditch.md); each has a default."
    ),
)

COMMANDS = {
    "roll_off": command(
        "roll_off",
        "Opens the game: each side rolls a d6, the higher attacks first, a tie rolls again "
        "(PRÉPARATION). Either player gives it.",
    ),
    "place": command(
        "place",
        "Puts a die of the side whose turn it is on the row its face names (LE TERRAIN); "
        "the snitch, and the keeper, first.",
        player=SIDE,
        die=DIE,
    ),
    "set_aside": command(
        "set_aside",
        "Sets a die aside until the next round, as the turn's die, when every die the side "
        "may place can only go to a full row (REMARQUE).",
        player=SIDE,
        die=DIE,
    ),
    "end_turn": command(
        "end_turn", "Ends the side's turn, once a die is down this turn (LE JEU).", player=SIDE
    ),
}

SCORE = shape(
    {
        "goals": {**POINTS, "description": "Goal points."},
        "snitch": {**POINTS, "description": "Snitch points."},
    },
    description="A side's points so far.",
)
A_DIE = shape(
    {
        "face": nullable(FACE, "Its face as last rolled; null before the round's roll."),
        "row": nullable(ROW, "The row it is on; null while in hand."),
        "aside": {"type": "boolean", "description": "Set aside until the next round (REMARQUE)."},
    },
    description="Where a die is this round.",
)
#: The dice on each row, by the row's number as a string.
ROWS_OF_DICE = {str(row): listed(DIE, maxItems=4) for row in ROWS}

STATE = shape(
    {
        "settings": SETTINGS,
        "phase": {"type": "string", "enum": ["roll_off", "placing", "over"]},
        "round": {
            **POINTS,
            "description": "The round (manche) being played; 0 before the roll-off.",
        },
        "attack": nullable(SIDE, "Who attacks this round; null before the roll-off."),
        "turn": nullable(SIDE, "Whose turn it is; null when nobody's."),
        "placed_this_turn": {**POINTS, "description": "Dice placed or set aside in this turn."},
        "turn_row": nullable(ROW, "The one row the attack's dice go to for the rest of this turn."),
        "dice": shape(
            dict.fromkeys(ALL_DICE, A_DIE),
            optional=ALL_DICE,
            description="Each die of the round by name; empty before the roll-off.",
        ),
        "rows": shape(
            ROWS_OF_DICE,
            optional=ROWS_OF_DICE,
            description="The dice on each row, '1' to '6', in the order placed; empty before.",
        ),
        "score": shape({side: SCORE for side in SEATS}, description="Each side's points."),
        "winner": nullable(SIDE, "The winner once over; null for a draw or before."),
        "over": {"type": "boolean"},
    },
    description="Where the game stands; everyone sees all of it.",
)

EVENTS = {
    "roll_off_tied": event(
        "roll_off_tied", "Both rolled the same: roll again.", red=FACE, blue=FACE
    ),
    "roll_off": event(
        "roll_off", "The roll-off: the higher attacks first.", red=FACE, blue=FACE, attack=SIDE
    ),
    "round_started": event(
        "round_started", "A round (manche) begins.", round=POINTS, attack=SIDE, defence=SIDE
    ),
    "rolled": event(
        "rolled",
        "A side rolls the dice still in its hand.",
        side=SIDE,
        dice=listed(
            shape(
                {"die": DIE, "face": FACE, "row": ROW},
                description="A die rolled, and the row it must go to.",
            )
        ),
    ),
    "placed": event("placed", "A die goes on its row.", side=SIDE, die=DIE, row=ROW),
    "set_aside": event(
        "set_aside", "A die is set aside: its row is full.", side=SIDE, die=DIE, row=ROW
    ),
    "turn_ended": event("turn_ended", "A side ends its turn.", side=SIDE),
    "round_scored": event(
        "round_scored",
        "The attack's points for the round, and its totals.",
        side=SIDE,
        goal_points=POINTS,
        snitch_points=POINTS,
        goals=POINTS,
        snitch=POINTS,
    ),
    "snitch_caught": event(
        "snitch_caught", "The attack catches the snitch and its bonus.", side=SIDE, bonus=POINTS
    ),
    "game_over": event(
        "game_over",
        "The end: each side's goal points and the winner (null for a draw).",
        winner=nullable(SIDE),
        red=POINTS,
        blue=POINTS,
    ),
}

PER_SIDE = dict.fromkeys(SEATS, POINTS)
RESULT = shape(
    {
        "winner": nullable(SIDE, "The winner; null for a draw."),
        "goals": shape(PER_SIDE, description="Goal points, the catch's bonus included."),
        "snitch": shape(PER_SIDE, description="Snitch points."),
        "rounds": {**POINTS, "description": "Rounds played."},
    },
    description="The final result: the most goal points win (LA VICTOIRE).",
)

#: The game's contract, which its manifest declares (``Manifest.contract``): every setting
#: has a default, so the example config is empty.
CONTRACT = Contract(
    config=SETTINGS, commands=COMMANDS, state=STATE, events=EVENTS, result=RESULT, example={}
)
