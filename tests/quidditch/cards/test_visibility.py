"""Hidden information: each player sees their own hand and the cards face up, nothing else.

The conformance suite looks for each seat's secrets in what the others see;
here the same is asked of the decks (whose order nobody sees, their owner
neither) and of the storyguide, over whole matches of random legal play.
"""

import random

import pytest

from games.bots import play_out
from games.dice import ServerDice
from games.ruleset import REFEREE, SPECTATOR, Actor, RuleViolation
from tests.quidditch.cards import MANIFEST, RULES, G, Match, S, player, seven

EVERYONE = [Actor(SPECTATOR), Actor(REFEREE), player(S), player(G)]


def strings(value) -> set[str]:
    if isinstance(value, dict):
        return {*map(str, value), *(s for item in value.values() for s in strings(item))}
    if isinstance(value, list):
        return {s for item in value for s in strings(item)}
    return {value} if isinstance(value, str) else set()


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=["P-quaffle-1"])
    seen = RULES.view(match.state, player(S))
    assert seen["teams"][S]["hand"] == match.hand(S)
    assert "hand" not in seen["teams"][G] and seen["teams"][G]["hand_size"] == 7
    assert seen["teams"][G]["deck"] == 20 and seen["pitch"]["deck"] == 0, "decks as counts"
    for actor in (Actor(SPECTATOR), Actor(REFEREE)):
        assert all("hand" not in team for team in RULES.view(match.state, actor)["teams"].values())


def test_another_players_draw_and_face_down_play_read_as_counts_and_face_down():
    match = Match(slytherin=seven("S", "chaser9"), gryffindor=seven("G"), pitch=["P-quaffle-1"])
    match.pass_window()
    match.play(S, "P-quaffle-1", "S-chaser9-1")
    record = {
        "command": {"action": "play", "player": S, "ball": "P-quaffle-1", "card": "S-chaser9-1"},
        "submitted": {"command": {}},
        "events": match.events,
        "dice": [],
    }
    seen = RULES.view_event(record, player(G))
    assert seen["command"]["card"] == seen["submitted"]["command"]["card"] == "face down"
    assert seen["events"][0]["card"] == "face down"
    assert (
        MANIFEST.words.narrate(seen["events"][0])["en"]
        == "Slytherin lays a card face down on the Quaffle."
    )
    deal = RULES.view_event(
        {
            "command": {"action": "deal"},
            "events": [{"type": "drew", "player": S, "count": 7, "cards": match.hand(S)}],
            "dice": [],
            "submitted": {},
        },
        player(G),
    )
    assert deal["events"][0] == {"type": "drew", "player": S, "count": 7}


def test_the_storyguide_cannot_play_a_teams_cards_she_does_not_see():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=["P-quaffle-1"])
    assert RULES.allowed_commands(match.state, Actor(REFEREE)) == []
    with pytest.raises(RuleViolation) as refused:
        RULES.apply(
            match.state,
            {"action": "pass", "player": S},
            actor=Actor(REFEREE),
            dice=ServerDice(b"0" * 32, "x"),
            now=0.0,
        )
    assert refused.value.code == "not_your_team"


def test_no_view_shows_a_card_of_any_deck_or_of_the_other_players_hidden_cards():
    def check(before: dict, after: dict) -> None:
        if after["over"]:
            return
        decks = {*after["pitch"]["deck"], *(c for t in after["teams"].values() for c in t["deck"])}
        secrets = MANIFEST.playtest.secrets(after)
        for actor in EVERYONE:
            seen = strings(RULES.view(after, actor)) | strings(RULES.allowed_commands(after, actor))
            assert not seen & decks
            for team, hidden in secrets.items():
                if actor != player(team):
                    assert not seen & hidden

    for seed in range(6):
        rng = random.Random(seed)
        dice = ServerDice(rng.randbytes(32), "visibility")
        play_out(RULES, RULES.setup({}), {S: "random", G: "simple"}, rng, dice, step=check)
