"""Files people take away: CSV tables for a spreadsheet.

A cell a player typed (a character's name, a reason) may start with ``=``,
``+``, ``-`` or ``@``, which a spreadsheet would run as a formula; such a
cell is written with a leading apostrophe, as OWASP advises, so it stays text.
Numbers are written as numbers.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value) -> object:
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_download(filename: str, header: list[str], rows: Iterable[Iterable]) -> HttpResponse:
    """A CSV attachment named ``filename``, UTF-8 with a BOM so spreadsheets read umlauts."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([cell(value) for value in row] for row in rows)
    return response
