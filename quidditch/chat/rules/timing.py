"""The ten-second rule (§3.4): answers that count only in time.

``Abblocken`` (§5.4.3) and ``Halten`` (§5.6.1) count only within about ten
seconds (the match setting ``answer_seconds``) of the roll they answer. The
rules never read a clock: the service passes its own ``now`` with every
command, and each awaited answer carries its ``deadline`` in the state.

An answer is in time when ``now <= deadline``. Nothing happens by itself
when a deadline passes; the window is settled, as if the answer never came,
by the next command that arrives after it:

- any command first settles every expired window, then is judged on the
  settled state;
- a late ``Abblocken`` or ``Halten`` is accepted as such a settlement and
  logged as too late;
- anyone in the match may send ``{"action": "timeout"}`` (text ``Aus``) once
  a deadline has passed, to settle it without doing anything else.
"""

from __future__ import annotations

from . import beaters, shots
from .match import Match, State, close_window

SETTLE = {"block": beaters.unblocked, "save": shots.unsaved}


def expired(state: State, now: float) -> list[dict]:
    if not state["pending"]:
        return []
    return sorted((w for w in state["pending"] if w["deadline"] < now), key=lambda w: w["deadline"])


def is_late_answer(state: State, command: dict, now: float) -> bool:
    """Whether ``command`` answers, too late, a window that is still open in the state."""
    action, player = command["action"], command.get("player")
    for window in expired(state, now):
        if action == "block" and window["kind"] == "block" and player in window["blockers"]:
            return True
        if action == "save" and window["kind"] == "save" and player == window["keeper"]:
            return True
    return False


def settle_expired(match: Match) -> bool:
    """Settle every window whose deadline has passed; whether there was any."""
    late = expired(match.state, match.now)
    for window in late:
        if any(w is window for w in match.state["pending"]):
            match.say("answer_missing", kind=window["kind"], deadline=window["deadline"])
            close_window(match, window)
            SETTLE[window["kind"]](match, window)
    return bool(late)
