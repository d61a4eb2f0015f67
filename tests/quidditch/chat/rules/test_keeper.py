"""§5.6: the keeper — saves, free throws, the keeper's attack and pass."""

from __future__ import annotations

from . import Game

SNITCH_IN_S = (1, 1)


def flown_into_s(thirds: dict[str, str] | None = None) -> Game:
    """GJäger1 has just flown with the quaffle from M into S, Slytherin's goal third."""
    game = Game().kick_off().to_chasers(thirds)
    game.do("Fliegen M-S", by="GJäger1")
    return game


def test_5_6_1_the_keeper_saves_within_the_time_limit():
    game = flown_into_s()
    game.do("Torwurf", 3, 3, by="GJäger1")
    deadline = game.state["pending"][0]["deadline"]
    assert deadline == game.now + 10
    game.do("Halten", 5, 5, *SNITCH_IN_S, by="SHüter", wait=10)  # exactly on time
    assert game.event("save")["outcome"] == "saved"


def test_5_6_1_a_late_save_does_not_count():
    game = flown_into_s()
    game.do("Torwurf", 3, 3, by="GJäger1")
    game.do("Halten", *SNITCH_IN_S, by="SHüter", wait=10.5)
    assert game.event("answer_too_late")["player"] == "SHüter"
    assert game.state["goals"] == [1, 0]


def test_5_6_1_only_the_defending_keeper_holds():
    game = flown_into_s()
    game.do("Torwurf", 3, 3, by="GJäger1")
    game.refused("Halten", "not_allowed_now", by="GHüter")


def keeper_out() -> Game:
    """GTreiber1 knocks SHüter out in the beaters' sub-round; GJäger1 then has the quaffle in S."""
    game = Game().kick_off()
    thirds = {"GTreiber1": "S", "STreiber1": "G", "STreiber2": "G", "SSucher": "G"}
    game.start_round(thirds, bludgers=(1, 3))
    game.do("Klatscher freigegeben")
    game.do("Klatscherwurf SHüter", 6, 1, 1, 1, by="GTreiber1")  # then the carrier: S
    game.do("Quaffel freigegeben")
    assert game.state["out"] == ["SHüter"]
    return game


def test_5_6_1_a_keeper_out_cannot_hold_an_ordinary_shot():
    game = keeper_out()
    game.do("Torwurf", 1, 1, 1, 1, by="GJäger1")  # then the snitch roll
    assert game.state["goals"] == [1, 0]
    assert game.state["pending"] == []


def test_5_6_1_1_a_keeper_out_may_still_hold_a_free_throw():
    game = keeper_out()
    game.do("Fliegen S-M", by="GJäger1")
    game.do("Foul GJäger1", 4, 1, by="SJäger1")
    game.do("Torwurf", 2, 2, by="GJäger2")
    offered = game.allowed("SHüter")  # besides the captain's votes (§7) and requests (§8.6)
    assert [c for c in offered if c["action"] not in ("end_game", "substitution")] == [
        {"action": "save", "player": "SHüter", "deadline": game.state["pending"][0]["deadline"]},
        {"action": "timeout", "deadline": game.state["pending"][0]["deadline"]},
    ]
    game.do("Halten", 6, 6, *SNITCH_IN_S, by="SHüter")
    assert game.event("save")["outcome"] == "saved"


def test_5_6_2_keeper_attack_keeper_rolls_first_and_wins_the_quaffle():
    game = flown_into_s()
    game.do("Angriff", 4, 4, 2, 2, by="SHüter")
    assert game.event("keeper_attack")["rolls"] == [[[4, 4], [2, 2]]]
    assert game.state["carrier"] == "SHüter"
    assert game.state["possession"] == 1


def test_5_6_2_the_keepers_pass_reaches_any_third_and_cannot_be_intercepted_or_fouled():
    game = flown_into_s({"SJäger1": "G"})
    game.do("Angriff", 4, 4, 2, 2, by="SHüter")
    offered = [c for c in game.allowed() if c.get("player") != "SHüter" and "player" in c]
    assert not [c for c in offered if c["action"] in ("foul", "attack")]
    game.do("Pass SJäger1", 3, 1, by="SHüter")  # SJäger1 is in G
    game.refused("Abfangen", "not_allowed_now", by="GJäger2")
    game.do("Angenommen", 2, 1, by="SJäger1")
    assert game.state["carrier"] == "SJäger1"


def test_5_6_2_a_keepers_pass_failing_drops_the_quaffle():
    game = flown_into_s()
    game.do("Angriff", 4, 4, 2, 2, by="SHüter")
    game.do("Pass SJäger1", 3, 1, by="SHüter")
    game.do("Angenommen", 1, 1, *SNITCH_IN_S, by="SJäger1")
    assert game.state["subround"] == "seekers"


def test_5_6_2_if_the_chaser_wins_his_shot_cannot_be_held():
    game = flown_into_s()
    game.do("Angriff", 2, 2, 4, 4, by="SHüter")
    assert game.state["unguarded"] == "GJäger1"
    game.do("Torwurf", 1, 1, *SNITCH_IN_S, by="GJäger1")
    assert game.state["goals"] == [1, 0]


def test_5_6_2_the_keepers_attack_needs_no_nick():
    game = flown_into_s()
    violation = game.refused("Angriff GJäger1", "keeper_attack_with_nick", by="SHüter")
    assert violation.rule == "§5.6.2"


def test_5_6_2_only_before_any_other_valid_command_the_first_one_counts():
    game = flown_into_s({"SJäger1": "S"})
    game.do("Angriff GJäger1", 1, 1, 6, 6, by="SJäger1")  # the chaser's attack came first
    game.refused("Angriff", "attack_too_late", by="SHüter")


def test_5_6_2_only_in_the_keepers_own_third():
    game = Game().kick_off().to_chasers()
    game.do("Fliegen M-G", by="GJäger1")  # into Gryffindor's own goal third
    game.refused("Angriff", "not_allowed_now", by="SHüter")
    game.refused("Angriff", "not_allowed_now", by="GHüter")  # a keeper never attacks his own
