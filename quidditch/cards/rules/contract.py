"""The card game's shapes for plugin authors (OpenAPI 3.0 flavour): config, commands,
the state as ``view`` gives it, the events, the result.

A card is named by its id (``G-chaser7-2``: team ``G``/``S`` or ``P`` for the
pitch deck, face, copy; :mod:`.cards`), a ball by its pitch card's id
(``P-bludger-3``), a team by ``slytherin`` or ``gryffindor``. While the match
runs, a card the reader may not see reads ``"face down"``, a deck is a count
and the other team's hand is only its ``hand_size``; once it is over the
state is shown whole (every deck a list, every hand).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.contracts import Contract, command, event, listed, nullable, shape, titled

from .cards import BALLS, MOST_CARDS, PITCH_FACES, TEAM_FACES, TEAMS
from .visibility import FACE_DOWN
from .windows import WINDOWS

TEAM = {"type": "string", "enum": list(TEAMS), "description": "A team: its player's seat."}
CARD = {
    "type": "string",
    "pattern": r"^[GSP]-[a-z_]+[0-9]*-[0-9]+$",
    "description": "A card's id: deck (G, S, P for the pitch deck), face, copy.",
}
SEEN_CARD = {
    "type": "string",
    "pattern": rf"^([GSP]-[a-z_]+[0-9]*-[0-9]+|{FACE_DOWN})$",
    "description": f'A card\'s id, or "{FACE_DOWN}" where the reader may not see it.',
}
BALL = {
    "type": "string",
    "pattern": rf"^P-({'|'.join(BALLS)})-[0-9]+$",
    "description": "A ball in play, named by its pitch card's id.",
}
CARDS = listed(CARD)
TARGET = nullable(
    {"type": "string"},
    "What a special card aims at: a ball, a card (on the table or in the "
    "player's discard pile), or null for the opponent themselves.",
)
COUNT = {"type": "integer", "minimum": 0}
#: An entry of a deck's layout.
COPIES_OF_A_CARD = _("Copies of one card, in their place in the deck.")


def _per_team(value: dict, description: str) -> dict:
    return shape(dict.fromkeys(TEAMS, value), description=description)


def _layout(faces: tuple[str, ...], description: str) -> dict:
    """A deck as a list of card and copies, as the state keeps it."""
    entry = shape(
        {"card": {"type": "string", "enum": list(faces)}, "copies": COUNT},
        description=COPIES_OF_A_CARD,
    )
    return listed(entry, description)


#: Each card in words, as the table names it (``quidditch.cards.words``), for the New game
#: page: the player cards by position and value, the special and pitch cards by name.
CARD_TITLES = {
    "beater1": _("Beater 1"),
    "beater2": _("Beater 2"),
    "beater3": _("Beater 3"),
    "chaser4": _("Chaser 4"),
    "chaser5": _("Chaser 5"),
    "chaser6": _("Chaser 6"),
    "chaser7": _("Chaser 7"),
    "chaser8": _("Chaser 8"),
    "chaser9": _("Chaser 9"),
    "chaser10": _("Chaser 10"),
    "keeper6": _("Keeper 6"),
    "keeper7": _("Keeper 7"),
    "keeper8": _("Keeper 8"),
    "keeper9": _("Keeper 9"),
    "keeper10": _("Keeper 10"),
    "seeker11": _("Seeker 11"),
    "seeker12": _("Seeker 12"),
    "leg_locker": _("Leg-Locker"),
    "full_body_bind": _("Full Body-Bind"),
    "alohomora": _("Alohomora"),
    "wingardium_leviosa": _("Wingardium Leviosa"),
    "reduce_by_two": _("Minus Two"),
    "take_one_card": _("Snatch"),
    "no_play_on_ball": _("Barred Ball"),
    "take_back": _("Take Back"),
    "remove_keeper": _("Remove Keeper"),
    "free_goal": _("Free Goal"),
    "referee": _("Referee"),
    "quaffle": _("Quaffle"),
    "bludger": _("Bludger"),
    "snitch": _("Golden Snitch"),
    "goal": _("Goal Card"),
}


def _titled_layout(faces: tuple[str, ...], description: str, most: int) -> dict:
    """A deck of the config as a list of card and copies, its entries labelled for the New
    game page, each card in words (the state keeps the untitled ``_layout``); ``most``: the
    config's bound on its cards, which bounds its entries and each one's copies too
    (docs/rules/card-game.md, "Bounds")."""
    card = {
        "type": "string",
        "enum": list(faces),
        "x-choice-titles": {face: CARD_TITLES[face] for face in faces},
    }
    entry = shape(
        {
            "card": titled(card, _("Card")),
            "copies": titled({**COUNT, "maximum": most}, _("Copies")),
        },
        description=COPIES_OF_A_CARD,
    )
    return listed(entry, description, maxItems=most)


def _deck_setting(
    faces: tuple[str, ...], title: str, description: str, layout: str, most: int
) -> dict:
    """A deck of the config: a mapping of card names to copies, or a layout. ``most`` is
    the most cards it may hold in all (``x-most-cards``: JSON Schema cannot bound a sum),
    and so the most copies of one card and the most entries of a layout."""
    return {
        "title": title,
        "description": description,
        "x-most-cards": most,
        "oneOf": [
            {
                "type": "object",
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": most},
                "maxProperties": len(faces),
                "description": f"Card name ({', '.join(faces)}) -> copies.",
            },
            _titled_layout(faces, layout, most),
        ],
    }


#: The card names' descriptions ``_deck_setting`` writes out from the decks' faces, marked
#: for the catalogues as they read (tests/pages/test_new_game_words.py finds a description
#: that no longer reads so: it is not translated).
CARD_NAMES = (
    _("Card name (quaffle, bludger, snitch, goal) -> copies."),
    _(
        "Card name (beater1, beater2, beater3, chaser4, chaser5, chaser6, chaser7, chaser8, "
        "chaser9, chaser10, keeper6, keeper7, keeper8, keeper9, keeper10, seeker11, seeker12, "
        "leg_locker, full_body_bind, alohomora, wingardium_leviosa, reduce_by_two, "
        "take_one_card, no_play_on_ball, take_back, remove_keeper, free_goal, referee) "
        "-> copies."
    ),
)

CONFIG = shape(
    {
        "team_deck": _deck_setting(
            TEAM_FACES,
            _("Team deck"),
            _(
                "The team deck (both teams use it): card name -> copies (the deck lies in "
                "this order), or a list of card and copies (a card may come in several "
                "places). Kept as given."
            ),
            layout=_(
                "The team deck (both teams use it) as it lies before the deal's shuffle, top first."
            ),
            most=MOST_CARDS["team_deck"],
        ),
        "pitch_deck": _deck_setting(
            PITCH_FACES,
            _("Pitch deck"),
            _(
                "The pitch deck, with exactly one snitch: card name -> copies (the deck lies "
                "in this order), or a list of card and copies (a card may come in several "
                "places). Kept as given."
            ),
            layout=_(
                "The pitch deck, with exactly one snitch as it lies before the deal's "
                "shuffle, top first."
            ),
            most=MOST_CARDS["pitch_deck"],
        ),
    },
    optional=("team_deck", "pitch_deck"),
    description=_("The decks; without them, the default decks of docs/rules/card-game.md."),
)

#: Every command but the deal names the team giving it.
GIVER = {**TEAM, "description": "The team giving the command."}
COMMANDS = {
    "deal": command("deal", "Shuffle the three decks and deal seven cards each (SET UP)."),
    "pitch": command("pitch", "The pitcher turns over a new ball (LET'S PLAY 1).", player=GIVER),
    "keep_balls": command(
        "keep_balls", "The pitcher plays on the balls in play (Pitch Again).", player=GIVER
    ),
    "play": command(
        "play",
        "A card from the hand face down on a ball (LET'S PLAY 3-4).",
        player=GIVER,
        ball=BALL,
        card={
            **SEEN_CARD,
            "description": 'The card, from the player\'s hand ("face down" in the log as the '
            "other player sees it while the match runs).",
        },
    ),
    "done": command("done", "The pitcher plays on no more balls this round.", player=GIVER),
    "cast": command(
        "cast",
        "A special card from the hand, face up, in a window (SPECIAL CARDS).",
        player=GIVER,
        card={**CARD, "description": "The special card, from the player's hand."},
        target=TARGET,
    ),
    "pass": command("pass", "Nothing more to play in this window.", player=GIVER),
    "reveal": command(
        "reveal", "The pitcher's next ball to turn over (Pitch Again).", player=GIVER, ball=BALL
    ),
}

PLAYED = shape(
    {
        "card": SEEN_CARD,
        "face_up": {"type": "boolean"},
        "effects": listed(
            {"type": "string", "enum": ["leg_locker", "reduce_by_two"]},
            "Spells and jinxes on the card, counted when the ball is decided.",
        ),
    },
    description="A card laid on a ball.",
)
ON_THE_TABLE = shape(
    {"player": TEAM, "card": CARD, "target": TARGET},
    description="A special card played face up in the open window.",
)
#: A deck as the reader may see it.
DECK = {
    "oneOf": [
        {**COUNT, "description": "While the match runs: how many cards."},
        {**CARDS, "description": "Once it is over: the cards, top first."},
    ]
}
TEAM_PILES = shape(
    {
        "deck": DECK,
        "hand": {**CARDS, "description": "The reader's own hand (every hand once it is over)."},
        "hand_size": {**COUNT, "description": "How many cards the hand holds."},
        "discard": {**CARDS, "description": "The discard pile, face up, oldest first."},
        "scoring": {**CARDS, "description": "The Quaffles, Goal Cards and Snitch won."},
        "hits": {**COUNT, "description": "Bludgers that hit the team this round."},
    },
    optional=("hand", "hand_size"),
)

STATE = shape(
    {
        "settings": shape(
            {
                "team_deck": _layout(
                    TEAM_FACES, "The team deck as it lies before the deal's shuffle, top first."
                ),
                "pitch_deck": _layout(
                    PITCH_FACES, "The pitch deck as it lies before the deal's shuffle, top first."
                ),
            },
            description="The decks this match is played with.",
        ),
        "phase": {
            "type": "string",
            "enum": [
                "deal",
                "pitch",
                "window",
                "pitcher_plays",
                "opponent_plays",
                "reveal",
                "over",
            ],
            "description": "Where the round stands.",
        },
        "round": COUNT,
        "pitcher": nullable(TEAM, "Who opened this round."),
        "must_pitch": {"type": "boolean", "description": "The next round opens with a pitch."},
        "teams": _per_team(TEAM_PILES, "Each team's piles, as the reader may see them."),
        "pitch": shape(
            {
                "deck": DECK,
                "discard": {**CARDS, "description": "Won Bludgers and third Bludgers."},
                "in_play": listed(BALL, "The balls in play."),
            }
        ),
        "plays": {
            "type": "object",
            "additionalProperties": {"type": "object", "additionalProperties": PLAYED},
            "description": "Ball -> team -> the card laid there this round.",
        },
        "contested": listed(BALL, "The balls the pitcher played on this round, in that order."),
        "barred": _per_team(listed(BALL), "The balls each team may play no card on this round."),
        "awarded": {
            "type": "object",
            "additionalProperties": TEAM,
            "description": "Ball -> the team a Free Goal gave it to.",
        },
        "current": nullable(BALL, "The ball just turned over."),
        "window": shape(
            {
                "name": {"type": "string", "enum": list(WINDOWS)},
                "played": listed(ON_THE_TABLE),
                "passed": listed(TEAM),
            },
            nullable=True,
            description="The window open for special cards, if any.",
        ),
        "winner": nullable(TEAM, "Once over; null for a draw."),
        "over": {"type": "boolean"},
    },
    description="A match of the card game as the reader may see it.",
)


TOTALS = _per_team(COUNT, "Each team's points.")

EVENTS = {
    "shuffled": event(
        "shuffled",
        "A deck is shuffled (never its order).",
        deck={"type": "string", "enum": [*TEAMS, "pitch"]},
        cards=COUNT,
    ),
    "drew": event(
        "drew",
        "A team draws; ``cards`` for its own player only.",
        optional=("cards",),
        player=TEAM,
        count=COUNT,
        cards=CARDS,
    ),
    "round_started": event("round_started", "A round begins.", round=COUNT, pitcher=TEAM),
    "goal_scored": event("goal_scored", "A Goal Card is pitched.", player=TEAM, card=CARD),
    "third_bludger": event(
        "third_bludger", "A third Bludger is discarded.", player=TEAM, card=CARD
    ),
    "pitched": event("pitched", "A ball comes into play.", player=TEAM, card=BALL),
    "no_ball_to_pitch": event("no_ball_to_pitch", "No new ball can come.", player=TEAM),
    "kept_balls": event("kept_balls", "The pitcher plays on the balls in play.", player=TEAM),
    "window_opened": event(
        "window_opened",
        "Special cards may be played.",
        window={"type": "string", "enum": list(WINDOWS)},
    ),
    "cast": event("cast", "A special card played face up.", player=TEAM, card=CARD, target=TARGET),
    "passed": event("passed", "A player passes in the window.", player=TEAM),
    "played": event(
        "played", "A card laid face down on a ball.", player=TEAM, ball=BALL, card=SEEN_CARD
    ),
    "not_playing": event("not_playing", "The pitcher plays on no ball.", player=TEAM),
    "took_effect": event(
        "took_effect",
        "A special card takes effect; ``on`` the team it hits, and the cards it took.",
        optional=("on", "taken", "discarded"),
        player=TEAM,
        card=CARD,
        target={
            **TARGET,
            "description": f'{TARGET["description"]} "{FACE_DOWN}" for a card '
            "taken back, to the other player.",
        },
        on=TEAM,
        taken=CARDS,
        discarded=CARD,
    ),
    "fizzled": event(
        "fizzled", "A special card finds nothing to act on.", player=TEAM, card=CARD, target=TARGET
    ),
    "cancelled": event(
        "cancelled", "A special card is cancelled.", player=TEAM, card=CARD, by=CARD
    ),
    "returned_to_hand": event(
        "returned_to_hand", "A card goes back to a hand.", player=TEAM, ball=BALL, card=SEEN_CARD
    ),
    "revealed": event(
        "revealed",
        "The cards on a ball are turned over.",
        ball=BALL,
        cards={"type": "object", "additionalProperties": CARD, "description": "Team -> card."},
    ),
    "ball_stays": event("ball_stays", "Nobody wins the ball.", ball=BALL),
    "ball_won": event("ball_won", "A team wins a ball.", player=TEAM, ball=BALL),
    "bludgered": event("bludgered", "A team is hit by a Bludger.", player=TEAM, taken=CARDS),
    "game_over": event(
        "game_over",
        "The Snitch is caught: the totals and the winner (null for a draw).",
        totals=TOTALS,
        winner=nullable(TEAM),
    ),
}

RESULT = shape(
    {
        "winner": nullable(TEAM, "Null for a draw."),
        "points": TOTALS,
        "snitch": {**TEAM, "description": "Who caught the Golden Snitch."},
        "rounds": COUNT,
    },
    description="How the match ended.",
    nullable=True,
)

CONTRACT = Contract(
    config=CONFIG, commands=COMMANDS, state=STATE, events=EVENTS, result=RESULT, example={}
)
