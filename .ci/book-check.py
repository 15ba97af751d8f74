#!/usr/bin/env python3
"""Opens every page of the lab book in headless Chromium and checks it.

Talks to the browser over the DevTools protocol on a pipe (--remote-debugging-pipe: file
descriptors 3 and 4, JSON messages ending in NUL), so it needs nothing beyond Python's standard
library and the browser. For each page: no console error, no uncaught exception, no failed or
outside request; each race page has two lane diagrams (before and after). Saves a screenshot of
one race page. Exit 0 when every page passes, 1 otherwise, 2 on a usage error.

Usage: book-check.py BOOK_DIR SCREENSHOT.png [CHROMIUM]
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="book-check-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        os.set_inheritable(to_browser_r, True)
        os.set_inheritable(from_browser_w, True)

        def wire_fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--window-size=1280,900", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # close_fds would close 3 and 4 after wire_fds made them.
            preexec_fn=wire_fds, close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session):
        for index, event in enumerate(self.events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self.events.pop(index)
        while True:
            event = self.receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def problems_in(events, session):
    """What went wrong on the page: console errors, exceptions, failed or outside requests."""
    found = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append("console error: " + " ".join(
                str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            found.append("exception: " + params["exceptionDetails"].get("text", ""))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            found.append("log error: " + params["entry"].get("text", ""))
        elif method == "Network.loadingFailed":
            found.append("failed request: " + params.get("errorText", ""))
        elif method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            if not url.startswith(("file://", "data:", "about:")):
                found.append("request outside the book: " + url)
    return found


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    book, screenshot = os.path.abspath(sys.argv[1]), sys.argv[2]
    executable = sys.argv[3] if len(sys.argv) == 4 else (
        shutil.which("chromium") or shutil.which("chromium-browser"))
    if not executable:
        print("book-check: no chromium found (apt-get install -y chromium)", file=sys.stderr)
        return 2
    pages = sorted(name for name in os.listdir(book) if name.endswith(".html"))
    if "index.html" not in pages:
        print(f"book-check: no index.html in {book}", file=sys.stderr)
        return 2

    races = [name for name in pages if name.startswith("race-")]
    shot_page = "race-saved-value-race.html" if "race-saved-value-race.html" in races else (
        races[0] if races else None)
    browser = Browser(executable)
    failures = 0
    shot_taken = False
    try:
        for name in pages:
            target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.send(
                "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                browser.send(domain + ".enable", session=session)
            browser.send("Page.navigate", {"url": "file://" + os.path.join(book, name)},
                         session=session)
            browser.wait_for("Page.loadEventFired", session)
            result = browser.send("Runtime.evaluate", {
                "expression": "JSON.stringify([...document.querySelectorAll('svg.lanes')]"
                              ".map(s => s.dataset.side + ':' + s.querySelectorAll('circle').length))",
                "returnByValue": True}, session=session)
            diagrams = json.loads(result["result"]["value"])
            problems = problems_in(browser.events, session)
            if name.startswith("race-"):
                sides = [d.split(":")[0] for d in diagrams]
                if sides != ["before", "after"]:
                    problems.append(f"expected the before and after lane diagrams, found {sides}")
                elif any(int(d.split(":")[1]) == 0 for d in diagrams):
                    problems.append(f"a lane diagram without events: {diagrams}")
                if name == shot_page:
                    shot = browser.send("Page.captureScreenshot",
                                        {"format": "png", "captureBeyondViewport": True},
                                        session=session)
                    with open(screenshot, "wb") as file:
                        file.write(base64.b64decode(shot["data"]))
                    shot_taken = True
                    print(f"  screenshot of {name}: {screenshot}")
            status = "ok" if not problems else "FAIL"
            detail = f", lane diagrams {diagrams}" if diagrams else ""
            print(f"  {status:4} {name}{detail}")
            for problem in problems:
                print(f"       {problem}")
            failures += bool(problems)
            browser.send("Target.closeTarget", {"targetId": target})
            browser.events = [e for e in browser.events if e.get("sessionId") != session]
    finally:
        browser.close()
    print(f"book-check: {len(pages)} pages, {failures} failing"
          + ("" if shot_taken else "; NO race page to screenshot"))
    return 0 if failures == 0 and shot_taken else 1


if __name__ == "__main__":
    sys.exit(main())
