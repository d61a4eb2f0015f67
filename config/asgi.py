"""The one application the server runs: live streams on Django's ASGI handler, the
rest of the service on its WSGI handler in a thread pool.

Streams hold a connection open for hours, which only an asynchronous server can
do for a thousand readers; every other request is a short synchronous view, and
Django's ASGI handler would run it through ``sync_to_async`` hop by hop (each
middleware, the view), which costs more CPU per request than the view itself
saves (measured in ``bench/README.md``). So one ASGI server serves both: a
request whose path ends in ``/stream/`` goes to the ASGI handler, any other to
the WSGI handler through ``a2wsgi``.
"""

import os

from a2wsgi import WSGIMiddleware
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

requests = WSGIMiddleware(get_wsgi_application(), workers=int(os.environ.get("WEB_THREADS", "8")))

from core.streams import drop_slow_readers  # noqa: E402 - once Django is set up

streams = drop_slow_readers(get_asgi_application())


async def application(scope, receive, send):
    if scope["type"] == "http" and scope["path"].endswith("/stream/"):
        await streams(scope, receive, send)
    else:
        await requests(scope, receive, send)
