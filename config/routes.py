"""Which server answers a request: a live stream (a path ending in ``/stream/``) the
streams server, every other request a command server.

Served apart, the proxy in front routes by this rule (``deploy/nginx.conf``;
``tests/core/test_deployment.py`` holds the two together); in one process,
``config.asgi`` does.
"""

STREAM_PATH_SUFFIX = "/stream/"


def is_stream(path: str) -> bool:
    return path.endswith(STREAM_PATH_SUFFIX)
