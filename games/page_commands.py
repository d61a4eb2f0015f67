"""A command given on a game's page: a plain form post, answered by the page again.

The page works without JavaScript: every command on it is a form post to the page's own
URL (a button carries its command as JSON, a form of choices its action and the values
chosen, the command box its line, the dice form the faces), which this module turns into
the one submission the API would send (``games.services.game_submit_command``); the
page (``games.views.game_page``) answers with a redirect to itself (post, redirect, get,
:func:`back`), the outcome told above the game as a message. ``storyguide/table.js``
sends the same post with ``fetch``, asking for the page's parts that change, which are
its answer and are put in place of those shown, so a move never reloads the page.

Two answers are the page's own:

- A command that ends or gives up the game for everyone (``Ruleset.ending_actions``)
  asks first: without ``confirmed`` the answer is a page that names the consequence and
  sends the same post again, confirmed.
- A move another got in first (the game moved on since the page was drawn) is not an
  error: the message says what happened since, in the reader's words, and the reader
  chooses again on the page as it now stands.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import AppError, Conflict, Invalid, gettext_noop
from core.numbers import whole_number
from core.responses import error_body
from games import selectors, services
from games.campaign_app import campaign_app
from games.manifest import Manifest
from games.models import Game
from games.ruleset import Ruleset

#: What a form of choices posts besides the values chosen.
NOT_CHOICES = frozenset({"action", "expected_version", "csrfmiddlewaretoken", "confirmed"})

#: The consequence a page names before a command that may end the game for everyone.
ENDS_THE_GAME = gettext_noop(
    "“%(command)s” can end the game for everyone before its rules end it, with the score "
    "as it stands. Do you want to go on?"
)


def command_from_page(
    request, game: Game, manifest: Manifest, actor, language: str
) -> Game | HttpResponse:
    """Apply the command the page posted, its outcome told as a message, and give the game
    as it now stands (the bots' moves after it included); or the page that asks to
    confirm it first."""
    rules = manifest.rules
    try:
        submission = _submission(request.POST, game, rules, actor)
    except AppError as refusal:
        messages.error(request, error_body(refusal, language)["detail"])
        return game
    if _needs_confirmation(request.POST, rules, submission):
        view = selectors.state_as_seen(game, actor)
        return render(
            request,
            "games/confirm.html",
            {
                "game": game,
                "page": request.path,
                "question": gettext(ENDS_THE_GAME)
                % {"command": manifest.words.command(submission.command, view, language)},
                "fields": [
                    (name, value)
                    for name, value in request.POST.items()
                    if name != "csrfmiddlewaretoken"
                ],
            },
        )
    try:
        played = services.game_submit_command(
            game_id=game.pk,
            kind=game.kind,
            roles=campaign_app().roles(request),
            by=request.user,
            submission=submission,
            now=timezone.now(),
        )
    except Conflict as moved_on:
        if moved_on.code == "dice_awaited":
            messages.error(request, error_body(moved_on, language)["detail"])
        else:
            messages.info(request, _moved_first(game, actor, submission, language))
    except AppError as refusal:
        messages.error(request, error_body(refusal, language)["detail"])
    else:
        return played.game
    return game


def _submission(posted, game: Game, rules: Ruleset, actor) -> services.Submission:
    """The submission the page's form stands for (see the module's docstring)."""
    version = whole_number(posted.get("expected_version"))
    if "action" in posted:  # a form of choices: its values may be named anything
        return services.Submission(
            command=_chosen(posted, game, rules, actor), expected_version=version
        )
    if "command" in posted:
        command = _json(posted["command"])
        if not isinstance(command, dict):
            raise Invalid.field("command", gettext("This command cannot be read: reload the page."))
        return services.Submission(command=command, expected_version=version)
    if "text" in posted:
        return services.Submission(text=posted["text"], expected_version=version)
    if "faces" in posted:
        faces = [whole_number(face) for face in posted["faces"].replace(",", " ").split()]
        if None in faces or not faces:
            raise Invalid.field("faces", gettext("The dice are whole numbers, apart by spaces."))
        dice = [faces] if posted.get("shuffle") == "1" else faces
        return services.Submission(dice=dice, expected_version=version)
    raise Invalid(gettext("Nothing was sent: choose a command."))


def _chosen(posted, game: Game, rules: Ruleset, actor) -> dict:
    """The offer of a form of choices: of its action, with every value chosen."""
    action = posted["action"]
    chosen = {name: _json(value) for name, value in posted.items() if name not in NOT_CHOICES}
    for command in selectors.offered_commands(game, actor, now=timezone.now()):
        if command.get("action") == action and all(
            command.get(name) == value for name, value in chosen.items()
        ):
            return command
    raise Invalid(gettext("This choice is not offered now: choose again."))


def _json(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None


def _needs_confirmation(posted, rules: Ruleset, submission: services.Submission) -> bool:
    command = submission.command or {}
    return command.get("action") in rules.ending_actions and posted.get("confirmed") != "yes"


def _moved_first(game: Game, actor, submission, language: str) -> str:
    """What happened since the page was drawn, in the reader's words."""
    since = submission.expected_version or 0
    game.refresh_from_db()
    lines = [
        line.get(language, "")
        for event in selectors.game_events(game, after=since, until=game.version)
        for line in selectors.event_as_seen(game, event, actor)["narration"]
    ]
    said = " ".join(line for line in lines if line)
    if not said:
        return gettext("The game moved on before your move: choose again.")
    return gettext("Another move came first: %(moves)s Choose again.") % {"moves": said}


def back(request):
    """To the page the command was given on, as it now stands."""
    return redirect(f"{request.get_full_path()}#table")
