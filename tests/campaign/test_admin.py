"""The storyguide dashboard: scoping, service-backed forms, the ledger, and query counts."""

from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaign import services
from campaign.demo import storyguide_group
from campaign.forms import attribute_field, class_field
from campaign.models import (
    Campaign,
    Character,
    HousePointEntry,
    PopularityAdjustment,
    Role,
    Source,
)
from campaign.rules.sheet import DEFAULT_RULES
from campaign.rules.table_log import TableLog
from games.services import game_create
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

ADMIN = "/admin/campaign"


def make_storyguide(**extra):
    user = UserFactory(is_staff=True, **extra)
    user.groups.add(storyguide_group())
    return user


def make_campaign(storyguide, slug):
    return services.campaign_create(name=slug.title(), slug=slug, storyguide=storyguide)


def sheet(campaign, value=5) -> dict:
    return {name: value for name in campaign.sheet_rules.attributes}


def make_character(campaign, name, house_name="Gryffindor", **fields):
    return services.character_save(
        character=Character(campaign=campaign),
        name=name,
        house=campaign.houses.get(name=house_name),
        year=3,
        attributes=sheet(campaign),
        **fields,
    )


def award(house, amount, *, character=None, credit_at=None, user=None):
    return services.house_points_award(
        house=house,
        amount=amount,
        reason="for testing",
        character=character,
        credit_at=credit_at,
        awarded_by=user,
        now=timezone.now(),
    )


DEFAULT_GROUPS = """Mental: Wits, Observation, Memory, Logic
Physical: Dexterity, Quickness, Strength, Toughness
Spiritual: Bravery, Empathy, Impetus, Vitality
Social: Humor, Composure, Persuasion, Appearance"""


def rules_fields(rules: dict, **changes) -> dict:
    """The campaign form's rule fields for ``rules`` (with the default groups), changed."""
    return {
        "die_size": rules["die_size"],
        "lowest": rules["attribute_range"][0],
        "highest": rules["attribute_range"][1],
        "attribute_groups": DEFAULT_GROUPS,
        "classes": "\n".join(rules["classes"]),
        "house_points_per_popularity": rules["house_points_per_popularity"],
        **changes,
    }


def character_post(campaign, **overrides) -> dict:
    """The add form's fields for a valid character, with ``overrides`` applied."""
    body = {
        "campaign": campaign.pk,
        "name": "Luna Lovegood",
        "player": "",
        "house": campaign.houses.get(name="Ravenclaw").pk,
        "year": 4,
        "health": 5,
        "health_max": 5,
        "popularity_base": 2,
        "quidditch_position": "",
        "spells": "Lumos\nAlohomora",
        "virtues": "",
        "flaws": "",
        "background": "",
        "secret_notes": "Sees Thestrals.",
        **{attribute_field(name): 6 for name in campaign.sheet_rules.attributes},
    }
    body.update(overrides)
    return body


@pytest.fixture
def storyguide():
    return make_storyguide()


@pytest.fixture
def campaign(storyguide):
    return make_campaign(storyguide, "hogwarts")


@pytest.fixture
def other_campaign():
    """Someone else's campaign, which ``storyguide`` must never see."""
    return make_campaign(make_storyguide(), "durmstrang")


@pytest.fixture
def sg_client(client, storyguide):
    client.force_login(storyguide)
    return client


MEMBERS_MANAGEMENT = {
    "memberships-TOTAL_FORMS": 0,
    "memberships-INITIAL_FORMS": 0,
    "memberships-MIN_NUM_FORMS": 0,
    "memberships-MAX_NUM_FORMS": 1000,
}


def members_post(campaign, members, new=None) -> dict:
    """The campaign change form: its existing ``members`` as (user, role), in the order of
    their rows, and optionally one ``new`` [username, role]."""
    rows = [(campaign.memberships.get(user=user).pk, user.username, role) for user, role in members]
    rows += [("", *new)] if new else []
    body = {
        "name": campaign.name,
        "slug": campaign.slug,
        **rules_fields(campaign.rules),
        **MEMBERS_MANAGEMENT,
        "memberships-TOTAL_FORMS": len(rows),
        "memberships-INITIAL_FORMS": len(members),
    }
    for index, (pk, username, role) in enumerate(rows):
        body |= {
            f"memberships-{index}-id": pk,
            f"memberships-{index}-campaign": campaign.pk,
            f"memberships-{index}-user": username,
            f"memberships-{index}-role": role,
        }
    return body


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


class TestScoping:
    def test_lists_show_only_the_storyguides_campaigns(self, sg_client, campaign, other_campaign):
        make_character(campaign, "Harry Potter")
        make_character(other_campaign, "Viktor Krum")
        award(campaign.houses.get(name="Gryffindor"), 10)
        award(other_campaign.houses.get(name="Slytherin"), 20)

        characters = sg_client.get(f"{ADMIN}/character/").context["cl"].result_list
        ledger = sg_client.get(f"{ADMIN}/housepointentry/").context["cl"].result_list
        houses = sg_client.get(f"{ADMIN}/house/").context["cl"].result_list
        campaigns = sg_client.get(f"{ADMIN}/campaign/").context["cl"].result_list

        assert [c.name for c in characters] == ["Harry Potter"]
        assert [e.amount for e in ledger] == [10]
        assert {h.campaign_id for h in houses} == {campaign.pk}
        assert list(campaigns) == [campaign]

    def test_another_campaigns_character_cannot_be_opened(self, sg_client, other_campaign):
        krum = make_character(other_campaign, "Viktor Krum")

        response = sg_client.get(f"{ADMIN}/character/{krum.pk}/change/")

        assert response.status_code == 302  # the admin's "does not exist" redirect
        assert "Viktor Krum" not in sg_client.get(response.url).content.decode()

    def test_superuser_sees_every_campaign(self, client, campaign, other_campaign):
        client.force_login(UserFactory(is_staff=True, is_superuser=True))

        campaigns = client.get(f"{ADMIN}/campaign/").context["cl"].result_list

        assert set(campaigns) == {campaign, other_campaign}

    def test_foreign_key_choices_are_limited_to_the_storyguides_campaigns(
        self, sg_client, campaign, other_campaign
    ):
        make_character(other_campaign, "Viktor Krum")
        player = MembershipFactory(campaign=campaign, role=Role.PLAYER).user
        MembershipFactory(campaign=other_campaign, role=Role.PLAYER)

        form = sg_client.get(f"{ADMIN}/character/add/").context["adminform"].form
        award_form = sg_client.get(f"{ADMIN}/housepointentry/add/").context["adminform"].form

        assert list(form.fields["campaign"].queryset) == [campaign]
        assert set(form.fields["house"].queryset) == set(campaign.houses.all())
        assert set(form.fields["player"].queryset) == {
            player,
            campaign.memberships.get(role=Role.STORYGUIDE).user,
        }
        assert set(award_form.fields["house"].queryset) == set(campaign.houses.all())
        assert not award_form.fields["character"].queryset.exists()


class TestCharacterForm:
    def test_change_form_shows_each_attribute_and_the_secret_notes(self, sg_client, campaign):
        harry = make_character(campaign, "Harry Potter", secret_notes="Horcrux.")
        harry.attributes["Bravery"] = 9
        services.character_save(character=harry)

        response = sg_client.get(f"{ADMIN}/character/{harry.pk}/change/")

        form = response.context["adminform"].form
        attribute_fields = [name for name in form.fields if name.startswith("attribute_")]
        assert len(attribute_fields) == 16
        assert form.initial[attribute_field("Bravery")] == 9
        assert form.fields[attribute_field("Wits")].label == "Wits"
        fieldsets = dict(response.context["adminform"].fieldsets)
        assert fieldsets["Attributes"]["fields"][0] == tuple(
            attribute_field(name) for name in ["Wits", "Observation", "Memory", "Logic"]
        )
        assert "Horcrux." in response.content.decode()

    def test_adding_a_character_saves_the_attribute_fields_as_its_sheet(self, sg_client, campaign):
        body = character_post(campaign, **{attribute_field("Empathy"): 9})

        response = sg_client.post(f"{ADMIN}/character/add/", body)

        assert response.status_code == 302, response.context["adminform"].form.errors
        luna = Character.objects.get(name="Luna Lovegood")
        assert luna.attributes == {**sheet(campaign, 6), "Empathy": 9}
        assert luna.secret_notes == "Sees Thestrals."

    def test_a_form_asks_its_service_when_cleaned_and_writes_when_saved(self, sg_client, campaign):
        """Issue 41: a form validates in clean and writes in save. Cleaning asks the
        service and writes nothing (its savepoint is rolled back); the admin's save writes
        through it once."""
        body = character_post(campaign)
        there_before, save = [], services.character_save

        def character_save(**kwargs):
            there_before.append(Character.objects.filter(name="Luna Lovegood").count())
            return save(**kwargs)

        with mock.patch("campaign.forms.services.character_save", side_effect=character_save):
            response = sg_client.post(f"{ADMIN}/character/add/", body)
        assert response.status_code == 302
        assert there_before == [0, 0]  # asked when cleaned (nothing kept), then written
        assert Character.objects.filter(name="Luna Lovegood").count() == 1

    def test_changing_an_attribute_keeps_the_others(self, sg_client, campaign):
        harry = make_character(campaign, "Harry Potter")
        body = character_post(campaign, name="Harry Potter")
        body.update({attribute_field(name): 5 for name in campaign.sheet_rules.attributes})
        body[attribute_field("Wits")] = 8
        del body["campaign"]  # read-only once the character exists

        response = sg_client.post(f"{ADMIN}/character/{harry.pk}/change/", body)

        assert response.status_code == 302
        harry.refresh_from_db()
        assert harry.attributes == {**sheet(campaign, 5), "Wits": 8}
        assert harry.campaign == campaign

    def test_curriculum_points_per_class_and_spells_one_per_line(self, sg_client, campaign):
        body = character_post(campaign, **{class_field("Astronomy"): 3, class_field("Charms"): ""})

        response = sg_client.post(f"{ADMIN}/character/add/", body)

        assert response.status_code == 302
        luna = Character.objects.get(name="Luna Lovegood")
        assert luna.curriculum == {"Astronomy": 3}
        assert luna.spells == ["Lumos", "Alohomora"] and luna.virtues == []

    def test_characters_cannot_be_deleted_here(self, sg_client, campaign):
        harry = make_character(campaign, "Harry Potter")

        response = sg_client.post(f"{ADMIN}/character/{harry.pk}/delete/", {"post": "yes"})

        assert response.status_code == 403
        assert Character.objects.filter(pk=harry.pk).exists()

    @pytest.mark.parametrize(
        ("overrides", "field"),
        [
            ({attribute_field("Wits"): 11}, attribute_field("Wits")),
            ({attribute_field("Wits"): ""}, attribute_field("Wits")),
            ({"year": 9}, "year"),
            ({class_field("Astronomy"): -1}, class_field("Astronomy")),
        ],
    )
    def test_an_invalid_sheet_is_shown_on_the_form_and_not_saved(
        self, sg_client, campaign, overrides, field
    ):
        response = sg_client.post(f"{ADMIN}/character/add/", character_post(campaign, **overrides))

        assert response.status_code == 200
        assert field in response.context["adminform"].form.errors
        assert not Character.objects.filter(name="Luna Lovegood").exists()

    def test_the_services_refusal_of_a_house_of_another_campaign_shows_on_the_form(
        self, sg_client, storyguide, campaign
    ):
        second = make_campaign(storyguide, "beauxbatons")
        body = character_post(campaign, house=second.houses.get(name="Ravenclaw").pk)

        response = sg_client.post(f"{ADMIN}/character/add/", body)

        assert response.status_code == 200
        assert response.context["adminform"].form.errors["house"] == [
            "The house belongs to another campaign."
        ]
        assert not Character.objects.filter(name="Luna Lovegood").exists()

    def test_the_list_shows_popularity_from_earned_points_and_adjustments(
        self, sg_client, storyguide, campaign
    ):
        harry = make_character(campaign, "Harry Potter", popularity_base=3)
        award(harry.house, 100, character=harry)  # two steps at 50 points a step
        award(harry.house, 100, character=harry, credit_at=timezone.now() + timedelta(days=1))
        services.popularity_adjust(
            character=harry, amount=-1, reason="rude", adjusted_by=storyguide, now=timezone.now()
        )

        response = sg_client.get(f"{ADMIN}/character/")

        row = response.context["cl"].result_list[0]
        assert response.context["cl"].model_admin.popularity(row) == 3 + 2 - 1

    def test_search_and_filters(self, sg_client, campaign):
        make_character(campaign, "Harry Potter")
        make_character(campaign, "Draco Malfoy", house_name="Slytherin")
        slytherin = campaign.houses.get(name="Slytherin")

        def names(query):
            response = sg_client.get(f"{ADMIN}/character/?{query}")
            return [c.name for c in response.context["cl"].result_list]

        assert names("q=draco") == ["Draco Malfoy"]
        assert names(f"house__id__exact={slytherin.pk}") == ["Draco Malfoy"]
        assert names("year=3") == ["Draco Malfoy", "Harry Potter"]
        assert names("year=4") == []


class TestAwardAction:
    def test_awarding_selected_characters_credits_their_houses(
        self, sg_client, storyguide, campaign
    ):
        harry = make_character(campaign, "Harry Potter")
        draco = make_character(campaign, "Draco Malfoy", house_name="Slytherin")
        body = {"action": "award_points", "_selected_action": [harry.pk, draco.pk]}

        page = sg_client.post(f"{ADMIN}/character/", body)
        done = sg_client.post(
            f"{ADMIN}/character/", {**body, "apply": "yes", "amount": 5, "reason": "Quidditch"}
        )

        assert page.status_code == 200
        assert "Award the points" in page.content.decode()
        assert done.status_code == 302
        entries = HousePointEntry.objects.order_by("house__name")
        assert [(e.house.name, e.character, e.amount, e.awarded_by) for e in entries] == [
            ("Gryffindor", harry, 5, storyguide),
            ("Slytherin", draco, 5, storyguide),
        ]

    def test_a_refused_award_shows_on_the_page_and_awards_nothing(self, sg_client, campaign):
        harry = make_character(campaign, "Harry Potter")
        body = {"action": "award_points", "_selected_action": [harry.pk], "apply": "yes"}

        response = sg_client.post(f"{ADMIN}/character/", {**body, "amount": 0, "reason": "x"})

        assert response.status_code == 200
        assert response.context["form"].errors["amount"] == [
            "An award of zero points changes nothing."
        ]
        assert not HousePointEntry.objects.exists()

    def test_awarding_selected_houses(self, sg_client, campaign):
        hufflepuff = campaign.houses.get(name="Hufflepuff")
        body = {"action": "award_points", "_selected_action": [hufflepuff.pk], "apply": "yes"}

        sg_client.post(f"{ADMIN}/house/", {**body, "amount": 7, "reason": "Kindness"})

        entry = HousePointEntry.objects.get()
        assert (entry.house, entry.character, entry.amount) == (hufflepuff, None, 7)


class TestLedger:
    def test_the_add_form_awards_through_the_service(self, sg_client, storyguide, campaign):
        gryffindor = campaign.houses.get(name="Gryffindor")
        body = {"house": gryffindor.pk, "amount": 50, "reason": "Saved the Stone"}

        response = sg_client.post(f"{ADMIN}/housepointentry/add/", body)

        assert response.status_code == 302
        entry = HousePointEntry.objects.get()
        assert (entry.amount, entry.awarded_by, entry.source) == (50, storyguide, Source.MANUAL)
        assert entry.campaign == campaign
        assert entry.credit_at == entry.created_at

    def test_pending_points_count_from_credit_at(self, sg_client, campaign):
        gryffindor = campaign.houses.get(name="Gryffindor")
        later = timezone.now() + timedelta(days=3)
        body = {
            "house": gryffindor.pk,
            "amount": 30,
            "reason": "End of term",
            "credit_at_0": later.strftime("%Y-%m-%d"),
            "credit_at_1": later.strftime("%H:%M:%S"),
        }

        sg_client.post(f"{ADMIN}/housepointentry/add/", body)
        houses = sg_client.get(f"{ADMIN}/house/").context["cl"].result_list
        ledger = sg_client.get(f"{ADMIN}/housepointentry/")

        row = next(house for house in houses if house == gryffindor)
        assert (row.points, row.pending) == (0, 30)
        admin = ledger.context["cl"].model_admin
        assert admin.status(ledger.context["cl"].result_list[0]) == "pending"

    def test_a_refused_award_shows_on_the_form(self, sg_client, campaign):
        body = {"house": campaign.houses.first().pk, "amount": 0, "reason": "Nothing"}

        response = sg_client.post(f"{ADMIN}/housepointentry/add/", body)

        assert response.status_code == 200
        assert "amount" in response.context["adminform"].form.errors
        assert not HousePointEntry.objects.exists()

    def test_entries_cannot_be_changed_or_deleted(self, sg_client, campaign):
        entry = award(campaign.houses.first(), 10)

        view = sg_client.get(f"{ADMIN}/housepointentry/{entry.pk}/change/")
        change = sg_client.post(
            f"{ADMIN}/housepointentry/{entry.pk}/change/", {"amount": 1000, "reason": "x"}
        )
        delete = sg_client.post(f"{ADMIN}/housepointentry/{entry.pk}/delete/", {"post": "yes"})

        assert view.status_code == 200
        assert 'name="_save"' not in view.content.decode()
        assert (change.status_code, delete.status_code) == (403, 403)
        entry.refresh_from_db()
        assert entry.amount == 10

    def test_running_totals_per_house(self, sg_client, campaign):
        gryffindor, slytherin = (campaign.houses.get(name=n) for n in ["Gryffindor", "Slytherin"])
        for house, amount in [(gryffindor, 10), (slytherin, 3), (gryffindor, -4)]:
            award(house, amount)

        rows = sg_client.get(f"{ADMIN}/housepointentry/").context["cl"].result_list

        assert [(e.house.name, e.amount, e.running_total) for e in rows] == [
            ("Gryffindor", -4, 6),
            ("Slytherin", 3, 3),
            ("Gryffindor", 10, 10),
        ]

    def test_reversing_reports_what_cannot_be_reversed(self, sg_client, storyguide, campaign):
        first = award(campaign.houses.first(), 10)
        second = award(campaign.houses.first(), 4)
        url = f"{ADMIN}/housepointentry/"

        once = sg_client.post(url, {"action": "reverse_entries", "_selected_action": [first.pk]})
        reversal = first.reversed_by
        again = sg_client.post(
            url,
            {"action": "reverse_entries", "_selected_action": [first.pk, second.pk, reversal.pk]},
        )

        assert once.status_code == again.status_code == 302
        assert (reversal.amount, reversal.awarded_by, reversal.source) == (
            -10,
            storyguide,
            Source.REVERSAL,
        )
        notes = messages_of(again)
        assert any("already been reversed" in note for note in notes)
        assert any("A reversal cannot be reversed" in note for note in notes)
        assert any(f"Reversed #{second.pk}." in note for note in notes)
        assert HousePointEntry.objects.filter(source=Source.REVERSAL).count() == 2


class TestPopularityAdjustments:
    def test_added_through_the_service_and_read_only_afterwards(
        self, sg_client, storyguide, campaign
    ):
        harry = make_character(campaign, "Harry Potter")
        url = f"{ADMIN}/popularityadjustment/"

        added = sg_client.post(f"{url}add/", {"character": harry.pk, "amount": 2, "reason": "Hero"})
        adjustment = PopularityAdjustment.objects.get()
        changed = sg_client.post(f"{url}{adjustment.pk}/change/", {"amount": 9, "reason": "x"})
        zero = sg_client.post(f"{url}add/", {"character": harry.pk, "amount": 0, "reason": "x"})

        assert added.status_code == 302
        assert (adjustment.amount, adjustment.adjusted_by) == (2, storyguide)
        assert changed.status_code == 403
        assert "amount" in zero.context["adminform"].form.errors
        assert PopularityAdjustment.objects.count() == 1


class TestCampaigns:
    def test_a_new_campaign_has_its_houses_and_its_creator_as_storyguide(
        self, sg_client, storyguide
    ):
        body = {
            "name": "Hogwarts 1996",
            "slug": "hogwarts-1996",
            **rules_fields(DEFAULT_RULES, die_size=12),
        }

        response = sg_client.post(f"{ADMIN}/campaign/add/", body)

        assert response.status_code == 302
        campaign = Campaign.objects.get(slug="hogwarts-1996")
        assert campaign.houses.count() == 4
        assert campaign.memberships.get().user == storyguide
        assert campaign.memberships.get().role == Role.STORYGUIDE
        assert campaign.sheet_rules.die_size == 12

    def test_rules_are_checked_by_the_service(self, sg_client, campaign):
        make_character(campaign, "Harry Potter")
        body = {"name": campaign.name, "slug": campaign.slug, **MEMBERS_MANAGEMENT}
        url = f"{ADMIN}/campaign/{campaign.pk}/change/"

        bad_die = sg_client.post(url, {**body, **rules_fields(campaign.rules, die_size=2000)})
        unfit = sg_client.post(url, {**body, **rules_fields(campaign.rules, highest=4)})
        no_finesse = sg_client.post(
            url, {**body, **rules_fields(campaign.rules, attribute_groups="Mental")}
        )

        assert bad_die.context["adminform"].form.errors["die_size"] == [
            "A die has 2 to 1000 sides."
        ]
        assert unfit.context["adminform"].form.errors["__all__"] == [
            "Harry Potter would no longer fit: Wits must be from 1 to 4."
        ]
        assert no_finesse.context["adminform"].form.errors["attribute_groups"] == [
            "“Mental”: write a group as “Name: Finesse attribute, other attributes”."
        ]
        campaign.refresh_from_db()
        assert campaign.rules["attribute_range"] == [1, 10]

    def test_rules_are_a_form_not_json(self, sg_client, campaign):
        response = sg_client.get(f"{ADMIN}/campaign/{campaign.pk}/change/")

        form = response.context["adminform"].form
        assert form["die_size"].value() == 20
        assert (form["lowest"].value(), form["highest"].value()) == (1, 10)
        assert form["attribute_groups"].value() == DEFAULT_GROUPS
        assert "rules" not in form.fields

    def test_campaigns_cannot_be_deleted_here(self, sg_client, campaign):
        response = sg_client.post(f"{ADMIN}/campaign/{campaign.pk}/delete/", {"post": "yes"})

        assert response.status_code == 403
        assert Campaign.objects.filter(pk=campaign.pk).exists()

    def test_members_are_added_by_username(self, sg_client, storyguide, campaign):
        player = UserFactory(username="hermione")

        added = sg_client.post(
            f"{ADMIN}/campaign/{campaign.pk}/change/",
            members_post(campaign, [(storyguide, Role.STORYGUIDE)], ["hermione", Role.PLAYER]),
        )
        unknown = sg_client.post(
            f"{ADMIN}/campaign/{campaign.pk}/change/",
            members_post(campaign, [(storyguide, Role.STORYGUIDE)], ["nobody", Role.PLAYER]),
        )

        assert added.status_code == 302
        assert campaign.memberships.get(user=player).role == Role.PLAYER
        assert unknown.status_code == 200
        assert "No user has this username." in unknown.content.decode()

    def test_the_last_storyguide_cannot_leave(self, sg_client, storyguide, campaign):
        body = members_post(campaign, [(storyguide, Role.STORYGUIDE)])
        body["memberships-0-DELETE"] = "on"

        response = sg_client.post(f"{ADMIN}/campaign/{campaign.pk}/change/", body)

        assert response.status_code == 200
        assert "at least one storyguide" in response.content.decode()
        assert campaign.memberships.filter(user=storyguide).exists()

    def test_a_storyguide_hands_over_and_leaves_in_one_save(self, sg_client, storyguide, campaign):
        heir = MembershipFactory(campaign=campaign, role=Role.PLAYER).user
        body = members_post(campaign, [(storyguide, Role.STORYGUIDE), (heir, Role.STORYGUIDE)])
        body["memberships-0-DELETE"] = "on"

        response = sg_client.post(f"{ADMIN}/campaign/{campaign.pk}/change/", body)

        assert response.status_code == 302
        assert list(campaign.memberships.values_list("user", "role")) == [
            (heir.pk, Role.STORYGUIDE)
        ]


def test_8_5_the_dashboard_names_a_houses_captain_among_its_own_characters(sg_client, campaign):
    """The house's form offers its own characters as captain (the line-ups' chooser, §8.5)
    and saves the one chosen."""
    gryffindor = campaign.houses.get(name="Gryffindor")
    harry = make_character(campaign, "Harry Potter")
    make_character(campaign, "Draco Malfoy", house_name="Slytherin")
    url = f"{ADMIN}/house/{gryffindor.pk}/change/"
    form = sg_client.get(url).context["adminform"].form
    assert [c.name for c in form.fields["captain"].queryset] == ["Harry Potter"]
    body = {"name": "Gryffindor", "initial": "G", "colour": "red", "captain": harry.pk}
    assert sg_client.post(url, body).status_code == 302
    gryffindor.refresh_from_db()
    assert gryffindor.captain == harry


def test_campaign_links_to_its_games(sg_client, storyguide, campaign):
    game_create(
        campaign=campaign,
        ruleset=TableLog.name,
        config={},
        created_by=storyguide,
        now=timezone.now(),
    )
    link = f"/admin/games/game/?campaign__id__exact={campaign.pk}"

    listing = sg_client.get(f"{ADMIN}/campaign/").content.decode()
    change = sg_client.get(f"{ADMIN}/campaign/{campaign.pk}/change/").content.decode()
    games = sg_client.get(link)

    assert f'<a href="{link.replace("&", "&amp;")}">1 game</a>' in listing
    assert link in change
    assert games.status_code == 200
    assert len(games.context["cl"].result_list) == 1


LIST_PAGES = [
    f"{ADMIN}/character/",
    f"{ADMIN}/housepointentry/",
    f"{ADMIN}/house/",
    f"{ADMIN}/campaign/",
    f"{ADMIN}/popularityadjustment/",
    "/admin/games/game/",
]


def add_rows(storyguide, index: int) -> None:
    """One more campaign of the storyguide's, with a bit of everything in it."""
    campaign = make_campaign(storyguide, f"campaign-{index}")
    player = MembershipFactory(campaign=campaign, role=Role.PLAYER).user
    for house in campaign.houses.all():
        character = make_character(campaign, f"{house.name} {index}", house.name, player=player)
        entry = award(house, 10, character=character, user=storyguide)
        award(house, 5, credit_at=timezone.now() + timedelta(days=1))
        services.house_points_reverse(
            entry=entry, reason="oops", reversed_by=storyguide, now=timezone.now()
        )
        services.popularity_adjust(
            character=character, amount=1, reason="fame", adjusted_by=storyguide, now=timezone.now()
        )
    game_create(
        campaign=campaign,
        ruleset=TableLog.name,
        config={},
        created_by=storyguide,
        now=timezone.now(),
    )


@pytest.mark.parametrize("url", LIST_PAGES)
def test_list_pages_load_in_a_fixed_number_of_queries(client, url):
    storyguide = make_storyguide()
    client.force_login(storyguide)
    add_rows(storyguide, 0)

    def queries() -> int:
        with CaptureQueriesContext(connection) as context:
            response = client.get(url)
        assert response.status_code == 200
        return len(context.captured_queries), len(response.context["cl"].result_list)

    few, few_rows = queries()
    for index in range(1, 5):
        add_rows(storyguide, index)
    many, many_rows = queries()

    assert many_rows == 5 * few_rows
    assert many == few


def every_campaign_row(campaign, storyguide) -> None:
    """A row of every kind the dashboard lists, in ``campaign``: the rows its filters
    would name (a character, a house's points, an invitation, a game, a cup year with its
    fixtures, a webhook endpoint)."""
    from campaign.invitations import invitation_create
    from league.services import cup_year_create
    from webhooks.models import Endpoint

    character = make_character(campaign, f"{campaign.name} Seeker")
    award(campaign.houses.get(name="Gryffindor"), 10, character=character, user=storyguide)
    services.popularity_adjust(
        character=character, amount=1, reason="fame", adjusted_by=storyguide, now=timezone.now()
    )
    invitation_create(campaign=campaign, created_by=storyguide, now=timezone.now())
    game_create(
        campaign=campaign,
        ruleset=TableLog.name,
        config={},
        created_by=storyguide,
        now=timezone.now(),
    )
    cup_year_create(
        campaign=campaign,
        name=f"{campaign.name} Cup",
        first_half_starts=timezone.now(),
        second_half_starts=timezone.now() + timedelta(days=120),
    )
    Endpoint.objects.create(
        campaign=campaign,
        url="https://hooks.example.org/in",
        event_types=["game.finished"],
        created_at=timezone.now(),
    )


def changelists() -> list[str]:
    """The list page of every model on the dashboard."""
    from django.contrib import admin
    from django.urls import reverse

    return [
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model in admin.site._registry
    ]


def filter_choices(response) -> list[str]:
    """What the list page's filters offer, as they show it (its facets aside)."""
    return [
        str(choice["display"])
        for spec in response.context["cl"].filter_specs
        for choice in spec.choices(response.context["cl"])
    ]


def test_the_dashboards_filters_name_only_the_storyguides_own_campaigns(
    client, storyguide, campaign, other_campaign
):
    """Issue 37 (the dashboard's campaign filter shows every campaign's name to any staff
    user): on every list page, a storyguide of one campaign finds another campaign's name
    neither among the filters' choices nor anywhere on the page; the campaign filter of the
    games offers "All" and their own campaigns, "Beauxbatons" and "Hogwarts", only; a
    superuser's offers "All", "Beauxbatons", "Durmstrang", "Hogwarts"."""
    other_storyguide = other_campaign.memberships.get(role=Role.STORYGUIDE).user
    every_campaign_row(campaign, storyguide)
    every_campaign_row(make_campaign(storyguide, "beauxbatons"), storyguide)
    every_campaign_row(other_campaign, other_storyguide)
    client.force_login(storyguide)

    seen = 0
    for url in changelists():
        response = client.get(url)
        if response.status_code != 200:
            continue  # a list the storyguides' permissions leave out (users, groups)
        seen += 1
        assert not [c for c in filter_choices(response) if "Durmstrang" in c], url
        assert "Durmstrang" not in response.content.decode(), url
    assert seen >= 10
    assert campaign_filter(client) == ["All", "Beauxbatons", "Hogwarts"]

    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert campaign_filter(client) == ["All", "Beauxbatons", "Durmstrang", "Hogwarts"]


def campaign_filter(client) -> list[str]:
    """The choices of the games' campaign filter on the dashboard."""
    games = client.get("/admin/games/game/")
    (campaigns,) = [
        spec for spec in games.context["cl"].filter_specs if spec.field_path == "campaign"
    ]
    return [str(choice["display"]) for choice in campaigns.choices(games.context["cl"])]
