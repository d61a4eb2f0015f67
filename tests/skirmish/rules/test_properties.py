"""Invariants of any skirmish, on provably fair dice, checked with hypothesis.

- the initiative order is a permutation of the participants, highest total
  first, and equal totals are told apart by roll-offs alone (Ch.7 ¶6);
- whatever legal commands are played, the state stays JSON data, its lists
  agree with one another, ``apply`` never mutates its input, every event has
  a transcript line, and replaying the commands on the same faces rebuilds
  the same state and events (how the service audits a skirmish).
"""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.dice import ScriptedDice, ServerDice

from . import MANIFEST, NOW, SKIRMISH, STORYGUIDE, config, student

seeds = st.binary(min_size=32, max_size=32)


@given(
    seed=seeds,
    values=st.lists(st.integers(0, 3), min_size=2, max_size=9),
    die_size=st.sampled_from([2, 3, 6, 20]),
)
def test_ch7_p6_the_order_is_every_participant_highest_first_ties_rolled_off(
    seed, values, die_size
):
    participants = [student(f"p{i}", f"Student {i}", Dexterity=v) for i, v in enumerate(values)]
    state = SKIRMISH.setup(config(participants=participants, die_size=die_size))
    command = {"action": "roll_initiative", "initiator": "p0", "category": "physical"}
    outcome = SKIRMISH.apply(state, command, actor=STORYGUIDE, dice=ServerDice(seed, "t"), now=NOW)
    order, initiative = outcome.state["order"], outcome.state["initiative"]
    assert sorted(order) == sorted(p["key"] for p in participants)
    standings = [[initiative[key]["total"], *initiative[key]["roll_offs"]] for key in order]
    assert standings == sorted(standings, reverse=True)
    assert len({tuple(s) for s in standings}) == len(standings)
    for key in order:
        unique_total = sum(initiative[k]["total"] == initiative[key]["total"] for k in order) == 1
        assert unique_total == (initiative[key]["roll_offs"] == [])


def concrete(data, state, command):
    """An offered command, its free input varied as hypothesis chooses: who rolls
    initiative under stress, what kind of roll an action on its target makes."""
    keys = list(state["participants"])
    action = command["action"]
    if action == "roll_initiative":
        return {**command, "stress": data.draw(st.lists(st.sampled_from(keys), unique=True))}
    if action == "act" and "target" in command:
        roll = data.draw(
            st.sampled_from(
                [
                    command["roll"],
                    {"kind": "check", "attribute": "Wits", "difficulty": 12},
                    {"kind": "defended", "attribute": "Strength", "defence": ["Toughness"]},
                    {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Humor"}},
                ]
            )
        )
        return {**command, "what": "acts", "roll": roll}
    return command


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, data=st.data())
def test_any_legal_play_keeps_the_state_sound_and_replays_exactly(seed, data):
    start = SKIRMISH.setup(config(max_interveners=data.draw(st.sampled_from([None, 1]))))
    state, log, all_events = start, [], []
    nonce = 0
    for _ in range(data.draw(st.integers(1, 40))):
        offered = SKIRMISH.allowed_commands(state, STORYGUIDE)
        if not offered:
            break
        choices = [k for k in offered if k["action"] != "end_skirmish"] or offered
        command = concrete(data, state, data.draw(st.sampled_from(choices)))
        dice = ServerDice(seed, "property", start_nonce=nonce)
        before = copy.deepcopy(state)
        outcome = SKIRMISH.apply(state, command, actor=STORYGUIDE, dice=dice, now=NOW)
        assert state == before, "apply must not mutate its input"
        nonce = dice.next_nonce
        state = outcome.state
        log.append((command, [roll.face for roll in dice.rolls]))
        all_events += outcome.events
        assert_sound(state)

    for event in all_events:
        line = MANIFEST.words.narrate(event)["en"]
        assert line and line != event["type"]

    replayed, replayed_events = start, []
    for command, faces in log:
        outcome = SKIRMISH.apply(
            replayed, command, actor=STORYGUIDE, dice=ScriptedDice(faces), now=NOW
        )
        replayed, replayed_events = outcome.state, replayed_events + outcome.events
    assert replayed == state
    assert replayed_events == all_events


def assert_sound(state):
    assert json.loads(json.dumps(state)) == state
    for participant in state["participants"].values():
        assert 0 <= participant["health"] <= participant["health_max"]
    if state["phase"] == "gathering":
        return
    fallen = {k for k, p in state["participants"].items() if p["health"] == 0}
    assert not fallen & {*state["yet_to_act"], *state["delaying"]}
    order = state["order"]
    assert sorted(order) == sorted(state["participants"])
    assert set(state["yet_to_act"]) <= set(order)
    assert set(state["re_entering"]) <= set(state["delaying"]) <= set(state["yet_to_act"])
    if state["phase"] == "rounds":
        assert (
            len({p["side"] or k for k, p in state["participants"].items() if k not in fallen}) > 1
        )
        assert state["turn"] in order
        assert state["turn"] not in state["delaying"]
        attack = state["attack"]
        if attack is not None:
            assert attack["participant"] == state["turn"]
            assert attack["participant"] not in state["yet_to_act"]
