"""A Chat-Quidditch match as a person sees it: the referee's sheet at the side of the pitch.

What a referee keeps on paper (issue 29): where the round stands and whom it
waits for, the score, the pitch's three thirds with the players and the balls
in each, and every player's row (nick, name, position, experience points,
third, whether he is out, holds the quaffle, captains). The commands the
reader may give are buttons in the row of the nick who gives them, and the
referee's own words in a line of their own; every command is drawn here
(:attr:`ChatTable.draws`), in the reader's language, each with the chat line
that gives it in that language as a hint (§3.5); nicks read in the reader's
language too (``GChaser1``), the rows keeping the state's nick as their id. Who
won and why is said once, at the top of the page (the frame's, as for every game).
All of it comes from the state as the reader may see it (``seen.view``).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import gettext_noop as _
from games.tables import Offer, Seen, Table

from .rules.commands import ACTIONS
from .rules.ending import result as final_result
from .rules.substitutions import ACTIONS as SUBSTITUTING
from .rules.teams import ROLE_WORDS
from .rules.vocabulary import nick_in
from .texts import REASONS, TEXTS, WHEN, moves_text
from .words import clock_text, command_words, requested_moves, third_text, typed_line

PHASES = {
    "experience": _("The captains hand out experience points."),
    "quaffle_roll": _("The captains roll for the quaffle."),
    "goal_choice": _("%(house)s chooses the third of its goal."),
    "chat": _("Chat between the rounds."),
    "positioning:chaser": _("The chasers name their thirds."),
    "positioning:seeker": _("The seekers name their thirds."),
    "positioning:beater": _("The beaters name their thirds."),
    "bludger_release": _("The bludgers are placed; the referee releases them."),
    "beaters": _("The beaters play the bludgers."),
    "quaffle_release": _("The quaffle carrier is placed; the referee releases the quaffle."),
    "chasers": _("The chasers and keepers play the quaffle."),
    "free_throw": _("Free throw for %(house)s."),
    "snitch_release": _("The snitch is placed; the referee releases it."),
    "seekers": _("The seekers play for the snitch."),
    "score": _("The score after the round."),
    "over": _("The game is over."),
}
"""What the match waits for, by the state's ``phase``."""

ROLES = {
    "keeper": _("Keeper"),
    "seeker": _("Seeker"),
    "chaser": _("Chaser"),
    "beater": _("Beater"),
}


@dataclass(frozen=True)
class Button:
    """An offered command on the table: its words, its JSON, the chat line as a hint."""

    label: str
    json: str
    hint: str


class ChatTable(Table):
    """The referee's sheet of a match: see the module."""

    template = "quidditch_chat/table.html"
    draws = frozenset(ACTIONS)

    def context(self, seen: Seen) -> dict:
        view, language = seen.view, seen.language
        buttons: dict[str, list[Button]] = {}
        whispers: dict[int | None, list[Button]] = {}  # §8.6: requests and answers by team
        for offer in seen.offers:
            command = offer.command
            if command["action"] in SUBSTITUTING:
                team = command.get(
                    "team", view["players"].get(command.get("player"), {}).get("team")
                )
                whispers.setdefault(None if "player" in command else team, []).append(
                    _button(offer, seen)
                )
                continue
            nick = command.get("player", "")
            buttons.setdefault(nick, []).append(_button(offer, seen))
        return {
            "round": _round(view, language),
            "now": _phase(view, language),
            "teams": [_team(view, index, buttons, language) for index in (0, 1)],
            "pitch": [_third(view, third, language) for third in view["pitch"]],
            "words": buttons.get("", []),
            "substitutions": _substitutions(view, whispers, language),
            "over": bool(view["over"]),  # the end's sentence is the frame's (games/play.html)
        }


def _button(offer: Offer, seen: Seen) -> Button:
    command, language = offer.command, seen.language
    nick = command.get("player")
    line = typed_line(command, seen.actor.controls, language)
    hint = TEXTS.say(language, _("In the chat: %(line)s"), line=line) if line else ""
    label = command_words(command, seen.view, language)
    if command["action"] == "substitution" and nick not in seen.actor.controls:
        label = offer.text  # away from the captain's row: "SHüter: Ask the referee ..."
    return Button(label, offer.json, hint)


REQUESTS = {
    "asked": _("%(house)s asks for a substitution (%(reason)s): %(moves)s"),
    "accepted": _("%(house)s's substitution is allowed %(when)s: %(moves)s"),
}


def _substitutions(view: dict, whispers: dict, language: str) -> dict:
    """§8.6 on the sheet: the open requests with the referee's answers, the captain's own
    requests (folded away), and who may still come in."""
    requests = []
    for request in view.get("substitutions", ()):
        team = request["team"]
        moves = requested_moves({"player": request["captain"], **request}, view)
        key = "accepted" if request["accepted"] else "asked"
        text = TEXTS.say(
            language,
            REQUESTS[key],
            house=view["teams"][team]["house"],
            reason=TEXTS.say(language, REASONS[request["reason"]]),
            when=TEXTS.say(language, WHEN[request["when"] or "now"]),
            moves=moves_text(moves, language),
        )
        requests.append(
            {
                "initial": view["teams"][team]["initial"],
                "text": text,
                "buttons": whispers.get(team, []),
            }
        )
    bench = [
        {
            "initial": team["initial"],
            "text": TEXTS.say(
                language,
                _("Substitutes of %(house)s: %(names)s"),
                house=team["house"],
                names=", ".join(s["name"] for s in team["substitutes"]),
            ),
        }
        for team in view["teams"]
        if team.get("substitutes") and not view["over"]
    ]
    return {"requests": requests, "asks": whispers.get(None, []), "bench": bench}


def _round(view: dict, language: str) -> str:
    if not view["round"]:
        return TEXTS.say(language, _("Before the first round"))
    return TEXTS.say(
        language, _("Round %(round)s of %(last)s"), round=view["round"], last=view["last_round"]
    )


def _phase(view: dict, language: str) -> str:
    phase = view["phase"]
    key = f"positioning:{view['positioning']}" if phase == "positioning" else phase
    if phase == "chat" and view["round"] == view["config"]["half_time_after"]:
        return TEXTS.say(language, _("Half-time: chat for ten minutes."))
    house = ""
    if phase == "goal_choice":  # the loser of the quaffle roll chooses (§4.2)
        house = view["teams"][1 - view["possession"]]["house"]
    elif phase == "free_throw":
        house = view["teams"][view["free_throw"]]["house"]
    return TEXTS.say(language, PHASES[key], house=house)


def _team(view: dict, index: int, buttons: dict[str, list[Button]], language: str) -> dict:
    team = view["teams"][index]
    goal = team["goal_third"]
    return {
        "house": team["house"],
        "initial": team["initial"],
        "goal": goal or "",
        "goals": view["goals"][index],
        # At the end, the points the result counts: with the winner's bonus (§7).
        "points": final_result(view)["points"][index] if view["over"] else view["score"][index],
        "possession": view["possession"] == index,
        "players": [
            _player(view, nick, buttons.get(nick, []), language)
            for role in ROLE_WORDS
            for nick in view["lineup"][role][index]
        ],
    }


#: The time left to answer, as the page counts it down: its script fills in the "{seconds}"
#: this text is said with (core/static/storyguide/table.js), not a catalogue placeholder.
SECONDS_LEFT = _("%(seconds)s s left")


def _player(view: dict, nick: str, buttons: list[Button], language: str) -> dict:
    player = view["players"][nick]
    third = view["thirds"].get(nick)
    mine = [command for command in view["awaiting"] if command.get("player") == nick]
    deadlines = [command["deadline"] for command in mine if "deadline" in command]
    return {
        "nick": nick,
        "said": nick_in(nick, language),
        "name": player["name"],
        "role": TEXTS.say(language, ROLES[player["role"]]),
        "xp": player["xp"],
        "third": third or "",
        "out": nick in view["out"],
        "marks": [TEXTS.say(language, mark) for mark in _marks(view, nick)],
        "awaited": bool(mine),
        "until": clock_text(min(deadlines)) if deadlines else "",
        "deadline": min(deadlines) if deadlines else None,
        "left": TEXTS.say(language, SECONDS_LEFT, seconds="{seconds}"),
        "buttons": buttons,
    }


def _marks(view: dict, nick: str) -> list[str]:
    marks = []
    if nick == view["carrier"]:
        marks.append(_("has the quaffle"))
    if nick in view["out"]:
        marks.append(_("out this round"))
    if any(b["by"] == nick and b["status"] in ("held", "kept") for b in view["bludgers"]):
        marks.append(_("holds a caught bludger"))
    if nick in view["found"]:
        marks.append(_("has found the snitch"))
    if nick in {team["captain"] for team in view["teams"]}:
        marks.append(_("captain"))
    return marks


def _third(view: dict, third: str, language: str) -> dict:
    """One third of the pitch: who is there, and which balls."""
    players = [
        {
            "nick": nick,
            "said": nick_in(nick, language),
            "initial": view["teams"][view["players"][nick]["team"]]["initial"],
        }
        for nick, where in view["thirds"].items()
        if where == third and nick not in view["out"]
    ]
    balls = []
    if view["carrier"] and view["thirds"].get(view["carrier"]) == third and not view["pass"]:
        carrier = nick_in(view["carrier"], language)
        balls.append(TEXTS.say(language, _("the quaffle (%(nick)s)"), nick=carrier))
    if view["pass"] and view["pass"]["third"] == third:
        receiver = nick_in(view["pass"]["to"], language)
        balls.append(TEXTS.say(language, _("a pass to %(nick)s"), nick=receiver))
    for bludger in view["bludgers"]:
        if bludger["third"] == third and bludger["status"] in ("free", "idle"):
            balls.append(TEXTS.say(language, _("a bludger")))
    snitch = view["snitch"]
    if snitch and snitch["third"] == third:
        balls.append(
            TEXTS.say(language, _("the snitch, gone") if snitch["gone"] else _("the snitch"))
        )
    return {
        "letter": third,
        "name": third_text(view, third, language),
        "players": players,
        "balls": balls,
    }
