"""Initiative: who acts first in every round of a skirmish (Ch.7 ¶5-¶6).

After the initiating action every participant, the initiator too, rolls and
adds the Finesse attribute of the initiating action's category: a stinging
insult is Social, so everyone rolls Humor even if they mean to answer with a
wand. The storyguide may make it a stress roll for anyone caught by surprise.
There is no difficulty, so doubles mean nothing here.

The order runs from the highest total to the lowest. Participants who tie roll
off, one die each, and those still tied roll off again until no two share a
place. A participant's *standing* is its total followed by its roll-offs;
comparing standings as sequences gives the order.
"""

from __future__ import annotations

from campaign.rules.checks import roll_check
from games.dice import Dice
from games.ruleset import Event, State

from .config import names


def roll_initiative(
    state: State, *, dice: Dice, finesse_attribute: str, stress: frozenset[str]
) -> list[Event]:
    """Roll everyone's initiative, settle ties, and set ``initiative`` and ``order``."""
    die_size = state["settings"]["die_size"]
    participants = state["participants"]
    events: list[Event] = []
    standings: dict[str, list[int]] = {}
    for key, participant in participants.items():
        check = roll_check(
            dice,
            die_size=die_size,
            attribute_value=participant["attributes"][finesse_attribute],
            stress=key in stress,
            purpose=f"initiative: {participant['name']}",
            by=key,
        )
        standings[key] = [check.total]
        events.append(
            {
                "type": "initiative_rolled",
                "participant": key,
                "attribute": finesse_attribute,
                "dice": list(check.faces),
                "stress": check.stress,
                "kept": check.kept,
                "total": check.total,
                **names(state, key),
            }
        )
    events += _roll_off_ties(state, standings, dice=dice)
    state["initiative"] = {
        key: {"total": standing[0], "roll_offs": standing[1:]}
        for key, standing in standings.items()
    }
    state["order"] = sorted(standings, key=standings.__getitem__, reverse=True)
    events.append({"type": "initiative_order", "order": list(state["order"]), **names(state)})
    return events


def _roll_off_ties(state: State, standings: dict[str, list[int]], *, dice: Dice) -> list[Event]:
    """Roll off among tied participants, again and again, until every standing differs."""
    events: list[Event] = []
    while tied_groups := _tied_groups(standings):
        for group in tied_groups:
            faces = {
                key: dice.roll(
                    state["settings"]["die_size"],
                    purpose=f"initiative roll-off: {state['participants'][key]['name']}",
                    by=key,
                )
                for key in group
            }
            for key, face in faces.items():
                standings[key].append(face)
            events.append(
                {
                    "type": "initiative_roll_off",
                    "participants": group,
                    "faces": faces,
                    **names(state, *group),
                }
            )
    return events


def _tied_groups(standings: dict[str, list[int]]) -> list[list[str]]:
    """Participants sharing a standing, group by group from the highest standing down."""
    by_standing: dict[tuple[int, ...], list[str]] = {}
    for key, standing in standings.items():
        by_standing.setdefault(tuple(standing), []).append(key)
    return [
        group for standing, group in sorted(by_standing.items(), reverse=True) if len(group) > 1
    ]
