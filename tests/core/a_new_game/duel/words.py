"""The duel in words, in English, German and French (the package's ``locale/``)."""

from core.errors import gettext_noop as _
from games.texts import Catalogue
from games.words import Words

from .rules.ruleset import SEEK

LANGUAGES = ("en", "de", "fr")
TEXTS = Catalogue(__file__, LANGUAGES)


class DuelWords(Words):
    languages = LANGUAGES
    catalogue = TEXTS
    actions = {"roll": _("Roll the die")}
    seats = {"gryffindor": _("Gryffindor"), "slytherin": _("Slytherin")}
    purposes = {SEEK: _("the seeker's die")}

    def narrate(self, event: dict) -> dict[str, str]:
        line = _("%(seeker)s rolls %(face)s: %(total)s of twenty.")
        if event["type"] == "caught":
            line = _("%(seeker)s catches the snitch!")
        return {
            language: self.say(
                language, line, **event, seeker=self.seat(event["player"], {}, language)
            )
            for language in LANGUAGES
        }

    def game_title(self, state: dict) -> str:
        return "Gryffindor v Slytherin"

    def ending(self, result: dict, language: str) -> str:
        seeker = self.seat(result["winner"], {}, language)
        return self.say(language, _("%(seeker)s catches the snitch and wins."), seeker=seeker)
