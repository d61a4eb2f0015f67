"""§5.5: the chasers' sub-round — flying, attack, foul, pass, interception, shots."""

from __future__ import annotations

import pytest

from . import Game, config, team

SNITCH_IN_S = (1, 1)
"""The snitch roll that follows when the chasers' sub-round ends (S: SSucher's third)."""


def chasers(thirds: dict[str, str] | None = None, carrier: int = 3, cfg=None) -> Game:
    """GJäger1 holds the quaffle (M unless ``carrier`` says otherwise)."""
    return Game(cfg).kick_off().to_chasers(thirds, carrier=carrier)


@pytest.mark.parametrize(("die", "third"), [(1, "S"), (2, "S"), (3, "M"), (4, "M"), (6, "G")])
def test_5_5_the_carriers_third_is_rolled_first_number(die, third):
    game = Game().kick_off()
    game.start_round({"STreiber1": "G", "STreiber2": "G"}, bludgers=(1, 3), carrier=die)
    assert game.state["thirds"]["GJäger1"] == third
    assert game.phase == "quaffle_release"  # the chasers play once the quaffle is released
    game.refused("Pass GJäger2", "out_of_turn", by="GJäger1")


def test_5_5_1_fly_to_an_adjacent_third_once_per_possession():
    game = chasers()
    game.do("Fliegen M-S", by="GJäger1")
    assert game.state["thirds"]["GJäger1"] == "S"
    assert game.refused("Fliegen S-M", "already_flew", by="GJäger1").rule == "§5.5.1"


@pytest.mark.parametrize(
    ("carrier", "text", "by", "code"),
    [
        (6, "Fliegen G-S", "GJäger1", "not_adjacent"),
        (3, "Fliegen S-M", "GJäger1", "wrong_third"),
        (3, "Fliegen M-S", "GJäger2", "not_carrier"),
    ],
)
def test_5_5_1_invalid_flights(carrier, text, by, code):
    chasers(carrier=carrier).refused(text, code, by=by)


def test_5_5_1_a_chaser_flies_again_once_the_other_team_had_the_quaffle():
    game = chasers({"SJäger1": "S"})
    game.do("Fliegen M-S", by="GJäger1")
    game.do("Angriff GJäger1", 6, 6, 1, 1, by="SJäger1")
    assert game.state["carrier"] == "SJäger1"
    game.do("Foul SJäger1", 5, 1, by="GJäger1")  # the foul works: the quaffle changes hands
    assert game.state["carrier"] == "GJäger1"
    game.do("Fliegen S-M", by="GJäger1")


def test_5_5_2_attack_after_a_flight_is_a_combat_roll_attacker_first():
    game = chasers({"SJäger1": "S"})
    game.do("Fliegen M-S", by="GJäger1")
    game.do("Angriff GJäger1", 3, 3, 4, 2, by="SJäger1")  # 6 against 6, first number 3 < 4
    assert game.event("attack")["winner"] == "GJäger1"
    assert game.state["carrier"] == "GJäger1"


def test_5_5_2_the_attacker_wins_the_quaffle():
    game = chasers({"SJäger1": "S"})
    game.do("Fliegen M-S", by="GJäger1")
    game.do("Angriff GJäger1", 4, 2, 3, 3, by="SJäger1")
    assert game.state["carrier"] == "SJäger1"
    assert game.state["possession"] == 1


def test_5_5_2_attack_only_before_any_other_valid_command():
    game = chasers({"SJäger1": "S", "SJäger2": "S"})
    game.do("Fliegen M-S", by="GJäger1")
    game.do("Foul GJäger1", 1, 1, by="SJäger2")  # valid, and nothing happens
    assert game.refused("Angriff GJäger1", "attack_too_late", by="SJäger1").rule == "§5.5.2"


def test_5_5_2_no_attack_without_a_flight():
    game = chasers()
    game.refused("Angriff GJäger1", "attack_too_late", by="SJäger1")


def test_5_5_2_only_from_the_destination_third():
    game = chasers({"SJäger1": "S"})
    game.do("Fliegen M-S", by="GJäger1")
    game.refused("Angriff GJäger1", "not_allowed_now", by="SJäger2")


@pytest.mark.parametrize(
    ("first", "outcome", "carrier", "phase"),
    [
        (1, "unseen", "GJäger1", "chasers"),
        (2, "unseen", "GJäger1", "chasers"),
        (3, "seen", "GJäger1", "free_throw"),
        (4, "seen", "GJäger1", "free_throw"),
        (5, "success", "SJäger1", "chasers"),
        (6, "success", "SJäger1", "chasers"),
    ],
)
def test_5_5_3_foul_first_number_decides(first, outcome, carrier, phase):
    game = chasers()
    game.do("Foul GJäger1", first, 6, by="SJäger1")
    assert game.event("foul")["outcome"] == outcome
    assert game.state["carrier"] == carrier
    assert game.phase == phase


@pytest.mark.parametrize(("foul_xp", "outcome"), [(False, "unseen"), (True, "seen")])
def test_5_5_3_xp_on_fouls_is_a_setting(foul_xp, outcome):
    cfg = config(teams=[team("Gryffindor", {}), team("Slytherin", {2: 1})], foul_xp=foul_xp)
    game = chasers(cfg=cfg)
    game.do("Foul GJäger1", 2, 1, by="SJäger1")
    assert game.event("foul")["outcome"] == outcome


def test_5_5_3_only_in_the_carriers_third():
    game = chasers({"SJäger1": "S"})
    game.refused("Foul GJäger1", "not_same_third", by="SJäger1")


@pytest.mark.parametrize(("first", "thrown"), [(1, False), (2, False), (3, True), (6, True)])
def test_5_5_4_pass_needs_three(first, thrown):
    game = chasers()
    game.do("Pass GJäger2", first, 1, *(() if thrown else SNITCH_IN_S), by="GJäger1")
    assert game.event("pass")["outcome"] == ("success" if thrown else "failed")
    assert (game.state["subround"] == "chasers") is thrown


@pytest.mark.parametrize(("first", "caught"), [(1, False), (2, True)])
def test_5_5_4_catch_needs_two(first, caught):
    game = chasers()
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Angenommen", first, 1, *(() if caught else SNITCH_IN_S), by="GJäger2")
    assert (game.state["carrier"] == "GJäger2") is caught


def test_5_5_4_a_dropped_quaffle_ends_the_sub_round_and_goes_to_the_other_team():
    game = chasers()
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Angenommen", 1, 1, *SNITCH_IN_S, by="GJäger2")
    assert game.state["subround"] == "seekers"
    assert game.state["possession"] == 1


def test_5_5_4_pass_only_to_a_chaser_in_the_same_third():
    game = chasers({"GJäger2": "S"})
    game.refused("Pass GJäger2", "not_same_third", by="GJäger1")
    game.refused("Pass GHüter", "not_same_third", by="GJäger1")


@pytest.mark.parametrize(("first", "intercepted"), [(4, False), (5, True)])
def test_5_5_5_intercept_needs_five(first, intercepted):
    game = chasers()
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Abfangen", first, 1, by="SJäger1")
    assert (game.state["carrier"] == "SJäger1") is intercepted
    if not intercepted:
        game.do("Angenommen", 2, 1, by="GJäger2")  # the receiver catches as usual
        assert game.state["carrier"] == "GJäger2"


def test_5_5_5_intercept_only_after_the_pass_roll_and_before_the_catch():
    game = chasers()
    game.refused("Abfangen", "not_allowed_now", by="SJäger1")
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Angenommen", 2, 1, by="GJäger2")
    game.refused("Abfangen", "not_allowed_now", by="SJäger1")


def test_5_5_5_only_one_chaser_intercepts_a_pass_the_first_one():
    game = chasers()
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Abfangen", 1, 1, by="SJäger1")
    assert game.refused("Abfangen", "one_interceptor", by="SJäger2").rule == "§5.5.5"


def test_5_5_5_only_from_the_same_third():
    game = chasers({"SJäger1": "S"})
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.refused("Abfangen", "not_allowed_now", by="SJäger1")


def test_5_5_6_shot_and_save_are_a_combat_roll():
    game = chasers(carrier=1)  # GJäger1 in S, Slytherin's goal third
    game.do("Torwurf", 5, 5, by="GJäger1")
    assert game.state["pending"][0]["kind"] == "save"
    game.do("Halten", 6, 5, *SNITCH_IN_S, by="SHüter")
    assert game.event("save")["outcome"] == "saved"
    assert game.state["goals"] == [0, 0]
    assert game.state["subround"] == "seekers"


def test_5_5_6_a_goal_is_ten_points_and_the_defenders_start_the_next_round():
    game = chasers(carrier=1)
    game.do("Torwurf", 6, 5, by="GJäger1")
    game.do("Halten", 5, 5, *SNITCH_IN_S, by="SHüter")
    assert game.state["goals"] == [1, 0]
    assert game.state["score"] == [10, 0]
    assert game.state["possession"] == 1


def test_5_5_6_no_goal_in_the_middle():
    assert chasers().refused("Torwurf", "no_goal_here", by="GJäger1").rule == "§5.5.6"


def test_5_5_6_1_a_pass_in_the_goal_third_gives_the_shot_one_extra_xp():
    game = chasers({"GJäger2": "S"}, carrier=1)
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Angenommen", 2, 1, by="GJäger2")
    game.do("Torwurf", 3, 3, by="GJäger2")
    assert game.event("shot")["xp"] == 1
    # 3, 3 with one XP counts 7, 4, 4 against the keeper's 7, 4, 3: a goal on the second number;
    # without the extra point the keeper's 7 would beat 6.
    game.do("Halten", 4, 3, *SNITCH_IN_S, by="SHüter")
    assert game.state["goals"] == [1, 0]


def test_5_5_6_1_no_extra_xp_without_a_pass_there():
    game = chasers({"GJäger2": "M"})
    game.do("Pass GJäger2", 3, 1, by="GJäger1")
    game.do("Angenommen", 2, 1, by="GJäger2")
    game.do("Fliegen M-S", by="GJäger2")
    game.do("Torwurf", 3, 3, by="GJäger2")
    assert game.event("shot")["xp"] == 0


def test_5_5_6_2_the_fouled_team_chooses_who_takes_the_free_throw():
    game = chasers({"GJäger3": "G"})
    game.do("Foul GJäger1", 3, 1, by="SJäger1")
    assert game.phase == "free_throw"
    offered = {c["player"] for c in game.allowed() if c["action"] == "shot"}
    assert offered == {"GJäger1", "GJäger2", "GJäger3"}
    game.refused("Torwurf", "not_allowed_now", by="SJäger1")
    game.do("Torwurf", 6, 6, by="GJäger3")
    assert game.event("shot")["free_throw"] is True
    game.do("Halten", 1, 1, *SNITCH_IN_S, by="SHüter")
    assert game.state["goals"] == [1, 0]
    assert game.state["subround"] == "seekers"  # the chasers' sub-round ends after it
