"""A computer opponent that plays to win, so that one person can play alone.

The snitch is worth fifteen goals, so the bot plays for it first: its seeker
keeps away from the bludgers and near the middle of the pitch while the snitch
is hidden (it appears anywhere), then chases it; its star seeker sets a die of
the 3D6 to a 1 at the beginning of each phase, and its captain re-rolls the
rest when they fall short by a die or two, or re-rolls the injury that would
knock its seeker off the broom; its beaters hit the bludgers that come near
their seeker towards the other side's players. Its chasers catch the loose
quaffle, tackle the carrier, carry the quaffle into the shooting zone and shoot.

It chooses greedily, one command at a time, by what each offered command is
worth; it ends a phase when nothing offered is worth doing. In a phase the
seeker flies first, then a beater, then a chaser, whose act may end the phase
at once. It never concedes nor proposes to end the match; it accepts a
person's proposal (which releases the snitch). A re-roll it does not want is
left to close with the next command: it waits. Ties are broken with the
``rng`` the platform gives every bot.
"""

from __future__ import annotations

import random
from functools import cached_property

from .rules.directional_die import DIRECTIONS, fly
from .rules.pitch import Pitch, Square, distance, line, pitch_of
from .rules.snitch import SNITCH_DICE
from .rules.teams import SIDES, is_beater, is_seeker, other, player_id, side_of

FLIGHTS = ("move", "free_move")
NEAR = 7
"""A bludger this near the seeker is one for a beater to hit away (it flies 4 a phase)."""
SAFE = 11
"""Out of reach of a bludger, even one a beater strikes (4 squares plus a D6)."""
HIT_REACH = 7
"""How far a struck bludger flies, about (4 plus a D6)."""
INJURY = "injury"
NOW = 1000.0
"""A re-roll is worth more than anything: the next command closes its window."""
SEEKER, BEATER = 30.0, 20.0
"""What a seeker's and a beater's flights are worth above a chaser's, so that they fly
first in a phase: a chaser's catch, pass, shot or tackle may end it at once."""


class Chaser:
    """The bot that plays to win (``chaser``: the name it has always had in the API)."""

    def choose(self, view: dict, seat: str, offered: list[dict], rng: random.Random):
        if seat not in SIDES:  # the referee's seat: the first-phase roll, nothing else
            return next((c for c in offered if c["action"] == "toss"), None)
        game = _Game(view, seat)
        flights: dict[str, list[dict]] = {}
        weighed = []
        for command in offered:
            if command["action"] in FLIGHTS and "star" not in command:
                flights.setdefault(command["player"], []).append(command)
            elif (worth := game.value(command)) is not None:
                weighed.append((worth, command))
        for player, commands in flights.items():
            weighed += game.flights(player, commands)
        if not weighed:
            return None
        top = max(worth for worth, _ in weighed)
        return rng.choice([command for worth, command in weighed if worth == top])


class _Game:
    """The state as the bot reads it, for one choice."""

    def __init__(self, state: dict, side: str) -> None:
        self.state = state
        self.side = side
        self.pitch: Pitch = pitch_of(**state["pitch"])
        self.goal = self.pitch.hoops(other(side))[1]
        self.snitch = _square(state["snitch"]["square"])
        self.sees = self.snitch is not None and side in state["snitch"]["seen"]
        self.bludgers = [tuple(b["square"]) for b in state["bludgers"]]
        quaffle = state["quaffle"]
        self.carrier = quaffle["carrier"]
        self.loose = None if self.carrier else tuple(quaffle["square"])
        self.seeker = self.square(player_id(side, "seeker"))

    def square(self, player: str) -> Square | None:
        return _square(self.state["players"][player]["square"])

    def value(self, command: dict) -> float | None:
        """What a command other than a flight is worth; ``None``: never (it waits rather)."""
        if "star" in command and command["action"] != "begin_phase":
            return None
        return getattr(self, "_" + command["action"])(command)

    # Before and between phases.

    def _toss(self, command):
        return 1.0

    def _begin_phase(self, command):
        """Beginning the phase, the star seeker setting one die of the 3D6 to a 1 while the
        snitch is hidden, or their roll to see it to a 6."""
        result = command.get("star")
        if result is None:
            return 1.0
        return 1.5 if result == (1 if self.snitch is None else 6) else None

    def _accept_end(self, command):
        return 1.0  # a person's proposal: it releases the snitch

    def _decline_end(self, command):
        return None

    def _propose_end(self, command):
        return None

    def _concede(self, command):
        return None

    def _take_penalty(self, command):
        return 1.0

    def _end_free_moves(self, command):
        return 0.1

    # The captain's re-roll.

    def _reroll(self, command):
        """The dice worth throwing again: the seeker's 3D6 one or two dice short of the three
        1s that make the snitch appear, or the injury that knocks the seeker off the broom."""
        last = self.state["reroll"]
        faces, purposes, die = last["faces"], last["purposes"], command["die"]
        seeker = player_id(self.side, "seeker")
        began = last["command"]["action"] == "begin_phase" and last["command"]["side"] == self.side
        if began and self.snitch is None:
            snitch = [i for i, purpose in enumerate(purposes) if purpose == SNITCH_DICE]
            short = [i for i in snitch if faces[i] != 1]
            if short and len(snitch) - snitch.index(short[0]) <= 2:
                return NOW if die == short[0] else None
        if last["before"]["players"][seeker]["square"] is not None and self.seeker is None:
            injuries = [i for i, p in enumerate(purposes) if p == INJURY and faces[i] == 1]
            return NOW if injuries and die == injuries[-1] else None
        return None

    def _let_stand(self, command):
        return None

    # A bludger at a beater, a victim to push, a quaffle to repel.

    def _dodge(self, command):
        return 0.5  # a beater hits back rather: a miss does it no harm

    def _hit_bludger(self, command):
        beater = command["player"]
        answer = "bludger" not in command
        bludger = self.square(beater) if answer else self.bludgers[command["bludger"]]
        return 1.0 + self._sent(bludger, command["direction"])

    def _push(self, command):
        """Moving an opponent hit by a bludger: away from what they fly for."""
        victim = self.state["awaiting"]["player"]
        start = self.square(victim)
        route = fly(self.pitch, start, command["direction"], self.state["awaiting"]["squares"])
        end = route[-1] if route else start
        aim = self.snitch if is_seeker(victim) and self.snitch else self.pitch.hoops(self.side)[1]
        return 1.0 + (distance(end, aim) - distance(start, aim)) / 10

    def _repel(self, command):
        """The keeper's unclean save: the quaffle away from the keeper's own hoops."""
        keeper = self.square(self.state["awaiting"]["player"])
        route = fly(self.pitch, keeper, command["direction"], 3)
        end = route[-1] if route else keeper
        return 1.0 + (distance(keeper, self.goal) - distance(end, self.goal)) / 10

    # A phase.

    def _end_phase(self, command):
        return 0.0

    def _catch(self, command):
        return 8.0

    def _shoot(self, command):
        """From the shooting zone (no test, then an even roll-off), or from 5 squares or less
        (a 2+ test)."""
        shooter = self.square(command["player"])
        if self.pitch.in_scoring_zone(shooter, other(self.side)):
            return 7.0
        hoop = self.pitch.hoops(other(self.side))[command["hoop"]]
        return 6.0 - distance(shooter, hoop) if distance(shooter, hoop) <= 5 else None

    def _pass(self, command):
        """A short pass (2+) that brings the quaffle 3 squares or more nearer the hoops."""
        passer, receiver = self.square(command["player"]), self.square(command["to"])
        if distance(passer, receiver) > 5:
            return None
        gained = distance(passer, self.goal) - distance(receiver, self.goal)
        return 1.0 + gained / 2 if gained >= 3 else None

    def _tackle(self, command):
        """Any tackle; for a knock, towards the other end, away from the bot's hoops."""
        away = DIRECTIONS[command["direction"]][0] * (1 if self.side == "home" else -1)
        return 5.0 + away / 10

    # Flights: each player's offered squares weighed together.

    def flights(self, player: str, commands: list[dict]) -> list[tuple[float, dict]]:
        if is_seeker(player):
            return self._seeking(player, commands)
        if is_beater(player):
            return self._beating(commands)
        return self._chasing(player, commands)

    def _seeking(self, player: str, commands: list[dict]) -> list[tuple[float, dict]]:
        """The seeker: on to the snitch they have seen, else towards the middle of the pitch,
        away from the bludgers; never onto the loose quaffle (a foul)."""
        here = self.square(player)
        safe_here = self._safety(here)
        weighed = []
        for command in commands:
            to = tuple(command["to"])
            worth = None if to == self.loose else self._flight(here, to, safe_here)
            if worth is not None:
                weighed.append((SEEKER + worth, command))
        return weighed

    def _flight(self, here: Square, to: Square, safe_here: float) -> float | None:
        """What the seeker's flight from ``here`` to ``to`` is worth, if anything."""
        safety = self._safety(to) - safe_here
        if not self.sees:
            centre = self.pitch.centre
            worth = (distance(here, centre) - distance(to, centre)) / 3 + safety
        elif here == self.snitch:  # on its square, which is no contact: off it, to come back
            return 1.0 + safety / 4
        elif distance(here, self.snitch) <= distance(here, to) and self.snitch in line(here, to):
            return 100.0
        else:
            worth = distance(here, self.snitch) - distance(to, self.snitch) + safety / 4
        return worth if worth >= 1 else None

    def _beating(self, commands: list[dict]) -> list[tuple[float, dict]]:
        """A beater: next to the bludger that threatens their seeker, to hit it next."""
        if self._threat is None:
            return []
        bludger, worth = self._threat
        return [
            (BEATER + worth, command)
            for command in commands
            if distance(tuple(command["to"]), bludger) == 1
            and tuple(command["to"]) not in (self.loose, self.snitch)
        ]

    @cached_property
    def _threat(self) -> tuple[Square, float] | None:
        """The bludger nearest the bot's seeker, if it is near, and what going to hit it is
        worth (by the best way to send it)."""
        if self.seeker is None:
            return None
        bludger = min(self.bludgers, key=lambda b: distance(b, self.seeker))
        if distance(bludger, self.seeker) > NEAR:
            return None
        return bludger, 2.0 + max(self._sent(bludger, way) for way in DIRECTIONS) / 2

    def _chasing(self, player: str, commands: list[dict]) -> list[tuple[float, dict]]:
        """A chaser or the keeper: on to the loose quaffle, next to the carrier to tackle,
        or, holding the quaffle, into the shooting zone or nearer the hoops."""
        squares = [(tuple(command["to"]), command) for command in commands]
        if self.loose is not None:
            return [(6.0, command) for to, command in squares if to == self.loose]
        if self.carrier == player:
            here, end = self.square(player), other(self.side)
            weighed = []
            for to, command in squares:
                if to == self.snitch:
                    continue
                if self.pitch.in_scoring_zone(to, end):
                    weighed.append((5.0, command))
                elif (gained := distance(here, self.goal) - distance(to, self.goal)) > 0:
                    weighed.append((1.0 + gained / 2, command))
            return weighed
        if self.carrier is None or side_of(self.carrier) == self.side:
            return []
        carrier = self.square(self.carrier)
        return [
            (4.0, command)
            for to, command in squares
            if distance(to, carrier) == 1 and to != self.snitch
        ]

    # What the bot weighs.

    def _safety(self, square: Square) -> float:
        """How far ``square`` is from the bludgers, up to where they no longer reach."""
        return sum(min(distance(square, b), SAFE) for b in self.bludgers)

    def _sent(self, bludger: Square, direction: str) -> float:
        """What sending a bludger ``direction`` is worth: at an opponent (their seeker or the
        carrier most), never at a team-mate, and away from the bot's own seeker."""
        route = fly(self.pitch, bludger, direction, HIT_REACH)
        for square in route:
            found = self._player_at.get(square)
            if found is None:
                continue
            if side_of(found) == self.side:
                return -5.0
            return 4.0 if is_seeker(found) else 3.0 if found == self.carrier else 2.0
        if self.seeker is None:
            return 0.0
        end = route[-1] if route else bludger
        return (distance(end, self.seeker) - distance(bludger, self.seeker)) / 5

    @cached_property
    def _player_at(self) -> dict[Square, str]:
        return {
            tuple(data["square"]): player
            for player, data in self.state["players"].items()
            if data["square"] is not None
        }


def _square(value) -> Square | None:
    return tuple(value) if value is not None else None
