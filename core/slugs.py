"""Slugs made from names, for the people who would rather not invent one."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import slugify

MAX_LENGTH = 50


def unique_slug(name: str, *, taken: Callable[[str], bool], fallback: str = "item") -> str:
    """``"Hogwarts 1995"`` -> ``hogwarts-1995``, or ``hogwarts-1995-2`` and so on when taken.

    Umlauts and accents lose their marks (``Ärger`` -> ``arger``); a name with
    nothing left (``"???"``) gets ``fallback``.
    """
    base = slugify(name)[: MAX_LENGTH - 4].strip("-") or fallback
    candidate, number = base, 1
    while taken(candidate):
        number += 1
        candidate = f"{base}-{number}"
    return candidate
