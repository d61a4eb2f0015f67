"""The house cup's public pages: a cup year (table, outlook, fixtures, points race) and a
cup game.

Anyone may read them without a login, as anyone may watch the public
matches the cup is played in; a campaign shows up here once it has a cup
year, and unknown names are 404. They are read on phones at the side of the
pitch, so they are plain HTML on the site's frame with a little CSS of their
own, and the points race and the odds are SVGs drawn here
(:mod:`league.chart`), with no scripts. They are in the reader's language
(:mod:`core.languages`), from the league's catalogues (``league/locale``).

The cup year page costs a fixed number of queries however many games the
year has: the campaign's cup years, its houses' colours, the standings
(:func:`league.selectors.cup_standings`), one query for all fixtures with
their houses, the games still needing a date, the points race, and the
stored projections (computed first, once, for a year that has none yet).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from league import selectors, services
from league.chart import Chances, Series, odds_svg, percent, race_svg
from league.cups import score_bounds
from league.models import CupYear, Fixture, Stage
from league.rules.clinch import (
    CLINCHED,
    CLINCHED_UNLESS_TIEBREAK,
    CUP_FINAL,
    ELIMINATED,
    FINALS,
    THIRD_PLACE_FINAL,
    TIEBREAK_ONLY,
)
from league.rules.finals import finals
from league.rules.house_points import CREDIT_DELAY
from league.rules.scheduling import DateNeeded, Window
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER

HALF_TITLES = {stage: stage.label for stage in (Stage.FIRST_HALF, Stage.SECOND_HALF)}
FINAL_STAGES = (Stage.FINAL, Stage.THIRD_PLACE)
ROLE_ORDER = {role: index for index, role in enumerate((KEEPER, SEEKER, CHASER, BEATER))}
POSITIONS = {KEEPER: _("Keeper"), SEEKER: _("Seeker"), CHASER: _("Chaser"), BEATER: _("Beater")}
ENDINGS = {
    "snitch": _("The snitch was caught in round %(round)s."),
    "rounds": _("It ended after round %(round)s, the last."),
    "agreement": _("It ended by agreement in round %(round)s."),
}
"""How a Chat-Quidditch match ended (its result's ``ended_by``), after which round."""


def match_page_url(game_id: int) -> str:
    """The match page with its log, served at the site's root by the quidditch pages."""
    return f"/matches/{game_id}/"


@dataclass(frozen=True)
class CupGame:
    """A fixture as a line of the cup year page: where it links, what it still needs."""

    fixture: Fixture
    url: str
    window: Window
    date_needed: DateNeeded | None

    @property
    def match_url(self) -> str | None:
        return match_page_url(self.fixture.game_id) if self.fixture.game_id else None


@dataclass(frozen=True)
class MatchDay:
    number: int
    games: list[CupGame]


@require_safe
def cup_year_latest(request, campaign: str):
    """``/league/<campaign>/``: the newest cup year, at a short address to share."""
    return _cup_year_page(request, campaign, None)


@require_safe
def cup_year_page(request, campaign: str, cup_year: str):
    """``/league/<campaign>/<cup year>/``: one cup year, this one or a past one."""
    return _cup_year_page(request, campaign, cup_year)


def _cup_year_page(request, campaign_slug: str, cup_year_slug: str | None):
    cup_years = list(
        CupYear.objects.filter(campaign__slug=campaign_slug)
        .select_related("campaign")
        .order_by("-first_half_starts", "-id")
    )
    cup_year = next(
        (year for year in cup_years if cup_year_slug in (None, year.slug)),
        None,
    )
    if cup_year is None:
        raise Http404("No such cup year.")
    now = timezone.now()
    colours = dict(cup_year.campaign.houses.values_list("name", "colour"))
    table = selectors.cup_standings(cup_year)
    needing_dates = {needed.game: needed for needed in selectors.dates_needed(cup_year, now=now)}
    games = [
        CupGame(
            fixture=fixture,
            url=reverse(
                "league:cup-game",
                args=[cup_year.campaign.slug, cup_year.slug, fixture.key],
            ),
            window=Window(fixture.window_starts, fixture.window_ends),
            date_needed=needing_dates.get(fixture.key),
        )
        for fixture in cup_year.fixtures.select_related("home", "away").order_by("match_day", "id")
    ]
    half_games = [game for game in games if game.fixture.stage in HALF_TITLES]
    chart_end = _chart_end(cup_year, [game.fixture for game in games], now)
    race = selectors.points_race(cup_year, now=chart_end)
    projection = selectors.projection_figures(
        services.cup_year_projection(cup_year=cup_year, now=now)
    )
    marks = {
        house["house"]: _marks(house, len(projection["houses"])) for house in projection["houses"]
    }
    context = {
        "campaign": cup_year.campaign,
        "cup_year": cup_year,
        "cup_years": cup_years,
        "table": table,
        "rows": [
            (row, colours[row["house"]], marks.get(row["house"], ()))
            for row in selectors.standings_rows(table)
        ],
        "marked": any(marks.values()),
        "played": sum(game.fixture.result is not None for game in half_games),
        "scheduled": len(half_games),
        "halves": [
            (title, _match_days([game for game in games if game.fixture.stage == stage]))
            for stage, title in HALF_TITLES.items()
        ],
        "deciders": [game for game in games if game.fixture.stage == Stage.DECIDER],
        "finals": [game for game in games if game.fixture.stage in FINAL_STAGES],
        "finals_to_schedule": finals(table) if table.settled else (),
        # race_svg escapes every name and colour it writes.
        "chart": mark_safe(
            race_svg(
                [Series(house, colours[house], points) for house, points in race.items()],
                start=cup_year.first_half_starts,
                end=chart_end,
                title=gettext("House points over the cup year %(name)s") % {"name": cup_year.name},
                texts=translation,
            )
        ),
        "projection": projection,
        "odds": [_odds(house, colours[house["house"]]) for house in projection["houses"]],
        "odds_chart": mark_safe(  # odds_svg escapes every name and colour it writes.
            odds_svg(
                [
                    Chances(house["house"], colours[house["house"]], house["places"])
                    for house in projection["houses"]
                ],
                title=gettext("Chances of each final place, %(name)s") % {"name": cup_year.name},
                texts=translation,
            )
        ),
    }
    return render(request, "league/cup_year.html", context)


MARK_SIGNS = {
    CLINCHED: "✓",
    CLINCHED_UNLESS_TIEBREAK: "⚖",
    TIEBREAK_ONLY: "⚖",
    ELIMINATED: "✗",
}
"""How a mark shows beside a house: in, hanging on a decider or lots, out. Open marks are
not shown."""


@dataclass(frozen=True)
class Mark:
    """A proven mark as a line under its house in the table."""

    target: str
    status: str
    sign: str
    sentence: str


IMPLIED = {
    (CUP_FINAL, CLINCHED): {(FINALS, CLINCHED), (THIRD_PLACE_FINAL, ELIMINATED)},
    (FINALS, ELIMINATED): {(CUP_FINAL, ELIMINATED), (THIRD_PLACE_FINAL, ELIMINATED)},
}
"""Marks another mark of the same house says already: not shown twice."""


def _marks(house: dict, houses: int) -> list[Mark]:
    """The house's proven marks, less those another one implies; with four houses the
    third-place final is the cup final's other side, so only its "whatever happens"."""
    proven = [mark for mark in house["marks"] if mark["status"] in MARK_SIGNS]
    implied = set().union(*(IMPLIED.get((m["target"], m["status"]), set()) for m in proven))
    return [
        Mark(mark["target"], mark["status"], MARK_SIGNS[mark["status"]], mark["sentence"])
        for mark in proven
        if (mark["target"], mark["status"]) not in implied
        and not (houses == 4 and mark["target"] == THIRD_PLACE_FINAL and mark["status"] != CLINCHED)
    ]


def _odds(house: dict, colour: str) -> dict:
    """A line of the odds table: chances as a reader says them."""
    places = house["places"]
    race = house["house_points_places"]
    return {
        "house": house["house"],
        "colour": colour,
        "cup": percent(places[0]),
        "cup_final": percent(sum(places[:2])),
        "expected_points": round(house["expected_points"]),
        "house_points_first": percent(race[0]),
        "expected_house_points": round(house["expected_house_points"]),
    }


def _match_days(games: list[CupGame]) -> list[MatchDay]:
    days: dict[int, list[CupGame]] = {}
    for game in games:
        days.setdefault(game.fixture.match_day, []).append(game)
    return [MatchDay(number, day) for number, day in sorted(days.items())]


def _chart_end(cup_year: CupYear, fixtures: list[Fixture], now: datetime) -> datetime:
    """Now, or once the year is over, when its last game's points were due.

    A past year's race then stops with its own games rather than running on
    with the points of the years after it.
    """
    last_window = max((fixture.window_ends for fixture in fixtures), default=now)
    return max(min(now, last_window + CREDIT_DELAY), cup_year.first_half_starts + CREDIT_DELAY)


@require_safe
def cup_game_page(request, campaign: str, cup_year: str, key: str):
    """``/league/<campaign>/<cup year>/games/<key>/``: a cup game, its result and
    line-ups, with links to its match log and to the check of its dice."""
    fixture = get_object_or_404(
        Fixture.objects.select_related("cup_year__campaign", "home", "away", "game"),
        cup_year__campaign__slug=campaign,
        cup_year__slug=cup_year,
        key=key,
    )
    game = fixture.game
    result = fixture.result or {}
    context = {
        "campaign": fixture.cup_year.campaign,
        "cup_year": fixture.cup_year,
        "fixture": fixture,
        "scoring": score_bounds(fixture.cup_year.ruleset),
        "credit_hours": round(CREDIT_DELAY.total_seconds() / 3600),
        "ending": (
            ENDINGS[result["ended_by"]] % {"round": result["rounds_played"]}
            if result.get("ended_by") in ENDINGS
            else ""
        ),
        "window": Window(fixture.window_starts, fixture.window_ends),
        "teams": _line_ups(game.state) if game else (),
        "frauds": fixture.frauds.select_related("character", "house"),
        "match_url": match_page_url(game.pk) if game else None,
        "verify_url": reverse("match-verify-page", args=[game.pk]) if game else None,
    }
    return render(request, "league/cup_game.html", context)


def _line_ups(state: dict) -> list[tuple[str, list[dict]]]:
    """Each team's players as the match set them up, keeper and seeker first, as a
    line-up is filled (§8.5): (house, [{nick, name, role, position}]), the position in
    the reader's words."""
    teams = [(team["house"], []) for team in state["teams"]]
    players = sorted(
        state["players"].items(),
        key=lambda item: (ROLE_ORDER.get(item[1]["role"], len(ROLE_ORDER)), item[0]),
    )
    for nick, player in players:
        position = POSITIONS.get(player["role"], player["role"])
        teams[player["team"]][1].append({"nick": nick, **player, "position": position})
    return teams
