"""The command servers' application: every request but the live streams, on Django's
WSGI handler (gunicorn's WSGI workers in the deployment, ``bench/README.md`` says
which measured best).

A stream served here would hold a worker until the stream ends, hours later
(Django's WSGI handler reads an asynchronous response to its end before sending
anything), so a stream request that reaches a command server, past the proxy, is
answered 421 at once: the streams server (``config.streams``) serves it.
"""

import json
import os

from django.core.wsgi import get_wsgi_application

from config.routes import is_stream

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_wsgi_application()

MISDIRECTED = json.dumps(
    {
        "code": "misdirected_request",
        "detail": "Live streams are served by the streams server, not by this one.",
    }
).encode()


def application(environ, start_response):
    if is_stream(environ.get("PATH_INFO", "")):
        start_response(
            "421 Misdirected Request",
            [("Content-Type", "application/json"), ("Content-Length", str(len(MISDIRECTED)))],
        )
        return [MISDIRECTED]
    return django_application(environ, start_response)
