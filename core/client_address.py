"""Who is asking, by address: the one answer every rate limit and stream limit uses.

A client writes ``X-Forwarded-For`` as it likes, so the header proves nothing
by itself: by default the address is the connection's own (``REMOTE_ADDR``).
Behind proxies, ``TRUSTED_PROXIES`` names them (addresses or networks). Only
when the connection comes from one of them is the header read, from the
right: each trusted proxy appends the address it was connected from, so the
first address from the right that is not a trusted proxy is the client. What
stands left of it was written by the client and is never believed.

The ASGI server must leave the connection's address as it found it
(uvicorn and gunicorn: ``FORWARDED_ALLOW_IPS=""``, or uvicorn's
``--no-proxy-headers``), so that this is the only place that decides.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(request) -> str:
    """The address of the client that sent ``request`` (a Django or DRF request)."""
    meta = request.META
    address = meta.get("REMOTE_ADDR", "")
    proxies = trusted_proxies()
    if not proxies or not _among(address, proxies):
        return address
    hops = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed(hops):
        if not _is_address(hop):  # not what a trusted proxy writes: stop at the last one
            return address
        if not _among(hop, proxies):
            return hop
        address = hop
    return address


def trusted_proxies() -> list[Network]:
    """``settings.TRUSTED_PROXIES`` (addresses or networks, as text) as networks."""
    return [ipaddress.ip_network(entry, strict=False) for entry in settings.TRUSTED_PROXIES]


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _among(address: str, networks: list[Network]) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped:
        found = found.ipv4_mapped
    return any(found in network for network in networks)
