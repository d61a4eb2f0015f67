"""Where a webhook may go: the public internet, never the service's own network.

A URL's host is resolved here and every address it resolves to is checked:
loopback, private, shared (carrier-grade NAT), link-local, reserved,
unspecified and multicast addresses are refused, and so are the cloud
metadata services (169.254.169.254, fd00:ec2::254) even when
``WEBHOOKS_ALLOW_PRIVATE_TARGETS`` lets a self-hosted table reach its own
network. The sender then connects to the very address checked (see
``webhooks.transport``), so a name that resolves differently a moment later
(DNS rebinding) cannot send it elsewhere. The check runs when an endpoint is
saved and again before every try.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from core.errors import Invalid

METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200")
)
DEFAULT_PORTS = {"http": 80, "https": 443}

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class Target:
    """A checked URL and the address to connect to for it."""

    url: str
    scheme: str
    host: str
    port: int
    address: Address


def refused(message: str) -> Invalid:
    return Invalid.field("url", message, code="unsafe_target")


def checked_target(url: str) -> Target:
    """The URL's target, resolved and checked; :class:`Invalid` on ``url`` if refused."""
    parts = urlsplit(url)
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        raise refused("A webhook URL starts with https:// (or http://) and names a host.")
    if parts.username or parts.password:
        raise refused("A webhook URL cannot carry a user name or password.")
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError:
        raise refused("The port of the webhook URL is not a number from 1 to 65535.") from None
    addresses = resolve(parts.hostname, port)
    if not all(allowed(address) for address in addresses):
        # (Which address a name resolves to is not said: the service's own names and
        # network are nobody's business.)
        raise refused(
            f"{parts.hostname} is not allowed: webhooks go to public addresses only (not "
            "loopback, private, link-local, reserved, multicast or a metadata service)."
        )
    host = parts.hostname
    return Target(url=url, scheme=parts.scheme, host=host, port=port, address=addresses[0])


def resolve(host: str, port: int) -> list[Address]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise refused(f"The host {host} cannot be found (its name does not resolve).") from None
    # An IPv6 link-local address may come with its zone ("fe80::1%eth0").
    return list(dict.fromkeys(ipaddress.ip_address(info[4][0].split("%")[0]) for info in found))


def allowed(address: Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    if address in METADATA_ADDRESSES:
        return False
    if settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS:
        return not (address.is_multicast or address.is_unspecified)
    return address.is_global and not address.is_multicast
