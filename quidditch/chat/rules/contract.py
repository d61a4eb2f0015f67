"""The typed contract of Chat-Quidditch: every shape a client meets, as JSON Schema.

OpenAPI 3.0 flavour (``nullable``, no type lists), so that the platform puts
them into ``/api/schema/`` and a generated client gets a type for each command
(by its ``action``), the state as ``view`` gives it, every event (by its
``type``) and the result. ``docs/rules/chat-quidditch.md`` says what each
field means; the descriptions here are what a plugin author needs at hand.
All of it, with an example config, is :data:`CONTRACT`, which the game's manifest
declares (``Manifest.contract``) and the rules read for the config's bounds.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape
from games.ruleset import CAMPAIGN_ID

from .commands import ACTIONS, NOBODY
from .pitch import UNNAMED

# --- pieces --------------------------------------------------------------------------------

NICK = {"type": "string", "description": "A player's nick (§4.1.1): GJäger1, SHüter, ..."}
THIRD = {
    "type": "string",
    "pattern": "^[A-Z]$",
    "description": "A third's letter (§4.2): T, M, H before the goal choice, then the houses' "
    "initials and M.",
}
TEAM = {"type": "integer", "enum": [0, 1], "description": "A team: 0 the first in the config."}
HOUSE = {"type": "string", "description": "The team's house, by name."}
FACES = listed(
    {"type": "integer", "minimum": 1, "maximum": 6},
    "One roll of two six-sided dice, in order (§3.1: /dice 2w6).",
    minItems=2,
    maxItems=2,
)
EXCHANGES = listed(
    listed(FACES, minItems=2, maxItems=2),
    "A combat roll (§3.3): each exchange is the first party's roll and the other's; a full "
    "tie is rolled again.",
    minItems=1,
)
TWO_NUMBERS = listed({"type": "integer"}, minItems=2, maxItems=2)
NICKS = listed(NICK)

# --- commands ------------------------------------------------------------------------------

COMMAND_FIELDS = {
    "player": {
        **NICK,
        "description": "The nick who gives it; whoever holds one nick may leave it out.",
    },
    "target": {**NICK, "description": "The nick it is aimed at."},
    "third": {**THIRD, "description": "The third named (a position; T or H for the goal)."},
    "from": {**THIRD, "description": "The third flown from; filled in if left out."},
    "to": {**THIRD, "description": "The third flown to, next to the one flown from."},
    "ball": {"type": "string", "enum": ["bludgers", "quaffle", "snitch"]},
    "points": {
        "type": "object",
        "additionalProperties": {"type": "integer", "enum": [0, 1, 2]},
        "description": "Experience points by nick: one player 2, two players 1, never the "
        "seeker (§3.2).",
    },
    "deadline": {
        "type": "number",
        "description": "Sent back as offered, and ignored: when a timed answer is due "
        "(POSIX seconds, §3.4).",
    },
    "changes": listed(
        shape(
            {
                "nick": {**NICK, "description": "A player who changes, by the nick he plays."},
                "substitute": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Or a newcomer: his place in the team's substitutes, from 0.",
                },
                "to": nullable(NICK, "The nick he plays now; null: he leaves."),
            },
            optional=("nick", "substitute"),
        ),
        "Who changes (§8.6): one person each, three at most; a keeper or seeker who leaves is "
        "replaced.",
        minItems=1,
        maxItems=3,
    ),
    "reason": {
        "type": "string",
        "enum": ["absent", "leaving", "tactics", "other"],
        "description": "Why (§8.6): a player gone from the table, has to leave, tactics, other.",
    },
    "note": {"type": "string", "maxLength": 200, "description": "The reason in words."},
    "team": {**TEAM, "description": "Whose request: left out, the one awaiting an answer."},
    "when": {
        "type": "string",
        "enum": ["now", "pause", "half_time"],
        "description": "When the change is made (§8.6): now (at the end of the sub-round being "
        "played), in the next chat, or at half-time. Left out: now.",
    },
}

COMMAND_DESCRIPTIONS = {
    "experience": "The captain hands out his team's experience points (§3.2).",
    "quaffle_roll": "The captains roll for the quaffle; the referee's word, or a captain's (§4.2).",
    "goal_third": "The captain who lost the quaffle roll puts his goal in T or H (§4.2).",
    "chat": "The referee opens the chat after the score (§6): Chat.",
    "chat_end": "The referee ends the chat and opens the next round (§5.2): Chatende.",
    "position": "A player names his third (§5.3).",
    "release": "The referee releases a ball (§5.4, §5.5, §5.7): Klatscher/Quaffel/Schnatz "
    "freigegeben.",
    "bludger_throw": "Klatscherwurf NICK (§5.4.1).",
    "bludger_catch": "Klatscherabfang: catch the second bludger (§5.4.2).",
    "bludger_rethrow": "Klatscherabwurf NICK: throw the caught bludger (§5.4.2).",
    "keep_bludger": "Keep the caught bludger for later, whispered to the referee (§5.4.2).",
    "block": "Abblocken, within the time limit (§5.4.3, §3.4).",
    "fly": "Fliegen A-B: the carrier, or a seeker to the snitch in M (§5.5.1, §5.7.1).",
    "attack": "Angriff NICK by a chaser, Angriff (no target) by the keeper (§5.5.2, §5.6.2).",
    "foul": "Foul NICK, on the carrier or on the seeker who found the snitch (§5.5.3, §5.7.3).",
    "pass": "Pass NICK (§5.5.4, §5.6.2).",
    "catch": "Angenommen: catch the pass (§5.5.4).",
    "intercept": "Abfangen (§5.5.5).",
    "shot": "Torwurf, or the free throw (§5.5.6).",
    "save": "Halten, within the time limit (§5.6.1, §3.4).",
    "find": "Finden: look for the snitch (§5.7.2).",
    "snitch_catch": "Fangen: catch the snitch (§5.7.2).",
    "end_subround": "The referee ends the sub-round (§2.1): Teilrunde beendet.",
    "timeout": "Aus: settle an answer whose time is up (§3.4).",
    "end_game": "Agree to end the game, the referee's vote or a captain's (§7): Spielende.",
    "substitution": "The captain asks the referee for a substitution, naming the reason and "
    "who changes (§8.6).",
    "accept_substitution": "The referee allows a substitution, saying when (§8.6).",
    "refuse_substitution": "The referee refuses a substitution (§8.6).",
}


def _stated(action: str) -> dict:
    """The command ``action`` as ``commands.ACTIONS`` states it: the nick giving it (but
    the referee's words), its fields, the optional ones last, and a timed answer's
    deadline (§3.4)."""
    spec = ACTIONS[action]
    given = [] if spec.by == NOBODY else ["player"]
    timed = ["deadline"] if action in ("block", "save", "timeout") else []
    names = [*given, *spec.fields, *spec.optional, *timed]
    return command(
        action,
        COMMAND_DESCRIPTIONS[action],
        optional=set(names) - set(spec.fields),
        **{name: COMMAND_FIELDS[name] for name in names},
    )


COMMANDS = {action: _stated(action) for action in ACTIONS}

AWAITED = shape(
    {"action": {"type": "string", "enum": sorted(ACTIONS)}, **COMMAND_FIELDS},
    optional=COMMAND_FIELDS,
    closed=False,
    description="A command the rules accept now, with the nick it is awaited from (none "
    "for the referee's words); the captain's experience is awaited without points.",
)

# --- the state -----------------------------------------------------------------------------

PLAYER = shape(
    {
        "team": TEAM,
        "role": {"type": "string", "enum": ["keeper", "seeker", "chaser", "beater"]},
        "name": {"type": "string"},
        "character": {"description": "The campaign character, if any (any JSON value)."},
        "xp": {"type": "integer", "enum": [0, 1, 2], "description": "Experience points (§3.2)."},
    },
    description="A player (§2).",
)
TEAM_STATE = shape(
    {
        "house": HOUSE,
        "initial": {"type": "string", "pattern": "^[A-Z]$"},
        "captain": NICK,
        "goal_third": nullable(THIRD),
        "xp_set": {"type": "boolean", "description": "Whether its experience points are set."},
        "substitutes": listed(
            shape(
                {"name": {"type": "string"}, "character": {"description": "Any JSON value."}},
                description="Who may still come in (§8.6).",
            )
        ),
        "substituted": {
            "type": "boolean",
            "description": "Whether its one substitution is allowed or made (§8.6).",
        },
    },
    optional=("substitutes", "substituted"),
    description="A team (§2.2, §4.2).",
)
SUBSTITUTION = shape(
    {
        "team": TEAM,
        "captain": NICK,
        "reason": COMMAND_FIELDS["reason"],
        "note": nullable({"type": "string"}),
        "changes": COMMAND_FIELDS["changes"],
        "accepted": {"type": "boolean"},
        "when": nullable(COMMAND_FIELDS["when"]),
    },
    description="A captain's request for a substitution the referee has not answered, or has "
    "allowed and is not yet made (§8.6).",
)
BLUDGER = shape(
    {
        "third": THIRD,
        "status": {"type": "string", "enum": ["idle", "free", "held", "kept", "used"]},
        "by": nullable(NICK),
    },
    description="A bludger this round (§5.4).",
)
WINDOW = shape(
    {
        "kind": {"type": "string", "enum": ["block", "save"]},
        "deadline": {"type": "number", "description": "POSIX seconds."},
        "dice": FACES,
        "xp": {"type": "integer"},
        "target": NICK,
        "thrower": NICK,
        "blockers": NICKS,
        "shooter": NICK,
        "keeper": NICK,
        "defending": TEAM,
    },
    optional=("target", "thrower", "blockers", "shooter", "keeper", "defending"),
    description="An answer awaited within the time limit (§3.4): a block of a hit, or a save "
    "of a shot.",
)
PASS = shape(
    {
        "from": NICK,
        "to": NICK,
        "third": nullable(THIRD),
        "keeper": {"type": "boolean"},
        "intercepted": nullable(NICK),
    },
    description="A pass in the air (§5.5.4).",
)
PHASES = [
    "experience",
    "quaffle_roll",
    "goal_choice",
    "chat",
    "positioning",
    "bludger_release",
    "beaters",
    "quaffle_release",
    "chasers",
    "free_throw",
    "snitch_release",
    "seekers",
    "score",
    "over",
]
SETTINGS = shape(
    {
        "answer_seconds": {"type": "number"},
        "final": {"type": "boolean"},
        "rounds": {"type": "integer"},
        "half_time_after": {"type": "integer"},
        "foul_xp": {"type": "boolean"},
        "referee_releases": {"type": "boolean"},
        "cup_game": {"type": "boolean", "description": "Absent in a match begun before it."},
    },
    optional=("cup_game",),
    description="The match settings, defaults filled in (docs/rules/chat-quidditch.md).",
)

STATE_FIELDS = {
    "config": SETTINGS,
    "teams": listed(TEAM_STATE, minItems=2, maxItems=2),
    "players": {"type": "object", "additionalProperties": PLAYER, "description": "By nick."},
    "lineup": {
        "type": "object",
        "additionalProperties": listed(NICKS),
        "description": "By position, each team's nicks someone plays, in roster order.",
    },
    "pitch": listed(
        THIRD,
        f"The thirds from low to high: {'-'.join(UNNAMED)} before §4.2.",
        minItems=3,
        maxItems=3,
    ),
    "phase": {"type": "string", "enum": PHASES, "description": "What the match waits for."},
    "round": {"type": "integer", "description": "The round being played, 0 before the first."},
    "last_round": {"type": "integer", "description": "The last round (§5.1; §8.2 extends it)."},
    "subround": nullable(
        {"type": "string", "enum": ["positioning", "beaters", "chasers", "seekers"]}
    ),
    "positioning": nullable(
        {"type": "string", "enum": ["chaser", "seeker", "beater"]},
        "The group asked for its thirds (§5.3).",
    ),
    "possession": nullable(TEAM),
    "carrier": nullable(NICK, "Who holds the quaffle."),
    "last_carriers": listed(nullable(NICK), minItems=2, maxItems=2),
    "thirds": {"type": "object", "additionalProperties": THIRD, "description": "By nick."},
    "out": listed(NICK, "Hit by a bludger this round (§5.4.1)."),
    "flew": NICKS,
    "threw": NICKS,
    "bludgers": listed(BLUDGER),
    "snitch": shape(
        {"third": THIRD, "gone": {"type": "boolean"}},
        nullable=True,
        description="The snitch this round (§5.7).",
    ),
    "searched": NICKS,
    "found": NICKS,
    "grabbed": NICKS,
    "fouled": NICKS,
    "pass": nullable(PASS),
    "flight": shape(
        {"player": NICK, "to": THIRD},
        nullable=True,
        description="The flight that opened the moment for attacks (§5.5.2).",
    ),
    "bonus_third": nullable(THIRD, "Where a shot gets 1 XP more (§5.5.6.1)."),
    "unguarded": nullable(NICK, "May shoot unguarded (§5.6.2)."),
    "free_throw": nullable(TEAM, "The team taking a free throw."),
    "pending": listed(WINDOW),
    "goals": TWO_NUMBERS,
    "score": {**TWO_NUMBERS, "description": "Points, without the win bonus (§7)."},
    "snitch_caught_by": nullable(TEAM),
    "end_votes": listed(
        {"type": "string"}, "Who agreed to end the game: referee, captains' nicks (§7)."
    ),
    "over": {"type": "boolean"},
    "ended_by": nullable({"type": "string", "enum": ["rounds", "snitch", "agreement"]}),
    "awaiting": listed(AWAITED),
    "substitutions": listed(SUBSTITUTION, maxItems=2),
}
STATE = shape(
    STATE_FIELDS,
    description="A Chat-Quidditch match; nothing is hidden, so every actor sees all of it.",
)

# --- events --------------------------------------------------------------------------------

OUTCOMES = {
    "success_failed": {"type": "string", "enum": ["success", "failed"]},
    "hit_missed": {"type": "string", "enum": ["hit", "missed"]},
}


MOVES = listed(
    shape(
        {"name": {"type": "string"}, "from": nullable(NICK), "to": nullable(NICK)},
        description="One person's change (§8.6): from a nick (null: a substitute comes in) to "
        "a nick (null: he leaves).",
    )
)

EVENT_FIELDS: dict[str, tuple[str, dict]] = {
    "experience": (
        "A captain handed out the points (§3.2).",
        {"team": TEAM, "house": HOUSE, "points": COMMAND_FIELDS["points"]},
    ),
    "quaffle_roll": (
        "The captains' roll (§4.2); the quaffle to the winner.",
        {"rolls": EXCHANGES, "team": TEAM, "house": HOUSE},
    ),
    "goal_third": (
        "The loser of the quaffle roll chose his goal's third (§4.2).",
        {
            "team": TEAM,
            "house": HOUSE,
            "choice": {"type": "string", "enum": ["T", "H"]},
            "pitch": STATE_FIELDS["pitch"],
        },
    ),
    "round": (
        "A round begins (§5.2).",
        {"round": {"type": "integer"}, "team": TEAM, "house": HOUSE, "carrier": nullable(NICK)},
    ),
    "position": ("A player named his third (§5.3).", {"player": NICK, "third": THIRD}),
    "bludgers_placed": (
        "The referee's roll for the bludgers (§5.4).",
        {"dice": FACES, "thirds": listed(THIRD)},
    ),
    "release": (
        "A ball released (§5.4, §5.5, §5.7); auto: without a referee's word.",
        {"ball": COMMAND_FIELDS["ball"], "auto": {"type": "boolean"}},
    ),
    "bludger_throw": (
        "Klatscherwurf (§5.4.1).",
        {"player": NICK, "target": NICK, "dice": FACES, "outcome": OUTCOMES["hit_missed"]},
    ),
    "bludger_rethrow": (
        "Klatscherabwurf (§5.4.2).",
        {"player": NICK, "target": NICK, "dice": FACES, "outcome": OUTCOMES["hit_missed"]},
    ),
    "bludger_catch": (
        "Klatscherabfang (§5.4.2).",
        {
            "player": NICK,
            "dice": FACES,
            "outcome": {"type": "string", "enum": ["caught", "missed"]},
        },
    ),
    "bludger_kept": (
        "A caught bludger kept for later (§5.4.2); auto: no target was left.",
        {"player": NICK, "auto": {"type": "boolean"}},
    ),
    "block": (
        "Abblocken (§5.4.3).",
        {
            "player": NICK,
            "target": NICK,
            "rolls": EXCHANGES,
            "outcome": {"type": "string", "enum": ["blocked", "failed"]},
        },
    ),
    "player_out": ("Hit: out for the round (§5.4.1).", {"player": NICK}),
    "carrier_placed": (
        "The referee's roll for the carrier's third (§5.5).",
        {"player": NICK, "dice": FACES, "third": THIRD},
    ),
    "fly": ("Fliegen (§5.5.1, §5.7.1).", {"player": NICK, "origin": THIRD, "to": THIRD}),
    "attack": (
        "A chaser's attack (§5.5.2).",
        {"player": NICK, "target": NICK, "rolls": EXCHANGES, "winner": NICK},
    ),
    "keeper_attack": (
        "The keeper's attack (§5.6.2).",
        {"player": NICK, "target": NICK, "rolls": EXCHANGES, "winner": NICK},
    ),
    "foul": (
        "A foul (§5.5.3, §5.7.3): unseen, seen (a free throw), success.",
        {
            "player": NICK,
            "target": NICK,
            "dice": FACES,
            "outcome": {"type": "string", "enum": ["unseen", "seen", "success"]},
        },
    ),
    "pass": (
        "Pass (§5.5.4).",
        {"player": NICK, "target": NICK, "dice": FACES, "outcome": OUTCOMES["success_failed"]},
    ),
    "catch": (
        "Angenommen (§5.5.4).",
        {"player": NICK, "dice": FACES, "outcome": OUTCOMES["success_failed"]},
    ),
    "intercept": (
        "Abfangen (§5.5.5).",
        {"player": NICK, "dice": FACES, "outcome": OUTCOMES["success_failed"]},
    ),
    "quaffle_dropped": ("The quaffle falls; the chasers' sub-round ends.", {"player": NICK}),
    "free_throw_awarded": ("A free throw (§5.5.6.2).", {"team": TEAM, "house": HOUSE}),
    "free_throw_lapses": ("No chaser to take it (§5.5.6.2).", {"team": TEAM, "house": HOUSE}),
    "shot": (
        "Torwurf or free throw (§5.5.6); xp counts the bonus point.",
        {
            "player": NICK,
            "dice": FACES,
            "xp": {"type": "integer"},
            "free_throw": {"type": "boolean"},
        },
    ),
    "save": (
        "Halten (§5.6.1).",
        {
            "player": NICK,
            "shooter": NICK,
            "rolls": EXCHANGES,
            "outcome": {"type": "string", "enum": ["saved", "failed"]},
        },
    ),
    "goal": ("A goal, 10 points (§5.5.6).", {"team": TEAM, "house": HOUSE, "goals": TWO_NUMBERS}),
    "snitch_placed": ("The referee's roll for the snitch (§5.7).", {"dice": FACES, "third": THIRD}),
    "find": (
        "Finden (§5.7.2).",
        {"player": NICK, "dice": FACES, "outcome": OUTCOMES["success_failed"]},
    ),
    "snitch_catch": (
        "Fangen (§5.7.2): 50 points and the end.",
        {"player": NICK, "dice": FACES, "outcome": OUTCOMES["success_failed"]},
    ),
    "snitch_gone": ("A seeker's foul took the snitch away this round (§5.7.3).", {}),
    "subround_ended": (
        "The referee ended the sub-round (§2.1).",
        {"subround": STATE_FIELDS["subround"]},
    ),
    "score": (
        "The score after a round (§5.1).",
        {"round": {"type": "integer"}, "score": TWO_NUMBERS},
    ),
    "chat": (
        "The chat opens (§6).",
        {"round": {"type": "integer"}, "half_time": {"type": "boolean"}},
    ),
    "extension": (
        "A final still drawn: two more rounds after a pause (§8.2).",
        {
            "rounds": {"type": "integer"},
            "pause_minutes": {"type": "integer"},
            "last_round": {"type": "integer"},
        },
    ),
    "end_vote": ("Someone agreed to end the game (§7).", {"voter": {"type": "string"}}),
    "game_over": (
        "The end (§7): points with the win bonus; winner null for a draw.",
        {
            "reason": STATE_FIELDS["ended_by"],
            "winner": nullable(TEAM),
            "points": TWO_NUMBERS,
        },
    ),
    "answer_missing": (
        "A timed answer did not come in time (§3.4).",
        {"kind": {"type": "string", "enum": ["block", "save"]}, "deadline": {"type": "number"}},
    ),
    "substitution_asked": (
        "A captain asks the referee for a substitution (§8.6).",
        {
            "team": TEAM,
            "house": HOUSE,
            "player": NICK,
            "reason": COMMAND_FIELDS["reason"],
            "note": nullable({"type": "string"}),
            "moves": MOVES,
        },
    ),
    "substitution_accepted": (
        "The referee allows it, now, at the next pause or at half-time (§8.6).",
        {"team": TEAM, "house": HOUSE, "when": COMMAND_FIELDS["when"]},
    ),
    "substitution_refused": ("The referee refuses it (§8.6).", {"team": TEAM, "house": HOUSE}),
    "substitution_made": (
        "The substitution is made (§8.6); vacant: nicks nobody plays any more; captain: the "
        "new captain, if he changed.",
        {
            "team": TEAM,
            "house": HOUSE,
            "moves": MOVES,
            "vacant": NICKS,
            "captain": nullable(NICK),
        },
    ),
    "answer_too_late": (
        "A block or save came after its deadline (§3.4).",
        {"player": NICK, "action": {"type": "string", "enum": ["block", "save"]}},
    ),
}

EVENTS = {
    kind: event(kind, description, **fields) for kind, (description, fields) in EVENT_FIELDS.items()
}

# --- the result ----------------------------------------------------------------------------

RESULT = shape(
    {
        "teams": listed(
            shape(
                {
                    "house": HOUSE,
                    "initial": {"type": "string"},
                    "goals": {"type": "integer"},
                    "goals_conceded": {"type": "integer"},
                    "snitch": {"type": "boolean"},
                    "bonus": {"type": "integer"},
                    "points": {"type": "integer"},
                },
                description="One team's result.",
            ),
            minItems=2,
            maxItems=2,
        ),
        "points": TWO_NUMBERS,
        "winner": nullable(TEAM),
        "rounds_played": {"type": "integer"},
        "ended_by": STATE_FIELDS["ended_by"],
    },
    description="The final result (§7, §8.3): points are 10 a goal, 50 the snitch, 100 for "
    "the winner.",
)


# --- the config: what a match is set up with (§2, §4.1.1, docs/rules/chat-quidditch.md) --

#: The bounds of the config (docs/rules/chat-quidditch.md, "Bounds of the settings"): names
#: as long as the campaign's (a house's 60 characters, a character's 120), seven players a
#: team (§2), up to ten minutes to answer where §3.4 gives about ten seconds.
HOUSE_LENGTH, NAME_LENGTH, MOST_PLAYERS, MOST_SECONDS = 60, 120, 7, 600
#: Who may come in by a substitution (§8.6): a reserve team at most.
MOST_SUBSTITUTES = 7
#: §5.1: "Maximal gibt es dabei zehn Runden" (at most ten rounds).
MAX_ROUNDS = 10

POSITION = {
    "type": "string",
    "title": _("Position"),
    "enum": ["keeper", "seeker", "chaser", "beater"],
    "description": _("The player's position (§2)."),
    # Each position in words, for the New game page.
    "x-choice-titles": {
        "keeper": _("Keeper"),
        "seeker": _("Seeker"),
        "chaser": _("Chaser"),
        "beater": _("Beater"),
    },
}
XP = {
    "type": "integer",
    "title": _("Experience points"),
    "minimum": 0,
    "maximum": 2,
    "description": _("Experience points, if not left to the captain (§3.2)."),
}
CHARACTER = {"type": "integer", **CAMPAIGN_ID, "x-picks": "character", "title": _("Character")}
"""One of the campaign's characters, chosen by name on the New game page."""

TEAM_OF_THE_CAMPAIGN = shape(
    {
        "house": {
            "type": "integer",
            **CAMPAIGN_ID,
            "x-picks": "house",
            "title": _("House"),
            "description": _("The house."),
        },
        "captain": nullable(
            {"type": "integer", **CAMPAIGN_ID, "x-picks": "character", "title": _("Captain")},
            _("The captain, one of the players (§2.2); the first if left out."),
        ),
        "players": listed(
            shape(
                {
                    "character": CHARACTER,
                    "position": {**POSITION, "description": _("Left out: the sheet's.")},
                    "xp": XP,
                },
                optional=("position", "xp"),
            ),
            minItems=1,
            maxItems=MOST_PLAYERS,
            title=_("Players"),
        ),
        "substitutes": listed(
            shape({"character": CHARACTER}),
            _("Characters who may come in by a substitution (§8.6)."),
            maxItems=MOST_SUBSTITUTES,
            title=_("Substitutes"),
        ),
    },
    optional=("captain", "substitutes"),
    title=_("A house of the campaign"),
)
TEAM_BY_NAME = shape(
    {
        "house": {
            "type": "string",
            "minLength": 1,
            "maxLength": HOUSE_LENGTH,
            "title": _("House"),
            "description": _("The house's name."),
        },
        "initial": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1,
            "title": _("Initial"),
            "description": _("The initial its nicks begin with (§4.1.1); left out: the name's."),
        },
        "captain": {
            "type": "integer",
            "minimum": 0,
            "maximum": MOST_PLAYERS - 1,
            "title": _("Captain's place"),
            "description": _("The captain's place in the list of players (§2.2)."),
        },
        "players": listed(
            shape(
                {
                    "name": {
                        "type": "string",
                        "maxLength": NAME_LENGTH,
                        "title": _("Name"),
                        "description": _("The player's name."),
                    },
                    "position": POSITION,
                    "xp": XP,
                },
                optional=("name", "xp"),
            ),
            minItems=1,
            maxItems=MOST_PLAYERS,
            title=_("Players"),
        ),
        "substitutes": listed(
            shape(
                {
                    "name": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": NAME_LENGTH,
                        "title": _("Name"),
                        "description": _("The substitute's name."),
                    },
                }
            ),
            _("Players who may come in by a substitution (§8.6)."),
            maxItems=MOST_SUBSTITUTES,
            title=_("Substitutes"),
        ),
    },
    optional=("initial", "captain", "substitutes"),
    title=_("A house by name, its players written out"),
)


def config_schema(max_rounds: int) -> dict:
    """The config of a match of at most ``max_rounds`` rounds (§5.1): its two teams, and its
    settings, each with a default."""
    settings = {
        "answer_seconds": {
            "type": "number",
            "minimum": 1,
            "maximum": MOST_SECONDS,
            "default": 10,
            "title": _("Seconds to answer"),
            "description": _("Seconds a player has to answer (§3.4)."),
        },
        "final": {
            "type": "boolean",
            "default": False,
            "title": _("Cup final"),
            "description": _("A cup final, played by the final-game rules (§8.2)."),
        },
        "cup_game": {
            "type": "boolean",
            "default": False,
            "title": _("Cup game"),
            "description": _(
                "Set by the house cup, which credits its games itself (§8.3); a match "
                "between houses outside the cup credits them at its end."
            ),
        },
        "rounds": {
            "type": "integer",
            "minimum": 1,
            "maximum": max_rounds,
            "default": max_rounds,
            "title": _("Rounds"),
            "description": _("Rounds of the match (§5.1)."),
        },
        "half_time_after": {
            "type": "integer",
            "minimum": 1,
            "maximum": max_rounds,
            "default": 5,
            "title": _("Half-time after round"),
            "description": _("The chat after this round is the half-time break (§6)."),
        },
        "foul_xp": {
            "type": "boolean",
            "default": False,
            "title": _("Experience for fouls"),
            "description": _("Whether experience counts for fouls (docs/rules/chat-quidditch.md)."),
        },
        "referee_releases": {
            "type": "boolean",
            "default": True,
            "title": _("Referee releases the balls"),
            "description": _(
                "The referee releases the balls (§5.4); else each is released at once."
            ),
        },
    }
    return shape(
        {
            "teams": listed(
                {"oneOf": [TEAM_BY_NAME, TEAM_OF_THE_CAMPAIGN]},
                _(
                    "The two teams: a house by name with its players written out, or "
                    "a house of the campaign with its characters (docs/rules/chat-quidditch.md)."
                ),
                minItems=2,
                maxItems=2,
                title=_("Teams"),
            ),
            **settings,
        },
        optional=settings,
    )


CONFIG = config_schema(MAX_ROUNDS)
"""The config's JSON Schema: the bounds of each setting (docs/rules/chat-quidditch.md)."""
DEFAULTS = {
    name: setting["default"]
    for name, setting in CONFIG["properties"].items()
    if "default" in setting
}
"""The match settings a config leaves out, as its schema states them."""

EXAMPLE_TEAMS = {
    "Gryffindor": [
        "Oliver Wood",
        "Harry Potter",
        "Angelina Johnson",
        "Alicia Spinnet",
        "Katie Bell",
        "Fred Weasley",
        "George Weasley",
    ],
    "Slytherin": [
        "Miles Bletchley",
        "Terence Higgs",
        "Marcus Flint",
        "Adrian Pucey",
        "Cassius Warrington",
        "Peregrine Derrick",
        "Lucian Bole",
    ],
}
"""The example match's teams (1991), keeper, seeker, three chasers, two beaters."""

CONTRACT = Contract(
    config=CONFIG,
    commands=COMMANDS,
    state=STATE,
    events=EVENTS,
    result=RESULT,
    example={
        "teams": [
            {
                "house": house,
                "players": [
                    {"position": position, "name": name}
                    for position, name in zip(
                        ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"],
                        names,
                        strict=True,
                    )
                ],
                "substitutes": [],
            }
            for house, names in EXAMPLE_TEAMS.items()
        ],
        **DEFAULTS,
    },
)
