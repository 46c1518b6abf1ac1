"""The live, read-only web view of an event: `arbiter display FILE --serve` (docs/exports.md).

    pages.py    the HTML of every page, made once per change of the event file, in both languages
    server.py   one asyncio process that watches the file and serves those pages from memory
    static/     the page's own style sheet and script (nothing is loaded from another host)

It is the face, not the engine: every figure comes from `arbiter_tournament.core` (the printouts' and
the site's functions); nothing here can change the event.
"""
