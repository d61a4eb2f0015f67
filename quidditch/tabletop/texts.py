"""Table Top Quidditch's names for its things, in German, English and French: the players,
the sides, the directions, the hoops, the squares and what each die is rolled for, as the
commands (:mod:`.words`), the narration and the table all call them; and the board's own
words, which only the table says.

They are apart from :mod:`.words` so that the narration, which the game's
words inherit, reads them without importing the words back. The
texts are English keys of the package's gettext catalogues (``locale/de``,
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

from .rules.directional_die import HIT
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
PLAYER = _("%(team)s %(position)s %(number)s")
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


def names(view: dict) -> dict:
    """The teams' names in a state (``None``: unnamed), as events carry them (``teams``)."""
    return {side: team["name"] for side, team in view["teams"].items()}


def team(teams: dict, side: str, language: str) -> str:
    """A side's team: its name, or the side itself ("Home") in the reader's words.
    ``teams``: the teams' names (:func:`names`)."""
    return teams[side] or TEXTS.say(language, SIDES[side])


def player(teams: dict, player_id: str, language: str) -> str:
    """ "Gryffindor chaser 3": the team, the position and the number on the board."""
    position = position_of(player_id)
    return TEXTS.say(
        language,
        PLAYER,
        team=team(teams, side_of(player_id), language),
        position=TEXTS.say(language, POSITIONS[ROLES[position]]),
        number=NUMBERS[position],
    )


def position(player_id: str, language: str) -> str:
    """ "Chaser 3": a player of a team already named."""
    position = position_of(player_id)
    return capital(f"{TEXTS.say(language, POSITIONS[ROLES[position]])} {NUMBERS[position]}")


def direction(way: str, language: str) -> str:
    return TEXTS.say(language, DIRECTIONS[way]) if way != HIT else ""


def square(value) -> str:
    return f"({value[0]}, {value[1]})"


def capital(line: str) -> str:
    """A sentence begins with a capital ("poursuiveur 3 ..." -> "Poursuiveur 3 ...")."""
    return line[:1].upper() + line[1:]


# The board's own words.

NOTES = {
    "captain": _("captain"),
    "star": _("star player"),
    "carrier": _("holds the quaffle"),
    "off": _("knocked off the broom"),
    "dazed": _("dazed"),
    "slower": _("%(squares)s square(s) slower"),
    "weaker": _("%(points)s less on every roll"),
}
BALLS = {
    "quaffle": _("The quaffle"),
    "bludger": _("Bludger %(number)s"),
    "snitch": _("The golden snitch"),
}
PHASE = _("Phase %(number)s.")
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
    "seen": _("The snitch is out, seen by %(teams)s."),
}
