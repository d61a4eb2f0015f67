"""The match's table: both teams' sheets as the storyguide keeps them beside the pitch.

The turn and its phases (scoring, blocking, and the snitch at turn 10 and
every fifth after), the score, and for each team its seven players by name
with their position, the attributes the rules roll for that position
(QUIDDITCH: a chaser's and a beater's Strength, the keeper's Toughness and
Dexterity, the seeker's Dexterity), their Health, and what each chooser has
chosen this turn as far as the reader may see it. Each team says the
difficulties its keeper sets, with the defended roll's base in force (a
reading: ``defended_difficulty_base``). The choices themselves are the
frame's forms, one select of the legal targets (or plays) each, in the
game's words (:class:`.words.RpgWords`).

Pure: it draws from the state as the reader sees it (``Seen.view``) and says
everything in the page's language from the package's catalogues.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.tables import Seen, Table

from .rules.contract import HIDDEN
from .rules.teams import BEATER, CHASER, KEEPER, SEEKER, SIDES, of
from .rules.turn import (
    FIRST_SNITCH_TURN,
    SNITCH_EVERY,
    blocking_difficulty,
    choosers,
    in_play,
    keeper_of,
    scoring_difficulty,
    snitch_turn,
)
from .words import ATTRIBUTES, HEALTH, PLAYS, POSITIONS, TEXTS, player_at

USES = {
    CHASER: ("Strength",),
    BEATER: ("Strength",),
    KEEPER: ("Toughness", "Dexterity"),
    SEEKER: ("Dexterity",),
}
"""The attributes the rules roll for each position (QUIDDITCH)."""

LABELS = {
    "player": _("Player"),
    "attributes": _("Attributes"),
    "health": HEALTH,
    "this_turn": _("This turn"),
    "distracted": _("Madam Hooch looks elsewhere this turn."),
}
TURN = {
    False: _("Turn %(turn)s: scoring, then blocking."),
    True: _("Turn %(turn)s: scoring, blocking, then the snitch."),
}
NEXT_SNITCH = _("The seekers chase the snitch at the end of turn %(turn)s.")
BASE = _("Defended rolls: base %(base)s, plus the opposing keeper's attributes.")
SHOTS = _(
    "Shots at %(house)s's hoops need %(difficulty)s: %(base)s + Toughness %(toughness)s + "
    "Dexterity %(dexterity)s of %(keeper)s."
)
BLUDGERS = _(
    "Bludgers at %(house)s hit on %(difficulty)s: %(base)s + Toughness %(toughness)s of %(keeper)s."
)
NO_KEEPER = _("%(house)s has no keeper left: shots need %(shots)s, bludgers hit on %(bludgers)s.")
STATUS = {
    "choosing": _("to choose"),
    "chosen": _("has chosen"),
    "left": _("left the match"),
    "aim": _("the bludger at %(target)s"),
}


class RpgTable(Table):
    template = "quidditch_rpg/table.html"

    def context(self, seen: Seen) -> dict:
        view, language = seen.view, seen.language
        turn = view["turn"]
        context = {
            "labels": {key: TEXTS.say(language, text) for key, text in LABELS.items()},
            "over": view["over"],
            "turn": TEXTS.say(language, TURN[snitch_turn(turn)], turn=turn),
            "next_snitch": TEXTS.say(language, NEXT_SNITCH, turn=next_snitch_turn(turn)),
            "base": TEXTS.say(language, BASE, base=view["settings"]["defended_difficulty_base"]),
            "distracted": view["distracted"],
            "teams": [self._team(view, side, language) for side in SIDES],
        }
        return context

    def _team(self, view: dict, side: str, language: str) -> dict:
        waiting = set(choosers(view)) if not view["over"] else set()
        return {
            "side": side,
            "house": house(view, side),
            "score": view["score"][side],
            "defence": self._defence(view, side, language),
            "players": [
                self._player(view, key, waiting, language)
                for position in (CHASER, BEATER, KEEPER, SEEKER)
                for key in of(side, position)
            ],
        }

    @staticmethod
    def _defence(view: dict, side: str, language: str) -> list[str]:
        """What this side's keeper sets the other side's chasers and beaters."""
        attacker = SIDES[1 - SIDES.index(side)]
        base = view["settings"]["defended_difficulty_base"]
        shots, bludgers = scoring_difficulty(view, attacker), blocking_difficulty(view, attacker)
        keeper = keeper_of(view, side)
        if keeper is None:
            return [
                TEXTS.say(
                    language, NO_KEEPER, house=house(view, side), shots=shots, bludgers=bludgers
                )
            ]
        fields = {
            "house": house(view, side),
            "base": base,
            "keeper": keeper["name"],
            "toughness": keeper["attributes"]["Toughness"],
            "dexterity": keeper["attributes"]["Dexterity"],
        }
        return [
            TEXTS.say(language, SHOTS, difficulty=shots, **fields),
            TEXTS.say(language, BLUDGERS, difficulty=bludgers, **fields),
        ]

    @staticmethod
    def _player(view: dict, key: str, waiting: set[str], language: str) -> dict:
        player = view["players"][key]
        health, lost = player["health"], player["health_lost"]
        return {
            "key": key,
            "name": player["name"],
            "position": TEXTS.say(language, POSITIONS[player["position"]]),
            "rolls": [
                f"{TEXTS.say(language, ATTRIBUTES[name])} {player['attributes'][name]}"
                for name in USES[player["position"]]
            ],
            "health": f"{health} (−{lost})" if lost else health,
            "out": not in_play(view, key),
            "status": _status(view, key, waiting, language),
            "to_choose": key in waiting and key not in view["choices"],
        }


def house(view: dict, side: str) -> str:
    return next(team["house"] for team in view["teams"] if team["side"] == side)


def next_snitch_turn(turn: int) -> int:
    """The first snitch turn from ``turn`` on: 10, 15, 20, ..."""
    if turn <= FIRST_SNITCH_TURN:
        return FIRST_SNITCH_TURN
    return turn + (-(turn - FIRST_SNITCH_TURN)) % SNITCH_EVERY


def _status(view: dict, key: str, waiting: set[str], language: str) -> str:
    """A player's part in this turn: out of the match, to choose, or the choice as seen."""
    if not in_play(view, key):
        return TEXTS.say(language, STATUS["left"])
    if key not in waiting:
        return ""
    choice = view["choices"].get(key)
    if choice is None:
        return TEXTS.say(language, STATUS["choosing"])
    if choice == HIDDEN:
        return TEXTS.say(language, STATUS["chosen"])
    if view["players"][key]["position"] == BEATER:
        return TEXTS.say(language, STATUS["aim"], target=player_at(choice, view, language))
    return TEXTS.say(language, PLAYS[choice])
