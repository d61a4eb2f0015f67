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

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.models import House
from core import languages
from core.errors import AppError, RuleViolation
from core.responses import answer, error_body
from league import line_ups, selectors, services
from league.chart import Chances, Series, odds_svg, percent, race_svg
from league.cups import score_bounds
from league.forms import LineUpForm
from league.models import CupYear, Fixture, FixtureStatus, Stage
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
from league.rules.teams import LIMITS
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
        "line_ups": _line_up_status(request, fixture),
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


def _line_up_status(request, fixture: Fixture) -> dict | None:
    """Before the match: whether each house has chosen its line-up (public), and the
    way to choose them for whoever may (§8.5)."""
    if fixture.status not in services.OPEN:
        return None
    chosen = selectors.line_ups_of(fixture)
    return {
        "houses": [(house, house.pk in chosen) for house in (fixture.home, fixture.away)],
        "may_choose": selectors.may_choose_line_ups(request.user, fixture),
        "url": _line_ups_url(fixture),
    }


def _line_ups_url(fixture: Fixture) -> str:
    cup_year = fixture.cup_year
    return reverse("league:line-ups", args=[cup_year.campaign.slug, cup_year.slug, fixture.key])


def _cup_game_url(fixture: Fixture) -> str:
    cup_year = fixture.cup_year
    return reverse("league:cup-game", args=[cup_year.campaign.slug, cup_year.slug, fixture.key])


def _campaigns_fixture(request, campaign: str, cup_year: str, key: str) -> Fixture:
    """The fixture, for a member of its campaign: a game's line-ups are not public, so to
    anyone else (another campaign's storyguide too) it is not there (404)."""
    fixture = get_object_or_404(
        Fixture.objects.select_related("cup_year__campaign", "home", "away"),
        cup_year__campaign__slug=campaign,
        cup_year__slug=cup_year,
        key=key,
    )
    if not selectors.is_in_campaign(request.user, fixture.cup_year.campaign_id):
        raise Http404("No such cup game.")
    return fixture


def _is_a_form_refusal(error: AppError) -> bool:
    """A refusal of what the form says (the rules', a bad value), shown beside it; who may
    not, or what is not there, is answered with the error page instead."""
    return error.status in (400, RuleViolation.status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def line_ups_page(request, campaign: str, cup_year: str, key: str):
    """``/league/<campaign>/<cup year>/games/<key>/line-ups/``: before a cup game, each
    house's line-up (§8.5) as rows of a character of the house and a position, saved one
    house at a time (POST, ``house``); and, once both are chosen, the match started with
    them (:func:`start_with_line_ups`). For who may choose them (the storyguide, a house's
    captain their own house's); another member is refused, anyone else finds nothing here."""
    fixture = _campaigns_fixture(request, campaign, cup_year, key)
    try:
        selectors.require_line_up_chooser(request.user, fixture)
    except AppError as error:
        return answer(error, request)
    if request.method != "POST":
        return _line_ups_answer(request, fixture)
    houses = {str(house.pk): house for house in (fixture.home, fixture.away)}
    house = houses.get(request.POST.get("house", ""))
    if house is None:
        raise Http404("No such house in this game.")
    form = _line_up_form(house, data=request.POST)
    if not form.is_valid():
        return _line_ups_answer(request, fixture, posted={house.pk: form}, status=400)
    try:
        line_ups.line_up_choose(
            fixture=fixture,
            house=house,
            players=form.cleaned_data["players"],
            captain=form.cleaned_data["captain"],
            now=timezone.now(),
            by=request.user,
        )
    except AppError as error:
        if not _is_a_form_refusal(error):
            return answer(error, request)
        form.add_error(None, _in_words(error))
        return _line_ups_answer(request, fixture, posted={house.pk: form}, status=error.status)
    messages.success(request, gettext("%(house)s's line-up is saved.") % {"house": house.name})
    return redirect(f"{_line_ups_url(fixture)}{_asked_language(request)}#house-{house.pk}")


@login_required
@require_POST
def start_with_line_ups(request, campaign: str, cup_year: str, key: str):
    """``.../games/<key>/line-ups/start/``: the cup game's match started with the chosen
    line-ups (§8.5), then its page; a refusal is shown beside the button."""
    fixture = _campaigns_fixture(request, campaign, cup_year, key)
    try:
        fixture = line_ups.fixture_start_chosen(
            fixture=fixture, created_by=request.user, now=timezone.now(), by=request.user
        )
    except AppError as error:
        if not _is_a_form_refusal(error):
            return answer(error, request)
        return _line_ups_answer(
            request, fixture, start_refusal=_in_words(error), status=error.status
        )
    if fixture.status == FixtureStatus.POSTPONED:
        messages.info(request, f"{capfirst(gettext(fixture.status_reason))}.")
    else:
        messages.success(request, gettext("The match has started with the chosen line-ups."))
    return redirect(f"{_cup_game_url(fixture)}{_asked_language(request)}")


def _asked_language(request) -> str:
    """``?lang=`` as the reader asked for it, kept by the forms and where they lead."""
    language = languages.supported(request.GET.get("lang"))
    return f"?lang={language}" if language else ""


def _in_words(error: AppError) -> str:
    """A refusal as a form shows it, in the page's language: what the API says, and the
    rule it breaks."""
    body = error_body(error)
    if body.get("rule") and body["rule"] not in body["detail"]:
        return f"{body['detail']} ({body['rule']})"
    return body["detail"]


def _line_up_form(house: House, *, data=None, line_up=None) -> LineUpForm:
    """The form of ``house``'s line-up: as sent, as chosen before, or filled from the
    characters' sheets (each in the position their sheet names, while the team has a
    place for it, keeper and seeker first)."""
    characters = list(house.characters.order_by("name", "id"))
    choices = [
        (
            character.pk,
            f"{character.name} ({POSITIONS[character.quidditch_position]})"
            if character.quidditch_position in POSITIONS
            else character.name,
        )
        for character in characters
    ]
    positions = [(position, words) for position, words in POSITIONS.items()]
    if line_up is not None:
        players = [(player["character"], player["position"]) for player in line_up.players]
        initial = LineUpForm.initial_rows(players, line_up.captain_id)
    else:
        initial = LineUpForm.initial_rows(_from_the_sheets(characters), None)
    return LineUpForm(
        data=data,
        initial=initial,
        characters=choices,
        positions=positions,
        prefix=f"house-{house.pk}",
    )


def _from_the_sheets(characters) -> list[tuple[int, str]]:
    places = {position: most for position, (_, most) in LIMITS.items()}
    players = []
    for character in sorted(
        characters, key=lambda c: ROLE_ORDER.get(c.quidditch_position, len(ROLE_ORDER))
    ):
        position = character.quidditch_position
        if places.get(position, 0) > 0:
            places[position] -= 1
            players.append((character.pk, position))
    return players


def _line_ups_answer(request, fixture: Fixture, *, posted=None, start_refusal="", status=200):
    chosen = selectors.line_ups_of(fixture)
    posted = posted or {}
    now = timezone.now()
    houses = []
    for house in (fixture.home, fixture.away):
        line_up = chosen.get(house.pk)
        houses.append(
            {
                "house": house,
                "line_up": line_up,
                "form": posted.get(house.pk) or _line_up_form(house, line_up=line_up),
                "may_choose": selectors.may_choose_for(request.user, fixture, house),
            }
        )
    context = {
        "campaign": fixture.cup_year.campaign,
        "cup_year": fixture.cup_year,
        "fixture": fixture,
        "window": Window(fixture.window_starts, fixture.window_ends),
        "open": fixture.status in services.OPEN,
        "houses": houses,
        "all_chosen": all(entry["line_up"] for entry in houses),
        "window_open": now >= fixture.window_starts,
        "may_start": selectors.may_referee(request.user, fixture),
        "start_refusal": start_refusal,
        "asked_language": _asked_language(request),
    }
    return render(request, "league/line_ups.html", context, status=status)
