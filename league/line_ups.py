"""The services of a cup game's line-ups (§8.5): each house's chosen before the match, and
the match started with them.

"Eine Mannschaft kann mit weniger als 7 Spielern antreten, jedoch müssen Hüter und Sucher
als erste Positionen besetzt werden": before a cup game, a house's line-up says which of
its characters play which position, and who captains (the first listed unless chosen).
It is checked on its own when it is saved (``league.rules.teams.check_team``: nobody
twice, no barred player, a position no fuller than a team has it, keeper and seeker
first in a team of three or more) and kept (``league.models.LineUp``); the match is then
started with both houses' line-ups through ``league.services.fixture_start``, which
checks them together (``line_up``: the teams' sizes, who sits out, too few postpones
the game).

Who chooses: :func:`league.selectors.require_line_up_chooser` (the storyguide, and a
house's captain their own house's). Like ``league.services``, each
function is one transaction, takes the person asking as ``by`` (``None``: the service
itself) and refuses with the error family, nothing written.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from campaign.models import Character, House
from campaign.teams import Team
from core.errors import RuleViolation, gettext_noop
from league import selectors, services
from league.models import Fixture, LineUp
from league.rules import teams

NOT_BEFORE_THE_MATCH = gettext_noop(
    "The match has begun or is over: a line-up is chosen before it."
)


def line_up_choose(
    *,
    fixture: Fixture,
    house: House,
    players: Sequence[tuple[int, str]],
    captain: int | None = None,
    now: datetime,
    by=None,
) -> LineUp:
    """Keep ``house``'s line-up for ``fixture``: its characters by id, each in a position,
    in the order given, and its captain (one of them; left out, the first listed).

    Refused (nothing written): a house not in the game; a game begun or over; no player;
    a character not of the house (§8.5: the house's own characters); a captain who does
    not play (§2.2); and what ``check_team`` refuses (§2, §8.5, §8.7). A line-up saved
    before is replaced.
    """
    if by is not None:
        selectors.require_line_up_chooser(by, fixture, house)
    if house.pk not in (fixture.home_id, fixture.away_id):
        raise RuleViolation(
            "not_in_game",
            gettext_noop("%(house)s does not play this game."),
            "§8.5",
            params={"house": house.name},
        )
    if not players:
        raise RuleViolation(
            "invalid_line_up",
            gettext_noop("Choose who plays: a character and a position in at least one row."),
            "§8.5",
        )
    with transaction.atomic():
        fixture = Fixture.objects.select_for_update().select_related("cup_year").get(pk=fixture.pk)
        if fixture.status not in services.OPEN:
            raise RuleViolation("fixture_closed", NOT_BEFORE_THE_MATCH, "§8.5")
        ids = [character for character, _ in players]
        found = Character.objects.filter(campaign_id=fixture.cup_year.campaign_id, pk__in=ids)
        characters = {character.pk: character for character in found}
        if unknown := [pk for pk in ids if pk not in characters]:
            raise RuleViolation(
                "invalid_line_up",
                gettext_noop("There is no character %(character)s in this campaign."),
                "§8.5",
                params={"character": unknown[0]},
            )
        if strangers := sorted(
            {characters[pk].name for pk in ids if characters[pk].house_id != house.pk}
        ):
            raise RuleViolation(
                "not_of_the_house",
                gettext_noop(
                    "Not of %(house)s: %(names)s. A house's line-up is chosen from its own "
                    "characters."
                ),
                "§8.5",
                params={"house": house.name, "names": ", ".join(strangers)},
            )
        if captain is not None and captain not in characters:
            raise RuleViolation(
                "captain_not_playing",
                gettext_noop("The captain plays in the team: choose one of its players."),
                "§2.2",
            )
        teams.check_team(
            [teams.Player(characters[pk].name, position) for pk, position in players],
            barred=selectors.barred_players(fixture),
        )
        line_up, _ = LineUp.objects.update_or_create(
            fixture=fixture,
            house=house,
            defaults={
                "players": [{"character": pk, "position": position} for pk, position in players],
                "captain_id": captain,
                "chosen_by": by,
                "chosen_at": now,
            },
        )
    return line_up


def fixture_start_chosen(*, fixture: Fixture, created_by, now: datetime, by=None) -> Fixture:
    """Start the cup game with the line-ups its two houses chose (§8.5), through
    ``league.services.fixture_start`` (which checks them together, postpones a game with
    a team of fewer than three, and has the referee or a storyguide start it).

    Refused (nothing started): a game begun or over; a house without a line-up; a
    line-up naming a character since deleted.
    """
    fixture = Fixture.objects.select_related("cup_year", "home", "away").get(pk=fixture.pk)
    if by is not None:
        selectors.require_referee(by, fixture)
    if fixture.status not in services.OPEN:
        raise RuleViolation("fixture_closed", NOT_BEFORE_THE_MATCH, "§8.5")
    chosen = selectors.line_ups_of(fixture)
    houses = (fixture.home, fixture.away)
    if missing := [house.name for house in houses if house.pk not in chosen]:
        raise RuleViolation(
            "line_up_missing",
            gettext_noop("No line-up has been chosen yet for %(houses)s."),
            "§8.5",
            params={"houses": ", ".join(missing)},
        )
    ids = [player["character"] for line_up in chosen.values() for player in line_up.players]
    characters = Character.objects.in_bulk(ids)
    rosters = []
    for house in houses:
        line_up = chosen[house.pk]
        if any(player["character"] not in characters for player in line_up.players):
            raise RuleViolation(
                "line_up_changed",
                gettext_noop(
                    "%(house)s's line-up names a character who is no longer in the campaign: "
                    "choose it again."
                ),
                "§8.5",
                params={"house": house.name},
            )
        rosters.append(
            Team(
                house=house,
                players=[
                    (characters[player["character"]], player["position"])
                    for player in line_up.players
                ],
                captain=characters.get(line_up.captain_id),
            )
        )
    return services.fixture_start(
        fixture=fixture, rosters=rosters, settings={}, created_by=created_by, now=now, by=by
    )
