"""Invitations: the one way into a campaign, so that nobody is a member without consent.

The storyguide makes an invitation (a role, perhaps the character the newcomer
will play, an expiry, how many may use it) and hands out its link or its code.
The newcomer signs up or logs in and accepts it; they are then a member, and
the character is theirs. Or the storyguide names a person by username: that
makes an invitation addressed to them, which they alone find among their own
(``invitations_for``) and accept or decline. Naming a username that no account
has makes the same invitation, and answers the same: who has an account is
nobody's business. The services here own each of those writes, and decide who may:
only a storyguide makes, addresses and revokes invitations (``by``, the person asking;
``None``: the service itself).

A code is twelve characters of Crockford's base 32 drawn from ``secrets``
(60 bits): short enough to read out at the table, far too many to guess with
the rate limit on accepting. It is shown in groups of four
(``K7QM-3XRD-9ZPA``); a code typed with dashes, spaces, small letters or the
look-alikes O, I and L is read as meant.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import NamedTuple

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import formats

from campaign.models import Campaign, Character, Invitation, Membership, Role
from campaign.selectors import require_storyguide
from campaign.services import in_each_language, member_joined, membership_remove
from core.errors import Conflict, Forbidden, Gone, Invalid, NotFound, gettext_noop

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12
LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
USERNAME_TAKEN = gettext_noop("That username is taken; choose another.")


class Joined(NamedTuple):
    """What accepting an invitation gave: a membership, and perhaps a character."""

    membership: Membership
    character: Character | None


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def grouped(code: str) -> str:
    """``K7QM3XRD9ZPA`` -> ``K7QM-3XRD-9ZPA``, as people read and type it."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def link_in_two(link: str) -> tuple[str, str]:
    """An invitation's link in two, after ``/join/``: where a phone may break its line
    (never inside the code)."""
    site, __, code = link.partition("/join/")
    return f"{site}/join/", code


def normalized(typed: str) -> str:
    return "".join(typed.upper().translate(LOOK_ALIKES).replace("-", "").split())


def invitation_create(
    *,
    campaign: Campaign,
    created_by,
    now: datetime,
    role: str = Role.PLAYER,
    character: Character | None = None,
    max_uses: int | None = 1,
    expires_at: datetime | None = None,
    allow_signup: bool = True,
    by=None,
) -> Invitation:
    if by is not None:
        require_storyguide(by, campaign.pk)
    if role not in (Role.PLAYER, Role.SPECTATOR):
        raise Invalid.field("role", gettext_noop("An invitation is for a player or a spectator."))
    if character is not None:
        if character.campaign_id != campaign.pk:
            raise Invalid.field("character", gettext_noop("No such character in this campaign."))
        if role != Role.PLAYER:
            raise Invalid.field(
                "character", gettext_noop("Only a player can be given a character.")
            )
        if max_uses != 1:
            raise Invalid.field(
                "max_uses", gettext_noop("A character has one player: make it single use.")
            )
    if max_uses is not None and max_uses < 1:
        raise Invalid.field("max_uses", gettext_noop("At least one use, or empty for no limit."))
    if expires_at is not None and expires_at <= now:
        raise Invalid.field("expires_at", gettext_noop("The expiry must be in the future."))
    return Invitation.objects.create(
        campaign=campaign,
        code=new_code(),
        role=role,
        character=character,
        max_uses=max_uses,
        expires_at=expires_at,
        allow_signup=allow_signup,
        created_by=created_by,
        created_at=now,
    )


def invitation_address(
    *,
    campaign: Campaign,
    username: str,
    role: str,
    created_by,
    now: datetime,
    character: Character | None = None,
    by=None,
) -> Invitation:
    """An invitation addressed to the person with ``username``, in any role: they become a
    member (and the character's player) only by accepting it. An open invitation to them
    into the campaign that it replaces (the same character, or none) is withdrawn."""
    if by is not None:
        require_storyguide(by, campaign.pk)
    if role not in Role.values:
        raise Invalid.field(
            "role",
            gettext_noop("A role is one of %(roles)s."),
            params={"roles": ", ".join(Role.values)},
        )
    if character is not None and character.campaign_id != campaign.pk:
        raise Invalid.field("character", gettext_noop("No such character in this campaign."))
    member = Membership.objects.filter(campaign=campaign, user__username=username).first()
    if member is not None and character is None:
        raise Conflict(
            gettext_noop(
                "%(username)s is a member of %(campaign)s already (%(role)s); "
                "change their role at /api/memberships/%(membership)s/."
            ),
            code="already_member",
            params={
                "username": username,
                "campaign": campaign.name,
                "role": in_each_language(member.get_role_display),
                "membership": member.pk,
            },
        )
    with transaction.atomic():
        for earlier in Invitation.objects.filter(
            campaign=campaign, addressed_to=username, character=character
        ):
            if why_unusable(earlier, now) is None:
                invitation_revoke(invitation=earlier, now=now)
        return Invitation.objects.create(
            campaign=campaign,
            code=new_code(),
            role=role,
            addressed_to=username,
            character=character,
            max_uses=1,
            allow_signup=False,
            created_by=created_by,
            created_at=now,
        )


def invitations_for(user, now: datetime) -> list[Invitation]:
    """The invitations addressed to ``user`` that they may still accept, newest first."""
    addressed = Invitation.objects.filter(addressed_to=user.get_username()).select_related(
        "campaign", "character", "created_by"
    )
    return [invitation for invitation in addressed if why_unusable(invitation, now) is None]


def invitation_decline(*, code: str, user, now: datetime) -> Invitation:
    """The person an invitation is addressed to says no; nothing else changes."""
    with transaction.atomic():
        invitation = _locked(code, now)
        _check_addressee(invitation, user)
        if not invitation.addressed_to:
            raise Forbidden(
                gettext_noop(
                    "Only an invitation addressed to you can be declined; ignore this one."
                ),
                code="not_addressed",
            )
        invitation.declined_at = now
        invitation.save(update_fields=["declined_at"])
    return invitation


def invitation_revoke(*, invitation: Invitation, now: datetime, by=None) -> Invitation:
    """Withdraw an invitation (a storyguide may); whoever joined through it stays a member."""
    if by is not None:
        require_storyguide(by, invitation.campaign_id)
    if invitation.revoked_at is None:
        invitation.revoked_at = now
        invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_by_code(typed: str) -> Invitation:
    found = (
        Invitation.objects.select_related("campaign", "character")
        .filter(code=normalized(typed))
        .first()
    )
    if found is None:
        raise NotFound(
            gettext_noop("No invitation has this code; check it with whoever gave it to you.")
        )
    return found


def why_unusable(invitation: Invitation, now: datetime) -> Gone | None:
    """Why the invitation can no longer be accepted, or ``None`` when it can."""
    if invitation.revoked_at is not None:
        return Gone(
            gettext_noop("The storyguide has withdrawn this invitation."), code="invitation_revoked"
        )
    if invitation.declined_at is not None:
        return Gone(gettext_noop("This invitation was declined."), code="invitation_declined")
    if invitation.expires_at is not None and invitation.expires_at <= now:
        when = formats.date_format(invitation.expires_at, "DATETIME_FORMAT")
        return Gone(
            gettext_noop("This invitation expired on %(when)s UTC."),
            code="invitation_expired",
            params={"when": when},
        )
    if invitation.max_uses is not None and invitation.uses >= invitation.max_uses:
        return Gone(
            gettext_noop("This invitation has already been used."), code="invitation_used_up"
        )
    return None


def invitation_accept(*, code: str, user, now: datetime) -> Joined:
    """Make ``user`` a member with the invitation's role (and its character's player)."""
    with transaction.atomic():
        invitation = _locked(code, now)
        return _join(invitation, user)


def invitation_sign_up(
    *, code: str, username: str, password: str, email: str = "", now: datetime
) -> tuple[object, Joined]:
    """Create an account and accept the invitation with it, both or neither."""
    with transaction.atomic():
        invitation = _locked(code, now)
        if not invitation.allow_signup:
            raise Forbidden(
                gettext_noop(
                    "This invitation is for people who already have an account: log in first."
                ),
                code="signup_not_allowed",
            )
        user = _new_user(username, password, email)
        return user, _join(invitation, user)


def membership_leave(*, campaign: Campaign, user) -> None:
    """A member leaves; their characters stay in the campaign without a player."""
    membership = Membership.objects.filter(campaign=campaign, user=user).first()
    if membership is None:
        raise NotFound(gettext_noop("You are not a member of this campaign."))
    with transaction.atomic():
        membership_remove(membership=membership)
        Character.objects.filter(campaign=campaign, player=user).update(player=None)


def _locked(code: str, now: datetime) -> Invitation:
    invitation = invitation_by_code(code)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    refusal = why_unusable(invitation, now)
    if refusal is not None:
        raise refusal
    return invitation


def _check_addressee(invitation: Invitation, user) -> None:
    if invitation.addressed_to and invitation.addressed_to != user.get_username():
        raise Forbidden(
            gettext_noop("This invitation is addressed to someone else."),
            code="addressed_to_someone_else",
        )


def _join(invitation: Invitation, user) -> Joined:
    _check_addressee(invitation, user)
    campaign = invitation.campaign
    membership = Membership.objects.filter(campaign=campaign, user=user).first()
    if membership is not None and invitation.character_id is None:
        raise Conflict(
            gettext_noop("You are already a member of %(campaign)s (%(role)s)."),
            code="already_member",
            params={
                "campaign": campaign.name,
                "role": in_each_language(membership.get_role_display),
            },
        )
    if membership is None:
        membership = Membership.objects.create(campaign=campaign, user=user, role=invitation.role)
        member_joined(membership)
    if invitation.character_id is not None:
        taken = (
            Character.objects.select_for_update()
            .filter(pk=invitation.character_id)
            .exclude(player=None)
            .exclude(player=user)
            .exists()
        )
        if taken:
            raise Conflict(
                gettext_noop("That character already has a player."), code="character_taken"
            )
        Character.objects.filter(pk=invitation.character_id).update(player=user)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    return Joined(membership, invitation.character)


def _new_user(username: str, password: str, email: str):
    users = get_user_model()
    candidate = users(username=username, email=email)
    errors: dict[str, list[str]] = {}
    for name, check in (
        ("username", lambda: candidate.clean_fields(exclude=["password", "email"])),
        ("password", lambda: password_validation.validate_password(password, candidate)),
        ("email", lambda: validate_email(email) if email else None),
    ):
        try:
            check()
        except ValidationError as error:
            errors[name] = [str(message) for message in error.messages]
    if not errors.get("username") and users.objects.filter(username__iexact=username).exists():
        errors["username"] = [USERNAME_TAKEN]
    if errors:
        first = next(iter(errors.values()))[0]
        raise Invalid(first, errors=errors)
    candidate.set_password(password)
    try:
        with transaction.atomic():
            candidate.save()
    except IntegrityError:
        raise Invalid.field("username", USERNAME_TAKEN) from None
    return candidate
