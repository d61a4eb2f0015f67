"""Where a webhook may go: the public internet, never the service's own network.

A URL's host is resolved here and every address it resolves to is checked:
loopback, private, shared (carrier-grade NAT), link-local, reserved,
unspecified and multicast addresses are refused, and so are the cloud
metadata services (169.254.169.254, fd00:ec2::254) even when
``WEBHOOKS_ALLOW_PRIVATE_TARGETS`` lets a self-hosted table reach its own
network. An IPv6 address that carries an IPv4 address (IPv4-mapped and
-compatible, IPv4-translated, NAT64, 6to4, Teredo) is judged with the IPv4
addresses it carries too: ``[64:ff9b::a9fe:a9fe]`` reaches the metadata
service through a NAT64 gateway as surely as ``169.254.169.254`` does. The
sender then connects to the very address checked (see
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

from core.errors import Invalid, gettext_noop

METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200")
)
DEFAULT_PORTS = {"http": 80, "https": 443}

# IPv6 prefixes whose addresses end in an IPv4 address (their last 32 bits):
# IPv4-compatible (RFC 4291, deprecated), IPv4-translated (RFC 2765) and NAT64's
# well-known prefix (RFC 6052).
ENDING_IN_IPV4 = tuple(
    ipaddress.ip_network(n) for n in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96")
)
# NAT64's local-use prefix (RFC 8215): its operator chooses a prefix of 48, 56, 64
# or 96 bits in it, so the IPv4 address may sit after any of them.
NAT64_LOCAL_USE = ipaddress.ip_network("64:ff9b:1::/48")
NAT64_LOCAL_USE_PREFIXES = (48, 56, 64, 96)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class Target:
    """A checked URL and the address to connect to for it."""

    url: str
    scheme: str
    host: str
    port: int
    address: Address


def refused(message: str, params: dict | None = None) -> Invalid:
    return Invalid.field("url", message, code="unsafe_target", params=params)


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
        # A developer trying webhooks on their own machine is told how their own server
        # takes a receiver on loopback (issue 40).
        raise refused(
            gettext_noop(
                "%(host)s is not allowed: webhooks go to public addresses only (not "
                "loopback, private, link-local, reserved, multicast or a metadata service). "
                "On a server of your own, its operator allows local receivers with the "
                "setting WEBHOOKS_ALLOW_PRIVATE_TARGETS=true."
            ),
            {"host": parts.hostname},
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
    """Whether a webhook may go to ``address``: the address itself and every IPv4 address
    it carries are each allowed. (At registration and at every try: both go through
    :func:`checked_target`.)"""
    return all(allowed_alone(a) for a in (address, *carried_ipv4(address)))


def carried_ipv4(address: Address) -> set[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries: where a packet to it may end up, through
    the host's own IPv4 stack, a NAT64 gateway, a 6to4 or a Teredo relay.

    IPv4-mapped ``::ffff:a.b.c.d``; IPv4-compatible ``::a.b.c.d``; IPv4-translated
    ``::ffff:0:a.b.c.d``; NAT64 ``64:ff9b::a.b.c.d`` and, in the local-use prefix, at every
    place its operator may have chosen; 6to4 ``2002:aabb:ccdd::``; Teredo, its server and
    its client (Python undoes the client's obfuscation). An IPv4 address carries none.
    """
    if not isinstance(address, ipaddress.IPv6Address):
        return set()
    carried = {address.ipv4_mapped, address.sixtofour, *(address.teredo or ())}
    if any(address in prefix for prefix in ENDING_IN_IPV4):
        carried.add(ipv4_after(address, 96))
    if address in NAT64_LOCAL_USE:
        carried.update(ipv4_after(address, n) for n in NAT64_LOCAL_USE_PREFIXES)
    carried.discard(None)
    return carried


def ipv4_after(address: ipaddress.IPv6Address, bits: int) -> ipaddress.IPv4Address:
    """The IPv4 address after the first ``bits`` bits of ``address``, placed as RFC 6052
    (2.2) places it after a NAT64 prefix: bits 64 to 71 (always zero) are skipped; after
    96 bits it is the last 32."""
    octets = address.packed
    if bits == 96:
        return ipaddress.IPv4Address(octets[12:])
    return ipaddress.IPv4Address((octets[bits // 8 : 8] + octets[9:])[:4])


def allowed_alone(address: Address) -> bool:
    """Whether ``address`` by itself is allowed, whatever it may carry."""
    if address in METADATA_ADDRESSES:
        return False
    if settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS:
        return not (address.is_multicast or address.is_unspecified)
    return address.is_global and not address.is_multicast
