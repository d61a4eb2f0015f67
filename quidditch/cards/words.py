"""The card game's words (:class:`games.words.Words`): its commands as the players give
them, its transcript and its ending, in English, German and French.

A command names its card and ball as the reader's view shows them (:mod:`.texts`):
"Play Chaser 5 on the Quaffle", "Cancel Minus Two with Alohomora". The transcript
and the ending are the words' own too, inherited from :class:`.narration.CardNarration`.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.words import Words

from .narration import CardNarration
from .rules import cards as c
from .rules.decks import AT_RANDOM, SHUFFLE
from .texts import LANGUAGES, TEAM_NAMES, TEXTS, ball, card_name, first_upper

COMMANDS = {
    "deal": _("Deal the cards"),
    "pitch": _("Pitch a new ball"),
    "keep_balls": _("Play on the balls in play"),
    "play": _("Play %(card)s %(ball)s"),
    "done": _("Play on no more balls"),
    "pass": _("Pass: no more special cards now"),
    "reveal": _("Turn over %(ball)s"),
}
CASTS = {
    "at_the_opponent": _("Play %(card)s"),
    "on_a_ball": _("Play %(card)s %(target)s"),
    "cancelling": _("Cancel %(target)s with %(card)s"),
    "taking_back": _("Take %(target)s back with %(card)s"),
}
THE_OPPONENT = _("The opponent")


class CardWords(CardNarration, Words):
    """The card game as its players say it: a command by the card and ball it names, a
    team by its house, a die by the shuffle or the card it takes at random."""

    languages = LANGUAGES
    catalogue = TEXTS
    actions = {
        "deal": COMMANDS["deal"],
        "pitch": COMMANDS["pitch"],
        "keep_balls": COMMANDS["keep_balls"],
        "play": _("Play a card on a ball"),
        "done": COMMANDS["done"],
        "cast": _("Play a special card"),
        "pass": _("Pass"),
        "reveal": _("Turn over a ball"),
    }
    fields = {"ball": _("Ball"), "card": _("Card"), "target": _("Target"), "player": _("Team")}
    seats = TEAM_NAMES
    purposes = {SHUFFLE: _("the shuffle"), AT_RANDOM: _("a card taken at random")}

    def command(self, command: dict, view: dict, language: str) -> str:
        """A command as its giver says it: "Play Chaser 5 on the Quaffle"."""
        action = command["action"]
        if action == "cast":
            return first_upper(self._cast(command, view, language))
        fields = {}
        if "card" in command:
            fields["card"] = card_name(command["card"], language, view)
        if "ball" in command:
            forms = ball(command["ball"], language, view)
            fields["ball"] = forms.on if action == "play" else forms.the
        return first_upper(self.say(language, COMMANDS[action], **fields))

    def _cast(self, command: dict, view: dict, language: str) -> str:
        card, target = command["card"], command.get("target")
        face, name = c.face_of(card), card_name(card, language, view)
        if target is None:
            return self.say(language, CASTS["at_the_opponent"], card=name)
        if face == c.TAKE_BACK:
            form = "taking_back"
        elif face in (c.ALOHOMORA, c.REFEREE):
            form = "cancelling"
        else:
            return self.say(
                language, CASTS["on_a_ball"], card=name, target=ball(target, language, view).on
            )
        return self.say(language, CASTS[form], card=name, target=card_name(target, language, view))

    def choice(self, action: str, field: str, value, view: dict, language: str) -> str:
        """One value of a command's field as an option: a ball or card by its name, a team by
        its name, no target as "The opponent"."""
        if field == "player":
            return self.seat(value, view, language)
        if value is None:
            return self.say(language, THE_OPPONENT)
        return first_upper(card_name(value, language, view))

    def game_title(self, state: dict) -> str:
        """Slytherin pitches the first round, so it is named first, whatever the decks."""
        return "Slytherin v Gryffindor"
