"""Everything in one process, for one person's evening (``./dev serve``): the live
streams on the streams server's application, every other request on the command
servers' in a pool of ``WEB_THREADS`` threads (``a2wsgi``).

The deployment serves the two apart (``config.wsgi`` on gunicorn's WSGI workers,
``config.streams`` on uvicorn's, a proxy in front: ``docker-compose.yml``), so
that a command costs no asynchronous hop; here one command serves both, at some
CPU per request more (``bench/README.md``).
"""

import os

from a2wsgi import WSGIMiddleware

from config import streams, wsgi
from config.routes import is_stream

requests = WSGIMiddleware(wsgi.application, workers=int(os.environ.get("WEB_THREADS", "8")))


async def application(scope, receive, send):
    if scope["type"] == "http" and is_stream(scope["path"]):
        await streams.application(scope, receive, send)
    else:
        await requests(scope, receive, send)
