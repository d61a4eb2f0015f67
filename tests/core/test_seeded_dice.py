"""The suite's dice: every game a test creates has seeds made from the test's name
(``tests/conftest.py``), so a test that plays on the server's dice takes the same path
on every run; a test that wants the operating system's seeds says so (``random_dice``);
a game whose seeds came from elsewhere fails its test (issue 36)."""

import pytest
from django.utils import timezone

from games.dice import commitment
from games.services import game_create
from tests.support import Table

#: The seeds of the first game of ``test_a_tests_games_have_the_same_seeds_on_every_run``,
#: written down from a run: the same in every later one, on any database.
FIRST_COMMITMENT = "6afaf5feabc8ada2828174aa09009771a0215433d5958094f69976b8a56a2c3f"
FIRST_CLIENT_SEED = "3ba542d7265d76c41c5f407f73fa3368"


def dice_game(members: Table):
    return game_create(
        campaign=members.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=members.storyguide,
        now=timezone.now(),
        bots={"red": "sensible", "blue": "sensible"},
    )


@pytest.mark.django_db
def test_a_tests_games_have_the_same_seeds_on_every_run():
    members = Table()
    first, second = dice_game(members), dice_game(members)
    assert (first.seed_commitment, first.client_seed) == (FIRST_COMMITMENT, FIRST_CLIENT_SEED)
    assert second.seed_commitment not in (first.seed_commitment, FIRST_COMMITMENT)
    assert first.seed_commitment == commitment(bytes.fromhex(first.server_seed))


@pytest.mark.random_dice
@pytest.mark.django_db
def test_a_test_that_wants_random_dice_gets_the_operating_systems():
    members = Table()
    first, second = dice_game(members), dice_game(members)
    assert FIRST_COMMITMENT not in (first.seed_commitment, second.seed_commitment)
    assert first.seed_commitment != second.seed_commitment


@pytest.mark.django_db
def test_a_game_on_seeds_no_test_gave_is_reported(seeded_dice):
    game = dice_game(Table())
    game.pk, game.server_seed = None, "ab" * 32  # a copy, on seeds of its own
    game.save()
    assert seeded_dice.bypassed == [f"dice-quidditch game {game.pk}"]
    seeded_dice.bypassed.clear()  # reported: this test has seen what it checks
