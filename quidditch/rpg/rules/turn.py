"""A turn: the scoring phase, the blocking phase, penalty shots, and at times the snitch.

The order of action within a turn is irrelevant (QUIDDITCH): each beater
chooses a target, and at a snitch turn each seeker chooses to catch or to
interfere; once everyone has chosen, the turn is rolled in one go.

- Scoring: each chaser rolls Strength against the opposing keeper's
  Toughness + Dexterity, a defended roll (difficulty = the base + both); the
  margin of a success is kept.
- Blocking: each beater rolls Strength against the opposing keeper's
  Toughness. A success costs the target one Health; a margin above the
  chaser's scoring margin blocks the goal.
- A beater attacking a chaser who would not have scored, or the keeper while
  the quaffle is not in the scoring zone, gives the other team a penalty shot
  (a chaser's roll beaters cannot touch), unless the referee is distracted.
- Each goal not blocked is worth ten points.
- The snitch phase, at the end of turn 10 and every fifth turn after: both
  seekers roll Dexterity; beating the other by ten or more catches the snitch
  (150 points, the end). An interfering seeker doubles their Dexterity bonus
  and cannot catch.
"""

from __future__ import annotations

from campaign.rules.checks import roll_check
from games.dice import Dice

from .teams import BEATER, CHASER, KEEPER, SEEKER, SIDES, of, other

GOAL = 10
SNITCH = 150
CATCH_MARGIN = 10
FIRST_SNITCH_TURN, SNITCH_EVERY = 10, 5
PERCENT = 100
REFEREE_LOOKING = "referee_looking"
"""The purpose of the d100 that says whether Madam Hooch sees a foul."""


def purpose_of(kind: str, name: str) -> str:
    """The purpose a player's roll is logged with: what for, then whose (``shot:Katie Bell``),
    so that a table rolling its own dice is told what each die is for."""
    return f"{kind}:{name}"


def snitch_turn(turn: int) -> bool:
    """The snitch phase closes turn 10 and every fifth turn after: 10, 15, 20, ..."""
    return turn >= FIRST_SNITCH_TURN and (turn - FIRST_SNITCH_TURN) % SNITCH_EVERY == 0


def in_play(state: dict, key: str) -> bool:
    return state["players"][key]["health"] > 0


def choosers(state: dict) -> list[str]:
    """Who must choose this turn: the beaters with someone to aim at, and the seekers at a
    snitch turn."""
    players = state["players"]
    keys = [
        beater
        for side in SIDES
        if any(players[k]["health"] > 0 for k in TARGETS[other(side)])
        for beater in of(side, BEATER)
        if players[beater]["health"] > 0
    ]
    if snitch_turn(state["turn"]):
        keys += [k for side in SIDES for k in of(side, SEEKER)]
    return keys


TARGETS = {side: of(side, CHASER) + of(side, KEEPER) for side in SIDES}
"""Whom the other side's beaters may aim at: the chasers and the keeper (QUIDDITCH)."""


def targets(state: dict, beater: str) -> list[str]:
    """The opposing chasers in play, and the opposing keeper while in play."""
    side = other(state["players"][beater]["side"])
    return [k for k in TARGETS[side] if in_play(state, k)]


def keeper_of(state: dict, side: str) -> dict | None:
    key = of(side, KEEPER)[0]
    return state["players"][key] if in_play(state, key) else None


def scoring_difficulty(state: dict, shooting_side: str) -> int:
    keeper = keeper_of(state, other(shooting_side))
    base = state["settings"]["defended_difficulty_base"]
    if keeper is None:
        return base
    return base + keeper["attributes"]["Toughness"] + keeper["attributes"]["Dexterity"]


def blocking_difficulty(state: dict, beater_side: str) -> int:
    keeper = keeper_of(state, other(beater_side))
    base = state["settings"]["defended_difficulty_base"]
    return base + (keeper["attributes"]["Toughness"] if keeper else 0)


def _roll(state, dice, key, attribute, difficulty, kind, *, bonus_times=1):
    player = state["players"][key]
    return roll_check(
        dice,
        die_size=state["settings"]["die_size"],
        attribute_value=player["attributes"][attribute] * bonus_times,
        difficulty=difficulty,
        purpose=purpose_of(kind, player["name"]),
    )


def to_roll(state: dict) -> dict:
    """``state`` made ready for :func:`resolve`: a turn changes the score and the players'
    Health, so those are copied (a player's attributes never change, and stay shared)."""
    state["score"] = dict(state["score"])
    state["players"] = {key: dict(player) for key, player in state["players"].items()}
    return state


def resolve(state: dict, dice: Dice, events: list) -> None:
    """Roll the turn everyone has chosen for, in ``state``, which :func:`to_roll` made the
    caller's own."""
    margins = _scoring_phase(state, dice, events)
    blocked, fouls = _blocking_phase(state, dice, events, margins)
    for chaser, margin in margins.items():
        if margin is not None and chaser not in blocked:
            _goal(state, chaser, events, kind="goal")
    for fouled_side, fouled in fouls:
        _penalty(state, dice, events, fouled_side, fouled)
    for key, player in state["players"].items():
        if player["health"] == 0 and not player["left"]:
            player["left"] = True
            events.append({"type": "left_the_match", "player": key, "name": player["name"]})
    if snitch_turn(state["turn"]):
        _snitch_phase(state, dice, events)
    state["choices"] = {}
    state["distracted"] = False
    if not state["over"]:
        state["turn"] += 1
        events.append({"type": "turn_started", "turn": state["turn"]})
        if not choosers(state):  # nobody has a choice to make: the turn is rolled at once
            resolve(state, dice, events)


def _scoring_phase(state, dice, events) -> dict[str, int | None]:
    margins = {}
    for side in SIDES:
        difficulty = scoring_difficulty(state, side)
        for chaser in of(side, CHASER):
            if not in_play(state, chaser):
                continue
            check = _roll(state, dice, chaser, "Strength", difficulty, "shot")
            margins[chaser] = check.total - difficulty if check.success else None
            events.append(_rolled("shot", chaser, state, check))
    return margins


def _blocking_phase(state, dice, events, margins):
    blocked, fouls = set(), []
    for side in SIDES:
        difficulty = blocking_difficulty(state, side)
        in_zone = any(margins.get(c) is not None for c in of(side, CHASER))
        for beater in of(side, BEATER):
            target = state["choices"].get(beater)
            if target is None:
                continue
            check = _roll(state, dice, beater, "Strength", difficulty, "bludger")
            event = {
                **_rolled("bludger", beater, state, check),
                "target": target,
                "target_name": state["players"][target]["name"],
            }
            if check.success:
                hit = state["players"][target]
                hit["health"] = max(0, hit["health"] - 1)
                hit["health_lost"] += 1
            event["blocked"] = False
            if state["players"][target]["position"] == CHASER:
                margin = margins.get(target)
                event["foul"] = margin is None
                if check.success and margin is not None and check.total - difficulty > margin:
                    blocked.add(target)
                    event["blocked"] = True
            else:
                event["foul"] = not in_zone
            if event["foul"]:
                fouls.append((other(side), target))
            events.append(event)
    return blocked, fouls


def _penalty(state, dice, events, side, fouled) -> None:
    """The fouled chaser shoots, or the team's strongest chaser for a foul on the keeper."""
    percent = state["settings"]["referee_distracted_percent"]
    if state["distracted"] or (percent and dice.roll(PERCENT, REFEREE_LOOKING) <= percent):
        events.append({"type": "foul_unseen", "side": side, "house": _house(state, side)})
        return
    chasers = [k for k in of(side, CHASER) if in_play(state, k)]
    if fouled not in chasers:
        if not chasers:
            return
        fouled = max(chasers, key=lambda k: state["players"][k]["attributes"]["Strength"])
    difficulty = scoring_difficulty(state, side)
    check = _roll(state, dice, fouled, "Strength", difficulty, "penalty_shot")
    events.append(_rolled("penalty_shot", fouled, state, check))
    if check.success:
        _goal(state, fouled, events, kind="penalty_goal")


def _goal(state, chaser, events, *, kind) -> None:
    side = state["players"][chaser]["side"]
    state["score"][side] += GOAL
    events.append({"type": kind, **_scored(state, chaser)})


def _scored(state, key) -> dict:
    """Who scored, for whom, and the score after it with the houses' names."""
    return {
        "player": key,
        "name": state["players"][key]["name"],
        "side": state["players"][key]["side"],
        "score": dict(state["score"]),
        "houses": _houses(state),
    }


def _houses(state) -> dict:
    return {team["side"]: team["house"] for team in state["teams"]}


def _house(state, side) -> str:
    return _houses(state)[side]


def _snitch_phase(state, dice, events) -> None:
    totals, plays, seekers = {}, {}, {}
    for side in SIDES:
        seeker = seekers[side] = of(side, SEEKER)[0]
        plays[side] = state["choices"].get(seeker, "catch")
        doubled = 2 if plays[side] == "interfere" else 1
        check = _roll(state, dice, seeker, "Dexterity", None, plays[side], bonus_times=doubled)
        totals[side] = check.total
        events.append({**_rolled("seeker", seeker, state, check), "play": plays[side]})
    for side in SIDES:
        if plays[side] == "catch" and totals[side] >= totals[other(side)] + CATCH_MARGIN:
            state["score"][side] += SNITCH
            events.append({"type": "snitch_caught", **_scored(state, seekers[side])})
            finish(state, events, caught_by=side)
            return
    events.append({"type": "snitch_escaped"})


def finish(state, events, *, caught_by) -> None:
    home, away = state["score"]["home"], state["score"]["away"]
    winner = None if home == away else ("home" if home > away else "away")
    state.update(over=True, winner=winner, caught_by=caught_by)
    events.append(
        {
            "type": "game_over",
            "winner": winner,
            "score": dict(state["score"]),
            "houses": _houses(state),
        }
    )


def _rolled(kind: str, key: str, state: dict, check) -> dict:
    return {
        "type": kind,
        "player": key,
        "name": state["players"][key]["name"],
        "faces": list(check.faces),
        "total": check.total,
        "difficulty": check.difficulty,
        "success": check.success,
    }
