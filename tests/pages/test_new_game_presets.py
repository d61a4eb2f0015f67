"""Issue 38, "A setup made for people": the New game page's setup is each ruleset's presets
and its settings as ordinary fields in the reader's language, with no widget of a schema
editor, no ids, no ``null``, no file paths and no section signs; a preset's settings are
what the game started from it holds; a bad setting is refused beside its field, in the
reader's language, and nothing is created.

Everything here is read from the rendered page, as a reader sees it (its visible text,
``tests.pages.test_one_language.visible_text``) or as a browser sends its form
(``tests.pages.forms_on_page``), in a campaign whose houses field full teams
(``campaign.demo.seed_characters``)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from campaign.demo import seed_characters
from games.bots import strategies
from games.manifest import manifest_for, manifest_of
from games.models import Game, GameEvent, Seat
from games.ruleset import find_ruleset
from tests.pages.forms_on_page import read_form, sent
from tests.pages.test_one_language import (
    MESSAGE_ID,
    catalogue_words,
    phrase,
    visible_text,
)
from tests.support import Table

pytestmark = pytest.mark.django_db

RULESETS = (
    "chat-quidditch",
    "rpg-quidditch",
    "dice-quidditch",
    "card-quidditch",
    "tabletop-quidditch",
    "skirmish",
)
PRESETS = [(name, preset.name) for name in RULESETS for preset in manifest_of(name).presets]
LANGUAGES = ("de", "en", "fr")

#: What django-jsonform's editor showed (issue 38: "Option 1 / Option 2", "Add key", "Add
#: item", ``[-]`` toggles, ``null``, "House's id: Filled in by the service", paths of the
#: rules' notes), and its fields' names.
EDITOR_WORDS = (
    "Option 1",
    "Option 2",
    "Add key",
    "Add item",
    "[-]",
    "null",
    "Filled in by the service",
    "House's id",
    "docs/rules",
    ".md",
    "rjf§",
)
#: Values as the config writes them, which a page says in words: the dice game's readings,
#: Table Top's positions, the cards' names.
RAW_VALUES = re.compile(
    r"\b(halve|wrap|chaser[1-3]|beater[1-2]|keeper\d+|seeker1[12]|chaser\d+|beater\d|"
    r"leg_locker|full_body_bind|reduce_by_two|take_one_card|no_play_on_ball|take_back|"
    r"remove_keeper|free_goal|p\d\d)\b"
)


@pytest.fixture
def table(db):
    table = Table()
    seed_characters(table.campaign)
    return table


@pytest.fixture(scope="module")
def words():
    return catalogue_words()


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def address(table, ruleset: str) -> str:
    return f"/campaigns/{table.campaign.slug}/games/new/{ruleset}/"


def page_of(table, ruleset: str, preset: str, language: str) -> str:
    answer = browser(table.storyguide).get(
        address(table, ruleset), {"preset": preset, "lang": language}
    )
    assert answer.status_code == 200
    return answer.content.decode()


def campaign_words(table) -> list[str]:
    """What the campaign names in its own words (houses, characters, its sheet's attribute
    groups and attributes, its members), and the people and categories the rules' example
    brings along, by name: none of them is a word of the page's language."""
    campaign = table.campaign
    rules = campaign.sheet_rules
    skirmish = manifest_of("skirmish").contract.example
    return [
        campaign.name,
        *campaign.houses.values_list("name", flat=True),
        *campaign.characters.values_list("name", flat=True),
        *rules.attributes,
        *(group["name"] for group in rules.to_json()["attribute_groups"]),
        *(p["name"] for p in skirmish["participants"]),
        *skirmish["categories"],
        *(a for p in skirmish["participants"] for a in p["attributes"]),
        *(m.user.username for m in campaign.memberships.all()),
    ]


def without(names, text: str) -> str:
    for name in sorted(set(names) - {""}, key=len, reverse=True):
        text = phrase(name).sub(" … ", text)
    return text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("ruleset", "preset"), PRESETS)
def test_each_preset_reads_in_words_with_nothing_of_a_schema_editor(
    table, words, ruleset, preset, language
):
    """Each preset's page, every setting unfolded or not: no editor's words, no ``null``,
    no paths, no section sign, no value as the config writes it, no id; the preset's
    title marked as chosen; in German and French no English word of any catalogue."""
    page = page_of(table, ruleset, preset, language)
    shown = visible_text(page)
    chosen = manifest_of(ruleset).presets
    assert [p.name for p in chosen].count(preset) == 1
    assert sent(page)["preset"] == preset
    assert re.search(r'<a href="[^"]*preset=' + preset + r'[^"]*" aria-current="true">', page)

    for said in EDITOR_WORDS:
        assert said not in shown, f"{said!r} on the page"
    assert "§" not in shown and "¶" not in shown, "no section signs"
    assert RAW_VALUES.findall(shown) == [], "values as the config writes them"
    assert MESSAGE_ID.findall(without(campaign_words(table), shown)) == []
    assert "django-jsonform" not in page and "rjf§" not in page
    for name, choices in read_form(page).choices.items():
        for value, text in choices:
            assert not text.isdigit(), f"{name}: an id ({text}) as a choice's words"
            if value and text:
                assert text != value or not re.search(r"\d|_", value), (name, value)
    if language != "en":
        foreign = words.of_another_language(language, without(campaign_words(table), shown))
        assert foreign == [], f"English on the {language} page"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_team_by_name_is_folded_away_and_said_to_credit_nobody(table, language):
    """ "A team by name stays possible, chosen on purpose, and the form says plainly that
    such a game credits nobody": the choice among the houses, and the fold's words."""
    page = page_of(table, "chat-quidditch", "full", language)
    house = dict(read_form(page).choices["teams-0-house"])
    said = {
        "en": ("a team by name (credits nobody)", "credits nobody: no house points"),
        "de": (
            "eine Mannschaft mit Namen (bringt niemandem etwas)",
            "bringt niemandem etwas: keine Hauspunkte",
        ),
        "fr": (
            "une équipe par son nom (ne rapporte rien à personne)",
            "ne rapporte rien à personne : ni points des maisons",
        ),
    }[language]
    assert house["by-name"] == said[0]
    assert said[1] in visible_text(page)
    assert re.search(r'<details class="by-name">', page), "folded: the campaign's houses play"


def stored(value):
    """A setting as it reads back: a deck as the game stores it (a list of card and
    copies) as a mapping, and any mapping whatever the order of its keys (PostgreSQL's
    JSON keeps no order)."""
    if isinstance(value, list) and all(isinstance(e, dict) and "card" in e for e in value):
        counted: dict = {}
        for entry in value:
            counted[entry["card"]] = counted.get(entry["card"], 0) + entry["copies"]
        return counted
    return value


@pytest.mark.parametrize(("ruleset", "preset"), PRESETS)
def test_a_game_started_from_a_preset_holds_the_presets_settings(table, ruleset, preset):
    """The page's form posted as it is offered, its seats left to bots: the created game's
    config holds each setting the preset names, as the preset names it."""
    rules = find_ruleset(ruleset)
    settings = next(p for p in manifest_for(rules).presets if p.name == preset).settings
    client = browser(table.storyguide)
    url = f"{address(table, ruleset)}?preset={preset}"
    setup = sent(client.get(url).content.decode())
    seats_page = client.post(url, {**setup, "seats": "1"}).content.decode()
    bot = f"bot:{next(iter(strategies(rules)))}"
    seats = {name: bot for name in re.findall(r'name="(seat:[^"]+)"', seats_page)}
    assert seats, "the setup is taken and its seats are offered"
    answer = client.post(url, {**setup, **seats, "referee": "on", "create": "1"})
    assert answer.status_code == 302
    config = Game.objects.get().config
    for key, value in settings.items():
        assert stored(config[key]) == stored(value), key


def test_the_chat_quidditch_presets_say_what_they_set(table):
    """The short match's page offers four rounds, half-time after the second; the first
    match's a minute to answer; the final's the cup final's rules, ticked."""
    short = sent(page_of(table, "chat-quidditch", "short", "en"))
    assert (short["rounds"], short["half_time_after"], short["answer_seconds"]) == ("4", "2", "10")
    first = sent(page_of(table, "chat-quidditch", "first", "en"))
    assert (first["rounds"], first["answer_seconds"]) == ("6", "60")
    assert "final" not in first, "not ticked"
    assert sent(page_of(table, "chat-quidditch", "final", "en"))["final"] == "on"


def refused(page: str, field: str) -> str:
    """The words beside ``field`` on the page: its paragraph, or its row's cell."""
    found = re.search(
        rf'<(p|td)[^>]*>(?:(?!</\1>).)*name="{re.escape(field)}"(?:(?!</\1>).)*</\1>', page, re.S
    )
    assert found, f"no {field} on the page"
    return visible_text(found.group())


def nothing_created() -> bool:
    return not (Game.objects.exists() or Seat.objects.exists() or GameEvent.objects.exists())


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Rounds must be a whole number from 1 to 10."),
        ("de", "Runden muss eine ganze Zahl von 1 bis 10 sein."),
        ("fr", "Manches doit être un nombre entier de 1 à 10."),
    ],
)
def test_a_bad_setting_is_refused_beside_its_field_in_the_readers_language(table, language, words):
    """Eleven rounds of Chat-Quidditch (§5.1: ten at most), posted to start the game at
    once: refused beside "Rounds", in the page's language; no game, seat or event."""
    client = browser(table.storyguide)
    url = f"{address(table, 'chat-quidditch')}?lang={language}"
    setup = {**sent(client.get(url).content.decode()), "rounds": "11"}
    page = client.post(url, {**setup, "create": "1", "seat:GHüter": "bot:sensible"})
    assert page.status_code == 200
    assert words in refused(page.content.decode(), "rounds")
    assert 'name="seat:' not in page.content.decode(), "no seats for a setup refused"
    assert nothing_created()


def test_the_rules_refusal_of_a_setup_is_shown_in_german_and_nothing_is_created(table):
    """A house against itself (§2): the rules refuse it, in German, above the setup; and a
    position with nobody in it, beside its row."""
    client = browser(table.storyguide)
    url = f"{address(table, 'chat-quidditch')}?lang=de"
    setup = sent(client.get(url).content.decode())
    same = {**setup, "teams-1-house": setup["teams-0-house"]}
    same.update({f"teams-1-{row}-character": setup[f"teams-0-{row}-character"] for row in range(7)})
    page = client.post(url, {**same, "seats": "1"}).content.decode()
    shown = re.search(r'<div class="error" id="setup-refused">(.*?)</div>', page, re.S)
    assert shown and "Ein Haus kann nicht gegen sich selbst spielen." in shown.group(1)

    nobody = {**setup, "teams-0-6-character": ""}
    page = client.post(url, {**nobody, "seats": "1"}).content.decode()
    assert "Wähle, wer diese Position spielt, oder keine Position." in refused(
        page, "teams-0-6-character"
    )
    assert nothing_created()


def test_a_skirmish_participant_by_name_reads_its_attributes_from_words(table):
    """ "Dexterity 5, Quickness 6": a participant written out, its attributes in words;
    anything else refused beside it, with an example in the campaign's attributes."""
    client = browser(table.storyguide)
    url = address(table, "skirmish")
    setup = sent(client.get(url).content.decode())
    assert setup["participants-0-name"] == "Harry"
    assert setup["participants-0-attributes"] == "Dexterity 5, Quickness 6, Strength 3, Wits 4"
    wrong = {**setup, "participants-0-attributes": "Dexterity five"}
    page = client.post(url, {**wrong, "seats": "1"}).content.decode()
    assert "Write each attribute as its name and a whole number: Wits 5, Observation 4." in refused(
        page, "participants-0-attributes"
    )
    harry = table.campaign.characters.get(name="Harry Potter")
    chosen = {**setup, "participants-3-character": str(harry.pk), "participants-3-side": "Lions"}
    page = client.post(url, {**chosen, "seats": "1"}).content.decode()
    assert 'name="seat:p04"' in page, "Harry Potter of the campaign joins as the fourth"


def test_a_refusal_under_more_settings_unfolds_them(table):
    """A catch bonus of 101 (the dice game's bound is 100, LA VICTOIRE): "More settings"
    opens on its refusal; a refusal of a common setting leaves them folded."""
    client = browser(table.storyguide)
    url = address(table, "dice-quidditch")
    setup = sent(client.get(url).content.decode())
    page = client.post(url, {**setup, "catch_bonus": "101", "seats": "1"}).content.decode()
    assert "Catch bonus must be a whole number from 0 to 100." in refused(page, "catch_bonus")
    assert '<details class="more" open>' in page
    page = client.post(url, {**setup, "snitch_to_catch": "11", "seats": "1"}).content.decode()
    assert '<details class="more">' in page
    assert nothing_created()
