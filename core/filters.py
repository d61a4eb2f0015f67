"""Filtering of list endpoints: whole numbers are whole numbers.

django-filter reads an integer model field through a decimal form field, so
``?year=0.5`` would quietly match nothing; here it is refused (400) like any
other malformed parameter; so is a filter named with no value.
"""

from django import forms
from django.db import models
from django_filters import rest_framework as filters
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
