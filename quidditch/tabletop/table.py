"""The board as a person sees it: the pitch, every player of both teams, the balls, and
the commands a player may give on it, chosen as at the table: a piece, then a square.

The pitch is drawn as a grid of squares (a CSS grid: small, and readable on a
phone, where it scrolls sideways), numbered along its edges as the transcript
numbers squares. Players are discs in their team's colour with their number
on the board (1 keeper, 2-4 chasers, 5-6 beaters, 7 seeker); a dazed player is
drawn faded, the star player and the captain are marked, and the players off
their brooms are listed with their team. The quaffle, the two bludgers and the
snitch (once it has appeared) are drawn on their squares.

Choosing is plain links, so the page needs no script beyond the platform's own:
each piece that may do something is a link (``?piece=home-chaser1``, read back
from ``Seen.asked``); once one is chosen, each square where the rules offer it
something carries that command as a button (``data-command``, the command in
words as its title). A flight is on the square flown to, a pass on the
receiver, a shot on the hoop, a catch on the catcher's own square, a tackle,
a hit of a bludger, a push and a repel on the square next to the one knocked,
hit or repelled, in the direction chosen. Where a square offers several
commands (a flight and a tackle), it links to the list of them
(``&square=x.y``); a star player chooses the die they set first (``&star=n``).
The rest (beginning a phase, a re-roll, the penalty taker) is the frame's.

Pure: the context is plain data from ``Seen.view`` and ``Seen.offers``.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from core.numbers import whole_number
from games.tables import Offer, Seen, Table

from . import texts
from .rules.directional_die import DIRECTIONS
from .rules.pitch import Pitch, pitch_of
from .rules.teams import (
    NUMBERS,
    POSITIONS,
    SIDES,
    every_player,
    other,
    player_id,
    position_of,
    side_of,
)
from .texts import TEXTS

DRAWN = frozenset(
    {"move", "free_move", "catch", "pass", "shoot", "tackle", "hit_bludger", "push", "repel"}
)
ASKED = ("piece", "square", "star")
"""The query parameters the table reads back; every other one (``lang``) is kept."""
ARROWS = dict(zip(DIRECTIONS, "↑↗→↘↓↙←↖", strict=True))
MARKS = {"move": "•", "free_move": "•", "catch": "✋", "pass": "⇢", "shoot": "◎"}
EDGE = 5
"""The edges number every fifth square."""


class BoardTable(Table):
    template = "quidditch_tabletop/table.html"
    draws = DRAWN

    def context(self, seen: Seen) -> dict:
        view, language = seen.view, seen.language
        pitch = pitch_of(**view["pitch"])
        drawn = [offer for offer in seen.offers if offer.command["action"] in DRAWN]
        pieces = _pieces(view, drawn)
        chosen = seen.asked.get("piece")
        if chosen not in pieces:
            chosen = next(iter(pieces)) if len(pieces) == 1 else None
        star = _star(seen.asked.get("star"), pieces.get(chosen, []))
        targets = _targets(view, pitch, pieces.get(chosen, []), star)
        asked = seen.asked.get("square", "")
        keep = {k: v for k, v in seen.asked.items() if k not in ASKED}
        link = _Links(keep, chosen, star)
        return {
            "columns": pitch.length,
            "rows": pitch.width,
            "edges": _edges(pitch),
            "strips": _strips(pitch),
            "hoops": [_area(square) for end in SIDES for square in pitch.hoops(end)],
            "players": _players(view, language, pieces, chosen, link),
            "balls": _balls(view, language),
            "targets": [
                _target(square, offers, link, asked) for square, offers in sorted(targets.items())
            ],
            "listed": _listed(targets, asked),
            "chosen": texts.player(texts.names(view), chosen, language) if chosen else None,
            "again": link.to(None) if chosen and len(pieces) > 1 else None,
            "stars": _stars(pieces.get(chosen, []), star, link),
            "teams": [_team(view, side, language) for side in SIDES],
            "snitch": _snitch(view, language),
            "phase": _phase(view, language),
            "mine": bool(drawn),
            "words": {key: TEXTS.say(language, said) for key, said in texts.BOARD.items()},
        }


class _Links:
    """Where a choice leads: the same page with the piece, square or star chosen."""

    def __init__(self, keep: dict, piece: str | None, star: int | None) -> None:
        self.keep, self.piece, self.star = keep, piece, star

    def to(self, piece: str | None, **more) -> str:
        chosen = {"piece": piece} if piece else {}
        return "?" + urlencode({**self.keep, **chosen, **more})

    def square(self, square: tuple[int, int]) -> str:
        star = {} if self.star is None else {"star": self.star}
        return self.to(self.piece, square=f"{square[0]}.{square[1]}", **star)

    def with_star(self, result: int | None) -> str:
        return self.to(self.piece, **({} if result is None else {"star": result}))


def _piece(command: dict, view: dict) -> str:
    """The piece a command is chosen by: its player, or the one the match waits on."""
    return command.get("player") or view["awaiting"]["player"]


def _pieces(view: dict, drawn: list[Offer]) -> dict[str, list[Offer]]:
    pieces: dict[str, list[Offer]] = {}
    for offer in drawn:
        pieces.setdefault(_piece(offer.command, view), []).append(offer)
    return pieces


def _star(asked: str | None, offers: list[Offer]) -> int | None:
    """The die the chosen star player sets, if they chose one the rules offer."""
    results = {offer.command.get("star") for offer in offers}
    star = whole_number(asked)
    return star if star in results else None


def _square_of(command: dict, view: dict, pitch: Pitch) -> tuple[int, int]:
    """Where a command's button stands on the board (see the module's docstring)."""
    action = command["action"]
    players = view["players"]
    if action in ("move", "free_move"):
        return tuple(command["to"])
    if action == "catch":
        return tuple(players[command["player"]]["square"])
    if action == "pass":
        return tuple(players[command["to"]]["square"])
    if action == "shoot":
        return pitch.hoops(other(side_of(command["player"])))[command["hoop"]]
    if action == "tackle":
        origin = players[command["target"]]["square"]
    elif action == "hit_bludger" and "bludger" in command:
        origin = view["bludgers"][command["bludger"]]["square"]
    else:  # the answer to a bludger, a push, a repel: around the player the match waits on
        origin = players[view["awaiting"]["player"]]["square"]
    dx, dy = DIRECTIONS[command["direction"]]
    beside = (origin[0] + dx, origin[1] + dy)
    inside = 0 <= beside[0] < pitch.length and 0 <= beside[1] < pitch.width
    return beside if inside else tuple(origin)


def _targets(view, pitch, offers, star) -> dict[tuple[int, int], list[Offer]]:
    """The chosen piece's commands by square: with the star's die ``star`` where a command
    comes with it, as they are where none does (a flight rolls no die)."""
    starred = {_without_star(o.command) for o in offers if "star" in o.command}
    targets: dict[tuple[int, int], list[Offer]] = {}
    for offer in offers:
        command = offer.command
        if "star" in command:
            shown = command["star"] == star
        else:
            shown = star is None or _without_star(command) not in starred
        if shown:
            targets.setdefault(_square_of(command, view, pitch), []).append(offer)
    return targets


def _without_star(command: dict) -> str:
    return json.dumps({k: v for k, v in command.items() if k != "star"}, sort_keys=True)


def _target(square, offers: list[Offer], link: _Links, asked: str) -> dict:
    """A square's button (one command) or its link to the list of its commands."""
    if len(offers) == 1:
        offer = offers[0]
        return {
            "area": _area(square),
            "text": offer.text,
            "json": offer.json,
            "mark": _mark(offer.command),
            "kind": offer.command["action"],
        }
    return {
        "area": _area(square),
        "text": " · ".join(offer.text for offer in offers),
        "href": link.square(square),
        "mark": "…",
        "kind": "several",
        "open": asked == f"{square[0]}.{square[1]}",
    }


def _listed(targets: dict, asked: str) -> list[Offer]:
    """The commands of the square whose list was asked for."""
    for square, offers in targets.items():
        if len(offers) > 1 and asked == f"{square[0]}.{square[1]}":
            return offers
    return []


def _mark(command: dict) -> str:
    if "direction" in command:
        return ARROWS[command["direction"]]
    return MARKS[command["action"]]


def _stars(offers: list[Offer], star: int | None, link: _Links) -> list[dict]:
    """The star player's choice of the die they set (none, or 1-6), if they may."""
    results = sorted({o.command["star"] for o in offers if "star" in o.command})
    if not results:
        return []
    return [
        {"result": result, "href": link.with_star(result), "chosen": result == star}
        for result in [None, *results]
    ]


def _players(view, language, pieces, chosen, link) -> list[dict]:
    drawn = []
    for player in every_player():
        data = view["players"][player]
        if data["square"] is None:
            continue
        position = position_of(player)
        team = view["teams"][side_of(player)]
        notes = _notes(view, player, language)
        name = texts.player(texts.names(view), player, language)
        drawn.append(
            {
                "area": _area(data["square"]),
                "side": side_of(player),
                "number": NUMBERS[position],
                "title": f"{name} ({notes})" if notes else name,
                "href": link.to(player) if player in pieces and player != chosen else None,
                "chosen": player == chosen,
                "ready": player in pieces,
                "dazed": data["dazed"] is not None,
                "star": team["star"] == position,
                "captain": team["captain"] == position,
                "carrier": view["quaffle"]["carrier"] == player,
            }
        )
    return drawn


def _notes(view: dict, player: str, language: str) -> str:
    """What befell a player, and what they are, in texts."""
    data, team, position = (
        view["players"][player],
        view["teams"][side_of(player)],
        position_of(player),
    )
    notes = []
    if team["captain"] == position:
        notes.append(TEXTS.say(language, texts.NOTES["captain"]))
    if team["star"] == position:
        notes.append(TEXTS.say(language, texts.NOTES["star"]))
    if view["quaffle"]["carrier"] == player:
        notes.append(TEXTS.say(language, texts.NOTES["carrier"]))
    if data["square"] is None:
        notes.append(TEXTS.say(language, texts.NOTES["off"]))
    if data["dazed"] is not None:
        notes.append(TEXTS.say(language, texts.NOTES["dazed"]))
    if data["speed_loss"]:
        notes.append(TEXTS.say(language, texts.NOTES["slower"], squares=data["speed_loss"]))
    if data["dice_loss"]:
        notes.append(TEXTS.say(language, texts.NOTES["weaker"], points=data["dice_loss"]))
    return ", ".join(notes)


def _team(view: dict, side: str, language: str) -> dict:
    """A team's line-up beside the board: each number, who they are and what befell them."""
    return {
        "side": side,
        "name": texts.team(texts.names(view), side, language),
        "score": view["score"][side],
        "playing": view["stage"] == "phase" and view["phase"]["side"] == side,
        "players": [
            {
                "number": NUMBERS[position],
                "name": texts.position(player_id(side, position), language),
                "notes": _notes(view, player_id(side, position), language),
                "off": view["players"][player_id(side, position)]["square"] is None,
            }
            for position in POSITIONS
        ],
    }


def _balls(view: dict, language: str) -> list[dict]:
    quaffle = view["quaffle"]
    balls = [
        {
            "kind": "quaffle",
            "area": _area(quaffle["square"]),
            "title": TEXTS.say(language, texts.BALLS["quaffle"]),
        }
    ]
    for number, bludger in enumerate(view["bludgers"], start=1):
        balls.append(
            {
                "kind": "bludger",
                "area": _area(bludger["square"]),
                "title": TEXTS.say(language, texts.BALLS["bludger"], number=number),
            }
        )
    if view["snitch"]["square"] is not None:
        balls.append(
            {
                "kind": "snitch",
                "area": _area(view["snitch"]["square"]),
                "title": TEXTS.say(language, texts.BALLS["snitch"]),
            }
        )
    return balls


def _phase(view: dict, language: str) -> str:
    number = view["phase"]["number"] if view["phase"] else 0  # phase 0: the release
    return TEXTS.say(language, texts.PHASE, number=number) if number else ""


def _snitch(view: dict, language: str) -> str:
    snitch = view["snitch"]
    if snitch["square"] is None:
        return TEXTS.say(language, texts.SNITCH["hidden"])
    if not snitch["seen"]:
        return TEXTS.say(language, texts.SNITCH["unseen"])
    seen = ", ".join(texts.team(texts.names(view), side, language) for side in snitch["seen"])
    return TEXTS.say(language, texts.SNITCH["seen"], teams=seen)


# The pitch as a grid: column 1 and row 1 number the edges, square (x, y) is in
# column x + 2 and row y + 2.


def _area(square) -> str:
    """A square's place in the CSS grid (``grid-area``)."""
    return f"{square[1] + 2}/{square[0] + 2}"


def _strips(pitch: Pitch) -> list[dict]:
    """The oval, the shooting zones and the centre circle, a strip of squares a row."""
    strips = []
    for kind, inside in (
        ("oval", lambda s: True),
        ("zone", lambda s: pitch.scoring_zone_of(s) is not None),
        ("circle", pitch.in_centre_circle),
    ):
        for y in range(pitch.width):
            row = [x for x in range(pitch.length) if pitch.on_pitch((x, y)) and inside((x, y))]
            for start, end in _runs(row):
                strips.append({"kind": kind, "area": f"{y + 2}/{start + 2}/{y + 3}/{end + 3}"})
    return strips


def _runs(xs: list[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs: a row's squares of one kind."""
    runs = []
    for x in xs:
        if runs and runs[-1][1] == x - 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


def _edges(pitch: Pitch) -> list[dict]:
    along = [{"area": f"1/{x + 2}", "label": x} for x in range(0, pitch.length, EDGE)]
    across = [{"area": f"{y + 2}/1", "label": y} for y in range(0, pitch.width, EDGE)]
    return along + across
