"""Forms of the storyguide dashboard; the services, not the forms, decide what is valid.

A service validates and writes in one step, but the admin must know the
verdict before it saves, so that a refusal shows on the form instead of
ending in a server error. A :class:`ServiceForm` therefore asks its service
while it is cleaned, in a savepoint that is always rolled back (a form's
validation writes nothing), and the admin's ``save_model`` asks it again for
real (``campaign.admin.ServiceFormAdmin``).
"""

from __future__ import annotations

import copy

from django import forms
from django.contrib.admin.widgets import AdminSplitDateTime
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign import invitations, services
from campaign.models import (
    Campaign,
    Character,
    House,
    HousePointEntry,
    Invitation,
    Membership,
    PopularityAdjustment,
    Role,
)
from campaign.rules.sheet import SheetRules
from core.errors import AppError
from core.responses import add_to_form, error_body

ATTRIBUTE_PREFIX = "attribute_"
CLASS_PREFIX = "class_"


def credit_at_field() -> forms.SplitDateTimeField:
    return forms.SplitDateTimeField(
        required=False,
        widget=AdminSplitDateTime,
        help_text="When the points start to count; empty for now.",
    )


def attribute_field(name: str) -> str:
    """The form field of a sheet attribute; prefixed so no attribute shadows a model field."""
    return f"{ATTRIBUTE_PREFIX}{name}"


def class_field(name: str) -> str:
    """The form field of a class's curriculum points."""
    return f"{CLASS_PREFIX}{name}"


class LinesField(forms.CharField):
    """A list of texts (spells, virtues, flaws) typed one per line."""

    widget = forms.Textarea(attrs={"rows": 4, "cols": 40})

    def __init__(self, *, encoder=None, decoder=None, **kwargs):
        super().__init__(**kwargs)  # the model's JSONField offers its JSON codecs; no need

    def prepare_value(self, value):
        return "\n".join(value) if isinstance(value, list) else value

    def to_python(self, value):
        return [line.strip() for line in (value or "").splitlines() if line.strip()]


class ServiceForm(forms.ModelForm):
    """A model form whose instance is written by a service; see the module docstring.

    The admin sets ``user`` on the form class it builds for each request.
    """

    user = None

    def save_through_service(self, instance, *, now):
        """Write ``instance`` (the form's data) with the service; return the saved object."""
        raise NotImplementedError

    def _post_clean(self):
        """The service's verdict on the form's data, asked and rolled back: its refusal is
        the form's, and nothing is written until the admin saves."""
        super()._post_clean()
        if self.errors:
            return
        try:
            with transaction.atomic():
                self.save_through_service(copy.copy(self.instance), now=timezone.now())
                transaction.set_rollback(True)
        except AppError as refusal:
            add_to_form(self, refusal)


def group_line(group: dict) -> str:
    """``Mental: Wits, Observation, Memory, Logic``: the finesse attribute comes first."""
    others = [name for name in group["attributes"] if name != group["finesse"]]
    return f"{group['name']}: {', '.join([group['finesse'], *others])}"


def group_from_line(line: str) -> dict:
    name, _colon, attributes = line.partition(":")
    names = [part.strip() for part in attributes.split(",") if part.strip()]
    if not name.strip() or not names:
        raise forms.ValidationError(
            _("“%(line)s”: write a group as “Name: Finesse attribute, other attributes”."),
            params={"line": line},
        )
    return {"name": name.strip(), "finesse": names[0], "attributes": names}


class CampaignForm(ServiceForm):
    """A new campaign comes with its houses and its creator as storyguide; rules are checked.

    The sheet rules are a form of their own (die, attribute range and groups,
    classes, the Popularity step) rather than JSON. Name and slug are saved as
    they are, as the API does; the rules go through ``campaign_set_rules``,
    which refuses rules the characters would not fit.
    """

    refusal_field = None  # a refusal naming a rule shows above the form, prefixed by it
    whole_field = "rules"  # … unless it is about the rules as a whole

    die_size = forms.IntegerField(min_value=2, help_text="Sides of the dice checks roll.")
    lowest = forms.IntegerField(label="Lowest attribute value")
    highest = forms.IntegerField(label="Highest attribute value")
    attribute_groups = LinesField(
        help_text="One group a line: “Mental: Wits, Observation, Memory, Logic”; "
        "the first attribute is the group's finesse attribute."
    )
    classes = LinesField(help_text="One class a line.")
    house_points_per_popularity = forms.IntegerField(
        min_value=1, help_text="House points a character earns for one step of Popularity."
    )

    class Meta:
        model = Campaign
        fields = ["name", "slug"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rules = SheetRules.from_json(self.instance.rules or {})
        self.initial.setdefault("die_size", rules.die_size)
        self.initial.setdefault("lowest", rules.attribute_range[0])
        self.initial.setdefault("highest", rules.attribute_range[1])
        self.initial.setdefault(
            "attribute_groups", [group_line(group) for group in rules.attribute_groups]
        )
        self.initial.setdefault("classes", rules.classes)
        self.initial.setdefault("house_points_per_popularity", rules.house_points_per_popularity)

    def clean_attribute_groups(self):
        return [group_from_line(line) for line in self.cleaned_data["attribute_groups"]]

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            self.instance.rules = {
                "die_size": cleaned["die_size"],
                "attribute_range": [cleaned["lowest"], cleaned["highest"]],
                "attribute_groups": cleaned["attribute_groups"],
                "classes": cleaned["classes"],
                "house_points_per_popularity": cleaned["house_points_per_popularity"],
            }
        return cleaned

    def save_through_service(self, instance, *, now):
        if instance.pk is None:
            campaign = services.campaign_create(
                name=instance.name, slug=instance.slug, storyguide=self.user
            )
        else:
            campaign = services.campaign_rename(
                campaign=instance, name=instance.name, slug=instance.slug, by=self.user
            )
        return services.campaign_set_rules(campaign=campaign, rules=instance.rules, by=self.user)


class MembershipForm(forms.ModelForm):
    """A member named by username, as in the API: a storyguide may not browse all users."""

    user = forms.ModelChoiceField(
        queryset=get_user_model().objects.all(),
        to_field_name="username",
        widget=forms.TextInput,
        help_text="Their username.",
        error_messages={"invalid_choice": _("No user has this username.")},
    )

    class Meta:
        model = Membership
        fields = ["user", "role"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["user"] = self.instance.user.username


class MembershipFormSet(forms.BaseInlineFormSet):
    """A campaign's members, changed through ``membership_set`` and ``membership_remove``.

    Those keep a storyguide in every campaign; as with a :class:`ServiceForm`,
    their verdict is asked while the formset is cleaned, in a savepoint rolled back,
    and the admin writes them when it saves (``save_formset``).
    Roles are set before anyone is removed, so handing the campaign to a new
    storyguide and leaving it can happen in one save. The admin sets ``user`` (who
    asks) on the formset class it builds for each request, as on a :class:`ServiceForm`.
    """

    user = None

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        try:
            with transaction.atomic():
                self.save_through_services()
                transaction.set_rollback(True)
        except AppError as refusal:
            raise forms.ValidationError(error_body(refusal)["detail"]) from None

    def save_through_services(self) -> None:
        """Write the changes; record them as ``save()`` would, for the admin's history."""
        self.new_objects, self.changed_objects, self.deleted_objects = [], [], []
        leaving = []
        for form in self.forms:
            existing = form.instance.pk
            if self._should_delete_form(form):
                if existing:
                    leaving.append(existing)
                continue
            if not form.has_changed():
                continue
            user, role = form.cleaned_data["user"], form.cleaned_data["role"]
            membership = services.membership_set(
                campaign=self.instance, user=user, role=role, by=self.user
            )
            if not existing:
                self.new_objects.append(membership)
            elif form.initial["user"] != user.username:  # the row now names someone else
                leaving.append(existing)
                self.new_objects.append(membership)
            else:
                self.changed_objects.append((membership, form.changed_data))
        for membership in Membership.objects.filter(pk__in=leaving):
            services.membership_remove(membership=membership, by=self.user)
            self.deleted_objects.append(membership)


class HouseForm(ServiceForm):
    """A house's name, initial, colour and captain, chosen among its own characters."""

    class Meta:
        model = House
        fields = ["name", "initial", "colour", "captain"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["captain"].queryset = Character.objects.filter(house=self.instance.pk)

    def save_through_service(self, instance, *, now):
        fields = {name: self.cleaned_data[name] for name in HouseForm.Meta.fields}
        return services.house_update(house=instance, by=self.user, **fields)


class CharacterForm(ServiceForm):
    """A character with one integer field per attribute of its campaign's sheet rules
    and one per class for its curriculum points; spells, virtues and flaws one per line.

    Use :func:`character_form_for`, which declares those fields; this form
    turns them into the ``attributes`` and ``curriculum`` dicts and back.
    """

    rules: SheetRules = SheetRules.from_json({})

    class Meta:
        model = Character
        fields = [
            "campaign",
            "name",
            "player",
            "house",
            "year",
            "health",
            "health_max",
            "popularity_base",
            "quidditch_position",
            "spells",
            "virtues",
            "flaws",
            "background",
            "secret_notes",
        ]
        field_classes = {"spells": LinesField, "virtues": LinesField, "flaws": LinesField}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, value in (self.instance.attributes or {}).items():
            if attribute_field(name) in self.fields:
                self.initial.setdefault(attribute_field(name), value)
        for name, value in (self.instance.curriculum or {}).items():
            if class_field(name) in self.fields:
                self.initial.setdefault(class_field(name), value)

    def clean(self):
        cleaned = super().clean()
        self.instance.attributes = {
            name: cleaned.get(attribute_field(name)) for name in self.rules.attributes
        }
        self.instance.curriculum = {
            name: cleaned[class_field(name)]
            for name in self.rules.classes
            if cleaned.get(class_field(name))
        }
        return cleaned

    def save_through_service(self, instance, *, now):
        return services.character_save(character=instance, by=self.user)


def character_form_for(rules: SheetRules) -> type[CharacterForm]:
    """A :class:`CharacterForm` with an integer field for each attribute ``rules`` name,
    and one for the curriculum points of each class (empty for none)."""
    low, high = rules.attribute_range
    fields = {
        attribute_field(name): forms.IntegerField(label=name, min_value=low, max_value=high)
        for name in rules.attributes
    }
    fields |= {
        class_field(name): forms.IntegerField(label=name, min_value=0, required=False)
        for name in rules.classes
    }
    return type("CharacterForm", (CharacterForm,), {"rules": rules, **fields})


class HousePointAwardForm(ServiceForm):
    """Award points to a house (optionally credited to a character), now or later."""

    credit_at = credit_at_field()

    class Meta:
        model = HousePointEntry
        fields = ["house", "amount", "reason", "character", "credit_at"]

    def save_through_service(self, instance, *, now):
        return services.house_points_award(
            house=instance.house,
            amount=instance.amount,
            reason=instance.reason,
            character=instance.character,
            credit_at=instance.credit_at,
            awarded_by=self.user,
            now=now,
            by=self.user,
        )


class InvitationForm(ServiceForm):
    """A new invitation; its code is drawn by the service and shown on the list. Whoever
    holds a code joins as a player or a spectator (only a person named by username, in
    the API, may be invited to be a storyguide)."""

    role = forms.ChoiceField(
        choices=[(Role.PLAYER, Role.PLAYER.label), (Role.SPECTATOR, Role.SPECTATOR.label)],
        initial=Role.PLAYER,
    )

    class Meta:
        model = Invitation
        fields = ["campaign", "role", "character", "max_uses", "expires_at", "allow_signup"]

    def save_through_service(self, instance, *, now):
        return invitations.invitation_create(
            campaign=instance.campaign,
            created_by=self.user,
            now=now,
            role=instance.role,
            character=instance.character,
            max_uses=instance.max_uses,
            expires_at=instance.expires_at,
            allow_signup=instance.allow_signup,
            by=self.user,
        )


class PopularityAdjustmentForm(ServiceForm):
    class Meta:
        model = PopularityAdjustment
        fields = ["character", "amount", "reason"]

    def save_through_service(self, instance, *, now):
        return services.popularity_adjust(
            character=instance.character,
            amount=instance.amount,
            reason=instance.reason,
            adjusted_by=self.user,
            now=now,
            by=self.user,
        )


class AwardPointsForm(forms.Form):
    """The intermediate page of the "award house points" action."""

    amount = forms.IntegerField(help_text="Negative to take points.")
    reason = forms.CharField(max_length=300)
    credit_at = credit_at_field()
