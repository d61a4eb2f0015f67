"""The bot that plays Chat-Quidditch to win, at a player's seat and at the referee's.

At a nick's seat it gives, of the commands the rules offer that nick, the one
worth most to its team (:func:`quidditch.chat.tactics.worth`), and waits
rather than give one worth nothing. At the referee's seat
(:data:`games.bots.REFEREE_SEAT`) it runs the match as a referee does (§2.1):
it releases the balls (§5.4, §5.5, §5.7), opens and ends the chat (§5.2, §6),
has the captains roll for the quaffle (§4.2), calls time once an answer is
overdue (§3.4), and ends a sub-round once no bot has a command worth giving
and no person has one left (a person is waited for), so that a match of bots
ends by the snitch or after its last round and a person at the table plays.

It never proposes to end the game (§7): a captain accepts a person's proposal
when his team does not trail, the referee once both captains have agreed. It
never asks for a substitution (§8.6); at the referee's seat it answers a
person's request first: a player gone from the table or who has to leave is
replaced now; a change of tactics waits for half-time, and after it is refused
(§8.6: "ohne jegliche Probleme aufschiebbar"); another reason waits for the
next pause. The random player that fuzzes the ruleset is the platform's
(``random``).
"""

from __future__ import annotations

import random

from games.bots import REFEREE_SEAT
from games.ruleset import Command, State

from . import tactics

#: The referee's own words, in the order a referee says them when several are open.
REFEREE_WORDS = ("timeout", "release", "chat_end", "chat", "quaffle_roll")
#: When the referee allows a substitution, by its reason (§8.6); None: he refuses it.
SUBSTITUTION_WHEN = {
    "absent": ("now",),
    "leaving": ("now",),
    "tactics": ("half_time", None),
    "other": ("pause",),
}


class Sensible:
    """Plays a nick to win, or runs the match from the referee's seat (see the module)."""

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
            return referee(view, offered, people)
        return player(view, offered, rng)


def player(view: State, offered: list[Command], rng: random.Random) -> Command | None:
    """The offered command worth most to the player's team (a fair draw among equals),
    or ``None`` to wait when none is worth giving."""
    best, chosen = float("-inf"), []
    for command in offered:
        value = tactics.worth(view, command)
        if value is None or value < best:
            continue
        if value > best:
            best, chosen = value, []
        chosen.append(command)
    if not chosen:
        return None
    return rng.choice(chosen)


def referee(
    view: State, offered: list[Command], people: frozenset[str] = frozenset()
) -> Command | None:
    """The referee's word that is due now, or ``None`` while the players play.

    A sub-round ends once no bot has a command worth giving and no person (``people``:
    the nicks people play) has a command left: a person is waited for, as a referee
    waits for the players in the chat, until they act or their time runs out (§3.4).
    """
    answer = _substitution_answer(view, offered)
    if answer is not None:
        return answer
    by_action = {command["action"]: command for command in offered}
    for action in REFEREE_WORDS:
        if action in by_action:
            return by_action[action]
    if "end_subround" in by_action and not any(
        "player" in command
        and (command["player"] in people or tactics.worth(view, command) is not None)
        for command in view["awaiting"]
    ):
        return by_action["end_subround"]
    captains = {team["captain"] for team in view["teams"]}
    if "end_game" in by_action and captains <= set(view["end_votes"]):
        return by_action["end_game"]
    return None


def _substitution_answer(view: State, offered: list[Command]) -> Command | None:
    """The answer to a captain's request for a substitution, if one awaits it (§8.6)."""
    for request in view.get("substitutions", ()):
        if request["accepted"]:
            continue
        team = request["team"]
        answers = {
            command.get("when"): command
            for command in offered
            if command["action"] in ("accept_substitution", "refuse_substitution")
            and command.get("team") == team
        }
        for when in SUBSTITUTION_WHEN[request["reason"]]:
            if when in answers:
                return answers[when]
    return None
