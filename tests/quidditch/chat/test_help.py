"""``help``, ``hilfe``, ``aide``: what the sender may type now, in words (§3.5; issue 39).

"'help' answers '“help” is not a command.' with no list." The answer lists the
commands the rules offer the sender now, each with its chat line in the
reader's language; it is a refusal (422, code ``help``), so nothing is played
and nothing is written to the game's log.
"""

from __future__ import annotations

import pytest

from core.responses import error_body
from games.ruleset import RuleViolation
from quidditch.chat.manifest import MANIFEST

from .rules import Game, player

N = "\u00a0"


def asked(game: Game, line: str, by: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse(line, state=game.state, actor=player(by))
    return caught.value


def test_39_help_lists_the_carriers_commands_with_their_chat_lines_in_three_languages():
    """GJäger1 holds the quaffle in M: he may fly to either goal third or pass (§5.5)."""
    game = Game().kick_off().to_chasers(carrier=3)
    answer = asked(game, "help", "GJäger1")
    assert (answer.code, answer.status, answer.rule) == ("help", 422, "§3.5")
    english = error_body(answer, "en")
    assert english["detail"] == "\n".join(
        [
            "What you may type in the chat now:",
            "“Fly M-S”: Fly from M (the middle) to S (Slytherin's goal)",
            "“Fly M-G”: Fly from M (the middle) to G (Gryffindor's goal)",
            "“Pass GChaser2”: Pass to GChaser2",
            "“Pass GChaser3”: Pass to GChaser3",
            "“Pass SChaser1”: Pass to SChaser1",
            "“Pass SChaser2”: Pass to SChaser2",
            "“Pass SChaser3”: Pass to SChaser3",
        ]
    )
    assert english["commands"][2] == {"line": "Pass GChaser2", "words": "Pass to GChaser2"}
    german = error_body(asked(game, "Hilfe", "GJäger1"), "de")["detail"].split("\n")
    assert german[:2] == [
        "Was du jetzt im Chat schreiben kannst:",
        "„Fliegen M-S“: Fliegen von M (die Mitte) nach S (Tor von Slytherin)",
    ]
    french = error_body(asked(game, "AIDE", "GJäger1"), "fr")["detail"].split("\n")
    assert french[0] == f"Ce que vous pouvez écrire dans le chat maintenant{N}:"
    assert french[3] == f"«{N}Passe GPoursuiveur2{N}»{N}: Passer à GPoursuiveur2"


def test_39_help_when_nothing_is_awaited_from_the_sender_says_so():
    game = Game().kick_off().to_chasers(carrier=3)
    answer = asked(game, "help", "GSucher")  # the seekers play after the chasers (§5.1)
    assert [error_body(answer, language)["detail"] for language in ("de", "en", "fr")] == [
        "Gerade wird nichts von dir erwartet.",
        "Nothing is awaited from you now.",
        "Rien n'est attendu de vous pour l'instant.",
    ]
    assert error_body(answer, "en")["commands"] == []


def test_39_a_command_without_a_chat_line_is_named_as_a_button():
    """Before the first round the captain may ask for the quaffle roll, which only the
    referee says in the chat (§4.2), and whisper a substitution (§8.6)."""
    lines = error_body(asked(Game(), "help", "GHüter"), "en")["detail"].split("\n")
    assert lines[:3] == [
        "What you may type in the chat now:",
        "Roll for the quaffle (a button on the table, no chat line)",
        "Ask the referee for a substitution (a player is gone from the table): GKeeper "
        "(Gryffindor 0) leaves the game, GChaser1 (Gryffindor 2) takes GKeeper "
        "(a button on the table, no chat line)",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ask", "detail"),
    [
        ({}, "Gerade wird nichts von dir erwartet."),
        ({"HTTP_ACCEPT_LANGUAGE": "en"}, "Nothing is awaited from you now."),
        ({"HTTP_ACCEPT_LANGUAGE": "fr"}, "Rien n'est attendu de vous pour l'instant."),
    ],
)
def test_39_help_through_the_api_answers_in_the_readers_language_and_writes_nothing(
    table, ask, detail
):
    """The player holds GSucher; at the start the captains hand out points (§3.2)."""
    match = table.create_match()
    client = table.client(table.player)
    url = f"/api/matches/{match['id']}/"

    response = client.post(f"{url}commands/", {"text": "help"}, format="json", **ask)

    assert response.status_code == 422
    assert (response.json()["code"], response.json()["detail"]) == ("help", detail)
    assert response.json()["commands"] == []
    game = client.get(url).json()
    assert game["version"] == match["version"] == 0
    assert client.get(f"{url}events/").json()["results"] == []


@pytest.mark.django_db
def test_39_the_referees_help_lists_his_words_and_the_lines_he_relays(table):
    match = table.create_match()
    referee = table.client(table.storyguide)
    url = f"/api/matches/{match['id']}/commands/"
    response = referee.post(url, {"text": "hilfe"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    commands = response.json()["commands"]
    assert {"line": "End game", "words": "Propose to end the game"} in commands
    assert {
        "line": None,
        "words": "GKeeper: Hand out no experience points",
    } in commands  # the captains nobody holds: the referee relays (§4.1.2)
