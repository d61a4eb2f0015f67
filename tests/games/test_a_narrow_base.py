"""The platform names no game (issue 31, "A narrow base"): a kind's pages, the site's URLs and
the signals a game package hears come from the games themselves, not from lists in
``games``, ``pages`` or ``config``."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from games.manifest import played_kinds
from games.models import Game
from games.page_urls import page_of
from games.services import game_create
from games.signals import game_finished
from quidditch.rpg.receivers import write_back_to_the_campaign
from quidditch.rpg.rules.ruleset import RpgQuidditch

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ["config/urls.py", "games/page_urls.py", "pages/views.py", "pages/new_game.py"]


@pytest.mark.parametrize("source", PLATFORM)
def test_the_platforms_urls_and_pages_name_no_game_package(source):
    """The skirmish's pages are in its package (``skirmish/page_urls.py``); the site includes
    every game's ``urls`` and ``page_urls`` from the list of games."""
    code = (ROOT / source).read_text()
    named = [game for game in settings.GAMES if re.search(rf"[\"']{re.escape(game)}[.\"']", code)]
    assert named == [], f"{source} names {named}"


@pytest.mark.django_db
def test_a_game_is_found_at_its_kinds_page_and_a_log_has_none(table):
    skirmish = Game(pk=7, kind="skirmish")
    match = Game(pk=8, kind="match")
    log = Game(pk=9, kind="log")
    assert (page_of(skirmish), page_of(match), page_of(log)) == (
        "/skirmishes/7/",
        "/matches/8/",
        None,
    )
    assert "log" not in played_kinds() and {"match", "skirmish"} <= set(played_kinds())


def test_the_write_back_hears_draco_dormiens_quidditch_only():
    """Each signal is sent by the game's ruleset: the Draco Dormiens write-back is connected
    for its own games rather than reading every finished game's ruleset name."""
    heard_by = {
        sender: {receiver for receiver in game_finished._live_receivers(sender)[0]}
        for sender in (RpgQuidditch, object)
    }
    assert write_back_to_the_campaign in heard_by[RpgQuidditch]
    assert write_back_to_the_campaign not in heard_by[object]


@pytest.mark.django_db
def test_a_finished_tally_game_is_not_written_back_by_another_games_receiver(table):
    """A game of another ruleset ends; the write-back, which would read Draco Dormiens'
    result from it, is not called (it would fail on a tally's state)."""
    game = game_create(
        campaign=table.campaign,
        ruleset="tally",
        config={"target": 1},
        created_by=table.storyguide,
        now=timezone.now(),
        bots={"alice": "random", "bob": "random"},
    )
    assert Game.objects.get(pk=game.pk).status == "finished"


def test_the_kinds_of_activity_are_declared_by_the_apps_that_record_them():
    """The campaign's activity line lists none of the cup's news: the league declares its
    own kinds (``league/activity_kinds.py``), and the webhooks offer whatever is declared."""
    from campaign.activity import kinds
    from webhooks.models import event_types

    assert {"fixture_started", "standings_changed", "projections_changed"} <= set(kinds())
    assert "fixture" not in (ROOT / "campaign/models.py").read_text()
    assert {name for name, _ in event_types()} == {*kinds(), "game_event"}
