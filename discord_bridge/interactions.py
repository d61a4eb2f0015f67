"""What each interaction is answered with (Discord's interaction types and the slash
commands of ``discord_bridge.commands``).

An answer is one of Discord's interaction responses: ``PONG`` (1) to a ``PING``, a
message (4), the choices of an autocomplete (8), or a deferral (5) where the command's
work may outlast Discord's three seconds: a command to a game whose bots move after it
(``discord_bridge.deferred`` then sends the answer). Everything that may refuse without
playing (who is asking, which game, a line that does not parse, a choice from an older
list) is judged at once, so a refusal is always an ephemeral message for the sender.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from core.errors import AppError, Forbidden, Invalid, NotFound, RuleViolation, gettext_noop
from discord_bridge import deferred, reads
from discord_bridge.models import DiscordApplication, DiscordChannel, DiscordLink
from discord_bridge.services import link_code_issue
from discord_bridge.words import language_of, message, refusal, say
from games import selectors
from games.manifest import manifest_of
from games.models import Game
from games.ruleset import SPECTATOR
from games.services import Submission, actor_for
from games.words import Words

PING, APPLICATION_COMMAND, AUTOCOMPLETE = 1, 2, 4
PONG, MESSAGE, DEFERRED, CHOICES = 1, 4, 5, 8
#: Discord shows at most 25 choices, each named in at most 100 characters.
MOST_CHOICES, CHOICE_LENGTH = 25, 100

NOT_LINKED = gettext_noop(
    "Your Discord account is not linked to an account here yet: use /link first."
)
NO_GAME = gettext_noop("This channel is bound to no game.")
STALE_CHOICE = gettext_noop("The game has moved on since that list: choose again.")
NOT_A_CHOICE = gettext_noop("Choose one of the moves offered as you type.")
NO_TEXT = gettext_noop("%(title)s takes no typed lines: use /move.")
BAD_DICE = gettext_noop("Type the faces as whole numbers, such as “3 5”.")
LINK_CODE = gettext_noop(
    "Your code: **%(code)s**. Enter it within 15 minutes, logged in, at %(url)s"
)
UNKNOWN_COMMAND = gettext_noop("This command is not known here.")


@dataclass(frozen=True)
class Interaction:
    """One interaction as Discord sent it, to its connected application."""

    application: DiscordApplication
    body: dict
    received_at: datetime
    site: str

    @property
    def name(self) -> str:
        return self.body.get("data", {}).get("name", "")

    @property
    def options(self) -> dict:
        return {o["name"]: o.get("value") for o in self.body.get("data", {}).get("options", [])}

    @property
    def user_id(self) -> str:
        who = self.body.get("member", {}).get("user") or self.body.get("user") or {}
        return str(who.get("id", ""))

    @property
    def channel_id(self) -> str:
        return str(self.body.get("channel_id", ""))

    @property
    def language(self) -> str:
        return language_of(self.body.get("locale"))


def respond(interaction: Interaction) -> dict:
    """The answer to ``interaction``, within Discord's three seconds."""
    kind = interaction.body.get("type")
    if kind == PING:
        return {"type": PONG}
    if kind == AUTOCOMPLETE:
        return {"type": CHOICES, "data": {"choices": _choices(interaction)}}
    if kind != APPLICATION_COMMAND:
        raise Invalid(gettext_noop("Not an interaction this endpoint takes."))
    try:
        return COMMANDS.get(interaction.name, _unknown)(interaction)
    except AppError as error:
        return _said(refusal(error, interaction.language), ephemeral=True)


def _said(text: str, *, ephemeral: bool = False, embeds: list | None = None) -> dict:
    return {"type": MESSAGE, "data": message(text, ephemeral=ephemeral, embeds=embeds)}


def _unknown(interaction: Interaction) -> dict:
    return _said(say(UNKNOWN_COMMAND, interaction.language), ephemeral=True)


# -- who asks, about what ----------------------------------------------------------------


def _user(interaction: Interaction):
    link = (
        DiscordLink.objects.select_related("user")
        .filter(discord_user_id=interaction.user_id)
        .first()
    )
    if link is None or not link.user.is_active:
        raise NotFound(NOT_LINKED, code="discord_not_linked")
    return link.user


def _channel(interaction: Interaction) -> DiscordChannel | None:
    return DiscordChannel.objects.filter(
        application=interaction.application, channel_id=interaction.channel_id
    ).first()


def _game(interaction: Interaction) -> Game:
    channel = _channel(interaction)
    if channel is None or channel.game_id is None:
        raise NotFound(NO_GAME, code="no_game_bound")
    return Game.objects.get(pk=channel.game_id)


# -- the commands --------------------------------------------------------------------------


def _link(interaction: Interaction) -> dict:
    """A one-time code, for the sender only, to enter on the site's link page."""
    code = link_code_issue(discord_user_id=interaction.user_id, now=interaction.received_at)
    url = interaction.site.rstrip("/") + "/discord/link/"
    return _said(say(LINK_CODE, interaction.language, code=code.code, url=url), ephemeral=True)


def _game_state(interaction: Interaction) -> dict:
    """The game in a short embed: whose move, the latest line, the end, and its page."""
    game = _game(interaction)
    user = _user_or_none(interaction)
    actor = actor_for(game, user)
    return _said("", embeds=[reads.game_embed(game, actor, interaction.language, interaction.site)])


def _user_or_none(interaction: Interaction):
    try:
        return _user(interaction)
    except NotFound:
        return None


def _move(interaction: Interaction) -> dict:
    """The move chosen from the autocomplete's list: its value names the game's version
    and the move's place in the list the sender was offered then."""
    game, user = _game(interaction), _user(interaction)
    actor = actor_for(game, user)
    if actor.role == SPECTATOR:  # a spectator, a removed member: as the service refuses
        raise Forbidden(gettext_noop("Only the referee and the game's participants send commands."))
    version, _, index = str(interaction.options.get("move", "")).partition(".")
    if not (version.isdigit() and index.isdigit()):
        raise Invalid(NOT_A_CHOICE, code="not_a_choice")
    if int(version) != game.version:
        raise RuleViolation("stale_choice", STALE_CHOICE)
    offered = selectors.offered_commands(game, actor, now=interaction.received_at)
    if int(index) >= len(offered):
        raise RuleViolation("stale_choice", STALE_CHOICE)
    submission = Submission(command=offered[int(index)], expected_version=game.version)
    return _play(interaction, game, user, submission)


def _dice(interaction: Interaction) -> dict:
    """Dice entered at the table: faces (``3 5``), or a shuffle's new order (``[3, 1, 2]``)."""
    game, user = _game(interaction), _user(interaction)
    return _play(interaction, game, user, Submission(dice=_faces(interaction.options.get("faces"))))


def _faces(typed) -> list:
    text = str(typed or "").strip()
    try:
        if text.startswith("["):
            faces = json.loads(text)
            return [faces] if all(isinstance(f, int | str) for f in faces) else faces
        return [int(face) for face in text.replace(",", " ").split()]
    except (ValueError, TypeError):
        raise Invalid(BAD_DICE, code="bad_dice") from None


def _line(interaction: Interaction) -> dict:
    """A line in the rules' own syntax (Chat-Quidditch's ``Pass GJäger2``), parsed by the
    ruleset as the API parses typed text; a line that does not parse is refused at once,
    with the near miss it may have meant."""
    game, user = _game(interaction), _user(interaction)
    manifest = manifest_of(game.ruleset)
    if type(manifest.words).parse is Words.parse:
        raise Invalid(NO_TEXT, code="takes_no_text", params={"title": manifest.rules.title})
    line = str(interaction.options.get("line", ""))
    actor = actor_for(game, user)
    manifest.words.parse(line, state=game.state, actor=actor)  # refuses a line that is no command
    return _play(interaction, game, user, Submission(text=line))


def _play(interaction: Interaction, game: Game, user, submission: Submission) -> dict:
    """Play ``submission``: at once, or deferred where the game's bots move after it."""
    work = deferred.Work(
        application_id=interaction.application.application_id,
        token=interaction.body.get("token", ""),
        channel_id=interaction.channel_id,
        game_id=game.pk,
        user_id=user.pk,
        submission=submission.__dict__,
        received_at=interaction.received_at.isoformat(),
        language=interaction.language,
    )
    if any(seat.bot for seat in game.seats.all()):
        deferred.send(work)
        return {"type": DEFERRED}
    played = deferred.play(work)
    return _said(played.text, ephemeral=played.refused)


def _standings(interaction: Interaction) -> dict:
    return _said(reads.standings_text(interaction.application.campaign, interaction.language))


def _fixtures(interaction: Interaction) -> dict:
    return _said(
        reads.fixtures_text(
            interaction.application.campaign, interaction.language, now=interaction.received_at
        )
    )


def _choices(interaction: Interaction) -> list[dict]:
    """The sender's moves in words in their language, those matching what they typed
    first, each valued ``<version>.<place in the list>``; none for anyone who may not
    play here."""
    try:
        game, user = _game(interaction), _user(interaction)
    except NotFound:
        return []
    actor = actor_for(game, user)
    words = manifest_of(game.ruleset).words
    view = selectors.state_as_seen(game, actor)
    offered = selectors.offered_commands(game, actor, now=interaction.received_at)
    typed = str(interaction.options.get("move") or "").casefold()
    named = [
        (words.command(command, view, interaction.language), f"{game.version}.{place}")
        for place, command in enumerate(offered)
    ]
    matching = [pair for pair in named if typed in pair[0].casefold()] or named
    return [{"name": name[:CHOICE_LENGTH], "value": value} for name, value in matching][
        :MOST_CHOICES
    ]


COMMANDS = {
    "link": _link,
    "game": _game_state,
    "move": _move,
    "dice": _dice,
    "cq": _line,
    "standings": _standings,
    "fixtures": _fixtures,
}
