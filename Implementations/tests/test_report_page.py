#!/usr/bin/env python3
"""The compatibility report's HTML page in a real headless browser (Debian's chromium), at desktop and phone widths.

  python3 Implementations/tests/test_report_page.py [REPORT_DIR] [--screenshots DIR]
      (default Implementations/report; screenshots in REPORT_DIR unless --screenshots says where)

Drives the page through Chromium's DevTools protocol (headless_browser.py) and checks what a reader needs:
  - it loads with no page error, console error or uncaught exception, at 1280x800 and at 390x844 (a phone);
  - every run's verdict is shown as report.json computes it, inside the first 1280x800 screen without scrolling, and
    the verdict agrees with the run's classified failures (a critical or high weakness makes a run unsafe unless the
    run with its adapter checks has none);
  - the page is at most 10,000 px tall at both widths, and a phone does not scroll sideways (the matrix scrolls in its
    own box);
  - every matrix cell shows report.json's counts; clicking the cell with the most unsafe failures opens exactly that
    run's failing and lenient vectors, the most severe first, and puts the cell's link in the address bar; loading
    that address opens the same list; clicking a verdict opens its run; clicking a finding's link unfolds it;
  - the weakness-severity filter narrows an opened cell to that severity;
  - the page links to docs/implementations.md and the README, and both link back to the page.
Keeps screenshot-desktop.png and screenshot-phone.png (the first screen). Exit 0 and a closing `N passed, 0 failed`
line when all hold.
"""

import argparse
import json
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

from headless_browser import HeadlessBrowser

ROOT = Path(__file__).resolve().parent.parent.parent
DESKTOP, PHONE = (1280, 800), (390, 844)
MAX_HEIGHT = 10_000
PAGE_LINK = "Implementations/report/index.html"


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, []

    def __call__(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed.append(what)


def unsafe_entries(run, unsafe_severities):
    return [entry for entry in run["results"] if entry["status"] == "fail"
            and entry["classification"]["kind"] == "weakness" and entry["classification"]["severity"] in unsafe_severities]


def expected_verdict(implementation, run, unsafe_severities):
    """The verdict from the classifications, written here independently of Scripts/interop/compare.py."""
    if any(entry["status"] == "fail" and entry["classification"]["kind"] == "unclassified" for entry in run["results"]):
        return "unjudged"
    if not unsafe_entries(run, unsafe_severities):
        return "safe" if run["variant"] == "library" else "safe-with-checks"
    checked = [other for other in implementation["runs"]
               if other["variant"] != "library" and other["profile"] == run["profile"]]
    if run["variant"] == "library" and checked and expected_verdict(implementation, checked[0], unsafe_severities) != "unsafe":
        return "safe-with-checks"
    return "unsafe"


def rank(entry, severities, kinds):
    if entry["status"] == "lenient":
        return len(severities) + len(kinds)
    classification = entry["classification"]
    if classification["kind"] == "weakness":
        return severities.index(classification["severity"])
    return len(severities) + kinds.index(classification["kind"])


OPENED = """Array.from(document.querySelectorAll('#details [data-vector]')).map(n => n.getAttribute('data-vector'))"""
CELLS = """Array.from(document.querySelectorAll('td.cell')).map(n => Object.fromEntries(
    ['impl', 'run', 'family', 'pass', 'lenient', 'fail', 'skipped', 'unsafe'].map(k => [k, n.getAttribute('data-' + k)])))"""
VERDICT_BOXES = """Array.from(document.querySelectorAll('#verdicts [data-verdict]')).map(n => { const r = n.getBoundingClientRect();
    return {impl: n.getAttribute('data-verdict-impl'), run: n.getAttribute('data-verdict-run'),
            verdict: n.getAttribute('data-verdict'), text: n.textContent, top: r.top, bottom: r.bottom, left: r.left,
            right: r.right, width: r.width}; })"""
LOADED = """({rendered: document.body.getAttribute('data-rendered'), errors: document.body.getAttribute('data-page-errors'),
    height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
    links: Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))})"""


def check_loaded(check, browser, label, size):
    state = browser.evaluate(LOADED)
    check(state["rendered"] == "ok", f"{label}: the page's script ran to the end (data-rendered=ok)")
    check(state["errors"] is None, f"{label}: no page error: {state['errors']}")
    check(not browser.errors, f"{label}: no console error or uncaught exception: {browser.errors[:3]}")
    check(state["height"] <= MAX_HEIGHT, f"{label}: the page is {state['height']} px tall (at most {MAX_HEIGHT})")
    check(state["width"] <= size[0], f"{label}: the page is {state['width']} px wide in a {size[0]} px window "
                                     "(no sideways scrolling)")
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "Implementations" / "report"))
    parser.add_argument("--screenshots", help="where screenshot-desktop.png and screenshot-phone.png go (default: folder)")
    arguments = parser.parse_args()
    folder = Path(arguments.folder).resolve()
    shots = Path(arguments.screenshots).resolve() if arguments.screenshots else folder
    shots.mkdir(parents=True, exist_ok=True)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    page = (folder / "index.html").resolve().as_uri()
    unsafe_severities = report["unsafeSeverities"]
    check = Checks()

    with HeadlessBrowser(*DESKTOP) as browser:
        browser.open(page)
        state = check_loaded(check, browser, "desktop", DESKTOP)
        browser.screenshot(shots / "screenshot-desktop.png")
        order = browser.evaluate("JSON.parse(document.getElementById('page-order').textContent)")
        severities, kinds = order["severities"], order["kinds"]

        # every run's verdict: as computed, from the classifications, named, and in the first screen
        boxes = {(box["impl"], box["run"]): box for box in browser.evaluate(VERDICT_BOXES)}
        for implementation in report["implementations"]:
            for index, run in enumerate(implementation["runs"]):
                key = (implementation["id"], str(index))
                box = boxes.get(key)
                if box is None:
                    check(False, f"verdict {key}: not shown")
                    continue
                verdict = run["judgement"]["verdict"]
                check(box["verdict"] == verdict and box["text"] == order["verdictNames"][verdict],
                      f"verdict {key}: page {box['verdict']!r} ({box['text']!r}), report.json {verdict!r}")
                check(verdict == expected_verdict(implementation, run, unsafe_severities),
                      f"verdict {key}: report.json {verdict!r}, the classifications give "
                      f"{expected_verdict(implementation, run, unsafe_severities)!r}")
                check(box["top"] >= 0 and box["bottom"] <= DESKTOP[1] and box["left"] >= 0
                      and box["right"] <= DESKTOP[0] and box["width"] > 0,
                      f"verdict {key}: at {box['left']:.0f},{box['top']:.0f}-{box['right']:.0f},{box['bottom']:.0f}, "
                      f"outside the first {DESKTOP[0]}x{DESKTOP[1]} screen")
        runs = sum(len(implementation["runs"]) for implementation in report["implementations"])
        check(len(boxes) == runs, f"{len(boxes)} verdicts shown for {runs} runs")

        # every matrix cell shows report.json's counts
        expected_cells = {}
        for implementation in report["implementations"]:
            for index, run in enumerate(implementation["runs"]):
                for family, counts in run["families"].items():
                    expected_cells[(implementation["id"], str(index), family)] = (implementation, run, counts)
        shown = {(cell["impl"], cell["run"], cell["family"]): cell for cell in browser.evaluate(CELLS)}
        check(set(shown) == set(expected_cells), f"one cell per implementation run and family ({len(shown)} shown, "
                                                 f"{len(expected_cells)} in report.json)")
        for key, (_, run, counts) in expected_cells.items():
            cell = shown.get(key, {})
            unsafe = len([e for e in unsafe_entries(run, unsafe_severities) if e["family"] == key[2]])
            same = all(cell.get(status) == str(counts[status]) for status in ("pass", "lenient", "fail", "skipped"))
            check(same and cell.get("unsafe") == str(unsafe),
                  f"cell {key}: page {cell}, report.json {counts} with {unsafe} unsafe")

        # clicking the cell with the most unsafe failures opens its vectors, most severe first, and links to it
        key = max(expected_cells, key=lambda k: (len([e for e in unsafe_entries(expected_cells[k][1], unsafe_severities)
                                                      if e["family"] == k[2]]), expected_cells[k][2]["fail"]))
        _, run, _ = expected_cells[key]
        wanted = [entry for entry in run["results"] if entry["family"] == key[2] and entry["status"] in ("fail", "lenient")]
        selector = f'td.cell[data-impl="{key[0]}"][data-run="{key[1]}"][data-family="{key[2]}"] a'
        browser.click(selector)
        check(browser.wait_for("document.getElementById('opened') !== null"), f"clicking cell {key} opens it")
        opened = browser.evaluate(OPENED)
        check(sorted(opened) == sorted(entry["id"] for entry in wanted),
              f"clicked cell {key} lists {len(opened)} vectors, report.json has {len(wanted)} failing or lenient")
        ranks = {entry["id"]: rank(entry, severities, kinds) for entry in wanted}
        shown_ranks = [ranks.get(vector_id, -1) for vector_id in opened]
        check(shown_ranks == sorted(shown_ranks) and (not shown_ranks or shown_ranks[0] == min(ranks.values())),
              f"clicked cell {key}: the most severe first (ranks {shown_ranks[:12]}...)")
        link = browser.evaluate("decodeURIComponent(location.hash)")
        check(link == f"#open={key[0]}/{key[1]}/{key[2]}", f"clicked cell {key}: the address names it ({link!r})")
        check(browser.evaluate("document.querySelector('td.cell.selected') !== null"), "the clicked cell is marked")

        # the severity filter narrows the opened cell
        browser.evaluate("""(() => { const s = document.getElementById('severity-filter'); s.value = 'critical';
            s.dispatchEvent(new Event('change')); })()""")
        critical = sorted(entry["id"] for entry in wanted if entry["status"] == "fail"
                          and entry["classification"].get("severity") == "critical"
                          and entry["classification"]["kind"] == "weakness")
        check(sorted(browser.evaluate(OPENED)) == critical,
              f"severity filter 'critical': {len(browser.evaluate(OPENED))} vectors listed, {len(critical)} critical")
        browser.evaluate("""(() => { const s = document.getElementById('severity-filter'); s.value = '';
            s.dispatchEvent(new Event('change')); })()""")

        # clicking a verdict opens its run; clicking the worst weakness unfolds its finding
        implementation = next(i for i in report["implementations"] if i["id"] == "python-jose") \
            if any(i["id"] == "python-jose" for i in report["implementations"]) else report["implementations"][0]
        browser.evaluate("window.scrollTo(0, 0)")
        browser.click(f'#verdicts [data-verdict-impl="{implementation["id"]}"][data-verdict-run="0"]')
        opened_run = browser.wait_for(f"location.hash.startsWith('#open={implementation['id']}/0/') && "
                                      f"document.getElementById('opened').textContent.includes({json.dumps(implementation['name'])})")
        check(opened_run, f"clicking {implementation['id']}'s verdict opens its run "
                          f"({browser.evaluate('location.hash')!r})")
        worst = implementation["runs"][0]["judgement"]["worst"]
        if worst:
            browser.evaluate("window.scrollTo(0, 0)")
            browser.click(f'#verdicts tr[data-impl="{implementation["id"]}"] .worst a')
            check(browser.wait_for(f"document.getElementById('finding-{worst['finding']}').open === true"),
                  f"clicking {implementation['id']}'s worst weakness unfolds finding {worst['finding']}")

        # links both ways: the page to the advice and the README, and they to the page
        for anchor, target in (("link-advice", ROOT / "docs" / "implementations.md"), ("link-readme", ROOT / "README.md")):
            href = browser.evaluate(f"document.getElementById('{anchor}').href")
            path = Path(unquote(urlparse(urljoin(page, href)).path)) if href else None
            check(path is not None and path.resolve() == target.resolve(), f"the page's {anchor} goes to {target} ({path})")
            check(re.search(r"\]\((?:\.\./)*" + re.escape(PAGE_LINK) + r"(?:#[^)]*)?\)", target.read_text(encoding="utf-8")),
                  f"{target.relative_to(ROOT)} links to the page ({PAGE_LINK})")
        check(all(not href.startswith("http") for href in state["links"]), "the page loads and links nothing remote")

    # the address of a cell opens it in a fresh page
    with HeadlessBrowser(*DESKTOP) as browser:
        browser.open(f"{page}#open={key[0]}/{key[1]}/{key[2]}")
        check(sorted(browser.evaluate(OPENED)) == sorted(entry["id"] for entry in wanted),
              f"loading the link of cell {key} opens it")
        check(not browser.errors, f"no error after opening a cell by its link: {browser.errors[:3]}")

    with HeadlessBrowser(*PHONE, mobile=True) as browser:
        browser.open(page)
        check_loaded(check, browser, "phone", PHONE)
        shown = browser.evaluate(VERDICT_BOXES)
        check(len(shown) == runs and all(box["width"] > 0 for box in shown), "phone: every verdict is shown")
        browser.screenshot(shots / "screenshot-phone.png")

    for name in ("screenshot-desktop.png", "screenshot-phone.png"):
        check((shots / name).stat().st_size > 10_000, f"{name} written")
    for what in check.failed:
        print(f"FAILED: {what}")
    print(f"{check.passed} passed, {len(check.failed)} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
