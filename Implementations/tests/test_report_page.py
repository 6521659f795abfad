#!/usr/bin/env python3
"""The compatibility report's HTML page in a real headless browser (Debian's chromium).

  python3 Implementations/tests/test_report_page.py [REPORT_DIR]   (default Implementations/report)

Checks that the page loads with no console error (an in-page handler writes any error or console.error into the
DOM, and chromium's own console log on standard error is read too), that every matrix cell shows the counts of
report.json, that a cell opened through the page's #open= link lists exactly that run's failing and lenient vectors,
and keeps a screenshot at REPORT_DIR/screenshot.png. Exit 0 and a closing `N passed, 0 failed` line when all hold.
"""

import json
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


class Cells(HTMLParser):
    """Collects the matrix cells' data-* attributes, the opened vectors and the body's attributes."""

    def __init__(self):
        super().__init__()
        self.cells, self.vectors, self.body = [], [], {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "body":
            self.body = attributes
        if tag == "td" and "cell" in (attributes.get("class") or "").split():
            self.cells.append(attributes)
        if tag == "div" and "data-vector" in attributes:
            self.vectors.append(attributes["data-vector"])


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    raise SystemExit("chromium is not installed (Scripts/install_implementations.sh installs it)")


def browser(arguments, url):
    with tempfile.TemporaryDirectory() as profile:
        command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *arguments, url]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)


def console_errors(stderr):
    """Chromium's log of the page's console: lines with CONSOLE, at error level or with an uncaught exception."""
    return [line for line in stderr.splitlines()
            if "CONSOLE" in line and ("ERROR" in line or "Uncaught" in line or "error" in line.lower())]


def main():
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "Implementations" / "report"
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    page = (folder / "index.html").resolve().as_uri()
    passed, failed = 0, []

    def check(condition, what):
        nonlocal passed
        if condition:
            passed += 1
        else:
            failed.append(what)

    loaded = browser(["--dump-dom"], page)
    parsed = Cells()
    parsed.feed(loaded.stdout)
    check(parsed.body.get("data-rendered") == "ok", "the page's script ran to the end (data-rendered=ok)")
    check("data-page-errors" not in parsed.body, f"no page error: {parsed.body.get('data-page-errors')}")
    check(not console_errors(loaded.stderr), f"no console error: {console_errors(loaded.stderr)[:3]}")

    expected_cells = {}
    for implementation in report["implementations"]:
        for index, run in enumerate(implementation["runs"]):
            for family, counts in run["families"].items():
                expected_cells[(implementation["id"], str(index), family)] = counts
    shown = {(cell["data-impl"], cell["data-run"], cell["data-family"]): cell for cell in parsed.cells}
    check(set(shown) == set(expected_cells), f"one cell per implementation run and family ({len(shown)} shown, "
                                             f"{len(expected_cells)} in report.json)")
    for key, counts in expected_cells.items():
        cell = shown.get(key, {})
        same = all(cell.get(f"data-{status}") == str(counts[status]) for status in ("pass", "lenient", "fail", "skipped"))
        check(same, f"cell {key}: page {[cell.get(f'data-{s}') for s in ('pass', 'lenient', 'fail', 'skipped')]}, "
                    f"report.json {counts}")

    # the most failing cell, opened through its link, lists exactly its failing and lenient vectors
    key = max(expected_cells, key=lambda k: expected_cells[k]["fail"])
    opened = browser(["--dump-dom"], f"{page}#open={key[0]}/{key[1]}/{key[2]}")
    parsed_open = Cells()
    parsed_open.feed(opened.stdout)
    run = next(i for i in report["implementations"] if i["id"] == key[0])["runs"][int(key[1])]
    wanted = [entry["id"] for entry in run["results"]
              if entry["family"] == key[2] and entry["status"] in ("fail", "lenient")]
    check(parsed_open.vectors == wanted, f"opened cell {key} lists {len(parsed_open.vectors)} vectors, "
                                         f"report.json has {len(wanted)}")
    check(not console_errors(opened.stderr) and "data-page-errors" not in parsed_open.body,
          "no error after opening a cell")

    shot = browser(["--window-size=1400,1100", f"--screenshot={folder / 'screenshot.png'}"], page)
    check((folder / "screenshot.png").exists() and (folder / "screenshot.png").stat().st_size > 10000,
          f"screenshot written: {shot.stderr[-300:] if shot.returncode else ''}")

    for what in failed:
        print(f"FAILED: {what}")
    print(f"{passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
