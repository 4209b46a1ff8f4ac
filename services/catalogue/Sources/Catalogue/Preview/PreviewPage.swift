/// The editors' preview page, `GET /preview` of a preview run: plain HTML, CSS and JavaScript,
/// no build step and nothing fetched from elsewhere. It renders `/preview/home` for the viewer
/// chosen in its form (country, platform, API major, language, moment), keeps the choice in its
/// own address so a link shows the same screen, and shows the API's message when a choice is
/// refused.
///
/// When it has rendered, `<body>` carries `data-state="ready"` (or `"error"`), which is what a
/// test driving a browser waits for.
enum PreviewPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Catalogue preview</title>
        <style>
          :root { --ink: #1d2430; --muted: #5d6878; --line: #d9dee6; --card: #fff; --page: #f3f5f8;
                  --accent: #0b63ce; --hidden: #b4232c; }
          * { box-sizing: border-box; }
          body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--page); }
          header { background: var(--ink); color: #fff; padding: 12px 20px; }
          header h1 { margin: 0 0 8px; font-size: 18px; }
          form { display: flex; flex-wrap: wrap; gap: 10px; align-items: end; }
          label { display: flex; flex-direction: column; font-size: 12px; gap: 2px; }
          input, select, button { font: inherit; padding: 4px 6px; border-radius: 4px; border: 1px solid var(--line); }
          input[name=country] { width: 5em; } input[name=major] { width: 6em; } input[name=at] { width: 15em; }
          label.check { flex-direction: row; align-items: center; gap: 6px; font-size: 14px; }
          button { background: var(--accent); color: #fff; border: none; padding: 6px 14px; cursor: pointer; }
          main { padding: 16px 20px; }
          #viewer { color: var(--muted); margin: 0 0 12px; }
          #problem { border: 1px solid var(--hidden); background: #fdecee; color: var(--hidden);
                     padding: 10px 12px; border-radius: 6px; margin-bottom: 12px; }
          .row { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin-bottom: 14px; }
          .row h2 { font-size: 16px; margin: 0; display: flex; gap: 10px; align-items: baseline; }
          .row .meta { font-weight: normal; font-size: 12px; color: var(--muted); }
          .row.is-hidden { border-style: dashed; opacity: .8; }
          .why { color: var(--hidden); font-size: 13px; margin: 4px 0; }
          ol.items { list-style: none; display: flex; gap: 10px; overflow-x: auto; padding: 6px 0 2px; margin: 0; }
          .item { flex: 0 0 170px; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: #fafbfc; }
          .item.is-hidden { border-style: dashed; background: #fff7f7; }
          .item .title { font-weight: 600; }
          .item .type, .item .licence { font-size: 12px; color: var(--muted); }
          a { color: var(--accent); font-size: 12px; }
          body:not(.show-hidden) .is-hidden { display: none; }
          #empty { color: var(--muted); }
        </style>
        </head>
        <body data-state="loading">
        <header>
          <h1>Catalogue preview: the home screen as a viewer sees it</h1>
          <form id="choice">
            <label>Country <input name="country" list="countries" placeholder="any" autocomplete="off"></label>
            <datalist id="countries"></datalist>
            <label>Platform
              <select name="platform">
                <option value="website">website</option><option value="android">android</option>
                <option value="ios">ios</option><option value="tv">tv</option>
              </select>
            </label>
            <label>API major <input name="major" inputmode="numeric" placeholder="latest"></label>
            <label>Language <input name="lang" list="languages" placeholder="eng" autocomplete="off"></label>
            <datalist id="languages"></datalist>
            <label>Moment (UTC) <input name="at" placeholder="now, or 2026-12-02T20:00:00Z"></label>
            <label class="check"><input type="checkbox" name="hidden" value="1"> Show what is hidden, and why</label>
            <button type="submit">Show</button>
          </form>
        </header>
        <main>
          <p id="viewer"></p>
          <div id="problem" role="alert" hidden></div>
          <div id="rows"></div>
          <p id="empty" hidden>No row would show for this viewer at this moment.</p>
        </main>
        <script>
        "use strict";
        const form = document.getElementById("choice");
        const fields = ["country", "platform", "major", "lang", "at"];

        function element(tag, attributes, ...children) {
          const node = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) {
            if (value !== null && value !== undefined) node.setAttribute(name, value);
          }
          for (const child of children) {
            if (child !== null && child !== undefined) node.append(child);
          }
          return node;
        }

        function minute(iso) { return iso ? iso.slice(0, 16).replace("T", " ") : ""; }

        function choiceFromAddress() {
          const query = new URLSearchParams(location.search);
          for (const name of fields) {
            if (query.has(name)) form.elements[name].value = query.get(name);
          }
          form.elements.hidden.checked = query.get("hidden") === "1";
          document.body.classList.toggle("show-hidden", form.elements.hidden.checked);
        }

        function choiceToAddress() {
          const query = new URLSearchParams();
          for (const name of fields) {
            const value = form.elements[name].value.trim();
            if (value) query.set(name, value);
          }
          if (form.elements.hidden.checked) query.set("hidden", "1");
          history.replaceState(null, "", "?" + query.toString());
        }

        function request() {
          const query = new URLSearchParams();
          const country = form.elements.country.value.trim();
          const lang = form.elements.lang.value.trim();
          const at = form.elements.at.value.trim();
          if (country) query.set("content_country", country);
          if (lang) query.set("lang", lang);
          if (at && at.toLowerCase() !== "now") query.set("at", at);
          const headers = { "Catalogue-Client": form.elements.platform.value };
          const major = form.elements.major.value.trim();
          if (major) headers["Catalogue-Api-Major"] = major;
          return { url: "/preview/home?" + query.toString(), headers };
        }

        function reasons(list) {
          return list.length ? element("p", { class: "why" }, "Hidden: " + list.map(r => r.text).join("; ")) : null;
        }

        function renderItem(item) {
          return element("li", { class: "item" + (item.shown ? "" : " is-hidden"), "data-uuid": item.uuid },
            element("div", { class: "title" }, item.title),
            element("div", { class: "type" }, item.type || "unknown type"),
            item.licence_end ? element("div", { class: "licence" }, "licence ends " + minute(item.licence_end)) : null,
            reasons(item.hidden),
            item.json ? element("a", { href: item.json, target: "_blank" }, "JSON") : null);
        }

        function renderRow(row) {
          const heading = element("h2", {}, row.title,
            element("span", { class: "meta" }, row.kind + " · position " + row.position + " · " + row.slug),
            row.json ? element("a", { href: row.json, target: "_blank" }, "JSON") : null);
          return element("section", { class: "row" + (row.shown ? "" : " is-hidden"), "data-slug": row.slug },
            heading, reasons(row.hidden),
            row.items.length ? element("ol", { class: "items" }, ...row.items.map(renderItem)) : null);
        }

        async function render() {
          document.body.dataset.state = "loading";
          const problem = document.getElementById("problem");
          const rows = document.getElementById("rows");
          const { url, headers } = request();
          let answer, body;
          try {
            answer = await fetch(url, { headers });
            body = await answer.json();
          } catch (error) {
            body = { error: { message: "the catalogue did not answer: " + error } };
          }
          rows.replaceChildren();
          if (!answer || !answer.ok) {
            problem.textContent = (answer ? answer.status + ": " : "") + ((body && body.error && body.error.message) || "the catalogue refused the request");
            problem.hidden = false;
            document.getElementById("viewer").textContent = "";
            document.getElementById("empty").hidden = true;
            document.body.dataset.state = "error";
            return;
          }
          problem.hidden = true;
          document.getElementById("viewer").textContent =
            (body.country || "any country") + " · " + body.platform + " · API major " + body.api_major +
            " · " + body.language + " · at " + minute(body.moment) + " UTC";
          rows.append(...body.rows.map(renderRow));
          document.getElementById("empty").hidden = body.rows.some(row => row.shown);
          document.body.dataset.state = "ready";
        }

        async function fillList(id, url, label) {
          try {
            const answer = await fetch(url);
            if (!answer.ok) return;
            const list = document.getElementById(id);
            for (const entry of (await answer.json()).items || []) {
              list.append(element("option", { value: entry.code }, label(entry)));
            }
          } catch (error) { /* the lists only help typing */ }
        }

        form.addEventListener("submit", event => { event.preventDefault(); choiceToAddress(); render(); });
        form.elements.hidden.addEventListener("change", () => {
          document.body.classList.toggle("show-hidden", form.elements.hidden.checked);
          choiceToAddress();
        });
        choiceFromAddress();
        fillList("countries", "/catalogue/territories", t => t.name);
        fillList("languages", "/catalogue/languages", l => l.name);
        render();
        </script>
        </body>
        </html>
        """#
}
