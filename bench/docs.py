"""How big ``/api/schema/`` is on the wire, and how soon ``/api/docs/`` is usable in a
browser (issue 40: 1.7 MB sent uncompressed; the docs took 4.4 s).

    .venv/bin/python bench/docs.py

Serves the service (``config.asgi`` under uvicorn, static files from the apps'
folders) on loopback, then prints: the schema's size as YAML and JSON, plain
and gzipped, as the server sends it to a client that accepts gzip; and, in
Chromium (``CHROMIUM_PATH``, else ``chromium`` on the PATH), the time from
opening ``/api/docs/`` to its first operation shown, for the schema as YAML and
as JSON (Swagger UI reads either; ``SWAGGER_UI_SETTINGS`` chooses), the
median of five loads each, after one to warm the server's memoised schema.
"""

from __future__ import annotations

import gzip
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django

django.setup()

import httpx  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.streams import asgi_server  # noqa: E402

LOADS = 5
#: The docs are usable once their first group of operations is shown, to open or search.
FIRST_GROUP = ".opblock-tag"
#: Swagger UI's settings to compare (JavaScript put after the served ones): as served
#: (one section of the contract, ``games.schema.DocsView``), the biggest section, and the
#: whole contract the docs read before they were split into sections.
VARIANTS = {
    "as served (the first section: auth)": "",
    "the first section as JSON": 'url: "/api/schema/?tag=auth&format=json",',
    "the biggest section (matches)": 'url: "/api/schema/?tag=matches",',
    "the whole contract, as before the sections": 'url: "/api/schema/",',
    "the whole contract as JSON": 'url: "/api/schema/?format=json",',
}


def sizes(base: str) -> None:
    for name, query in (("YAML", ""), ("JSON", "?format=json")):
        plain = httpx.get(f"{base}/api/schema/{query}", headers={"Accept-Encoding": "identity"})
        zipped = httpx.get(f"{base}/api/schema/{query}", headers={"Accept-Encoding": "gzip"})
        on_wire = int(zipped.headers.get("Content-Length", len(gzip.compress(zipped.content))))
        print(
            f"schema as {name}: {len(plain.content) / 1e6:.2f} MB plain, "
            f"{on_wire / 1e6:.2f} MB sent gzipped "
            f"(Content-Encoding: {zipped.headers.get('Content-Encoding', 'none')})"
        )


def docs_usable(browser, base: str, settings: str) -> float:
    """Seconds from opening the docs to their first group of operations shown, with
    ``settings`` put after the served Swagger UI settings for this load."""
    page = browser.new_page()
    page.route(
        "**/api/docs/?script=*",
        lambda route: route.fulfill(
            response=(fetched := route.fetch()),
            body=fetched.text().replace("...swaggerSettings,", f"...swaggerSettings, {settings}"),
        ),
    )
    started = time.perf_counter()
    page.goto(f"{base}/api/docs/")
    page.wait_for_selector(FIRST_GROUP, timeout=60_000)
    took = time.perf_counter() - started
    page.close()
    return took


def main() -> None:
    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    with asgi_server(static=True) as base:
        sizes(base)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            docs_usable(browser, base, "")
            for name, settings in VARIANTS.items():
                times = [docs_usable(browser, base, settings) for _ in range(LOADS)]
                print(
                    f"/api/docs/, {name}: first group of operations shown after "
                    f"{statistics.median(times):.2f} s (median of {LOADS}; "
                    f"{min(times):.2f} to {max(times):.2f} s)"
                )
            browser.close()


if __name__ == "__main__":
    main()
