"""Chat-Quidditch in words, in German, English and French: commands, thirds, balls, seats, dice.

A page shows a command as its giver would say it in the reader's language
("GChaser1: Pass to GChaser2", "GPoursuiveur1 : Passer à GPoursuiveur2"), never
as its JSON. The texts are English keys of the package's gettext catalogues
(``locale/``, :mod:`.texts`), which the narration shares. Nicks are the players' names in the
chat (§4.1.1), spelled in the reader's language (:mod:`.rules.vocabulary`:
``GJäger1`` is ``GChaser1`` in English); the thirds' letters (§4.2: G, M, S)
are names in every language, the words beside a letter say what it is. What a
player types is the chat's line in the reader's language (§3.5,
:func:`chat_line`), shown as a hint; the German of the rules counts as well.
The platform reads all of it through :class:`ChatWords` (:mod:`games.words`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from core.errors import gettext_noop as _
from games.words import Words

from .narration import ChatNarration
from .rules import parsing
from .rules.pitch import MIDDLE
from .rules.ruleset import ChatQuidditch
from .rules.vocabulary import CHAT, HIGH, nick_in
from .texts import LANGUAGES, REASONS, TEXTS, WHEN, moves_text

if TYPE_CHECKING:
    from games.ruleset import Actor


# --- thirds and balls ----------------------------------------------------------------------

UNNAMED_THIRDS = {"T": _("the low third"), "H": _("the high third")}
"""§4.2: before the goal choice the end thirds are T (tief, low) and H (hoch, high)."""


def third_text(view: dict, third: str, language: str) -> str:
    """A third as the page names it: its letter (§4.2) and what it is."""
    if third == MIDDLE:
        return TEXTS.say(language, _("M (the middle)"))
    if third in UNNAMED_THIRDS:
        return TEXTS.say(language, UNNAMED_THIRDS[third])
    for team in view["teams"]:
        if team["goal_third"] == third:
            return TEXTS.say(
                language, _("%(letter)s (%(house)s's goal)"), letter=third, house=team["house"]
            )
    return third


BALLS = {"bludgers": _("the bludgers"), "quaffle": _("the quaffle"), "snitch": _("the snitch")}


# --- commands ----------------------------------------------------------------------------

GIVEN = _("%(player)s: %(command)s")
"""A command with its giver, as the referee's page shows the lines he may relay."""

COMMANDS = {
    "experience": _("Hand out experience points: %(points)s"),
    "experience:none": _("Hand out no experience points"),
    "quaffle_roll": _("Roll for the quaffle"),
    "quaffle_roll:referee": _("Let the captains roll for the quaffle"),
    "goal_third:T": _("Put our goal in the low third"),
    "goal_third:H": _("Put our goal in the high third"),
    "chat": _("Open the chat"),
    "chat_end": _("End the chat: the round begins"),
    "position": _("Take position in %(third)s"),
    "release:bludgers": _("Release the bludgers"),
    "release:quaffle": _("Release the quaffle"),
    "release:snitch": _("Release the snitch"),
    "bludger_throw": _("Throw a bludger at %(target)s"),
    "bludger_catch": _("Catch the second bludger"),
    "bludger_rethrow": _("Hurl the caught bludger at %(target)s"),
    "keep_bludger": _("Keep the caught bludger for later"),
    "block": _("Block the bludger"),
    "fly": _("Fly from %(from)s to %(to)s"),
    "attack": _("Attack %(target)s"),
    "attack:keeper": _("Attack the quaffle carrier"),
    "foul": _("Foul %(target)s"),
    "pass": _("Pass to %(target)s"),
    "catch": _("Catch the pass"),
    "intercept": _("Intercept the pass"),
    "shot": _("Shoot at the goal in %(goal)s"),
    "shot:free_throw": _("Take the free throw"),
    "save": _("Save the shot"),
    "find": _("Look for the snitch"),
    "snitch_catch": _("Catch the snitch"),
    "end_subround": _("End the sub-round"),
    "timeout": _("Call time: the answer is overdue"),
    "end_game": _("Agree to end the game"),
    "end_game:propose": _("Propose to end the game"),
    "substitution": _("Ask the referee for a substitution (%(reason)s): %(moves)s"),
    "accept_substitution:now": _("Allow %(house)s's substitution now"),
    "accept_substitution:pause": _("Allow %(house)s's substitution at the next pause"),
    "accept_substitution:half_time": _("Allow %(house)s's substitution at half-time"),
    "refuse_substitution": _("Refuse %(house)s's substitution"),
}

ACTIONS = {
    "experience": _("Hand out experience points"),
    "quaffle_roll": _("Roll for the quaffle"),
    "goal_third": _("Choose the goal third"),
    "chat": _("Open the chat"),
    "chat_end": _("End the chat"),
    "position": _("Take a position"),
    "release": _("Release a ball"),
    "bludger_throw": _("Throw a bludger"),
    "bludger_catch": _("Catch the second bludger"),
    "bludger_rethrow": _("Hurl the caught bludger"),
    "keep_bludger": _("Keep the caught bludger"),
    "block": _("Block the bludger"),
    "fly": _("Fly"),
    "attack": _("Attack"),
    "foul": _("Foul"),
    "pass": _("Pass"),
    "catch": _("Catch the pass"),
    "intercept": _("Intercept the pass"),
    "shot": _("Shoot at the goal"),
    "save": _("Save the shot"),
    "find": _("Look for the snitch"),
    "snitch_catch": _("Catch the snitch"),
    "end_subround": _("End the sub-round"),
    "timeout": _("Call time"),
    "end_game": _("Agree to end the game"),
    "substitution": _("Ask for a substitution"),
    "accept_substitution": _("Allow a substitution"),
    "refuse_substitution": _("Refuse a substitution"),
}
"""What each kind of command does, as the heading of its form."""

FIELDS = {
    "player": _("Player"),
    "target": _("Whom"),
    "third": _("Third"),
    "from": _("From"),
    "to": _("To"),
    "ball": _("Ball"),
    "points": _("Experience points"),
    "deadline": _("Answer until"),
    "changes": _("Who changes"),
    "reason": _("Reason"),
    "note": _("Note"),
    "team": _("Team"),
    "when": _("When"),
}


def requested_moves(command: dict, view: dict) -> list[dict]:
    """A request's changes as moves, read in ``view``: who each one is, by name."""
    team = view["players"].get(command.get("player"), {}).get("team", 0)
    bench = view["teams"][team].get("substitutes", [])
    moves = []
    for change in command.get("changes", []):
        if "substitute" in change:
            number = change["substitute"]
            name = bench[number]["name"] if 0 <= number < len(bench) else ""
            moves.append({"name": name, "from": None, "to": change["to"]})
        else:
            nick = change["nick"]
            name = view["players"].get(nick, {}).get("name", "")
            moves.append({"name": name, "from": nick, "to": change["to"]})
    return moves


def command_words(command: dict, view: dict, language: str) -> str:
    """The command as its giver says it, without the giver (a button in his row)."""
    action = command["action"]
    fields: dict[str, str] = {}
    key = action
    if action == "experience":
        points = command.get("points") or {}
        key = "experience" if points else "experience:none"
        fields["points"] = points_text(points, language)
    elif action == "quaffle_roll" and "player" not in command:
        key = "quaffle_roll:referee"
    elif action == "goal_third":
        key = f"goal_third:{command['third']}"
    elif action == "release":
        key = f"release:{command['ball']}"
    elif action == "attack" and "target" not in command:
        key = "attack:keeper"
    elif action == "shot" and view["phase"] == "free_throw":
        key = "shot:free_throw"
    elif action == "shot":  # at the goal of the third he is in: his own, by accident (§3.5)
        fields["goal"] = third_text(view, view["thirds"][command["player"]], language)
    elif action == "end_game" and not view["end_votes"]:
        key = "end_game:propose"
    elif action == "substitution":
        fields["reason"] = TEXTS.say(language, REASONS[command["reason"]])
        fields["moves"] = moves_text(requested_moves(command, view), language)
    elif action in ("accept_substitution", "refuse_substitution"):
        team = command.get("team")
        if team is None:  # the one request awaiting an answer
            team = next((r["team"] for r in view["substitutions"] if not r["accepted"]), 0)
        fields["house"] = view["teams"][team]["house"]
        if action == "accept_substitution":
            key = f"accept_substitution:{command.get('when', 'now')}"
    for name in ("third", "from", "to"):
        if name in command:
            fields[name] = third_text(view, command[name], language)
    if "target" in command:
        fields["target"] = nick_in(command["target"], language)
    return TEXTS.say(language, COMMANDS[key], **fields)


def points_text(points: dict[str, int], language: str) -> str:
    """Experience points by nick: "GJäger1 2, GHüter 1", or "none"."""
    given = [f"{nick_in(nick, language)} {amount}" for nick, amount in points.items() if amount]
    return ", ".join(given) if given else TEXTS.say(language, _("none"))


def clock_text(seconds: float) -> str:
    """A moment (POSIX seconds) as a clock in UTC: "18:00:10 UTC"."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%H:%M:%S UTC")


# --- what a die is rolled for ------------------------------------------------------------

PURPOSES = {
    "quaffle roll": _("the captains' roll for the quaffle"),
    "bludger placement": _("where the bludgers are"),
    "bludger throw": _("a bludger throw"),
    "bludger catch": _("catching the second bludger"),
    "bludger rethrow": _("hurling the caught bludger"),
    "block": _("a block"),
    "quaffle carrier position": _("where the quaffle carrier is"),
    "attack": _("an attack"),
    "keeper attack": _("the keeper's attack"),
    "foul": _("a foul"),
    "seeker foul": _("a seeker's foul"),
    "pass": _("a pass"),
    "catch": _("catching a pass"),
    "intercept": _("an interception"),
    "shot": _("a shot at the goal"),
    "free throw": _("a free throw"),
    "save": _("a save"),
    "snitch position": _("where the snitch is"),
    "find snitch": _("looking for the snitch"),
    "catch snitch": _("catching the snitch"),
}
TIE = " (tie)"


# --- the chat line a player types (§3.5) -------------------------------------------------


def _lines_of(language: str) -> tuple[dict, dict, dict]:
    """``language``'s words by the action they give: alone, with a nick, the referee's."""
    words = CHAT[language]
    referee = {(c["action"], c.get("ball")): word for word, c in words.referee.items()}
    return (
        {action: word for word, action in words.bare.items()},
        {action: word for word, action in words.naming.items()},
        referee,
    )


_LINES = {language: _lines_of(language) for language in CHAT}


def chat_line(command: dict, language: str) -> str | None:
    """The chat line that gives ``command`` in ``language``, as its giver types it (§3.5).

    The inverse of :func:`quidditch.chat.rules.parsing.parse`, built from the same
    word lists: ``{"action": "pass", "player": "GJäger1", "target": "GJäger2"}``
    is ``Pass GJäger2`` in German and ``Pass GChaser2`` in English, typed by GJäger1
    (or relayed by the referee as ``GJäger1: Pass GJäger2``, :func:`typed_line`);
    a command without ``player`` is the referee's word. ``None`` for commands that
    have no chat line: the whispered experience points and substitutions, and a
    quaffle roll asked for by a captain.
    """
    bare, naming, referee = _LINES[language]
    action = command["action"]
    if "player" not in command:
        return referee.get((action, command.get("ball")))
    if "target" in command:
        return f"{naming[action]} {nick_in(command['target'], language)}"
    if action == "fly":
        return f"{CHAT[language].fly} {command['from']}-{command['to']}"
    if action == "goal_third":
        return CHAT[language].low if command["third"] != HIGH else HIGH
    if action == "position":
        return command["third"]
    return bare.get(action)


def typed_line(command: dict, controls: frozenset[str], language: str) -> str | None:
    """The line the reader types for ``command``: its chat line, with the nick in front
    where the reader relays a nick he does not play (the referee, §3.5) or plays several,
    and the line must say which of them speaks."""
    line = chat_line(command, language)
    nick = command.get("player")
    if line is not None and nick is not None and controls != {nick}:
        return f"{nick_in(nick, language)}: {line}"
    return line


# --- the game's words, as the platform asks for them (games.words) ------------------------


class ChatWords(ChatNarration, Words):
    """Chat-Quidditch as the platform says it: the names above as data; a command, a
    choice, a seat, a die's purpose and a match's title as this module words them; the
    referee's transcript and the ending's sentence as their own, inherited
    (:class:`.narration.ChatNarration`), not forwarded to; and the command a typed chat
    line gives (§3.5). The answer to ``help`` (:mod:`.asking`) is said with this
    module's words, so its module is imported where it is read, not above."""

    languages = LANGUAGES
    catalogue = TEXTS
    actions = ACTIONS
    fields = FIELDS
    purposes = PURPOSES

    def command(self, command: dict, view: dict, language: str) -> str:
        """The command as its giver says it, with the giver's nick for a player's command."""
        words = command_words(command, view, language)
        if "player" not in command:
            return words
        return self.say(language, GIVEN, player=nick_in(command["player"], language), command=words)

    def choice(self, action: str, field: str, value, view: dict, language: str) -> str:
        """One value of a command's field, as an option of a form."""
        if field == "player" and value is None:  # the referee's own (a vote, the quaffle roll)
            return self.say(language, _("the referee"))
        if field in ("player", "target"):
            return self.seat(value, view, language)
        if field in ("third", "from", "to"):
            return third_text(view, value, language)
        if field == "ball":
            return self.say(language, BALLS[value])
        if field == "points":
            return points_text(value, language)
        if field == "deadline":
            return clock_text(value)
        if field == "team":
            return view["teams"][value]["house"]
        if field == "changes":
            nicks = [c.get("nick") or c.get("to") for c in value]
            player = next((n for n in nicks if n in view["players"]), None)
            changes = requested_moves({"player": player, "changes": value}, view)
            return moves_text(changes, language)
        if field == "when":
            return self.say(language, WHEN[value])
        if field == "reason":
            return self.say(language, REASONS[value])
        return str(value)

    def game_title(self, state: dict) -> str:
        """The two houses: "Gryffindor v Slytherin"."""
        return " v ".join(team["house"] for team in state["teams"])

    def seat(self, seat: str, view: dict, language: str) -> str:
        """A nick in ``language``, with the name of whoever plays it: "GSeeker (Harry Potter)"."""
        name = view["players"].get(seat, {}).get("name")
        nick = nick_in(seat, language)
        return f"{nick} ({name})" if name else nick

    def purpose(self, purpose: str, language: str) -> str:
        """What a die is rolled for; a roll again after a full tie says so (§3.3)."""
        if purpose.endswith(TIE):
            again = self.purpose(purpose.removesuffix(TIE), language)
            return self.say(language, _("%(purpose)s, rolled again after a tie"), purpose=again)
        return super().purpose(purpose, language)

    def parse(self, text: str, *, state: dict, actor: Actor) -> dict:
        """The command a chat line gives (§3.5), in any of the three languages' words; a
        line asking for ``help`` is answered with what the sender may type now, as a
        refusal that plays nothing (:mod:`quidditch.chat.asking`)."""
        from .asking import answer

        if parsing.asks_for_help(text):
            raise answer(self, ChatQuidditch().allowed_commands(state, actor), state, actor)
        return parsing.parse(text, state=state, actor=actor)
