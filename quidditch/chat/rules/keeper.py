"""The keeper's attack (§5.6.2).

When a chaser of the other team flies with the quaffle into the keeper's
third, the keeper may attack him with ``Angriff`` (never with a nick), as
long as nobody has given another valid command since the flight. It is a
combat roll in which the keeper rolls first. If the keeper wins he holds the
quaffle and passes it to one of his chasers in any third (EW 3+, received
EW 2+, never intercepted, and nobody may foul the keeper). If the chaser
wins, his next command may be a shot the keeper cannot hold.
"""

from __future__ import annotations

from .match import Match, take_possession, xp_of
from .rolls import combat


def attack(match: Match, command: dict) -> None:
    state = match.state
    keeper, carrier = command["player"], state["carrier"]
    keeper_won, exchanges = combat(
        match.dice, "keeper attack", xp_of(state, keeper), xp_of(state, carrier)
    )
    winner = keeper if keeper_won else carrier
    match.say("keeper_attack", player=keeper, target=carrier, rolls=exchanges, winner=winner)
    if keeper_won:
        take_possession(match, keeper)
    else:
        state["unguarded"] = carrier
