"""SPECIAL CARDS, SPELL AND JINX CARDS, FOUL AND REFEREE CARDS, and the windows, on scripted decks.

Slytherin pitches the Quaffle in every match here; ``down`` brings a match to
the window after the plays with the given cards face down on the Quaffle.
"""

import pytest

from tests.quidditch.cards import RULES, G, Match, S, all_cards, kinds, player, seven

QUAFFLE, SNITCH = "P-quaffle-1", "P-snitch-1"


def match_with(slytherin=(), gryffindor=(), pitch=(QUAFFLE, SNITCH)) -> Match:
    return Match(
        slytherin=seven("S", *slytherin), gryffindor=seven("G", *gryffindor), pitch=list(pitch)
    )


def down(match: Match, slytherin_card: str, gryffindor_card: str) -> Match:
    match.pass_window()
    match.play(S, QUAFFLE, slytherin_card)
    match.play(G, QUAFFLE, gryffindor_card)
    assert match.window == "after_plays"
    return match


def reveal(match: Match) -> Match:
    match.pass_window()
    assert match.window == "after_reveal"
    return match


def winner_of_the_quaffle(events: list[dict]) -> str | None:
    won = [event for event in events if event["type"] == "ball_won" and event["ball"] == QUAFFLE]
    return won[0]["player"] if won else None


def casts(match: Match, team: str) -> set[tuple[str, str | None]]:
    return {(c["card"], c["target"]) for c in match.offered(team) if c["action"] == "cast"}


# Sacrifices and bluffs (SPECIAL CARDS).


def test_a_sacrifice_loses_the_quaffle_to_any_player_card():
    """ "discard your Special Card without using any of its powers. Your opponent wins the
    Quaffle, provided they played a Player Card.\""""
    match = down(match_with(slytherin=["alohomora"]), "S-alohomora-1", "G-chaser5-1")
    events = reveal(match).pass_window()
    assert winner_of_the_quaffle(events) == G
    assert "S-alohomora-1" in match.discard(S)
    assert not [e for e in events if e["type"] in ("took_effect", "cancelled")], "no power used"


def test_two_sacrifices_leave_the_quaffle_in_play():
    match = down(
        match_with(slytherin=["referee"], gryffindor=["free_goal"]), "S-referee-1", "G-free_goal-1"
    )
    events = reveal(match).pass_window()
    assert kinds(events)[1] == "ball_stays"


def test_a_special_card_may_be_laid_face_down_as_a_bluff_while_holding_player_cards():
    """HINT: "You may choose to sacrifice Special Cards ... even if you have Player Cards"."""
    match = match_with(slytherin=["chaser9", "take_back"])
    match.pass_window()
    plays = {command["card"] for command in match.offered(S) if command["action"] == "play"}
    assert {"S-chaser9-1", "S-take_back-1"} <= plays


# The windows (docs/rules/card-game.md, Timing).


def test_a_window_closes_when_both_have_passed_since_the_last_card():
    match = down(
        match_with(slytherin=["chaser7"], gryffindor=["leg_locker"]), "S-chaser7-1", "G-chaser5-1"
    )
    match.do(S, {"action": "pass"})
    assert match.offered(S) == [], "a player who passed waits"
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    assert {"action": "pass", "player": S} in match.offered(S), "a card played reopens it"
    match.do(G, {"action": "pass"})
    assert match.window == "after_plays"
    match.do(S, {"action": "pass"})
    assert match.window == "after_reveal"


def test_spells_and_jinxes_may_be_played_in_every_window_where_they_have_a_target():
    match = match_with(slytherin=["chaser7", "full_body_bind", "leg_locker"])
    before = casts(match, S)
    assert ("S-full_body_bind-1", None) in before
    assert not any(card == "S-leg_locker-1" for card, _ in before), "no card on a ball yet"
    down(match, "S-chaser7-1", "G-chaser5-1")
    assert ("S-leg_locker-1", QUAFFLE) in casts(match, S)


# Spells.


def test_leg_locker_takes_a_point_from_a_chaser():
    """Chaser 7 against Chaser 7 is a tie; a Leg-Locker on Slytherin's makes it a 6."""
    match = down(
        match_with(slytherin=["chaser7"], gryffindor=["chaser7", "leg_locker"]),
        "S-chaser7-1",
        "G-chaser7-1",
    )
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    assert winner_of_the_quaffle(reveal(match).pass_window()) == G


def test_leg_locker_makes_a_keeper_useless():
    """A Keeper 9 would block the Chaser 6; made useless, the Chaser scores."""
    match = down(
        match_with(slytherin=["keeper9"], gryffindor=["chaser6", "leg_locker"]),
        "S-keeper9-1",
        "G-chaser6-1",
    )
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    match.do(S, {"action": "pass"})
    event = next(e for e in match.do(G, {"action": "pass"}) if e["type"] == "took_effect")
    assert "keeper" not in str(event), "the effect does not give away a face-down card"
    assert winner_of_the_quaffle(match.pass_window()) == G


def test_full_body_bind_discards_two_cards_at_random_from_the_opponents_hand():
    match = match_with(gryffindor=["full_body_bind"])
    match.cast(G, "G-full_body_bind-1", None)
    hand = list(match.hand(S))
    events = match.pass_window(1, 6)  # the first card, then the last of the six left
    taken = next(e for e in events if e["type"] == "took_effect")["taken"]
    assert taken == [hand[0], hand[-1]] and len(match.hand(S)) == 5
    assert set(taken) <= set(match.discard(S))


def test_wingardium_leviosa_before_the_plays_keeps_the_opponent_off_a_ball():
    """Barred from the Quaffle, the pitcher need not (and may not) play on it."""
    match = match_with(gryffindor=["wingardium_leviosa"])
    match.cast(G, "G-wingardium_leviosa-1", QUAFFLE)
    events = match.pass_window()
    assert kinds(events)[2:4] == ["not_playing", "drew"], "no ball left for the pitcher"
    assert match.state["pitcher"] == G and match.window == "before_plays", "no pitch: a Quaffle"


def test_wingardium_leviosa_after_the_plays_sends_the_card_back_to_the_hand():
    match = down(
        match_with(slytherin=["chaser9"], gryffindor=["wingardium_leviosa"]),
        "S-chaser9-1",
        "G-chaser5-1",
    )
    match.cast(G, "G-wingardium_leviosa-1", QUAFFLE)
    reveal(match)
    assert "S-chaser9-1" in match.hand(S)
    seen = RULES.view_event(
        {"command": {"action": "pass"}, "submitted": {}, "events": match.events, "dice": []},
        player(G),
    )
    returned = next(e for e in seen["events"] if e["type"] == "returned_to_hand")
    assert returned["card"] == "face down", "back in a hand, hidden again"
    assert winner_of_the_quaffle(match.pass_window()) == G


def test_alohomora_cancels_a_spell_played_against_you():
    match = down(
        match_with(slytherin=["chaser7", "alohomora"], gryffindor=["chaser7", "leg_locker"]),
        "S-chaser7-1",
        "G-chaser7-1",
    )
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    match.cast(S, "S-alohomora-1", "G-leg_locker-1")
    events = match.pass_window()
    assert [e for e in events if e["type"] == "cancelled"] == [
        {"type": "cancelled", "player": G, "card": "G-leg_locker-1", "by": "S-alohomora-1"}
    ]
    assert match.state["plays"][QUAFFLE][S]["effects"] == []
    assert {"G-leg_locker-1", "S-alohomora-1"} <= {*match.discard(G), *match.discard(S)}


def test_an_alohomora_may_cancel_an_alohomora_and_the_first_spell_then_stands():
    match = down(
        match_with(
            slytherin=["chaser7", "alohomora"], gryffindor=["chaser7", "leg_locker", "alohomora"]
        ),
        "S-chaser7-1",
        "G-chaser7-1",
    )
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    match.cast(S, "S-alohomora-1", "G-leg_locker-1")
    match.cast(G, "G-alohomora-1", "S-alohomora-1")
    events = match.pass_window()
    assert [e["card"] for e in events if e["type"] == "cancelled"] == ["S-alohomora-1"]
    assert match.state["plays"][QUAFFLE][S]["effects"] == ["leg_locker"]


def test_alohomora_does_not_cancel_take_back_which_is_not_played_against_anyone():
    match = match_with(slytherin=["alohomora"], gryffindor=["take_back"])
    match.state["teams"][G]["discard"] = ["G-seeker12-1"]
    match.cards = all_cards(match.state)
    match.cast(G, "G-take_back-1", "G-seeker12-1")
    assert not any(card == "S-alohomora-1" for card, _ in casts(match, S))


# Jinxes.


def test_the_jinx_reduce_by_two_lowers_a_keeper_below_the_chaser():
    match = down(
        match_with(slytherin=["keeper8"], gryffindor=["chaser7", "reduce_by_two"]),
        "S-keeper8-1",
        "G-chaser7-1",
    )
    match.cast(G, "G-reduce_by_two-1", QUAFFLE)
    assert winner_of_the_quaffle(reveal(match).pass_window()) == G


def test_the_jinx_take_one_card_discards_one_card_at_random():
    match = match_with(slytherin=["take_one_card"])
    hand = list(match.hand(G))
    match.cast(S, "S-take_one_card-1", None)
    match.pass_window(4)
    assert match.discard(G) == [hand[3]] and len(match.hand(G)) == 6


def test_the_jinx_opponent_cant_play_on_a_ball_discards_their_card_and_the_proper_card_wins():
    """ "select any Player Card your opponent has played on a ball and discard it ... if you
    play the proper Player Card on the ball, you automatically win that ball.\""""
    match = down(
        match_with(slytherin=["chaser10"], gryffindor=["beater1", "no_play_on_ball"]),
        "S-chaser10-1",
        "G-beater1-1",
    )
    match.cast(G, "G-no_play_on_ball-1", QUAFFLE)
    reveal(match)
    assert "S-chaser10-1" in match.discard(S) and QUAFFLE in match.state["barred"][S]
    assert winner_of_the_quaffle(match.pass_window()) == G


def test_a_player_barred_from_a_ball_plays_no_special_card_on_it_either():
    """The jinx: "Your opponent can play no further cards (Player or Special) on the ball"."""
    match = down(
        match_with(slytherin=["chaser10", "leg_locker"], gryffindor=["beater1", "no_play_on_ball"]),
        "S-chaser10-1",
        "G-beater1-1",
    )
    match.cast(G, "G-no_play_on_ball-1", QUAFFLE)
    assert ("S-leg_locker-1", QUAFFLE) not in casts(reveal(match), S)
    match.refused(S, {"action": "cast", "card": "S-leg_locker-1", "target": QUAFFLE}, "not_now")


def test_the_jinx_take_back_returns_a_card_from_your_discard_pile():
    match = match_with(slytherin=["take_back"])
    match.state["teams"][S]["discard"] = ["S-seeker11-1"]
    match.cards = all_cards(match.state)
    match.cast(S, "S-take_back-1", "S-seeker11-1")
    match.pass_window()
    assert "S-seeker11-1" in match.hand(S) and match.discard(S) == ["S-take_back-1"]


def test_special_cards_take_effect_in_the_order_played():
    """The Leg-Locker (played first) marks Slytherin's card; the Leviosa (second) then
    sends Gryffindor's card back: both took effect, first to last."""
    match = down(
        match_with(
            slytherin=["chaser8", "wingardium_leviosa"], gryffindor=["chaser8", "leg_locker"]
        ),
        "S-chaser8-1",
        "G-chaser8-1",
    )
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    match.cast(S, "S-wingardium_leviosa-1", QUAFFLE)
    match.do(S, {"action": "pass"})
    events = match.do(G, {"action": "pass"})
    assert [e["card"] for e in events if e["type"] == "took_effect"] == [
        "G-leg_locker-1",
        "S-wingardium_leviosa-1",
    ]
    assert winner_of_the_quaffle(match.pass_window()) == S, "Chaser 7 against nothing"


# Fouls and the referee.


def test_fouls_are_played_only_after_the_reveal():
    match = match_with(slytherin=["chaser7"], gryffindor=["keeper9", "free_goal", "remove_keeper"])
    assert not any("free_goal" in card for card, _ in casts(match, G))
    down(match, "S-chaser7-1", "G-keeper9-1")
    assert not any("free_goal" in card for card, _ in casts(match, G))
    match.refused(G, {"action": "cast", "card": "G-free_goal-1", "target": QUAFFLE}, "not_now")
    reveal(match)
    assert ("G-free_goal-1", QUAFFLE) in casts(match, G)


def test_the_foul_remove_opponents_keeper_scores_with_any_player_card():
    match = down(
        match_with(slytherin=["keeper10"], gryffindor=["beater1", "remove_keeper"]),
        "S-keeper10-1",
        "G-beater1-1",
    )
    reveal(match)
    match.cast(G, "G-remove_keeper-1", QUAFFLE)
    assert winner_of_the_quaffle(match.pass_window()) == G
    assert "S-keeper10-1" in match.discard(S)


def test_the_foul_remove_opponents_keeper_needs_a_keeper():
    match = down(
        match_with(slytherin=["chaser9"], gryffindor=["remove_keeper"]),
        "S-chaser9-1",
        "G-chaser5-1",
    )
    reveal(match)
    assert not any("remove_keeper" in card for card, _ in casts(match, G))


def test_the_foul_free_goal_wins_the_quaffle_even_after_a_sacrifice():
    match = down(
        match_with(slytherin=["chaser10"], gryffindor=["free_goal", "take_back"]),
        "S-chaser10-1",
        "G-take_back-1",
    )
    reveal(match)
    match.cast(G, "G-free_goal-1", QUAFFLE)
    assert winner_of_the_quaffle(match.pass_window()) == G


def test_of_two_free_goals_the_first_played_wins():
    match = down(
        match_with(slytherin=["free_goal"], gryffindor=["free_goal"]), "S-chaser5-1", "G-chaser5-1"
    )
    reveal(match)
    match.cast(G, "G-free_goal-1", QUAFFLE)
    match.cast(S, "S-free_goal-1", QUAFFLE)
    events = match.pass_window()
    assert winner_of_the_quaffle(events) == G
    assert [e["card"] for e in events if e["type"] == "fizzled"] == ["S-free_goal-1"]


def test_a_referee_cancels_a_foul():
    match = down(
        match_with(slytherin=["chaser10", "referee"], gryffindor=["free_goal"]),
        "S-chaser10-1",
        "G-chaser5-1",
    )
    reveal(match)
    match.cast(G, "G-free_goal-1", QUAFFLE)
    match.cast(S, "S-referee-1", "G-free_goal-1")
    events = match.pass_window()
    assert kinds(events)[1] == "cancelled"
    assert winner_of_the_quaffle(events) == S


@pytest.mark.parametrize("foul", ["free_goal", "remove_keeper"])
def test_the_golden_snitch_cannot_be_won_by_a_foul(foul):
    match = match_with(slytherin=["seeker11"], gryffindor=[foul], pitch=[SNITCH])
    match.pass_window()
    match.play(S, SNITCH, "S-seeker11-1")
    match.play(G, SNITCH, "G-chaser5-1")
    reveal(match)
    assert not any(foul in card for card, _ in casts(match, G))
    match.refused(G, {"action": "cast", "card": f"G-{foul}-1", "target": SNITCH}, "not_now")
