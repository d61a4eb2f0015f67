"""Where a match starts: the kick-off line-up, or a given position checked against the rules.

A match's config may choose the pitch, name its teams, captains and star
players, and give a ``scenario``: where each player and ball stands, for
training drills, puzzles and tests. A scenario with a ``side`` is a position
in play: the balls are out and that side begins the next phase. One without is
a kick-off: every player in their own half and out of the centre circle, and
the match begins with the first-phase roll and the release of the balls.
Either way every square is on the pitch, no two players share one, the
quaffle's carrier is a chaser or a keeper, and no shooting zone holds two
chasers.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation, config_settings, within_bounds

from .contract import CONFIG, SCENARIO_FIELDS, SCENARIO_SCORE
from .pitch import DEFAULT, LENGTHS, WIDTHS, Pitch, pitch_of
from .teams import (
    DEFAULT_TEAMS,
    POSITIONS,
    SIDES,
    every_player,
    formation,
    handles_quaffle,
    is_chaser,
    is_seeker,
    player_id,
    side_of,
)

ROLES = {
    "captain": _("The captain is one of %(positions)s."),
    "star": _("The star player is one of %(positions)s."),
}


def invalid(message: str, **params) -> RuleViolation:
    return RuleViolation("invalid_config", message, params=params)


def initial_state(config: object) -> dict:
    config = config_settings(
        config, {"pitch": DEFAULT, "teams": {}, "scenario": None}, schema=CONFIG
    )
    pitch = _pitch(config["pitch"])
    state = {
        "pitch": {"length": pitch.length, "width": pitch.width},
        "teams": _teams(config["teams"]),
        "players": {},
        "quaffle": {"square": list(pitch.centre), "carrier": None},
        "bludgers": [
            {"square": [pitch.centre[0], pitch.centre[1] - 1], "struck_by": None},
            {"square": [pitch.centre[0], pitch.centre[1] + 1], "struck_by": None},
        ],
        "snitch": {"square": None, "seen": []},
        "score": dict.fromkeys(SIDES, 0),
        "goals": dict.fromkeys(SIDES, 0),
        "stage": "toss",
        "phase": None,
        "next_side": None,
        "after": [],
        "awaiting": None,
        "penalty": None,
        "free_moves": None,
        "proposal": None,
        "reroll": None,
        "over": False,
        "ended_by": None,
        "winner": None,
    }
    scenario = config["scenario"]
    lined_up = {
        player_id(side, position): square
        for side in SIDES
        for position, square in formation(pitch, side).items()
    }
    if scenario is None:
        _set_players(state, lined_up)
        _check_kick_off(state, pitch)
    else:
        _apply_scenario(state, pitch, scenario)
    _check_position(state, pitch)
    return state


def _pitch(value: object) -> Pitch:
    if not isinstance(value, dict) or set(value) != {"length", "width"}:
        raise invalid(_("The pitch is given as {length, width}."))
    length, width = value["length"], value["width"]
    if length not in LENGTHS or width not in WIDTHS or type(length) is not int:
        raise invalid(
            _("A pitch is an odd %(length)s squares long and an odd %(width)s wide."),
            length=f"{LENGTHS.start}-{LENGTHS.stop - 1}",
            width=f"{WIDTHS.start}-{WIDTHS.stop - 1}",
        )
    return pitch_of(length, width)


def _teams(value: object) -> dict:
    if not isinstance(value, dict) or not set(value) <= set(SIDES):
        raise invalid(_("Teams are given for home and away."))
    teams = {}
    for side in SIDES:
        given = value.get(side, {})
        if not isinstance(given, dict):
            raise invalid(_("A team is given as {name, captain, star}."))
        team = {**DEFAULT_TEAMS[side], **given}
        if set(team) != {"name", "captain", "star"}:
            raise invalid(_("A team has a name, a captain and a star player."))
        name = team["name"]
        if name is not None and (not isinstance(name, str) or not 0 < len(name.strip()) <= 40):
            raise invalid(_("A team's name is 1 to 40 characters."))
        for role in ("captain", "star"):
            if team[role] not in POSITIONS:
                raise invalid(ROLES[role], positions=", ".join(POSITIONS))
        teams[side] = team
    return teams


def _square(value: object, pitch: Pitch, what: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(n) is int for n in value)):
        raise invalid(_("%(what)s: a square is given as [x, y]."), what=what)
    if not pitch.on_pitch(tuple(value)):
        raise invalid(_("%(what)s: %(square)s is off the pitch."), what=what, square=value)
    return tuple(value)


def _set_players(state: dict, squares: dict) -> None:
    state["players"] = {
        player: {
            "square": list(squares[player]) if squares[player] is not None else None,
            "speed_loss": 0,
            "dice_loss": 0,
            "dazed": None,
        }
        for player in every_player()
    }


def _apply_scenario(state: dict, pitch: Pitch, scenario: object) -> None:
    if not isinstance(scenario, dict):
        raise invalid(_("A scenario is an object."))
    unknown = sorted(set(scenario) - set(SCENARIO_FIELDS))
    if unknown:
        raise invalid(_("Unknown scenario fields: %(fields)s."), fields=", ".join(unknown))
    players = scenario.get("players")
    if not isinstance(players, dict) or set(players) != set(every_player()):
        raise invalid(
            _("A scenario places every player (null: off the broom): %(players)s."),
            players=", ".join(every_player()),
        )
    _set_players(
        state,
        {p: None if s is None else _square(s, pitch, p) for p, s in players.items()},
    )
    quaffle = scenario.get("quaffle", {"square": list(pitch.centre)})
    if not isinstance(quaffle, dict) or len(quaffle) != 1:
        raise invalid(_("The quaffle is given as {square: [x, y]} or {carrier: player}."))
    if "carrier" in quaffle:
        carrier = quaffle["carrier"]
        if (
            not isinstance(carrier, str)
            or carrier not in players
            or players[carrier] is None
            or not handles_quaffle(carrier)
        ):
            raise invalid(_("The quaffle's carrier is a chaser or the keeper, on a broom."))
        state["quaffle"] = {"square": list(players[carrier]), "carrier": carrier}
    else:
        state["quaffle"] = {
            "square": list(_square(quaffle.get("square"), pitch, "quaffle")),
            "carrier": None,
        }
    bludgers = scenario.get("bludgers", [b["square"] for b in state["bludgers"]])
    if not isinstance(bludgers, list) or len(bludgers) != 2:
        raise invalid(_("A scenario places both bludgers."))
    state["bludgers"] = [
        {"square": list(_square(b, pitch, "bludger")), "struck_by": None} for b in bludgers
    ]
    snitch = scenario.get("snitch")
    if snitch is not None:
        seen = snitch.get("seen", []) if isinstance(snitch, dict) else None
        if (
            not isinstance(seen, list)
            or len(seen) > len(SIDES)
            or not all(side in SIDES for side in seen)
        ):
            raise invalid(_("The snitch is given as {square: [x, y], seen: [sides]}."))
        state["snitch"] = {
            "square": list(_square(snitch.get("square"), pitch, "snitch")),
            "seen": [side for side in SIDES if side in seen],
        }
    score = scenario.get("score", dict.fromkeys(SIDES, 0))
    if not isinstance(score, dict) or set(score) != set(SIDES):
        raise invalid(_("The score is given as {home, away}."))
    for side in SIDES:
        within_bounds(f"score: {side}", score[side], SCENARIO_SCORE)
    state["score"] = dict(score)
    if "side" in scenario:
        if scenario["side"] not in SIDES:
            raise invalid(_("The side to play is home or away."))
        state["stage"] = "start"
        state["next_side"] = scenario["side"]
    else:
        _check_kick_off(state, pitch)


def _check_kick_off(state: dict, pitch: Pitch) -> None:
    """Players start in their own half and out of the centre circle (Game progression)."""
    for player, data in state["players"].items():
        square = data["square"]
        if square is None:
            continue
        if not pitch.in_half(tuple(square), side_of(player)) or pitch.in_centre_circle(
            tuple(square)
        ):
            raise invalid(
                _("%(player)s must start in their own half, out of the centre circle."),
                player=player,
            )


def _check_position(state: dict, pitch: Pitch) -> None:
    if not any(is_seeker(p) and d["square"] is not None for p, d in state["players"].items()):
        raise invalid(_("A match needs a seeker on a broom, to catch the snitch."))
    taken = [tuple(d["square"]) for d in state["players"].values() if d["square"] is not None]
    if len(taken) != len(set(taken)):
        raise invalid(_("Two players may not share a square."))
    for end in SIDES:
        chasers = [
            p
            for p, d in state["players"].items()
            if is_chaser(p)
            and d["square"] is not None
            and pitch.in_scoring_zone(tuple(d["square"]), end)
        ]
        if len(chasers) > 1:
            raise invalid(_("Only one chaser is allowed in a shooting zone at a time."))


def endgame() -> dict:
    """A position close to the end, on the default pitch: a drill in catching the snitch,
    and how a browser test plays a match to its end by clicking.

    The snitch is out at (17, 6), seen by home's seeker four squares from it; away's
    seeker is off the broom, so the match ends when home's seeker catches it (or falls
    too). Away, holding the quaffle, plays the next phase, after which the snitch flies.
    """
    pitch = pitch_of(**DEFAULT)
    players = {
        player_id(side, position): list(square)
        for side in SIDES
        for position, square in formation(pitch, side).items()
    }
    players.update({"home-seeker": [14, 4], "away-seeker": None})
    return {
        "side": "away",
        "players": players,
        "quaffle": {"carrier": "away-chaser2"},
        "bludgers": [[16, 20], [15, 20]],
        "snitch": {"square": [17, 6], "seen": ["home"]},
        "score": {"home": 30, "away": 40},
    }
