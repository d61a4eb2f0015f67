"""Who gives which command: a participant's own moves are its seat's, the rest the
storyguide's; a storyguide holding a seat plays it and keeps his duties (issue 28).

Nothing in a skirmish is hidden (the chapter keeps no secret hands), so every actor sees
the whole state; what differs is what each may do.
"""

from games.bots import REFEREE_SEAT, offers
from games.ruleset import Actor

from . import SKIRMISH, SPECTATOR, STORYGUIDE, begun, player


def storyguide_holding(*seats: str) -> Actor:
    return Actor("referee", frozenset(seats))


def test_a_participants_own_moves_are_its_seats_and_the_rest_the_storyguides():
    table = begun()
    own = ["act", "delay", "re_enter", "end_turn", "dodge", "intervene"]
    for action in own:
        assert SKIRMISH.seat_of({"action": action, "participant": "p2"}, table.state) == "p2"
    theirs = ["roll_initiative", "add_participant", "resolve_attack", "change_health"]
    for action in [*theirs, "end_skirmish"]:
        command = {"action": action, "participant": "p2"}
        assert SKIRMISH.seat_of(command, table.state) is None, action


def test_a_storyguide_holding_a_seat_plays_it_and_keeps_his_duties():
    """The union of what the storyguide and the seat's holder may do, and nothing more: the
    storyguide already commands every participant (he runs those nobody plays)."""
    table = begun()  # Harry's turn
    seated = SKIRMISH.allowed_commands(table.state, storyguide_holding("p1"))
    harry = SKIRMISH.allowed_commands(table.state, player("p1"))
    storyguide = SKIRMISH.allowed_commands(table.state, STORYGUIDE)
    assert all(command in seated for command in harry + storyguide)
    assert seated == storyguide
    for viewer in (storyguide_holding("p1"), player("p1"), STORYGUIDE, SPECTATOR):
        assert SKIRMISH.view(table.state, viewer) == table.state


def test_the_storyguide_relays_the_participants_nobody_plays():
    """The storyguide runs the non-player characters (the text's "Storyguide" decides for
    everyone but the players' characters): a seat nobody holds is his to command."""
    assert SKIRMISH.referee_relays is True
    table = begun()
    table.act("p1", what="Lumos", actor=STORYGUIDE)  # Harry, held by nobody here
    table.end_turn("p1")
    assert table.turn == "p3"


def test_the_storyguides_seat_at_a_table_of_bots_gets_his_own_commands_only():
    table = begun()
    offered = offers(SKIRMISH, table.state, REFEREE_SEAT)
    assert {command["action"] for command in offered} == {"end_skirmish", "change_health"}
