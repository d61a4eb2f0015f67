"""Health, falling out of the fight, and the end of a skirmish with no opposition left.

The chapter has one figure for what a hit costs, in its own skirmish rules for
quidditch: "Success costs the chaser one Health point from impact"; and it
calls skirmishes "extensive scenes where characters act in opposition to one
another" (Ch.7 ¶1). docs/rules/skirmish.md, "Health and the end of a
skirmish", says how they are read.

Order: Harry (p1), Hermione (p3), Ron (p2), Draco (p4); Draco started it.
Wits: Harry 4, Ron 2, Hermione 6, Draco 4; everyone has 5 Health.
"""

import pytest

from games.ruleset import RuleViolation

from . import (
    CONFIG,
    MANIFEST,
    SKIRMISH,
    STORYGUIDE,
    Table,
    begun,
    config,
    player,
    student,
    the_action,
    types,
)

HEX = {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Wits"}}
HIT = (15, 1, 5, 1)  # the actor keeps 15, the target 5: any Wits hits
MISS = (5, 1, 15, 1)


def attack(table, attacker, target, *faces, **more):
    """``attacker`` attacks ``target`` and the storyguide rolls it at once."""
    command = {"action": "act", "participant": attacker, "target": target, "roll": HEX}
    events = table.do({**command, "what": "Stupefy", **more})
    if table.state["attack"] is not None:
        events += table.do({"action": "resolve_attack"}, *faces)
    return events


def with_health(**health) -> list[dict]:
    """The four students, with the Health given by key (5 otherwise)."""
    return [{**p, "health": health.get(p["key"], p["health"])} for p in CONFIG["participants"]]


def fell(table, key):
    """The storyguide takes ``key`` down to Health 0."""
    health = table.state["participants"][key]["health"]
    return table.do({"action": "change_health", "participant": key, "by": -health})


def test_a_successful_attack_costs_its_target_one_point_of_health():
    """ "Success costs the chaser one Health point from impact": a hit costs the skirmish's
    ``harm``, one point unless the config says otherwise."""
    table = begun()
    events = attack(table, "p1", "p2", *HIT)
    assert types(events) == ["attack_declared", "action", "health_changed"]
    assert events[-1] | {"names": None} == {
        "type": "health_changed",
        "participant": "p2",
        "by": -1,
        "health": 4,
        "reason": "Stupefy",
        "names": None,
    }
    assert table.state["participants"]["p2"]["health"] == 4


def test_a_failed_attack_costs_nothing():
    table = begun()
    events = attack(table, "p1", "p2", *MISS)
    assert the_action(events)["roll"]["success"] is False
    assert "health_changed" not in types(events)
    assert table.state["participants"]["p2"]["health"] == 5


def test_the_config_sets_what_a_hit_costs():
    table = begun(harm=2)
    attack(table, "p1", "p2", *HIT)
    assert table.state["participants"]["p2"]["health"] == 3


def test_only_the_storyguide_names_what_an_attack_costs():
    """A stinging insult may cost no Health: the storyguide says so for that attack."""
    table = begun()
    command = {"action": "act", "participant": "p1", "target": "p2", "roll": HEX, "harm": 0}
    refusal = table.refuse(command, actor=player("p1"))
    assert refusal.code == "storyguide_names_harm"
    events = table.do(command) + table.do({"action": "resolve_attack"}, *HIT)
    assert the_action(events)["roll"]["success"] is True
    assert table.state["participants"]["p2"]["health"] == 5
    plain = {"action": "act", "participant": "p3", "what": "Lumos", "harm": 1}
    assert begun().refuse({**plain, "participant": "p1"}).code == "invalid_command"


def test_a_hit_never_takes_health_below_0():
    table = begun(harm=3, participants=with_health(p2=2))
    events = attack(table, "p1", "p2", *HIT)
    assert events[2]["by"] == -2 and events[2]["health"] == 0


def test_health_stays_within_0_and_its_maximum():
    """The rules refuse a Health change that would leave 0..maximum; a maximum left out of
    the config is the Health a participant starts with."""
    participants = [{**p, "health_max": 6} if p["key"] == "p2" else p for p in with_health(p2=2)]
    table = begun(participants=participants)
    assert table.state["participants"]["p1"]["health_max"] == 5
    for key, by in (("p1", 1), ("p2", -3), ("p2", 5)):
        refusal = table.refuse({"action": "change_health", "participant": key, "by": by})
        assert refusal.code == "health_out_of_bounds"
    assert table.refuse({"action": "change_health", "participant": "p2", "by": 0}).code == (
        "invalid_command"
    )
    table.do({"action": "change_health", "participant": "p2", "by": 4})
    assert table.state["participants"]["p2"]["health"] == 6


def test_at_0_a_participant_is_out_of_the_fight_and_has_no_more_turns():
    table = begun()
    events = fell(table, "p2")  # Ron had yet to act in round 1
    assert types(events) == ["health_changed", "out_of_the_fight"]
    assert "p2" not in table.state["yet_to_act"] and "p2" in table.state["order"]
    table.take_turn("p1")
    table.take_turn("p3")  # Ron's place is passed over; Draco started it: a new round
    assert (table.state["round"], table.turn) == (2, "p1")
    assert table.state["yet_to_act"] == ["p1", "p3", "p4"]


def test_a_participant_out_of_the_fight_acts_dodges_delays_and_intervenes_no_more():
    table = begun()
    table.delay("p1")  # Harry delays; then falls
    fell(table, "p1")
    assert "p1" not in table.state["delaying"]
    refusal = table.refuse({"action": "re_enter", "participant": "p1"})
    assert (refusal.code, refusal.detail) == ("out_of_the_fight", "Harry is out of the fight.")
    attack_on_ron = {"action": "act", "participant": "p3", "target": "p2", "roll": HEX}
    table.do(attack_on_ron)
    assert table.refuse({"action": "intervene", "participant": "p1"}).code == ("out_of_the_fight")
    assert SKIRMISH.allowed_commands(table.state, player("p1")) == []


def test_a_fallen_participant_is_no_target_for_attacks_but_may_be_helped():
    table = begun()
    fell(table, "p2")
    refusal = table.refuse({"action": "act", "participant": "p1", "target": "p2", "roll": HEX})
    assert (refusal.code, refusal.detail) == ("target_out_of_the_fight", "Ron is out of the fight.")
    offered = SKIRMISH.allowed_commands(table.state, player("p1"))
    assert "p2" not in {command.get("target") for command in offered}
    check = {"kind": "check", "attribute": "Wits", "difficulty": 10}
    events = table.act("p1", 12, 3, what="Ennervate", target="p2", roll=check)
    assert types(events) == ["action"]


def test_the_storyguide_heals_a_fallen_participant_back_into_the_fight_from_the_next_round():
    table = begun()
    fell(table, "p2")
    events = table.do({"action": "change_health", "participant": "p2", "by": 2})
    assert types(events) == ["health_changed", "back_in_the_fight"]
    assert "p2" not in table.state["yet_to_act"], "this round's turn is gone"
    table.take_turn("p1")
    table.take_turn("p3")
    assert table.state["yet_to_act"] == ["p1", "p3", "p2", "p4"]


def test_ch7_p1_a_skirmish_ends_when_nobody_is_left_to_oppose_anyone():
    """¶1: "Skirmishes, on the other hand, are extensive scenes where characters act in
    opposition to one another": the Gryffindors standing alone, it is over."""
    sides = {"p1": "Gryffindor", "p2": "Gryffindor", "p3": "Gryffindor", "p4": "Slytherin"}
    participants = [{**p, "side": sides[p["key"]]} for p in CONFIG["participants"]]
    table = begun(participants=participants, harm=5)
    command = {"action": "act", "participant": "p1", "target": "p4", "roll": HEX}
    events = table.do(command, *HIT)  # Draco started it: no dodge for him in round 1
    assert types(events)[-3:] == ["health_changed", "out_of_the_fight", "skirmish_ended"]
    assert events[-1] | {"names": None} == {
        "type": "skirmish_ended",
        "by": "rules",
        "round": 1,
        "summary": "",
        "standing": ["p1", "p2", "p3"],
        "unrolled_attack": None,
        "names": None,
    }
    assert MANIFEST.words.narrate(events[-1])["en"] == (
        "Nobody is left to oppose Harry, Ron and Hermione: the skirmish is over."
    )
    assert SKIRMISH.is_over(table.state)
    assert SKIRMISH.result(table.state) == {
        "ended_by": "rules",
        "standing": ["p1", "p2", "p3"],
        "rounds": 1,
        "seconds": 6,
        "health": {"p1": 5, "p2": 5, "p3": 5, "p4": 0},
        "names": {"p1": "Harry", "p2": "Ron", "p3": "Hermione", "p4": "Draco"},
    }


def test_without_sides_everyone_fights_on_their_own_until_one_stands():
    table = begun()
    fell(table, "p2")
    fell(table, "p3")
    assert not SKIRMISH.is_over(table.state)
    events = fell(table, "p4")
    assert types(events)[-1] == "skirmish_ended"
    assert table.state["ending"] == {"by": "rules", "standing": ["p1"], "summary": ""}


def test_a_blow_that_ends_the_skirmish_drops_the_attack_still_waiting():
    sides = {"p1": "Gryffindor", "p2": "Gryffindor", "p3": "Slytherin", "p4": "Slytherin"}
    table = begun(participants=[{**p, "side": sides[p["key"]]} for p in CONFIG["participants"]])
    table.do({"action": "act", "participant": "p1", "target": "p3", "roll": HEX})
    fell(table, "p4")
    events = fell(table, "p3")
    assert events[-1]["unrolled_attack"]["target"] == "p3"
    assert events[-1]["standing"] == ["p1", "p2"]
    assert table.state["attack"] is None


def test_a_participant_whose_health_is_not_tracked_never_falls():
    participants = [student("p1", "Harry", Wits=4), student("p2", "Peeves", Wits=3)]
    participants[1]["health"] = None
    table = Table(config(participants=participants, harm=9))
    assert table.state["participants"]["p2"]["health_max"] is None
    start = {"action": "roll_initiative", "initiator": "p2", "category": "mental"}
    table.do(start, 10, 1, 9, 1)  # Harry first; Peeves started it
    events = table.do({"action": "act", "participant": "p1", "target": "p2", "roll": HEX}, *HIT)
    assert types(events) == ["attack_declared", "action"]
    assert the_action(events)["roll"]["success"] is True
    assert not SKIRMISH.is_over(table.state)


def test_ch7_p4_initiative_needs_two_participants_in_the_fight_who_oppose_each_other():
    """¶4: the initiating action compels "multiple characters to react to it and to one
    another": the skirmish cannot begin without an opposition."""
    same_side = [{**p, "side": "Hogwarts"} for p in CONFIG["participants"]]
    fallen_foe = [*same_side[:3], {**same_side[3], "side": "Durmstrang", "health": 0}]
    for participants in (same_side, fallen_foe):
        state = SKIRMISH.setup(config(participants=participants))
        command = {"action": "roll_initiative", "initiator": "p1", "category": "physical"}
        with pytest.raises(RuleViolation) as caught:
            SKIRMISH.apply(state, command, actor=STORYGUIDE, dice=None, now=0.0)
        assert caught.value.code == "too_few_participants"


def test_an_initiating_action_that_fells_the_only_opponent_ends_the_skirmish_at_once():
    participants = [student("p1", "Harry", Wits=4), student("p2", "Ron", Wits=2)]
    table = Table(config(participants=participants, harm=5))
    start = {
        "action": "roll_initiative",
        "initiator": "p1",
        "category": "mental",
        "initiating_action": {"what": "Stupefy", "target": "p2", "roll": HEX},
    }
    events = table.do(start, *HIT, 10, 1, 9, 1)  # the initiating action, then initiative
    assert types(events) == [
        "skirmish_initiated",
        "action",
        "health_changed",
        "out_of_the_fight",
        "initiative_rolled",
        "initiative_rolled",
        "initiative_order",
        "round_started",  # the initiator waits out round 1, and nobody else stands
        "skirmish_ended",
    ]
    assert table.state["ending"] == {"by": "rules", "standing": ["p1"], "summary": ""}
    assert table.state["turn"] is None
