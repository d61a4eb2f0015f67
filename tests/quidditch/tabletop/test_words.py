"""Table Top Quidditch in words, in German, English and French (issue 29): the commands as a
player says them, the forms' headings and choices, the seats, the dice's purposes, the
narration, and the refusals; players by their team, position and number on the board."""

import pytest
from django.utils import translation

from games.ruleset import RuleViolation
from tests.quidditch.tabletop import MANIFEST, Match, in_phase, order, scenario

TEAMS = {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}


def said(command: dict, state: dict) -> dict[str, str]:
    words = MANIFEST.words
    return {language: words.command(command, state, language) for language in words.languages}


def test_a_flight_is_said_by_player_distance_and_direction():
    match = in_phase(teams=TEAMS)
    assert said(order("move", "home-chaser1", to=[13, 4]), match.state) == {
        "en": "Gryffindor chaser 2: fly 2 squares north-east",
        "de": "Jäger 2 (Gryffindor): 2 Felder nach Nordosten fliegen",
        "fr": "Poursuiveur 2 (Gryffindor) : voler de 2 cases vers le nord-est",
    }
    assert said(order("move", "home-keeper", to=[5, 10]), match.state)["en"] == (
        "Gryffindor keeper 1: fly one square east"
    )
    assert said(order("move", "home-chaser3", to=[16, 10]), match.state) == {
        "en": "Gryffindor chaser 4: fly to the quaffle",
        "de": "Jäger 4 (Gryffindor): zum Quaffel fliegen",
        "fr": "Poursuiveur 4 (Gryffindor) : voler jusqu'au Souafle",
    }


def test_an_unnamed_team_is_called_by_its_side_in_the_readers_words():
    match = in_phase()
    command = order("move", "away-seeker", to=[19, 4])
    assert said(command, match.state) == {
        "en": "Away seeker 7: fly one square south",
        "de": "Sucher 7 (Gastteam): ein Feld nach Süden fliegen",
        "fr": "Attrapeur 7 (Équipe visiteuse) : voler d'une case vers le sud",
    }
    words = MANIFEST.words
    seats = {lang: words.seat("home", match.state, lang) for lang in words.languages}
    assert seats == {"en": "Home", "de": "Heimteam", "fr": "Équipe locale"}


def test_acts_are_said_with_their_target_and_what_they_need():
    match = in_phase(
        teams=TEAMS,
        quaffle={"carrier": "home-chaser2"},
        home_chaser2=[26, 10],
        away_keeper=[28, 11],
    )
    passing = order("pass", "home-chaser2", to="home-chaser1")
    assert said(passing, match.state) == {
        "en": "Gryffindor chaser 3: pass to Gryffindor chaser 2 (15 squares, 6+)",
        "de": "Jäger 3 (Gryffindor): zu Jäger 2 (Gryffindor) passen (15 Felder, 6+)",
        "fr": "Poursuiveur 3 (Gryffindor) : passer à Poursuiveur 2 (Gryffindor) (15 cases, 6+)",
    }
    assert said(order("shoot", "home-chaser2", hoop=0), match.state) == {
        "en": "Gryffindor chaser 3: shoot at the north hoop",
        "de": "Jäger 3 (Gryffindor): auf den nördlichen Torring werfen",
        "fr": "Poursuiveur 3 (Gryffindor) : tirer sur l'anneau nord",
    }
    tackle = order("tackle", "away-keeper", target="home-chaser2", direction="W")
    assert said(tackle, match.state) == {
        "en": "Slytherin keeper 1: tackle Gryffindor chaser 3, knocking them west",
        "de": "Hüter 1 (Slytherin): Jäger 3 (Gryffindor) angreifen und nach Westen stoßen",
        "fr": "Gardien 1 (Slytherin) : plaquer Poursuiveur 3 (Gryffindor) et le repousser "
        "vers l'ouest",
    }


def test_the_star_and_the_side_are_said_with_the_command():
    match = Match({"scenario": scenario(), "teams": TEAMS})
    begin = {"action": "begin_phase", "side": "home", "star": 1}
    assert said(begin, match.state) == {
        "en": "Gryffindor: Begin the phase, the star setting a die to 1",
        "de": "Gryffindor: Die Phase beginnen, der Starspieler legt einen Würfel auf 1",
        "fr": "Gryffindor : Commencer la phase, le joueur vedette fixant un dé à 1",
    }


def test_a_re_roll_names_the_die_by_what_it_was_rolled_for_and_its_face():
    match = Match({"scenario": scenario()})
    match.do({"action": "begin_phase", "side": "home"}, 2, 1, 4)
    reroll = {"action": "reroll", "side": "home", "die": 2}
    assert said(reroll, match.state) == {
        "en": "The captain re-rolls the seeker's 3D6 for the snitch (4)",
        "de": "Der Kapitän wiederholt die 3W6 des Suchers für den Schnatz (4)",
        "fr": "Le capitaine relance les 3D6 de l'Attrapeur pour le Vif d'or (4)",
    }
    assert MANIFEST.words.choice("reroll", "die", 2, match.state, "de") == (
        "Die 3W6 des Suchers für den Schnatz (4)"
    )
    assert MANIFEST.words.action("reroll", "fr") == "Relancer un dé"
    assert MANIFEST.words.field("reroll", "die", "de") == "Würfel"
    assert MANIFEST.words.purpose("dodge", "fr") == "l'esquive"


def test_the_narration_calls_a_goal_and_the_end_in_each_language():
    events = in_phase(teams=TEAMS, quaffle={"carrier": "home-chaser2"}, home_chaser2=[26, 10]).do(
        order("shoot", "home-chaser2", hoop=1), 5, 2
    )
    goal = next(event for event in events if event["type"] == "goal")
    assert MANIFEST.words.narrate(goal) == {
        "en": "Goal by Gryffindor chaser 3! Gryffindor 10, Slytherin 0.",
        "de": "Tor durch Jäger 3 (Gryffindor)! Gryffindor 10, Slytherin 0.",
        "fr": "But de Poursuiveur 3 (Gryffindor) ! Gryffindor 10, Slytherin 0.",
    }
    caught = in_phase(teams=TEAMS, snitch={"square": [16, 3], "seen": ["home"]}, begin=(1,))
    over = caught.move("home-seeker", [16, 3])[-1]
    assert MANIFEST.words.narrate(over)["fr"] == (
        "Le match est terminé, le Vif d'or est attrapé : Gryffindor 150, Slytherin 0. "
        "Gryffindor gagne !"
    )


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "This player flies 1 to 5 squares, not 6."),
        ("de", "Dieser Spieler fliegt 1 bis 5 Felder, nicht 6."),
        ("fr", "Ce joueur vole de 1 à 5 cases, pas 6."),
    ],
)
def test_a_refusal_is_said_in_the_readers_language(language, detail):
    with pytest.raises(RuleViolation) as refused:
        in_phase().do(order("move", "home-chaser1", to=[17, 6]))
    with translation.override(language):
        assert refused.value.to_json(translate=translation.gettext)["detail"] == detail
