"""The table of a Chat-Quidditch match (issue 29): the referee's sheet, from the view alone.

The tests' match: Gryffindor against Slytherin, pitch S, M, G from low to high;
GJäger1 carries the quaffle in M with every other chaser there.
"""

from __future__ import annotations

import pytest

from games.ruleset import PLAYER, REFEREE, Actor
from games.tables import Seen, in_words
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.rules.commands import ACTIONS

from .rules import RULES, Game, config, team

HOLDER = Actor(PLAYER, frozenset({"GJäger1"}))
THE_REFEREE = Actor(REFEREE)


def seen(game: Game, actor: Actor = THE_REFEREE, language: str = "en") -> Seen:
    view = RULES.view(game.state, actor)
    commands = RULES.allowed_commands(game.state, actor, now=game.now)
    return Seen(RULES, view, actor, language, in_words(MANIFEST.words, view, commands, language))


def context(game: Game, actor: Actor = THE_REFEREE, language: str = "en") -> dict:
    return MANIFEST.table.context(seen(game, actor, language))


def chasers() -> Game:
    return Game().kick_off().to_chasers(carrier=3)


def row(table: dict, nick: str) -> dict:
    return next(p for team in table["teams"] for p in team["players"] if p["nick"] == nick)


def test_29_the_table_draws_every_command_itself():
    assert MANIFEST.table.draws == frozenset(ACTIONS)
    assert MANIFEST.table.template == "quidditch_chat/table.html"


def test_5_1_where_the_round_stands_and_whom_it_waits_for_in_words():
    table = context(chasers())
    assert table["round"] == "Round 1 of 10"
    assert table["now"] == "The chasers and keepers play the quaffle."
    assert context(chasers(), language="de")["now"] == "Jäger und Hüter spielen den Quaffel."
    assert context(Game())["round"] == "Before the first round"
    game = Game()
    game.do({"action": "quaffle_roll"}, 6, 6, 1, 1)  # Gryffindor wins: Slytherin chooses (§4.2)
    assert context(game)["now"] == "Slytherin chooses the third of its goal."


def test_4_2_the_score_table_names_each_teams_goal_third_and_possession():
    teams = context(chasers())["teams"]
    assert [(t["house"], t["goal"], t["goals"], t["points"]) for t in teams] == [
        ("Gryffindor", "G", 0, 0),
        ("Slytherin", "S", 0, 0),
    ]
    assert [t["possession"] for t in teams] == [True, False]


def test_5_3_the_pitch_shows_who_is_in_each_third_and_the_quaffle_with_its_carrier():
    pitch = context(chasers())["pitch"]
    assert [third["name"] for third in pitch] == [
        "S (Slytherin's goal)",
        "M (the middle)",
        "G (Gryffindor's goal)",
    ]
    middle = {player["said"] for player in pitch[1]["players"]}  # in English (issue 39)
    assert middle == {"GChaser1", "GChaser2", "GChaser3", "SChaser1", "SChaser2", "SChaser3"}
    assert pitch[1]["balls"] == ["the quaffle (GChaser1)", "a bludger"]  # (no beater there)
    assert "SHüter" in {player["nick"] for player in pitch[0]["players"]}


def test_5_4_1_a_player_out_is_marked_and_leaves_the_pitch():
    game = Game().kick_off()
    thirds = {"GTreiber1": "S", "STreiber1": "G", "STreiber2": "G", "GSucher": "S"}
    game.start_round(thirds, bludgers=(1, 3))
    game.do("Klatscher freigegeben")
    game.do("Klatscherwurf SSucher", 6, 1, 3, 1, by="GTreiber1")
    table = context(game)
    assert "out this round" in row(table, "SSucher")["marks"]
    assert "SSucher" not in {p["nick"] for third in table["pitch"] for p in third["players"]}


def test_29_a_players_commands_are_buttons_in_his_row_with_the_chat_line_as_a_hint():
    table = context(chasers(), HOLDER)
    buttons = {button.label: button for button in row(table, "GJäger1")["buttons"]}
    assert set(buttons) == {
        "Fly from M (the middle) to S (Slytherin's goal)",
        "Fly from M (the middle) to G (Gryffindor's goal)",
        *(f"Pass to {nick}" for nick in ("GChaser2", "GChaser3")),
        *(f"Pass to {nick}" for nick in ("SChaser1", "SChaser2", "SChaser3")),  # §3.5 allows it
    }
    assert buttons["Pass to GChaser2"].hint == "In the chat: Pass GChaser2"
    assert buttons["Pass to GChaser2"].json == (
        '{"action":"pass","player":"GJäger1","target":"GJäger2"}'
    )
    assert table["words"] == []  # no referee's word for a player
    assert row(table, "SJäger1")["buttons"] == []


def test_29_the_referee_relays_each_nicks_line_and_says_his_own_words():
    table = context(chasers())
    relayed = {button.label: button.hint for button in row(table, "SJäger1")["buttons"]}
    assert relayed == {"Foul GChaser1": "In the chat: SChaser1: Foul GChaser1"}
    words = {button.label: button.hint for button in table["words"]}
    assert words == {  # issue 39: "tooltips say 'In the chat: Chatende'" on an English page
        "End the sub-round": "In the chat: Sub-round over",
        "Propose to end the game": "In the chat: End game",
    }


@pytest.mark.parametrize(
    ("language", "label", "hint"),
    [
        ("de", "Pass an GJäger2", "Im Chat: Pass GJäger2"),
        ("en", "Pass to GChaser2", "In the chat: Pass GChaser2"),
        ("fr", "Passer à GPoursuiveur2", "Dans le chat\u00a0: Passe GPoursuiveur2"),
    ],
)
def test_29_39_the_buttons_and_their_hints_speak_the_pages_language(language, label, hint):
    buttons = row(context(chasers(), HOLDER, language), "GJäger1")["buttons"]
    button = next(b for b in buttons if b.json.endswith('"target":"GJäger2"}'))
    assert (button.label, button.hint) == (label, hint)


def test_3_4_a_timed_answer_shows_its_deadline_in_the_row():
    game = Game().kick_off().to_chasers(carrier=1)
    game.do("Torwurf", 6, 6, by="GJäger1")
    keeper = row(context(game), "SHüter")
    deadline = game.state["pending"][0]["deadline"]
    assert keeper["awaited"] and keeper["until"].endswith(" UTC")
    assert [b.label for b in keeper["buttons"]] == ["Save the shot"]
    assert deadline > game.now
    # The page's script counts down in these words: it fills in "{seconds}", not the catalogue.
    assert keeper["left"] == "{seconds} s left"
    assert row(context(game, language="de"), "SHüter")["left"] == "noch {seconds} s"


def test_7_the_end_says_who_won_and_why_once_at_the_top_of_the_page():
    """Issue 39: the end says the score's parts (the table's ``result_text``, which the
    page's frame shows at its top); the sheet knows the match is over and does not say it
    again; before the end, nothing."""
    game = Game().kick_off()
    game.do("Spielende")
    game.do("Spielende", by="GHüter")
    game.do("Spielende", by="SHüter")
    assert MANIFEST.table.result_text(seen(game)) == (
        "A draw, 0 to 0, ended by agreement in round 0: Gryffindor: no points; "
        "Slytherin: no points; a draw gives no bonus (§7)."
    )
    assert context(game)["over"] is True and "result" not in context(game)
    assert context(chasers())["over"] is False
    assert MANIFEST.table.result_text(seen(chasers())) is None


def test_8_6_the_sheet_shows_a_request_with_the_referees_answers_and_the_bench():
    gryffindor = {**team("Gryffindor", {}), "substitutes": [{"name": "Neville Longbottom"}]}
    game = Game(config(teams=[gryffindor, team("Slytherin", {})])).kick_off().to_chasers(carrier=3)
    captain = Actor(PLAYER, frozenset({"GHüter"}))
    asks = context(game, captain)["substitutions"]["asks"]
    assert asks[0].label == (
        "Ask the referee for a substitution (a player is gone from the table): GKeeper "
        "(Gryffindor 0) leaves the game, Neville Longbottom comes in as GKeeper"
    )
    assert len(asks) == 7  # folded under the players, not in the captain's row
    assert [b.label for b in row(context(game, captain), "GHüter")["buttons"]] == []
    request = next(c for c in RULES.allowed_commands(game.state, captain) if "changes" in c)
    game.do(request, by="GHüter")

    sheet = context(game)["substitutions"]
    assert [r["text"] for r in sheet["requests"]] == [
        "Gryffindor asks for a substitution (a player is gone from the table): GKeeper "
        "(Gryffindor 0) leaves the game, Neville Longbottom comes in as GKeeper"
    ]
    assert [b.label for b in sheet["requests"][0]["buttons"]] == [
        "Allow Gryffindor's substitution now",
        "Allow Gryffindor's substitution at the next pause",
        "Allow Gryffindor's substitution at half-time",
        "Refuse Gryffindor's substitution",
    ]
    assert [t["text"] for t in sheet["bench"]] == ["Substitutes of Gryffindor: Neville Longbottom"]
    german = context(game, language="de")["substitutions"]["requests"][0]["buttons"][0].label
    assert german == "Den Spielerwechsel von Gryffindor sofort erlauben"

    game.do({"action": "accept_substitution", "team": 0, "when": "pause"})
    sheet = context(game)["substitutions"]
    assert [r["text"] for r in sheet["requests"]] == [
        "Gryffindor's substitution is allowed at the next pause: GKeeper (Gryffindor 0) leaves "
        "the game, Neville Longbottom comes in as GKeeper"
    ]
    assert sheet["requests"][0]["buttons"] == []
