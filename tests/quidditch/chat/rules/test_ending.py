"""§7 and §8.2: the end of the game, the result, and the rules of a final."""

from __future__ import annotations

from . import RULES, Game, config


def quiet_round(game: Game) -> None:
    """A round without goals or snitch: the referee ends the chasers' sub-round and the
    snitch (S) is out of reach of both seekers (in G)."""
    game.to_chasers({"SSucher": "G"})
    game.do("Teilrunde beendet", 1, 1)
    if not game.state["over"] and game.phase == "score":
        game.do("Chat")


def goal_round(game: Game) -> None:
    """A round in which Gryffindor scores once: whoever carries the quaffle starts in S and
    shoots at Slytherin's goal (for a Slytherin carrier an own goal, §3.5)."""
    game.to_chasers({"SSucher": "G"}, carrier=1)
    game.do("Torwurf", 6, 6, by=game.state["carrier"])
    game.do("Halten", 1, 1, 1, 1, by="SHüter")
    if not game.state["over"] and game.phase == "score":
        game.do("Chat")


def snitch_round(game: Game) -> None:
    """A round in which SSucher catches the snitch in S."""
    game.to_chasers()
    game.do("Teilrunde beendet", 1, 1)
    game.do("Schnatz freigegeben")
    game.do("Finden", 6, 1, by="SSucher")
    game.do("Fangen", 6, 1, by="SSucher")


def test_7_the_game_ends_after_the_tenth_round():
    game = Game().kick_off()
    for _ in range(9):
        quiet_round(game)
    goal_round(game)
    assert game.state["over"] is True
    assert game.state["round"] == 10
    assert game.state["ended_by"] == "rounds"
    assert game.state["awaiting"] == []
    assert RULES.is_over(game.state)


def test_7_the_winner_gets_a_hundred_bonus_points():
    game = Game(config(rounds=1)).kick_off()
    goal_round(game)
    result = RULES.result(game.state)
    assert result["winner"] == 0
    assert result["points"] == [110, 0]
    assert result["teams"][0] == {
        "house": "Gryffindor",
        "initial": "G",
        "goals": 1,
        "goals_conceded": 0,
        "snitch": False,
        "bonus": 100,
        "points": 110,
    }
    assert result["teams"][1]["goals_conceded"] == 1


def test_7_a_draw_gives_no_bonus():
    game = Game(config(rounds=1)).kick_off()
    quiet_round(game)
    result = RULES.result(game.state)
    assert (result["winner"], result["points"]) == (None, [0, 0])


def test_7_the_snitch_ends_the_game_at_once():
    game = Game().kick_off()
    snitch_round(game)
    result = RULES.result(game.state)
    assert result["ended_by"] == "snitch"
    assert result["rounds_played"] == 1
    assert result["teams"][1]["snitch"] is True
    assert result["points"] == [0, 150]


def test_7_captains_and_referee_end_the_game_by_agreement():
    game = Game().kick_off()
    game.do({"action": "end_game"}, by="GHüter")
    game.refused({"action": "end_game"}, "already_agreed", by="GHüter")
    game.refused({"action": "end_game"}, "not_a_captain", by="GJäger2")
    game.do({"action": "end_game"})
    assert not game.state["over"]
    game.do("Spielende", by="SHüter")
    assert game.state["ended_by"] == "agreement"
    game.refused({"action": "chat_end"}, "game_over")


def test_7_no_result_before_the_end():
    assert RULES.result(Game().kick_off().state) is None


def test_8_2_a_drawn_final_goes_to_the_team_that_caught_the_snitch():
    for final, winner, points in [(True, 1, [50, 150]), (False, None, [50, 50])]:
        game = Game(config(final=final)).kick_off()
        for _ in range(5):
            goal_round(game)
        snitch_round(game)
        result = RULES.result(game.state)
        assert (result["winner"], result["points"]) == (winner, points)


def test_8_2_a_final_without_snitch_is_extended_by_two_rounds_until_someone_leads():
    game = Game(config(final=True, rounds=1)).kick_off()
    quiet_round(game)
    assert not game.state["over"]
    assert game.event("extension")["pause_minutes"] == 5
    assert game.state["last_round"] == 3
    assert game.phase == "chat"
    quiet_round(game)
    quiet_round(game)
    assert game.state["last_round"] == 5  # still drawn: two more
    goal_round(game)
    assert not game.state["over"]  # an extension is played to its end
    quiet_round(game)
    assert game.state["over"]
    assert RULES.result(game.state)["winner"] == 0
    assert game.state["round"] == 5


def test_8_2_the_snitch_in_the_first_round_of_an_extension_ends_the_final():
    game = Game(config(final=True, rounds=1)).kick_off()
    quiet_round(game)
    snitch_round(game)
    assert game.state["over"]
    assert game.state["round"] == 2
    assert RULES.result(game.state)["winner"] == 1
