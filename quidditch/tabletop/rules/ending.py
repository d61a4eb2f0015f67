"""How a match ends: the snitch caught (:mod:`.snitch`), a captain conceding, or no
seeker left to catch the snitch.

"Capturing the Snitch earns the Seeker's team 150 points and ends the game."
"The game is conceded by the withdrawing captain, if the game is ended with a
player conceding, the points for the snitch go to the other player." A side
concedes instead of beginning its phase. Ending by agreement is
:mod:`.agreement`'s. The text does not say what happens when both seekers are
knocked off their brooms: "The seeker is the only player allowed to touch the
snitch", so nobody can end the match any more by its own ending; the reading
here is that the match ends there, the score as it stands.
"""

from __future__ import annotations

from .resolution import Resolution
from .teams import SIDES, other

SNITCH_POINTS = 150
SNITCH, CONCESSION, NO_SEEKERS = "snitch", "concession", "no_seekers"


def finish(res: Resolution, how: str) -> None:
    state = res.state
    score = state["score"]
    winner = None if score["home"] == score["away"] else max(SIDES, key=score.get)
    state.update(stage="over", over=True, ended_by=how, winner=winner, awaiting=None)
    res.say("match_over", how=how, winner=winner, home=score["home"], away=score["away"])


def concede(res: Resolution, side: str) -> None:
    """The withdrawing captain concedes: the snitch's 150 points go to the other side."""
    res.state["score"][other(side)] += SNITCH_POINTS
    res.say("concedes", side=side, points=SNITCH_POINTS)
    finish(res, CONCESSION)
