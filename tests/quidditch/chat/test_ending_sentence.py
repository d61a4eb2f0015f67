"""A match's end in one sentence, who won and why, in each language (§7, §8.2; issue 39).

"Chat-Quidditch shows 'Points 60' under a '160 – 10' headline with the 100-point
bonus unexplained." The sentence names the winner and the score's parts as the
rules count them: 10 a goal, 50 the snitch, 100 the win (§7).
"""

from __future__ import annotations

import pytest

from quidditch.chat.manifest import MANIFEST

from .rules import RULES, Game

WORDS = MANIFEST.words


def team(house: str, goals: int, snitch: bool, bonus: int, points: int) -> dict:
    return {
        "house": house,
        "initial": house[0],
        "goals": goals,
        "goals_conceded": 0,
        "snitch": snitch,
        "bonus": bonus,
        "points": points,
    }


SNITCH_WIN = {
    "teams": [
        team("Gryffindor", 1, True, 100, 160),
        team("Slytherin", 1, False, 0, 10),
    ],
    "points": [160, 10],
    "winner": 0,
    "rounds_played": 7,
    "ended_by": "snitch",
}
DRAW = {
    "teams": [team("Gryffindor", 3, False, 0, 30), team("Slytherin", 3, False, 0, 30)],
    "points": [30, 30],
    "winner": None,
    "rounds_played": 10,
    "ended_by": "rounds",
}
FINAL_ON_THE_SNITCH = {  # §8.2: 50 – 50 with the snitch on one side, the final's draw
    "teams": [team("Gryffindor", 5, False, 0, 50), team("Slytherin", 0, True, 100, 150)],
    "points": [50, 150],
    "winner": 1,
    "rounds_played": 4,
    "ended_by": "snitch",
}
N = "\u00a0"


@pytest.mark.parametrize(
    ("result", "de", "en", "fr"),
    [
        (
            SNITCH_WIN,
            "Gryffindor gewinnt 160 zu 10, der Schnatz wurde in Runde 7 gefangen: 1 × 10 für "
            "Tore, 50 für den Schnatz und 100 für den Sieg (§7); Slytherin: 1 × 10 für Tore.",
            "Gryffindor wins 160 to 10, the snitch was caught in round 7: 1 × 10 for goals, "
            "50 for the snitch and 100 for the win (§7); Slytherin: 1 × 10 for goals.",
            f"Gryffindor gagne 160 à 10, le Vif d'or a été attrapé à la manche 7{N}: 1 × 10 "
            f"pour les buts, 50 pour le Vif d'or et 100 pour la victoire (§7){N}; "
            f"Slytherin{N}: 1 × 10 pour les buts.",
        ),
        (
            DRAW,
            "Unentschieden, 30 zu 30, nach Runde 10, der letzten: Gryffindor: 3 × 10 für Tore; "
            "Slytherin: 3 × 10 für Tore; ein Unentschieden bringt keine Bonuspunkte (§7).",
            "A draw, 30 to 30, after round 10, the last: Gryffindor: 3 × 10 for goals; "
            "Slytherin: 3 × 10 for goals; a draw gives no bonus (§7).",
            f"Match nul, 30 à 30, après la manche 10, la dernière{N}: Gryffindor{N}: 3 × 10 "
            f"pour les buts{N}; Slytherin{N}: 3 × 10 pour les buts{N}; un match nul ne donne "
            "pas de bonus (§7).",
        ),
        (
            FINAL_ON_THE_SNITCH,
            "Slytherin gewinnt 150 zu 50, der Schnatz wurde in Runde 4 gefangen: 50 für den "
            "Schnatz und 100 für den Sieg, da ein Unentschieden im Finale an die Mannschaft "
            "mit dem Schnatz geht (§8.2); Gryffindor: 5 × 10 für Tore.",
            "Slytherin wins 150 to 50, the snitch was caught in round 4: 50 for the snitch "
            "and 100 for the win, as a final's draw goes to the snitch's team (§8.2); "
            "Gryffindor: 5 × 10 for goals.",
            f"Slytherin gagne 150 à 50, le Vif d'or a été attrapé à la manche 4{N}: 50 pour "
            "le Vif d'or et 100 pour la victoire, un match nul en finale revenant à l'équipe "
            f"qui a attrapé le Vif d'or (§8.2){N}; Gryffindor{N}: 5 × 10 pour les buts.",
        ),
    ],
    ids=["snitch", "draw", "final"],
)
def test_7_8_2_the_end_says_who_won_and_why_in_three_languages(result, de, en, fr):
    assert [WORDS.ending(result, language) for language in ("de", "en", "fr")] == [de, en, fr]


def test_7_a_game_ended_by_agreement_before_a_point_says_so():
    game = Game().kick_off()
    for voter in (None, "GHüter", "SHüter"):
        game.do("Spielende", by=voter)
    result = RULES.result(game.state)
    assert WORDS.ending(result, "en") == (
        "A draw, 0 to 0, ended by agreement in round 0: Gryffindor: no points; "
        "Slytherin: no points; a draw gives no bonus (§7)."
    )
    assert WORDS.ending(result, "de").startswith("Unentschieden, 0 zu 0, in Runde 0 in ")
