"""The bot that plays to win (``sensible``, issue 28): it ends its games by the rules' own
ending, the snitch ("The game ends when the golden snitch is caught", QUIDDITCH), never has
Madam Hooch look elsewhere (the random player's rare action), and chooses as the text
tells a team to.

``bench/rpg_quidditch.py`` plays thousands of matches and reports their cost; the
platform's conformance suite plays 200 seeds per ruleset.
"""

import random

from games.bots import play_out, strategies
from games.dice import ServerDice
from games.ruleset import Actor
from quidditch.rpg.bots import SensiblePlayer
from tests.quidditch.rpg import AT_KEEPERS, MISS, RULES, Match, flat

SEEDS = range(60)
POSITIONS = ["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"]
BOT = SensiblePlayer()


def demo_team(house: str, rng: random.Random) -> dict:
    """Seven players shaped like the demo campaign's: attributes 3 to 6, Health 3 to 6."""
    return {
        "house": house,
        "players": [
            {
                "name": f"{house} {n}",
                "position": position,
                "attributes": {
                    a: rng.randint(3, 6) for a in ("Strength", "Toughness", "Dexterity")
                },
                "health": rng.randint(3, 6),
            }
            for n, position in enumerate(POSITIONS, start=1)
        ],
    }


def team(side: str, bot: str) -> dict[str, str]:
    return {f"{side}.{seat}": bot for seat in ("beater1", "beater2", "seeker")}


def play(seed: int, bots: dict[str, str], step=None) -> dict:
    rng = random.Random(seed)
    config = {"teams": [demo_team("Gryffindor", rng), demo_team("Slytherin", rng)]}
    dice = ServerDice(rng.randbytes(32), "bots")
    return play_out(RULES, RULES.setup(config), bots, rng, dice, step=step)


def test_the_bot_that_plays_to_win_is_the_rulesets_first():
    assert next(iter(strategies(RULES))) == "sensible"


def test_the_bot_against_itself_ends_every_game_by_catching_the_snitch():
    """Every seat and the referee's held by the bot, 60 seeds: each game ends with the
    snitch caught, within ``max_commands``, and Madam Hooch was never distracted."""
    bots = {**team("home", "sensible"), **team("away", "sensible"), "referee": "sensible"}
    games = [play(seed, bots) for seed in SEEDS]
    assert [
        seed for seed, state in zip(SEEDS, games, strict=True) if state["caught_by"] is None
    ] == []


def test_against_random_play_every_rule_holds_at_every_step():
    """Against random legal play (which distracts the referee now and then): no score goes
    down, Health stays within 0 and where it began, and every game ends with the snitch."""

    def check(before: dict, after: dict) -> None:
        for side in ("home", "away"):
            assert after["score"][side] >= before["score"][side]
        for key, player in after["players"].items():
            start = player["health"] + player["health_lost"]
            assert 0 <= player["health"] <= before["players"][key]["health"] <= start

    bots = {**team("home", "sensible"), **team("away", "random"), "referee": "random"}
    games = [play(seed, bots, check) for seed in SEEDS]
    assert all(state["caught_by"] for state in games)
    wins = sum(state["winner"] == "home" for state in games)
    losses = sum(state["winner"] == "away" for state in games)
    assert wins > losses, f"the bot won {wins} and lost {losses} of {len(games)}"


def offered(match: Match, seat: str) -> list[dict]:
    return RULES.allowed_commands(match.state, Actor("player", frozenset({seat})))


def aim(match: Match) -> dict:
    return BOT.choose(match.state, "home.beater1", offered(match, "home.beater1"), random.Random(0))


def test_a_beater_takes_the_opposing_keeper_out_while_the_quaffle_is_likely_in_the_zone():
    """Attacking the keeper "is also worth a penalty shot unless the quaffle is in the
    scoring zone": Gryffindor's three chasers score one goal or more in 93% of turns (each
    58%, 14 or better on the higher of two d20 against 19), so Fred aims at the keeper,
    who at no Health leaves the match and lets every shot in on 10."""
    assert aim(Match()) == {"action": "aim", "player": "home.beater1", "target": "away.keeper"}


def test_else_a_beater_aims_at_the_strongest_opposing_chaser():
    """With one chaser of his own left (58%), the keeper would probably be a foul: Fred aims
    at the chaser most likely to score, Slytherin's chaser 2 with Strength 7."""
    match = Match()
    for number in (1, 2):
        match.state["players"][f"home.chaser{number}"]["health"] = 0
    match.state["players"]["away.chaser2"]["attributes"]["Strength"] = 7
    assert aim(match) == {"action": "aim", "player": "home.beater1", "target": "away.chaser2"}


def at_turn_10(home: int, away: int, *, chasers: bool = True) -> Match:
    match = Match()
    for _ in range(9):
        match.turn(AT_KEEPERS, *flat(*[MISS] * 10), blind=True)
    match.state["score"] = {"home": home, "away": away}
    if not chasers:
        for number in (1, 2, 3):
            match.state["players"][f"home.chaser{number}"]["health"] = 0
    return match


def seeker_play(match: Match) -> str:
    choice = BOT.choose(match.state, "home.seeker", offered(match, "home.seeker"), random.Random(0))
    return choice["play"]


def test_a_seeker_within_150_dives_for_the_snitch():
    """Catching (+150) wins when behind by less than 150, and when ahead."""
    assert seeker_play(at_turn_10(0, 140)) == "catch"
    assert seeker_play(at_turn_10(300, 0)) == "catch"


def test_a_seeker_150_behind_interferes_while_the_chasers_can_close_the_gap():
    """ "This tactic is usually employed when a seeker's team is behind by at least 150
    points"; with no chaser left in play the gap cannot close, and the seeker ends it."""
    assert seeker_play(at_turn_10(0, 150)) == "interfere"
    assert seeker_play(at_turn_10(0, 150, chasers=False)) == "catch"


def test_holding_the_referees_seat_the_bot_waits():
    """Madam Hooch looking elsewhere is the storyguide's call, never the bot's."""
    match = Match()
    referee = RULES.allowed_commands(match.state, Actor("referee"))
    only_hooch = [c for c in referee if c["action"] == "distract_referee"]
    assert BOT.choose(match.state, "referee", only_hooch, random.Random(0)) is None
