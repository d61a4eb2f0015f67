"""Where a skirmish stands: the initiative order as the table needs it now.

The game's page and the dashboard draw it (``skirmish/board.html``) above the log.
"""

from __future__ import annotations


def initiative_order(state: dict) -> list[dict]:
    """One row per participant, first to act first, with what the table needs to know now.

    Before initiative there is no order yet: the participants are listed as
    they joined, without places.
    """
    rolled = bool(state["order"])
    keys = state["order"] if rolled else list(state["participants"])
    marks = {
        "their turn": [state["turn"]],
        "yet to act: may dodge": state["yet_to_act"],
        "delaying": state["delaying"],
        "re-enters next": state["re_entering"],
    }
    return [
        {
            "place": place if rolled else None,
            "key": key,
            "name": state["participants"][key]["name"],
            "initiator": key == state["initiator"],
            "turn": key == state["turn"],
            "initiative": state["initiative"].get(key),
            "health": state["participants"][key]["health"],
            "now": "; ".join(mark for mark, keys in marks.items() if key in keys),
        }
        for place, key in enumerate(keys, start=1)
    ]
