"""Issue 39, "Done when": "each kind's end shows its sentence in three languages".

A finished game of each of the six kinds (played to its end by the random bot on a fixed
server seed, through the services: ``tests.pages.finished_games``) is opened by its player
in Chromium whose language is German, English or French (the browser's Accept-Language);
the top of its page (``#ending``) says who won and why in that language, as the ruleset's
``ending`` writes it.
"""

import pytest
from playwright.sync_api import expect

from tests.pages.finished_games import KINDS, finished, hogwarts
from tests.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENDINGS = {
    "en": {
        # 9. Winning the Game: 10 a Quaffle or Goal Card, 150 the Snitch.
        "card-quidditch": "Slytherin wins 180 to 60: Slytherin caught the Golden Snitch (150 "
        "points) in round 16 and scored 30 in Quaffles and Goal Cards (10 points each), "
        "Gryffindor 60.",
        # §7: 10 a goal, 100 for the win; one round only.
        "chat-quidditch": "Gryffindor wins 110 to 0, after round 1, the last: 1 × 10 for goals "
        "and 100 for the win (§7); Slytherin: no points.",
        # LA VICTOIRE, on one snitch point: the catch's 15 points decide it.
        "dice-quidditch": "Blue wins on goal points, 15 to 0, the catch's bonus included: Blue "
        "caught the snitch in round 1, with 1 snitch point to 0.",
        "rpg-quidditch": "Slytherin wins 280 to 170 and earns 110 house points: Slytherin "
        "caught the snitch for 150 points, with goals at 13 to 17 (10 points each).",
        # Ch.7: the storyguide's end (the random bot's), everyone still standing.
        "skirmish": "The storyguide ended the skirmish in round 3 (18 seconds), with Harry "
        "(Health 4), Draco (Health 4) and Peeves (Health 5) still in the fight.",
        "tabletop-quidditch": "A draw, 10 points each: no seeker was left to catch the snitch, "
        "with goals at 1 to 1 (10 points each).",
    },
    "de": {
        "card-quidditch": "Slytherin gewinnt 180 zu 60: Slytherin hat in Runde 16 den Goldenen "
        "Schnatz gefangen (150 Punkte) und 30 mit Quaffeln und Torkarten erzielt (je 10 "
        "Punkte), Gryffindor 60.",
        "chat-quidditch": "Gryffindor gewinnt 110 zu 0, nach Runde 1, der letzten: 1 × 10 für "
        "Tore und 100 für den Sieg (§7); Slytherin: keine Punkte.",
        "dice-quidditch": "Blau gewinnt nach Torpunkten, 15 zu 0, der Bonus für den Fang "
        "eingerechnet: Blau hat in Runde 1 den Schnatz gefangen, mit 1 Schnatzpunkt zu 0.",
        "rpg-quidditch": "Slytherin gewinnt 280 zu 170 und erhält 110 Hauspunkte: Slytherin hat "
        "den Schnatz für 150 Punkte gefangen, bei 13 zu 17 Toren (je 10 Punkte).",
        "skirmish": "Die Spielleitung hat das Gefecht in Runde 3 (18 Sekunden) beendet, mit "
        "Harry (Gesundheit 4), Draco (Gesundheit 4) und Peeves (Gesundheit 5) noch im Gefecht.",
        "tabletop-quidditch": "Unentschieden, je 10 Punkte: kein Sucher war mehr da, um den "
        "Schnatz zu fangen, bei 1 zu 1 Toren (je 10 Punkte).",
    },
    "fr": {
        "card-quidditch": "Slytherin gagne 180 à 60 : Slytherin a attrapé le Vif d'or (150 "
        "points) au tour 16 et marqué 30 en Souafles et Cartes But (10 points chacun), "
        "Gryffindor 60.",
        "chat-quidditch": "Gryffindor gagne 110 à 0, après la manche 1, la dernière\xa0: 1 × 10 "
        "pour les buts et 100 pour la victoire (§7)\xa0; Slytherin\xa0: aucun point.",
        "dice-quidditch": "Bleu gagne aux points de but, 15 à 0, bonus de la capture compris : "
        "Bleu a attrapé le Vif d'Or à la manche 1, avec 1 point Vif d'Or à 0.",
        "rpg-quidditch": "Slytherin gagne 280 à 170 et remporte 110 points pour sa maison : "
        "Slytherin a attrapé le Vif d'or pour 150 points, les buts étant de 13 à 17 (10 "
        "points chacun).",
        "skirmish": "Le meneur de jeu a mis fin à l'escarmouche au round 3 (18 secondes), avec "
        "Harry (Santé 4), Draco (Santé 4) et Peeves (Santé 5) encore en état de combattre.",
        "tabletop-quidditch": "Égalité, 10 points chacun : plus aucun Attrapeur ne pouvait "
        "attraper le Vif d'or, les buts étant de 1 à 1 (10 points chacun).",
    },
}


@pytest.mark.parametrize("language", sorted(ENDINGS))
def test_each_kinds_finished_page_says_who_won_and_why_in_the_readers_language(
    live_service, chromium, screenshots, language
):
    campaign, storyguide, player = hogwarts()
    games = {ruleset: finished(ruleset, campaign, storyguide, player) for ruleset in KINDS}
    context = chromium.new_context(locale=language, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    log_in(page, live_service.url, player)
    for ruleset, game in games.items():
        kind = "skirmishes" if game.kind == "skirmish" else "matches"
        page.goto(f"{live_service.url}/{kind}/{game.pk}/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#ending")).to_have_text(ENDINGS[language][ruleset])
        if ruleset == "tabletop-quidditch":  # a finished match's table tells no phase
            expect(page.locator("#table .ttq-legend")).to_be_visible()
            expect(page.locator("#table p.muted").first).not_to_contain_text("Phase")
    page.screenshot(path=screenshots / f"ending-{language}.png")
    context.close()
