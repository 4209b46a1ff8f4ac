"""Drives the Catalogue's /preview page in a headless Chromium and reports what it rendered.

Called by run-preview-browser, which installs playwright and finds the browser. What is
reported is what the browser shows (checkVisibility, innerText after the page's own script
ran), not the HTML the server sent.
"""

import argparse
import json
import sys

from playwright.sync_api import sync_playwright

# What each view reports: the page's state, the problem shown, the viewer line, and every row and
# item with whether the browser shows it.
EXTRACT = """
() => {
  const text = (node, selector) => {
    const found = selector ? node.querySelector(selector) : node;
    return found ? found.innerText.trim() : null;
  };
  const problem = document.getElementById("problem");
  return {
    state: document.body.dataset.state,
    problem: problem.checkVisibility() ? problem.innerText.trim() : null,
    viewer: text(document, "#viewer"),
    empty: document.getElementById("empty").checkVisibility(),
    rows: [...document.querySelectorAll("section.row")].map(row => ({
      slug: row.dataset.slug,
      visible: row.checkVisibility(),
      title: row.querySelector("h2").firstChild.textContent,
      why: text(row, ":scope > .why"),
      json: row.querySelector("h2 a") ? row.querySelector("h2 a").getAttribute("href") : null,
      items: [...row.querySelectorAll("li.item")].map(item => ({
        uuid: item.dataset.uuid,
        visible: item.checkVisibility(),
        title: text(item, ".title"),
        type: text(item, ".type"),
        licence: text(item, ".licence"),
        why: text(item, ".why"),
        json: item.querySelector("a") ? item.querySelector("a").getAttribute("href") : null,
      })),
    })),
  };
}
"""

# A selector, not a function: the page's Content-Security-Policy allows no eval, which
# wait_for_function's polling needs.
RENDERED = "body[data-state=ready], body[data-state=error]"


def view(page, base, spec):
    page.goto(base + "/preview" + spec.get("address", ""))
    page.wait_for_selector(RENDERED, state="attached")
    fill = spec.get("fill")
    if fill is not None:
        for name, value in fill.items():
            field = page.locator(f"form#choice [name={name}]")
            if field.evaluate("node => node.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        page.locator("form#choice button[type=submit]").click()
        page.wait_for_selector(RENDERED, state="attached")
    if "show_hidden" in spec:
        page.locator("form#choice [name=hidden]").set_checked(bool(spec["show_hidden"]))
    report = page.evaluate(EXTRACT)
    report["address"] = page.evaluate("location.search")
    return report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--browser", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--plan")
    parser.add_argument("--screenshot")
    parser.add_argument("--address", default="")
    arguments = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=arguments.browser, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        problems = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        if arguments.screenshot:
            report = view(page, arguments.url, {"address": arguments.address})
            page.screenshot(path=arguments.screenshot, full_page=False)
            views = [report]
        else:
            with open(arguments.plan, encoding="utf-8") as file:
                plan = json.load(file)
            views = [view(page, arguments.url, spec) for spec in plan]
        browser.close()
    json.dump({"views": views, "script_errors": problems}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0 if all(v["state"] in ("ready", "error") for v in views) and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
