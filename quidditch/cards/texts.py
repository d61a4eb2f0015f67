"""The card game's vocabulary: its teams, cards, balls and windows as the players say them.

English is the source (the rule text's language); German and French come from
the package's gettext catalogues (``locale/``, ``./dev messages``), read
through :class:`games.texts.Catalogue` so that this module stays pure. The
names are those a table of players would use: the books' positions and balls
(Jäger, Quaffel; Poursuiveur, Souafle), the spells by their books' names, the
jinxes and fouls by a short name made from their card's sentence. The game's
words (:mod:`.words`), its transcript (:mod:`.narration`) and its table
(:mod:`.table`) say them from here: they are apart from the words so that the
narration, which the words inherit, reads them without importing the words back.

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
from .rules.visibility import FACE_DOWN

LANGUAGES = ("en", "de", "fr")
"""The rule text's language first: the game's own."""
TEXTS = Catalogue(__file__, LANGUAGES)

TEAM_NAMES = {c.GRYFFINDOR: _("Gryffindor"), c.SLYTHERIN: _("Slytherin")}


class CardText(NamedTuple):
    name: str
    kind: str
    #: What a special card does, in a sentence (``""`` for a player card).
    does: str = ""


POSITIONS = {
    c.BEATER: CardText(_("Beater %(value)s"), _("Beater")),
    c.CHASER: CardText(_("Chaser %(value)s"), _("Chaser")),
    c.KEEPER: CardText(_("Keeper %(value)s"), _("Keeper")),
    c.SEEKER: CardText(_("Seeker %(value)s"), _("Seeker")),
}
SPELL, JINX, FOUL = _("Spell"), _("Jinx"), _("Foul")
SPECIALS = {
    c.LEG_LOCKER: CardText(
        _("Leg-Locker"),
        SPELL,
        _("An opponent's Beater, Chaser or Seeker loses a point; a Keeper becomes useless."),
    ),
    c.FULL_BODY_BIND: CardText(
        _("Full Body-Bind"),
        SPELL,
        _("Two cards at random from the opponent's hand to their discard pile."),
    ),
    c.ALOHOMORA: CardText(_("Alohomora"), SPELL, _("Cancels a spell or jinx played against you.")),
    c.WINGARDIUM_LEVIOSA: CardText(
        _("Wingardium Leviosa"),
        SPELL,
        _(
            "The opponent may not play on the ball you choose; their card there goes back to "
            "their hand."
        ),
    ),
    c.REDUCE_BY_TWO: CardText(
        _("Minus Two"), JINX, _("The opponent's card on a ball loses two points.")
    ),
    c.TAKE_ONE_CARD: CardText(
        _("Snatch"), JINX, _("A card at random from the opponent's hand to their discard pile.")
    ),
    c.NO_PLAY_ON_BALL: CardText(
        _("Barred Ball"),
        JINX,
        _("The opponent's card on a ball is discarded, and they play no further card there."),
    ),
    c.TAKE_BACK: CardText(
        _("Take Back"), JINX, _("Any card of your discard pile back into your hand.")
    ),
    c.REMOVE_KEEPER: CardText(
        _("Remove Keeper"),
        FOUL,
        _("After the reveal: the opponent's Keeper leaves the Quaffle, any card of yours scores."),
    ),
    c.FREE_GOAL: CardText(
        _("Free Goal"), FOUL, _("After the reveal: you win the Quaffle, whatever the cards.")
    ),
    c.REFEREE: CardText(_("Referee"), _("Referee"), _("Cancels a foul.")),
}
GOAL_CARD = _("Goal Card")


class BallText(NamedTuple):
    name: str
    the: str
    on: str


BALLS = {
    "quaffle": BallText(_("Quaffle"), _("the Quaffle"), _("on the Quaffle")),
    "bludger": BallText(_("Bludger"), _("the Bludger"), _("on the Bludger")),
    "first bludger": BallText(
        _("First Bludger"), _("the first Bludger"), _("on the first Bludger")
    ),
    "second bludger": BallText(
        _("Second Bludger"), _("the second Bludger"), _("on the second Bludger")
    ),
    "snitch": BallText(_("Golden Snitch"), _("the Golden Snitch"), _("on the Golden Snitch")),
}

ON_A_CARD = _("on %(card)s")
ON_THE_OPPONENT = _("on the opponent")
A_CARD_FACE_DOWN = _("a card face down")

WINDOWS = {
    "before_plays": _("before the plays"),
    "after_plays": _("after the plays"),
    "after_reveal": _("after the reveal"),
}
"""When special cards may be played (:mod:`.rules.windows`)."""


def first_upper(line: str) -> str:
    return line[:1].upper() + line[1:]


def card_text(card: str) -> CardText:
    """A team card's name, kind and deed, in English (the catalogue's keys)."""
    face = c.face_of(card)
    if face in SPECIALS:
        return SPECIALS[face]
    return POSITIONS[c.position(card)]


def card_name(card: str, language: str, view: dict | None = None) -> str:
    """``G-chaser7-1``: "Chaser 7"; a ball: its name; a hidden card: "a card face down"."""
    if card == FACE_DOWN:
        return TEXTS.say(language, A_CARD_FACE_DOWN)
    face = c.face_of(card)
    if face == c.GOAL:
        return TEXTS.say(language, GOAL_CARD)
    if face in c.BALLS:
        return ball(card, language, view).name
    if face in c.SPECIALS:
        return TEXTS.say(language, SPECIALS[face].name)
    return TEXTS.say(language, POSITIONS[c.position(card)].name, value=c.value(card))


def ball(card: str, language: str, view: dict | None = None) -> BallText:
    """A ball's three forms; with the reader's view, two Bludgers in play are the first
    and the second, by their place on the pitch."""
    face = c.face_of(card)
    key = face
    if face == c.BLUDGER and view is not None:
        bludgers = [b for b in view["pitch"]["in_play"] if c.face_of(b) == c.BLUDGER]
        if len(bludgers) == 2 and card in bludgers:
            key = ("first bludger", "second bludger")[bludgers.index(card)]
    return BallText(*(TEXTS.say(language, form) for form in BALLS[key]))


def target_phrase(target: str | None, language: str, view: dict | None = None) -> str:
    """What a special card aims at, after its verb: "on the Quaffle", "on Minus Two",
    "on the opponent"."""
    if target is None:
        return TEXTS.say(language, ON_THE_OPPONENT)
    if target != FACE_DOWN and c.face_of(target) in c.BALLS:
        return ball(target, language, view).on
    return TEXTS.say(language, ON_A_CARD, card=card_name(target, language, view))
