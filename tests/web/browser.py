"""Headless Chromium for the web view's tests, driven through its DevTools pipe (standard library only).

`--remote-debugging-pipe` makes Chromium read DevTools commands from file descriptor 3 and
write answers to 4, each a JSON text ended by a NUL byte: no websocket client is needed.

    with Browser() as b:
        tab = b.tab(width=390, height=844, mobile=True)
        tab.go("http://127.0.0.1:8000/")
        tab.js("document.title")
        png = tab.screenshot()         # PNG bytes; png_pixels() reads them
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import struct
import subprocess
import tempfile
import time
import zlib

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="arbiter-web-chromium-")
        cmd_r, self._cmd_w = os.pipe()
        self._res_r, res_w = os.pipe()

        def fds() -> None:  # in the child: the pipe's ends as descriptors 3 and 4
            a, b = os.dup(cmd_r), os.dup(res_w)  # above 4 first: a pipe may itself be 3 or 4
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", "--mute-audio", "--disable-extensions", "--font-render-hinting=none",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, close_fds=False)
        os.close(cmd_r)
        os.close(res_w)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 60) -> dict:
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._cmd_w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            for m in self._read(deadline):
                if m.get("id") == self._id:
                    if "error" in m:
                        raise AssertionError(f"{method}: {m['error']}")
                    return m.get("result", {})
                self.events.append(m)

    def _read(self, deadline: float) -> list[dict]:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("chromium did not answer in time")
            ready, _, _ = select.select([self._res_r], [], [], left)
            if ready:
                chunk = os.read(self._res_r, 1 << 20)
                if not chunk:
                    raise AssertionError("chromium closed its pipe")
                self._buf += chunk
        *whole, self._buf = self._buf.split(b"\0")
        return [json.loads(x) for x in whole if x]

    def tab(self, *, width: int, height: int, mobile: bool = False, lang: str = "en") -> "Tab":
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Tab(self, session)
        tab.call("Page.enable")
        tab.call("Runtime.enable")
        tab.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                        "mobile": mobile})
        tab.call("Network.enable")
        tab.call("Network.clearBrowserCookies")  # the language a page chose before (a cookie) is forgotten
        tab.call("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": lang}})
        if mobile:
            tab.call("Emulation.setTouchEmulationEnabled", {"enabled": True})
        return tab

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=10)
        except (AssertionError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._cmd_w, self._res_r):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    def __init__(self, browser: Browser, session: str) -> None:
        self.b = browser
        self.session = session

    def call(self, method: str, params: dict | None = None) -> dict:
        return self.b.send(method, params, self.session)

    def go(self, url: str, *, ready: str = "document.readyState === 'complete'", seconds: float = 30) -> None:
        self.call("Page.navigate", {"url": url})
        self.wait(ready, seconds)

    def js(self, expression: str):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise AssertionError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait(self, expression: str, seconds: float = 30) -> float:
        """Seconds until `expression` is true in the page (fails after `seconds`)."""
        start = time.monotonic()
        while True:
            try:
                if self.js(expression):
                    return time.monotonic() - start
            except AssertionError:
                pass
            if time.monotonic() - start > seconds:
                raise AssertionError(f"not true after {seconds} s: {expression}")
            time.sleep(0.1)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of an 8-bit RGB or RGBA PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(line) if bpp == 3 else bytes(x for i, x in enumerate(line) if i % 4 != 3))
    return width, height, rows


def ink(rows: list[bytes], *, below: int = 128) -> list[float]:
    """Per row of pixels: the share of dark pixels (text), 0..1."""
    out = []
    for row in rows:
        n = len(row) // 3
        dark = sum(1 for i in range(0, len(row), 3) if row[i] + row[i + 1] + row[i + 2] < 3 * below)
        out.append(dark / n if n else 0.0)
    return out
