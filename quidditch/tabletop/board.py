"""The pitch as a plain SVG picture for plugin authors: squares, centre circle, shooting
zones, hoops, the players with their numbers on the board, the balls, and the score.

Pure (no Django): the platform serves it at any point of the log
(``board.svg?at=<seq>``); the match page draws the board itself (:mod:`.table`).
It has no words, so it serves every language: a team the config does not name is
called by its side's code (``home``, ``away``). Nothing is hidden.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .rules.pitch import pitch_of
from .rules.teams import NUMBERS, SIDES, position_of, side_of

CELL = 18
TOP = 28
COLOURS = {"home": "#b22222", "away": "#1f4e9c"}


def svg(state: dict) -> str:
    pitch = pitch_of(**state["pitch"])
    width, height = pitch.length * CELL, pitch.width * CELL + TOP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<text x="4" y="18" font-size="14">{escape(_caption(state))}</text>',
    ]
    for square in sorted(pitch.squares):
        fill = "#5fa85f"
        if pitch.scoring_zone_of(square):
            fill = "#8cc48c"
        elif pitch.in_centre_circle(square):
            fill = "#7dbb7d"
        parts.append(_cell(square, fill))
    for end in SIDES:
        for x, y in pitch.hoops(end):
            parts.append(_circle((x, y), CELL * 0.45, "none", 'stroke="#f5f5f5" stroke-width="2"'))
    for player, data in state["players"].items():
        if data["square"] is not None:
            parts.append(_player(player, tuple(data["square"]), data["dazed"] is not None))
    for bludger in state["bludgers"]:
        parts.append(_circle(tuple(bludger["square"]), CELL * 0.22, "#111"))
    quaffle = state["quaffle"]
    parts.append(_circle(tuple(quaffle["square"]), CELL * 0.2, "#d2691e", 'stroke="#fff"'))
    if state["snitch"]["square"] is not None:
        parts.append(_circle(tuple(state["snitch"]["square"]), CELL * 0.15, "#ffd700"))
    parts.append("</svg>")
    return "\n".join(parts)


def _caption(state: dict) -> str:
    names = {side: state["teams"][side]["name"] or side for side in SIDES}
    score = state["score"]
    return f"{names['home']} {score['home']} – {score['away']} {names['away']}"


def _centre(square) -> tuple[float, float]:
    return square[0] * CELL + CELL / 2, square[1] * CELL + CELL / 2 + TOP


def _cell(square, fill: str) -> str:
    x, y = square[0] * CELL, square[1] * CELL + TOP
    return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#4a8a4a"/>'


def _circle(square, radius: float, fill: str, extra: str = "") -> str:
    cx, cy = _centre(square)
    return f'<circle cx="{cx}" cy="{cy}" r="{radius:.1f}" fill="{fill}" {extra}/>'


def _player(player: str, square, dazed: bool) -> str:
    cx, cy = _centre(square)
    number = NUMBERS[position_of(player)]
    ring = 'stroke="#ff0" stroke-width="2"' if dazed else 'stroke="#fff"'
    disc = _circle(square, CELL * 0.42, COLOURS[side_of(player)], ring)
    text = f'<text x="{cx}" y="{cy + 4}" font-size="11" fill="#fff" text-anchor="middle">'
    return f"<g><title>{escape(player)}</title>{disc}{text}{number}</text></g>"
