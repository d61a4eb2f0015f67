"""The log as the referee's transcript, in German with an English rendering.

Each event type has a line per language; a few read differently by outcome
(``pass:success``, ``pass:failed``). Dice are written as the chat shows them.
"""

from __future__ import annotations

LINES: dict[str, tuple[str, str]] = {
    "experience": ("{house}: Erfahrungspunkte {points}", "{house}: experience points {points}"),
    "quaffle_roll": (
        "Die Kapitäne würfeln um den Quaffel: {rolls}. Quaffel für {house}.",
        "The captains roll for the quaffle: {rolls}. Quaffle to {house}.",
    ),
    "goal_third": (
        "{house} wählt {choice} als Tordrittel. Spielfeld: {pitch}",
        "{house} chooses {choice} as goal third. Pitch: {pitch}",
    ),
    "round": (
        "Runde {round}, Ballbesitz für {house} ({carrier})",
        "Round {round}, {house} has the quaffle ({carrier})",
    ),
    "position": ("{player}: {third}", "{player}: {third}"),
    "bludgers_placed": (
        "Klatscher: {dice} – Drittel {thirds}",
        "Bludgers: {dice} – thirds {thirds}",
    ),
    "release:bludgers": ("Klatscher freigegeben", "Bludgers released"),
    "release:quaffle": ("Quaffel freigegeben", "Quaffle released"),
    "release:snitch": ("Schnatz freigegeben", "Snitch released"),
    "bludger_throw:hit": (
        "{player}: Klatscherwurf {target} ({dice}) – Treffer",
        "{player} throws a bludger at {target} ({dice}) – hit",
    ),
    "bludger_throw:missed": (
        "{player}: Klatscherwurf {target} ({dice}) – daneben",
        "{player} throws a bludger at {target} ({dice}) – missed",
    ),
    "bludger_rethrow:hit": (
        "{player}: Klatscherabwurf {target} ({dice}) – Treffer",
        "{player} hurls the caught bludger at {target} ({dice}) – hit",
    ),
    "bludger_rethrow:missed": (
        "{player}: Klatscherabwurf {target} ({dice}) – daneben",
        "{player} hurls the caught bludger at {target} ({dice}) – missed",
    ),
    "bludger_catch:caught": (
        "{player}: Klatscherabfang ({dice}) – gefangen",
        "{player} catches the second bludger ({dice})",
    ),
    "bludger_catch:missed": (
        "{player}: Klatscherabfang ({dice}) – verfehlt",
        "{player} misses the second bludger ({dice})",
    ),
    "bludger_kept": ("{player} hebt den Klatscher auf", "{player} keeps the bludger"),
    "block:blocked": (
        "{player}: Abblocken ({rolls}) – abgeblockt",
        "{player} blocks ({rolls}) – blocked",
    ),
    "block:failed": (
        "{player}: Abblocken ({rolls}) – misslungen",
        "{player} tries to block ({rolls}) – failed",
    ),
    "player_out": (
        "{player} ist getroffen und scheidet für diese Runde aus",
        "{player} is hit and out for this round",
    ),
    "carrier_placed": (
        "{player} mit dem Quaffel: {dice} – Drittel {third}",
        "{player} with the quaffle: {dice} – third {third}",
    ),
    "fly": ("{player}: Fliegen {origin}-{to}", "{player} flies from {origin} to {to}"),
    "attack": (
        "{player}: Angriff {target} ({rolls}) – Quaffel bei {winner}",
        "{player} attacks {target} ({rolls}) – {winner} has the quaffle",
    ),
    "keeper_attack": (
        "{player}: Angriff ({rolls}) – Quaffel bei {winner}",
        "{player} attacks the carrier {target} ({rolls}) – {winner} has the quaffle",
    ),
    "foul:unseen": (
        "{player}: Foul {target} ({dice}) – nichts passiert",
        "{player} fouls {target} ({dice}) – nothing happens",
    ),
    "foul:seen": (
        "{player}: Foul {target} ({dice}) – gesehen",
        "{player} fouls {target} ({dice}) – the referee saw it",
    ),
    "foul:success": (
        "{player}: Foul {target} ({dice}) – geglückt",
        "{player} fouls {target} ({dice}) – it works",
    ),
    "pass:success": ("{player}: Pass {target} ({dice})", "{player} passes to {target} ({dice})"),
    "pass:failed": (
        "{player}: Pass {target} ({dice}) – misslungen",
        "{player} passes to {target} ({dice}) – failed",
    ),
    "catch:success": ("{player}: Angenommen ({dice})", "{player} catches the pass ({dice})"),
    "catch:failed": (
        "{player}: Angenommen ({dice}) – misslungen",
        "{player} fails to catch the pass ({dice})",
    ),
    "intercept:success": (
        "{player}: Abfangen ({dice}) – abgefangen",
        "{player} intercepts ({dice})",
    ),
    "intercept:failed": (
        "{player}: Abfangen ({dice}) – misslungen",
        "{player} fails to intercept ({dice})",
    ),
    "quaffle_dropped": (
        "Der Quaffel fällt zu Boden, die Jägerteilrunde endet",
        "The quaffle falls to the ground; the chasers' sub-round ends",
    ),
    "free_throw_awarded": ("Freiwurf für {house}", "Free throw for {house}"),
    "free_throw_lapses": (
        "{house} hat keinen Jäger für den Freiwurf",
        "{house} has no chaser for the free throw",
    ),
    "shot": ("{player}: Torwurf ({dice})", "{player} shoots ({dice})"),
    "save:saved": ("{player}: Halten ({rolls}) – gehalten", "{player} saves ({rolls})"),
    "save:failed": (
        "{player}: Halten ({rolls}) – nicht gehalten",
        "{player} fails to save ({rolls})",
    ),
    "goal": ("Tor für {house}! Tore: {goals}", "Goal for {house}! Goals: {goals}"),
    "snitch_placed": ("Schnatz: {dice} – Drittel {third}", "Snitch: {dice} – third {third}"),
    "find:success": ("{player}: Finden ({dice}) – gefunden", "{player} finds the snitch ({dice})"),
    "find:failed": (
        "{player}: Finden ({dice}) – nicht gefunden",
        "{player} does not find the snitch ({dice})",
    ),
    "snitch_catch:success": (
        "{player}: Fangen ({dice}) – Schnatz gefangen!",
        "{player} catches the snitch ({dice})!",
    ),
    "snitch_catch:failed": (
        "{player}: Fangen ({dice}) – entwischt",
        "{player} misses the snitch ({dice})",
    ),
    "snitch_gone": ("Der Schnatz ist weg", "The snitch is gone"),
    "subround_ended": (
        "Der Schiedsrichter beendet die Teilrunde",
        "The referee ends the sub-round",
    ),
    "score": ("Zwischenstand nach Runde {round}: {score}", "Score after round {round}: {score}"),
    "chat": ("Chat", "Chat"),
    "chat:half_time": ("Chat – Halbzeitpause (10 Minuten)", "Chat – half-time break (10 minutes)"),
    "extension": (
        "Unentschieden: nach {pause_minutes} Minuten Pause {rounds} weitere Runden",
        "Drawn: after a {pause_minutes}-minute break, {rounds} more rounds",
    ),
    "end_vote": ("{voter} stimmt dem Spielende zu", "{voter} agrees to end the game"),
    "game_over": ("Spielende. Endergebnis: {points}", "Game over. Final result: {points}"),
    "answer_missing": ("Zeit abgelaufen", "Time is up"),
    "answer_too_late": ("{player}: zu spät", "{player}: too late"),
}


def _dice(faces: list[int]) -> str:
    return ", ".join(str(f) for f in faces)


def _rolls(exchanges: list[list[list[int]]]) -> str:
    return " / ".join(f"{_dice(a)} : {_dice(b)}" for a, b in exchanges)


def narrate(event: dict) -> dict[str, str]:
    kind = event["type"]
    variant = event.get("outcome") or event.get("ball")
    if kind == "chat" and event.get("half_time"):
        variant = "half_time"
    lines = LINES.get(f"{kind}:{variant}") or LINES.get(kind)
    if lines is None:
        return {"de": kind, "en": kind}
    fields = dict(event)
    for name, value in event.items():
        if name == "dice":
            fields[name] = _dice(value)
        elif name == "rolls":
            fields[name] = _rolls(value)
        elif isinstance(value, list):
            fields[name] = " – ".join(str(v) for v in value)
    fields.setdefault("pitch", "")
    de, en = lines
    return {
        "de": de.format_map({**fields, **_by_name(event, NOBODY["de"])}),
        "en": en.format_map({**fields, **_by_name(event, NOBODY["en"])}),
    }


NOBODY = {"de": "keine", "en": "none"}


def _by_name(event: dict, nobody: str) -> dict[str, str]:
    """Values given per player (experience points), as "GJäger1 2, GHüter 1"."""
    return {
        name: ", ".join(f"{key} {amount}" for key, amount in value.items()) or nobody
        for name, value in event.items()
        if isinstance(value, dict)
    }
