"""A game's moments are its package's word (docs/architecture.md, "A game is one package":
a new game edits nothing outside its package but the one list of games), told by one
function, ``games.moments.moments_of`` (issues 40 and 43)."""

import pytest
from django.utils import timezone

from campaign.services import character_check
from games.manifest import manifest_of
from games.models import Game, GameEvent
from games.moments import Moments, moments_of
from games.selectors import EVENT_FIELDS
from tests.support import Table

#: The event that ends each game package's games, which is always among its moments.
ENDS = {
    "chat-quidditch": "game_over",
    "card-quidditch": "game_over",
    "dice-quidditch": "game_over",
    "rpg-quidditch": "game_over",
    "tabletop-quidditch": "match_over",
    "skirmish": "skirmish_ended",
}


@pytest.mark.parametrize("name", sorted(ENDS))
def test_each_game_names_its_moments_among_its_own_events_the_end_among_them(name):
    manifest = manifest_of(name)
    assert manifest.moments <= set(manifest.contract.events), "only event types of its contract"
    assert ENDS[name] in manifest.moments


def test_the_moments_are_declared_by_the_packages_alone():
    """The Discord bridge keeps no list of every game's event types."""
    import discord_bridge.moments

    assert not hasattr(discord_bridge.moments, "MOMENT_TYPES")


@pytest.mark.django_db
def test_a_language_the_game_does_not_write_is_told_in_the_games_own():
    """The table log writes English alone: asked for German, its check is told in English,
    every line in one language; a log that runs on has no ending."""
    table = Table()
    harry = table.campaign.characters.create(name="Harry", attributes={"Wits": 4})
    character_check(character=harry, user=table.storyguide, attribute="Wits", now=timezone.now())
    game = Game.objects.get(ruleset="table-log")
    records = list(GameEvent.objects.filter(game=game).values(*EVENT_FIELDS))
    told = moments_of(game, records, "de")
    assert len(told.lines) == 1 and told.lines[0].startswith("Harry makes a Wits roll: ")
    assert told.ending == ""


def test_the_ending_is_shown_in_bold_after_the_lines():
    told = Moments(["Goal for Gryffindor! Goals: 1 – 0"], "Gryffindor win.")
    assert told.in_markdown() == ["Goal for Gryffindor! Goals: 1 – 0", "**Gryffindor win.**"]
    assert Moments(["A line."], "").in_markdown() == ["A line."]
