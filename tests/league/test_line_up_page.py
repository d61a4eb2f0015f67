"""§8.5 on the site: a cup game's line-ups chosen before the match, and the match started
with them (issue 38, "The cup's line-ups on the site").

"Eine Mannschaft kann mit weniger als 7 Spielern antreten, jedoch müssen Hüter und Sucher
als erste Positionen besetzt werden. Der Spielerunterschied zwischen zwei Mannschaften darf
bei maximal zwei Spielern liegen." The storyguide chooses, for each house of a fixture not
yet played, which of the house's characters play which position; the rules refuse what
§2 and §8.5 forbid, beside the form, nothing saved; the match is then started with
exactly those line-ups. A house's captain (the player of the character the house names
its captain) chooses their own house's line-up too; any other player and a spectator are
refused, and to anyone outside the campaign the page is not there.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from league.models import FixtureStatus, LineUp, Stage

pytestmark = pytest.mark.django_db


def fixture_of(cup):
    """The first half's first game, whose window is open (September 2026)."""
    return cup.cup.fixtures.filter(stage=Stage.FIRST_HALF).order_by("window_starts", "id").first()


def page_url(cup, fixture):
    return f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/line-ups/"


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def form_of(house, rows, *, captain=None) -> dict:
    """What the form sends for ``house``: ``rows`` of (character, position), the rest empty."""
    data = {"house": house.pk}
    prefix = f"house-{house.pk}"
    for number in range(1, 8):
        character, position = rows[number - 1] if number <= len(rows) else ("", "")
        data[f"{prefix}-character_{number}"] = getattr(character, "pk", character)
        data[f"{prefix}-position_{number}"] = position
    data[f"{prefix}-captain"] = getattr(captain, "pk", "")
    return data


def by_sheet(cup, house, position, number=0):
    return [c for c in cup.players[house.name] if c.quidditch_position == position][number]


def refusal(html: str) -> str:
    found = re.search(r'<div class="error refusal" role="alert">(.*?)</div>', html, re.S)
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


def chosen_home(cup, home):
    """Five of the home house, not as their sheets say: a sheet's chaser keeps goal, the
    sheet's keeper plays chaser, the seeker seeks, one beater beats."""
    return [
        (by_sheet(cup, home, "chaser", 0), "keeper"),
        (by_sheet(cup, home, "seeker"), "seeker"),
        (by_sheet(cup, home, "keeper"), "chaser"),
        (by_sheet(cup, home, "chaser", 1), "chaser"),
        (by_sheet(cup, home, "beater", 1), "beater"),
    ]


def test_8_5_the_storyguide_saves_the_line_ups_and_the_match_is_started_with_exactly_them(cup):
    fixture = fixture_of(cup)
    home, away = fixture.home, fixture.away
    storyguide = browser(cup.storyguide)
    home_rows = chosen_home(cup, home)
    away_rows = [(c, c.quidditch_position) for c in cup.players[away.name]]

    home_form = form_of(home, home_rows, captain=home_rows[2][0])
    saved = storyguide.post(page_url(cup, fixture), home_form)
    assert saved.status_code == 302
    assert saved["Location"] == f"{page_url(cup, fixture)}#house-{home.pk}"
    page = storyguide.get(page_url(cup, fixture)).content.decode()
    assert f"{home.name}'s line-up is saved." in unescape(page)
    assert storyguide.post(page_url(cup, fixture), form_of(away, away_rows)).status_code == 302

    line_up = LineUp.objects.get(fixture=fixture, house=home)
    assert line_up.players == [{"character": c.pk, "position": p} for c, p in home_rows]
    assert line_up.captain == home_rows[2][0] and line_up.chosen_by == cup.storyguide

    started = storyguide.post(f"{page_url(cup, fixture)}start/")
    assert started.status_code == 302
    assert started["Location"] == f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/"
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.PLAYING
    state = fixture.game.state
    playing = {
        (state["teams"][player["team"]]["house"], player["name"], player["role"])
        for player in state["players"].values()
    }
    # Exactly the chosen characters in the chosen positions: five against seven (§8.5:
    # they differ by two, so nobody sits out).
    assert playing == {(home.name, c.name, p) for c, p in home_rows} | {
        (away.name, c.name, p) for c, p in away_rows
    }
    config_teams = fixture.game.config["teams"]
    assert config_teams[0]["players"][config_teams[0]["captain"]]["name"] == home_rows[2][0].name


def test_8_5_the_cup_game_page_links_the_line_ups_for_the_storyguide_only(cup):
    fixture = fixture_of(cup)
    url = f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/"
    as_storyguide = browser(cup.storyguide).get(url).content.decode()
    assert 'id="choose-line-ups"' in as_storyguide
    assert f'href="{page_url(cup, fixture)}"' in as_storyguide
    for reader in (browser(), browser(cup.spectator), browser(cup.player)):
        html = reader.get(url).content.decode()
        assert 'id="choose-line-ups"' not in html
        assert "no line-up chosen yet" in html


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        (
            lambda cup, home, other: [
                (by_sheet(cup, home, "keeper"), "keeper"),
                (by_sheet(cup, home, "chaser", 0), "keeper"),
                (by_sheet(cup, home, "seeker"), "seeker"),
            ],
            "2 keepers: a team has one keeper. (§2)",
        ),
        (
            lambda cup, home, other: [
                (by_sheet(cup, home, "keeper"), "keeper"),
                (by_sheet(cup, home, "seeker"), "seeker"),
                (by_sheet(cup, other, "chaser", 0), "chaser"),
            ],
            "Not of {home}: {stranger}. A house's line-up is chosen from its own characters. "
            "(§8.5)",
        ),
        (
            lambda cup, home, other: [
                (by_sheet(cup, home, "chaser", 0), "chaser"),
                (by_sheet(cup, home, "chaser", 1), "chaser"),
                (by_sheet(cup, home, "seeker"), "seeker"),
            ],
            "No keeper: the keeper and the seeker are filled before chasers and beaters. (§8.5)",
        ),
    ],
    ids=["two keepers", "a character of another house", "no keeper"],
)
def test_8_5_a_line_up_the_rules_refuse_is_refused_beside_the_form_and_nothing_is_saved(
    cup, rows, said
):
    fixture = fixture_of(cup)
    home = fixture.home
    other = cup.campaign.houses.exclude(pk__in=[fixture.home_id, fixture.away_id]).first()
    storyguide = browser(cup.storyguide)
    before = [(by_sheet(cup, home, p), p) for p in ("keeper", "seeker", "chaser")]
    assert storyguide.post(page_url(cup, fixture), form_of(home, before)).status_code == 302
    kept = list(LineUp.objects.values_list("house", "players", "captain", "chosen_at"))

    chosen = rows(cup, home, other)
    refused = storyguide.post(page_url(cup, fixture), form_of(home, chosen))

    assert refused.status_code == 422
    stranger = by_sheet(cup, other, "chaser", 0).name
    assert refusal(refused.content.decode()) == said.format(home=home.name, stranger=stranger)
    assert list(LineUp.objects.values_list("house", "players", "captain", "chosen_at")) == kept
    # The form shows the rows as they were sent, to be put right.
    html = refused.content.decode()
    first = f'<select name="house-{home.pk}-character_1"[^>]*>'
    assert re.search(rf'{first}.*?<option value="{chosen[0][0].pk}" selected>', html, re.S)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "2 Hüter: Eine Mannschaft hat einen Hüter. (§2)"),
        ("fr", "2 gardiens : une équipe a un seul gardien. (§2)"),
    ],
)
def test_8_5_the_refusal_is_in_the_readers_language(cup, language, said):
    fixture = fixture_of(cup)
    home = fixture.home
    rows = [(by_sheet(cup, home, "keeper"), "keeper"), (by_sheet(cup, home, "chaser"), "keeper")]
    refused = browser(cup.storyguide).post(
        f"{page_url(cup, fixture)}?lang={language}", form_of(home, rows)
    )
    assert refused.status_code == 422
    assert refusal(refused.content.decode()) == said
    assert not LineUp.objects.exists()


def test_a_row_with_a_character_and_no_position_is_refused_on_its_row(cup):
    fixture = fixture_of(cup)
    home = fixture.home
    data = form_of(home, [(by_sheet(cup, home, "keeper"), "")])
    refused = browser(cup.storyguide).post(page_url(cup, fixture), data)
    assert refused.status_code == 400
    assert "Choose a position for this character." in refused.content.decode()
    assert not LineUp.objects.exists()


def test_8_5_the_match_waits_for_both_line_ups(cup):
    fixture = fixture_of(cup)
    home = fixture.home
    storyguide = browser(cup.storyguide)
    rows = [(c, c.quidditch_position) for c in cup.players[home.name]]
    storyguide.post(page_url(cup, fixture), form_of(home, rows))
    refused = storyguide.post(f"{page_url(cup, fixture)}start/")
    assert refused.status_code == 422
    assert f"No line-up has been chosen yet for {fixture.away.name}. (§8.5)" in unescape(
        refused.content.decode()
    )
    fixture.refresh_from_db()
    assert (fixture.status, fixture.game) == (FixtureStatus.UNSCHEDULED, None)


def test_another_campaigns_fixture_is_not_there(cup):
    """The storyguide of another campaign finds no line-ups of this one's games (404), read
    or written; nor is this campaign's game under that campaign's name."""
    fixture = fixture_of(cup)
    home = fixture.home
    rows = [(c, c.quidditch_position) for c in cup.players[home.name]]
    outsider = browser(cup.outsider)
    assert outsider.get(page_url(cup, fixture)).status_code == 404
    assert outsider.post(page_url(cup, fixture), form_of(home, rows)).status_code == 404
    assert outsider.post(f"{page_url(cup, fixture)}start/").status_code == 404
    elsewhere = f"/league/{cup.other_campaign.slug}/{cup.cup.slug}/games/{fixture.key}/line-ups/"
    assert browser(cup.storyguide).get(elsewhere).status_code == 404
    assert not LineUp.objects.exists()
    fixture.refresh_from_db()
    assert fixture.game is None


def test_a_player_of_another_house_and_a_spectator_are_refused(cup):
    fixture = fixture_of(cup)
    home = fixture.home
    other = cup.campaign.houses.exclude(pk__in=[fixture.home_id, fixture.away_id]).first()
    character = cup.players[other.name][0]
    character.player = cup.player
    character.save(update_fields=["player"])
    rows = [(c, c.quidditch_position) for c in cup.players[home.name]]
    for user in (cup.player, cup.spectator):
        reader = browser(user)
        shown = reader.get(page_url(cup, fixture))
        assert shown.status_code == 403
        assert (
            "Only the house's captain or a storyguide of the campaign chooses its line-up (§8.5)."
            in unescape(shown.content.decode())
        )
        assert reader.post(page_url(cup, fixture), form_of(home, rows)).status_code == 403
        assert reader.post(f"{page_url(cup, fixture)}start/").status_code == 403
    assert not LineUp.objects.exists()
    fixture.refresh_from_db()
    assert fixture.game is None


def captain_of(cup, house, user):
    """``user`` plays the house's keeper, whom the house names its captain."""
    character = by_sheet(cup, house, "keeper")
    character.player = user
    character.save(update_fields=["player"])
    house.captain = character
    house.save(update_fields=["captain"])
    return character


def test_8_5_a_house_captain_chooses_their_own_houses_line_up_and_no_other(cup):
    """The house's captain sees a form for their house only, saves it, and is refused the
    other house's and the match's start (the referee's)."""
    fixture = fixture_of(cup)
    home, away = fixture.home, fixture.away
    captain_of(cup, home, cup.player)
    reader = browser(cup.player)
    html = reader.get(page_url(cup, fixture)).content.decode()
    assert f'<input type="hidden" name="house" value="{home.pk}">' in html
    assert f'<input type="hidden" name="house" value="{away.pk}">' not in html
    assert "Its captain or the storyguide chooses it." in html
    rows = chosen_home(cup, home)
    saved = reader.post(page_url(cup, fixture), form_of(home, rows))
    assert saved.status_code == 302
    line_up = LineUp.objects.get(fixture=fixture, house=home)
    assert line_up.chosen_by == cup.player
    away_rows = [(c, c.quidditch_position) for c in cup.players[away.name]]
    assert reader.post(page_url(cup, fixture), form_of(away, away_rows)).status_code == 403
    assert reader.post(f"{page_url(cup, fixture)}start/").status_code == 403
    assert list(LineUp.objects.values_list("house", flat=True)) == [home.pk]


def test_8_5_a_captain_moved_to_another_house_captains_it_no_more(cup):
    fixture = fixture_of(cup)
    home = fixture.home
    character = captain_of(cup, home, cup.player)
    other = cup.campaign.houses.exclude(pk__in=[fixture.home_id, fixture.away_id]).first()
    character.house = other
    character.save(update_fields=["house"])
    assert browser(cup.player).get(page_url(cup, fixture)).status_code == 403


def test_nobody_logged_in_is_asked_to_log_in(cup):
    fixture = fixture_of(cup)
    answered = browser().get(page_url(cup, fixture))
    assert answered.status_code == 302
    assert answered["Location"].startswith("/accounts/login/")


def test_8_5_a_line_up_is_chosen_before_the_match_not_during_it(cup):
    fixture = fixture_of(cup)
    storyguide = browser(cup.storyguide)
    for house in (fixture.home, fixture.away):
        rows = [(c, c.quidditch_position) for c in cup.players[house.name]]
        storyguide.post(page_url(cup, fixture), form_of(house, rows))
    storyguide.post(f"{page_url(cup, fixture)}start/")
    kept = list(LineUp.objects.values_list("players", "chosen_at"))
    rows = [(c, c.quidditch_position) for c in cup.players[fixture.home.name][:3]]
    refused = storyguide.post(page_url(cup, fixture), form_of(fixture.home, rows))
    assert refused.status_code == 422
    assert "The match has begun or is over: a line-up is chosen before it." in unescape(
        refused.content.decode()
    )
    assert list(LineUp.objects.values_list("players", "chosen_at")) == kept
