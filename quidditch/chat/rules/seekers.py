"""The seekers' sub-round (§5.7).

The referee's roll places the snitch (first number), and releases it when a
seeker in play shares its third or, in M, can fly there. Only then may a
seeker fly, and only to M (§5.7.1). ``Finden`` is EW 6, ``Fangen`` EW 5+;
the catch is worth 50 points and ends the game (§5.7.2). While one seeker has
found the snitch but not yet tried to catch it, the other seeker in the same
third may foul him (§5.7.3).

The rules do not say how often a seeker may look: here each seeker tries
``Finden`` once a round and, having found the snitch, ``Fangen`` once.
"""

from __future__ import annotations

from . import shots
from .fouls import SEEN, SUCCESS, foul_roll
from .match import Match, State, both_teams, team_of, xp_of
from .pitch import MIDDLE, third_for_die
from .rolls import succeeds

FIND, CATCH = 6, 5
SNITCH_POINTS = 50


def seekers(state: State) -> list[str]:
    return both_teams(state, "seeker")


def start(match: Match) -> None:
    """Roll the snitch's third and release it if a seeker can reach it (§5.7)."""
    state = match.state
    state["subround"] = "seekers"
    faces = match.roll("snitch position")
    third = third_for_die(state["pitch"], faces[0])
    state["snitch"] = {"third": third, "gone": False}
    match.say("snitch_placed", dice=faces, third=third)
    in_play = [s for s in seekers(state) if s not in state["out"]]
    if not any(third in (MIDDLE, state["thirds"][s]) for s in in_play):
        match.close_subround()
    elif state["config"]["referee_releases"]:
        state["phase"] = "snitch_release"
    else:
        state["phase"] = "seekers"
        match.say("release", ball="snitch", auto=True)


def options(state: State, out: list[dict]) -> None:
    snitch = state["snitch"]
    if snitch["gone"]:
        return
    thirds, found, knocked_out = state["thirds"], state["found"], state["out"]
    grabbed, snitch_third = state["grabbed"], snitch["third"]
    for seeker in seekers(state):
        if seeker in knocked_out:
            continue
        third = thirds[seeker]
        if snitch_third == MIDDLE and third != MIDDLE and seeker not in state["flew"]:
            out.append({"action": "fly", "player": seeker, "from": third, "to": MIDDLE})
        if third == snitch_third and seeker not in state["searched"]:
            out.append({"action": "find", "player": seeker})
        if not found:  # nobody to catch the snitch, nobody to foul
            continue
        if seeker in found and seeker not in grabbed:
            out.append({"action": "snitch_catch", "player": seeker})
        if seeker not in state["fouled"]:
            for other in found:
                if (
                    other != seeker
                    and other not in grabbed
                    and thirds[other] == third
                    and other not in knocked_out
                ):
                    out.append({"action": "foul", "player": seeker, "target": other})


def fly(match: Match, command: dict) -> None:
    """``Fliegen A-M``: a seeker may fly only to the snitch in M (§5.7.1)."""
    seeker = command["player"]
    match.edit("thirds")[seeker] = MIDDLE
    match.edit("flew").append(seeker)
    match.say("fly", player=seeker, origin=command["from"], to=MIDDLE)


def find(match: Match, command: dict) -> None:
    """``Finden``, EW 6 (§5.7.2)."""
    seeker = command["player"]
    faces = match.roll("find snitch")
    found = succeeds(faces, xp_of(match.state, seeker), FIND)
    match.edit("searched").append(seeker)
    if found:
        match.edit("found").append(seeker)
    match.say("find", player=seeker, dice=faces, outcome="success" if found else "failed")


def catch(match: Match, command: dict) -> None:
    """``Fangen``, EW 5+: 50 points and the end of the game (§5.7.2)."""
    state = match.state
    seeker = command["player"]
    faces = match.roll("catch snitch")
    caught = succeeds(faces, xp_of(state, seeker), CATCH)
    match.edit("grabbed").append(seeker)
    match.say("snitch_catch", player=seeker, dice=faces, outcome="success" if caught else "failed")
    if caught:
        team = team_of(state, seeker)
        state["snitch_caught_by"] = team
        match.edit("score")[team] += SNITCH_POINTS
        match.close_subround()


def foul(match: Match, command: dict) -> None:
    """The other seeker's foul: nothing, free throw and snitch gone, or snitch gone (§5.7.3)."""
    state = match.state
    fouler, victim = command["player"], command["target"]
    faces, verdict = foul_roll(match, fouler, "seeker foul")
    match.edit("fouled").append(fouler)
    match.say("foul", player=fouler, target=victim, dice=faces, outcome=verdict)
    if verdict in (SEEN, SUCCESS):
        state["snitch"] = {**state["snitch"], "gone": True}
        match.say("snitch_gone")
    if verdict == SEEN:
        shots.award_free_throw(match, team_of(state, victim))
