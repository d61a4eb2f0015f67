"""The API's JSON, encoded by orjson: the same bytes as DRF's ``JSONRenderer`` writes,
for a fraction of its CPU.

A command's answer (the event and the game as its reader sees them) is the largest
thing the command path encodes, once per command; the standard library's encoder was
about a tenth of the path's CPU (``bench/README.md``). What orjson does not encode
itself (a lazy translation, a date written as DRF writes it, a ``Decimal``) it hands
to DRF's own encoder, so that every answer reads as it did. An answer asked for with
an indent (``Accept: application/json; indent=2``) is DRF's to write.
"""

from __future__ import annotations

import orjson
from rest_framework.renderers import JSONRenderer

_encoder = JSONRenderer.encoder_class()
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
#: Line and paragraph separators, escaped as DRF escapes them (JSON that is a strict
#: subset of JavaScript).
_SEPARATORS = ((b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


class FastJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        encoded = orjson.dumps(data, default=_encoder.default, option=_OPTIONS)
        for raw, escaped in _SEPARATORS:
            if raw in encoded:
                encoded = encoded.replace(raw, escaped)
        return encoded
