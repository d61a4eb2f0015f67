"""The one JSON parser of the API: DRF's, refusing what the service cannot hold.

Two kinds of valid JSON would otherwise fail far from where they came in, as a
500: a document nested deeper than ``MAX_DEPTH`` (a thousand levels are 2 KB,
and Python's parser, and everything after it that walks a document, recurses
once a level), and text with a lone surrogate (``"\\ud800"``: JSON allows the
escape, but it is no Unicode character, so no PostgreSQL column stores it and no
answer can be encoded with it). Both are refused here, for every endpoint, with
a 400 in the one error shape (``parse_error``), before anything reads the body.
"""

from __future__ import annotations

import re

from rest_framework import parsers
from rest_framework.exceptions import ParseError

#: How deeply a JSON body may nest; the deepest document the API takes (a campaign
#: export with its rules) is under ten levels.
MAX_DEPTH = 64

LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(too_deep()) from None
        check(data)
        return data


def check(data) -> None:
    """Walk ``data`` (no recursion: a stack) and refuse it if it nests deeper than
    ``MAX_DEPTH`` or holds a lone surrogate in a key or a text."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if LONE_SURROGATE.search(value):
                raise ParseError(
                    "JSON parse error - the text holds a lone surrogate (such as \\ud800), "
                    "which is not a character."
                )
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise ParseError(too_deep())
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            stack.append((key, depth))
            stack.append((item, depth + 1))


def too_deep() -> str:
    return f"JSON parse error - the document nests deeper than {MAX_DEPTH} levels."
