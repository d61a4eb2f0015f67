"""Ending by agreement, which releases the snitch.

"Players may agree to end the game if they both consent to it", and "the
Golden Snitch appears either when the players wish to end the game or one of
the seekers spots the snitch". The reading here: agreeing to end releases the
snitch, seen by both seekers at once, and the match ends when one of them
catches it. The side to play may propose it instead of beginning its phase,
while the snitch is hidden; the other side accepts or declines.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .resolution import Resolution
from .snitch import appear
from .teams import SIDES


def may_propose(state: dict) -> bool:
    return (
        state["stage"] == "start"
        and state["proposal"] is None
        and state["snitch"]["square"] is None
    )


def propose(res: Resolution, side: str) -> None:
    if not may_propose(res.state):
        raise RuleViolation(
            "not_now",
            _("Ending the match is proposed before a phase, while the snitch is hidden."),
            "Golden Snitch",
        )
    res.state["proposal"] = side
    res.say("end_proposed", side=side)


def answer(res: Resolution, side: str, accepted: bool) -> None:
    """The other side's answer; an agreement releases the snitch for both seekers."""
    proposal = res.state["proposal"]
    if proposal is None or side == proposal:
        raise RuleViolation("no_proposal", _("The other side has proposed nothing to answer."))
    res.state["proposal"] = None
    res.say("end_answered", side=side, accepted=accepted)
    if accepted:
        appear(res, list(SIDES))
