"""A won match written back to the campaign (QUIDDITCH, the last paragraph; issue 30).

"House points are awarded to the winning team; the amount is the difference between
the two teams' scores for the match. This gain is attributed to all of the team's
players for purposes of affecting Popularity." The house gains the difference once;
each of the seven players' Popularity moves by the whole gain, as if each had earned
it, by the campaign's rule (one step per 50 points, docs/rules/campaign.md).
"""

import pytest
from django.utils import timezone

from campaign.models import Character, HousePointEntry
from campaign.selectors import characters_with_popularity, houses_with_totals, popularity
from campaign.services import house_points_award, house_points_reverse
from campaign.transfer import campaign_export, campaign_import
from games.signals import game_finished
from quidditch.rpg.rules.ruleset import RpgQuidditch

pytestmark = pytest.mark.django_db


def finish(game, *, home: int, away: int, hits=None) -> None:
    """The match ends ``home`` to ``away`` (the home seeker caught the snitch), with the
    Health each player lost (``hits``: name -> Health lost), and the platform says so."""
    state = game.state
    state.update(over=True, score={"home": home, "away": away}, caught_by="home")
    state["winner"] = "home" if home > away else "away" if away > home else None
    for player in state["players"].values():
        player["health_lost"] = (hits or {}).get(player["name"], 0)
    game.status = "finished"
    game.save()
    game_finished.send(sender=RpgQuidditch, game=game, now=timezone.now())


def popularity_of(characters) -> dict[str, int]:
    now = timezone.now()
    annotated = characters_with_popularity(
        Character.objects.filter(pk__in=[c.pk for c in characters]), now=now
    )
    return {c.name: popularity(c, c.campaign.sheet_rules) for c in annotated}


def points_of(house) -> int:
    return houses_with_totals(type(house).objects.filter(pk=house.pk), now=timezone.now())[0].points


def test_the_winning_house_gains_the_difference_once(pitch):
    """450 to 270: Gryffindor gains 180 once, in one entry of the ledger, a match result."""
    finish(pitch.match(), home=450, away=270)
    (entry,) = HousePointEntry.objects.all()
    assert (entry.house.name, entry.amount, entry.source) == ("Gryffindor", 180, "match")
    assert points_of(pitch.house("Gryffindor")) == 180
    assert points_of(pitch.house("Slytherin")) == 0


def test_each_of_the_seven_players_popularity_moves_by_the_whole_gain(pitch):
    """ "This gain is attributed to all of the team's players for purposes of affecting
    Popularity": each of the seven counts the 180 as earned, 3 steps of 50; a seventh of it
    (25 or 26) would move nobody. The losers' Popularity stays."""
    gryffindor, slytherin = pitch.characters["Gryffindor"], pitch.characters["Slytherin"]
    finish(pitch.match(), home=450, away=270)
    assert set(popularity_of(gryffindor).values()) == {3}
    assert set(popularity_of(slytherin).values()) == {0}
    (entry,) = HousePointEntry.objects.all()
    assert set(entry.attributed_to.all()) == set(gryffindor)


def test_the_gain_adds_to_what_a_player_earned_before(pitch):
    """Popularity is derived from all the points a character earned: Katie Bell's 40 points
    for a Charms essay and the match's 180 make 220, 4 steps; the others have 3."""
    katie = pitch.characters["Gryffindor"][1]
    house_points_award(
        house=pitch.house("Gryffindor"),
        amount=40,
        reason="a fine Charms essay",
        character=katie,
        awarded_by=pitch.storyguide,
        now=timezone.now(),
    )
    finish(pitch.match(), home=450, away=270)
    assert popularity_of([katie]) == {"Katie Bell": 4}
    assert points_of(pitch.house("Gryffindor")) == 220


def test_two_wins_add_up(pitch):
    """180 and 180: each player has earned 360 for Popularity, 7 steps; the house 360."""
    finish(pitch.match(), home=450, away=270)
    finish(pitch.match(), home=330, away=150)
    assert set(popularity_of(pitch.characters["Gryffindor"]).values()) == {7}
    assert points_of(pitch.house("Gryffindor")) == 360


def test_a_reversed_win_takes_the_popularity_back(pitch):
    finish(pitch.match(), home=450, away=270)
    house_points_reverse(
        entry=HousePointEntry.objects.get(),
        reason="the snitch was a decoy",
        reversed_by=pitch.storyguide,
        now=timezone.now(),
    )
    assert set(popularity_of(pitch.characters["Gryffindor"]).values()) == {0}
    assert points_of(pitch.house("Gryffindor")) == 0


def test_the_away_team_wins_the_same_way(pitch):
    finish(pitch.match(), home=160, away=200)
    (entry,) = HousePointEntry.objects.all()
    assert (entry.house.name, entry.amount) == ("Slytherin", 40)
    assert set(entry.attributed_to.all()) == set(pitch.characters["Slytherin"])


def test_a_draw_awards_nothing(pitch):
    """ "The winner is the higher-scoring team": equal scores have none, and no points."""
    finish(pitch.match(), home=200, away=200)
    assert not HousePointEntry.objects.exists()


def test_health_lost_is_taken_off_the_sheets(pitch):
    """ "Success costs the chaser one Health point from impact": the sheets keep it."""
    finish(pitch.match(), home=450, away=270, hits={"Marcus Flint": 2, "Katie Bell": 1})
    health = dict(Character.objects.values_list("name", "health"))
    assert (health["Marcus Flint"], health["Katie Bell"], health["Harry Potter"]) == (3, 4, 5)


def test_a_friendly_game_writes_nothing_back(pitch):
    """Issue 28: "A friendly game never touches the cup or house points unless the storyguide
    says so". Our reading (docs/rules/rpg-quidditch.md): a friendly is played for itself, so
    neither house points, nor Popularity, nor Health change."""
    game = pitch.match(friendly=True)
    finish(game, home=450, away=270, hits={"Marcus Flint": 2})
    assert not HousePointEntry.objects.exists()
    assert set(popularity_of(pitch.characters["Gryffindor"]).values()) == {0}
    assert Character.objects.get(name="Marcus Flint").health == 5


def test_a_campaign_exported_and_imported_keeps_the_popularity(pitch):
    """The ledger's attribution travels with the campaign (campaign/transfer.py)."""
    finish(pitch.match(), home=450, away=270)
    document = campaign_export(pitch.campaign)
    document["campaign"]["slug"] = "imported"
    imported = campaign_import(document)
    again = Character.objects.filter(campaign=imported, house__name="Gryffindor")
    assert set(popularity_of(again).values()) == {3}
