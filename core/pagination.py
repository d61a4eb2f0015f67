from rest_framework import pagination
from rest_framework.exceptions import ValidationError


class PageNumberPagination(pagination.PageNumberPagination):
    """Pages of 50 by default; a client may ask for 1 to 200 with ``page_size``.

    A ``page`` or ``page_size`` that is not a whole number (in range) is
    refused (400) rather than quietly replaced, so a client learns its mistake.
    """

    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and not raw.isdigit():
            raise ValidationError({self.page_query_param: ["A page number: 1, 2, ..."]})
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError(
                {self.page_size_query_param: [f"A whole number from 1 to {self.max_page_size}."]}
            )
        return int(raw)
