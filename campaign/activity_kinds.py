"""The campaign's own kinds of activity: the ledger, its members, its games."""

from django.utils.translation import gettext_noop as _

from campaign.activity import ID, TEXT, WHEN, WHOLE, Kind, fields, nullable, register
from campaign.models import ActivityKind, Role
from games.models import GameStatus

#: Each kind in a sentence, marked for the catalogues (told in a reader's language).
SENTENCES = {
    ActivityKind.HOUSE_POINTS: _("%(amount)+d house points to %(house)s: %(reason)s"),
    ActivityKind.POPULARITY: _("%(character)s's Popularity %(amount)+d: %(reason)s"),
    ActivityKind.MEMBER_JOINED: _("%(username)s joined the campaign as %(role)s."),
    ActivityKind.MEMBER_LEFT: _("%(username)s left the campaign."),
    ActivityKind.GAME_STARTED: _("The game %(title)s has begun."),
    ActivityKind.GAME_FINISHED: _("The game %(title)s is over (%(status)s)."),
    ActivityKind.GAME_COUNTED: _("The game %(title)s counts now: %(reason)s"),
    ActivityKind.GAME_DISCOUNTED: _("The game %(title)s counts for nothing now: %(reason)s"),
}

GAME = {
    "game": ID,
    "kind": {**TEXT, "description": "The game's kind (match, skirmish, ...)."},
    "ruleset": {**TEXT, "description": "The ruleset's name, as GET /api/rulesets/ gives it."},
    "title": TEXT,
}
COUNTING = {
    "game": ID,
    "kind": GAME["kind"],
    "title": TEXT,
    "reason": TEXT,
    "by": {**TEXT, "description": "The storyguide's username."},
}

DATA = {
    ActivityKind.HOUSE_POINTS: fields(
        "A ledger entry: points awarded, taken, credited or reversed.",
        entry=ID,
        house={**TEXT, "description": "The house's name."},
        amount=WHOLE,
        reason=TEXT,
        character=nullable({**TEXT, "description": "The character's name, if one earned it."}),
        credit_at={**WHEN, "description": "When the points count."},
        reverses=nullable({**ID, "description": "The entry this one reverses."}),
    ),
    ActivityKind.POPULARITY: fields(
        "The storyguide moved a character's Popularity.",
        character=TEXT,
        character_id=ID,
        amount=WHOLE,
        reason=TEXT,
    ),
    ActivityKind.MEMBER_JOINED: fields(
        "Someone joined the campaign.",
        username=TEXT,
        role={**TEXT, "enum": list(Role.values)},
    ),
    ActivityKind.MEMBER_LEFT: fields("Someone left the campaign.", username=TEXT),
    ActivityKind.GAME_STARTED: fields("A game of the campaign began.", **GAME),
    ActivityKind.GAME_FINISHED: fields(
        "A game of the campaign ended.",
        **GAME,
        status={**TEXT, "enum": [GameStatus.FINISHED.value, GameStatus.ABANDONED.value]},
    ),
    ActivityKind.GAME_COUNTED: fields("A finished game was made to count.", **COUNTING),
    ActivityKind.GAME_DISCOUNTED: fields(
        "A finished game was made to count for nothing.", **COUNTING
    ),
}

register(*(Kind(kind.value, kind.label, SENTENCES[kind], DATA[kind]) for kind in ActivityKind))
