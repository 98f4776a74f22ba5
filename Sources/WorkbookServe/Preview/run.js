// workbook serve: run in the page. Injected into chapter pages the preview
// server sends (never into the built site), after a JSON element that
// holds the chapter's snippets (no secret: the browser's cookie, set by
// the address serve printed, is the key to every request). Each code box
// whose text is a snippet's gets a button: "Edit and run" swaps in a text
// area, Run (or Ctrl/Cmd+Enter) sends the edited code to the server, which
// runs it as verify would and answers with the output, its films, or the
// errors at their lines, shown under the box. An exercise's starter gets
// "Try it here": Check answers as `workbook step` does (the verdict, output
// against expected, the starter's symptom, hints one at a time, the
// solution's change after a try). Reset puts the book's code back. Nothing
// is saved: the chapter file changes only when you save it in your editor;
// an edit is kept in the tab's session storage, so the reload a save
// brings does not lose it (while the snippet's code in the book is the same).
// Text from the server is set as text; only the output's markup (the
// site's own, made by the server) is inserted as HTML.
(() => {
  "use strict";
  let data;
  try {
    // A script element: no heading's anchor can be it (IDRegistry).
    data = JSON.parse(document.querySelector("script#workbook-run").textContent);
  } catch (error) {
    return;
  }
  if (!data || !data.chapter || !Array.isArray(data.snippets)) return;

  const style = document.createElement("style");
  style.textContent = `
    .workbook-run { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.4rem 0 0.8rem; }
    .workbook-run button { font: 600 0.8rem system-ui, sans-serif; padding: 0.25rem 0.7rem; border-radius: 4px;
      border: 1px solid #6b7280; background: transparent; color: inherit; cursor: pointer; }
    .workbook-run button:disabled { opacity: 0.5; cursor: default; }
    .workbook-run .keys { font: 0.75rem system-ui, sans-serif; opacity: 0.7; }
    .workbook-editor { display: grid; grid-template-columns: auto 1fr; margin: 0; }
    .workbook-editor pre.gutter { margin: 0; padding: 0.75rem 0.4rem; text-align: right; opacity: 0.6;
      user-select: none; overflow: hidden; font: inherit; }
    .workbook-editor pre.gutter .err { color: #dc2626; opacity: 1; font-weight: 700; }
    .workbook-editor textarea { font: 0.9rem/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      padding: 0.75rem; border: 0; border-left: 2px solid #2563eb; resize: vertical; min-height: 4rem;
      background: transparent; color: inherit; white-space: pre; overflow: auto; tab-size: 2; }
    .workbook-editor pre.gutter { font: 0.9rem/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .workbook-result { margin: 0 0 1rem; padding: 0.6rem 0.8rem; border-left: 4px solid #6b7280; border-radius: 4px;
      background: rgba(127, 127, 127, 0.08); }
    .workbook-result[data-status="passed"] { border-color: #16a34a; }
    .workbook-result[data-status="mismatch"], .workbook-result[data-status="wrong-output"] { border-color: #d97706; }
    .workbook-result[data-status="compile-error"], .workbook-result[data-status="trap"],
    .workbook-result[data-status="timeout"], .workbook-result[data-status="crashed"],
    .workbook-result[data-status="timed-out"], .workbook-result[data-status="refused"] { border-color: #dc2626; }
    .workbook-result .summary { font-weight: 600; margin: 0 0 0.4rem; }
    .workbook-result .label { font: 600 0.8rem system-ui, sans-serif; margin: 0.6rem 0 0.2rem; }
    .workbook-result ul.errors { margin: 0.3rem 0; padding-left: 1.2rem; }
    .workbook-result ul.errors button { font: inherit; padding: 0; border: 0; background: none; color: #2563eb;
      text-decoration: underline; cursor: pointer; }
    .workbook-result pre { margin: 0.2rem 0; overflow-x: auto; }
    .workbook-result .add { color: #16a34a; } .workbook-result .del { color: #dc2626; }
    .workbook-result .note { font-style: italic; }
    .workbook-result .side { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.6rem; }
  `;
  document.head.append(style);

  const element = (tag, attributes, text) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text != null) node.textContent = text;
    return node;
  };
  const lines = (text) => text.replace(/\n$/, "").split("\n");
  const mac = /Mac|iPhone|iPad/.test(navigator.platform || "");
  const runKeys = mac ? "\u2318\u21a9" : "Ctrl+Enter";

  // A knob's slider (site.js) runs the exact value through the same
  // endpoint: the snippet's code as the book has it, and a run of edited code.
  window.WorkbookRun = {
    code(output) {
      const snippet = data.snippets.find((s) => s.index === Number(output.dataset.snippet));
      return snippet ? snippet.code : null;
    },
    async run(output, code) {
      const body = { chapter: data.chapter, code, snippet: Number(output.dataset.snippet), knob: true };
      try {
        const response = await fetch(data.run, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
          credentials: "same-origin", cache: "no-store",
        });
        if (response.ok) return await response.json();
        return { summary: (await response.text()).trim() || response.status + " " + response.statusText };
      } catch (error) {
        return null;
      }
    },
  };

  // Each code box that shows a snippet, found by its text.
  const unused = data.snippets.slice();
  for (const box of document.querySelectorAll("#content .code:not(.diff)")) {
    const code = box.querySelector(":scope > pre > code.language-swift");
    if (!code) continue;
    const text = code.textContent.replace(/\n$/, "");
    const at = unused.findIndex((snippet) => snippet.code.replace(/\n$/, "") === text);
    if (at < 0) continue;
    attach(box, unused.splice(at, 1)[0]);
  }

  function attach(box, snippet) {
    const exercise = snippet.exercise || null;
    const original = snippet.code;
    const pre = box.querySelector(":scope > pre");
    box.dataset.workbookSnippet = String(snippet.index);
    const bar = element("div", { class: "workbook-run", role: "group", "aria-label": exercise ? "Try the exercise" : "Edit and run this code" });
    const open = element("button", { type: "button", class: "edit" }, exercise ? "Try it here" : "Edit and run");
    const run = element("button", { type: "button", class: "run", hidden: "" }, exercise ? "Check" : "Run");
    const reset = element("button", { type: "button", class: "reset", hidden: "" }, "Reset");
    const keys = element("span", { class: "keys", hidden: "" }, runKeys + " runs \u00b7 nothing is saved to the chapter");
    bar.append(open, run, reset, keys);
    const result = element("div", { class: "workbook-result", role: "status", "aria-live": "polite", hidden: "" });
    box.after(bar, result);

    let editor = null, area = null, gutter = null;
    let attempts = 0, hintsShown = 0, busy = false;

    const showGutter = (marked) => {
      if (!gutter) return;
      gutter.textContent = "";
      const count = area.value.replace(/\n$/, "").split("\n").length;
      for (let n = 1; n <= count; n++) {
        gutter.append(element("span", marked.has(n) ? { class: "err" } : {}, (marked.has(n) ? "\u25b6 " : "") + n + "\n"));
      }
    };
    const goTo = (line) => {
      const all = area.value.split("\n");
      const start = all.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
      area.focus();
      area.setSelectionRange(start, start + (all[line - 1] || "").length);
    };

    // An edit survives the page's reload (a save in the editor reloads it)
    // for as long as the tab is open, while the book's code is unchanged.
    const kept = "workbook-edit:" + data.chapter + ":" + snippet.index;
    const keep = () => {
      try {
        if (area && area.value !== original) sessionStorage.setItem(kept, JSON.stringify({ original, code: area.value }));
        else sessionStorage.removeItem(kept);
      } catch (error) { /* storage off: nothing is kept */ }
    };
    const keptCode = () => {
      try {
        const stored = JSON.parse(sessionStorage.getItem(kept) || "null");
        return stored && stored.original === original ? stored.code : null;
      } catch (error) {
        return null;
      }
    };

    const edit = (restored) => {
      if (editor) { area.focus(); return; }
      editor = element("div", { class: "workbook-editor" });
      gutter = element("pre", { class: "gutter", "aria-hidden": "true" });
      area = element("textarea", {
        spellcheck: "false", autocapitalize: "off", autocomplete: "off",
        "aria-label": (exercise ? "Your attempt at " + exercise : "Snippet " + (snippet.index + 1)) + " (" + runKeys + " runs)",
      });
      area.value = typeof restored === "string" ? restored : original;
      area.rows = Math.min(40, lines(area.value).length + 1);
      area.addEventListener("input", () => { showGutter(new Set()); keep(); });
      area.addEventListener("scroll", () => { gutter.scrollTop = area.scrollTop; });
      area.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); go(); }
      });
      editor.append(gutter, area);
      pre.hidden = true;
      pre.after(editor);
      showGutter(new Set());
      open.hidden = true;
      run.hidden = false; reset.hidden = false; keys.hidden = false;
      if (typeof restored === "string") {
        result.hidden = false;
        result.dataset.status = "restored";
        result.textContent = "";
        result.append(element("p", { class: "note" }, "Your edit from before the page reloaded (not saved to the chapter; Reset puts the book\u2019s code back)."));
      } else {
        area.focus();
      }
    };

    const stop = () => {
      try { sessionStorage.removeItem(kept); } catch (error) { /* storage off */ }
      if (editor) editor.remove();
      editor = area = gutter = null;
      pre.hidden = false;
      open.hidden = false;
      run.hidden = true; reset.hidden = true; keys.hidden = true;
      result.hidden = true;
      result.textContent = "";
      delete result.dataset.status;
      open.focus();
    };

    const go = async () => {
      if (busy || !area) return;
      busy = true;
      run.disabled = true;
      result.hidden = false;
      result.setAttribute("aria-busy", "true");
      result.dataset.status = "running";
      result.textContent = "";
      result.append(element("p", { class: "summary" }, exercise ? "Checking\u2026" : "Running\u2026"));
      const body = { chapter: data.chapter, code: area.value };
      if (exercise) body.exercise = exercise; else body.snippet = snippet.index;
      let answer = null, refusal = null;
      try {
        const response = await fetch(exercise ? data.check : data.run, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
          credentials: "same-origin", cache: "no-store",
        });
        if (response.ok) answer = await response.json();
        else refusal = (await response.text()).trim() || response.status + " " + response.statusText;
      } catch (error) {
        refusal = "The preview server did not answer (is workbook serve still running?)";
      }
      busy = false;
      run.disabled = false;
      result.removeAttribute("aria-busy");
      if (!area) return;
      result.textContent = "";
      if (refusal) {
        result.dataset.status = "refused";
        result.append(element("p", { class: "summary" }, refusal));
        return;
      }
      attempts += 1;
      if (exercise) showCheck(answer); else showRun(answer);
    };

    const errorList = (errors) => {
      const marked = new Set(errors.filter((e) => e.line).map((e) => e.line));
      showGutter(marked);
      if (!errors.length) return null;
      const list = element("ul", { class: "errors", "aria-label": "Errors" });
      for (const error of errors) {
        const item = element("li");
        if (error.line) {
          const place = "line " + error.line + (error.column ? ", column " + error.column : "");
          const link = element("button", { type: "button", "data-line": String(error.line) }, place);
          link.addEventListener("click", () => goTo(error.line));
          item.append(link, ": ");
        }
        item.append(error.message);
        if (error.excerpt && error.excerpt.length) item.append(element("pre", {}, error.excerpt.join("\n")));
        list.append(item);
      }
      return list;
    };
    const diffBlock = (rows) => {
      const block = element("pre", { class: "diff" });
      for (const row of rows) {
        const kind = /^\+(?!\+\+)/.test(row) ? "add" : /^-(?!--)/.test(row) ? "del" : "";
        block.append(element("span", kind ? { class: kind } : {}, row + "\n"));
      }
      return block;
    };
    const textBlock = (label, text) => {
      const part = element("div");
      part.append(element("p", { class: "label" }, label), element("pre", { class: "out", tabindex: "0" }, text === "" ? "(nothing)" : text));
      return part;
    };

    function showRun(answer) {
      result.dataset.status = answer.status;
      result.append(element("p", { class: "summary" }, answer.summary + " (" + answer.seconds + " s)"));
      const list = errorList(answer.errors || []);
      if (list) result.append(list);
      if (answer.output) {
        result.append(element("p", { class: "label" }, "Output"));
        const output = element("div", { class: "output workbook-output" });
        // The server's markup: the site's own output and film player.
        output.innerHTML = answer.outputHTML;
        result.append(output);
        if (window.WorkbookPlayer) for (const figure of output.querySelectorAll("figure.diagram")) window.WorkbookPlayer.setUp(figure);
      }
      if (answer.diff && answer.diff.length) {
        result.append(element("p", { class: "label" }, "Against the book's output"), diffBlock(answer.diff));
      }
      for (const other of answer.others || []) result.append(element("p", { class: "note" }, other));
    }

    function showCheck(answer) {
      result.dataset.status = answer.outcome;
      result.append(element("p", { class: "summary" }, answer.summary + " (" + answer.seconds + " s)"));
      const list = errorList(answer.errors || []);
      if (list) result.append(list);
      if (answer.outcome === "wrong-output" || answer.outcome === "crashed") {
        const side = element("div", { class: "side" });
        side.append(textBlock("Expected output", answer.expected), textBlock("Yours", answer.output));
        result.append(side);
        if (answer.diff && answer.diff.length) result.append(diffBlock(answer.diff));
      }
      if (answer.stillTheSymptom) {
        result.append(element("p", { class: "note" }, "This is still what the starter does (its symptom): nothing is fixed yet."));
      }
      if (answer.outcome === "passed") return;
      const hints = element("div", { class: "hints-shown" });
      result.append(hints);
      const more = element("div", { class: "workbook-run" });
      const hint = element("button", { type: "button", class: "hint" });
      const solution = element("button", { type: "button", class: "solution" }, "Show the solution\u2019s change");
      const showHints = () => {
        hints.textContent = "";
        for (let i = 0; i < hintsShown; i++) {
          hints.append(element("p", { class: "label" }, "Hint " + (i + 1) + " of " + answer.hints.length), element("p", {}, answer.hints[i]));
        }
        hint.hidden = hintsShown >= answer.hints.length;
        hint.textContent = "Hint " + (hintsShown + 1) + " of " + answer.hints.length;
      };
      hint.addEventListener("click", () => { hintsShown += 1; showHints(); });
      solution.disabled = attempts < 1;
      solution.addEventListener("click", () => {
        solution.hidden = true;
        const rows = element("pre", { class: "solution-change", "aria-label": "The solution's change from the starter" });
        for (const row of answer.solution) {
          const mark = row.kind === "added" ? "+ " : row.kind === "removed" ? "- " : "  ";
          const kind = row.kind === "added" ? "add" : row.kind === "removed" ? "del" : "";
          rows.append(element("span", kind ? { class: kind } : {}, row.kind === "gap" ? "  \u22ef\n" : mark + row.text + "\n"));
        }
        result.append(element("p", { class: "label" }, "Solution: its change (- starter, + solution)"), rows);
      });
      more.append(hint, solution);
      result.append(more);
      showHints();
    }

    open.addEventListener("click", () => edit());
    run.addEventListener("click", go);
    reset.addEventListener("click", stop);
    const restored = keptCode();
    if (restored != null) edit(restored);
  }
})();
