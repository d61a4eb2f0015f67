"""§5.7: the snitch and the seekers."""

from __future__ import annotations

import pytest

from . import Game


def seekers(snitch: int, thirds: dict[str, str] | None = None) -> Game:
    """The chasers' sub-round ended by the referee; the snitch rolled ``snitch`` (first number).

    Seekers by default: GSucher in G, SSucher in S.
    """
    game = Game().kick_off().to_chasers(thirds)
    game.do("Teilrunde beendet", snitch, 6)
    return game


@pytest.mark.parametrize(("die", "third"), [(1, "S"), (4, "M"), (5, "G")])
def test_5_7_snitch_third_from_the_first_number_released_near_a_seeker(die, third):
    game = seekers(die)
    assert game.state["snitch"]["third"] == third
    assert game.phase == "snitch_release"
    game.refused("Finden", "out_of_turn", by="GSucher")
    game.do("Schnatz freigegeben")
    assert game.phase == "seekers"


def test_5_7_no_release_when_no_seeker_can_reach_the_snitch():
    game = seekers(1, {"SSucher": "G"})
    assert game.phase == "score"


def test_5_7_no_release_when_the_seekers_are_out():
    game = Game().kick_off()
    thirds = {"GTreiber1": "S", "STreiber1": "G", "STreiber2": "G", "GSucher": "S"}
    game.start_round(thirds, bludgers=(1, 3))
    game.do("Klatscher freigegeben")
    game.do("Klatscherwurf SSucher", 6, 1, 3, 1, by="GTreiber1")  # then the carrier: M
    game.do("Quaffel freigegeben")
    game.do("Teilrunde beendet", 1, 1)  # the snitch in S with SSucher (out) and GSucher
    assert game.phase == "snitch_release"
    game.do("Schnatz freigegeben")
    assert {c["player"] for c in game.allowed() if c["action"] == "find"} == {"GSucher"}


def test_5_7_1_seekers_fly_only_to_the_snitch_in_m():
    game = seekers(3)
    game.do("Schnatz freigegeben")
    game.refused("Finden", "snitch_elsewhere", by="GSucher")
    game.do("Fliegen G-M", by="GSucher")
    assert game.state["thirds"]["GSucher"] == "M"


def test_5_7_1_no_flying_when_the_snitch_is_not_in_m():
    game = seekers(1)
    game.do("Schnatz freigegeben")
    assert game.refused("Fliegen G-M", "snitch_not_in_middle", by="GSucher").rule == "§5.7.1"


@pytest.mark.parametrize(("first", "found"), [(5, False), (6, True)])
def test_5_7_2_finding_needs_a_six(first, found):
    game = seekers(1)
    game.do("Schnatz freigegeben")
    game.do("Finden", first, 1, by="SSucher")
    assert ("SSucher" in game.state["found"]) is found


def test_5_7_2_one_search_per_seeker_and_round():
    game = seekers(1, {"GSucher": "S"})
    game.do("Schnatz freigegeben")
    game.do("Finden", 5, 1, by="SSucher")
    game.refused("Finden", "not_allowed_now", by="SSucher")


def test_5_7_2_catching_needs_five_and_ends_the_game_with_fifty_points():
    game = seekers(1)
    game.do("Schnatz freigegeben")
    game.refused("Fangen", "not_found", by="SSucher")
    game.do("Finden", 6, 1, by="SSucher")
    game.do("Fangen", 5, 1, by="SSucher")
    assert game.state["score"] == [0, 50]
    assert game.state["over"] is True
    assert game.state["ended_by"] == "snitch"


def test_5_7_2_a_missed_catch_ends_that_seekers_chance():
    game = seekers(1, {"GSucher": "S"})
    game.do("Schnatz freigegeben")
    game.do("Finden", 6, 1, by="SSucher")
    game.do("Fangen", 4, 6, by="SSucher")
    assert not game.state["over"]
    game.do("Finden", 1, 1, by="GSucher")  # the last chance gone: the round ends
    assert game.phase == "score"


def found_by_s() -> Game:
    game = seekers(1, {"GSucher": "S"})
    game.do("Schnatz freigegeben")
    game.do("Finden", 6, 1, by="SSucher")
    return game


@pytest.mark.parametrize(
    ("first", "outcome", "phase"),
    [(1, "unseen", "seekers"), (3, "seen", "free_throw"), (5, "success", "score")],
)
def test_5_7_3_the_other_seeker_fouls_between_finding_and_catching(first, outcome, phase):
    game = found_by_s()
    game.do("Foul SSucher", first, 1, by="GSucher")
    assert game.event("foul")["outcome"] == outcome
    assert game.state["snitch"]["gone"] is (outcome != "unseen")
    assert game.phase == phase


def test_5_7_3_a_seen_foul_gives_a_free_throw_taken_by_a_chaser():
    game = found_by_s()
    game.do("Foul SSucher", 4, 1, by="GSucher")
    game.do("Torwurf", 6, 6, by="SJäger2")
    game.do("Halten", 1, 1, by="GHüter")
    assert game.state["goals"] == [0, 1]
    assert game.phase == "score"


def test_5_7_3_no_foul_once_the_catch_was_tried_or_before_the_find():
    game = seekers(1, {"GSucher": "S"})
    game.do("Schnatz freigegeben")
    game.refused("Foul SSucher", "not_allowed_now", by="GSucher")
    game.do("Finden", 6, 1, by="SSucher")
    game.do("Fangen", 1, 1, by="SSucher")
    game.refused("Foul SSucher", "not_allowed_now", by="GSucher")


def test_5_7_3_only_in_the_same_third():
    game = seekers(1)
    game.do("Schnatz freigegeben")
    game.do("Finden", 6, 1, by="SSucher")
    game.refused("Foul SSucher", "not_same_third", by="GSucher")
