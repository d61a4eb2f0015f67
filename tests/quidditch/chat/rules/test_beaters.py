"""§5.4: bludgers, beaters, blocks."""

from __future__ import annotations

import pytest

from . import Game, config, team


def beaters_round(thirds: dict[str, str] | None = None, bludgers=(1, 1), cfg=None) -> Game:
    """Both bludgers in S (unless given) with the Slytherin beaters; GJäger2 and GJäger3 in S."""
    game = Game(cfg).kick_off()
    game.start_round({"GJäger2": "S", "GJäger3": "S", **(thirds or {})}, bludgers=bludgers)
    game.do("Klatscher freigegeben")
    return game


@pytest.mark.parametrize(
    ("faces", "thirds"),
    [((1, 2), ["S", "S"]), ((3, 4), ["M", "M"]), ((5, 6), ["G", "G"]), ((2, 5), ["S", "G"])],
)
def test_5_4_bludger_roll_first_die_first_bludger_low_middle_high(faces, thirds):
    game = Game().kick_off().start_round(bludgers=faces, carrier=3)
    assert next(e for e in game.log if e["type"] == "bludgers_placed")["thirds"] == thirds


def test_5_4_bludgers_are_released_only_where_beaters_are():
    game = Game().kick_off().start_round(bludgers=(1, 3))
    assert [b["status"] for b in game.state["bludgers"]] == ["free", "idle"]
    assert game.phase == "bludger_release"


def test_5_4_without_a_beater_near_a_bludger_the_beaters_sub_round_is_skipped():
    game = Game().kick_off().start_round(bludgers=(3, 4), carrier=5)
    assert game.phase == "quaffle_release"
    assert game.state["thirds"]["GJäger1"] == "G"


@pytest.mark.parametrize(("first", "hit"), [(3, False), (4, True), (6, True)])
def test_5_4_1_bludger_throw_needs_four(first, hit):
    game = beaters_round()
    game.do("Klatscherwurf GJäger2", first, 1, by="STreiber1")
    assert game.event("bludger_throw")["outcome"] == ("hit" if hit else "missed")
    assert ("GJäger2" in game.state["out"]) is hit


def test_5_4_1_xp_counts_on_the_throw():
    cfg = config(teams=[team("Gryffindor", {}), team("Slytherin", {5: 1})])
    game = beaters_round(cfg=cfg)
    game.do("Klatscherwurf GJäger2", 3, 1, by="STreiber1")
    assert "GJäger2" in game.state["out"]


def test_5_4_1_beaters_cannot_be_hit():
    game = beaters_round({"GTreiber1": "S"})
    violation = game.refused("Klatscherwurf GTreiber1", "beaters_cannot_be_hit", by="STreiber1")
    assert violation.rule == "§5.4.1"


def test_5_4_1_only_players_in_the_same_third():
    game = beaters_round()
    game.refused("Klatscherwurf GJäger1", "not_same_third", by="STreiber1")  # no third yet
    game.refused("Klatscherwurf SJäger1", "not_same_third", by="STreiber1")


def test_5_4_1_a_hit_player_is_out_for_the_round():
    game = beaters_round()
    game.do("Klatscherwurf GJäger2", 5, 1, by="STreiber1")
    game.do("Klatscherwurf GJäger3", 1, 1, 1, 1, by="STreiber2")  # then the carrier: S
    game.do("Quaffel freigegeben")
    passes = [c for c in game.allowed("GJäger1") if c["action"] == "pass"]
    assert passes == [{"action": "pass", "player": "GJäger1", "target": "GJäger3"}]
    assert game.refused("Pass GJäger2", "player_out", by="GJäger1").rule == "§5.4.1"


def test_5_4_1_team_mates_can_be_hit_and_only_another_own_beater_blocks():
    game = beaters_round({"SJäger1": "S", "GTreiber1": "S"})
    game.do("Klatscherwurf SJäger1", 4, 1, by="STreiber1")
    window = game.state["pending"][0]
    assert window["blockers"] == ["STreiber2"]
    game.refused("Abblocken", "not_allowed_now", by="GTreiber1")
    assert game.refused("Abblocken", "own_throw", by="STreiber1").rule == "§5.4.3"


def test_5_4_3_block_is_a_combat_roll_against_the_throw():
    game = beaters_round({"GTreiber1": "S"})
    game.do("Klatscherwurf GJäger2", 4, 1, by="STreiber1")  # sum 5
    assert game.state["out"] == []
    game.do("Abblocken", 3, 3, by="GTreiber1")  # sum 6
    assert game.event("block")["outcome"] == "blocked"
    assert game.state["out"] == []


def test_5_4_3_a_failed_block_leaves_the_player_hit():
    game = beaters_round({"GTreiber1": "S"})
    game.do("Klatscherwurf GJäger2", 6, 6, by="STreiber1")
    game.do("Abblocken", 1, 1, by="GTreiber1")
    assert game.state["out"] == ["GJäger2"]


def test_5_4_3_a_block_after_the_time_limit_does_not_count():
    game = beaters_round({"GTreiber1": "S"})
    game.do("Klatscherwurf GJäger2", 4, 1, by="STreiber1")
    game.do("Abblocken", by="GTreiber1", wait=10.5)
    assert [e["type"] for e in game.events][:2] == ["answer_too_late", "answer_missing"]
    assert game.state["out"] == ["GJäger2"]


def test_5_4_2_catch_the_second_bludger_and_throw_it_at_once():
    game = beaters_round()
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    game.do("Klatscherabfang", 4, 1, by="STreiber1")
    assert game.state["bludgers"][1] == {"third": "S", "status": "held", "by": "STreiber1"}
    game.do("Klatscherabwurf GJäger3", 4, 1, 3, 1, by="STreiber1")  # then the carrier's roll
    assert game.state["out"] == ["GJäger3"]
    assert game.phase == "quaffle_release"


def test_5_4_2_the_catch_needs_four():
    game = beaters_round()
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    game.do("Klatscherabfang", 3, 6, 3, 1, by="STreiber1")  # then the carrier's roll
    assert game.state["bludgers"][1]["status"] == "used"


def test_5_4_2_only_after_throwing_the_first_and_only_an_unused_second():
    game = beaters_round()
    game.refused("Klatscherabfang", "not_allowed_now", by="STreiber1")
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    game.do("Klatscherwurf GJäger3", 1, 1, 3, 1, by="STreiber2")  # both bludgers used
    assert game.phase == "quaffle_release"


def test_5_4_2_keep_the_caught_bludger_for_the_chasers_sub_round():
    game = beaters_round()
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    game.do("Klatscherabfang", 5, 1, by="STreiber1")
    game.do({"action": "keep_bludger"}, 2, 1, by="STreiber1")  # then the carrier: S
    game.do("Quaffel freigegeben")
    assert game.state["thirds"]["GJäger1"] == "S"
    game.do("Klatscherabwurf GJäger1", 5, 1, 3, 1, by="STreiber1")  # the carrier is hit
    assert game.state["out"] == ["GJäger1"]
    assert game.state["possession"] == 1  # he dropped the quaffle
    assert game.state["subround"] == "seekers"


def test_5_4_2_a_caught_bludger_with_nobody_to_hit_is_kept():
    game = beaters_round({"GJäger2": "M", "GJäger3": "M", "SSucher": "G", "STreiber2": "M"})
    game.do("Klatscherwurf SHüter", 6, 1, by="STreiber1")  # his own keeper, the only one in S
    assert game.state["out"] == ["SHüter"]
    game.do("Klatscherabfang", 4, 1, 3, 1, by="STreiber1")  # then the carrier's roll
    assert game.event("bludger_kept")["auto"] is True
    assert game.state["bludgers"][1]["status"] == "kept"
    assert game.phase == "quaffle_release"


def test_5_4_3_two_blocks_against_two_hits_first_answers_the_throw():
    game = beaters_round({"GTreiber1": "S"})
    game.do("Klatscherwurf GJäger2", 4, 1, by="STreiber1")
    game.do("Klatscherabfang", 4, 1, by="STreiber1")
    game.do("Klatscherabwurf GJäger3", 6, 6, by="STreiber1")
    assert [w["target"] for w in game.state["pending"]] == ["GJäger2", "GJäger3"]
    game.do("Abblocken", 3, 3, by="GTreiber1")  # 6 against the throw's 5: blocked
    assert game.event("block")["target"] == "GJäger2"
    game.do("Abblocken", 1, 1, 3, 1, by="GTreiber1")  # 2 against 12: GJäger3 is out
    assert game.event("block")["target"] == "GJäger3"
    assert game.state["out"] == ["GJäger3"]


def test_5_4_1_one_throw_per_beater():
    game = beaters_round({"GJäger1": "S"}, bludgers=(1, 1))
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    game.refused("Klatscherwurf GJäger3", "not_allowed_now", by="STreiber1")
