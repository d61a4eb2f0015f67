"""Movement: 5 squares, seekers 6, straight and on the pitch."""

from tests.quidditch.tabletop import in_phase, order


def test_players_fly_5_squares_and_seekers_6():
    match = in_phase()
    match.refused(order("move", "home-chaser1", to=[11, 0]), "too_far")  # 6 squares
    match.move("home-chaser1", [16, 1])  # 5 squares diagonally
    match.move("home-seeker", [19, 4])  # 6 squares


def test_nobody_leaves_the_pitch():
    """(8, 0) is outside the oval (row 0 runs from x = 11 to 21)."""
    match = in_phase(home_chaser1=[11, 2])
    match.refused(order("move", "home-chaser1", to=[8, 0]), "off_the_pitch")
    assert all(c.get("to") != [8, 0] for c in match.offered())


def test_a_player_may_not_stop_on_another():
    match = in_phase()
    match.refused(order("move", "home-chaser1", to=[11, 10]), "occupied")


def test_an_injury_takes_a_square_off_the_flight():
    match = in_phase()
    match.state["players"]["home-chaser1"]["speed_loss"] = 1
    match.refused(order("move", "home-chaser1", to=[16, 6]), "too_far")
    match.move("home-chaser1", [15, 6])


def test_the_quaffle_goes_with_its_carrier():
    match = in_phase(quaffle={"carrier": "home-chaser2"})
    match.move("home-chaser2", [15, 10])
    assert match.quaffle == {"square": [15, 10], "carrier": "home-chaser2"}
