"""What the web view's server says and accepts over HTTP, apart from serving (tui/web/server.py):

    Body.of(text, etag, ctype)           a response body, plain and gzipped, with its ETag
    Snapshot                             every page of one version of the event, ready to send
    choose_lang(query, headers, default) the page's language: ?lang=, the cookie, Accept-Language
    host_allowed(host, names)            a Host this server answers (DNS rebinding refused)
    machine_names(host), venue_name(n)   this machine's names; a name the venue's network gives it
    addresses(host, port)                the base URLs to give the phones
    room_for(max_clients)                the open-files limit raised for that many connections
"""

from __future__ import annotations

import gzip
import ipaddress
import re
import resource
import socket
from dataclasses import dataclass, field
from functools import lru_cache

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.msg.i18n import LANGUAGES

COOKIE = "arbiter_lang"
LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})

SECURITY = (
    b"Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'\r\n"
    b"X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"
    b"Cross-Origin-Resource-Policy: same-origin\r\n"
)
REASONS = {200: "OK", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 403: "Forbidden",
           404: "Not Found", 405: "Method Not Allowed", 421: "Misdirected Request", 503: "Service Unavailable"}
# the same, as aiohttp's headers (tui/web/routes.py adds them to every response)
SECURITY_HEADERS = {k.decode("ascii"): v.decode("ascii") for k, _, v in
                    (line.partition(b": ") for line in SECURITY.split(b"\r\n") if line)}
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
        + SECURITY + b"Content-Length: 31\r\nConnection: close\r\n\r\ntoo many connections; try again\n")


@dataclass(frozen=True)
class Body:
    """One response body, as sent: plain and gzipped, with its ETag."""

    data: bytes
    gz: bytes
    etag: bytes
    ctype: bytes

    @classmethod
    def of(cls, text: str | bytes, etag: str, ctype: str, level: int = 1) -> "Body":
        """Level 1 by default (the 404 page, made on every change); the pages, made again only when their
        own content changed (tui/web/book.py), at level 6 (tui/web/server.py: a sixth fewer bytes, 2-3 ms a
        page of a 1000-player event)."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        return cls(data, gzip.compress(data, compresslevel=level, mtime=0), f'"{etag}"'.encode("ascii"),
                   ctype.encode("ascii"))


def choose_lang(query: dict[str, list[str]], headers: dict[str, str], default: str) -> tuple[str, bool]:
    """(language, chosen now by ?lang=): ?lang=, else the cookie, else Accept-Language, else the event's."""
    asked = (query.get("lang") or [""])[0].strip().lower()
    if asked in LANGUAGES:
        return asked, True
    for part in headers.get("cookie", "").split(";"):
        k, _, v = part.strip().partition("=")
        if k == COOKIE and v in LANGUAGES:
            return v, False
    best, best_q = None, 0.0
    for item in headers.get("accept-language", "").split(",")[:20]:
        tag_, _, params = item.strip().partition(";")
        code = tag_.strip().lower().split("-")[0]
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return (best or default), False


def _split_host(value: str) -> tuple[str, str] | None:
    """`host[:port]` of a Host header (or of an origin's netloc) -> (host, port), or None if malformed."""
    v = value.strip().lower()
    if not v or any(c in v for c in " /\\@?#"):
        return None
    if v.startswith("["):
        end = v.find("]")
        if end < 0:
            return None
        host, rest = v[1:end], v[end + 1:]
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return None
        return host, rest[1:]
    host, _, port = v.partition(":")
    if port and not port.isdigit():
        return None
    return host, port


@lru_cache(maxsize=256)
def host_allowed(value: str, names: frozenset[str]) -> bool:
    """A Host this server answers: an IP address (a browser only sends one it was told to open),
    localhost, or one of `names` (this machine's). A name an attacker's DNS points at this
    address (DNS rebinding) is not one of them."""
    split = _split_host(value)
    if split is None or not split[0]:
        return False
    host = split[0].rstrip(".")
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    return host in LOCAL_NAMES or host in names


def machine_names(host: str) -> frozenset[str]:
    names = set()
    try:
        h = socket.gethostname().lower()
        if h:
            names |= {h, h.split(".")[0], h.split(".")[0] + ".local"}
    except OSError:
        pass
    h = host.strip().strip("[]").lower()
    if h:
        try:
            ipaddress.ip_address(h)
        except ValueError:
            names.add(h)
    return frozenset(names)


_DNS_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


def venue_name(name: str) -> str:
    """A name the venue's network gives this machine (`--name arbiter.lan`): a DNS name, said in lower case.
    Raises ArbiterError for anything else (an address needs no name: every address of the machine is served)."""
    n = name.strip().lower().rstrip(".")
    if not (0 < len(n) <= 253 and all(_DNS_LABEL.fullmatch(x) for x in n.split("."))) or n.replace(".", "").isdigit():
        raise ArbiterError("--name {name}: not a host name (letters, digits, '-' and dots)",
                           name=clean(name))
    return n


def room_for(max_clients: int) -> int:
    """Raise the open-files limit so that `max_clients` connections fit; the number that fits."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = max_clients + 64
        if soft != resource.RLIM_INFINITY and soft < want:
            new = want if hard == resource.RLIM_INFINITY else min(want, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        return max(1, min(max_clients, soft - 64)) if soft != resource.RLIM_INFINITY else max_clients
    except (ValueError, OSError):
        return max_clients


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (Linux: /proc/net/fib_trie), sorted."""
    found, last = set(), ""
    try:
        with open("/proc/net/fib_trie", encoding="ascii", errors="replace") as f:
            for line in f:
                text = line.strip()
                if text.startswith("|-- "):
                    last = text[4:].strip()
                elif text == "/32 host LOCAL" and last and not last.startswith("127."):
                    found.add(last)
    except OSError:
        return []
    return sorted(found)


def addresses(host: str, port: int) -> list[str]:
    """The base URLs to give the phones: the address served on, or every one of this machine's."""
    if host in ("0.0.0.0", "::", ""):
        hosts = local_addresses() or ["ADDRESS"]
    else:
        hosts = [host]
    return [f"http://{h if ':' not in h else f'[{h}]'}:{port}" for h in hosts]


def same_origin(origin: str, host: str) -> bool:
    """An Origin header naming the page's own server (http, the Host's name and port)."""
    o = origin.strip().lower()
    if not o.startswith("http://"):
        return False
    a, b = _split_host(o[len("http://"):]), _split_host(host)
    return a is not None and b is not None and (a[0], a[1] or "80") == (b[0], b[1] or "80")


@dataclass
class Snapshot:
    """Every page of one version of the event, both languages: each made and framed the first time it is
    asked for in this version (or at once, for the pages open or asked for lately: tui/web/server.py), then
    kept; a page whose content did not change is the version before's (tui/web/book.py)."""

    version: int
    bodies: dict[tuple[str, str, str], Body]  # (lang, path, "full" | "live") -> body
    missing: dict[str, Body]  # lang -> the "no such page" page
    default_lang: str
    sites: dict = field(default_factory=dict)  # lang -> pages.Site
    stamp: tuple[str, str] = ("", "")
    problem: dict = field(default_factory=dict)
    making: dict = field(default_factory=dict)  # (lang, path) -> the future making that page
    found: dict = field(default_factory=dict)  # (lang, words, typed) -> the /find page answering them
    entries: dict = field(default_factory=dict)  # (lang, path) -> tui/web/book.Entry: the page, its version
    changed: frozenset = frozenset()  # the (lang, path) whose content changed at this version
    players: int = 0  # the event's players (a big event replaced: its memory given back)

    def version_of(self, key) -> int:
        """The version the page's content last changed at (this version for anything else)."""
        entry = self.entries.get(key)
        return entry.version if entry is not None else self.version

    @property
    def size(self) -> int:
        """Bytes of the pages made at once (both forms, both languages)."""
        return sum(len(b.data) + len(b.gz) for b in self.bodies.values())
