"""Whose dice (QUIDDITCH, rpg-skirmishes.en.txt): at a table that rolls its own dice, a beater's
and a seeker's rolls are their seats' ("The beaters each choose a target", "Both seekers roll
Dexterity"); the chasers hold no seat, so the storyguide rolls their shots and penalty shots,
and Madam Hooch's d100 ("only calls penalty shots when she isn't distracted").

Each case asks what the service would ask a table for: the dice a choice rolls, in order, as
(purpose, how many, whose seat), ``None`` for the storyguide's.
"""

import pytest

from games.dice import DiceAwaited, EnteredDice
from games.foresight import command_dice
from tests.quidditch.rpg import AT_KEEPERS, MISS, REFEREE, RULES, Match, flat

STORYGUIDES = None
SCORING = [(f"shot:{name}", 2, STORYGUIDES) for name in ("GC1", "GC2", "GC3", "SC1", "SC2", "SC3")]
"""The scoring phase: "the three chasers on each team roll Strength", home first."""
BLOCKING = [
    ("bludger:GB4", 2, "home.beater1"),
    ("bludger:GB5", 2, "home.beater2"),
    ("bludger:SB4", 2, "away.beater1"),
    ("bludger:SB5", 2, "away.beater2"),
]
"""The blocking phase: "A beater's attack rolls Strength", each beater's own."""


def asked(match: Match, command: dict) -> list[tuple]:
    needs = command_dice(RULES, match.state, command, REFEREE, now=0.0)
    return [(need.purpose, need.count, need.by) for need in needs]


def choose_all_but_the_last(match: Match, targets: dict, seekers: dict | None = None) -> dict:
    """Every choice of the turn but the last, which is returned (it rolls the turn)."""
    choices = [{"action": "aim", "player": k, "target": t} for k, t in targets.items()]
    choices += [{"action": "seek", "player": k, "play": p} for k, p in (seekers or {}).items()]
    for command in choices[:-1]:
        match.do(command)
    return choices[-1]


def test_the_chasers_shots_are_the_storyguides_the_beaters_bludgers_their_own():
    match = Match()
    match.do({"action": "distract_referee"})  # no foul is seen: no penalty shot follows
    last = choose_all_but_the_last(match, AT_KEEPERS)

    assert asked(match, last) == SCORING + BLOCKING


def test_the_seekers_roll_their_own_dexterity_at_a_snitch_turn():
    match = Match()
    for _ in range(9):
        match.turn(AT_KEEPERS, *flat(*[MISS] * 10), blind=True)
    match.do({"action": "distract_referee"})
    seekers = {"home.seeker": "catch", "away.seeker": "interfere"}
    last = choose_all_but_the_last(match, AT_KEEPERS, seekers)

    assert asked(match, last) == [
        *SCORING,
        *BLOCKING,
        ("catch:GS7", 2, "home.seeker"),
        ("interfere:SS7", 2, "away.seeker"),
    ]


@pytest.mark.parametrize("distracted_percent", [0, 50])
def test_madam_hoochs_d100_and_the_penalty_shot_are_the_storyguides(distracted_percent):
    """Every roll misses, so every beater's attack is a foul: the first foul's d100 (when
    Madam Hooch may be distracted) and penalty shot are awaited from the storyguide."""
    match = Match(referee_distracted_percent=distracted_percent)
    last = choose_all_but_the_last(match, AT_KEEPERS)
    dice = EnteredDice(flat(*[MISS] * 10))
    with pytest.raises(DiceAwaited) as awaited:
        RULES.apply(match.state, last, actor=REFEREE, dice=dice, now=0.0)
    need = awaited.value.need

    if distracted_percent:
        assert (need.purpose, need.sides, need.by) == ("referee_looking", 100, STORYGUIDES)
    else:
        assert (need.purpose, need.by) == ("penalty_shot:SC1", STORYGUIDES)
