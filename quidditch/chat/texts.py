"""The words Chat-Quidditch's words and its transcript both say, in German, English and French.

The game's words (:mod:`.words`) import the transcript (:mod:`.narration`),
whose class they inherit, so what both say lives here, below both: the
languages, the package's catalogue (``locale/``, read through
:class:`games.texts.Catalogue`), and a substitution's reasons, times and moves
(§8.6), which a command, the sheet and a transcript line all name.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

from .rules.vocabulary import nick_in

#: The rule text's language first (German), then English and French.
LANGUAGES = ("de", "en", "fr")
TEXTS = Catalogue(__file__, LANGUAGES)


# --- substitutions (§8.6) ------------------------------------------------------------------

REASONS = {
    "absent": _("a player is gone from the table"),
    "leaving": _("a player has to leave"),
    "tactics": _("tactics"),
    "other": _("another reason"),
}
WHEN = {
    "now": _("now"),
    "pause": _("at the next pause"),
    "half_time": _("at half-time"),
}
MOVES = {
    "leaves": _("%(who)s leaves the game"),
    "takes": _("%(who)s takes %(to)s"),
    "comes_in": _("%(name)s comes in as %(to)s"),
}


def moves_text(moves: list[dict], language: str) -> str:
    """Who changes, as the log tells it (``{"name", "from", "to"}`` each): "GJäger2 (Alicia
    Spinnet) leaves the game, GHüter (Oliver Wood) takes GJäger2"."""
    said = []
    for move in moves:
        name = move["name"]
        source, to = (nick_in(n, language) if n else n for n in (move["from"], move["to"]))
        who = f"{source} ({name})" if name and source else source or name
        key = "comes_in" if source is None else "leaves" if to is None else "takes"
        said.append(TEXTS.say(language, MOVES[key], who=who, name=name, to=to))
    return ", ".join(said)
