"""Every write of the bridge: connecting a campaign to a Discord application, binding a
channel, and tying a Discord user to an account by a one-time code."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db import transaction

from campaign.models import Campaign
from campaign.selectors import require_storyguide
from core.errors import Invalid, NotFound, gettext_noop
from discord_bridge.models import DiscordApplication, DiscordChannel, DiscordLink, LinkCode
from discord_bridge.moments import forget_channels
from games.models import Game

#: How long a code ``/link`` gives may be entered on the site.
CODE_LIFETIME = timedelta(minutes=15)
#: Letters of a code: no 0/O or 1/I/L to mistake for one another.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def application_connect(
    *,
    campaign: Campaign,
    by,
    application_id: str,
    public_key: str,
    bot_token: str,
    now: datetime,
) -> DiscordApplication:
    """Connect ``campaign`` to a Discord application (its storyguide only), or change the
    connection; the bot's token is kept and never shown again."""
    require_storyguide(by, campaign.pk)
    _check_key(public_key)
    if not application_id.isdigit():
        raise Invalid.field(
            "application_id",
            gettext_noop("An application id is a number."),
            code="bad_application_id",
        )
    taken = DiscordApplication.objects.filter(application_id=application_id).exclude(
        campaign=campaign
    )
    if taken.exists():
        raise Invalid.field(
            "application_id",
            gettext_noop("This Discord application is connected to another campaign."),
            code="application_taken",
        )
    with transaction.atomic():
        application, _ = DiscordApplication.objects.update_or_create(
            campaign=campaign,
            defaults={
                "application_id": application_id,
                "public_key": public_key.lower(),
                "bot_token": bot_token,
            },
            create_defaults={
                "application_id": application_id,
                "public_key": public_key.lower(),
                "bot_token": bot_token,
                "created_at": now,
            },
        )
    return application


def _check_key(public_key: str) -> None:
    try:
        valid = len(bytes.fromhex(public_key)) == 32
    except ValueError:
        valid = False
    if not valid:
        raise Invalid.field(
            "public_key",
            gettext_noop(
                "A public key is 64 hexadecimal digits, as the developer portal shows it."
            ),
            code="bad_public_key",
        )


def channel_bind(
    *, campaign: Campaign, by, channel_id: str, game_id: int | None, language: str = "en"
) -> DiscordChannel:
    """Bind a channel of the campaign's Discord server to one of its games (``game_id``),
    or to the campaign itself (``None``); a channel bound before is bound anew."""
    require_storyguide(by, campaign.pk)
    application = DiscordApplication.objects.filter(campaign=campaign).first()
    if application is None:
        raise Invalid(
            gettext_noop("Connect the campaign to a Discord application first."),
            code="not_connected",
        )
    if not channel_id.isdigit():
        raise Invalid.field(
            "channel_id", gettext_noop("A channel id is a number."), code="bad_channel_id"
        )
    game = None
    if game_id is not None:
        game = Game.objects.filter(pk=game_id, campaign=campaign).first()
        if game is None:
            raise Invalid.field(
                "game", gettext_noop("No game of this campaign has that id."), code="no_such_game"
            )
    before = DiscordChannel.objects.filter(application=application, channel_id=channel_id)
    forget_channels(before.values_list("game_id", flat=True).first())
    channel, _ = DiscordChannel.objects.update_or_create(
        application=application,
        channel_id=channel_id,
        defaults={"game": game, "language": language},
    )
    forget_channels(game_id)
    return channel


def channel_unbind(*, channel: DiscordChannel, by) -> None:
    require_storyguide(by, channel.application.campaign_id)
    forget_channels(channel.game_id)
    channel.delete()


def link_code_issue(*, discord_user_id: str, now: datetime) -> LinkCode:
    """A fresh one-time code for a Discord user (``/link``); their earlier codes go."""
    LinkCode.objects.filter(discord_user_id=discord_user_id).delete()
    code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return LinkCode.objects.create(
        code=code, discord_user_id=discord_user_id, expires_at=now + CODE_LIFETIME
    )


def link_claim(*, code: str, by, now: datetime) -> DiscordLink:
    """Tie the Discord user who was given ``code`` to ``by``, the person logged in who
    entered it; the code is used up. A Discord user is tied to one account at a time."""
    typed = code.strip().upper().replace(" ", "").replace("-", "")
    with transaction.atomic():
        found = LinkCode.objects.select_for_update().filter(code=typed, expires_at__gt=now).first()
        if found is None:
            raise NotFound(
                gettext_noop("No such code, or it has expired: ask /link for a new one."),
                code="no_such_link_code",
            )
        found.delete()
        link, _ = DiscordLink.objects.update_or_create(
            discord_user_id=found.discord_user_id, defaults={"user": by, "linked_at": now}
        )
    return link
