"""One command being resolved: the state it changes, the dice it rolls, what it tells.

Every rule module works on a :class:`Resolution`, so that every die of a command
goes through one place. That place applies what the text says about rolls that
concern a player: an injury's "-1 to dice rolls concerning this player", and the
star player's right to set one of their rolls a phase to the result of their
choice. It also keeps the faces in order, so that a captain's re-roll can
resolve the command again with the same faces up to the re-rolled die
(``captain.reroll``).
"""

from __future__ import annotations

from collections import deque

from games.dice import Dice

from .pitch import Pitch, Square, pitch_of
from .teams import side_of


class Resolution:
    def __init__(
        self, state: dict, dice: Dice, *, star: tuple[str, int] | None = None, replayed=()
    ):
        self.state = state
        self.dice = dice
        self.events: list[dict] = []
        self.faces: list[int] = []
        self.purposes: list[str] = []
        self.star = star
        self._replayed = deque(replayed)

    @property
    def pitch(self) -> Pitch:
        return pitch_of(**self.state["pitch"])

    def die(self, sides: int, purpose: str, *, by: str | None = None) -> int:
        """A die nobody's skill changes (a directional die, the snitch's flight); ``by``:
        the side that throws it at a table (``None``: whoever is at hand)."""
        replayed = self._replayed
        face = replayed.popleft() if replayed else self.dice.roll(sides, purpose, by=by)
        self.faces.append(face)
        self.purposes.append(purpose)
        return face

    def roll(self, player: str, purpose: str, *, injury: bool = True) -> int:
        """A D6 concerning ``player``: set by the star player if the command says so, less
        any injury to their dice rolls (unless ``injury`` is False)."""
        if self.star is not None and self.star[0] == player:
            result, self.star = self.star[1], None
            self.state["phase"]["star_used"].append(side_of(player))
            self.say("star_sets", player=player, result=result, purpose=purpose)
            return result
        loss = self.state["players"][player]["dice_loss"] if injury else 0
        return self.die(6, purpose, by=side_of(player)) - loss

    def say(self, event: str, **fields) -> None:
        """Tell an event; one that names a side or a player carries the teams' names too,
        so that narration needs nothing but the event."""
        if {"side", "player", "target", "winner", "home"} & fields.keys():
            fields["teams"] = {side: team["name"] for side, team in self.state["teams"].items()}
        self.events.append({"type": event, **fields})

    # Where things are.

    def square(self, player: str) -> Square | None:
        square = self.state["players"][player]["square"]
        return tuple(square) if square is not None else None

    def place(self, player: str, square: Square | None) -> None:
        self.state["players"][player]["square"] = list(square) if square is not None else None
        if self.state["quaffle"]["carrier"] == player and square is not None:
            self.state["quaffle"]["square"] = list(square)

    def on_pitch(self, side: str | None = None) -> list[str]:
        """The players still on their brooms, of one side or of both."""
        return [
            player
            for player, data in self.state["players"].items()
            if data["square"] is not None and (side is None or side_of(player) == side)
        ]

    def player_at(self, square: Square) -> str | None:
        return next(
            (p for p, data in self.state["players"].items() if data["square"] == list(square)),
            None,
        )
