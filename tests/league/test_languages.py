"""The house cup in German, English and French (issue 29: "the pages' own text, since the
rules come in those three languages"): its pages in the reader's language, and what its API
writes for people (why a row is ahead, the marks in words, the feed's summaries, the CSV's
reasons) in the language the caller asks for, English without.

The German and French words are the rule text's own where it has them (§8: Hinrunde,
Rückrunde, Entscheidungsspiel, Schnatzfang; the French rules: Vif d'Or).
"""

import csv
import gettext
import io
from datetime import UTC, datetime
from html import unescape
from pathlib import Path

import pytest
from icalendar import Calendar

from league import services
from league.chart import Chances, Series, odds_svg, race_svg
from league.rules.clinch import CUP_FINAL, DECIDER, TIEBREAK_ONLY, Mark
from tests.league.test_pages import record, settle, year_url
from tests.league.test_services import play

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[2] / "league" / "locale"


def texts(language: str) -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, languages=[language])


def test_8_2_the_reasons_of_the_table_follow_the_language_asked_for(cup):
    """§8.2: Gryffindor ahead of Hufflepuff on points; the API says so in each language."""
    settle(cup)
    url = f"/api/cup-years/{cup.cup.pk}/standings/"
    why = {
        language: cup.client().get(url, **headers).json()["rows"][0]["why"]
        for language, headers in {
            "en": {},
            "de": {"HTTP_ACCEPT_LANGUAGE": "de"},
            "fr": {"QUERY_STRING": "lang=fr"},
        }.items()
    }
    assert why == {"en": "ahead on points", "de": "nach Punkten vorn", "fr": "devant aux points"}


def test_8_2_the_marks_in_words_follow_the_language_asked_for(cup):
    settle(cup)
    answer = cup.client().get(f"/api/cup-years/{cup.cup.pk}/projections/", {"lang": "de"}).json()
    gryffindor = next(house for house in answer["houses"] if house["house"] == "Gryffindor")
    assert gryffindor["marks"][0]["sentence"] == (
        "Gryffindor steht im Pokalfinale, was auch geschieht."
    )


def test_a_mark_hanging_on_a_tiebreak_is_one_sentence_in_the_readers_language():
    """§8.2: the tiebreak's words are put into the sentence of its language."""
    mark = Mark(CUP_FINAL, TIEBREAK_ONLY, DECIDER)
    assert mark.sentence("Slytherin") == (
        "Slytherin can still reach the cup final, but only through a decider (§8.2)."
    )
    assert mark.sentence("Slytherin", texts("fr").gettext) == (
        "Slytherin peut encore atteindre la finale de la coupe, mais seulement par un match "
        "d'appui (§8.2)."
    )


def test_the_csv_keeps_its_columns_and_gives_its_reasons_in_the_language_asked_for(cup):
    settle(cup)
    answer = cup.client().get(f"/api/cup-years/{cup.cup.pk}/standings.csv/", {"lang": "fr"})
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert list(rows[0])[:3] == ["place", "house", "played"], "the JSON's field names"
    assert rows[0]["why"] == "devant aux points"


def test_the_feed_is_in_the_language_its_address_asks_for(cup):
    """A calendar sends no Accept-Language: ?lang= chooses (§8.1: the first half)."""
    answer = cup.client().get(f"/api/cup-years/{cup.cup.pk}/fixtures.ics/", {"lang": "de"})
    calendar = Calendar.from_ical(answer.content)
    first = cup.cup.fixtures.order_by("window_starts", "id").first()
    summaries = {str(event["SUMMARY"]) for event in calendar.walk("VEVENT")}
    assert f"{first.home.name} gegen {first.away.name} (Hinrunde)" in summaries
    assert str(calendar["X-WR-CALNAME"]) == f"{cup.campaign.name}: Hauspokal 1995/96"


def test_the_cup_year_page_speaks_german_with_the_rule_texts_words(cup, client):
    """§8.1 Hinrunde and Rückrunde, §8.2 the table's columns; the charts' words too."""
    settle(cup)
    html = client.get(year_url(cup), {"lang": "de"}).content.decode()
    for words in ("Hauspokal 1995/96", "Pokaltabelle", "<h3>Hinrunde</h3>", "<h3>Rückrunde</h3>"):
        assert words in html
    assert '<html lang="de">' in html
    assert "<title>Gryffindor: Platz 1, " in html, "the odds chart's tooltip"
    assert "Cup table" not in html and "First half" not in html


def test_the_cup_game_page_says_positions_and_the_ending_in_french(cup, client):
    """§8.5's line-up by position; the match's ending and the points it gave (§7)."""
    fixture = play(cup, cup.cup.fixtures.order_by("window_starts", "id").first())
    url = f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/"
    html = unescape(client.get(url, {"lang": "fr"}).content.decode())
    assert "<td>Gardien</td>" in html and "<td>Attrapeur</td>" in html
    assert "Points : 10 par but, 50 pour le Vif d'Or, 100 pour la victoire." in html
    ended = {
        "snitch": "Le Vif d'Or a été attrapé à la manche",
        "rounds": "Le match s'est terminé après la manche",
        "agreement": "Le match s'est terminé d'un commun accord",
    }
    assert ended[fixture.result["ended_by"]] in html
    verify = f'<a href="/matches/{fixture.game_id}/verify/">Vérifier les dés</a>'
    assert verify in html, "the page that checks the dice in words, not the API's JSON"


def test_a_postponement_for_too_few_players_is_said_in_the_readers_language(cup, client):
    """§8.5: a team of fewer than three postpones the game; the page says why in German."""
    first = cup.cup.fixtures.order_by("window_starts", "id").first()
    services.fixture_start(
        fixture=first,
        rosters=cup.rosters(first, size=2),
        settings={},
        created_by=cup.storyguide,
        now=first.window_starts,
    )
    url = f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{first.key}/"
    html = client.get(url, {"lang": "de"}).content.decode()
    assert "Verschoben: zu wenige Spieler: Jede Mannschaft braucht zu Beginn mindestens 3" in html


def test_the_charts_write_their_words_with_the_catalogue_they_are_given():
    start, end = datetime(2026, 10, 1, tzinfo=UTC), datetime(2027, 1, 15, tzinfo=UTC)
    race = [Series("Gryffindor", "red", [(start, 1)]), Series("Slytherin", "green", [])]
    german = race_svg(race, start=start, end=end, title="t", texts=texts("de"))
    for words in ("Gryffindor: 1 Punkt", "Slytherin: noch keine Punkte", ">Okt 2026<", ">Dez<"):
        assert words in german
    french = odds_svg([Chances("Gryffindor", "red", [0.5, 0.5])], title="t", texts=texts("fr"))
    assert "Gryffindor : rang 2, 50%" in french and ">la coupe<" in french
    english = race_svg(race, start=start, end=end, title="t")
    assert "Gryffindor: 1 point<" in english and ">Oct 2026<" in english


def test_a_result_recorded_shows_the_points_rule_of_the_cups_ruleset(cup, client):
    """§7 of Chat-Quidditch: 10 a goal, 50 the snitch, 100 for the win; in German."""
    fixture = record(cup.cup.fixtures.order_by("window_starts", "id").first(), 2, 1)
    url = f"/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/"
    html = client.get(url, {"lang": "de"}).content.decode()
    assert "Punkte: 10 pro Tor, 50 für den Schnatz, 100 für den Sieg." in html
    assert "Die Punkte werden den Häusern 48 Stunden nach Veröffentlichung" in html
