// workbook serve's live preview: injected into every page the preview
// server sends (never into the built files). It reloads the page when a new
// build is served (server-sent events on /__workbook/events) and shows the
// book's failures in an overlay at their Markdown file and line, with the
// diff or the compiler's error. Fixing the last failure clears it. Every
// text from the book (file names, messages, diffs) is set as text
// (textContent, append), never as markup.
(() => {
  "use strict";
  const script = document.currentScript;
  const generation = script ? script.dataset.generation : "";
  let status = { problems: [], building: false };
  try {
    // A script element: no heading's anchor can be it (IDRegistry).
    status = JSON.parse(document.querySelector("script#workbook-preview-status").textContent);
  } catch (error) {
    // No status: nothing to show, reloading still works.
  }

  const here = location.pathname.split("/").pop() || "index.html";
  const host = document.createElement("div");
  host.id = "workbook-preview";
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>
    :host { all: initial; }
    .overlay { position: fixed; inset: 0; z-index: 2147483647; overflow: auto; padding: 2rem 1rem;
      background: rgba(20, 20, 24, 0.86); color: #f4f4f5;
      font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .panel { max-width: 60rem; margin: 0 auto; background: #18181b; border-top: 4px solid #ef4444;
      border-radius: 6px; padding: 1rem 1.25rem; box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5); }
    h2 { font: 600 1.05rem/1.3 system-ui, sans-serif; margin: 0 0 0.75rem; color: #fca5a5; }
    .problem { border-top: 1px solid #3f3f46; padding: 0.6rem 0; }
    .where { color: #93c5fd; }
    .where a { color: inherit; }
    .here { color: #fde047; font-family: system-ui, sans-serif; font-size: 0.8rem; margin-left: 0.5rem; }
    .message { color: #f4f4f5; white-space: pre-wrap; }
    pre { margin: 0.4rem 0 0; padding: 0.5rem 0.75rem; background: #09090b; border-radius: 4px;
      overflow-x: auto; white-space: pre; color: #e4e4e7; }
    .add { color: #86efac; } .del { color: #fca5a5; } .chg { color: #fde68a; }
    button { font: 600 0.85rem system-ui, sans-serif; float: right; background: #3f3f46; color: #f4f4f5;
      border: 0; border-radius: 4px; padding: 0.3rem 0.7rem; cursor: pointer; }
    .note { font: 0.8rem system-ui, sans-serif; color: #a1a1aa; margin: 0.75rem 0 0; }
    .badge { position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483647; padding: 0.4rem 0.8rem;
      border-radius: 999px; background: #1d4ed8; color: #fff; font: 600 0.8rem system-ui, sans-serif;
      box-shadow: 0 4px 12px rgba(0, 0, 0, 0.3); }
    [hidden] { display: none !important; }
  </style>
  <div class="overlay" role="alertdialog" aria-modal="false" aria-labelledby="workbook-preview-title" hidden>
    <div class="panel">
      <button type="button" class="close" aria-label="Hide the failures">Hide (Esc)</button>
      <h2 id="workbook-preview-title"></h2>
      <div class="problems"></div>
      <p class="note">Save a fix and this page reloads. workbook verify shows the same failures in the terminal.</p>
    </div>
  </div>
  <div class="badge" role="status" aria-live="polite" hidden>Rebuilding…</div>`;

  const overlay = root.querySelector(".overlay");
  const badge = root.querySelector(".badge");
  const text = (tag, className, content) => {
    const element = document.createElement(tag);
    if (className) element.className = className;
    element.textContent = content;
    return element;
  };

  function showProblems(problems) {
    const list = root.querySelector(".problems");
    list.textContent = "";
    if (!problems || problems.length === 0) {
      overlay.hidden = true;
      return;
    }
    root.getElementById("workbook-preview-title").textContent =
      problems.length === 1 ? "1 failure in the book" : `${problems.length} failures in the book`;
    // This page's failures first.
    const sorted = problems.slice().sort((a, b) => (b.page === here) - (a.page === here));
    for (const problem of sorted) {
      const item = document.createElement("div");
      item.className = "problem";
      const where = document.createElement("div");
      where.className = "where";
      const place = problem.file ? problem.file + (problem.line ? ":" + problem.line : "") : "The build";
      if (problem.page && problem.page !== here) {
        const link = text("a", "", place);
        // A page name is a file name, never a URL: "javascript:x.html"
        // must not run when clicked.
        link.href = "./" + encodeURIComponent(problem.page);
        where.append(link);
      } else {
        where.append(place);
      }
      if (problem.page === here) where.append(text("span", "here", "on this page"));
      item.append(where, text("div", "message", problem.message));
      if (problem.details && problem.details.length) {
        const pre = document.createElement("pre");
        for (const line of problem.details) {
          // A unified diff's lines, and a film's changed rows (`~ `).
          const kind = /^\+(?!\+\+)/.test(line) ? "add" : /^-(?!--)/.test(line) ? "del" : /^~ /.test(line) ? "chg" : "";
          pre.append(text("span", kind, line + "\n"));
        }
        item.append(pre);
      }
      list.append(item);
    }
    overlay.hidden = false;
  }

  root.querySelector(".close").addEventListener("click", () => { overlay.hidden = true; });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !overlay.hidden) overlay.hidden = true;
  });

  const attach = () => {
    document.body.append(host);
    showProblems(status.problems);
    badge.hidden = !status.building;
  };
  if (document.body) attach(); else document.addEventListener("DOMContentLoaded", attach);

  if (!window.EventSource) return;
  const events = new EventSource("/__workbook/events?generation=" + encodeURIComponent(generation));
  events.addEventListener("building", () => { badge.hidden = false; });
  events.addEventListener("reload", (event) => {
    if (event.data === generation) return;
    events.close();
    location.reload();
  });
})();
