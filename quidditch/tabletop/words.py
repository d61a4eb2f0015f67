"""Table Top Quidditch in words, in German, English and French: the players, the sides,
the directions, the dice, and every command a side may give, as a player would say it.

The texts are English keys of the package's gettext catalogues (``locale/de``,
``locale/fr``; ``./dev messages`` collects them), read through
:class:`games.texts.Catalogue`, so that this module stays pure. A player is
called by their side's team, their position and their number on the board
("Gryffindor chaser 3"); a team the config does not name by its side ("Home");
a square by its coordinates, x along the pitch from the home end and y across
it from the top, as the board's edges number them.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

from .rules.directional_die import DIRECTIONS as STEPS
from .rules.directional_die import HIT
from .rules.passing import PASS_BANDS, needed
from .rules.pitch import distance
from .rules.teams import NUMBERS, ROLES, position_of, side_of

LANGUAGES = ("en", "de", "fr")
TEXTS = Catalogue(__file__, LANGUAGES)

SIDES = {"home": _("Home"), "away": _("Away")}
POSITIONS = {
    "keeper": _("keeper"),
    "chaser": _("chaser"),
    "beater": _("beater"),
    "seeker": _("seeker"),
}
PLAYER = _("{team} {position} {number}")
DIRECTIONS = {
    "N": _("north"),
    "NE": _("north-east"),
    "E": _("east"),
    "SE": _("south-east"),
    "S": _("south"),
    "SW": _("south-west"),
    "W": _("west"),
    "NW": _("north-west"),
}
HOOPS = (_("the north hoop"), _("the middle hoop"), _("the south hoop"))
"""The three hoops of an end, from the top of the board (hoop 0) to the bottom (hoop 2)."""
PURPOSES = {
    "first phase": _("the roll for the first phase"),
    "catch": _("the catch"),
    "pass": _("the pass"),
    "interception": _("the interception"),
    "shooting test": _("the shooting test"),
    "shot: chaser": _("the shooter's roll"),
    "shot: keeper": _("the keeper's roll"),
    "save": _("the save"),
    "repelled quaffle": _("how far the quaffle is repelled"),
    "loose quaffle": _("the loose quaffle's drift"),
    "tackle": _("the tackle"),
    "bad tackle": _("the roll after a bad tackle"),
    "knocked off course": _("the direction of a knock off course"),
    "knocked off course: squares": _("how far a knock off course goes"),
    "dodge": _("the dodge"),
    "injury": _("the injury"),
    "moved by the opponent: squares": _("how far the opponent moves the victim"),
    "bludger carries on": _("the direction a dodged bludger carries on"),
    "hit bludger": _("the beater's hit"),
    "hit bludger: squares": _("how far a struck bludger flies"),
    "missed bludger": _("the direction of a missed bludger"),
    "missed bludger: squares": _("how far a missed bludger flies"),
    "snitch: 3D6": _("the seeker's 3D6 for the snitch"),
    "see the snitch": _("the seeker's roll to see the snitch"),
    "snitch: across": _("where the snitch appears across the pitch"),
    "snitch: along": _("where the snitch appears along the pitch"),
    "snitch flies": _("the direction the snitch flies"),
    "snitch flies: squares": _("how far the snitch flies"),
}
"""What each die is rolled for (``Resolution.die``, ``Resolution.roll``)."""

COMMANDS = {
    "toss": _("Roll for the first phase"),
    "begin_phase": _("Begin the phase"),
    "propose_end": _("Propose to end the match: the snitch is released"),
    "accept_end": _("Agree to end the match: the snitch is released"),
    "decline_end": _("Play on"),
    "concede": _("Concede the match"),
    "end_phase": _("End the phase"),
    "end_free_moves": _("Done with the free moves"),
    "let_stand": _("Let the dice stand"),
    "catch": _("{player}: catch the quaffle"),
    "pass": _("{player}: pass to {receiver} ({squares} squares, {needed}+)"),
    "pass:one": _("{player}: pass to {receiver} beside them ({needed}+)"),
    "shoot": _("{player}: shoot at {hoop}"),
    "tackle": _("{player}: tackle {target}, knocking them {direction}"),
    "hit_bludger": _("{player}: hit the bludger at {square} {direction}"),
    "hit_back": _("{player}: hit the bludger back {direction}"),
    "dodge": _("{player}: dodge the bludger"),
    "push": _("Push {player} {squares} squares {direction}"),
    "push:one": _("Push {player} one square {direction}"),
    "repel": _("{player}: repel the quaffle {direction}"),
    "take_penalty": _("{player}: take the penalty"),
    "reroll": _("The captain re-rolls {purpose} ({face})"),
}
FLIGHTS = {
    "straight": _("{player}: fly {squares} squares {direction}"),
    "straight:one": _("{player}: fly one square {direction}"),
    "quaffle": _("{player}: fly to the quaffle"),
    "snitch": _("{player}: fly to the snitch"),
    "square": _("{player}: fly to {square}"),
}
FREE_MOVE = _("Free move: {flight}")
SIDE_SAYS = _("{team}: {command}")
STAR = _("{command}, the star setting a die to {result}")
ACTIONS = {
    "toss": _("Roll for the first phase"),
    "begin_phase": _("Begin the phase"),
    "propose_end": _("Propose to end the match"),
    "accept_end": _("Agree to end the match"),
    "decline_end": _("Play on"),
    "concede": _("Concede the match"),
    "move": _("Fly"),
    "free_move": _("Free move"),
    "catch": _("Catch the quaffle"),
    "pass": _("Pass"),
    "shoot": _("Shoot"),
    "tackle": _("Tackle"),
    "hit_bludger": _("Hit a bludger"),
    "end_phase": _("End the phase"),
    "dodge": _("Dodge the bludger"),
    "push": _("Push the victim"),
    "repel": _("Repel the quaffle"),
    "take_penalty": _("Take the penalty"),
    "end_free_moves": _("Done with the free moves"),
    "reroll": _("Re-roll a die"),
    "let_stand": _("Let the dice stand"),
}
"""What each action does, as the heading of a form that chooses among its commands."""
FIELDS = {
    "side": _("Side"),
    "player": _("Player"),
    "to": _("Where to"),
    "target": _("Whom"),
    "hoop": _("Hoop"),
    "bludger": _("Bludger"),
    "direction": _("Direction"),
    "die": _("Die"),
    "star": _("The star player's die"),
}
NO_STAR = _("not set")

# The board's own words.

NOTES = {
    "captain": _("captain"),
    "star": _("star player"),
    "carrier": _("holds the quaffle"),
    "off": _("knocked off the broom"),
    "dazed": _("dazed"),
    "slower": _("{squares} square(s) slower"),
    "weaker": _("{points} less on every roll"),
}
BALLS = {
    "quaffle": _("The quaffle"),
    "bludger": _("Bludger {number}"),
    "snitch": _("The golden snitch"),
}
PHASE = _("Phase {number}.")
BOARD = {
    "choose_square": _("choose a square marked on the board."),
    "choose_another": _("Choose another player"),
    "star": _("The star player sets a die to:"),
    "no_star": _("none"),
    "choose_player": _("Choose one of your players: they are ringed on the board."),
    "pitch": _("The pitch"),
    "numbers": _("the players, by their number: 1 keeper, 2-4 chasers, 5-6 beaters, 7 seeker"),
    "star_player": _("the star player"),
    "captain": _("the captain"),
    "dazed": _("dazed"),
    "quaffle": _("quaffle"),
    "bludger": _("bludger"),
    "snitch": _("snitch"),
    "playing": _("playing this phase"),
}
"""The board's own words (``table.html``)."""
SNITCH = {
    "hidden": _("The snitch has not appeared yet."),
    "unseen": _("The snitch is out; no seeker has seen it yet."),
    "seen": _("The snitch is out, seen by {teams}."),
}


def text(language: str, message: str, **fields) -> str:
    """``message`` in ``language``, its ``{fields}`` filled in."""
    return TEXTS.text(language, message).format_map(fields)


def names(view: dict) -> dict:
    """The teams' names in a state (``None``: unnamed), as events carry them (``teams``)."""
    return {side: team["name"] for side, team in view["teams"].items()}


def team(teams: dict, side: str, language: str) -> str:
    """A side's team: its name, or the side itself ("Home") in the reader's words.
    ``teams``: the teams' names (:func:`names`)."""
    return teams[side] or text(language, SIDES[side])


def player(teams: dict, player_id: str, language: str) -> str:
    """ "Gryffindor chaser 3": the team, the position and the number on the board."""
    position = position_of(player_id)
    return text(
        language,
        PLAYER,
        team=team(teams, side_of(player_id), language),
        position=text(language, POSITIONS[ROLES[position]]),
        number=NUMBERS[position],
    )


def position(player_id: str, language: str) -> str:
    """ "Chaser 3": a player of a team already named."""
    position = position_of(player_id)
    return capital(f"{text(language, POSITIONS[ROLES[position]])} {NUMBERS[position]}")


def direction(way: str, language: str) -> str:
    return text(language, DIRECTIONS[way]) if way != HIT else ""


def square(value) -> str:
    return f"({value[0]}, {value[1]})"


def purpose(name: str, language: str) -> str:
    return text(language, PURPOSES[name])


def capital(line: str) -> str:
    """A sentence begins with a capital ("poursuiveur 3 ..." -> "Poursuiveur 3 ...")."""
    return line[:1].upper() + line[1:]


# Commands, as their giver would say them.


def command_text(command: dict, view: dict, language: str) -> str:
    action = command["action"]
    teams = names(view)
    if action in ("move", "free_move"):
        said = _flight(command, view, language)
        if action == "free_move":
            said = text(language, FREE_MOVE, flight=said)
    elif action in COMMANDS and "{" not in COMMANDS[action]:
        said = text(language, COMMANDS[action])
    else:
        said = capital(_order(command, view, language))
    if "star" in command:
        said = text(language, STAR, command=said, result=command["star"])
    if action in ("begin_phase", "concede", "propose_end", "accept_end", "decline_end"):
        return text(language, SIDE_SAYS, team=team(teams, command["side"], language), command=said)
    return said


def _flight(command: dict, view: dict, language: str) -> str:
    here = tuple(view["players"][command["player"]]["square"])
    to = tuple(command["to"])
    name = player(names(view), command["player"], language)
    step = (_sign(to[0] - here[0]), _sign(to[1] - here[1]))
    squares = distance(here, to)
    straight = (here[0] + step[0] * squares, here[1] + step[1] * squares) == to
    if view["quaffle"]["carrier"] is None and list(to) == view["quaffle"]["square"]:
        return text(language, FLIGHTS["quaffle"], player=name)
    if view["snitch"]["square"] == list(to):
        return text(language, FLIGHTS["snitch"], player=name)
    if straight:
        way = next(w for w, vector in STEPS.items() if vector == step)
        return text(
            language,
            FLIGHTS["straight:one" if squares == 1 else "straight"],
            player=name,
            squares=squares,
            direction=direction(way, language),
        )
    return text(language, FLIGHTS["square"], player=name, square=square(to))


def _order(command: dict, view: dict, language: str) -> str:
    """A command that names players, squares, hoops or directions."""
    action, teams = command["action"], names(view)
    awaiting = view["awaiting"] or {}
    who = command.get("player") or awaiting.get("player")
    fields = {
        "player": player(teams, who, language) if who else "",
        "direction": direction(command["direction"], language) if "direction" in command else "",
    }
    if action == "pass":
        here = view["players"][command["player"]]["square"]
        there = view["players"][command["to"]]["square"]
        squares = distance(tuple(here), tuple(there))
        fields.update(
            receiver=player(teams, command["to"], language),
            squares=squares,
            needed=needed(PASS_BANDS, squares),
        )
    elif action == "shoot":
        fields["hoop"] = text(language, HOOPS[command["hoop"]])
    elif action == "tackle":
        fields["target"] = player(teams, command["target"], language)
    elif action == "hit_bludger":
        if "bludger" not in command:
            action = "hit_back"
        else:
            fields["square"] = square(view["bludgers"][command["bludger"]]["square"])
    elif action == "push":
        fields["squares"] = awaiting["squares"]
    elif action == "reroll":
        reroll = view["reroll"]
        fields.update(
            purpose=purpose(reroll["purposes"][command["die"]], language),
            face=reroll["faces"][command["die"]],
        )
    if fields.get("squares") == 1 and f"{action}:one" in COMMANDS:
        action += ":one"
    return text(language, COMMANDS[action], **fields)


def action_text(action: str, language: str) -> str:
    return text(language, ACTIONS[action])


def field_text(action: str, field: str, language: str) -> str:
    return text(language, FIELDS[field])


def choice_text(action: str, field: str, value, view: dict, language: str) -> str:
    """One value of a field of a command, as an option of a form."""
    teams = names(view)
    if field in ("player", "target") or (field == "to" and isinstance(value, str)):
        return player(teams, value, language)
    if field == "to":
        return square(value)
    if field == "side":
        return team(teams, value, language)
    if field == "direction":
        return capital(direction(value, language))
    if field == "hoop":
        return capital(text(language, HOOPS[value]))
    if field == "bludger":
        return square(view["bludgers"][value]["square"])
    if field == "die":
        reroll = view["reroll"]
        return f"{capital(purpose(reroll['purposes'][value], language))} ({reroll['faces'][value]})"
    if field == "star":
        return text(language, NO_STAR) if value is None else str(value)
    return str(value)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
