"""Rounds and turns: the initiative order in motion (Ch.7 ¶2, ¶6, ¶7, ¶9).

In every round each participant gets one turn, in initiative order; when all
have acted a new round starts in the same order. The initiator has already
acted (the initiating action), so it has no turn in the first round.

Three lists in the state carry a round along:

- ``order``: everyone's place. It changes only when a delaying participant
  re-enters: she moves to just after the participant whose turn she follows,
  and keeps that place until she delays again.
- ``yet_to_act``: who has not used this round's turn. Acting, passing, dodging
  and intervening use it up; delaying does not. A participant out of the fight
  (``fight``) has no turn: a round begins without it, and it leaves this list
  (and the delaying ones) when it falls.
- ``delaying``: who gave up her turn to wait and see. A delay may stretch into
  the following round, but only to an earlier point: when the turn reaches a
  delaying participant's own place again, the delay lapses and it is her turn.

``re_entering`` holds the delaying participants who asked, during the current
turn, to take their turn immediately after it, in the order they asked.

These functions change the state they are given: the ruleset hands them a copy.
"""

from __future__ import annotations

from games.ruleset import Event, State

from .config import names
from .fight import in_the_fight


def start_first_round(state: State) -> list[Event]:
    """Round 1 begins; the initiator's initiating action was its action this round."""
    return _start_round(state, 1, skipping=state["initiator"])


def use_up_turn(state: State, key: str) -> None:
    """``key`` has spent this round's action (acted, passed, dodged or intervened)."""
    for queue in ("yet_to_act", "delaying", "re_entering"):
        if key in state[queue]:
            state[queue].remove(key)


def delay(state: State) -> list[Event]:
    """The current participant waits instead of acting; the turn passes on."""
    key = state["turn"]
    state["delaying"].append(key)
    return [{"type": "delayed", "participant": key, **names(state, key)}, *_pass_turn(state)]


def declare_re_entry(state: State, key: str) -> list[Event]:
    """A delaying participant will take her turn immediately after the current one."""
    state["re_entering"].append(key)
    after = state["turn"]
    return [{"type": "re_entering", "participant": key, "after": after, **names(state, key, after)}]


def end_turn(state: State) -> list[Event]:
    """The current participant is done (having acted or not); the turn passes on."""
    key = state["turn"]
    use_up_turn(state, key)
    return [{"type": "turn_ended", "participant": key, **names(state, key)}, *_pass_turn(state)]


def _pass_turn(state: State) -> list[Event]:
    """Seat the re-entering participants after the current one, then find the next turn."""
    current = state["turn"]
    re_entering = state["re_entering"]
    others = [key for key in state["order"] if key not in re_entering]
    place = others.index(current) + 1
    state["order"] = others[:place] + re_entering + others[place:]
    state["delaying"] = [key for key in state["delaying"] if key not in re_entering]
    state["re_entering"] = []
    for key in state["order"][place:]:
        if key in state["yet_to_act"]:
            return _begin_turn(state, key)
    return _start_round(state, state["round"] + 1)


def _start_round(state: State, number: int, skipping: str | None = None) -> list[Event]:
    """A new round, for everyone still in the fight. Nobody may act in it only when nobody
    is left to oppose anyone (the initiating action felled the only opponent): then
    the skirmish ends as the command that started the round is done (``fight``)."""
    participants = state["participants"]
    state["round"] = number
    state["yet_to_act"] = [
        key for key in state["order"] if key != skipping and in_the_fight(participants[key])
    ]
    started: Event = {"type": "round_started", "round": number}
    if not state["yet_to_act"]:
        state["turn"] = None
        return [started]
    return [started, *_begin_turn(state, state["yet_to_act"][0])]


def _begin_turn(state: State, key: str) -> list[Event]:
    """Give ``key`` its turn; a delay that reached its own place again lapses."""
    events: list[Event] = []
    if key in state["delaying"]:
        state["delaying"].remove(key)
        events.append({"type": "delay_lapsed", "participant": key, **names(state, key)})
    state["turn"] = key
    events.append(
        {"type": "turn_started", "participant": key, "round": state["round"], **names(state, key)}
    )
    return events
