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

from .rolls import combat
from .table import Table, take_possession, xp_of


def attack(table: Table, command: dict) -> None:
    state = table.state
    keeper, carrier = command["player"], state["carrier"]
    keeper_won, exchanges = combat(
        table.dice, "keeper attack", xp_of(state, keeper), xp_of(state, carrier)
    )
    winner = keeper if keeper_won else carrier
    table.say("keeper_attack", player=keeper, target=carrier, rolls=exchanges, winner=winner)
    if keeper_won:
        take_possession(table, keeper)
    else:
        state["unguarded"] = carrier
