"""Dice a game waits for: the log's record of it, what each reader sees of it, its words.

A game that takes entered dice does not refuse a command whose dice were not
given: the command waits for them (``games.services``), and the log says so
in a record of its own, chained like any other, whose ``command`` is the one
waiting, whose ``dice`` are those entered for it so far, and whose ``events``
are one event of the platform's:

    {"type": "dice_awaited", "dice": [need, ...]}

each need as :meth:`games.dice.Need.to_json` writes it (``purpose``,
``sides``, ``count``, ``by``, ``shuffle``, ``order``). The first need is what
the command's next roll asks for; those after it are what it rolls next
whatever falls, as far as trying it out tells (:mod:`games.foresight`).

A shuffle's ``order`` (its items before it) is shown to whoever may enter its
new order; where the ruleset keeps a shuffle secret (``secret_roll_purposes``)
nobody else sees it while the game runs. Pure Python, like the narration.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Need
from games.ruleset import Ruleset, State
from games.texts import SOURCE, Catalogue, fill
from games.words import Words

DICE_AWAITED = "dice_awaited"
LANGUAGES = ("en", "de", "fr")
TEXTS = Catalogue(__file__, LANGUAGES)


def awaited_event(needs: list[Need]) -> dict:
    return {"type": DICE_AWAITED, "dice": [need.to_json() for need in needs]}


def awaits(events: list[dict]) -> bool:
    """Whether a record's events say that its command waits for dice (nothing changed)."""
    return len(events) == 1 and events[0].get("type") == DICE_AWAITED


def first_die(events: list[dict]) -> dict:
    """The die a record of dice awaited asks for first: its purpose, sides, seat and, for
    a shuffle, its items (not how many of it: that is foreseen, not certain)."""
    return {key: value for key, value in events[0]["dice"][0].items() if key != "count"}


def need_as_seen(need: dict, rules: Ruleset, *, enters: bool) -> dict:
    """A need as a reader sees it: a secret shuffle's order only if they ``enters`` it."""
    if need["order"] is None or enters or need["purpose"] not in rules.secret_roll_purposes:
        return need
    return {**need, "order": None}


def awaited_as_seen(event: dict, rules: Ruleset, *, enters: bool) -> dict:
    """The ``dice_awaited`` event as a reader sees it, each need through :func:`need_as_seen`."""
    return {**event, "dice": [need_as_seen(need, rules, enters=enters) for need in event["dice"]]}


def narrate(event: dict, words: Words, view: State) -> dict[str, str]:
    """The ``dice_awaited`` event as a line of the transcript, in each of the game's
    languages, with the game's words for each purpose and seat."""
    return {language: line(event["dice"], words, view, language) for language in words.languages}


def line(needs: list[dict], words: Words, view: State, language: str) -> str:
    """The needs in words: "Waiting for dice: Red: 1d6 (the roll-off), then Blue: 1d6 (…)"."""
    said = [_need_text(need, words, view, language) for need in needs]
    listed = said[0]
    for later in said[1:]:
        listed = _text(language, _("%(earlier)s, then %(later)s"), earlier=listed, later=later)
    return _text(language, _("Waiting for dice: %(dice)s."), dice=listed)


def _need_text(need: dict, words: Words, view: State, language: str) -> str:
    purpose = words.purpose(need["purpose"], language)
    if need["shuffle"]:
        dice = _text(
            language,
            _("a new order of %(count)s (%(purpose)s)"),
            count=need["sides"],
            purpose=purpose,
        )
    else:
        rolled = _text(language, _("%(count)sd%(sides)s"), count=need["count"], sides=need["sides"])
        dice = f"{rolled} ({purpose})"
    if need["by"] is None:
        return dice
    seat = words.seat(need["by"], view, language)
    return _text(language, _("%(seat)s: %(dice)s"), seat=seat, dice=dice)


def _text(language: str, message: str, **fields) -> str:
    language = language if language in LANGUAGES else SOURCE
    return fill(TEXTS.text(language, message), fields)
