"""Paging of lists: numbered pages for most, a ``?after=`` cursor for the logs that grow.

A log (a game's events, a campaign's activity) is numbered 1, 2, 3 ...; a
client keeps the last number it has and asks for what comes after it, which
is also how a stream resumes.
"""

from drf_spectacular.utils import OpenApiParameter
from rest_framework import pagination
from rest_framework.exceptions import ValidationError

from core.numbers import whole_number

CURSOR_PAGE_DEFAULT = 100
CURSOR_PAGE_MAX = 500
CURSOR_PARAMETERS = [
    OpenApiParameter("after", int, description="Only what comes after this seq."),
    OpenApiParameter("limit", int, description=f"At most this many (≤ {CURSOR_PAGE_MAX})."),
]


class PageNumberPagination(pagination.PageNumberPagination):
    """Pages of 50 by default; a client may ask for 1 to 200 with ``page_size``.

    A ``page`` or ``page_size`` that is not a whole number (in range) is
    refused (400) rather than quietly replaced, so a client learns its mistake.
    """

    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and whole_number(raw) is None:
            raise ValidationError({self.page_query_param: ["A page number: 1, 2, ..."]})
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        size = whole_number(raw)
        if size is None or not 1 <= size <= self.max_page_size:
            raise ValidationError(
                {self.page_size_query_param: [f"A whole number from 1 to {self.max_page_size}."]}
            )
        return size


def int_param(request, name: str, default: int, *, minimum: int, maximum: int | None = None):
    """A whole-number query parameter, refused (400) when it is not one or out of range."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    value = whole_number(raw)
    if value is None:
        raise ValidationError({name: ["A whole number is required."]})
    if value < minimum or (maximum is not None and value > maximum):
        raise ValidationError({name: [f"Must be between {minimum} and {maximum or 'any'}."]})
    return value


def cursor(request) -> tuple[int, int]:
    """``?after=`` and ``?limit=`` of a log's page."""
    after = int_param(request, "after", 0, minimum=0)
    limit = int_param(request, "limit", CURSOR_PAGE_DEFAULT, minimum=1, maximum=CURSOR_PAGE_MAX)
    return after, limit


def cursor_page(results: list[dict], *, after: int, latest: int) -> dict:
    """A page of a log: ``next_after`` is the last seq given, or the caller's own cursor
    when nothing is new, so a polling client never loses its place; ``more`` says
    whether more is waiting now."""
    last = results[-1]["seq"] if results else after
    return {"results": results, "next_after": last, "more": last < latest}
