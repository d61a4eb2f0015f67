"""The skirmish services: gathering from a campaign, newcomers, sheets that follow Health."""

import pytest
from django.utils import timezone

from campaign.models import Character
from campaign.rules.sheet import DEFAULT_RULES
from core.errors import Forbidden, Invalid
from games.models import Game, GameEvent, Seat
from games.ruleset import RuleViolation
from games.selectors import game_verify
from games.services import Submission, game_submit_command
from skirmish.services import skirmish_add_participant
from tests.skirmish.conftest import PEEVES

pytestmark = pytest.mark.django_db


def submit(table, game, command, user=None, dice=None):
    return game_submit_command(
        game_id=game.pk,
        by=user or table.storyguide,
        submission=Submission(command=command, dice=dice),
        now=timezone.now(),
    )


def change_health(table, game, character, by):
    command = {"action": "change_health", "participant": table.key(character), "by": by}
    return submit(table, game, command)


def test_the_die_and_categories_follow_the_campaigns_sheet_rules(table):
    """Ch.7 ¶5: initiative rolls the Finesse attribute of the initiating action's category,
    which the campaign's sheet rules name (here a house rule makes Quickness the physical one).
    """
    groups = [
        {**group, "finesse": "Quickness"} if group["name"] == "Physical" else group
        for group in DEFAULT_RULES["attribute_groups"]
    ]
    table.campaign.rules = {**DEFAULT_RULES, "die_size": 12, "attribute_groups": groups}
    table.campaign.save()
    game = table.create_here()
    assert game.config["die_size"] == 12
    assert game.config["categories"]["physical"] == "Quickness"
    assert game.state["settings"]["die_size"] == 12


def test_the_rules_settings_are_passed_on_and_left_to_the_rules_when_omitted(table):
    plain = table.create_here()
    assert not {"defence_attribute", "max_interveners", "defended_difficulty_base"} & set(
        plain.config
    )
    assert plain.state["settings"]["defended_difficulty_base"] == 10
    tuned = table.create_here(
        defence_attribute="Quickness", max_interveners=1, defended_difficulty_base=8
    )
    settings = tuned.state["settings"]
    assert (settings["defence_attribute"], settings["max_interveners"]) == ("Quickness", 1)
    assert settings["defended_difficulty_base"] == 8


def test_the_defence_attribute_must_be_one_of_the_campaigns(table):
    with pytest.raises(Invalid) as caught:
        table.create_here(defence_attribute="Agility")
    assert "defence_attribute" in caught.value.errors
    assert not Game.objects.exists()


def test_a_character_joins_once(table):
    with pytest.raises(RuleViolation) as caught:
        table.create_here([{"character": table.harry.pk}, {"character": table.harry.pk}])
    assert caught.value.code == "invalid_config"
    assert caught.value.detail == f"Character {table.harry.pk} takes part more than once."


def test_participants_are_numbered_in_the_order_they_join(table):
    game = table.create_here([PEEVES, {"character": table.ron.pk}, {**PEEVES, "name": "Filch"}])
    participants = game.state["participants"]
    assert [(key, p["name"]) for key, p in participants.items()] == [
        ("p01", "Peeves"),
        ("p02", "Ron"),
        ("p03", "Filch"),
    ]
    neville = table.character("Neville", table.player)
    skirmish_add_participant(
        game_id=game.pk,
        by=table.storyguide,
        participant={"character": neville.pk},
        now=timezone.now(),
    )
    game.refresh_from_db()
    assert list(game.state["participants"])[-1] == table.key(neville) == "p04"


def test_any_keys_replay_alike_however_the_database_orders_them(table):
    """The rules roll initiative in the participants' order (Ch.7 ¶5); PostgreSQL's jsonb
    gives keys back shortest first, then bytewise, and the platform hands the rules the
    state with its keys sorted: keys of any shape roll the same dice for the same
    participants in play and in the replay (run on PostgreSQL in CI)."""
    names = ["zed", "c12", "c7", "a1", "B", "p10"]
    game = table.create_here(
        [{"key": key, "name": key.upper(), "attributes": {"Dexterity": 3}} for key in names]
    )
    submit(table, game, {"action": "roll_initiative", "initiator": "c7", "category": "physical"})
    game.refresh_from_db()
    report = game_verify(game)
    assert report.ok and report.replay_matches
    assert sorted(game.state["order"]) == sorted(names)


def test_a_newcomer_joins_through_the_rules_and_the_log(table):
    game = table.create_here()
    neville = table.character("Neville", table.player, Bravery=8)
    event = skirmish_add_participant(
        game_id=game.pk,
        by=table.storyguide,
        participant={"character": neville.pk},
        now=timezone.now(),
    )
    assert event.command == {
        "action": "add_participant",
        "participant": {
            "key": table.key(neville),
            "character": neville.pk,
            "name": "Neville",
            "attributes": neville.attributes,
            "health": 5,
            "health_max": 5,
        },
    }
    assert event.submitted == {"participant": {"character": neville.pk}}
    assert Seat.objects.get(game=game, participant=table.key(neville)).user == table.player
    game.refresh_from_db()
    assert game.version == 1 and table.key(neville) in game.state["participants"]


def test_only_the_storyguide_adds_participants(table):
    game = table.create_here()
    with pytest.raises(Forbidden):
        skirmish_add_participant(
            game_id=game.pk, by=table.player, participant=PEEVES, now=timezone.now()
        )
    assert not GameEvent.objects.exists()


def test_a_refused_newcomer_leaves_no_seat(table):
    game = table.create_here()
    submit(table, game, {"action": "end_skirmish"})
    with pytest.raises(RuleViolation) as caught:
        skirmish_add_participant(
            game_id=game.pk,
            by=table.storyguide,
            participant={"character": table.character("Ginny", table.player).pk},
            now=timezone.now(),
        )
    assert caught.value.code == "game_over"
    assert Seat.objects.filter(game=game).count() == 2
    assert GameEvent.objects.count() == 1


@pytest.mark.parametrize(("health", "by"), [(5, -2), (2, -2), (4, 1), (0, 1)])
def test_a_characters_health_follows_the_skirmishs(table, health, by):
    Character.objects.filter(pk=table.harry.pk).update(health=health)
    game = table.create_here()
    change_health(table, game, table.harry, by)
    table.harry.refresh_from_db()
    assert table.harry.health == health + by
    game.refresh_from_db()
    assert game.state["participants"][table.key(table.harry)]["health"] == health + by


@pytest.mark.parametrize(("health", "by"), [(2, -3), (4, 2)])
def test_a_change_that_would_leave_0_and_the_maximum_is_refused_and_no_sheet_moves(
    table, health, by
):
    """Health stays within 0 and its maximum (the sheet's: 5)."""
    Character.objects.filter(pk=table.harry.pk).update(health=health)
    game = table.create_here()
    with pytest.raises(RuleViolation) as caught:
        change_health(table, game, table.harry, by)
    assert caught.value.code == "health_out_of_bounds"
    assert caught.value.detail == "Harry's Health stays between 0 and 5."
    table.harry.refresh_from_db()
    assert table.harry.health == health


def test_the_sheet_takes_the_change_not_the_skirmishs_health(table):
    """A sheet healed or hurt since the skirmish began keeps that, within its own bounds."""
    Character.objects.filter(pk=table.harry.pk).update(health=2)
    game = table.create_here()
    Character.objects.filter(pk=table.harry.pk).update(health=4)
    change_health(table, game, table.harry, -1)
    table.harry.refresh_from_db()
    assert table.harry.health == 3
    Character.objects.filter(pk=table.harry.pk).update(health=0)
    change_health(table, game, table.harry, -1)
    table.harry.refresh_from_db()
    assert table.harry.health == 0


def test_a_hit_on_a_character_costs_its_sheet_health_too(table):
    """A successful attack costs its target the skirmish's harm (docs/rules/skirmish.md,
    "Health and the end of a skirmish"), and the character's sheet follows."""
    game = table.create_here(entered_dice="referee")
    harry, ron = table.key(table.harry), table.key(table.ron)
    initiative = {"action": "roll_initiative", "initiator": harry, "category": "physical"}
    submit(table, game, initiative, dice=[10, 1, 19, 1, 5, 1, 5, 2])  # Ron first, Harry waits
    game.refresh_from_db()
    assert game.state["turn"] == ron
    attack = {
        "action": "act",
        "participant": ron,
        "target": harry,
        "roll": {"kind": "opposed", "attribute": "Strength", "opposing": {"attribute": "Strength"}},
    }
    submit(table, game, attack, user=table.commander(ron))  # Ron's player; the table rolls:
    submit(table, game, None, dice=[15, 1, 10, 1])  # Ron 15 + 5 against Harry 10 + 3
    table.harry.refresh_from_db()
    assert table.harry.health == 4


def test_ad_hoc_and_departed_participants_have_no_sheet_to_follow(table):
    game = table.create_here()
    draco = table.key(table.draco)
    table.draco.delete()
    submit(table, game, {"action": "change_health", "participant": "p04", "by": -1})
    submit(table, game, {"action": "change_health", "participant": draco, "by": -1})
    game.refresh_from_db()
    assert game.state["participants"]["p04"]["health"] == 2
    assert game.state["participants"][draco]["health"] == 4


def test_a_refused_command_changes_no_sheet(table):
    game = table.create_here()
    with pytest.raises(RuleViolation):
        submit(
            table,
            game,
            {"action": "change_health", "participant": table.key(table.harry), "by": -1},
            user=table.player,
        )
    table.harry.refresh_from_db()
    assert table.harry.health == 5
