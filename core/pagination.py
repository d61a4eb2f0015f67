from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    """Pages of 50 by default; a client may ask for up to 200 with ``page_size``."""

    page_size_query_param = "page_size"
    max_page_size = 200
