"""The log as the table would say it, in French (the text's language) and in English."""

from __future__ import annotations

SIDE_NAMES = {"red": ("Rouge", "Red"), "blue": ("Bleu", "Blue")}
DIE_NAMES = {
    "snitch": ("Vif d'Or", "snitch"),
    "quaffle": ("Souafle", "quaffle"),
    "keeper": ("gardien", "keeper"),
    **{f"goal{n}": (f"dé de but {n}", f"goal die {n}") for n in range(1, 5)},
    **{f"bludger{n}": (f"Cognard {n}", f"bludger {n}") for n in range(1, 3)},
}
FR, EN = 0, 1

LINES = {
    "roll_off_tied": (
        "Lancer d'ouverture : {red} contre {blue}, égalité, on relance.",
        "Roll-off: {red} to {blue}, a tie, roll again.",
    ),
    "roll_off": (
        "Lancer d'ouverture : Rouge {red}, Bleu {blue}. {attack} joue l'attaque.",
        "Roll-off: Red {red}, Blue {blue}. {attack} attacks first.",
    ),
    "round_started": (
        "Manche {round} : {attack} à l'attaque, {defence} en défense.",
        "Round {round}: {attack} attacks, {defence} defends.",
    ),
    "rolled": ("{side} lance : {dice}.", "{side} rolls: {dice}."),
    "placed": ("{side} place {die} sur la rangée {row}.", "{side} puts {die} on row {row}."),
    "set_aside": (
        "{side} met {die} de côté : la rangée {row} est complète.",
        "{side} sets {die} aside: row {row} is full.",
    ),
    "turn_ended": ("{side} a terminé son tour.", "{side} ends the turn."),
    "round_scored": (
        "{side} marque {goal_points} points de but et {snitch_points} point(s) Vif d'Or "
        "(en tout : {goals} et {snitch}).",
        "{side} scores {goal_points} goal points and {snitch_points} snitch point(s) "
        "(in all: {goals} and {snitch}).",
    ),
    "snitch_caught": (
        "{side} attrape le Vif d'Or : {bonus} points de but de plus.",
        "{side} catches the snitch: {bonus} more goal points.",
    ),
    "game_over": (
        "Fin de la partie : Rouge {red}, Bleu {blue}. {outcome}",
        "Game over: Red {red}, Blue {blue}. {outcome}",
    ),
}
OUTCOMES = (
    {"win": "{winner} gagne !", "draw": "Égalité."},
    {"win": "{winner} wins!", "draw": "A draw."},
)


def narrate(event: dict) -> dict[str, str]:
    return {"fr": _line(event, FR), "en": _line(event, EN)}


def _line(event: dict, language: int) -> str:
    fields = dict(event)
    for name in ("side", "attack", "defence", "winner"):
        if event.get(name) in SIDE_NAMES:
            fields[name] = SIDE_NAMES[event[name]][language]
    if "die" in event:
        fields["die"] = DIE_NAMES[event["die"]][language]
    if event["type"] == "rolled":
        fields["dice"] = ", ".join(
            f"{DIE_NAMES[die][language]} {face} ({'rangée' if language == FR else 'row'} {row})"
            for die, face, row in event["dice"]
        )
    if event["type"] == "game_over":
        outcome = OUTCOMES[language]["win" if event["winner"] else "draw"]
        fields["outcome"] = outcome.format(winner=fields["winner"])
    return LINES[event["type"]][language].format_map(fields)
