"""Filtering, searching and ordering of list endpoints; whole numbers are whole numbers.

``?search=`` looks in the fields a view names in ``search_fields`` and
``?ordering=`` sorts by those in ``ordering_fields`` (DRF's filters).

django-filter reads an integer model field through a decimal form field, so
``?year=0.5`` would quietly match nothing; here it is refused (400) like any
other malformed parameter; so is a filter named with no value.
"""

from django import forms
from django.db import models
from django_filters import rest_framework as filters
from rest_framework import filters as drf_filters
from rest_framework.exceptions import ValidationError

INTEGER_FIELDS = (
    models.IntegerField,
    models.PositiveIntegerField,
    models.PositiveSmallIntegerField,
    models.SmallIntegerField,
    models.BigIntegerField,
)


class IntegerFilter(filters.NumberFilter):
    field_class = forms.IntegerField


class StrictFilterSet(filters.FilterSet):
    FILTER_DEFAULTS = {
        **filters.FilterSet.FILTER_DEFAULTS,
        **{field: {"filter_class": IntegerFilter} for field in INTEGER_FIELDS},
    }

    def is_valid(self) -> bool:
        """A filter given with no value is a mistake too (``?house=``), not "no filter"."""
        blank = [name for name in self.filters if self.data.get(name, None) == ""]
        if blank:
            raise ValidationError(
                {name: ["Give a value, or leave the parameter out."] for name in blank}
            )
        return super().is_valid()


class FilterBackend(filters.DjangoFilterBackend):
    filterset_base = StrictFilterSet


class OrderingFilter(drf_filters.OrderingFilter):
    """``?ordering=name`` or ``-name``, only on the fields a view names in ``ordering_fields``.

    DRF would otherwise allow every field of the serializer when a view names
    none; here a view without ``ordering_fields`` keeps its own order.
    """

    def get_valid_fields(self, queryset, view, context=None):
        if getattr(view, "ordering_fields", None) is None:
            return []
        return super().get_valid_fields(queryset, view, context or {})
