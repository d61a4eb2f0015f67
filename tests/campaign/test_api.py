"""Campaign resources under each role (issue: campaigns, characters, houses, ledger)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.models import Character, HousePointEntry, Membership
from campaign.rules.sheet import SheetRules
from tests.support import Table

pytestmark = pytest.mark.django_db


def sheet(value=4, **changes):
    return {**{name: value for name in SheetRules.from_json({}).attributes}, **changes}


@pytest.fixture
def table():
    return Table()


@pytest.fixture
def character(table):
    return Character.objects.create(
        campaign=table.campaign,
        name="Harry",
        player=table.player,
        house=table.house(),
        attributes=sheet(),
        secret_notes="Horcrux",
    )


def character_body(table, **changes):
    return {
        "campaign": table.campaign.pk,
        "name": "Neville",
        "house": table.house().pk,
        "year": 5,
        "attributes": sheet(),
        **changes,
    }


# --- campaigns and members ---------------------------------------------------


def test_creating_a_campaign_makes_you_its_storyguide_with_four_houses(table):
    client = table.client(table.spectator)
    response = client.post("/api/campaigns/", {"name": "New", "slug": "new"}, format="json")
    assert response.status_code == 201
    assert response.json()["role"] == "storyguide"
    houses = client.get(f"/api/houses/?campaign={response.json()['id']}").json()["results"]
    assert [(h["name"], h["initial"], h["colour"]) for h in houses] == [
        ("Gryffindor", "G", "red"),
        ("Hufflepuff", "H", "yellow"),
        ("Ravenclaw", "R", "blue"),
        ("Slytherin", "S", "green"),
    ]


def test_campaign_list_shows_only_your_campaigns(table):
    ids = [c["id"] for c in table.client(table.player).get("/api/campaigns/").json()["results"]]
    assert ids == [table.campaign.pk]


@pytest.mark.parametrize("role", ["player", "spectator"])
def test_only_the_storyguide_edits_the_campaign_and_its_rules(table, role):
    url = f"/api/campaigns/{table.campaign.pk}/"
    response = table.client(getattr(table, role)).patch(url, {"name": "x"}, format="json")
    assert response.status_code == 403
    response = table.client(table.storyguide).patch(url, {"rules": {"die_size": 12}}, format="json")
    assert response.status_code == 200 and response.json()["rules"]["die_size"] == 12


def test_another_campaigns_ids_answer_404(table):
    client = table.client(table.outsider)
    for url in (f"/api/campaigns/{table.campaign.pk}/", f"/api/houses/{table.house().pk}/"):
        assert client.get(url).status_code == 404


def test_bad_rules_are_400_naming_the_setting(table):
    response = table.client(table.storyguide).patch(
        f"/api/campaigns/{table.campaign.pk}/", {"rules": {"die_size": 1}}, format="json"
    )
    assert response.status_code == 400 and "die_size" in response.json()["errors"]


def test_rules_that_existing_characters_would_not_fit_are_refused(table, character):
    rules = {"attribute_groups": [{"name": "All", "finesse": "Wits", "attributes": ["Wits"]}]}
    response = table.client(table.storyguide).patch(
        f"/api/campaigns/{table.campaign.pk}/", {"rules": rules}, format="json"
    )
    assert response.status_code == 400
    assert "Harry would no longer fit" in response.json()["errors"]["rules"][0]


def test_the_storyguide_manages_members(table, user_factory):
    newcomer = user_factory()
    url = f"/api/campaigns/{table.campaign.pk}/members/"
    body = {"username": newcomer.username, "role": "player"}
    assert table.client(table.player).post(url, body, format="json").status_code == 403
    response = table.client(table.storyguide).post(url, body, format="json")
    assert response.status_code == 201  # an invitation: a member once they accept it
    assert table.client(table.player).get(url).json()["count"] == 4
    code = response.json()["code"]
    joined = table.client(newcomer).post(f"/api/invitations/{code}/accept/")
    membership = joined.json()["membership"]["id"]
    assert table.client(table.player).get(url).json()["count"] == 5
    assert (
        table.client(table.storyguide).delete(f"/api/memberships/{membership}/").status_code == 204
    )


def test_the_last_storyguide_cannot_leave(table):
    membership = Membership.objects.get(campaign=table.campaign, user=table.storyguide)
    response = table.client(table.storyguide).delete(f"/api/memberships/{membership.pk}/")
    assert response.status_code == 422 and response.json()["code"] == "last_storyguide"
    assert Membership.objects.filter(pk=membership.pk).exists()


# --- characters ----------------------------------------------------------------


def test_a_player_creates_a_character_of_their_own(table):
    response = table.client(table.player).post(
        "/api/characters/", character_body(table), format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["player"] == table.player.pk
    assert "secret_notes" not in response.json()


def test_a_spectator_cannot_create_characters(table):
    response = table.client(table.spectator).post(
        "/api/characters/", character_body(table), format="json"
    )
    assert response.status_code == 403
    assert not Character.objects.exists()


def test_a_player_may_not_give_a_character_to_someone_else(table):
    response = table.client(table.player).post(
        "/api/characters/", character_body(table, player=table.other_player.pk), format="json"
    )
    assert response.status_code == 400 and "player" in response.json()["errors"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"attributes": sheet(Wits=11)}, "attributes"),
        ({"attributes": sheet(Wits="high")}, "attributes"),
        ({"attributes": sheet(Charm=3)}, "attributes"),
        ({"year": 9}, "year"),
        ({"year": 0}, "year"),
        ({"health_max": -1}, "health_max"),
        ({"health": 6, "health_max": 5}, "health"),
        ({"curriculum": {"Quidditch": 2}}, "curriculum"),
        ({"house": 999999}, "house"),
    ],
)
def test_invalid_sheets_are_400_naming_the_field_and_nothing_is_saved(table, changes, field):
    response = table.client(table.storyguide).post(
        "/api/characters/", character_body(table, **changes), format="json"
    )
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"]
    assert not Character.objects.exists()


def test_a_house_of_another_campaign_is_refused(table):
    body = character_body(table, house=table.house(campaign=table.other_campaign).pk)
    response = table.client(table.storyguide).post("/api/characters/", body, format="json")
    assert response.status_code == 400 and "house" in response.json()["errors"]


def test_secret_notes_reach_only_storyguides(table, character):
    url = f"/api/characters/{character.pk}/"
    assert table.client(table.storyguide).get(url).json()["secret_notes"] == "Horcrux"
    for user in (table.player, table.other_player, table.spectator):
        body = table.client(user).get(url).json()
        assert "secret_notes" not in body and "Horcrux" not in str(body)
    listing = table.client(table.player).get("/api/characters/").json()
    assert "Horcrux" not in str(listing)


def test_players_edit_only_their_own_characters(table, character):
    url = f"/api/characters/{character.pk}/"
    assert table.client(table.player).patch(url, {"year": 6}, format="json").status_code == 200
    assert (
        table.client(table.other_player).patch(url, {"year": 7}, format="json").status_code == 403
    )
    assert table.client(table.spectator).patch(url, {"year": 7}, format="json").status_code == 403
    assert table.client(table.outsider).patch(url, {"year": 7}, format="json").status_code == 404
    response = table.client(table.player).patch(url, {"secret_notes": "x"}, format="json")
    assert response.status_code == 400 and "secret_notes" in response.json()["errors"]
    character.refresh_from_db()
    assert (character.year, character.secret_notes) == (6, "Horcrux")


def test_characters_filter_by_house_and_year(table, character):
    Character.objects.create(
        campaign=table.campaign,
        name="Luna",
        year=4,
        house=table.house("Ravenclaw"),
        attributes=sheet(),
    )
    client = table.client(table.spectator)
    by_house = client.get(f"/api/characters/?house={table.house('Ravenclaw').pk}").json()
    assert [c["name"] for c in by_house["results"]] == ["Luna"]
    assert [c["name"] for c in client.get("/api/characters/?year=1").json()["results"]] == ["Harry"]


def test_a_character_with_ledger_history_cannot_be_deleted(table, character):
    HousePointEntry.objects.create(
        campaign=table.campaign,
        house=table.house(),
        amount=5,
        reason="x",
        character=character,
        credit_at=timezone.now(),
        created_at=timezone.now(),
    )
    response = table.client(table.storyguide).delete(f"/api/characters/{character.pk}/")
    assert response.status_code == 422 and response.json()["code"] == "character_has_history"


# --- checks ------------------------------------------------------------------------


def test_a_check_rolls_two_dice_of_the_campaigns_size_and_lands_in_the_table_log(table, character):
    response = table.client(table.player).post(
        f"/api/characters/{character.pk}/checks/",
        {"attribute": "Wits", "bonus": 2, "difficulty": 12},
        format="json",
    )
    assert response.status_code == 201
    check = response.json()
    assert len(check["dice"]) == 2 and all(1 <= face <= 20 for face in check["dice"])
    assert check["kept"] == max(check["dice"])
    assert check["total"] == check["kept"] + 4 + 2
    assert check["success"] == (check["total"] >= 12)
    assert check["doubles"] == (check["dice"][0] == check["dice"][1])
    log = table.client(table.spectator).get(f"/api/table-logs/{check['log']}/events/").json()
    assert log["results"][0]["events"][0]["total"] == check["total"]
    assert log["results"][0]["dice"][0]["purpose"] == "Harry: Wits"


def test_a_stress_check_keeps_the_lower_die(table, character):
    check = (
        table.client(table.storyguide)
        .post(
            f"/api/characters/{character.pk}/checks/",
            {"attribute": "Wits", "stress": True},
            format="json",
        )
        .json()
    )
    assert check["kept"] == min(check["dice"]) and check["success"] is None


def test_checks_need_a_known_attribute_and_the_right_to_the_character(table, character):
    url = f"/api/characters/{character.pk}/checks/"
    assert (
        table.client(table.storyguide).post(url, {"attribute": "Charm"}, format="json").status_code
        == 400
    )
    assert (
        table.client(table.other_player).post(url, {"attribute": "Wits"}, format="json").status_code
        == 403
    )


def test_closing_the_table_log_reveals_its_seed_and_the_next_check_opens_a_new_one(
    table, character
):
    url = f"/api/characters/{character.pk}/checks/"
    first = table.client(table.player).post(url, {"attribute": "Wits"}, format="json").json()
    closed = table.client(table.storyguide).post(f"/api/table-logs/{first['log']}/abandon/")
    assert closed.json()["server_seed"]
    report = table.client(table.player).get(f"/api/table-logs/{first['log']}/verify/").json()
    assert report["ok"] and report["rolls_checked"] == 2
    second = table.client(table.player).post(url, {"attribute": "Wits"}, format="json").json()
    assert second["log"] != first["log"]


def test_table_logs_take_no_commands_from_clients(table, character):
    table.client(table.player).post(
        f"/api/characters/{character.pk}/checks/", {"attribute": "Wits"}, format="json"
    )
    log = table.client(table.storyguide).get("/api/table-logs/").json()["results"][0]
    response = table.client(table.storyguide).post(
        f"/api/table-logs/{log['id']}/commands/", {"command": {"action": "check"}}, format="json"
    )
    assert response.status_code in (404, 405)


# --- house points and popularity ---------------------------------------------------


def award(table, user=None, **body):
    body = {
        "campaign": table.campaign.pk,
        "house": table.house().pk,
        "amount": 10,
        "reason": "Quick thinking",
        **body,
    }
    return table.client(user or table.storyguide).post("/api/house-points/", body, format="json")


def house_totals(table, name="Gryffindor"):
    house = table.client(table.spectator).get(f"/api/houses/{table.house(name).pk}/").json()
    return house["points"], house["pending"]


def test_only_the_storyguide_awards_points(table):
    refused = award(table, table.player)
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert award(table, table.outsider).status_code == 404, "not a campaign of theirs"
    assert award(table).status_code == 201
    assert house_totals(table) == (10, 0)
    assert HousePointEntry.objects.count() == 1


def test_an_award_lands_in_the_campaign_named_and_nowhere_else(table):
    """Another campaign's house or character is 404 in this campaign; nothing is written."""
    theirs = table.house(campaign=table.other_campaign)
    wrong_house = award(table, house=theirs.pk)
    assert wrong_house.status_code == 404
    assert wrong_house.json()["detail"] == f"No house {theirs.pk} in your campaign."
    their_character = Character.objects.create(
        campaign=table.other_campaign, name="Viktor", house=theirs, attributes=sheet()
    )
    assert award(table, character=their_character.pk).status_code == 404
    outsider_campaign = award(table, table.outsider, campaign=table.campaign.pk)
    assert outsider_campaign.status_code == 404
    assert not HousePointEntry.objects.exists()


def test_a_characters_points_go_to_the_characters_own_house(table, character):
    """Harry is of Gryffindor: points for Harry awarded to Slytherin are refused (400)."""
    refused = award(table, house=table.house("Slytherin").pk, character=character.pk)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "character": ["Harry is not of Slytherin: award their own house."]
    }
    assert not HousePointEntry.objects.exists()
    assert award(table, character=character.pk).status_code == 201


def test_points_credited_later_are_pending_until_then(table):
    later = timezone.now() + timedelta(hours=48)
    award(table, amount=50, credit_at=later.isoformat())
    award(table, amount=5)
    assert house_totals(table) == (5, 50)


def test_reversal_appends_an_opposite_entry_and_cannot_be_repeated(table):
    entry = award(table, amount=30).json()
    url = f"/api/house-points/{entry['id']}/reverse/"
    reversal = table.client(table.storyguide).post(url, {"reason": "Mistake"}, format="json")
    assert reversal.status_code == 201
    assert reversal.json()["amount"] == -30 and reversal.json()["reverses"] == entry["id"]
    assert house_totals(table) == (0, 0)
    again = table.client(table.storyguide).post(url, {"reason": "again"}, format="json")
    assert again.status_code == 422 and again.json()["code"] == "already_reversed"
    assert HousePointEntry.objects.count() == 2


def test_reversing_a_pending_entry_cancels_it_when_it_would_count(table):
    later = timezone.now() + timedelta(days=2)
    entry = award(table, amount=40, credit_at=later.isoformat()).json()
    table.client(table.storyguide).post(
        f"/api/house-points/{entry['id']}/reverse/", {"reason": "Game annulled"}, format="json"
    )
    assert house_totals(table) == (0, 0)


def test_the_ledger_cannot_be_edited_or_deleted(table):
    entry = award(table).json()
    client = table.client(table.storyguide)
    assert (
        client.patch(f"/api/house-points/{entry['id']}/", {"amount": 1}, format="json").status_code
        == 405
    )
    assert client.delete(f"/api/house-points/{entry['id']}/").status_code == 405


def test_the_ledger_shows_running_house_totals(table):
    for amount in (10, 20, -5):
        award(table, amount=amount)
    award(table, house=table.house("Slytherin").pk, amount=7)
    entries = (
        table.client(table.player)
        .get(f"/api/house-points/?house={table.house().pk}")
        .json()["results"]
    )
    assert [(e["amount"], e["running_total"]) for e in entries] == [(-5, 25), (20, 30), (10, 10)]


def test_points_earned_by_a_character_move_their_popularity(table, character):
    url = f"/api/characters/{character.pk}/"
    assert table.client(table.player).get(url).json()["popularity"] == 0
    award(table, amount=120, character=character.pk)
    assert table.client(table.player).get(url).json()["popularity"] == 2
    award(table, amount=-130, character=character.pk)
    assert table.client(table.player).get(url).json()["popularity"] == 0


def test_the_storyguide_adjusts_popularity_with_a_reason(table, character):
    url = f"/api/characters/{character.pk}/popularity/"
    body = {"amount": 3, "reason": "Won the duelling club"}
    assert table.client(table.player).post(url, body, format="json").status_code == 403
    response = table.client(table.storyguide).post(url, body, format="json")
    assert response.status_code == 201 and response.json()["popularity"] == 3
    assert character.popularity_adjustments.get().reason == "Won the duelling club"


def test_character_list_takes_a_fixed_number_of_queries(table, django_assert_max_num_queries):
    client = table.client(table.storyguide)
    client.get("/api/characters/")
    for i in range(3):
        Character.objects.create(campaign=table.campaign, name=f"A{i}", attributes=sheet())
    with django_assert_max_num_queries(4) as few:
        client.get("/api/characters/")
    for i in range(30):
        Character.objects.create(campaign=table.campaign, name=f"B{i}", attributes=sheet())
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get("/api/characters/").json()["count"] == 33


def test_a_refused_rules_change_leaves_the_name_unchanged_too(table, character):
    rules = {"attribute_groups": [{"name": "All", "finesse": "Wits", "attributes": ["Wits"]}]}
    response = table.client(table.storyguide).patch(
        f"/api/campaigns/{table.campaign.pk}/", {"name": "Renamed", "rules": rules}, format="json"
    )
    assert response.status_code == 400
    table.campaign.refresh_from_db()
    assert table.campaign.name == "Test campaign"


def test_a_new_campaign_with_bad_rules_is_not_created_at_all(table):
    body = {"name": "New", "slug": "new", "rules": {"die_size": 1}}
    response = table.client(table.player).post("/api/campaigns/", body, format="json")
    assert response.status_code == 400 and "die_size" in response.json()["errors"]
    assert not table.campaign.__class__.objects.filter(slug="new").exists()


def test_a_new_campaign_may_bring_its_rules(table):
    body = {"name": "New", "slug": "new", "rules": {"die_size": 12}}
    response = table.client(table.player).post("/api/campaigns/", body, format="json")
    assert response.status_code == 201 and response.json()["rules"]["die_size"] == 12


def test_a_new_entry_and_its_reversal_answer_with_their_running_totals(table):
    """The answer has the shape of the list's rows: the house's total once the entry counts."""
    client = table.client(table.storyguide)
    house = table.house()
    given = award(table, house=house.pk, amount=15)
    assert given.status_code == 201 and given.json()["running_total"] == 15
    reversal = client.post(
        f"/api/house-points/{given.json()['id']}/reverse/", {"reason": "mistake"}, format="json"
    )
    assert reversal.status_code == 201 and reversal.json()["running_total"] == 0


def test_a_renamed_or_new_house_answers_with_its_points(table):
    client = table.client(table.storyguide)
    renamed = client.patch(f"/api/houses/{table.house().pk}/", {"name": "Lions"}, format="json")
    assert renamed.status_code == 200
    assert (renamed.json()["name"], renamed.json()["points"], renamed.json()["pending"]) == (
        "Lions",
        0,
        0,
    )
    taken = client.patch(
        f"/api/houses/{table.house('Slytherin').pk}/", {"name": "Lions"}, format="json"
    )
    assert taken.status_code == 400
    assert taken.json()["errors"] == {"name": ["The campaign has a house called Lions already."]}
    made = client.post(
        "/api/houses/",
        {"campaign": table.campaign.pk, "name": "Durmstrang", "initial": "D", "colour": "red"},
        format="json",
    )
    assert made.status_code == 201 and made.json()["points"] == 0


def test_8_5_a_house_names_its_captain_among_its_own_characters(table, character):
    """The captain chooses the house's cup line-ups (§8.5): one of the house's characters;
    any other id (another house's character, or none) is one no character of the house has,
    and nothing changes."""
    client = table.client(table.storyguide)
    url = f"/api/houses/{table.house().pk}/"
    named = client.patch(url, {"captain": character.pk}, format="json")
    assert named.status_code == 200 and named.json()["captain"] == character.pk
    slytherin = Character.objects.create(
        campaign=table.campaign, name="Draco", house=table.house("Slytherin"), attributes=sheet()
    )
    refused = client.patch(url, {"captain": slytherin.pk}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"] == {"captain": ["No character of this house has that id."]}
    assert client.get(url).json()["captain"] == character.pk
    assert (
        table.client(table.player).patch(url, {"captain": None}, format="json").status_code == 403
    )
    assert client.patch(url, {"captain": None}, format="json").json()["captain"] is None


def test_a_house_cannot_take_another_houses_initial(table):
    """Two houses of a campaign never share an initial (it names their players' nicks,
    Chat-Quidditch §4.1.1): PATCH and PUT answer 400 on ``initial``, as a new house does,
    and change nothing."""
    client = table.client(table.storyguide)
    gryffindor = table.house()
    url = f"/api/houses/{gryffindor.pk}/"
    whole = {"campaign": table.campaign.pk, "name": "Gryffindor", "colour": "gold"}
    for method, body in (("patch", {"initial": "S"}), ("put", {**whole, "initial": "S"})):
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == 400, response.content
        assert response.json()["errors"] == {
            "initial": ["The campaign has a house with the initial S already (Slytherin)."]
        }
    made = client.post(
        "/api/houses/",
        {"campaign": table.campaign.pk, "name": "Salem", "initial": "S", "colour": "grey"},
        format="json",
    )
    assert made.status_code == 400 and "initial" in made.json()["errors"]
    gryffindor.refresh_from_db()
    assert gryffindor.initial == "G"
    assert client.patch(url, {"initial": "G", "colour": "red"}, format="json").status_code == 200


def test_a_reason_or_a_name_must_be_text_not_a_number(table, character):
    """A number where text belongs is a client's mistake worth telling it (found by the
    fuzz tests once they reached existing entries): 400, not the number as a string."""
    client = table.client(table.storyguide)
    entry = award(table).json()["id"]
    reversal = client.post(f"/api/house-points/{entry}/reverse/", {"reason": 111718}, format="json")
    assert reversal.status_code == 400 and "reason" in reversal.json()["errors"]
    renamed = client.patch(f"/api/houses/{table.house().pk}/", {"name": 594}, format="json")
    assert renamed.status_code == 400 and "name" in renamed.json()["errors"]
    sheet = client.patch(f"/api/characters/{character.pk}/", {"name": 7}, format="json")
    assert sheet.status_code == 400 and "name" in sheet.json()["errors"]
