"""Everything a person reads of the dice game in French (the text's own language, the
game's default), German and English (issue 29): the transcript, the commands, the seats,
the dice's purposes and the refusals, in the dice game's own words (LES DÉS: Souafle,
Cognard, Vif d'Or, gardien, dé de but)."""

import pytest
from django.utils import translation

from quidditch.dice.manifest import MANIFEST
from tests.quidditch.dice import started

WORDS = MANIFEST.words

pytestmark = pytest.mark.parametrize("language", ["fr", "de", "en"])

PLACED = {"type": "placed", "side": "red", "die": "quaffle", "row": 6}
ROUND_SCORED = {
    "type": "round_scored",
    "side": "blue",
    "goal_points": 40,
    "snitch_points": 1,
    "goals": 120,
    "snitch": 3,
}
NARRATION = {
    "fr": (
        "Rouge place le Souafle sur la rangée 6.",
        "Bleu marque : points de but +40, points Vif d'Or +1 ; "
        "en tout, points de but 120, points Vif d'Or 3.",
    ),
    "de": (
        "Rot legt den Quaffel in Reihe 6.",
        "Blau punktet: Torpunkte +40, Schnatzpunkte +1; insgesamt Torpunkte 120, Schnatzpunkte 3.",
    ),
    "en": (
        "Red puts the quaffle on row 6.",
        "Blue scores goal points +40, snitch points +1; in all, goal points 120, snitch points 3.",
    ),
}


def test_the_game_speaks_french_first_then_german_and_english(language):
    assert WORDS.languages == ("fr", "de", "en") and language in WORDS.languages


def test_the_transcript_in_each_language(language):
    assert (WORDS.narrate(PLACED)[language], WORDS.narrate(ROUND_SCORED)[language]) == (
        NARRATION[language]
    )


COMMANDS = {
    "fr": [
        "Placer le Cognard 2 sur la rangée 2",
        "Mettre le Cognard 2 de côté : la rangée 2 est complète",
        "Terminer le tour",
        "Lancer les dés : qui attaque en premier ?",
    ],
    "de": [
        "Lege den Klatscher 2 in Reihe 2",
        "Lege den Klatscher 2 beiseite: Reihe 2 ist voll",
        "Beende den Zug",
        "Würfle aus, wer zuerst angreift",
    ],
    "en": [
        "Place bludger 2 on row 2",
        "Set bludger 2 aside: row 2 is full",
        "End the turn",
        "Roll off for the first attack",
    ],
}


def test_each_command_as_its_giver_would_say_it(language):
    """Bludger 2 rolled 3, a d12 halved: row 2 (LE TERRAIN)."""
    view = started(defence_faces=(5, 11, 3)).state
    commands = [
        {"action": "place", "player": "blue", "die": "bludger2"},
        {"action": "set_aside", "player": "blue", "die": "bludger2"},
        {"action": "end_turn", "player": "blue"},
        {"action": "roll_off"},
    ]
    assert [WORDS.command(c, view, language) for c in commands] == COMMANDS[language]


FORMS = {
    "fr": ("Placer un dé", "Dé", "Souafle", "Joueur", "Bleu"),
    "de": ("Lege einen Würfel", "Würfel", "Quaffel", "Spieler", "Blau"),
    "en": ("Place a die", "Die", "Quaffle", "Player", "Blue"),
}


def test_a_form_of_commands_has_a_heading_its_fields_and_their_choices(language):
    view = started().state
    assert (
        WORDS.action("place", language),
        WORDS.field("place", "die", language),
        WORDS.choice("place", "die", "quaffle", view, language),
        WORDS.field("place", "player", language),
        WORDS.choice("place", "player", "blue", view, language),
    ) == FORMS[language]


SEATS = {"fr": ["Rouge", "Bleu"], "de": ["Rot", "Blau"], "en": ["Red", "Blue"]}
PURPOSES = {
    "fr": ["le lancer pour savoir qui attaque en premier", "Dé de but 3", "Vif d'Or"],
    "de": ["das Auswürfeln, wer zuerst angreift", "Torwürfel 3", "Schnatz"],
    "en": ["the roll-off for the first attack", "Goal die 3", "Snitch"],
}


def test_the_seats_are_the_players_colours(language):
    """PRÉPARATION: "Chaque joueur choisit une couleur, soit rouge ou bleu"."""
    view = started().state
    assert [WORDS.seat(seat, view, language) for seat in ("red", "blue")] == SEATS[language]


def test_what_each_die_is_rolled_for(language):
    assert [WORDS.purpose(p, language) for p in ("roll_off", "goal3", "snitch")] == (
        PURPOSES[language]
    )


REFUSALS = {
    "fr": (
        "Le Vif d'Or est toujours le premier dé placé.",
        "La rangée 1 contient déjà quatre dés.",
    ),
    "de": (
        "Der Schnatz ist immer der erste Würfel, der gelegt wird.",
        "Reihe 1 hat schon vier Würfel.",
    ),
    "en": ("The snitch is always the first die placed.", "Row 1 already holds four dice."),
}


@pytest.mark.django_db
def test_a_refusal_is_told_in_the_readers_language(language, members):
    """LE JEU: the snitch first; LE TERRAIN: four dice a row at most. ``?lang=`` chooses."""
    referee = members.client(members.storyguide)
    created = referee.post(
        "/api/matches/",
        {"campaign": members.campaign.pk, "ruleset": "dice-quidditch", "config": {}},
        format="json",
    ).json()
    url = f"/api/matches/{created['id']}/commands/?lang={language}"
    referee.post(url, {"command": {"action": "roll_off"}}, format="json")
    game = referee.get(f"/api/matches/{created['id']}/").json()
    attack = game["state"]["attack"]
    refused = referee.post(
        url, {"command": {"action": "place", "player": attack, "die": "goal1"}}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (422, "first_die")
    assert refused.json()["detail"] == REFUSALS[language][0]


def test_a_refusal_with_a_number_keeps_it_in_every_language(language):
    """LE TERRAIN, "Un rangée peut contenir un maximum de 4 dés": row 1 holds the snitch and
    three goal dice, so goal die 4 (rolled 1) is refused, its row named in the reader's words."""
    game = started(attack_faces=(1, 1, 1, 1, 1, 1))
    for die in ("snitch", "goal1", "goal2", "goal3"):
        game.place("red", die)
    error = game.refused({"action": "place", "player": "red", "die": "goal4"}, "row_full")
    with translation.override(language):
        assert error.to_json(translation.gettext)["detail"] == REFUSALS[language][1]
