"""A refused chat line says why, in the game's German unless the reader asks for English
or French (issue 18, "Errors and texts a player understands"; issue 29; §3.5, §2.1, §7).

The player types from their own client as Gryffindor's seeker (GSucher); at the
start the game waits for the two captains, the keepers here,' experience points (§3.2).
A refusal names the nicks in the reader's language (issue 39): GHüter, GKeeper, GGardien.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

N = "\u00a0"  # French puts a no-break space before : ? and inside « »

REFUSALS = [
    # (line, code, German, English, French, suggestion)
    (
        "Finden",
        "out_of_turn",
        "Nicht jetzt: Das Spiel wartet auf GHüter, SHüter.",
        "Not now: the game waits for GKeeper, SKeeper.",
        f"Pas maintenant{N}: le match attend GGardien, SGardien.",
        None,
    ),
    (
        "Pass GJager2",
        "unknown_nick",
        "Es gibt keinen Spieler GJager2. Meintest du GJäger2?",
        "There is no player GJager2. Did you mean GJäger2?",
        f"Il n'y a pas de joueur GJager2. Vouliez-vous dire GJäger2{N}?",
        "GJäger2",
    ),
    (
        "Pass Harry",
        "unknown_nick",
        "Es gibt keinen Spieler Harry.",
        "There is no player Harry.",
        "Il n'y a pas de joueur Harry.",
        None,
    ),
    (
        "Fangn",
        "not_a_command",
        "„Fangn“ ist kein Befehl. Meintest du „Fangen“?",
        "“Fangn” is not a command. Did you mean “Fangen”?",
        f"«{N}Fangn{N}» n'est pas un ordre. Vouliez-vous dire «{N}Fangen{N}»{N}?",
        "Fangen",
    ),
    (
        "Hallo",
        "not_a_command",
        "„Hallo“ ist kein Befehl.",
        "“Hallo” is not a command.",
        f"«{N}Hallo{N}» n'est pas un ordre.",
        None,
    ),
    (
        "Chatende",
        "referee_only",
        "„Chatende“ sagt nur der Schiedsrichter.",
        "Only the referee says “Chatende”.",
        f"Seul l'arbitre dit «{N}Chatende{N}».",
        None,
    ),
]


def typed(table, match: dict, text: str, **options):
    return table.client(table.player).post(
        f"/api/matches/{match['id']}/commands/{options.pop('query', '')}",
        {"text": text},
        format="json",
        **options,
    )


@pytest.mark.parametrize(("line", "code", "german", "english", "french", "suggestion"), REFUSALS)
def test_a_refused_line_says_why_in_german_by_default(
    table, line, code, german, english, french, suggestion
):
    match = table.create_match()
    response = typed(table, match, line)
    assert response.status_code == 422
    body = response.json()
    assert (body["code"], body["detail"]) == (code, german)
    assert body.get("did_you_mean") == suggestion


@pytest.mark.parametrize(
    ("ask", "language"),
    [
        ({"query": "?lang=en"}, 3),
        ({"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9,de;q=0.5"}, 3),
        ({"query": "?lang=fr"}, 4),
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}, 4),
    ],
)
@pytest.mark.parametrize("refusal", REFUSALS, ids=[refusal[0] for refusal in REFUSALS])
def test_a_refused_line_says_why_in_english_or_french_on_request(table, ask, language, refusal):
    match = table.create_match()
    response = typed(table, match, refusal[0], **ask)
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["detail"]) == (refusal[1], refusal[language])


@pytest.mark.parametrize(
    ("ask", "detail"),
    [
        ({}, "rounds must be a whole number from 1 to 10."),
        ({"HTTP_ACCEPT_LANGUAGE": "de"}, "rounds muss eine ganze Zahl von 1 bis 10 sein."),
        ({"HTTP_ACCEPT_LANGUAGE": "fr"}, "rounds doit être un nombre entier de 1 à 10."),
    ],
)
def test_5_1_a_refused_config_says_why_in_the_readers_language(table, ask, detail):
    body = table.match_body(settings={"rounds": 11})
    response = table.client(table.storyguide).post("/api/matches/", body, format="json", **ask)
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["detail"]) == ("invalid_config", detail)


@pytest.mark.parametrize(
    ("ask", "detail"),
    [({}, "Das Spiel ist vorbei."), ({"query": "?lang=en"}, "The game is over.")],
)
def test_7_any_line_after_the_end_is_told_the_game_is_over(table, ask, detail):
    match = table.create_match()
    referee = table.client(table.storyguide)
    url = f"/api/matches/{match['id']}/commands/"
    for line in ("Spielende", "GHüter: Spielende", "SHüter: Spielende"):
        assert referee.post(url, {"text": line}, format="json").status_code == 201
    for line in ("Finden", "Hallo"):
        response = typed(table, match, line, **ask)
        assert response.status_code == 422
        assert (response.json()["code"], response.json()["detail"]) == ("game_over", detail)
