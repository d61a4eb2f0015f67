"""Whole numbers a request carries: ids in a URL, a page's number and size, ``?after=``,
``?before=``, ``Last-Event-ID``.

``str.isdigit`` is true of "²" and "١" too, which ``int`` then refuses or reads as
another number, and a number of thousands of digits costs time to read and fits no
column. So every such number is read here, and only ASCII digits, at most
:data:`MAX_DIGITS` of them, are one; anything else is no number (the caller answers
400, or 404 for an id).
"""

#: At most this many digits: every id and count fits a 64-bit column.
MAX_DIGITS = 18
#: An id in a URL, as a regular expression (``webhooks.urls``).
ID_PATTERN = f"[0-9]{{1,{MAX_DIGITS}}}"


def whole_number(raw: object) -> int | None:
    """``raw`` read as a whole number of at most :data:`MAX_DIGITS` ASCII digits, or ``None``."""
    if not isinstance(raw, str):
        return None
    raw = raw.strip()
    if not 0 < len(raw) <= MAX_DIGITS or not raw.isascii() or not raw.isdigit():
        return None
    return int(raw)
