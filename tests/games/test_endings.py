"""Issue 39, Endings: "Every ruleset's end says who won and why in one sentence, with the
score's parts (goals, snitch, bonuses, fouls) as the rules count them, in the reader's
language; the same sentence is in the API's ``result``."

Each ruleset's ``ending`` is read from a finished game's ``result`` as the rules give it,
in English, German and French; the served schema requires the sentence.
"""

import pytest

from games.manifest import manifest_of
from games.ruleset import find_ruleset
from games.schema import RulesetShapes
from tests.support import Table


@pytest.fixture
def members(db):
    """A campaign with one user of each role (``tests.support.Table``)."""
    return Table()


DICE = {"winner": "blue", "goals": {"red": 60, "blue": 85}, "snitch": {"red": 2, "blue": 5}}
CARDS = {"winner": "slytherin", "points": {"slytherin": 190, "gryffindor": 60}}
RPG_TEAMS = [{"side": "home", "house": "Gryffindor"}, {"side": "away", "house": "Slytherin"}]
TABLETOP_TEAMS = {"home": "Gryffindor", "away": "Slytherin"}

ENDINGS = [
    # LA VICTOIRE: the most goal points win, the catcher's 15 among them.
    (
        "dice-quidditch",
        {**DICE, "rounds": 7},
        {
            "en": "Blue wins on goal points, 85 to 60, the catch's bonus included: Blue caught "
            "the snitch in round 7, with 5 snitch points to 2.",
            "de": "Blau gewinnt nach Torpunkten, 85 zu 60, der Bonus für den Fang eingerechnet: "
            "Blau hat in Runde 7 den Schnatz gefangen, mit 5 zu 2 Schnatzpunkten.",
            "fr": "Bleu gagne aux points de but, 85 à 60, bonus de la capture compris : Bleu a "
            "attrapé le Vif d'Or à la manche 7, avec 5 points Vif d'Or à 2.",
        },
    ),
    (
        "dice-quidditch",
        {
            "winner": "red",
            "goals": {"red": 90, "blue": 75},
            "snitch": {"red": 3, "blue": 5},
            "rounds": 6,
        },
        {
            "en": "Red wins on goal points, 90 to 75, although Blue caught the snitch in round "
            "6, with 5 snitch points to 3, and took the catch's bonus.",
        },
    ),
    # 9. Winning the Game: 10 a Quaffle or Goal Card, 150 the Snitch.
    (
        "card-quidditch",
        {**CARDS, "snitch": "slytherin", "rounds": 9},
        {
            "en": "Slytherin wins 190 to 60: Slytherin caught the Golden Snitch (150 points) in "
            "round 9 and scored 40 in Quaffles and Goal Cards (10 points each), Gryffindor 60.",
            "de": "Slytherin gewinnt 190 zu 60: Slytherin hat in Runde 9 den Goldenen Schnatz "
            "gefangen (150 Punkte) und 40 mit Quaffeln und Torkarten erzielt (je 10 Punkte), "
            "Gryffindor 60.",
        },
    ),
    (
        "card-quidditch",
        {
            "winner": "slytherin",
            "points": {"slytherin": 160, "gryffindor": 150},
            "snitch": "gryffindor",
            "rounds": 12,
        },
        {
            "en": "Slytherin wins 160 to 150 on Quaffles and Goal Cards (10 points each), 160 "
            "to 0, although Gryffindor caught the Golden Snitch (150 points) in round 12.",
        },
    ),
    # Draco Dormiens quidditch: 10 a goal, 150 the snitch; the difference in house points.
    (
        "rpg-quidditch",
        {
            "winner": "home",
            "score": {"home": 190, "away": 40},
            "caught_by": "home",
            "house_points": 150,
            "teams": RPG_TEAMS,
            "health_lost": {},
        },
        {
            "en": "Gryffindor wins 190 to 40 and earns 150 house points: Gryffindor caught the "
            "snitch for 150 points, with goals at 4 to 4 (10 points each).",
            "de": "Gryffindor gewinnt 190 zu 40 und erhält 150 Hauspunkte: Gryffindor hat den "
            "Schnatz für 150 Punkte gefangen, bei 4 zu 4 Toren (je 10 Punkte).",
            "fr": "Gryffindor gagne 190 à 40 et remporte 150 points pour sa maison : Gryffindor "
            "a attrapé le Vif d'or pour 150 points, les buts étant de 4 à 4 (10 points chacun).",
        },
    ),
    # Table Top: a goal 10, the snitch 150, caught or given by a concession.
    (
        "tabletop-quidditch",
        {
            "winner": "away",
            "score": {"home": 0, "away": 170},
            "goals": {"home": 0, "away": 2},
            "ended_by": "snitch",
            "snitch": "away-seeker",
            "teams": TABLETOP_TEAMS,
        },
        {
            "en": "Slytherin wins 170 to 0: Slytherin seeker 7 caught the snitch for 150 "
            "points, with goals at 2 to 0 (10 points each).",
            "de": "Slytherin gewinnt 170 zu 0: Sucher 7 (Slytherin) hat den Schnatz für 150 "
            "Punkte gefangen, bei 2 zu 0 Toren (je 10 Punkte).",
            "fr": "Slytherin gagne 170 à 0 : Attrapeur 7 (Slytherin) a attrapé le Vif d'or pour "
            "150 points, les buts étant de 2 à 0 (10 points chacun).",
        },
    ),
    (
        "tabletop-quidditch",
        {
            "winner": "away",
            "score": {"home": 10, "away": 30},
            "goals": {"home": 1, "away": 3},
            "ended_by": "no_seekers",
            "snitch": None,
            "teams": {"home": None, "away": None},
        },
        {
            "en": "Away wins 30 to 10: no seeker was left to catch the snitch, with goals at 3 "
            "to 1 (10 points each).",
        },
    ),
    # Ch.7: over when nobody is left to oppose anyone; six seconds a round; Health.
    (
        "skirmish",
        {
            "ended_by": "rules",
            "standing": ["p1"],
            "rounds": 3,
            "seconds": 18,
            "health": {"p1": 4, "p2": 0},
            "names": {"p1": "Harry", "p2": "Draco"},
        },
        {
            "en": "Over in round 3 (18 seconds): nobody is left to oppose Harry (Health 4); out "
            "of the fight: Draco (Health 0).",
            "de": "Vorbei in Runde 3 (18 Sekunden): Niemand steht Harry (Gesundheit 4) mehr "
            "gegenüber; außer Gefecht: Draco (Gesundheit 0).",
            "fr": "Terminée au round 3 (18 secondes) : plus personne ne s'oppose à Harry "
            "(Santé 4) ; hors de combat : Draco (Santé 0).",
        },
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "result", "language", "sentence"),
    [
        (ruleset, result, language, sentence)
        for ruleset, result, sentences in ENDINGS
        for language, sentence in sentences.items()
    ],
)
def test_each_ruleset_says_who_won_and_why_in_the_readers_language(
    ruleset, result, language, sentence
):
    assert manifest_of(ruleset).words.ending(result, language) == sentence


def test_the_table_log_names_no_winner():
    """The campaign's table log has no winner: the default, no sentence."""
    assert manifest_of("table-log").words.ending({}, "en") == ""


def test_the_served_result_requires_its_sentence_in_the_rulesets_own_object():
    """No ``allOf`` beside it: a generated client types ``sentence`` with the rest."""
    for name in ("dice-quidditch", "card-quidditch", "skirmish"):
        shapes = RulesetShapes(find_ruleset(name)).own()
        served = next(schema for key, schema in shapes.items() if key.endswith("Result"))
        assert "allOf" not in served
        assert served["properties"]["sentence"]["type"] == "string"
        assert "sentence" in served["required"]


@pytest.mark.django_db
def test_the_apis_result_carries_the_sentence_in_the_language_the_reader_asks_for(members):
    """The same sentence in the API's ``result``: ``?lang=`` or ``Accept-Language`` choose
    its language, the game's own (French, the dice text's) without either."""
    referee = members.client(members.storyguide)
    created = referee.post(
        "/api/matches/",
        {
            "campaign": members.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {"snitch_to_catch": 1},
            "bots": {"*": "sensible"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    url = f"/api/matches/{created.json()['id']}/"
    words = manifest_of("dice-quidditch").words
    for asked, language in (({"lang": "de"}, "de"), ({}, "fr")):
        result = referee.get(url, asked).json()["result"]
        sentence = result.pop("sentence")
        assert sentence == words.ending(result, language) and sentence
    english = referee.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["result"]["sentence"]
    assert english.startswith(("Red wins on goal points", "Blue wins on goal points", "A draw"))
