"""SET UP and LET'S PLAY (steps 1-9, Pitch Again), on scripted decks."""

import pytest

from games.dice import ScriptedDice
from games.ruleset import RuleViolation
from tests.quidditch.cards import RULES, G, Match, S, all_cards, kinds, player, seven

QUAFFLE, QUAFFLE2, BLUDGER, BLUDGER2, BLUDGER3, SNITCH, GOAL = (
    "P-quaffle-1",
    "P-quaffle-2",
    "P-bludger-1",
    "P-bludger-2",
    "P-bludger-3",
    "P-snitch-1",
    "P-goal-1",
)


def test_set_up_seven_cards_each_and_slytherin_pitches_the_first_round():
    """ "Each player draws the top 7 cards"; "The Slytherin player always pitches for the first
    round": the deal turns over the first pitch card and opens the window before the plays."""
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE])
    assert len(match.hand(S)) == len(match.hand(G)) == 7
    assert match.state["pitcher"] == S and match.state["round"] == 1
    assert match.state["pitch"]["in_play"] == [QUAFFLE]
    assert match.window == "before_plays"


def quaffle_round(match: Match, pitcher_card: str, opponent_card: str) -> list[dict]:
    """A round on the Quaffle alone, nobody casting: pass, play, pass, reveal, pass."""
    pitcher = match.state["pitcher"]
    match.pass_window()
    match.play(pitcher, QUAFFLE, pitcher_card)
    match.play(G if pitcher == S else S, QUAFFLE, opponent_card)
    match.pass_window()
    return match.pass_window()


def test_a_round_reveals_both_cards_together_discards_them_and_draws_back_to_seven():
    """Steps 3-8: face down, compare, the Quaffle to the winner's scoring pile, the cards to
    the discard piles, seven cards again, and Gryffindor pitches the second round."""
    match = Match(
        slytherin=seven("S", "chaser9"), gryffindor=seven("G", "chaser6"), pitch=[QUAFFLE, SNITCH]
    )
    events = quaffle_round(match, "S-chaser9-1", "G-chaser6-1")
    assert kinds(events)[:4] == ["passed", "ball_won", "drew", "drew"]
    assert match.scoring(S) == [QUAFFLE]
    assert match.discard(S) == ["S-chaser9-1"] and match.discard(G) == ["G-chaser6-1"]
    assert len(match.hand(S)) == len(match.hand(G)) == 7
    assert match.state["pitcher"] == G and match.state["pitch"]["in_play"] == [SNITCH]


def test_face_down_cards_stay_hidden_from_the_opponent_until_the_reveal():
    match = Match(slytherin=seven("S", "chaser9"), gryffindor=seven("G"), pitch=[QUAFFLE])
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser9-1")
    seen_by_gryffindor = RULES.view(match.state, player(G))
    assert seen_by_gryffindor["plays"][QUAFFLE][S]["card"] == "face down"
    assert RULES.view(match.state, player(S))["plays"][QUAFFLE][S]["card"] == "S-chaser9-1"
    match.play(G, QUAFFLE, "G-chaser5-1")
    events = match.pass_window()
    revealed = next(event for event in events if event["type"] == "revealed")
    assert revealed["cards"] == {S: "S-chaser9-1", G: "G-chaser5-1"}, "turned over together"


def test_a_pitcher_must_always_play_on_a_quaffle():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE])
    match.pass_window()
    assert {"action": "done", "player": S} not in match.offered(S)
    assert match.refused(S, {"action": "done"}, "quaffle_first").rule == "Pitch Again"


def test_the_pitcher_may_choose_not_to_play_on_a_bludger_and_then_the_other_must_pitch():
    """ "If the pitcher chooses not to play ... It is now the next player's turn to pitch";
    "if the Pitcher plays on none ... the opposing player opens a new round by pitching"."""
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[BLUDGER, SNITCH])
    match.pass_window()
    events = match.done(S)
    assert kinds(events)[:2] == ["not_playing", "round_started"]
    assert match.state["pitcher"] == G
    assert match.state["pitch"]["in_play"] == [BLUDGER, SNITCH], "Gryffindor had to pitch"


def test_a_bludger_or_snitch_in_play_lets_the_pitcher_pitch_or_play_on_them():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[SNITCH, QUAFFLE])
    match.pass_window()
    match.play(S, SNITCH, "S-chaser5-1")
    match.play(G, SNITCH, "G-chaser5-1")
    match.pass_window()
    match.pass_window()  # both non-Seekers: the Snitch stays
    assert match.state["phase"] == "pitch"
    assert match.offered(G) == [
        {"action": "pitch", "player": G},
        {"action": "keep_balls", "player": G},
    ]
    match.do(G, {"action": "keep_balls"})
    assert match.window == "before_plays" and match.state["pitch"]["in_play"] == [SNITCH]


def test_while_a_quaffle_is_in_play_nobody_pitches():
    """ "If a Quaffle remains in play, the Pitcher for that round does not get to lead with a
    new card": a tie leaves it, and the next round opens on it."""
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE, QUAFFLE2])
    quaffle_round(match, "S-chaser5-1", "G-chaser5-1")
    assert match.state["pitcher"] == G and match.window == "before_plays"
    assert match.state["pitch"]["in_play"] == [QUAFFLE]
    assert match.state["pitch"]["deck"] == [QUAFFLE2]


def test_the_opponent_must_play_on_every_ball_the_pitcher_played_on_and_on_no_other():
    match = Match(
        slytherin=seven("S", "beater2", "seeker11"),
        gryffindor=seven("G"),
        pitch=[BLUDGER, SNITCH, QUAFFLE],
    )
    match.pass_window()
    match.done(S)  # Gryffindor must now pitch: the Snitch joins the Bludger
    match.pass_window()
    match.play(G, SNITCH, "G-chaser5-1")
    match.done(G)
    assert {command["ball"] for command in match.offered(S)} == {SNITCH}
    match.play(S, SNITCH, "S-seeker11-1")
    assert match.window == "after_plays"


def test_the_pitcher_orders_the_reveals_when_several_balls_were_played_on():
    match = Match(
        slytherin=seven("S", "beater3", "seeker12"),
        gryffindor=seven("G", "beater1"),
        pitch=[BLUDGER, SNITCH],
    )
    match.pass_window()
    match.done(S)
    match.pass_window()
    match.play(G, BLUDGER, "G-beater1-1")
    match.play(G, SNITCH, "G-chaser5-1")
    match.play(S, BLUDGER, "S-beater3-1")
    match.play(S, SNITCH, "S-seeker12-1")
    match.pass_window()
    assert match.state["phase"] == "reveal"
    assert match.offered(G) == [
        {"action": "reveal", "player": G, "ball": BLUDGER},
        {"action": "reveal", "player": G, "ball": SNITCH},
    ]
    events = match.do(G, {"action": "reveal", "ball": SNITCH})
    assert events[0]["ball"] == SNITCH


def test_a_third_bludger_is_discarded_and_another_card_drawn():
    match = Match(
        slytherin=seven("S"),
        gryffindor=seven("G"),
        pitch=[BLUDGER, BLUDGER2, BLUDGER3, SNITCH],
    )
    match.pass_window()
    match.done(S)  # Gryffindor must pitch: the second Bludger
    match.pass_window()
    events = match.done(G)  # Slytherin must pitch: a third Bludger, then the Snitch
    assert kinds(events)[-4:] == ["round_started", "third_bludger", "pitched", "window_opened"]
    assert match.state["pitch"]["discard"] == [BLUDGER3]
    assert match.state["pitch"]["in_play"] == [BLUDGER, BLUDGER2, SNITCH]


def test_a_goal_card_scores_an_instant_goal_and_the_pitcher_draws_again():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[GOAL, QUAFFLE])
    assert kinds(match.events)[-3:] == ["goal_scored", "pitched", "window_opened"]
    assert match.scoring(S) == [GOAL] and match.state["pitch"]["in_play"] == [QUAFFLE]


def test_the_snitch_caught_ends_the_game_and_the_totals_count_10_a_quaffle_or_goal_and_150():
    match = Match(
        slytherin=seven("S", "chaser9"),
        gryffindor=seven("G", "seeker11"),
        pitch=[GOAL, QUAFFLE, SNITCH],
    )
    quaffle_round(match, "S-chaser9-1", "G-chaser5-1")
    match.pass_window()
    match.play(G, SNITCH, "G-seeker11-1")
    match.play(S, SNITCH, "S-chaser5-1")
    match.pass_window()
    events = match.pass_window()
    assert kinds(events)[-2:] == ["ball_won", "game_over"]
    assert events[-1]["totals"] == {S: 20, G: 150} and events[-1]["winner"] == G
    assert RULES.result(match.state) == {
        "winner": G,
        "points": {S: 20, G: 150},
        "snitch": G,
        "rounds": 2,
    }


def test_a_spent_team_deck_takes_its_shuffled_discard_pile():
    """ "If you get through your deck before the game ends, shuffle your discard pile"."""
    match = Match(slytherin=seven("S", "chaser9"), gryffindor=seven("G"), pitch=[QUAFFLE, SNITCH])
    match.state["teams"][S]["deck"] = []
    match.state["teams"][S]["discard"] = ["S-chaser4-21"]
    match.cards = all_cards(match.state)
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser9-1")
    match.play(G, QUAFFLE, "G-chaser5-1")
    match.pass_window()
    events = match.pass_window(2)  # the die of a shuffle of two cards: keep the order
    shuffled = [event for event in events if event["type"] == "shuffled"]
    assert shuffled == [{"type": "shuffled", "deck": S, "cards": 2}]
    assert "S-chaser4-21" in match.hand(S) and len(match.hand(S)) == 7
    assert match.state["teams"][S]["deck"] == ["S-chaser9-1"]


def test_a_spent_pitch_deck_takes_its_shuffled_discard_pile():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[BLUDGER])
    match.state["pitch"]["discard"] = [QUAFFLE]
    match.cards = all_cards(match.state)
    match.pass_window()
    events = match.done(S)  # Gryffindor must pitch: the deck is spent
    assert {"type": "shuffled", "deck": "pitch", "cards": 1} in events
    assert match.state["pitch"]["in_play"] == [BLUDGER, QUAFFLE]


def test_when_no_new_ball_can_come_the_round_goes_on_with_the_balls_in_play():
    """Two Bludgers and the Snitch in play, nothing left to pitch but a third Bludger."""
    match = Match(
        slytherin=seven("S"),
        gryffindor=seven("G"),
        pitch=[BLUDGER, BLUDGER2, BLUDGER3, SNITCH],
    )
    match.pass_window()
    match.done(S)
    match.pass_window()
    match.done(G)
    match.pass_window()
    match.done(S)  # Gryffindor should pitch, but no ball can come
    assert match.state["pitcher"] == G and match.window == "before_plays"
    assert match.state["pitch"]["in_play"] == [BLUDGER, BLUDGER2, SNITCH]


def test_a_caught_snitch_ends_the_match_before_the_balls_not_yet_turned_over():
    match = Match(
        slytherin=seven("S", "chaser10"),
        gryffindor=seven("G", "seeker12"),
        pitch=[SNITCH, QUAFFLE],
    )
    match.pass_window()
    match.done(S)  # Gryffindor must pitch: the Quaffle
    match.pass_window()
    match.play(G, SNITCH, "G-seeker12-1")
    match.play(G, QUAFFLE, "G-chaser5-1")
    match.play(S, SNITCH, "S-chaser5-1")
    match.play(S, QUAFFLE, "S-chaser10-1")
    match.pass_window()
    match.do(G, {"action": "reveal", "ball": SNITCH})
    events = match.pass_window()
    assert kinds(events)[-2:] == ["ball_won", "game_over"]
    assert match.state["over"] and QUAFFLE in match.state["pitch"]["in_play"]
    assert events[-1]["totals"] == {S: 0, G: 150}


def test_with_no_player_card_in_hand_the_quaffle_still_takes_a_sacrifice():
    """ "If a Quaffle is in play and you hold no Player Cards, you must still play on the
    Quaffle ... a Special Card in place of a Player Card\""""
    specials = ["alohomora", "referee", "free_goal", "take_back", "leg_locker", "take_one_card"]
    match = Match(
        slytherin=seven("S", "chaser8"),
        gryffindor=seven("G", *specials, "full_body_bind"),
        pitch=[QUAFFLE],
    )
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser8-1")
    offered = match.offered(G)
    assert {command["action"] for command in offered} == {"play"}
    assert len(offered) == 7


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ([], "unknown_command"),
        ({"action": "shout"}, "unknown_command"),
        ({"action": "pass", "player": "hufflepuff"}, "unknown_command"),
        ({"action": "pass", "player": G}, "not_your_team"),
        ({"action": "play", "player": S, "ball": SNITCH, "card": "S-chaser5-1"}, "not_this_ball"),
        ({"action": "play", "player": S, "ball": QUAFFLE, "card": "G-chaser5-1"}, "not_in_hand"),
        ({"action": "play", "player": S, "ball": [QUAFFLE], "card": {}}, "not_this_ball"),
        ({"action": "reveal", "player": S, "ball": QUAFFLE}, "not_your_turn"),
        ({"action": "cast", "player": S, "card": "S-chaser5-1", "target": None}, "not_now"),
        ({"action": "deal"}, "not_now"),
    ],
)
def test_a_command_the_rules_do_not_allow_is_refused_with_a_reason(command, code):
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE, SNITCH])
    match.pass_window()
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(match.state, command, actor=player(S), dice=ScriptedDice([]), now=0.0)
    assert caught.value.code == code
