"""The bot that plays to win (``sensible``, issue 28): it finishes games by the rules' own
ending, the snitch (LA VICTOIRE), beats the random player, and weighs the catch as the
text tells the players to ("pas quand son adversaire a plus de points de but que soi").

``bench/dice_game.py`` plays thousands of games and reports their cost; the platform's
conformance suite plays 200 seeds per ruleset.
"""

import random

from games.bots import play_out, strategies
from games.dice import ServerDice
from quidditch.dice.bots import SensiblePlayer
from quidditch.dice.rules.dice import ALL_DICE
from tests.quidditch.dice import REFEREE, RULES, started

SEEDS = range(40)
BOT = SensiblePlayer()


def play(seed: int, bots: dict[str, str], step=None) -> dict:
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), "bots")
    return play_out(RULES, RULES.setup({}), bots, rng, dice, step=step)


def caught(state: dict) -> bool:
    """Ended by LA VICTOIRE: a side holds five snitch points and the game is over."""
    return state["over"] and max(s["snitch"] for s in state["score"].values()) >= 5


def test_the_bot_that_plays_to_win_is_the_rulesets_first():
    assert next(iter(strategies(RULES))) == "sensible"


def test_the_bot_against_itself_ends_every_game_by_catching_the_snitch():
    """Both seats and the roll-off (the referee's seat) held by the bot, 40 seeds: every
    game ends by the fifth snitch point, within the manifest's ``Playtest.max_commands``."""
    bots = {"red": "sensible", "blue": "sensible", "referee": "sensible"}
    assert [seed for seed in SEEDS if not caught(play(seed, bots))] == []


def test_the_bot_beats_the_random_player_with_the_pitch_always_legal():
    """Against random legal play, at every step: at most four dice a row (LE TERRAIN),
    each of the nine dice on its row, aside or in hand, and points never going down."""

    def check(before: dict, after: dict) -> None:
        if after["phase"] == "placing":
            assert all(len(row) <= 4 for row in after["rows"].values())
            on_rows = sorted(die for row in after["rows"].values() for die in row)
            assert on_rows == sorted(d for d, where in after["dice"].items() if where["row"])
            assert set(after["dice"]) == set(ALL_DICE)
        for side, score in after["score"].items():
            assert score["goals"] >= before["score"][side]["goals"]
            assert score["snitch"] >= before["score"][side]["snitch"]

    games = [play(seed, {"red": "sensible", "blue": "random"}, check) for seed in SEEDS]
    assert all(caught(state) for state in games)
    wins = sum(state["winner"] == "red" for state in games)
    assert wins >= 36, f"the bot won only {wins} of {len(games)}"


def choice(game, seat: str) -> dict:
    offered = RULES.allowed_commands(game.state, REFEREE)
    return BOT.choose(game.state, seat, offered, random.Random(0))


def test_la_victoire_ahead_the_attack_catches_the_snitch():
    """Red attacks with four snitch points, ahead 100 to 50: goal die 1 rolled for the
    snitch's row (2) makes the fifth point and wins, so the bot puts it there."""
    game = started(attack_faces=(2, 2, 5, 5, 6, 1))
    game.state["score"] = {"red": {"goals": 100, "snitch": 4}, "blue": {"goals": 50, "snitch": 0}}
    game.place("red", "snitch")
    assert choice(game, "red") == {"action": "place", "player": "red", "die": "goal1"}


def test_les_points_behind_the_attack_does_not_end_the_game():
    """The same pitch, red behind 0 to 100: catching now would lose ("pas quand son
    adversaire a plus de points de but que soi"), so goal die 1 stays off the snitch's row."""
    game = started(attack_faces=(2, 2, 5, 5, 6, 1))
    game.state["score"] = {"red": {"goals": 0, "snitch": 4}, "blue": {"goals": 100, "snitch": 0}}
    game.place("red", "snitch")
    assert choice(game, "red").get("die") != "goal1"


def test_the_defence_blocks_the_richest_row():
    """Red has two goal dice and the quaffle on row 4 (60 goal points); blue's bludger 1 is
    rolled for row 4 (7), bludger 2 for the empty row 6: blue blocks row 4."""
    game = started(attack_faces=(1, 4, 4, 2, 3, 7), defence_faces=(5, 7, 12))
    for die in ("snitch", "goal1", "goal2", "quaffle"):
        game.place("red", die)
    game.end_turn("red")
    game.place("blue", "keeper")
    assert choice(game, "blue") == {"action": "place", "player": "blue", "die": "bludger1"}
