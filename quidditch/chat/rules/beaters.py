"""The beaters' sub-round and every later bludger (§5.4).

The referee's roll places the bludgers (first number bludger 1, second number
bludger 2; 1-2 low, 3-4 middle, 5-6 high) and releases them where beaters
are. Each bludger flies once a round:

- ``Klatscherwurf NICK`` (EW 4+) at a player in the beater's third; beaters
  cannot be hit, team-mates can (§5.4.1, §3.5). One throw per beater.
- A beater who has thrown and shares his third with both bludgers may catch
  the second, unless someone else used it: ``Klatscherabfang`` (EW 4+). He
  throws it with ``Klatscherabwurf NICK`` (EW 4+) at once, or keeps it for the
  chasers' or seekers' sub-round (§5.4.2).
- A hit can be blocked by a beater of the hit player's team in that third,
  never by the thrower: ``Abblocken``, a combat roll against the throw, within
  the time limit (§5.4.3). Two hits can both be blocked, the first block
  answering the first hit. A hit not blocked puts the player out for the round.

Bludger statuses: ``idle`` (no beater in its third, never released), ``free``,
``held`` (just caught), ``kept`` (saved for later), ``used``.
"""

from __future__ import annotations

from .match import (
    Match,
    State,
    bludger_targets,
    both_teams,
    close_window,
    open_window,
    team_nicks,
    team_of,
    xp_of,
)
from .pitch import third_for_die
from .rolls import combat, succeeds

HIT = 4
"""Klatscherwurf, Klatscherabfang and Klatscherabwurf are all EW 4+ (§5.4.1, §5.4.2)."""


def beaters(state: State) -> list[str]:
    return both_teams(state, "beater")


def start(match: Match) -> None:
    """Roll the bludgers' thirds and release those that share a third with a beater (§5.4)."""
    state = match.state
    state["subround"] = "beaters"
    faces = match.roll("bludger placement")
    occupied = {state["thirds"][b] for b in beaters(state)}
    bludgers = []
    for face in faces:
        third = third_for_die(state["pitch"], face)
        status = "free" if third in occupied else "idle"
        bludgers.append({"third": third, "status": status, "by": None})
    state["bludgers"] = bludgers
    match.say("bludgers_placed", dice=faces, thirds=[b["third"] for b in bludgers])
    if not any(b["status"] == "free" for b in bludgers):
        match.close_subround()
    elif state["config"]["referee_releases"]:
        state["phase"] = "bludger_release"
    else:
        state["phase"] = "beaters"
        match.say("release", ball="bludgers", auto=True)


def options(state: State, out: list[dict]) -> None:
    """What each beater may do now in the beaters' sub-round."""
    bludgers, thirds, threw = state["bludgers"], state["thirds"], state["threw"]
    # Two bludgers: a loop is cheaper than two set comprehensions.
    free_in, holders = [], []
    for bludger in bludgers:
        if bludger["status"] == "free":
            free_in.append(bludger["third"])
        elif bludger["status"] == "held":
            holders.append(bludger["by"])
    if not (free_in or holders):
        return
    together = bludgers[0]["third"] == bludgers[1]["third"]
    targets_in: dict[str, list[str]] = {}
    for beater in beaters(state):
        third = thirds[beater]
        free, held = third in free_in, beater in holders
        if not (free or held):
            continue
        targets = targets_in.get(third)
        if targets is None:
            targets = targets_in[third] = bludger_targets(state, third)
        if free:
            if beater not in threw:
                for target in targets:
                    out.append({"action": "bludger_throw", "player": beater, "target": target})
            elif together:
                out.append({"action": "bludger_catch", "player": beater})
        if held:
            for target in targets:
                out.append({"action": "bludger_rethrow", "player": beater, "target": target})
            out.append({"action": "keep_bludger", "player": beater})


def rethrow_options(state: State, out: list[dict]) -> None:
    """A caught bludger may be thrown in the chasers' or seekers' sub-round too (§5.4.2)."""
    for bludger in state["bludgers"]:
        if bludger["status"] in ("held", "kept"):
            beater = bludger["by"]
            out.extend(
                {"action": "bludger_rethrow", "player": beater, "target": t}
                for t in bludger_targets(state, state["thirds"][beater])
            )


def throw(match: Match, command: dict) -> None:
    """``Klatscherwurf NICK`` with a free bludger of the beater's third (§5.4.1)."""
    beater = command["player"]
    third = match.state["thirds"][beater]
    bludgers = match.edit("bludgers")
    index = next(i for i, b in enumerate(bludgers) if b["third"] == third and b["status"] == "free")
    bludgers[index] = {**bludgers[index], "status": "used", "by": beater}
    match.edit("threw").append(beater)
    _hurl(match, beater, command["target"], "bludger_throw")


def catch(match: Match, command: dict) -> None:
    """``Klatscherabfang``: catch the second bludger, EW 4+ (§5.4.2)."""
    beater = command["player"]
    state = match.state
    faces = match.roll("bludger catch")
    caught = succeeds(faces, xp_of(state, beater), HIT)
    bludgers = match.edit("bludgers")
    index = next(i for i, b in enumerate(bludgers) if b["status"] == "free")
    status = "used"
    if caught:
        targets = bludger_targets(state, state["thirds"][beater])
        status = "held" if targets else "kept"
    bludgers[index] = {**bludgers[index], "status": status, "by": beater}
    match.say("bludger_catch", player=beater, dice=faces, outcome="caught" if caught else "missed")
    if status == "kept":
        match.say("bludger_kept", player=beater, auto=True)


def keep(match: Match, command: dict) -> None:
    """The beater whispers that he keeps the caught bludger for later (§5.4.2)."""
    beater = command["player"]
    bludgers = match.edit("bludgers")
    for index, bludger in enumerate(bludgers):
        if bludger["status"] == "held" and bludger["by"] == beater:
            bludgers[index] = {**bludger, "status": "kept"}
    match.say("bludger_kept", player=beater, auto=False)


def rethrow(match: Match, command: dict) -> None:
    """``Klatscherabwurf NICK``: throw the caught bludger, EW 4+ (§5.4.2)."""
    beater = command["player"]
    bludgers = match.edit("bludgers")
    for index, bludger in enumerate(bludgers):
        if bludger["status"] in ("held", "kept") and bludger["by"] == beater:
            bludgers[index] = {**bludger, "status": "used"}
    _hurl(match, beater, command["target"], "bludger_rethrow")


def _hurl(match: Match, beater: str, target: str, kind: str) -> None:
    """Roll a bludger at ``target``; a hit waits for a block if a team-mate beater can give one."""
    state = match.state
    faces = match.roll("bludger throw" if kind == "bludger_throw" else "bludger rethrow")
    xp = xp_of(state, beater)
    hit = succeeds(faces, xp, HIT)
    match.say(kind, player=beater, target=target, dice=faces, outcome="hit" if hit else "missed")
    if not hit:
        return
    thirds = state["thirds"]
    third = thirds[target]
    team_beaters = team_nicks(state, team_of(state, target), "beater")
    blockers = [b for b in team_beaters if b != beater and thirds[b] == third]
    if blockers:
        window = {"kind": "block", "target": target, "thrower": beater, "dice": faces, "xp": xp}
        open_window(match, {**window, "blockers": blockers})
    else:
        knock_out(match, target)


def block(match: Match, command: dict) -> None:
    """``Abblocken``: a combat roll against the oldest hit this beater can answer (§5.4.3)."""
    blocker = command["player"]
    state = match.state
    window = next(w for w in state["pending"] if w["kind"] == "block" and blocker in w["blockers"])
    close_window(match, window)
    thrower_won, exchanges = combat(
        match.dice, "block", window["xp"], xp_of(state, blocker), first_faces=window["dice"]
    )
    outcome = "failed" if thrower_won else "blocked"
    match.say("block", player=blocker, target=window["target"], rolls=exchanges, outcome=outcome)
    if thrower_won:
        knock_out(match, window["target"])


def unblocked(match: Match, window: dict) -> None:
    """No block came in time: the hit stands (§5.4.1)."""
    knock_out(match, window["target"])


def knock_out(match: Match, nick: str) -> None:
    match.say("player_out", player=nick)
    match.knock_out(nick)
