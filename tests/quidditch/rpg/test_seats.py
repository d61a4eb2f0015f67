"""Holding a seat (issue 28): a storyguide seated at a beater is ``Actor(REFEREE, {seat})``.

"The order of action within the turn is irrelevant" (QUIDDITCH): a choice of the turn is its
chooser's own until the turn is rolled, so the storyguide holding Fred Weasley's seat sees
Fred's target and not Slytherin's, and plays Fred as his player would. The storyguide
referees the match and chooses for the players nobody holds (a non-player character's
beater): the referee relays (``referee_relays``)."""

import pytest

from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor, RuleViolation
from games.services import actor_for
from tests.quidditch.rpg import RULES, Match

FRED = "home.beater1"
STORYGUIDE_AT_FRED = Actor(REFEREE, frozenset({FRED}))
FREDS_PLAYER = Actor(PLAYER, frozenset({FRED}))
AT_FLINT = {"action": "aim", "player": FRED, "target": "away.chaser1"}
AT_KATIE = {"action": "aim", "player": "away.beater1", "target": "home.chaser2"}


def chosen() -> Match:
    """Fred aims at Slytherin's chaser 1, Slytherin's beater 1 at Gryffindor's chaser 2."""
    match = Match()
    match.do(AT_FLINT)
    match.do(AT_KATIE)
    return match


def test_a_storyguide_in_a_seat_sees_that_seats_choice_and_no_other():
    state = chosen().state
    assert RULES.view(state, STORYGUIDE_AT_FRED)["choices"] == {
        FRED: "away.chaser1",
        "away.beater1": "chosen",
    }
    assert (
        RULES.view(state, FREDS_PLAYER)["choices"]
        == RULES.view(state, STORYGUIDE_AT_FRED)["choices"]
    )
    for anyone_else in (
        Actor(REFEREE),
        Actor(SPECTATOR),
        Actor(PLAYER, frozenset({"away.seeker"})),
    ):
        assert set(RULES.view(state, anyone_else)["choices"].values()) == {"chosen"}


def test_a_storyguide_in_a_seat_reads_that_seats_choice_in_the_log_and_no_other():
    record = {"command": AT_KATIE, "submitted": {"command": AT_KATIE}, "events": [], "dice": []}
    assert RULES.view_event(record, STORYGUIDE_AT_FRED)["command"]["target"] == "chosen"
    mine = {"command": AT_FLINT, "submitted": {"command": AT_FLINT}, "events": [], "dice": []}
    assert RULES.view_event(mine, STORYGUIDE_AT_FRED)["command"]["target"] == "away.chaser1"


def test_a_storyguide_in_a_seat_is_offered_what_its_player_is_and_relays_the_rest():
    """Fred's aims are offered to both; the storyguide also relays every other beater nobody
    holds and decides what Madam Hooch sees; Fred's player gives Fred's commands only."""
    state = Match().state
    players = RULES.allowed_commands(state, FREDS_PLAYER)
    storyguides = RULES.allowed_commands(state, STORYGUIDE_AT_FRED)
    assert {c["player"] for c in players} == {FRED}
    assert [c for c in storyguides if c.get("player") == FRED] == players
    assert {c.get("player") for c in storyguides} == {
        FRED,
        "home.beater2",
        "away.beater1",
        "away.beater2",
        None,
    }
    assert {"action": "distract_referee"} in storyguides
    assert RULES.referee_relays is True


def test_a_player_gives_only_their_own_seats_commands():
    with pytest.raises(RuleViolation) as refused:
        RULES.apply(Match().state, AT_KATIE, actor=FREDS_PLAYER, dice=None, now=0.0)
    assert refused.value.code == "not_your_player"
    assert RULES.seat_of(AT_KATIE, Match().state) == "away.beater1"
    assert RULES.seat_of({"action": "distract_referee"}, Match().state) is None


@pytest.mark.django_db
def test_the_storyguide_seated_at_harry_plays_him_and_referees(pitch):
    """A storyguide who seats themselves at Harry Potter is the referee holding his seat."""
    game = pitch.match(seats={"home.seeker": pitch.storyguide.pk}, bots={"*": "sensible"})
    assert actor_for(game, pitch.storyguide) == Actor(REFEREE, frozenset({"home.seeker"}))
