"""PRÉPARATION, LE TERRAIN, LA PARTIE, LE JEU and LA VICTOIRE, on scripted dice."""

from tests.quidditch.dice import REFEREE, RULES, Game, started

RED = {"action": "place", "player": "red"}


def kinds(events):
    return [event["type"] for event in events]


def test_preparation_the_higher_roll_attacks_and_a_tie_is_rolled_again():
    """ "celui qui obtient le chiffre le plus élevé joue l'attaque ... S'il y a égalité, les
    joueurs lancent les dés de nouveau." Blue wins 5 to 2 after a 3-3 tie."""
    game = Game()
    events = game.do({"action": "roll_off"}, 3, 3, 2, 5, *[1] * 9)
    assert kinds(events)[:3] == ["roll_off_tied", "roll_off", "round_started"]
    assert game.state["attack"] == "blue" and game.state["turn"] == "blue"


def test_le_terrain_a_die_goes_to_the_row_of_its_number_and_a_d12_is_halved():
    """Row = the face for a d6; the default reading for a d12 halves it (11 -> row 6)."""
    game = started()
    game.place("red", "snitch")
    game.place("red", "quaffle")
    assert game.row(1) == ["snitch"] and game.row(6) == ["quaffle"]


def test_twelve_sided_wrap_sends_faces_seven_to_twelve_round_again():
    game = Game(twelve_sided="wrap")
    game.do({"action": "roll_off"}, 6, 1, 1, 1, 2, 3, 4, 8, 5, 11, 12)
    game.place("red", "snitch")
    game.place("red", "quaffle")
    assert game.row(2) == ["quaffle"], "face 8 wraps to row 2"


def test_le_jeu_the_snitch_is_always_the_attacks_first_die():
    game = started()
    assert RULES.allowed_commands(game.state, REFEREE) == [{**RED, "die": "snitch"}]
    error = game.refused({**RED, "die": "goal1"}, "first_die")
    assert error.rule == "LE JEU"


def test_le_jeu_a_turn_places_at_least_one_die():
    game = started()
    assert game.refused({"action": "end_turn", "player": "red"}, "must_place").rule == "LE JEU"


def test_le_jeu_the_keeper_is_the_defences_first_die_then_the_remaining_dice_are_rolled_again():
    game = started()
    game.place("red", "snitch")
    assert kinds(game.end_turn("red")) == ["turn_ended"], "no roll between the two first turns"
    game.refused({"action": "place", "player": "blue", "die": "bludger1"}, "first_die")
    game.place("blue", "keeper")
    events = game.end_turn("blue", 2, 2, 2, 2, 2, 7, 7)
    rolled = [event for event in events if event["type"] == "rolled"]
    assert [(event["side"], len(event["dice"])) for event in rolled] == [("red", 5), ("blue", 2)]
    assert game.state["turn"] == "red"


def test_remarque_a_die_whose_only_row_is_full_is_set_aside_and_counts_as_placed():
    """Row 1 holds the snitch and three goal dice; goal die 4 and the quaffle can only go
    there, so one is set aside, which is the turn's die; placing it is refused."""
    game = started(attack_faces=(1, 1, 1, 1, 1, 1), defence_faces=(2, 3, 4))
    for die in ("snitch", "goal1", "goal2", "goal3"):
        game.place("red", die)
    game.refused({**RED, "die": "goal4"}, "row_full")
    game.end_turn("red")
    game.place("blue", "keeper")
    game.end_turn("blue", 1, 2, 3, 3)  # goal4 -> 1, quaffle 2 -> row 1, bludgers to row 2
    forced = RULES.allowed_commands(game.state, REFEREE)
    assert forced == [
        {"action": "set_aside", "player": "red", "die": "goal4"},
        {"action": "set_aside", "player": "red", "die": "quaffle"},
    ], "no end of turn before a die is placed or set aside"
    events = game.do({"action": "set_aside", "player": "red", "die": "goal4"})
    assert kinds(events) == ["set_aside"]
    assert RULES.allowed_commands(game.state, REFEREE) == [
        {"action": "end_turn", "player": "red"}
    ], "the turn's die is down: a full row is no longer the only option"
    game.refused({"action": "set_aside", "player": "red", "die": "quaffle"}, "not_blocked")


def test_la_partie_a_side_goes_on_alone_once_the_other_has_placed_all_its_dice():
    game = started(attack_faces=(1, 2, 2, 3, 3, 12), defence_faces=(5, 9, 9))
    game.place("red", "snitch")
    game.end_turn("red")
    game.place("blue", "keeper")
    game.place("blue", "bludger1")
    events = game.place("blue", "bludger2", 4, 4, 4, 4, 12)
    assert "turn_ended" not in kinds(events), "a player's turn ends when its dice are all down"
    assert game.state["turn"] == "red"
    game.place("red", "goal1")
    events = game.end_turn("red", 4, 4, 4, 12)
    assert game.state["turn"] == "red", "blue has nothing left: red plays on"
    assert [event["side"] for event in events if event["type"] == "rolled"] == ["red"]


def test_a_round_ends_when_every_die_is_down_the_attack_scores_and_the_roles_swap():
    """Row 4: two goal dice and the quaffle, unblocked: 2 x 20 + 20 = 60 goal points; row 2:
    two goal dice, 20; the snitch alone on row 1: nothing (LE POINTAGE). 80 in all."""
    game = started(attack_faces=(1, 4, 4, 2, 2, 7), defence_faces=(5, 11, 12))
    for die in ("snitch", "goal1", "goal2", "quaffle"):
        game.place("red", die)
    game.end_turn("red")
    game.place("blue", "keeper")
    game.place("blue", "bludger1")
    game.place("blue", "bludger2", 2, 2)  # blue is done: red rolls goal dice 3 and 4 again
    game.place("red", "goal3")
    events = game.place("red", "goal4", *[1] * 9)
    scored = next(event for event in events if event["type"] == "round_scored")
    assert (scored["side"], scored["goal_points"], scored["snitch_points"]) == ("red", 80, 0)
    assert game.state["score"]["red"] == {"goals": 80, "snitch": 0}
    assert game.state["attack"] == "blue" and game.state["round"] == 2


def test_la_victoire_the_fifth_snitch_point_ends_the_game_with_15_more_goal_points():
    """Played to one snitch point for brevity (the setting ``snitch_to_catch``)."""
    game = Game(snitch_to_catch=1)
    game.do({"action": "roll_off"}, 6, 1, 1, 1, 2, 2, 2, 3, 5, 11, 12)
    game.place("red", "snitch")
    game.place("red", "goal1")
    game.end_turn("red")
    game.place("blue", "keeper")
    game.place("blue", "bludger1")
    game.place("blue", "bludger2", 2, 2, 2, 5)
    for die in ("goal2", "goal3", "goal4"):
        game.place("red", die)
    game.end_turn("red", 5)  # blue is done: red rolls its quaffle alone (5: row 3)
    events = game.place("red", "quaffle")
    assert kinds(events)[-3:] == ["round_scored", "snitch_caught", "game_over"]
    # Rows 2 (three goal dice: 30) and 3 (quaffle alone: 0); row 1: snitch + goal1 = 1 point.
    assert game.state["score"]["red"] == {"goals": 30 + 15, "snitch": 1}
    assert RULES.result(game.state)["winner"] == "red"
    assert game.state["over"]


# LE JEU: "Une fois que le Vif d'Or est placé, celui qui joue l'attaque peut placer autant de
# dés qu'il le veut sur une même rangée, selon le chiffre obtenu à chaque lancer de dé."
# Read: the attack's dice of one turn, the snitch aside, all go to one row
# (docs/rules/dice-quidditch.md, "One row a turn"; the setting one_row_a_turn).


def test_le_jeu_the_attacks_dice_of_a_turn_go_to_one_row_une_meme_rangee():
    """Goal die 1 goes to row 3, so this turn only the dice rolled for row 3 may follow:
    goal die 2 (3) yes; goal die 3 (6) and the quaffle (12: row 6) are refused."""
    game = started(attack_faces=(1, 3, 3, 6, 2, 12))
    game.place("red", "snitch")
    game.place("red", "goal1")
    assert RULES.allowed_commands(game.state, REFEREE) == [
        {**RED, "die": "goal2"},
        {"action": "end_turn", "player": "red"},
    ]
    error = game.refused({**RED, "die": "quaffle"}, "one_row")
    assert (error.rule, error.params) == ("LE JEU", {"row": 3})
    game.place("red", "goal2")
    assert game.row(3) == ["goal1", "goal2"]


def test_le_jeu_the_snitch_does_not_choose_the_row_of_the_turn():
    """ "Une fois que le Vif d'Or est placé": the snitch goes first, to its own row (1);
    the dice after it may choose another row (4)."""
    game = started(attack_faces=(1, 4, 4, 2, 3, 7))
    game.place("red", "snitch")
    game.place("red", "goal1")
    game.place("red", "quaffle")
    assert game.row(1) == ["snitch"] and game.row(4) == ["goal1", "quaffle"]


def test_le_jeu_each_turn_of_the_attack_chooses_its_row_anew():
    """Turn 1 put goal die 1 on row 3; after the re-roll turn 2 may go to row 5."""
    game = started(attack_faces=(1, 3, 6, 6, 6, 12), defence_faces=(2, 3, 4))
    game.place("red", "snitch")
    game.place("red", "goal1")
    game.end_turn("red")
    game.place("blue", "keeper")
    game.end_turn("blue", 5, 6, 6, 9, 11, 12)  # goal dice 2-4 and the quaffle; bludgers
    game.place("red", "goal2")
    assert game.row(5) == ["goal2"]
    game.refused({**RED, "die": "goal3"}, "one_row")


def test_le_jeu_the_defence_is_not_held_to_one_row():
    """The sentence is the attack's; the defence "peut continuer de placer ses autres dés":
    the keeper on row 5 and the bludgers on rows 6 and 2 in one turn."""
    game = started(defence_faces=(5, 11, 3))
    game.place("red", "snitch")
    game.end_turn("red")
    game.place("blue", "keeper")
    game.place("blue", "bludger1")
    game.place("blue", "bludger2", 1, 1, 1, 1, 1)
    assert (game.row(5), game.row(6), game.row(2)) == (["keeper"], ["bludger1"], ["bludger2"])


def test_one_row_a_turn_false_is_the_other_reading_any_rows_in_one_turn():
    """With the setting off, "sur une même rangée" only allows several dice on a row: the
    attack puts goal die 1 on row 3 and the quaffle on row 6 in the same turn."""
    game = Game(one_row_a_turn=False)
    game.do({"action": "roll_off"}, 6, 1, 1, 3, 3, 6, 2, 12, 5, 11, 12)
    for die in ("snitch", "goal1", "quaffle"):
        game.place("red", die)
    assert game.row(3) == ["goal1"] and game.row(6) == ["quaffle"]
