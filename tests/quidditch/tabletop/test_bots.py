"""The bot that plays to win (issue 28): games of it against itself end by the rules' own
ending, the snitch caught ("Capturing the Snitch ... ends the game"), never by
agreement or concession; it accepts a person's proposal, waits on dice it does not
want re-rolled, and uses the star seeker and the captain's re-roll on the 3D6.

The platform plays 200 seeds per ruleset; ``bench/tabletop.py`` prints the figures.
"""

import random
import time

from games.bots import REFEREE_SEAT, play_out
from games.dice import ServerDice
from games.ruleset import PLAYER, Actor
from quidditch.tabletop.bots import Chaser
from tests.quidditch.tabletop import MANIFEST, RULES, Match, in_phase, scenario

SEEDS = 40
EVERY_SEAT = {"home": "chaser", "away": "chaser", REFEREE_SEAT: "chaser"}


def bot_game(seed: int, bots: dict[str, str]) -> tuple[dict, int]:
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), f"bots-{seed}")
    commands = []
    state = play_out(RULES, RULES.setup({}), bots, rng, dice, step=lambda a, b: commands.append(b))
    return state, len(commands)


def test_the_bot_against_itself_ends_every_match_by_the_snitch():
    started = time.process_time()
    games = [bot_game(seed, EVERY_SEAT) for seed in range(SEEDS)]
    seconds = time.process_time() - started
    endings = [state["ended_by"] for state, _ in games]
    print(f"\n{SEEDS} bot games: {endings.count('snitch')} by the snitch, {seconds:.1f} s of CPU")
    assert all(state["over"] for state, _ in games)
    assert set(endings) <= {"snitch", "no_seekers"}, "never by agreement or concession"
    assert endings.count("snitch") >= SEEDS - 1
    assert max(commands for _, commands in games) < MANIFEST.playtest.max_commands


def test_the_bot_beats_the_random_player():
    results = [bot_game(seed, {"home": "chaser", "away": "random"})[0] for seed in range(10)]
    assert sum(state["winner"] == "home" for state in results) >= 8


def choose(state: dict, side: str, offered: list[dict]):
    return Chaser().choose(state, side, offered, random.Random(0))


def test_it_never_proposes_to_end_nor_concedes_and_accepts_a_persons_proposal():
    match = Match({"scenario": scenario()})
    offered = match.offered()
    assert {c["action"] for c in offered} >= {"concede", "propose_end", "begin_phase"}
    assert choose(match.state, "home", offered)["action"] == "begin_phase"
    assert choose(match.state, "home", [c for c in offered if c["action"] != "begin_phase"]) is None
    match.do({"action": "propose_end", "side": "home"})
    answer = choose(match.state, "away", RULES.allowed_commands(match.state, _side("away")))
    assert answer == {"action": "accept_end", "side": "away"}


def test_its_star_seeker_sets_a_die_of_the_3d6_to_1():
    match = Match({"scenario": scenario()})
    assert choose(match.state, "home", match.offered()) == {
        "action": "begin_phase",
        "side": "home",
        "star": 1,
    }


def test_its_captain_re_rolls_the_3d6_one_die_short_and_lets_other_dice_stand():
    """The star set a 1, the dice show 1 and 4: the captain re-rolls the 4 (die 1); the
    other side's bot lets the dice stand by waiting (it chooses nothing)."""
    match = Match({"scenario": scenario()})
    match.do({"action": "begin_phase", "side": "home", "star": 1}, 1, 4)
    home = RULES.allowed_commands(match.state, _side("home"))
    assert choose(match.state, "home", home) == {"action": "reroll", "side": "home", "die": 1}
    away = RULES.allowed_commands(match.state, _side("away"))
    assert {c["action"] for c in away} == {"reroll", "let_stand"}
    assert choose(match.state, "away", away) is None


def test_its_seeker_flies_on_to_the_snitch_it_has_seen():
    """Home's seeker at (13, 3) reaches the snitch at (16, 3) ("caught when a seeker who is
    eligible too comes into contact with it"), before anyone else moves."""
    match = in_phase(snitch={"square": [16, 3], "seen": ["home"]}, begin=(1,))
    chosen = choose(match.state, "home", match.offered())
    assert chosen["player"] == "home-seeker"
    match.do(chosen)
    assert match.state["ended_by"] == "snitch" and match.state["winner"] == "home"


def _side(side: str) -> Actor:
    return Actor(PLAYER, frozenset((side,)))
