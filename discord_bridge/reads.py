"""What the read-only commands show: a game in a short embed (``/game``), the cup's
table (``/standings``) and its next games (``/fixtures``), from the platform's and the
league's selectors, in the sender's language."""

from __future__ import annotations

from datetime import datetime

from django.utils import formats, translation

from core.errors import gettext_noop
from discord_bridge.words import clip, say
from games import selectors
from games.manifest import manifest_of
from games.models import Game, GameStatus
from games.page_urls import page_of
from games.ruleset import Actor, find_ruleset
from league import selectors as league
from league.models import CupYear, FixtureStatus

WHOSE_MOVE = gettext_noop("Whose move")
WAITING_FOR = gettext_noop("Waiting for %(seats)s")
THE_REFEREE = gettext_noop("the referee")
DICE_AWAITED = gettext_noop("Dice to enter")
LATEST = gettext_noop("Latest")
THE_END = gettext_noop("The end")
NO_CUP = gettext_noop("The campaign has no house cup yet.")
NO_FIXTURES = gettext_noop("No cup game is waiting to be played.")
STANDINGS = gettext_noop("%(cup)s: the table")
POINTS = gettext_noop("%(points)s points")
FIXTURES = gettext_noop("%(cup)s: the next games")
BETWEEN = gettext_noop("between %(start)s and %(end)s")
#: The most fixtures ``/fixtures`` lists.
MOST_FIXTURES = 8


def game_embed(game: Game, actor: Actor, language: str, site: str) -> dict:
    """The game as its page says it, in short: whose move, its latest line (where a
    score is told), the end's sentence, and a link to its page."""
    rules = find_ruleset(game.ruleset)
    fields = []
    if game.status == GameStatus.ACTIVE:
        fields.append(
            {"name": say(WHOSE_MOVE, language), "value": _whose_move(game, actor, language)}
        )
    last = selectors.game_events(game, after=max(game.version - 1, 0))
    if last:
        lines = selectors.event_as_seen(game, last[-1], actor)["narration"]
        said = "\n".join(line.get(language, "") for line in lines if line.get(language))
        if said:
            fields.append({"name": say(LATEST, language), "value": clip(said, 1024)})
    result = selectors.result_as_served(rules, game.state, lambda: language)
    if result is not None:
        fields.append({"name": say(THE_END, language), "value": clip(result["sentence"], 1024)})
    embed = {"title": clip(game.title, 256), "description": rules.title, "fields": fields}
    page = page_of(game)
    if page:
        embed["url"] = site.rstrip("/") + page
    return embed


def _whose_move(game: Game, actor: Actor, language: str) -> str:
    if game.dice_awaited is not None:
        return say(DICE_AWAITED, language)
    words = manifest_of(game.ruleset).words
    view = selectors.state_as_seen(game, actor)
    awaited = selectors.awaited_seats(game)
    names = [words.seat(seat, view, language) for seat in awaited.seats]
    if awaited.referee:
        names.append(say(THE_REFEREE, language))
    return say(WAITING_FOR, language, seats=", ".join(names))


def _cup_year(campaign) -> CupYear | None:
    return CupYear.objects.filter(campaign=campaign).order_by("-first_half_starts").first()


def standings_text(campaign, language: str) -> str:
    """The latest cup year's table, a line a house."""
    cup_year = _cup_year(campaign)
    if cup_year is None:
        return say(NO_CUP, language)
    with translation.override(language):
        rows = league.standings_rows(league.cup_standings(cup_year))
    lines = [f"**{say(STANDINGS, language, cup=cup_year.name)}**"]
    lines += [
        f"{row['place']}. {row['house']}: {say(POINTS, language, points=row['points'])}"
        + (f" ({row['why']})" if row["why"] else "")
        for row in rows
    ]
    return "\n".join(lines)


def fixtures_text(campaign, language: str, *, now: datetime) -> str:
    """The latest cup year's games still to be played, soonest first."""
    cup_year = _cup_year(campaign)
    if cup_year is None:
        return say(NO_CUP, language)
    # ``result__isnull``: a JSON field's ``=None`` would match a stored JSON null only.
    waiting = (
        cup_year.fixtures.filter(result__isnull=True)
        .exclude(status=FixtureStatus.ABANDONED)
        .select_related("home", "away")
        .order_by("window_starts", "match_day", "pk")[:MOST_FIXTURES]
    )
    if not waiting:
        return say(NO_FIXTURES, language)
    lines = [f"**{say(FIXTURES, language, cup=cup_year.name)}**"]
    with translation.override(language):
        for fixture in waiting:
            when = (
                formats.date_format(fixture.date, "SHORT_DATETIME_FORMAT")
                if fixture.date
                else say(
                    BETWEEN,
                    language,
                    start=formats.date_format(fixture.window_starts, "SHORT_DATE_FORMAT"),
                    end=formats.date_format(fixture.window_ends, "SHORT_DATE_FORMAT"),
                )
            )
            lines.append(f"{fixture.home.name} – {fixture.away.name}: {when}")
    return "\n".join(lines)
