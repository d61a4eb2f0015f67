"""The dice game's table: the pitch as the players see it over the case's lid.

Six scoring rows with the dice on them (LE TERRAIN), each row saying what it
is worth to the attack so far (LE POINTAGE); the two players with their
colour, their role this round, their goal and snitch points (LES POINTS), and
the dice still in their hand with the face rolled and the row it sends the
die to. A die the reader may place is a button on the row it goes to; a die
to set aside (its row is full, REMARQUE) is a button on that row too. Ending
the turn and the roll-off are the frame's buttons.

Pure: it draws from the state as the reader sees it (``Seen.view``) and the
offers, and says everything in the page's language from the package's
catalogues, so the template (``quidditch_dice/table.html``) has no words of its own.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.tables import Seen, Table

from .rules import scoring
from .rules.dice import BLACK, GOALS, QUAFFLE, SNITCH, dice_of
from .rules.pitch import ROWS
from .rules.rounds import SEATS, role, target_row, turn_row
from .texts import ROLES, SIDES, TEXTS, die_name

ROUND = _("Round %(round)s")
ROW = _("Row %(row)s")
LABELS = {
    "rows": _("The pitch"),
    "hand": _("In hand"),
    "aside": _("Set aside"),
    "nothing": _("nothing"),
    "goals": _("Goal points"),
    "snitch": _("Snitch points"),
    "so_far": _("This round so far"),
    "turn": _("their turn"),
}
ROW_WORTH = {
    "blocked": _("blocked"),
    "goals": _("+%(points)s goal points"),
    "snitch_one": _("+1 snitch point"),
    "snitch_many": _("+%(points)s snitch points"),
}
TURN_ROW = _("This turn, the attack's dice go to row %(row)s only.")
TO_CATCH = _("%(snitch)s of %(catch)s")
GOES_TO = _("row %(row)s")


def colour(die: str) -> str:
    """The die's colour in the case (LES DÉS): the style of its square."""
    if die in GOALS:
        return "goal"
    if die in BLACK:
        return "black"
    return {QUAFFLE: "quaffle", SNITCH: "snitch"}[die]


class DiceTable(Table):
    template = "quidditch_dice/table.html"
    draws = frozenset({"place", "set_aside"})

    def context(self, seen: Seen) -> dict:
        view, language = seen.view, seen.language
        labels = {key: TEXTS.say(language, text) for key, text in LABELS.items()}
        context = {
            "labels": labels,
            "started": bool(view["dice"]),
            "round": TEXTS.say(language, ROUND, round=view["round"]),
            "sides": [self._side(view, seat, language) for seat in SEATS],
            "over": view["over"],
        }
        if not context["started"]:
            return context
        row_now = turn_row(view, view["turn"]) if view["turn"] else None
        context["turn_row"] = TEXTS.say(language, TURN_ROW, row=row_now) if row_now else ""
        context["rows"] = [self._row(seen, row) for row in ROWS]
        context["so_far"] = self._worth(scoring.score_round(view["rows"]), language)
        return context

    def _side(self, view: dict, seat: str, language: str) -> dict:
        score, settings = view["score"][seat], view["settings"]
        side = {
            "seat": seat,
            "name": TEXTS.say(language, SIDES[seat]),
            "role": TEXTS.say(language, ROLES[role(view, seat)]) if view["attack"] else "",
            "turn": view["turn"] == seat,
            "goals": score["goals"],
            "snitch": TEXTS.say(
                language, TO_CATCH, snitch=score["snitch"], catch=settings["snitch_to_catch"]
            ),
            "hand": [],
            "aside": [],
        }
        if view["dice"]:
            for die in dice_of(role(view, seat)):
                where = view["dice"][die]
                if where["aside"]:
                    side["aside"].append(self._die(view, die, language))
                elif where["row"] is None:
                    side["hand"].append(self._die(view, die, language, going=True))
        return side

    def _die(self, view: dict, die: str, language: str, *, going: bool = False) -> dict:
        return {
            "name": die_name(die, language),
            "colour": colour(die),
            "face": view["dice"][die]["face"],
            "goes_to": TEXTS.say(language, GOES_TO, row=target_row(view, die)) if going else "",
        }

    def _row(self, seen: Seen, row: int) -> dict:
        view, language = seen.view, seen.language
        dice = view["rows"][str(row)]
        buttons = [
            {
                **self._die(view, offer.command["die"], language),
                "action": offer.command["action"],
                "text": offer.text,
                "json": offer.json,
            }
            for offer in seen.offers
            if offer.command.get("action") in self.draws
            and target_row(view, offer.command["die"]) == row
        ]
        blocked = bool(BLACK & set(dice))
        return {
            "number": row,
            "label": TEXTS.say(language, ROW, row=row),
            "dice": [self._die(view, die, language) for die in dice],
            "worth": self._worth(scoring.score_row(dice), language, blocked=blocked),
            "blocked": blocked,
            "buttons": buttons,
        }

    @staticmethod
    def _worth(points: scoring.RowScore, language: str, *, blocked: bool = False) -> str:
        """What a row (or the round) gives the attack so far, in words; empty for nothing."""
        if blocked:
            return TEXTS.say(language, ROW_WORTH["blocked"])
        said = []
        if points.goal_points:
            said.append(TEXTS.say(language, ROW_WORTH["goals"], points=points.goal_points))
        if points.snitch_points == 1:
            said.append(TEXTS.say(language, ROW_WORTH["snitch_one"]))
        elif points.snitch_points:
            said.append(TEXTS.say(language, ROW_WORTH["snitch_many"], points=points.snitch_points))
        return ", ".join(said)
