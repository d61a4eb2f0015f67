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

from .cards import BALLS, MOST_CARDS, PITCH_FACES, TEAM_FACES, TEAMS
from .visibility import FACE_DOWN
from .windows import WINDOWS

TEAM = {"type": "string", "enum": list(TEAMS), "description": "A team: its player's seat."}
#: A team or nobody (OpenAPI 3.0: a nullable enum lists null among its values).
TEAM_OR_NULL = {**TEAM, "enum": [*TEAMS, None], "nullable": True}
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
CARDS = {"type": "array", "items": CARD}
TARGET = {
    "type": "string",
    "nullable": True,
    "description": "What a special card aims at: a ball, a card (on the table or in the "
    "player's discard pile), or null for the opponent themselves.",
}
COUNT = {"type": "integer", "minimum": 0}


def _obj(properties: dict, required=None, description: str = "", **more) -> dict:
    """An object of exactly these properties (all required unless ``required`` says)."""
    shape = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **more,
    }
    if description:
        shape["description"] = description
    return shape


def _per_team(value: dict, description: str) -> dict:
    return _obj(dict.fromkeys(TEAMS, value), description=description)


def _layout(faces: tuple[str, ...], description: str, most: int | None = None) -> dict:
    """A deck as a list of card and copies; ``most``: the config's bound on its cards, which
    bounds its entries and each one's copies too (docs/rules/card-game.md, "Bounds")."""
    copies = {"type": "integer", "minimum": 0}
    if most is not None:
        copies["maximum"] = most
    entry = _obj(
        {"card": {"type": "string", "enum": list(faces)}, "copies": copies},
        description=_("Copies of one card, in their place in the deck."),
    )
    layout = {"type": "array", "items": entry, "description": description}
    if most is not None:
        layout["maxItems"] = most
    return layout


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
    """``_layout`` with its entries' labels for the New game page, each card in words (the
    config's alone: the state keeps the untitled shape)."""
    layout = _layout(faces, description, most)
    titles = {"card": _("Card"), "copies": _("Copies")}
    entry = layout["items"]
    properties = {
        key: {**schema, "title": titles[key]} for key, schema in entry["properties"].items()
    }
    properties["card"]["x-choice-titles"] = {face: CARD_TITLES[face] for face in faces}
    return {**layout, "items": {**entry, "properties": properties}}


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

CONFIG = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
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
    "description": _("The decks; without them, the default decks of docs/rules/card-game.md."),
}


def _command(action: str, description: str, **fields: dict) -> dict:
    properties = {"action": {"type": "string", "enum": [action]}}
    if action != "deal":
        properties["player"] = {**TEAM, "description": "The team giving the command."}
    properties.update(fields)
    return _obj(properties, description=description)


COMMANDS = {
    "deal": _command("deal", "Shuffle the three decks and deal seven cards each (SET UP)."),
    "pitch": _command("pitch", "The pitcher turns over a new ball (LET'S PLAY 1)."),
    "keep_balls": _command("keep_balls", "The pitcher plays on the balls in play (Pitch Again)."),
    "play": _command(
        "play",
        "A card from the hand face down on a ball (LET'S PLAY 3-4).",
        ball=BALL,
        card={
            **SEEN_CARD,
            "description": 'The card, from the player\'s hand ("face down" in the log as the '
            "other player sees it while the match runs).",
        },
    ),
    "done": _command("done", "The pitcher plays on no more balls this round."),
    "cast": _command(
        "cast",
        "A special card from the hand, face up, in a window (SPECIAL CARDS).",
        card={**CARD, "description": "The special card, from the player's hand."},
        target=TARGET,
    ),
    "pass": _command("pass", "Nothing more to play in this window."),
    "reveal": _command("reveal", "The pitcher's next ball to turn over (Pitch Again).", ball=BALL),
}

PLAYED = _obj(
    {
        "card": SEEN_CARD,
        "face_up": {"type": "boolean"},
        "effects": {
            "type": "array",
            "items": {"type": "string", "enum": ["leg_locker", "reduce_by_two"]},
            "description": "Spells and jinxes on the card, counted when the ball is decided.",
        },
    },
    description="A card laid on a ball.",
)
ON_THE_TABLE = _obj(
    {"player": TEAM, "card": CARD, "target": TARGET},
    description="A special card played face up in the open window.",
)
TEAM_PILES = _obj(
    {
        "deck": {
            "oneOf": [
                {**COUNT, "description": "While the match runs: how many cards."},
                {**CARDS, "description": "Once it is over: the cards, top first."},
            ]
        },
        "hand": {**CARDS, "description": "The reader's own hand (every hand once it is over)."},
        "hand_size": {**COUNT, "description": "How many cards the hand holds."},
        "discard": {**CARDS, "description": "The discard pile, face up, oldest first."},
        "scoring": {**CARDS, "description": "The Quaffles, Goal Cards and Snitch won."},
        "hits": {**COUNT, "description": "Bludgers that hit the team this round."},
    },
    required=["deck", "discard", "scoring", "hits"],
)

STATE = _obj(
    {
        "settings": _obj(
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
        "pitcher": {**TEAM_OR_NULL, "description": "Who opened this round."},
        "must_pitch": {"type": "boolean", "description": "The next round opens with a pitch."},
        "teams": _per_team(TEAM_PILES, "Each team's piles, as the reader may see them."),
        "pitch": _obj(
            {
                "deck": {
                    "oneOf": [
                        {**COUNT, "description": "While the match runs: how many cards."},
                        {**CARDS, "description": "Once it is over: the cards, top first."},
                    ]
                },
                "discard": {**CARDS, "description": "Won Bludgers and third Bludgers."},
                "in_play": {"type": "array", "items": BALL, "description": "The balls in play."},
            }
        ),
        "plays": {
            "type": "object",
            "additionalProperties": {"type": "object", "additionalProperties": PLAYED},
            "description": "Ball -> team -> the card laid there this round.",
        },
        "contested": {
            "type": "array",
            "items": BALL,
            "description": "The balls the pitcher played on this round, in that order.",
        },
        "barred": _per_team(
            {"type": "array", "items": BALL},
            "The balls each team may play no card on this round.",
        ),
        "awarded": {
            "type": "object",
            "additionalProperties": TEAM,
            "description": "Ball -> the team a Free Goal gave it to.",
        },
        "current": {**BALL, "nullable": True, "description": "The ball just turned over."},
        "window": {
            "nullable": True,
            "description": "The window open for special cards, if any.",
            **_obj(
                {
                    "name": {"type": "string", "enum": list(WINDOWS)},
                    "played": {"type": "array", "items": ON_THE_TABLE},
                    "passed": {"type": "array", "items": TEAM},
                }
            ),
        },
        "winner": {**TEAM_OR_NULL, "description": "Once over; null for a draw."},
        "over": {"type": "boolean"},
    },
    description="A match of the card game as the reader may see it.",
)


def _event(kind: str, description: str, required=None, **fields: dict) -> dict:
    return _obj(
        {"type": {"type": "string", "enum": [kind]}, **fields},
        required=None if required is None else ["type", *required],
        description=description,
    )


TOTALS = _per_team(COUNT, "Each team's points.")

EVENTS = {
    "shuffled": _event(
        "shuffled",
        "A deck is shuffled (never its order).",
        deck={"type": "string", "enum": [*TEAMS, "pitch"]},
        cards=COUNT,
    ),
    "drew": _event(
        "drew",
        "A team draws; ``cards`` for its own player only.",
        required=["player", "count"],
        player=TEAM,
        count=COUNT,
        cards=CARDS,
    ),
    "round_started": _event("round_started", "A round begins.", round=COUNT, pitcher=TEAM),
    "goal_scored": _event("goal_scored", "A Goal Card is pitched.", player=TEAM, card=CARD),
    "third_bludger": _event(
        "third_bludger", "A third Bludger is discarded.", player=TEAM, card=CARD
    ),
    "pitched": _event("pitched", "A ball comes into play.", player=TEAM, card=BALL),
    "no_ball_to_pitch": _event("no_ball_to_pitch", "No new ball can come.", player=TEAM),
    "kept_balls": _event("kept_balls", "The pitcher plays on the balls in play.", player=TEAM),
    "window_opened": _event(
        "window_opened",
        "Special cards may be played.",
        window={"type": "string", "enum": list(WINDOWS)},
    ),
    "cast": _event("cast", "A special card played face up.", player=TEAM, card=CARD, target=TARGET),
    "passed": _event("passed", "A player passes in the window.", player=TEAM),
    "played": _event(
        "played", "A card laid face down on a ball.", player=TEAM, ball=BALL, card=SEEN_CARD
    ),
    "not_playing": _event("not_playing", "The pitcher plays on no ball.", player=TEAM),
    "took_effect": _event(
        "took_effect",
        "A special card takes effect; ``on`` the team it hits, and the cards it took.",
        required=["player", "card", "target"],
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
    "fizzled": _event(
        "fizzled", "A special card finds nothing to act on.", player=TEAM, card=CARD, target=TARGET
    ),
    "cancelled": _event(
        "cancelled", "A special card is cancelled.", player=TEAM, card=CARD, by=CARD
    ),
    "returned_to_hand": _event(
        "returned_to_hand", "A card goes back to a hand.", player=TEAM, ball=BALL, card=SEEN_CARD
    ),
    "revealed": _event(
        "revealed",
        "The cards on a ball are turned over.",
        ball=BALL,
        cards={"type": "object", "additionalProperties": CARD, "description": "Team -> card."},
    ),
    "ball_stays": _event("ball_stays", "Nobody wins the ball.", ball=BALL),
    "ball_won": _event("ball_won", "A team wins a ball.", player=TEAM, ball=BALL),
    "bludgered": _event("bludgered", "A team is hit by a Bludger.", player=TEAM, taken=CARDS),
    "game_over": _event(
        "game_over",
        "The Snitch is caught: the totals and the winner (null for a draw).",
        totals=TOTALS,
        winner=TEAM_OR_NULL,
    ),
}

RESULT = _obj(
    {
        "winner": {**TEAM_OR_NULL, "description": "Null for a draw."},
        "points": TOTALS,
        "snitch": {**TEAM, "description": "Who caught the Golden Snitch."},
        "rounds": COUNT,
    },
    description="How the match ended.",
    nullable=True,
)
