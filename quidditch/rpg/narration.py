"""The log as the storyguide would narrate the match, in English."""

from __future__ import annotations


def _roll(event: dict) -> str:
    faces = " and ".join(str(face) for face in event["faces"])
    against = f" against {event['difficulty']}" if event["difficulty"] is not None else ""
    return f"({faces}, total {event['total']}{against})"


def _outcome(event: dict, success: str, failure: str) -> str:
    return success if event["success"] else failure


LINES = {
    "chose": lambda e: f"{e['name']} has chosen.",
    "referee_distracted": lambda e: f"Madam Hooch is distracted in turn {e['turn']}.",
    "shot": lambda e: (
        f"{e['name']} shoots {_roll(e)}: " + _outcome(e, "through the keeper.", "saved.")
    ),
    "bludger": lambda e: (
        f"{e['name']} sends a bludger at {e['target']} {_roll(e)}: "
        + _outcome(e, "a hit", "a miss")
        + (", and the goal is blocked" if e.get("blocked") else "")
        + (", a foul." if e.get("foul") else ".")
    ),
    "goal": lambda e: f"Goal by {e['name']}! {_score(e)}",
    "penalty_shot": lambda e: (
        f"{e['name']} takes the penalty shot {_roll(e)}: " + _outcome(e, "it goes in.", "saved.")
    ),
    "penalty_goal": lambda e: f"Penalty goal by {e['name']}! {_score(e)}",
    "foul_unseen": lambda e: f"The foul on the {e['side']} team goes unseen.",
    "left_the_match": lambda e: f"{e['name']} has no Health left and leaves the match.",
    "seeker": lambda e: (
        f"{e['name']} "
        + ("interferes" if e["play"] == "interfere" else "dives for the snitch")
        + f" {_roll(e)}."
    ),
    "snitch_caught": lambda e: f"The {e['side']} seeker catches the snitch! {_score(e)}",
    "snitch_escaped": lambda e: "The snitch escapes.",
    "turn_started": lambda e: f"Turn {e['turn']}.",
    "game_over": lambda e: (
        f"Game over: home {e['home']}, away {e['away']}; "
        + (f"the {e['winner']} team wins." if e["winner"] else "a draw.")
    ),
}


def _score(event: dict) -> str:
    return f"Home {event['score']['home']}, away {event['score']['away']}."


def narrate(event: dict) -> str:
    return LINES[event["type"]](event)
