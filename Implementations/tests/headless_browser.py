"""A headless Chromium driven through the DevTools protocol over a pipe (`--remote-debugging-pipe`), standard
library only: open a page at a window size, evaluate JavaScript, click, take screenshots, collect console errors.

Chromium reads the protocol's JSON messages, each ended by a NUL byte, on its file descriptor 3 and writes its
answers and events on descriptor 4 (Chrome DevTools Protocol, "Pipe transport"). One page (target) per browser.
"""

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(RuntimeError):
    """Chromium is missing, exited, timed out, or answered a command with an error."""


class HeadlessBrowser:
    """One Chromium process with one page. Use as a context manager; every wait has a deadline."""

    def __init__(self, width, height, mobile=False, timeout=60):
        self.timeout = timeout
        self.errors = []
        self._next_id = 0
        self._buffer = b""
        self._events = []
        binary = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                       if shutil.which(name)), None)
        if binary is None:
            raise BrowserError("chromium is not installed (Scripts/interop/install_implementations.sh installs it)")
        self._profile = tempfile.TemporaryDirectory()
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def descriptors_3_and_4():
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # close_fds=False keeps the inheritable 3 and 4 made above; Python's own descriptors close on exec
            preexec_fn=descriptors_3_and_4, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        target = self._command("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._command("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.command(f"{domain}.enable")
        self.command("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def close(self):
        if self.process.poll() is None:
            try:
                self._send({"id": self._new_id(), "method": "Browser.close"})
            except OSError:
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for descriptor in (self._to_browser, self._from_browser):
            try:
                os.close(descriptor)
            except OSError:
                pass
        self._profile.cleanup()

    # -- the protocol -------------------------------------------------------------------------------------------

    def _new_id(self):
        self._next_id += 1
        return self._next_id

    def _send(self, message):
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _receive(self, deadline):
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError(f"chromium did not answer within {self.timeout} s")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if ready:
                chunk = os.read(self._from_browser, 1 << 16)
                if not chunk:
                    raise BrowserError(f"chromium closed its pipe (exit status {self.process.poll()})")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(message)
        self._note(message)
        return message

    def _note(self, message):
        """Keeps events, and records the page's console errors and uncaught exceptions."""
        if "id" in message:
            return
        self._events.append(message)
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(details.get("exception", {}).get("description") or details.get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.errors.append(" ".join(str(arg.get("value", arg.get("description"))) for arg in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            self.errors.append(params["entry"].get("text"))

    def _command(self, method, params=None, session=None):
        message = {"id": self._new_id(), "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == message["id"]:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def command(self, method, params=None):
        """A command to the page's session; its result."""
        return self._command(method, params, self._session)

    def wait_for_event(self, method):
        deadline = time.monotonic() + self.timeout
        while True:
            for index, event in enumerate(self._events):
                if event.get("method") == method:
                    return self._events.pop(index)
            self._receive(deadline)

    # -- what a test does ---------------------------------------------------------------------------------------

    def open(self, url):
        """Navigates and waits for the load event."""
        self._events.clear()
        self.command("Page.navigate", {"url": url})
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (JSON-serialisable), awaiting a promise."""
        result = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds=10):
        """Whether a JavaScript expression became true in the page within `seconds` (checked every 50 ms)."""
        deadline = time.monotonic() + seconds
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def click(self, selector):
        """A real mouse click at the centre of the first element matching the CSS selector (scrolled into view)."""
        box = self.evaluate(f"""(() => {{ const node = document.querySelector({json.dumps(selector)});
            if (!node) return null; node.scrollIntoView({{block: "center"}}); const r = node.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2}}; }})()""")
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.command("Input.dispatchMouseEvent",
                         {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})

    def screenshot(self, path, full_page=False):
        params = {"format": "png", "captureBeyondViewport": full_page}
        path.write_bytes(base64.b64decode(self.command("Page.captureScreenshot", params)["data"]))
