"""The skirmish's shapes for the API contract: config, commands, state, events, result,
and an example config, together its ``CONTRACT`` (the package's ``Manifest.contract``).

JSON Schema in the OpenAPI 3.0 flavour (``nullable``, no lists of types), so
that ``/api/schema/`` names every shape a plugin meets and a generated client
gets the right type for each; the conformance suite checks real play against
them. docs/rules/skirmish.md says what each field means in the rules' words.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape, titled
from games.ruleset import CAMPAIGN_ID

from .defaults import DEFAULTS, ENDED, GATHERING, ROUNDS

#: The bounds of the config (docs/rules/skirmish.md, "Bounds of the settings"): a die as the
#: campaign's sheet rules allow (up to 1,000 sides), names as long as the campaign's (a
#: character's 120 characters, an attribute's 60), 50 participants, attributes ten times
#: the sheet's default 1-10 either way, and Health, harm and difficulties up to 100.
KEY_LENGTH, NAME_LENGTH, ATTRIBUTE_LENGTH = 20, 120, 60
MOST_PARTICIPANTS, MOST_ATTRIBUTES, MOST_CATEGORIES = 50, 32, 16
HUNDRED = {"type": "integer", "minimum": 0, "maximum": 100}

KEY = {
    "type": "string",
    "minLength": 1,
    "maxLength": KEY_LENGTH,
    "description": _("A participant's key (p01, p02, ...)."),
}
KEYS = listed(KEY)
NAMES = {
    "type": "object",
    "additionalProperties": {"type": "string"},
    "description": "Key -> name of the participants the event mentions.",
}
ATTRIBUTE = {
    "type": "string",
    "minLength": 1,
    "maxLength": ATTRIBUTE_LENGTH,
    "description": _("An attribute's name."),
}
ATTRIBUTES = {
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": -100, "maximum": 100},
    "maxProperties": MOST_ATTRIBUTES,
    "description": _("Attribute -> value: only the ones the skirmish needs."),
}
WHAT = {"type": "string", "description": "What the participant does, in the table's words."}

# --- participants -------------------------------------------------------------------------

_PARTICIPANT_FIELDS = {
    "key": KEY,
    "name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
    "character": nullable(
        {
            "type": "integer",
            **CAMPAIGN_ID,
            "x-picks": "character",
            "description": _("The campaign's character, or null for ad-hoc."),
        }
    ),
    "attributes": ATTRIBUTES,
    "health": nullable(HUNDRED, _("Health; null: not tracked.")),
    "health_max": nullable(HUNDRED, _("Health's maximum; default: health.")),
    "side": nullable(
        {
            "type": "string",
            "minLength": 1,
            "maxLength": ATTRIBUTE_LENGTH,
            "description": _("The side it fights on; null: a side of its own."),
        }
    ),
}
PARTICIPANT_IN = shape(
    _PARTICIPANT_FIELDS,
    optional=_PARTICIPANT_FIELDS,
    description=_(
        "A participant: a campaign character (`character` alone: its sheet is "
        "fielded) or ad-hoc (`name`, `attributes`, `health`); a key is given if left out."
    ),
)
PARTICIPANT = shape(
    _PARTICIPANT_FIELDS,
    optional=("key",),
    description="A participant as the skirmish keeps it, under its key.",
)

# --- config -------------------------------------------------------------------------------

_SETTINGS = {
    "die_size": {
        "type": "integer",
        "minimum": 2,
        "maximum": 1000,
        "default": DEFAULTS["die_size"],
        "description": _("Sides of the two dice every roll throws."),
    },
    "defended_difficulty_base": {
        **HUNDRED,
        "default": DEFAULTS["defended_difficulty_base"],
        "description": _("A defended roll's difficulty before the target's attributes."),
    },
    "defence_attribute": nullable(
        ATTRIBUTE,
        _(
            "The storyguide's standing choice of the attribute a dodge or an "
            "intervention raises the attacker's difficulty by (Ch.7 ¶10); null: he names "
            "it each time."
        ),
    ),
    "max_interveners": nullable(
        {
            "type": "integer",
            "minimum": 0,
            "maximum": MOST_PARTICIPANTS,
            "description": _("How many may intervene for one target; null: no limit."),
        }
    ),
    "harm": {
        **HUNDRED,
        "default": DEFAULTS["harm"],
        "description": _(
            "Health a successful attack costs its target, unless the storyguide "
            "names another for an attack."
        ),
    },
}
CATEGORIES = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": MOST_CATEGORIES,
    "additionalProperties": ATTRIBUTE,
    "description": _(
        "Category of action -> its Finesse attribute, which everyone rolls for "
        "initiative (Ch.7 ¶5)."
    ),
}


#: The config's settings and participant fields, each with its label (titles are the
#: config's alone: the state and the commands keep the untitled shapes).
_TITLES = {
    "die_size": _("Die size"),
    "defended_difficulty_base": _("Base difficulty of a defended roll"),
    "defence_attribute": _("Defence attribute"),
    "max_interveners": _("Most interveners per target"),
    "harm": _("Harm"),
    "key": _("Key"),
    "name": _("Name"),
    "character": _("Character"),
    "attributes": _("Attributes"),
    "health": _("Health"),
    "health_max": _("Maximum health"),
    "side": _("Side"),
}
CONFIG = shape(
    {
        **{key: titled(schema, _TITLES[key]) for key, schema in _SETTINGS.items()},
        "categories": titled(CATEGORIES, _("Categories of action")),
        "participants": listed(
            shape(
                {key: titled(schema, _TITLES[key]) for key, schema in _PARTICIPANT_FIELDS.items()},
                optional=_PARTICIPANT_FIELDS,
                description=PARTICIPANT_IN["description"],
            ),
            maxItems=MOST_PARTICIPANTS,
            title=_("Participants"),
        ),
    },
    optional=[*_SETTINGS, "participants"],
    description=_("A skirmish's rules settings and the participants known at its start."),
)
SETTINGS = shape(
    {**_SETTINGS, "categories": CATEGORIES},
    description="The config's rules settings, defaults filled in.",
)

# --- rolls and actions --------------------------------------------------------------------

_SIDE = {
    "attribute": ATTRIBUTE,
    "bonus": {"type": "integer", "default": 0},
    "stress": {"type": "boolean", "default": False, "description": "Keep the lower die."},
}
#: What a roll as given may leave out, to its default; a roll kept has them all.
DEFAULTED = ("bonus", "stress")
SIDE = shape(_SIDE, optional=DEFAULTED, description="The opposing side's roll.")


def _roll(kind: str, extra: dict, description: str, *, complete: bool) -> dict:
    return shape(
        {"kind": {"type": "string", "enum": [kind]}, **_SIDE, **extra},
        optional=() if complete else DEFAULTED,
        description=description,
    )


def _rolls(*, complete: bool) -> dict:
    side = shape(_SIDE, optional=() if complete else DEFAULTED)
    return {
        "oneOf": [
            _roll(
                "check",
                {"difficulty": {"type": "integer"}},
                "A check of the actor's attribute against a difficulty.",
                complete=complete,
            ),
            _roll(
                "defended",
                {"defence": listed(ATTRIBUTE, minItems=1)},
                "Against the base difficulty plus the target's named attributes.",
                complete=complete,
            ),
            _roll(
                "opposed",
                {"opposing": side},
                "Both roll; the actor's total must reach the target's.",
                complete=complete,
            ),
        ],
        "description": "The roll an action needs; an opposed or defended roll is an attack.",
    }


ROLL = _rolls(complete=False)
HARM = {
    "type": "integer",
    "minimum": 0,
    "description": "Health a hit costs (the storyguide's to name; default: the config's harm).",
}
DEFENDER = shape(
    {
        "participant": KEY,
        "kind": {"type": "string", "enum": ["dodge", "intervention"]},
        "attribute": ATTRIBUTE,
        "value": {"type": "integer"},
    },
    description="Who raised the attacker's difficulty, how, and by how much.",
)
ATTACK = shape(
    {
        "participant": KEY,
        "what": WHAT,
        "target": KEY,
        "roll": _rolls(complete=True),
        "harm": {"type": "integer", "minimum": 0},
        "defenders": listed(DEFENDER),
    },
    description="An attack declared and waiting for its defenders, not rolled yet.",
)
CHECK = shape(
    {
        "purpose": {"type": "string"},
        "dice": listed({"type": "integer"}, minItems=2, maxItems=2),
        "stress": {"type": "boolean"},
        "kept": {"type": "integer"},
        "attribute_value": {"type": "integer"},
        "bonus": {"type": "integer"},
        "total": {"type": "integer"},
        "difficulty": nullable({"type": "integer"}),
        "success": nullable({"type": "boolean"}),
        "doubles": {"type": "boolean"},
        "result": nullable(
            {
                "type": "string",
                "enum": ["exceptional success", "success", "failure", "dramatic failure"],
            },
            "How it fared; null without a difficulty.",
        ),
    },
    optional=("difficulty", "success", "doubles", "result"),
    description="One roll of two dice: what it kept, its total, how it fared.",
)

# --- commands -----------------------------------------------------------------------------

#: An action as declared: what, on whom, with which roll, for how much harm; all optional.
ACTION = {"what": WHAT, "target": nullable(KEY), "roll": nullable(ROLL), "harm": HARM}
COMMANDS = {
    "add_participant": command(
        "add_participant",
        "The storyguide brings a participant in; mid-skirmish it joins as if delaying.",
        participant=shape(
            _PARTICIPANT_FIELDS,
            optional=_PARTICIPANT_FIELDS.keys() - {"key", "name"},
            description=PARTICIPANT_IN["description"],
        ),
    ),
    "roll_initiative": command(
        "roll_initiative",
        "The storyguide names the initiator and the category of the initiating action; "
        "everyone rolls initiative (Ch.7 ¶4-¶6).",
        optional=("stress", "initiating_action"),
        initiator=KEY,
        category={"type": "string", "description": "A category of the config."},
        stress={**KEYS, "description": "Who rolls initiative as a stress roll."},
        initiating_action=shape(
            ACTION,
            optional=ACTION,
            nullable=True,
            description="The initiator's action, rolled before initiative.",
        ),
    ),
    "act": command(
        "act",
        "The participant whose turn it is acts: on whom, with which roll (Ch.7 ¶7).",
        optional=ACTION,
        participant=KEY,
        **ACTION,
    ),
    "delay": command(
        "delay", "The participant waits instead of acting (Ch.7 ¶9).", participant=KEY
    ),
    "re_enter": command(
        "re_enter",
        "A delaying participant acts right after the current turn (Ch.7 ¶9).",
        participant=KEY,
    ),
    "end_turn": command("end_turn", "The participant is done with its turn.", participant=KEY),
    "dodge": command(
        "dodge",
        "The target, yet to act, dodges the waiting attack (Ch.7 ¶8).",
        optional=("attribute",),
        participant=KEY,
        attribute=nullable(ATTRIBUTE),
    ),
    "intervene": command(
        "intervene",
        "A delaying participant dodges for the target (Ch.7 ¶10).",
        optional=("attribute",),
        participant=KEY,
        attribute=nullable(ATTRIBUTE),
    ),
    "resolve_attack": command(
        "resolve_attack", "Roll the waiting attack: no (more) defence. Storyguide or target."
    ),
    "change_health": command(
        "change_health",
        "The storyguide heals or hurts a participant, within 0 and its maximum.",
        optional=("reason",),
        participant=KEY,
        by={"type": "integer"},
        reason={"type": "string"},
    ),
    "end_skirmish": command(
        "end_skirmish",
        "The storyguide ends the skirmish (Ch.7 ¶3).",
        optional=("summary",),
        summary={"type": "string"},
    ),
}

# --- state --------------------------------------------------------------------------------

ENDING = shape(
    {
        "by": {"type": "string", "enum": ["storyguide", "rules"]},
        "standing": {**KEYS, "description": "Who was still in the fight."},
        "summary": {"type": "string"},
    },
    description="How the skirmish ended.",
)
STATE = shape(
    {
        "settings": SETTINGS,
        "participants": {"type": "object", "additionalProperties": PARTICIPANT},
        "phase": {"type": "string", "enum": [GATHERING, ROUNDS, ENDED]},
        "initiator": nullable(KEY),
        "category": nullable({"type": "string"}),
        "initiative": {
            "type": "object",
            "additionalProperties": shape(
                {"total": {"type": "integer"}, "roll_offs": listed({"type": "integer"})}
            ),
            "description": "Each participant's initiative total and roll-offs.",
        },
        "order": {**KEYS, "description": "Everyone's place, first to act first."},
        "round": {"type": "integer", "minimum": 0},
        "turn": nullable(KEY, "Whose turn it is."),
        "yet_to_act": {**KEYS, "description": "Who has not used this round's turn: who may dodge."},
        "delaying": {**KEYS, "description": "Who is delaying: may re-enter or intervene."},
        "re_entering": {**KEYS, "description": "Who takes a turn right after the current one."},
        "attack": nullable(ATTACK),
        "ending": nullable(ENDING),
    },
    description="A skirmish as everyone sees it (nothing in it is hidden).",
)

# --- events -------------------------------------------------------------------------------


_NAMED = {"participant": KEY, "names": NAMES}
EVENTS = {
    "participant_added": event("participant_added", "A participant joined.", **_NAMED),
    "skirmish_initiated": event(
        "skirmish_initiated",
        "The initiator started the skirmish; everyone rolls the category's Finesse attribute.",
        **_NAMED,
        category={"type": "string"},
        attribute=ATTRIBUTE,
    ),
    "action": event(
        "action",
        "An action, with its roll (and the target's, for an opposed one).",
        optional=("kind", "attribute", "against", "roll", "opposing"),
        **_NAMED,
        what=WHAT,
        target=nullable(KEY),
        defenders=listed(DEFENDER),
        kind={"type": "string", "enum": ["check", "defended", "opposed"]},
        attribute=ATTRIBUTE,
        against=listed(ATTRIBUTE),
        roll=CHECK,
        opposing=CHECK,
    ),
    "initiative_rolled": event(
        "initiative_rolled",
        "One participant's initiative roll.",
        **_NAMED,
        attribute=ATTRIBUTE,
        dice=CHECK["properties"]["dice"],
        stress={"type": "boolean"},
        kept={"type": "integer"},
        total={"type": "integer"},
    ),
    "initiative_roll_off": event(
        "initiative_roll_off",
        "Participants tied on initiative roll off, one die each.",
        participants=KEYS,
        faces={"type": "object", "additionalProperties": {"type": "integer"}},
        names=NAMES,
    ),
    "initiative_order": event(
        "initiative_order", "The order, first to act first.", order=KEYS, names=NAMES
    ),
    "round_started": event("round_started", "A round begins.", round={"type": "integer"}),
    "turn_started": event(
        "turn_started", "A participant's turn begins.", **_NAMED, round={"type": "integer"}
    ),
    "turn_ended": event("turn_ended", "A participant's turn ends.", **_NAMED),
    "delayed": event("delayed", "A participant delays.", **_NAMED),
    "delay_lapsed": event(
        "delay_lapsed", "A delay reached the participant's own place again.", **_NAMED
    ),
    "re_entering": event(
        "re_entering", "A delaying participant acts after this turn.", **_NAMED, after=KEY
    ),
    "attack_declared": event(
        "attack_declared",
        "An attack waits for its defenders.",
        **_NAMED,
        target=KEY,
        what=WHAT,
    ),
    **{
        kind: event(
            kind,
            description,
            **_NAMED,
            kind={"type": "string", "enum": ["dodge", "intervention"]},
            attribute=ATTRIBUTE,
            value={"type": "integer"},
            target=KEY,
        )
        for kind, description in [
            ("dodged", "The target dodges the waiting attack."),
            ("intervened", "A delaying participant intervenes for the target."),
        ]
    },
    "health_changed": event(
        "health_changed",
        "A participant's Health changed: a hit, or the storyguide's hand.",
        **_NAMED,
        by={"type": "integer"},
        health={"type": "integer", "minimum": 0},
        reason={"type": "string"},
    ),
    "out_of_the_fight": event("out_of_the_fight", "A participant fell to Health 0.", **_NAMED),
    "back_in_the_fight": event(
        "back_in_the_fight", "A fallen participant was healed back into the fight.", **_NAMED
    ),
    "skirmish_ended": event(
        "skirmish_ended",
        "The skirmish ended: by the storyguide, or because nobody was left to oppose anyone.",
        by={"type": "string", "enum": ["storyguide", "rules"]},
        round={"type": "integer"},
        summary={"type": "string"},
        standing=KEYS,
        unrolled_attack=nullable(ATTACK),
        names=NAMES,
    ),
}

RESULT = shape(
    {
        "ended_by": {"type": "string", "enum": ["storyguide", "rules"]},
        "standing": {**KEYS, "description": "Who was still in the fight at the end."},
        "rounds": {"type": "integer"},
        "seconds": {"type": "integer", "description": "Game time: six seconds a round."},
        "health": {
            "type": "object",
            "additionalProperties": nullable({"type": "integer"}),
            "description": "Each participant's Health at the end.",
        },
        "names": {**NAMES, "description": "Key -> name of every participant."},
    },
    nullable=True,
    description="How the skirmish left everyone.",
)

CONTRACT = Contract(
    example={
        "categories": {"Physical": "Dexterity", "Mental": "Wits", "Social": "Humor"},
        "defence_attribute": "Quickness",
        "participants": [
            {"key": key, "name": name, "attributes": attributes, "health": 5}
            for key, name, attributes in [
                ("p01", "Harry", {"Dexterity": 5, "Quickness": 6, "Strength": 3, "Wits": 4}),
                ("p02", "Draco", {"Dexterity": 4, "Quickness": 5, "Strength": 3, "Wits": 5}),
                ("p03", "Peeves", {"Dexterity": 6, "Quickness": 6, "Strength": 2, "Wits": 3}),
            ]
        ],
    },
    config=CONFIG,
    commands=COMMANDS,
    state=STATE,
    events=EVENTS,
    result=RESULT,
)
