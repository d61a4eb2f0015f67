"""The referee's page of a Chat-Quidditch match: where the match stands, and its transcript.

``/matches/<id>/`` is read at the side of the pitch, often on a phone, so it
is plain HTML with a little inline CSS and no scripts. It shows the round and
sub-round, the score and possession, every player's third as far as
announced, who is out, what is awaited and from whom (as the chat lines
that would be accepted), and the log as the referee's German transcript with
the English rendering alongside.

Readers are the same as for ``/api/matches/``: anyone for a public match,
the members of its campaign otherwise. A visitor who is not logged in is sent
to the login (for any id, so that nothing is given away); a logged-in user
who may not see the match gets 404, as the API answers. The page costs a fixed
number of queries however long the log: the caller's roles, the game row and
its events (plus the session's own two).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.apis import render_event
from games.ruleset import find_ruleset
from games.selectors import game_events, games_visible_to
from quidditch.models import KIND
from quidditch.rules.parsing import BARE, NICK_TAKING, REFEREE_WORDS
from quidditch.rules.teams import ROLE_WORDS
from quidditch.services import CHAT_QUIDDITCH

# The words of §3.5 the other way round: a command as its giver would type it.
_BARE_WORDS = {action: word for word, action in BARE.items()}
_NICK_WORDS = {action: word for word, action in NICK_TAKING.items()}
_REFEREE_LINES = {
    (command["action"], command.get("ball")): words.capitalize()
    for words, command in REFEREE_WORDS.items()
}

PHASES = {
    "experience": "the captains hand out experience points (§3.2)",
    "quaffle_roll": "the captains' quaffle roll (§4.2)",
    "goal_choice": "the loser of the quaffle roll chooses the goal third (§4.2)",
    "chat": "chat (§5.2, §6)",
    "positioning": "positioning (§5.3)",
    "bludger_release": "the bludgers are placed, to be released (§5.4)",
    "beaters": "beaters (§5.4)",
    "quaffle_release": "the quaffle carrier is placed, the quaffle to be released (§5.5)",
    "chasers": "chasers and keepers (§5.5, §5.6)",
    "free_throw": "free throw (§5.5.6.2)",
    "snitch_release": "the snitch is placed, to be released (§5.7)",
    "seekers": "seekers (§5.7)",
    "score": "the score after the round (§5.1)",
    "over": "game over (§7)",
}
"""What the match waits for, by the ``phase`` of the state."""


def chat_line(command: dict) -> str | None:
    """The chat line that gives ``command``, as its giver types it (§3.5).

    The inverse of :func:`quidditch.rules.parsing.parse`, built from the same
    word lists: ``{"action": "pass", "player": "GJäger1", "target": "GJäger2"}``
    is ``Pass GJäger2``, typed by GJäger1 (or relayed by the referee as
    ``GJäger1: Pass GJäger2``); a command without ``player`` is the referee's
    word. ``None`` for commands that have no chat line: the whispered
    experience points, and a quaffle roll asked for by a captain.
    """
    action = command["action"]
    if "player" not in command:
        return _REFEREE_LINES.get((action, command.get("ball")))
    if "target" in command:
        return f"{_NICK_WORDS[action]} {command['target']}"
    if action == "fly":
        return f"Fliegen {command['from']}-{command['to']}"
    if action in ("position", "goal_third"):
        return command["third"]
    return _BARE_WORDS.get(action)


def match_board(state: dict) -> dict:
    """Where the match stands, as the referee's page and the dashboard show it."""
    out, thirds, carrier = state["out"], state["thirds"], state["carrier"]
    captains = {team["captain"] for team in state["teams"]}
    teams = []
    for index, team in enumerate(state["teams"]):
        players = [
            {
                "nick": nick,
                "name": state["players"][nick]["name"],
                "xp": state["players"][nick]["xp"],
                "third": thirds.get(nick),
                "out": nick in out,
                "carrier": nick == carrier,
                "captain": nick in captains,
            }
            for role in ROLE_WORDS
            for nick in state["lineup"][role][index]
        ]
        teams.append(
            {
                **team,
                "goals": state["goals"][index],
                "score": state["score"][index],
                "possession": state["possession"] == index,
                "players": players,
            }
        )
    phase = PHASES[state["phase"]]
    if state["phase"] == "positioning":
        phase = f"{phase}: the {state['positioning']}s"
    return {
        "round": state["round"],
        "last_round": state["last_round"],
        "subround": state["subround"],
        "phase": phase,
        "pitch": state["pitch"],
        "teams": teams,
        "possession": teams[state["possession"]] if state["possession"] is not None else None,
        "carrier": carrier,
        "bludgers": state["bludgers"],
        "snitch": state["snitch"],
        "out": out,
        "awaited": _awaited(state["awaiting"]),
    }


def _awaited(awaiting: list[dict]) -> list[dict]:
    """The commands accepted now, by who may give them; the referee's first."""
    by_giver: dict[str, dict] = {}
    for command in awaiting:
        giver = command.get("player") or ""
        entry = by_giver.setdefault(giver, {"player": giver, "lines": [], "deadline": None})
        entry["lines"].append(chat_line(command) or command["action"])
        if "deadline" in command:
            entry["deadline"] = datetime.fromtimestamp(command["deadline"], UTC)
    return sorted(by_giver.values(), key=lambda entry: entry["player"] != "")


@require_safe
def match_page(request, pk: int):
    """The referee's view of one Chat-Quidditch match."""
    game = games_visible_to(request, KIND).filter(ruleset=CHAT_QUIDDITCH, pk=pk).first()
    if game is None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("No such match.")
    result = find_ruleset(game.ruleset).result(game.state)
    winner = None
    if result is not None and result["winner"] is not None:
        winner = result["teams"][result["winner"]]["house"]
    context = {
        "game": game,
        "board": match_board(game.state),
        "result": result,
        "winner": winner,
        "log": [render_event(game, event) for event in game_events(game)],
        "verify_url": reverse("match-verify", args=[game.pk]),
    }
    return render(request, "quidditch/match.html", context)
