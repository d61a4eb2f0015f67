"""Hidden information: what each player may see while the match runs.

A player sees their own hand, and of the other player's only its size; the
decks only as counts (nobody knows their order); every card face up (discard
piles, scoring piles, the balls, special cards on the table, revealed
cards) is public. A card laid face down on a ball is seen by its player only
until the reveal. A card that goes back to a hand (Wingardium Leviosa, "Take
back any card from your card pile") is hidden again from then on, whichever
pile or ball it left; as at the table, the other player may still work out
which card left a face-up pile. The storyguide and spectators see what is public, and a
storyguide who holds a seat sees that seat's hand besides. Once the
match is over, the platform shows everything: every hand, and the seed from
which every shuffle re-derives.
"""

from __future__ import annotations

from games.ruleset import Actor

from .cards import TAKE_BACK, TEAMS, face_of

FACE_DOWN = "face down"


def holds(team: str, actor: Actor) -> bool:
    """Whether the actor plays this team: its player, or a storyguide who holds its seat
    (``Actor(REFEREE, {team})``). The storyguide as referee alone sees no hand."""
    return team in actor.controls


def view(state: dict, actor: Actor) -> dict:
    return {
        **state,
        "teams": {team: _team(piles, holds(team, actor)) for team, piles in state["teams"].items()},
        "pitch": {**state["pitch"], "deck": len(state["pitch"]["deck"])},
        "plays": {
            ball: {team: _played(team, played, actor) for team, played in sides.items()}
            for ball, sides in state["plays"].items()
        },
    }


def view_event(record: dict, actor: Actor) -> dict:
    """The command and its events with every card hidden that the actor may not see."""
    command = record["command"]
    if command.get("action") == "play" and not holds(command.get("player"), actor):
        command = {**command, "card": FACE_DOWN}
        record = {
            **record,
            "command": command,
            "submitted": {**record["submitted"], "command": command},
        }
    return {**record, "events": [_event(event, actor) for event in record["events"]]}


def secrets(state: dict) -> dict[str, set[str]]:
    """Each team's hand and its cards still face down on a ball."""
    if state["over"]:
        return {}
    return {
        team: {
            *state["teams"][team]["hand"],
            *(
                sides[team]["card"]
                for sides in state["plays"].values()
                if team in sides and not sides[team]["face_up"]
            ),
        }
        for team in TEAMS
    }


def _team(piles: dict, own: bool) -> dict:
    seen = {**piles, "deck": len(piles["deck"]), "hand_size": len(piles["hand"])}
    if not own:
        del seen["hand"]
    return seen


def _played(team: str, played: dict, actor: Actor) -> dict:
    if played["face_up"] or holds(team, actor):
        return played
    return {**played, "card": FACE_DOWN}


def _event(event: dict, actor: Actor) -> dict:
    if holds(event.get("player"), actor):
        return event
    kind = event["type"]
    if kind == "drew":
        return {key: value for key, value in event.items() if key != "cards"}
    if kind in ("played", "returned_to_hand"):
        return {**event, "card": FACE_DOWN}
    if kind == "took_effect" and face_of(event["card"]) == TAKE_BACK:
        return {**event, "target": FACE_DOWN}
    return event
