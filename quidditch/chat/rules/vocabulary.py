"""The chat's words in three languages: the rules' German, English and French (§3.5, §4.1.1).

The rules text is German: a player types ``Pass GJäger2`` and the referee
``Chatende``. An English or French player reads the game in their language
and types in it too (issue 39): ``Pass GChaser2``, ``Passe GPoursuiveur2``.
Every language's words are accepted in every game, whatever the reader's
language, so a line typed from the rules always works and a team may mix.

A nick is a position (§4.1.1): the house initial, the position's word, a
number for chasers and beaters. The state keeps the German nicks (the rules'
names, and old logs replay); ``GKeeper`` and ``GGardien`` are the same
player as ``GHüter``, spelled in another language. The words of the positions
are the books': keeper, seeker, chaser, beater; gardien, attrapeur,
poursuiveur, batteur. The thirds' letters are names (§4.2); only the low third
before the goal choice has a letter of its own per language (T for tief, L
for low, B for bas; H is high in all three).

The words are one per command where the German has one, each language's own,
and no word means one thing in one language and another in the next
(``tests/quidditch/chat/rules/test_vocabulary.py``). ``docs/rules/chat-quidditch.md``
lists them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from core.errors import Localized
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER


@dataclass(frozen=True)
class Vocabulary:
    """One language's chat words."""

    #: A position's word in a nick: ``Hüter`` in ``GHüter``.
    roles: dict[str, str]
    #: Words said with a nick (``Pass GJäger2``), and the action each gives.
    naming: dict[str, str]
    #: Words said alone (``Torwurf``).
    bare: dict[str, str]
    #: The word of a flight, ``Fliegen M-G``.
    fly: str
    #: The low third's letter before the goal choice (§4.2).
    low: str
    #: The referee's words, as written (their case and accents do not count, §3.5).
    referee: dict[str, dict]


GERMAN = Vocabulary(
    roles={KEEPER: "Hüter", SEEKER: "Sucher", CHASER: "Jäger", BEATER: "Treiber"},
    naming={
        "Angriff": "attack",
        "Foul": "foul",
        "Pass": "pass",
        "Klatscherwurf": "bludger_throw",
        "Klatscherabwurf": "bludger_rethrow",
    },
    bare={
        "Angriff": "attack",
        "Angenommen": "catch",
        "Abfangen": "intercept",
        "Torwurf": "shot",
        "Halten": "save",
        "Abblocken": "block",
        "Klatscherabfang": "bludger_catch",
        "Finden": "find",
        "Fangen": "snitch_catch",
        # Not in the rules' text: the whispered keeping of a bludger (§5.4.2), the
        # timeout (§3.4) and the vote to end the game (§7).
        "Aufheben": "keep_bludger",
        "Aus": "timeout",
        "Spielende": "end_game",
    },
    fly="Fliegen",
    low="T",
    referee={
        "Chat": {"action": "chat"},
        "Chatende": {"action": "chat_end"},
        "Klatscher freigegeben": {"action": "release", "ball": "bludgers"},
        "Quaffel freigegeben": {"action": "release", "ball": "quaffle"},
        "Schnatz freigegeben": {"action": "release", "ball": "snitch"},
        "Teilrunde beendet": {"action": "end_subround"},
        "Quaffelwurf": {"action": "quaffle_roll"},
        "Aus": {"action": "timeout"},
        "Spielende": {"action": "end_game"},
    },
)

ENGLISH = Vocabulary(
    roles={KEEPER: "Keeper", SEEKER: "Seeker", CHASER: "Chaser", BEATER: "Beater"},
    naming={
        "Attack": "attack",
        "Foul": "foul",
        "Pass": "pass",
        "Bludger": "bludger_throw",
        "Hurl": "bludger_rethrow",
    },
    bare={
        "Attack": "attack",
        "Receive": "catch",
        "Intercept": "intercept",
        "Shoot": "shot",
        "Save": "save",
        "Block": "block",
        "Trap": "bludger_catch",
        "Find": "find",
        "Catch": "snitch_catch",
        "Keep": "keep_bludger",
        "Time": "timeout",
        "End game": "end_game",
    },
    fly="Fly",
    low="L",
    referee={
        "Chat": {"action": "chat"},
        "Chat over": {"action": "chat_end"},
        "Bludgers released": {"action": "release", "ball": "bludgers"},
        "Quaffle released": {"action": "release", "ball": "quaffle"},
        "Snitch released": {"action": "release", "ball": "snitch"},
        "Sub-round over": {"action": "end_subround"},
        "Quaffle roll": {"action": "quaffle_roll"},
        "Time": {"action": "timeout"},
        "End game": {"action": "end_game"},
    },
)

FRENCH = Vocabulary(
    roles={KEEPER: "Gardien", SEEKER: "Attrapeur", CHASER: "Poursuiveur", BEATER: "Batteur"},
    naming={
        "Attaque": "attack",
        "Faute": "foul",
        "Passe": "pass",
        "Cognard": "bludger_throw",
        "Relance": "bludger_rethrow",
    },
    bare={
        "Attaque": "attack",
        "Réception": "catch",
        "Interception": "intercept",
        "Tir": "shot",
        "Arrêt": "save",
        "Blocage": "block",
        "Capture": "bludger_catch",
        "Chercher": "find",
        "Attraper": "snitch_catch",
        "Garder": "keep_bludger",
        "Temps": "timeout",
        "Fin du match": "end_game",
    },
    fly="Voler",
    low="B",
    referee={
        "Discussion": {"action": "chat"},
        "Fin de la discussion": {"action": "chat_end"},
        "Cognards lâchés": {"action": "release", "ball": "bludgers"},
        "Souafle lâché": {"action": "release", "ball": "quaffle"},
        "Vif d'or lâché": {"action": "release", "ball": "snitch"},
        "Fin de la phase": {"action": "end_subround"},
        "Lancer du Souafle": {"action": "quaffle_roll"},
        "Temps": {"action": "timeout"},
        "Fin du match": {"action": "end_game"},
    },
)

CHAT = {"de": GERMAN, "en": ENGLISH, "fr": FRENCH}
"""Each language's words, the rules' German first."""

HIGH = "H"
"""The high third's letter before the goal choice: hoch, high, haut (§4.2)."""


def plain(text: str) -> str:
    """The spelling a keyboard without the letter allows: ``ae`` and ``ue`` for ``ä``
    and ``ü`` (§3.5), and a French letter without its accent (``Reception``)."""
    text = text.replace("ä", "ae").replace("ü", "ue").replace("Ä", "Ae").replace("Ü", "Ue")
    letters = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in letters if not unicodedata.combining(c)))


def nick_in(nick: str, language: str) -> str:
    """The nick as ``language`` spells it: ``GJäger1`` is ``GChaser1`` in English and
    ``GPoursuiveur1`` in French. Anything that is not a nick stays as it is."""
    initial, rest = nick[:1], nick[1:]
    for role, word in GERMAN.roles.items():
        number = rest.removeprefix(word)
        if number != rest and (number == "" or number.isdigit()):
            return f"{initial}{CHAT[language].roles[role]}{number}"
    return nick


def spellings(nick: str) -> dict[str, str]:
    """The nick in each language, by language."""
    return {language: nick_in(nick, language) for language in CHAT}


def named(*nicks: str) -> Localized:
    """Nicks as a refusal names them (``GHüter, SHüter``): spelled in the reader's language
    where the refusal is answered, since the rules do not know it (issue 39)."""
    return Localized(
        {language: ", ".join(nick_in(nick, language) for nick in nicks) for language in CHAT},
        ", ".join(nick_in(nick, "en") for nick in nicks),
    )
