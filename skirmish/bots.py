"""Bots for a skirmish: a fighter that plays its participant to win, by the rules' offers.

A bot holds one participant (or the storyguide's own duties, at the referee's
seat) and chooses among the commands the rules offer that seat, seeing what
the seat sees. It acts, dodges, delays and intervenes; it never changes
anyone's Health by hand (that is the storyguide's ``change_health``) and never
ends a skirmish (the storyguide's ``end_skirmish``): a skirmish of fighters
ends by the rules, when nobody is left to oppose anyone (``rules.fight``).

The fighter weighs chances, not hunches: the chance that an opposed roll
succeeds follows from the two dice kept high (``success_chance``), so it

- attacks the opponent it is likeliest to hit, with its attribute that does
  best against the target's weakest (an opponent who may still dodge is
  reckoned as dodging), a hit that fells the target counting half again;
- dodges (or intervenes for an ally, when delaying) when the chance the
  defence takes off the hit is worth more than the action it costs, and always
  against a hit that would put it (or the ally) out of the fight;
- delays, to stand by an ally one hit from falling while an opponent has yet
  to act, and re-enters once no opponent is left to act in the round;
- leaves the storyguide's duties to the storyguide, but for starting the
  skirmish when it holds the referee's seat.
"""

from __future__ import annotations

import random
from functools import cache

from games.bots import REFEREE_SEAT
from games.ruleset import Command, State

from .rules.fight import opponents, side_of

#: How much more an attack that would fell its target is worth.
FINISHING = 1.5


@cache
def _kept_high(die_size: int) -> tuple[float, ...]:
    """P(the higher of two dice shows k), for k = 1..die_size (index k - 1)."""
    return tuple((2 * k - 1) / die_size**2 for k in range(1, die_size + 1))


@cache
def success_chance(die_size: int, margin: int) -> float:
    """The chance that the acting side's kept die beats the opposing side's by ``margin``
    or more (both standard rolls: each keeps the higher of two dice)."""
    kept = _kept_high(die_size)
    return sum(
        p_acting * p_opposing
        for acting, p_acting in enumerate(kept, start=1)
        for opposing, p_opposing in enumerate(kept, start=1)
        if acting - opposing >= margin
    )


@cache
def check_chance(die_size: int, needed: int) -> float:
    """The chance that a standard roll's kept die shows ``needed`` or more."""
    return sum(p for face, p in enumerate(_kept_high(die_size), start=1) if face >= needed)


class Fighter:
    """Plays its participant to win (see the module's docstring)."""

    def choose(
        self,
        view: State,
        seat: str,
        offered: list[Command],
        rng: random.Random,
        *,
        people: frozenset[str] = frozenset(),
    ) -> Command | None:
        if seat == REFEREE_SEAT:
            starts = [c for c in offered if c["action"] == "roll_initiative"]
            return rng.choice(starts) if starts else None
        by_action: dict[str, list[Command]] = {}
        for command in offered:
            by_action.setdefault(command["action"], []).append(command)
        table = _Table(view, seat)
        if view["attack"] is not None:
            return table.answer_attack(by_action)
        if "act" in by_action:
            if "delay" in by_action and table.should_stand_by():
                return by_action["delay"][0]
            return table.best_attack(by_action["act"], rng)
        if "re_enter" in by_action and not table.opponents_yet_to_act():
            return by_action["re_enter"][0]
        if "end_turn" in by_action:
            return by_action["end_turn"][0]
        return None


class _Table:
    """The skirmish as one fighter reckons it."""

    def __init__(self, view: State, seat: str) -> None:
        self.view, self.seat = view, seat
        self.participants = view["participants"]
        self.die_size = view["settings"]["die_size"]
        self.harm = view["settings"]["harm"]

    # --- attacking ------------------------------------------------------------------------

    def best_attack(self, acts: list[Command], rng: random.Random) -> Command:
        """The attack on an opponent likeliest to pay; acting without a roll otherwise."""
        foes = set(opponents(self.view, self.seat))
        scored = [
            (self._attack_worth(act), rng.random(), index)
            for index, act in enumerate(acts)
            if act.get("target") in foes and act.get("roll")
        ]
        if not scored:
            return acts[0]
        return acts[max(scored)[2]]

    def _attack_worth(self, act: Command) -> float:
        target, roll = act["target"], act["roll"]
        mine = self.participants[self.seat]["attributes"][roll["attribute"]]
        theirs = self.participants[target]["attributes"][roll["opposing"]["attribute"]]
        chance = success_chance(self.die_size, theirs + self._dodge_value(target) - mine)
        return chance * (FINISHING if self._fells(target, self.harm) else 1.0)

    def _dodge_value(self, target: str) -> int:
        """What the target would raise the difficulty by, if it may still dodge."""
        attribute = self.view["settings"]["defence_attribute"]
        if target not in self.view["yet_to_act"] or attribute is None:
            return 0
        return self.participants[target]["attributes"].get(attribute, 0)

    def _own_action_worth(self) -> float:
        """What this round's action is worth to the fighter: its best hit's chance."""
        mine = self.participants[self.seat]["attributes"]
        best = 0.0
        for foe in opponents(self.view, self.seat):
            weakest = min(self.participants[foe]["attributes"].values(), default=0)
            strongest = max(mine.values(), default=0)
            best = max(best, success_chance(self.die_size, weakest - strongest))
        return best * self.harm

    def _fells(self, key: str, harm: int) -> bool:
        health = self.participants[key]["health"]
        return health is not None and health <= harm

    # --- defending ------------------------------------------------------------------------

    def answer_attack(self, by_action: dict[str, list[Command]]) -> Command | None:
        """Dodge, intervene or let the attack roll; wait while it concerns others."""
        attack = self.view["attack"]
        defences = by_action.get("dodge", []) + [
            c for c in by_action.get("intervene", []) if self._ally(attack["target"])
        ]
        if defences:
            best = max(defences, key=self._defence_value)
            if self._worth_defending(best):
                return best
        if "resolve_attack" in by_action:
            return by_action["resolve_attack"][0]
        return None

    def _ally(self, key: str) -> bool:
        return key != self.seat and side_of(self.view, key) == side_of(self.view, self.seat)

    def _defence_value(self, command: Command) -> int:
        attribute = command.get("attribute") or self.view["settings"]["defence_attribute"]
        return self.participants[self.seat]["attributes"].get(attribute, 0)

    def _worth_defending(self, command: Command) -> bool:
        """Whether the defence saves more than the action it costs: always, against a hit
        that would put the target out of the fight, if it lowers the chance at all."""
        attack = self.view["attack"]
        saved = self._hit_chance(attack, 0) - self._hit_chance(attack, self._defence_value(command))
        if saved <= 0:
            return False
        if self._fells(attack["target"], attack["harm"]):
            return True
        return saved * attack["harm"] > self._own_action_worth()

    def _hit_chance(self, attack: dict, more: int) -> float:
        roll, raised = attack["roll"], sum(d["value"] for d in attack["defenders"]) + more
        mine = self.participants[attack["participant"]]["attributes"][roll["attribute"]]
        bonus = roll["bonus"]
        theirs = self.participants[attack["target"]]["attributes"]
        if roll["kind"] == "opposed":
            opposing = theirs[roll["opposing"]["attribute"]] + roll["opposing"]["bonus"]
            return success_chance(self.die_size, opposing + raised - mine - bonus)
        difficulty = self.view["settings"]["defended_difficulty_base"] + sum(
            theirs[attribute] for attribute in roll["defence"]
        )
        return check_chance(self.die_size, difficulty + raised - mine - bonus)

    # --- delaying -------------------------------------------------------------------------

    def opponents_yet_to_act(self) -> bool:
        yet = set(self.view["yet_to_act"])
        return any(foe in yet for foe in opponents(self.view, self.seat))

    def should_stand_by(self) -> bool:
        """Delay, to intervene for an ally one hit from falling, while a foe may still strike."""
        allies = [key for key in self.participants if self._ally(key)]
        at_risk = any(
            self._fells(key, self.harm) and self.participants[key]["health"] > 0 for key in allies
        )
        return at_risk and self.opponents_yet_to_act()
