"""The campaign's own kinds of activity: the ledger, its members, its games."""

from campaign.activity import Kind, register
from campaign.models import ActivityKind

SENTENCES = {
    ActivityKind.HOUSE_POINTS: "{amount:+d} house points to {house}: {reason}",
    ActivityKind.POPULARITY: "{character}'s Popularity {amount:+d}: {reason}",
    ActivityKind.MEMBER_JOINED: "{username} joined the campaign as {role}.",
    ActivityKind.MEMBER_LEFT: "{username} left the campaign.",
    ActivityKind.GAME_STARTED: "The game {title} has begun.",
    ActivityKind.GAME_FINISHED: "The game {title} is over ({status}).",
    ActivityKind.GAME_COUNTED: "The game {title} counts now: {reason}",
    ActivityKind.GAME_DISCOUNTED: "The game {title} counts for nothing now: {reason}",
}

register(*(Kind(kind.value, kind.label, SENTENCES[kind]) for kind in ActivityKind))
