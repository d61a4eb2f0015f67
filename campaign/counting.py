"""Whether a finished game counts: the storyguide makes a friendly game count, or a
counting one count for nothing, after its end, and says why.

A game is friendly or not when it starts (``Game.friendly``), and at its end a counting
game credits its houses through the ledger (the game packages' receivers of
``games.signals.game_finished``). A storyguide may change their mind once the game is
over, say because a friendly match turned out to be the real one, or a match was played
with the wrong characters:

1. **Made not to count**: each of the game's credits still standing is reversed, its
   reversal marked ``uncounted:<id>`` and giving the storyguide's reason; the houses'
   points and the characters' Popularity go back to what they were without the game.
2. **Made to count**: the game's packages credit it as at its end (``game_counted``, sent
   with the game no longer friendly), which does nothing where a credit of theirs is
   there already (their ``source_key``); and each credit that an earlier change reversed
   is awarded again, once (``again:<id>``). So a game made to count, not to count and to
   count again has its credits standing once.

Each change is on the campaign's activity line with the reason and who decided
(``game_counted`` or ``game_discounted``), which the game's page tells. Health written
back at a game's end is left as it is: the sheets have moved on since, and the change
is about the ledger. A cup game counts as the cup's rules say (§8.3) and a table log is
no game: neither can be changed here.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from campaign import activity
from campaign.models import ActivityKind, HousePointEntry
from campaign.rules.table_log import TableLog
from campaign.selectors import require_storyguide
from campaign.services import house_points_award, house_points_reverse
from core.errors import Invalid, RuleViolation, gettext_noop
from games.models import Game, GameStatus
from games.ruleset import find_ruleset
from games.signals import game_counted

#: The longest reason kept: a sentence or two, as the ledger's reasons are.
REASON_LENGTH = 300


def game_count(*, game: Game, counts: bool, reason: str, by, now: datetime) -> Game:
    """Make the finished ``game`` count (``counts``) or count for nothing, giving ``reason``.

    Refused, nothing written: anyone but a storyguide of the game's campaign; a game not
    finished; a cup game or a table log; a game whose kind credits no house; a game that
    already counts as asked; an empty reason.
    """
    require_storyguide(by, game.campaign_id)
    reason = (reason or "").strip()
    if not reason:
        raise Invalid.field("reason", gettext_noop("Say why: the ledger keeps the reason."))
    if len(reason) > REASON_LENGTH:
        raise Invalid.field(
            "reason",
            gettext_noop("A reason of %(most)s characters at most."),
            params={"most": REASON_LENGTH},
        )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        _may_change(game, counts)
        game.friendly = not counts
        game.save(update_fields=["friendly"])
        if counts:
            game_counted.send(sender=type(find_ruleset(game.ruleset)), game=game, now=now)
            _credit_again(game, reason, now)
        else:
            _reverse_standing(game, reason, by, now)
        activity.record(
            campaign_id=game.campaign_id,
            kind=ActivityKind.GAME_COUNTED if counts else ActivityKind.GAME_DISCOUNTED,
            data={
                "game": game.pk,
                "kind": game.kind,
                "title": str(game),
                "reason": reason,
                "by": by.get_username(),
            },
            now=now,
        )
    return game


def may_count_differently(game: Game) -> bool:
    """Whether the game's page offers the storyguide the change (see :func:`game_count`)."""
    try:
        _may_change(game, game.friendly)
    except RuleViolation:
        return False
    return True


def _may_change(game: Game, counts: bool) -> None:
    if game.status != GameStatus.FINISHED:
        raise RuleViolation(
            "game_not_finished", gettext_noop("Only a finished game's counting can change.")
        )
    if game.ruleset == TableLog.name or game.config.get("cup_game"):
        raise RuleViolation(
            "cup_game",
            gettext_noop("A cup game counts as the cup's rules say (§8.3)."),
            "§8.3",
        )
    if not game_counted.has_listeners(type(find_ruleset(game.ruleset))):
        raise RuleViolation(
            "credits_nothing",
            gettext_noop("A game of this kind credits no house: counting it changes nothing."),
        )
    if counts != game.friendly:
        raise RuleViolation(
            "counts_already",
            gettext_noop("The game counts already.")
            if counts
            else gettext_noop("The game counts for nothing already."),
        )


def _reverse_standing(game: Game, reason: str, by, now: datetime) -> None:
    """Each credit of the game not yet reversed is, marked as this change's."""
    standing = HousePointEntry.objects.filter(
        game=game, reverses=None, reversed_by__isnull=True
    ).select_related("house")
    for entry in standing:
        house_points_reverse(
            entry=entry,
            reason=f"{game}: made not to count ({reason})",
            reversed_by=by,
            now=now,
            source_key=f"uncounted:{entry.pk}",
        )


def _credit_again(game: Game, reason: str, now: datetime) -> None:
    """Each credit an earlier change made not to count is awarded again, once, to the
    characters still of its house (one who has moved since is left out, as the game's own
    credit leaves them out)."""
    uncounted = HousePointEntry.objects.filter(
        game=game, reversed_by__source_key__startswith="uncounted:"
    ).select_related("house", "character")
    for entry in uncounted:
        still = [c for c in entry.attributed_to.all() if c.house_id == entry.house_id]
        house_points_award(
            house=entry.house,
            amount=entry.amount,
            reason=f"{game}: made to count ({reason})",
            source=entry.source,
            character=entry.character
            if entry.character and entry.character.house_id == entry.house_id
            else None,
            attributed_to=still,
            source_key=f"again:{entry.pk}",
            game=game,
            awarded_by=None,
            now=now,
        )
