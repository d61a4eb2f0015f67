"""Table Top Quidditch in words, in German, English and French: the game's
:class:`games.words.Words`, through which the platform says every command a side may give,
as a player would say it, the forms' headings and choices, the seats, the dice, the
narration, the ending and the title a match gets when its creator gives none.

The texts are English keys of the package's gettext catalogues (``locale/de``,
``locale/fr``; ``./dev messages`` collects them), read through
:class:`games.texts.Catalogue`, so that this module stays pure. Players, sides,
directions, hoops and squares are named as :mod:`.texts` names them.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.words import Words

from .narration import TabletopNarration
from .rules.directional_die import DIRECTIONS as STEPS
from .rules.passing import PASS_BANDS, needed
from .rules.pitch import distance
from .rules.ruleset import TITLE
from .texts import (
    HOOPS,
    LANGUAGES,
    PURPOSES,
    TEXTS,
    capital,
    direction,
    names,
    player,
    square,
    team,
)

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
    "catch": _("%(player)s: catch the quaffle"),
    "pass": _("%(player)s: pass to %(receiver)s (%(squares)s squares, %(needed)s+)"),
    "pass:one": _("%(player)s: pass to %(receiver)s beside them (%(needed)s+)"),
    "shoot": _("%(player)s: shoot at %(hoop)s"),
    "tackle": _("%(player)s: tackle %(target)s, knocking them %(direction)s"),
    "hit_bludger": _("%(player)s: hit the bludger at %(square)s %(direction)s"),
    "hit_back": _("%(player)s: hit the bludger back %(direction)s"),
    "dodge": _("%(player)s: dodge the bludger"),
    "push": _("Push %(player)s %(squares)s squares %(direction)s"),
    "push:one": _("Push %(player)s one square %(direction)s"),
    "repel": _("%(player)s: repel the quaffle %(direction)s"),
    "take_penalty": _("%(player)s: take the penalty"),
    "reroll": _("The captain re-rolls %(purpose)s (%(face)s)"),
}
FLIGHTS = {
    "straight": _("%(player)s: fly %(squares)s squares %(direction)s"),
    "straight:one": _("%(player)s: fly one square %(direction)s"),
    "quaffle": _("%(player)s: fly to the quaffle"),
    "snitch": _("%(player)s: fly to the snitch"),
    "square": _("%(player)s: fly to %(square)s"),
}
FREE_MOVE = _("Free move: %(flight)s")
SIDE_SAYS = _("%(team)s: %(command)s")
STAR = _("%(command)s, the star setting a die to %(result)s")
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


class TabletopWords(TabletopNarration, Words):
    """Table Top Quidditch's words: a player by their team, position and number
    ("Gryffindor chaser 3"), a command as its giver would say it, a seat by its team."""

    languages = LANGUAGES
    catalogue = TEXTS
    actions = ACTIONS
    fields = FIELDS
    purposes = PURPOSES

    def command(self, command: dict, view: dict, language: str) -> str:
        action = command["action"]
        teams = names(view)
        if action in ("move", "free_move"):
            said = self._flight(command, view, language)
            if action == "free_move":
                said = self.say(language, FREE_MOVE, flight=said)
        elif action in COMMANDS and "%(" not in COMMANDS[action]:
            said = self.say(language, COMMANDS[action])
        else:
            said = capital(self._order(command, view, language))
        if "star" in command:
            said = self.say(language, STAR, command=said, result=command["star"])
        if action in ("begin_phase", "concede", "propose_end", "accept_end", "decline_end"):
            return self.say(
                language, SIDE_SAYS, team=team(teams, command["side"], language), command=said
            )
        return said

    def choice(self, action: str, field: str, value, view: dict, language: str) -> str:
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
            return capital(self.say(language, HOOPS[value]))
        if field == "bludger":
            return square(view["bludgers"][value]["square"])
        if field == "die":
            reroll = view["reroll"]
            purpose = capital(self.purpose(reroll["purposes"][value], language))
            return f"{purpose} ({reroll['faces'][value]})"
        if field == "star":
            return self.say(language, NO_STAR) if value is None else str(value)
        return str(value)

    def game_title(self, state: dict) -> str:
        """ "Gryffindor v Slytherin" when both teams are named, else the game's own name."""
        teams = names(state)
        return f"{teams['home']} v {teams['away']}" if all(teams.values()) else TITLE

    def seat(self, seat: str, view: dict, language: str) -> str:
        """A side by its team's name, or by the side itself ("Home") if it has none."""
        return team(names(view), seat, language)

    def _flight(self, command: dict, view: dict, language: str) -> str:
        here = tuple(view["players"][command["player"]]["square"])
        to = tuple(command["to"])
        name = player(names(view), command["player"], language)
        step = (_sign(to[0] - here[0]), _sign(to[1] - here[1]))
        squares = distance(here, to)
        straight = (here[0] + step[0] * squares, here[1] + step[1] * squares) == to
        if view["quaffle"]["carrier"] is None and list(to) == view["quaffle"]["square"]:
            return self.say(language, FLIGHTS["quaffle"], player=name)
        if view["snitch"]["square"] == list(to):
            return self.say(language, FLIGHTS["snitch"], player=name)
        if straight:
            way = next(w for w, vector in STEPS.items() if vector == step)
            return self.say(
                language,
                FLIGHTS["straight:one" if squares == 1 else "straight"],
                player=name,
                squares=squares,
                direction=direction(way, language),
            )
        return self.say(language, FLIGHTS["square"], player=name, square=square(to))

    def _order(self, command: dict, view: dict, language: str) -> str:
        """A command that names players, squares, hoops or directions."""
        action, teams = command["action"], names(view)
        awaiting = view["awaiting"] or {}
        who = command.get("player") or awaiting.get("player")
        fields = {
            "player": player(teams, who, language) if who else "",
            "direction": direction(command["direction"], language)
            if "direction" in command
            else "",
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
            fields["hoop"] = self.say(language, HOOPS[command["hoop"]])
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
                purpose=self.purpose(reroll["purposes"][command["die"]], language),
                face=reroll["faces"][command["die"]],
            )
        if fields.get("squares") == 1 and f"{action}:one" in COMMANDS:
            action += ":one"
        return self.say(language, COMMANDS[action], **fields)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
