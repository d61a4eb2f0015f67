"""The match's table (issue 29): both teams' sheets (position, the attributes the rules roll,
Health), the turn and its phases, what each chooser has chosen as far as the reader may see,
the difficulties each keeper sets with the defended roll's base in force (issue 30: "the
defended difficulty's base (10 by default) is a reading, not in the text; ... the match page
shows it"), and each choice as a select of the legal targets, in the reader's words."""

import pytest
from django.test import Client

from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor
from games.tables import CommandForm, Seen, in_words, offer_forms
from quidditch.rpg.manifest import MANIFEST
from tests.quidditch.rpg import AT_KEEPERS, MISS, RULES, Match, flat

FRED = Actor(PLAYER, frozenset({"home.beater1"}))


def seen(match, actor=FRED, language="en") -> Seen:
    view = RULES.view(match.state, actor)
    offered = in_words(MANIFEST.words, view, RULES.allowed_commands(match.state, actor), language)
    return Seen(RULES, view, actor, language, offered)


def table(match, actor=FRED, language="en") -> dict:
    return MANIFEST.table.context(seen(match, actor, language))


def sheet(context: dict, side: str) -> list[tuple]:
    team = next(team for team in context["teams"] if team["side"] == side)
    return [
        (p["name"], p["position"], p["rolls"], p["health"], p["status"]) for p in team["players"]
    ]


def test_each_team_is_its_seven_by_name_with_the_attributes_their_position_rolls():
    """QUIDDITCH: chasers and beaters roll Strength, the keeper's Toughness and Dexterity set
    the difficulties, seekers roll Dexterity. Nobody has chosen yet: the beaters are to."""
    context = table(Match())
    assert [team["house"] for team in context["teams"]] == ["Gryffindor", "Slytherin"]
    assert sheet(context, "home") == [
        ("GC1", "chaser", ["Strength 5"], 5, ""),
        ("GC2", "chaser", ["Strength 5"], 5, ""),
        ("GC3", "chaser", ["Strength 5"], 5, ""),
        ("GB4", "beater", ["Strength 5"], 5, "to choose"),
        ("GB5", "beater", ["Strength 5"], 5, "to choose"),
        ("GK6", "keeper", ["Toughness 4", "Dexterity 5"], 5, ""),
        ("GS7", "seeker", ["Dexterity 5"], 5, ""),
    ]


def test_a_choice_shows_to_its_chooser_and_as_made_to_everyone_else():
    """ "The order of action within the turn is irrelevant": the others see that Fred (GB4)
    has chosen, not at whom."""
    match = Match()
    match.do({"action": "aim", "player": "home.beater1", "target": "away.keeper"})
    assert sheet(table(match), "home")[3][4] == "the bludger at SK6 (keeper)"
    assert sheet(table(match, Actor(SPECTATOR)), "home")[3][4] == "has chosen"
    assert sheet(table(match, Actor(REFEREE)), "home")[3][4] == "has chosen"


def test_the_difficulties_each_keeper_sets_say_the_base_in_force():
    """A shot against 10 + Toughness 4 + Dexterity 5 = 19, a bludger against 10 + 4 = 14."""
    context = table(Match())
    assert context["base"] == "Defended rolls: base 10, plus the opposing keeper's attributes."
    slytherin = context["teams"][1]
    assert slytherin["defence"] == [
        "Shots at Slytherin's hoops need 19: 10 + Toughness 4 + Dexterity 5 of SK6.",
        "Bludgers at Slytherin hit on 14: 10 + Toughness 4 of SK6.",
    ]


def test_a_match_read_with_another_base_shows_that_base():
    """The setting ``defended_difficulty_base`` (a reading): 12 makes shots need 21."""
    context = table(Match(defended_difficulty_base=12))
    assert context["base"] == "Defended rolls: base 12, plus the opposing keeper's attributes."
    assert context["teams"][0]["defence"][0].startswith("Shots at Gryffindor's hoops need 21: 12")


def test_a_player_with_no_health_left_is_out_and_a_team_without_keeper_says_so():
    match = Match()
    match.state["players"]["away.keeper"].update(health=0, health_lost=5, left=True)
    context = table(match)
    assert sheet(context, "away")[5][3:] == ("0 (−5)", "left the match")
    assert context["teams"][1]["defence"] == [
        "Slytherin has no keeper left: shots need 10, bludgers hit on 10."
    ]


@pytest.mark.parametrize(
    ("turn", "line", "snitch"),
    [
        (1, "Turn 1: scoring, then blocking.", 10),
        (10, "Turn 10: scoring, blocking, then the snitch.", 10),
        (11, "Turn 11: scoring, then blocking.", 15),
        (15, "Turn 15: scoring, blocking, then the snitch.", 15),
    ],
)
def test_the_turn_says_its_phases_and_when_the_snitch_is_chased(turn, line, snitch):
    """ "Each turn is broken down into two phases, scoring and blocking. A third phase ...
    occurs at the end of the tenth turn, and at the end of every fifth turn thereafter.\""""
    match = Match()
    match.state["turn"] = turn
    context = table(match)
    assert context["turn"] == line
    assert context["next_snitch"] == (f"The seekers chase the snitch at the end of turn {snitch}.")


def test_the_end_says_who_won_by_how_much():
    match = Match()
    for _ in range(9):
        match.turn(AT_KEEPERS, *flat(*[MISS] * 10), blind=True)
    seekers = {"home.seeker": "catch", "away.seeker": "catch"}
    match.turn(AT_KEEPERS, *flat(*[MISS] * 10), 20, 1, 10, 1, seekers=seekers, blind=True)
    assert table(match)["over"] is True
    assert MANIFEST.table.result_text(seen(match)) == (
        "Gryffindor wins 150 to 0 and earns 150 house points: Gryffindor caught the snitch "
        "for 150 points, with goals at 0 to 0 (10 points each)."
    )


def test_each_choice_is_a_select_of_the_legal_targets_in_words():
    """The frame's form (``offer_forms``) of Fred's offers: one select, Slytherin's three
    chasers and keeper by name."""
    (form,) = offer_forms(MANIFEST.words, Match().state, seen(Match()).offers, "en")
    assert isinstance(form, CommandForm) and form.heading == "Aim a bludger"
    (choice,) = form.choices
    assert choice.label == "Target"
    assert [words for _, words in choice.options] == [
        "SC1 (chaser)",
        "SC2 (chaser)",
        "SC3 (chaser)",
        "SK6 (keeper)",
    ]
    assert MANIFEST.table.draws == frozenset(), "the choices are the frame's forms"


@pytest.mark.parametrize(
    ("language", "turn", "base", "position", "rolls", "status"),
    [
        (
            "de",
            "Runde 1: erst Torwürfe, dann Klatscher.",
            "Verteidigte Würfe: Grundwert 10 plus die Attribute des gegnerischen Hüters.",
            "Hüter",
            ["Zähigkeit 4", "Geschick 5"],
            "muss wählen",
        ),
        (
            "fr",
            "Tour 1 : tirs au but, puis Cognards.",
            "Jets défendus : base 10, plus les attributs du gardien adverse.",
            "gardien",
            ["Résistance 4", "Dextérité 5"],
            "doit choisir",
        ),
    ],
)
def test_the_table_speaks_the_pages_language(language, turn, base, position, rolls, status):
    context = table(Match(), language=language)
    assert (context["turn"], context["base"]) == (turn, base)
    home = context["teams"][0]["players"]
    assert (home[5]["position"], home[5]["rolls"], home[3]["status"]) == (position, rolls, status)


@pytest.mark.django_db
def test_the_page_is_in_english_the_texts_own_language_unless_the_reader_asks(pitch):
    """Harry Potter's player at a snitch turn: the sheets by name, the base in force, and the
    seeker's choice as a form of plays; ``?lang=de`` gives German, ``?lang=fr`` French."""
    game = pitch.match(seats={"home.seeker": pitch.player.pk}, bots={"*": "sensible"})
    client = Client()
    client.force_login(pitch.player)
    url = f"/matches/{game.pk}/"
    english = client.get(url).content.decode()
    assert "Harry Potter" in english and "Defended rolls: base 10" in english
    assert "Chase the snitch" in english and "Try to catch the snitch" in english
    german = client.get(url, {"lang": "de"}).content.decode()
    assert "Den Schnatz jagen" in german and "Grundwert 10" in german and "Sucher" in german
    french = client.get(url, {"lang": "fr"}).content.decode()
    assert "Chasser le Vif d&#x27;or" in french and "attrapeur" in french
