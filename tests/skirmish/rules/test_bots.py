"""The skirmish's bots (issue 28): a fighter plays to win and a skirmish of fighters ends by
the rules, never by a bot's hand on Health or on the ending.

docs/rules/skirmish.md, "Bots", says how the fighter weighs its choices.
"""

import random
import time
from fractions import Fraction

import pytest

from games.bots import REFEREE_SEAT, RandomBot, next_bot_move, offers
from games.dice import ServerDice
from skirmish.bots import Fighter, success_chance
from skirmish.manifest import MANIFEST

from . import CONFIG, SKIRMISH, STORYGUIDE, begun, player

#: What a bot may do: act, dodge, delay and their like, and start the skirmish at the
#: referee's seat; never the storyguide's change_health or end_skirmish.
BOTS_MAY = {
    "roll_initiative",
    "act",
    "delay",
    "re_enter",
    "end_turn",
    "dodge",
    "intervene",
    "resolve_attack",
}
SEEDS = 100


def play(config: dict, seed: int, strategy: str = "fighter") -> tuple[dict, list[dict]]:
    """Bots in every seat and the storyguide's, from setup until none may act."""
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), f"bots-{seed}")
    state = SKIRMISH.setup(config)
    bots = dict.fromkeys([*SKIRMISH.seats(state), REFEREE_SEAT], strategy)
    commands = []
    for _ in range(MANIFEST.playtest.max_commands):
        move = next_bot_move(SKIRMISH, state, bots, rng)
        if move is None:
            break
        commands.append(move.command)
        state = SKIRMISH.apply(state, move.command, actor=move.actor, dice=dice, now=0.0).state
    return state, commands


def test_fighters_end_a_skirmish_by_the_rules_in_99_percent_of_seeds():
    """Nobody left to oppose anyone ends it (docs/rules/skirmish.md), within max_commands."""
    began = time.perf_counter()
    ended = 0
    for seed in range(SEEDS):
        state, commands = play(MANIFEST.contract.example, seed)
        assert {command["action"] for command in commands} <= BOTS_MAY
        ended += SKIRMISH.is_over(state) and state["ending"]["by"] == "rules"
    seconds = time.perf_counter() - began
    print(f"\nskirmish: {ended}/{SEEDS} fighter games ended by the rules in {seconds:.1f} s")
    assert ended >= 0.99 * SEEDS


def test_fighters_on_sides_end_it_too_standing_by_their_allies():
    """Two Gryffindors against two Slytherins: a side wins; fighters delay to stand by an ally
    one hit from falling and intervene for it (Ch.7 ¶9-¶10), and dodge."""
    sides = {"p1": "Gryffindor", "p2": "Gryffindor", "p3": "Slytherin", "p4": "Slytherin"}
    config = {
        **CONFIG,
        "participants": [
            {**p, "side": sides[p["key"]], "health": 3} for p in CONFIG["participants"]
        ],
    }
    seen = set()
    for seed in range(30):
        state, commands = play(config, seed)
        assert state["ending"]["by"] == "rules"
        assert len({sides[key] for key in state["ending"]["standing"]}) == 1
        seen |= {command["action"] for command in commands}
    assert {"delay", "re_enter", "dodge", "intervene"} <= seen


@pytest.mark.parametrize(
    ("die_size", "margin", "chance"),
    [
        (2, 0, Fraction(13, 16)),  # only 1 against 2 fails: 1/4 * 3/4
        (2, 1, Fraction(3, 16)),  # only 2 against 1: 3/4 * 1/4
        (20, -20, 1),
        (20, 20, 0),
    ],
)
def test_the_chance_of_an_opposed_roll_follows_from_the_two_dice_kept_high(
    die_size, margin, chance
):
    """A standard roll keeps the higher of two dice: P(k) = (2k - 1) / n²."""
    assert success_chance(die_size, margin) == pytest.approx(float(chance))


def test_the_fighter_attacks_the_opponent_it_is_likeliest_to_hit_with_its_best_attribute():
    table = begun()  # Harry's turn; everyone may still dodge but Draco, who started it
    offered = SKIRMISH.allowed_commands(table.state, player("p1"))
    command = Fighter().choose(table.state, "p1", offered, random.Random(1))
    # Harry's best is Dexterity 5; Draco cannot dodge and his weakest attribute is Quickness 1.
    assert command == {
        "action": "act",
        "participant": "p1",
        "target": "p4",
        "roll": {
            "kind": "opposed",
            "attribute": "Dexterity",
            "opposing": {"attribute": "Quickness"},
        },
    }


def test_the_fighter_never_attacks_an_ally():
    sides = {"p1": "Gryffindor", "p4": "Gryffindor"}
    table = begun(participants=[{**p, "side": sides.get(p["key"])} for p in CONFIG["participants"]])
    offered = SKIRMISH.allowed_commands(table.state, player("p1"))
    command = Fighter().choose(table.state, "p1", offered, random.Random(1))
    assert command["target"] != "p4"


def attacked(health: int):
    """Harry attacks Ron, who has yet to act and has ``health`` left."""
    participants = [
        {**p, "health": health} if p["key"] == "p2" else p for p in CONFIG["participants"]
    ]
    table = begun(participants=participants)
    roll = {"kind": "opposed", "attribute": "Dexterity", "opposing": {"attribute": "Quickness"}}
    table.do({"action": "act", "participant": "p1", "target": "p2", "roll": roll})
    return table


def test_the_fighter_dodges_a_hit_that_would_fell_it_and_takes_one_it_can_bear():
    """Dodging costs the round's action (Ch.7 ¶8): worth it when the hit would put Ron out of
    the fight, not for one point of five."""
    for health, answer in ((1, "dodge"), (5, "resolve_attack")):
        table = attacked(health)
        offered = SKIRMISH.allowed_commands(table.state, player("p2"))
        assert [c["action"] for c in offered] == ["dodge", "resolve_attack"]
        assert Fighter().choose(table.state, "p2", offered, random.Random(1))["action"] == answer


def test_at_the_storyguides_seat_the_fighter_starts_the_skirmish_and_nothing_else():
    fighter, rng = Fighter(), random.Random(1)
    gathering = SKIRMISH.setup(CONFIG)
    start = fighter.choose(gathering, REFEREE_SEAT, offers(SKIRMISH, gathering, REFEREE_SEAT), rng)
    assert start["action"] == "roll_initiative"
    table = attacked(5)
    offered = offers(SKIRMISH, table.state, REFEREE_SEAT)
    assert {c["action"] for c in offered} == {"resolve_attack", "end_skirmish", "change_health"}
    assert fighter.choose(table.state, REFEREE_SEAT, offered, rng) is None


def test_the_random_player_never_changes_health_and_ends_a_skirmish_only_rarely():
    """change_health is the storyguide's, never a bot's; end_skirmish is left to the random
    player that fuzzes the rules, as a rare action."""
    assert MANIFEST.playtest.rare_actions == {"end_skirmish": 0.01, "change_health": 0.0}
    table = attacked(5)
    offered = [c for c in SKIRMISH.allowed_commands(table.state, STORYGUIDE)]
    storyguides = [c for c in offered if c["action"] in {"change_health", "end_skirmish"}]
    bot, rng = RandomBot(MANIFEST.playtest.rare_actions), random.Random(7)
    chosen = [bot.choose(table.state, REFEREE_SEAT, storyguides, rng) for _ in range(500)]
    taken = {command["action"] for command in chosen if command is not None}
    assert taken == {"end_skirmish"} and len([c for c in chosen if c]) < 25, "about 1 in 100"
    assert bot.last_resort(storyguides, rng)["action"] == "end_skirmish", "when all else waits"
