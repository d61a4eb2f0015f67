"""The API's contract sent compressed: ``/api/schema/`` (a megabyte as YAML, two as JSON)
gzipped for a client that accepts it, a tenth of its size on the wire.

Only answers that hold no secret are compressed. Compressing an answer that
holds a secret beside text a third party can choose lets that party guess the
secret from the compressed length (BREACH): the schema is the same for every
reader and carries neither a CSRF token nor a session's data, so it is safe;
the docs' script carries the reader's CSRF token and stays uncompressed (it is
4 KB); static files (Swagger UI's and ReDoc's bundles) are compressed by
whitenoise, ahead of time. Django's ``GZipMiddleware`` does the compressing and
sets ``Vary: Accept-Encoding``; this one only chooses what it may compress.
"""

from __future__ import annotations

from functools import cache

from django.middleware.gzip import GZipMiddleware
from django.urls import reverse

#: The URL names of the answers that are the same for every reader and hold no secret.
PUBLIC_DOCUMENTS = ("schema",)


class PublicDocumentsGZipMiddleware(GZipMiddleware):
    """``GZipMiddleware`` for :data:`PUBLIC_DOCUMENTS` alone."""

    def process_response(self, request, response):
        if request.path not in _public_paths():
            return response
        return super().process_response(request, response)


@cache
def _public_paths() -> frozenset[str]:
    """Where the public documents are served: reversed once, not for every answer."""
    return frozenset(reverse(name) for name in PUBLIC_DOCUMENTS)
