"""The card game in words: teams, cards, balls and commands as the players say them.

English is the source (the rule text's language); German and French come from
the package's gettext catalogues (``locale/``, ``./dev messages``), read
through :class:`games.texts.Catalogue` so that this module stays pure. The
names are those a table of players would use: the books' positions and balls
(Jäger, Quaffel; Poursuiveur, Souafle), the spells by their books' names, the
jinxes and fouls by a short name made from their card's sentence.

A ball is said in three ways, so that each language's grammar has the form
it needs: its name (``Quaffle``, an option of a form), the ball as the
object of a verb (``the Quaffle``; German accusative, ``den Quaffel``), and
"on" the ball (``on the Quaffle``, ``auf den Quaffel``). Where two Bludgers
are in play, the reader's view tells them apart by their place on the pitch,
first and second.
"""

from __future__ import annotations

from typing import NamedTuple

from core.errors import gettext_noop as _
from games.texts import Catalogue

from .rules import cards as c
from .rules.decks import AT_RANDOM, SHUFFLE
from .rules.visibility import FACE_DOWN

LANGUAGES = ("en", "de", "fr")
"""The rule text's language first: the game's own."""
TEXTS = Catalogue(__file__, LANGUAGES)

TEAM_NAMES = {c.GRYFFINDOR: _("Gryffindor"), c.SLYTHERIN: _("Slytherin")}


class CardWords(NamedTuple):
    name: str
    kind: str
    #: What a special card does, in a sentence (``""`` for a player card).
    does: str = ""


POSITIONS = {
    c.BEATER: CardWords(_("Beater {value}"), _("Beater")),
    c.CHASER: CardWords(_("Chaser {value}"), _("Chaser")),
    c.KEEPER: CardWords(_("Keeper {value}"), _("Keeper")),
    c.SEEKER: CardWords(_("Seeker {value}"), _("Seeker")),
}
SPELL, JINX, FOUL = _("Spell"), _("Jinx"), _("Foul")
SPECIALS = {
    c.LEG_LOCKER: CardWords(
        _("Leg-Locker"),
        SPELL,
        _("An opponent's Beater, Chaser or Seeker loses a point; a Keeper becomes useless."),
    ),
    c.FULL_BODY_BIND: CardWords(
        _("Full Body-Bind"),
        SPELL,
        _("Two cards at random from the opponent's hand to their discard pile."),
    ),
    c.ALOHOMORA: CardWords(_("Alohomora"), SPELL, _("Cancels a spell or jinx played against you.")),
    c.WINGARDIUM_LEVIOSA: CardWords(
        _("Wingardium Leviosa"),
        SPELL,
        _(
            "The opponent may not play on the ball you choose; their card there goes back to "
            "their hand."
        ),
    ),
    c.REDUCE_BY_TWO: CardWords(
        _("Minus Two"), JINX, _("The opponent's card on a ball loses two points.")
    ),
    c.TAKE_ONE_CARD: CardWords(
        _("Snatch"), JINX, _("A card at random from the opponent's hand to their discard pile.")
    ),
    c.NO_PLAY_ON_BALL: CardWords(
        _("Barred Ball"),
        JINX,
        _("The opponent's card on a ball is discarded, and they play no further card there."),
    ),
    c.TAKE_BACK: CardWords(
        _("Take Back"), JINX, _("Any card of your discard pile back into your hand.")
    ),
    c.REMOVE_KEEPER: CardWords(
        _("Remove Keeper"),
        FOUL,
        _("After the reveal: the opponent's Keeper leaves the Quaffle, any card of yours scores."),
    ),
    c.FREE_GOAL: CardWords(
        _("Free Goal"), FOUL, _("After the reveal: you win the Quaffle, whatever the cards.")
    ),
    c.REFEREE: CardWords(_("Referee"), _("Referee"), _("Cancels a foul.")),
}
GOAL_CARD = _("Goal Card")


class BallWords(NamedTuple):
    name: str
    the: str
    on: str


BALLS = {
    "quaffle": BallWords(_("Quaffle"), _("the Quaffle"), _("on the Quaffle")),
    "bludger": BallWords(_("Bludger"), _("the Bludger"), _("on the Bludger")),
    "first bludger": BallWords(
        _("First Bludger"), _("the first Bludger"), _("on the first Bludger")
    ),
    "second bludger": BallWords(
        _("Second Bludger"), _("the second Bludger"), _("on the second Bludger")
    ),
    "snitch": BallWords(_("Golden Snitch"), _("the Golden Snitch"), _("on the Golden Snitch")),
}

ON_A_CARD = _("on {card}")
ON_THE_OPPONENT = _("on the opponent")
THE_OPPONENT = _("The opponent")
A_CARD_FACE_DOWN = _("a card face down")

COMMANDS = {
    "deal": _("Deal the cards"),
    "pitch": _("Pitch a new ball"),
    "keep_balls": _("Play on the balls in play"),
    "play": _("Play {card} {ball}"),
    "done": _("Play on no more balls"),
    "pass": _("Pass: no more special cards now"),
    "reveal": _("Turn over {ball}"),
}
CASTS = {
    "at_the_opponent": _("Play {card}"),
    "on_a_ball": _("Play {card} {target}"),
    "cancelling": _("Cancel {target} with {card}"),
    "taking_back": _("Take {target} back with {card}"),
}
ACTIONS = {
    "deal": COMMANDS["deal"],
    "pitch": COMMANDS["pitch"],
    "keep_balls": COMMANDS["keep_balls"],
    "play": _("Play a card on a ball"),
    "done": COMMANDS["done"],
    "cast": _("Play a special card"),
    "pass": _("Pass"),
    "reveal": _("Turn over a ball"),
}
FIELDS = {"ball": _("Ball"), "card": _("Card"), "target": _("Target"), "player": _("Team")}
WINDOWS = {
    "before_plays": _("before the plays"),
    "after_plays": _("after the plays"),
    "after_reveal": _("after the reveal"),
}
"""When special cards may be played (:mod:`.rules.windows`)."""
PURPOSES = {SHUFFLE: _("the shuffle"), AT_RANDOM: _("a card taken at random")}


def text(language: str, message: str, **fields) -> str:
    """A message in ``language``, its ``{fields}`` filled in."""
    return TEXTS.text(language, message).format(**fields)


def first_upper(line: str) -> str:
    return line[:1].upper() + line[1:]


def team_name(team: str, language: str) -> str:
    return text(language, TEAM_NAMES[team])


def card_words(card: str) -> CardWords:
    """A team card's name, kind and deed, in English (the catalogue's keys)."""
    face = c.face_of(card)
    if face in SPECIALS:
        return SPECIALS[face]
    return POSITIONS[c.position(card)]


def card_name(card: str, language: str, view: dict | None = None) -> str:
    """``G-chaser7-1``: "Chaser 7"; a ball: its name; a hidden card: "a card face down"."""
    if card == FACE_DOWN:
        return text(language, A_CARD_FACE_DOWN)
    face = c.face_of(card)
    if face == c.GOAL:
        return text(language, GOAL_CARD)
    if face in c.BALLS:
        return ball(card, language, view).name
    if face in c.SPECIALS:
        return text(language, SPECIALS[face].name)
    return text(language, POSITIONS[c.position(card)].name, value=c.value(card))


def ball(card: str, language: str, view: dict | None = None) -> BallWords:
    """A ball's three forms; with the reader's view, two Bludgers in play are the first
    and the second, by their place on the pitch."""
    face = c.face_of(card)
    key = face
    if face == c.BLUDGER and view is not None:
        bludgers = [b for b in view["pitch"]["in_play"] if c.face_of(b) == c.BLUDGER]
        if len(bludgers) == 2 and card in bludgers:
            key = ("first bludger", "second bludger")[bludgers.index(card)]
    return BallWords(*(text(language, form) for form in BALLS[key]))


def target_phrase(target: str | None, language: str, view: dict | None = None) -> str:
    """What a special card aims at, after its verb: "on the Quaffle", "on Minus Two",
    "on the opponent"."""
    if target is None:
        return text(language, ON_THE_OPPONENT)
    if target != FACE_DOWN and c.face_of(target) in c.BALLS:
        return ball(target, language, view).on
    return text(language, ON_A_CARD, card=card_name(target, language, view))


def command_text(command: dict, view: dict, language: str) -> str:
    """A command as its giver says it: "Play Chaser 5 on the Quaffle"."""
    action = command["action"]
    if action == "cast":
        return first_upper(_cast_text(command, view, language))
    fields = {}
    if "card" in command:
        fields["card"] = card_name(command["card"], language, view)
    if "ball" in command:
        words = ball(command["ball"], language, view)
        fields["ball"] = words.on if action == "play" else words.the
    return first_upper(text(language, COMMANDS[action], **fields))


def _cast_text(command: dict, view: dict, language: str) -> str:
    card, target = command["card"], command.get("target")
    face, name = c.face_of(card), card_name(card, language, view)
    if target is None:
        return text(language, CASTS["at_the_opponent"], card=name)
    if face == c.TAKE_BACK:
        form = "taking_back"
    elif face in (c.ALOHOMORA, c.REFEREE):
        form = "cancelling"
    else:
        return text(language, CASTS["on_a_ball"], card=name, target=ball(target, language, view).on)
    return text(language, CASTS[form], card=name, target=card_name(target, language, view))


def action_text(action: str, language: str) -> str:
    return text(language, ACTIONS[action])


def field_text(field: str, language: str) -> str:
    return text(language, FIELDS[field])


def choice_text(field: str, value, view: dict, language: str) -> str:
    """One value of a command's field as an option: a ball or card by its name, a team by
    its name, no target as "The opponent"."""
    if field == "player":
        return team_name(value, language)
    if value is None:
        return text(language, THE_OPPONENT)
    return first_upper(card_name(value, language, view))


def purpose_text(purpose: str, language: str) -> str:
    return text(language, PURPOSES[purpose])
