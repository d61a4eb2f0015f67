"""§8.6 Spielerersatz: the captain asks the referee for one substitution, in which at most
three persons change position; the referee allows it (now, at the next pause or at
half-time) or refuses it; a keeper or seeker who leaves is replaced.

The standard match (see ``__init__``): each team's roster is keeper 0, seeker 1, chasers
2-4, beaters 5-6, named "Gryffindor 0" ... "Gryffindor 6"; the captain is the keeper,
GHüter. After ``kick_off`` the match is in the chat before the first round.
"""

from __future__ import annotations

import pytest

from games.ruleset import Actor
from quidditch.chat.manifest import MANIFEST

from . import RULES, Game, config, team

KEEPER_BY_CHASER = {
    "action": "substitution",
    "player": "GHüter",
    "reason": "absent",
    "changes": [{"nick": "GHüter", "to": None}, {"nick": "GJäger3", "to": "GHüter"}],
}
"""GHüter's player is gone; the chaser GJäger3 keeps goal, and GJäger3 stays empty."""


def with_substitutes(*names: str, xp: dict[int, int] | None = None) -> Game:
    """The standard match, Gryffindor with ``names`` on its bench, kicked off."""
    gryffindor = {**team("Gryffindor", xp or {}), "substitutes": [{"name": n} for n in names]}
    return Game(config(teams=[gryffindor, team("Slytherin", {})])).kick_off()


def moves(game: Game) -> list[tuple[str, str | None, str | None]]:
    return [(m["name"], m["from"], m["to"]) for m in game.event("substitution_made")["moves"]]


def test_8_6_a_keeper_who_is_gone_is_replaced_by_a_chaser_already_playing():
    game = Game().kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    assert game.event("substitution_asked") == {
        "type": "substitution_asked",
        "team": 0,
        "house": "Gryffindor",
        "player": "GHüter",
        "reason": "absent",
        "note": None,
        "moves": [
            {"name": "Gryffindor 0", "from": "GHüter", "to": None},
            {"name": "Gryffindor 4", "from": "GJäger3", "to": "GHüter"},
        ],
    }
    assert game.state["lineup"]["keeper"][0] == ["GHüter"]  # nothing changes before he allows

    game.do({"action": "accept_substitution", "team": 0, "when": "now"})

    assert [e["type"] for e in game.events] == ["substitution_accepted", "substitution_made"]
    assert moves(game) == [("Gryffindor 0", "GHüter", None), ("Gryffindor 4", "GJäger3", "GHüter")]
    assert game.event("substitution_made")["vacant"] == ["GJäger3"]
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 4"
    assert game.state["lineup"]["chaser"][0] == ["GJäger1", "GJäger2"]
    assert game.state["thirds"]["GHüter"] == "G"  # the keeper's place, at his goal (§5.3)
    assert game.state["teams"][0]["substituted"] is True
    # GJäger3 is asked for no third in the next round: nobody plays it any more.
    game.start_round()
    assert "GJäger3" not in game.state["thirds"]
    assert game.state["thirds"]["GJäger2"] == "M"


def test_8_6_the_log_says_so_in_german_english_and_french():
    game = Game().kick_off()
    asked = game.do(KEEPER_BY_CHASER, by="GHüter")[0]
    accepted, made = game.do({"action": "accept_substitution", "team": 0, "when": "now"})
    assert MANIFEST.words.narrate(asked) == {
        "de": "Gryffindor: Der Kapitän GHüter bittet den Schiedsrichter um einen Spielerwechsel "
        "(ein Spieler ist verschwunden): GHüter (Gryffindor 0) hört auf, GJäger3 (Gryffindor 4) "
        "übernimmt GHüter",
        "en": "Gryffindor: the captain GKeeper asks the referee for a substitution (a player is "
        "gone from the table): GKeeper (Gryffindor 0) leaves the game, GChaser3 (Gryffindor 4) "
        "takes GKeeper",
        "fr": "Gryffindor\u00a0: le capitaine GGardien demande un remplacement à l'arbitre (un "
        "joueur a disparu)\u00a0: GGardien (Gryffindor 0) quitte le jeu, GPoursuiveur3 "
        "(Gryffindor 4) prend GGardien",
    }
    assert MANIFEST.words.narrate(accepted) == {
        "de": "Der Schiedsrichter erlaubt den Spielerwechsel von Gryffindor sofort",
        "en": "The referee allows Gryffindor's substitution now",
        "fr": "L'arbitre autorise le remplacement de Gryffindor maintenant",
    }
    assert MANIFEST.words.narrate(made) == {
        "de": "Spielerwechsel bei Gryffindor: GHüter (Gryffindor 0) hört auf, GJäger3 "
        "(Gryffindor 4) übernimmt GHüter. GJäger3 bleibt unbesetzt. GHüter ist jetzt Kapitän",
        "en": "Substitution for Gryffindor: GKeeper (Gryffindor 0) leaves the game, GChaser3 "
        "(Gryffindor 4) takes GKeeper. GChaser3 stays empty. GKeeper is captain now",
        "fr": "Remplacement pour Gryffindor\u00a0: GGardien (Gryffindor 0) quitte le jeu, "
        "GPoursuiveur3 (Gryffindor 4) prend GGardien. GPoursuiveur3 reste vacant. GGardien est "
        "désormais capitaine",
    }


def test_8_6_the_texts_example_three_persons_change_position_in_one_substitution():
    """ "Ein Jäger hört auf, ein Hüter ersetzt den Jäger und ein bisheriger Zuschauer
    übernimmt neu den Hüter." """
    game = with_substitutes("Neville Longbottom")
    game.do(
        {
            "action": "substitution",
            "player": "GHüter",
            "reason": "tactics",
            "note": "Oliver plays better as a chaser",
            "changes": [
                {"nick": "GJäger2", "to": None},
                {"nick": "GHüter", "to": "GJäger2"},
                {"substitute": 0, "to": "GHüter"},
            ],
        },
        by="GHüter",
    )
    game.do({"action": "accept_substitution", "team": 0, "when": "pause"})  # in the chat now

    assert moves(game) == [
        ("Gryffindor 3", "GJäger2", None),
        ("Gryffindor 0", "GHüter", "GJäger2"),
        ("Neville Longbottom", None, "GHüter"),
    ]
    players = game.state["players"]
    assert (players["GHüter"]["name"], players["GJäger2"]["name"]) == (
        "Neville Longbottom",
        "Gryffindor 0",
    )
    assert game.event("substitution_made")["vacant"] == []
    assert game.state["lineup"]["chaser"][0] == ["GJäger1", "GJäger2", "GJäger3"]
    assert game.state["teams"][0]["substitutes"] == []  # Neville plays now
    assert players["GHüter"]["xp"] == 0  # a newcomer has no experience points (§3.2)
    assert game.state["teams"][0]["captain"] == "GJäger2"  # the captain plays GJäger2 now
    assert MANIFEST.words.narrate(game.event("substitution_made"))["en"] == (
        "Substitution for Gryffindor: GChaser2 (Gryffindor 3) leaves the game, GKeeper "
        "(Gryffindor 0) takes GChaser2, Neville Longbottom comes in as GKeeper. GChaser2 is "
        "captain now"
    )


def test_8_6_four_persons_are_one_too_many():
    game = with_substitutes("Neville Longbottom")
    four = [
        {"nick": "GJäger1", "to": "GTreiber1"},
        {"nick": "GTreiber1", "to": "GJäger1"},
        {"nick": "GJäger2", "to": "GTreiber2"},
        {"nick": "GTreiber2", "to": "GJäger2"},
    ]
    refusal = game.refused(
        {"action": "substitution", "player": "GHüter", "reason": "tactics", "changes": four},
        "too_many_changes",
        by="GHüter",
    )
    assert refusal.rule == "§8.6"
    assert refusal.message % refusal.params == (
        "At most three persons change position in a substitution; 4 were named."
    )


def test_8_6_a_second_substitution_is_refused_with_the_rules_words():
    game = Game().kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    game.do({"action": "accept_substitution", "team": 0})
    second = {
        "action": "substitution",
        "player": "GHüter",
        "reason": "tactics",
        "changes": [{"nick": "GJäger1", "to": "GTreiber1"}, {"nick": "GTreiber1", "to": "GJäger1"}],
    }
    refusal = game.refused(second, "one_substitution", by="GHüter")
    assert refusal.rule == "§8.6"
    assert refusal.message % refusal.params == (
        "Gryffindor has had its substitution: only one is allowed in a match. A keeper or "
        "seeker who is gone may still be replaced by a chaser or beater already playing."
    )
    assert [c for c in game.allowed("GHüter") if c.get("changes") == second["changes"]] == []


def test_8_6_after_it_a_seeker_who_is_gone_is_still_replaced_by_a_playing_beater():
    """ "Steht der Mannschaft kein Wechsel mehr zu, ist ein Ersatz nicht möglich. Falls
    jedoch ein Hüter oder Sucher betroffen ist, darf und muss er durch einen bereits
    spielenden Jäger oder Treiber ersetzt werden." """
    game = Game().kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    game.do({"action": "accept_substitution", "team": 0})
    game.do(
        {
            "action": "substitution",
            "player": "GHüter",
            "reason": "absent",
            "changes": [{"nick": "GSucher", "to": None}, {"nick": "GTreiber2", "to": "GSucher"}],
        },
        by="GHüter",
    )
    game.do({"action": "accept_substitution", "team": 0})
    assert moves(game) == [
        ("Gryffindor 1", "GSucher", None),
        ("Gryffindor 6", "GTreiber2", "GSucher"),
    ]
    assert game.state["lineup"]["beater"][0] == ["GTreiber1"]


def test_8_6_only_the_captain_asks():
    game = Game().kick_off()
    request = {**KEEPER_BY_CHASER, "player": "GJäger1"}
    refusal = game.refused(request, "not_the_captain", by="GJäger1")
    assert refusal.rule == "§8.6"
    # A refusal's plain detail names nicks in English, as its template is (issue 39).
    assert refusal.message % refusal.params == (
        "Only the captain asks the referee for a substitution; GChaser1 is not."
    )
    assert [c for c in game.allowed("GJäger1") if c["action"] == "substitution"] == []


def test_8_6_only_the_referee_allows_or_refuses():
    game = Game().kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    refusal = game.refused({"action": "accept_substitution"}, "referee_only", by="GHüter")
    assert refusal.rule == "§2.1"


def test_8_6_the_referee_refuses_and_nothing_changes():
    game = Game().kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    lineup = game.state["lineup"]
    game.do({"action": "refuse_substitution", "team": 0})
    assert game.events == [{"type": "substitution_refused", "team": 0, "house": "Gryffindor"}]
    assert MANIFEST.words.narrate(game.events[0]) == {
        "de": "Der Schiedsrichter lehnt den Spielerwechsel von Gryffindor ab",
        "en": "The referee refuses Gryffindor's substitution",
        "fr": "L'arbitre refuse le remplacement de Gryffindor",
    }
    assert game.state["lineup"] == lineup
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 0"
    assert game.state["substitutions"] == []
    # A refused request uses nothing up: the captain may ask again.
    assert game.state["teams"][0]["substituted"] is False
    assert [c["action"] for c in game.allowed("GHüter")].count("substitution") == 2
    game.do(KEEPER_BY_CHASER, by="GHüter")


def test_8_6_a_keeper_or_seeker_who_leaves_must_be_replaced():
    game = Game().kick_off()
    request = {**KEEPER_BY_CHASER, "changes": [{"nick": "GSucher", "to": None}]}
    refusal = game.refused(request, "replacement_needed", by="GHüter")
    assert refusal.message % refusal.params == (
        "GSeeker must be replaced: a keeper or seeker who leaves is replaced, by a chaser or "
        "beater already playing if nobody else can."
    )


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ([{"nick": "GJäger1", "to": "GTreiber1"}], "position_taken"),
        ([{"nick": "SJäger1", "to": None}], "not_in_team"),
        ([{"substitute": 0, "to": "GJäger1"}], "no_substitute"),
        ([{"nick": "GJäger1", "to": "GJäger1"}], "no_change"),
        ([{"nick": "GJäger1", "to": None}, {"nick": "GJäger1", "to": None}], "named_twice"),
        ([{"nick": "GJäger1"}], "invalid_command"),
        ([], "invalid_command"),
    ],
    ids=[
        "a nick still played",
        "the other team's player",
        "no substitutes",
        "no change",
        "one person twice",
        "no destination",
        "nobody",
    ],
)
def test_8_6_a_request_must_say_who_goes_where(changes, code):
    game = Game().kick_off()
    refusal = game.refused({**KEEPER_BY_CHASER, "changes": changes}, code, by="GHüter")
    assert refusal.rule == "§8.6"


def test_8_6_allowed_now_during_a_round_it_is_made_when_the_sub_round_ends():
    game = Game().kick_off().to_chasers(carrier=3)  # GJäger1 holds the quaffle in M
    game.do(KEEPER_BY_CHASER, by="GHüter")
    assert game.do({"action": "accept_substitution", "team": 0, "when": "now"}) == [
        {"type": "substitution_accepted", "team": 0, "house": "Gryffindor", "when": "now"}
    ]
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 0"  # the chasers play on
    game.do("Teilrunde beendet", 3, 1)  # the snitch is rolled into M
    assert [e["type"] for e in game.events][:3] == [
        "subround_ended",
        "substitution_made",
        "snitch_placed",
    ]
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 4"
    assert "GJäger3" not in game.state["thirds"]


def test_8_6_allowed_at_the_next_pause_it_is_made_in_the_chat():
    game = Game().kick_off().to_chasers(carrier=3)
    game.do(KEEPER_BY_CHASER, by="GHüter")
    game.do({"action": "accept_substitution", "team": 0, "when": "pause"})
    game.do("Teilrunde beendet", 3, 1)
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    assert game.phase == "score"
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 0"
    assert [e["type"] for e in game.do("Chat")] == ["chat", "substitution_made"]
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 4"


def test_8_6_allowed_at_half_time_it_waits_for_the_half_time_chat():
    game = Game(config(half_time_after=2)).kick_off()
    game.do(KEEPER_BY_CHASER, by="GHüter")
    answers = [c for c in game.allowed() if c["action"].endswith("_substitution")]
    assert answers == [
        {"action": "accept_substitution", "team": 0, "when": "now"},
        {"action": "accept_substitution", "team": 0, "when": "pause"},
        {"action": "accept_substitution", "team": 0, "when": "half_time"},
        {"action": "refuse_substitution", "team": 0},
    ]
    game.do({"action": "accept_substitution", "team": 0, "when": "half_time"})
    assert game.state["substitutions"][0]["when"] == "half_time"
    game.to_chasers(carrier=3)
    game.do("Teilrunde beendet", 3, 1)
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    assert [e["type"] for e in game.do("Chat")] == ["chat"]  # after round 1: no half-time
    assert game.state["players"]["GHüter"]["name"] == "Gryffindor 0"
    game.to_chasers(carrier=3)
    game.do("Teilrunde beendet", 3, 1)
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    chat, made = game.do("Chat")
    assert chat == {"type": "chat", "round": 2, "half_time": True}
    assert made["type"] == "substitution_made"


def test_8_6_after_half_time_the_referee_may_no_longer_put_it_off_until_then():
    game = Game(config(half_time_after=1)).kick_off().to_chasers(carrier=3)
    game.do("Teilrunde beendet", 3, 1)
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    game.do("Chat")  # the half-time break
    game.do(KEEPER_BY_CHASER, by="GHüter")
    refusal = game.refused(
        {"action": "accept_substitution", "team": 0, "when": "half_time"}, "half_time_over"
    )
    assert refusal.rule == "§8.6"
    assert {"action": "accept_substitution", "team": 0, "when": "half_time"} not in game.allowed()
    assert {"action": "refuse_substitution", "team": 0} in game.allowed()


def test_8_6_a_person_keeps_his_experience_points_but_not_as_seeker():
    """§3.2: experience points are the player's, and a seeker has none."""
    game = with_substitutes(xp={0: 1, 2: 2, 5: 1})  # GHüter 1, GJäger1 2, GTreiber1 1
    game.do(
        {
            "action": "substitution",
            "player": "GHüter",
            "reason": "tactics",
            "changes": [
                {"nick": "GJäger1", "to": "GSucher"},
                {"nick": "GSucher", "to": "GTreiber1"},
                {"nick": "GTreiber1", "to": "GJäger1"},
            ],
        },
        by="GHüter",
    )
    game.do({"action": "accept_substitution", "team": 0})
    players = game.state["players"]
    assert [
        (players[n]["name"], players[n]["xp"]) for n in ("GSucher", "GJäger1", "GTreiber1")
    ] == [
        ("Gryffindor 2", 0),  # had 2, and plays the seeker now
        ("Gryffindor 5", 1),  # the beater's point goes with him
        ("Gryffindor 1", 0),
    ]
    assert players["GHüter"]["xp"] == 1


def test_8_6_a_beater_who_leaves_unreplaced_leaves_his_nick_empty():
    game = Game().kick_off()
    game.do(
        {
            "action": "substitution",
            "player": "GHüter",
            "reason": "leaving",
            "changes": [{"nick": "GTreiber1", "to": None}],
        },
        by="GHüter",
    )
    game.do({"action": "accept_substitution", "team": 0})
    assert game.event("substitution_made")["vacant"] == ["GTreiber1"]
    assert game.state["lineup"]["beater"][0] == ["GTreiber2"]
    game.start_round({"GTreiber2": "S"}, bludgers=(1, 3))  # GTreiber2 meets the bludger in S
    assert game.phase == "bludger_release"


def test_8_6_asking_is_a_whisper_it_leaves_the_moment_for_an_attack_open():
    """§2.2: the captain whispers to the referee; §5.5.2: any other *valid command* of play
    closes the moment for an attack, a request does not."""
    game = Game().kick_off().to_chasers(carrier=3)
    game.do("Fliegen M-S", by="GJäger1")
    flight = game.state["flight"]
    game.do(KEEPER_BY_CHASER, by="GHüter")
    assert game.state["flight"] == flight
    assert {"action": "attack", "player": "SHüter"} in game.allowed("SHüter")


def test_8_6_the_captain_is_offered_requests_and_a_second_only_after_an_answer():
    game = with_substitutes("Neville Longbottom")
    offered = [c for c in game.allowed("GHüter") if c["action"] == "substitution"]
    assert offered[0] == {
        "action": "substitution",
        "player": "GHüter",
        "reason": "absent",
        "changes": [{"nick": "GHüter", "to": None}, {"substitute": 0, "to": "GHüter"}],
    }
    assert len(offered) == 7  # one per player: Neville takes his nick
    game.do(offered[0], by="GHüter")
    assert [c for c in game.allowed("GHüter") if c["action"] == "substitution"] == []
    refusal = game.refused(offered[1], "substitution_open", by="GHüter")
    assert refusal.rule == "§8.6"
    assert RULES.allowed_commands(game.state, Actor("spectator")) == []
