// Transition Workbook: copy buttons, the contents menu on phones, search over
// the index built with the site, and the diagram player. Without this file
// every page still reads: code, outputs and diagrams are plain text.
"use strict";

// Copy buttons: the code of the block they head.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (!button) return;
  const code = button.closest(".code").querySelector("pre").innerText.replace(/\n$/, "");
  const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = "Copy"; }, 1500); };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(code).then(done, () => fallbackCopy(code, done));
  } else {
    fallbackCopy(code, done);
  }
});

function fallbackCopy(text, done) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try { document.execCommand("copy"); done(); } catch (_) { /* nothing to do */ }
  area.remove();
}

// The contents panel on narrow screens.
const menu = document.querySelector("button.menu");
const toc = document.getElementById("toc");
if (menu && toc) {
  menu.addEventListener("click", () => {
    const open = toc.classList.toggle("open");
    menu.setAttribute("aria-expanded", String(open));
  });
  toc.addEventListener("click", (event) => {
    if (event.target.closest("a")) { toc.classList.remove("open"); menu.setAttribute("aria-expanded", "false"); }
  });
}

// Search: the index (search-index.js) loads on first use.
const field = document.getElementById("search");
const results = document.getElementById("search-results");
let index = null;

function loadIndex(then) {
  if (index) return then();
  if (window.WORKBOOK_SEARCH) { index = window.WORKBOOK_SEARCH; return then(); }
  const script = document.createElement("script");
  script.src = "search-index.js";
  script.onload = () => { index = window.WORKBOOK_SEARCH || []; then(); };
  document.head.appendChild(script);
}

// A word's stem: common English endings cut off, so that "transitions",
// "transitioning" and "transitioned" find "transition".
function stem(word) {
  for (const ending of ["ings", "ing", "ions", "ion", "ed", "es", "s"]) {
    if (word.length - ending.length >= 4 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

// Whether two words are at most `limit` edits apart: insert, delete,
// replace, or swap two neighbours ("valeu" is one edit from "value").
function near(a, b, limit) {
  if (Math.abs(a.length - b.length) > limit) return false;
  let before = null;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], before[j - 2] + 1);
      }
      best = Math.min(best, current[j]);
    }
    if (best > limit) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length] <= limit;
}

// The book's words, each with the stems of the entries that hold it, made
// once: a misspelt word is looked up among them, not in every entry.
let vocabulary = null;
function entryWords(entry) {
  if (!entry.words) {
    entry.words = new Set((entry.c + " " + entry.h + " " + entry.x).toLowerCase().split(/[^a-z0-9]+/).filter((w) => w));
    entry.stems = new Set([...entry.words].map(stem));
  }
  return entry.words;
}

// What a query word may stand for: itself; words with its stem; and, for a
// word of 4 letters or more that is in no entry, the book's words one edit
// away (two from 8 letters), as a typo.
function variants(word) {
  const out = new Set([word]);
  if (!vocabulary) {
    vocabulary = new Set();
    for (const entry of index) for (const w of entryWords(entry)) vocabulary.add(w);
  }
  if (word.length >= 4 && !vocabulary.has(word)) {
    const limit = word.length >= 8 ? 2 : 1;
    for (const w of vocabulary) if (near(word, w, limit)) out.add(w);
  }
  return [...out];
}

// Search: every word of the query must be found (as typed, by its stem, or
// as a typo) in a section's chapter title, heading or text. Chapter titles
// rank first, then headings, then the whole phrase in the text, then text.
function search(query) {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  const phrase = words.join(" ");
  const forms = words.map(variants);
  const found = [];
  for (const entry of index) {
    const title = entry.c.toLowerCase();
    const heading = entry.h.toLowerCase();
    const text = entry.x.toLowerCase();
    entryWords(entry);
    let score = 0;
    let at = -1;
    let matched = true;
    for (const [n, word] of words.entries()) {
      const exact = title.includes(word) || heading.includes(word) || text.includes(word);
      const stemmed = entry.stems.has(stem(word));
      const typo = forms[n].find((w) => w !== word && entry.words.has(w));
      if (!exact && !stemmed && !typo) { matched = false; break; }
      const form = exact ? word : typo || word;
      if (title.includes(form)) score += 8;
      if (heading.includes(form)) score += 5;
      if (text.includes(form)) score += exact ? 1 : 0.5;
      if (at < 0) at = text.indexOf(form);
    }
    if (!matched) continue;
    if (text.includes(phrase)) { score += 10; at = text.indexOf(phrase); }
    found.push({ entry, score, at });
  }
  found.sort((a, b) => b.score - a.score);
  return found.slice(0, 12);
}

function excerpt(text, at, length) {
  const start = Math.max(0, at - 60);
  const slice = text.slice(start, start + 180);
  const item = document.createElement("small");
  item.append((start > 0 ? "…" : "") + slice.slice(0, at - start));
  const mark = document.createElement("mark");
  mark.textContent = slice.slice(at - start, at - start + length);
  item.append(mark, slice.slice(at - start + length) + (start + 180 < text.length ? "…" : ""));
  return item;
}

function showResults() {
  const query = field.value.trim();
  results.replaceChildren();
  if (!query) { results.hidden = true; return; }
  const found = search(query);
  if (found.length === 0) {
    const none = document.createElement("li");
    none.textContent = "Nothing found for “" + query + "”";
    none.style.padding = "0.45rem 0.6rem";
    results.append(none);
  }
  for (const { entry, at } of found) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = entry.u;
    const title = document.createElement("b");
    title.textContent = entry.h;
    const chapter = document.createElement("small");
    chapter.textContent = entry.c;
    a.append(title, chapter);
    if (at >= 0 && entry.x) a.append(excerpt(entry.x, at, query.split(/\s+/)[0].length));
    li.append(a);
    results.append(li);
  }
  results.hidden = false;
}

if (field && results) {
  field.addEventListener("focus", () => loadIndex(() => {}));
  field.addEventListener("input", () => loadIndex(showResults));
  field.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { field.value = ""; results.hidden = true; }
    if (event.key === "ArrowDown") { const a = results.querySelector("a"); if (a) { a.focus(); event.preventDefault(); } }
    if (event.key === "Enter") { const a = results.querySelector("a"); if (a) location.href = a.href; }
  });
  results.addEventListener("keydown", (event) => {
    const links = [...results.querySelectorAll("a")];
    const i = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && i + 1 < links.length) { links[i + 1].focus(); event.preventDefault(); }
    if (event.key === "ArrowUp") { (i > 0 ? links[i - 1] : field).focus(); event.preventDefault(); }
    if (event.key === "Escape") { results.hidden = true; field.focus(); }
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest(".search")) results.hidden = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement.tagName !== "INPUT") { field.focus(); event.preventDefault(); }
  });
}

// The diagram player: draws the engine's frame data as SVG, plays it at
// real speed or slowed down, scrubs, steps frame by frame, and graphs the
// values that move (position, scale, alpha, rotation) with the current time
// marked. A film with "motion" (every frame at 60 fps) plays smoothly; one
// with only its key moments steps through them. Nothing plays by itself.
const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const key in attributes) node.setAttribute(key, attributes[key]);
  return node;
}

function element(name, attributes, text) {
  const node = document.createElement(name);
  for (const key in attributes) node.setAttribute(key, attributes[key]);
  if (text != null) node.textContent = text;
  return node;
}

function points(quad) { return quad.map((p) => p[0] + "," + p[1]).join(" "); }

// A layer's name as the text frames print it (FrameRenderer.displayedLabel):
// its label (accessibility identifier, else its controller's title, else its
// class), and a label's text or an image's name in quotes after it, or alone
// when the label is only a UIKit class name (a tab bar's "Recipes", not UILabel).
function displayName(label, content) {
  if (content == null || content === "") return label;
  const quoted = "\"" + content + "\"";
  return label.startsWith("UI") ? quoted : label + " " + quoted;
}

// A film: its frames, their times and the layers each shows, read from the
// "motion" key when there is one, else from the key moments ("frames").
function filmOf(data) {
  const keys = data.frames || [];
  const m = data.motion;
  if (m && Array.isArray(m.times) && m.times.length >= 2 && Array.isArray(m.layers) && Array.isArray(m.order)) {
    const value = (layer, name, i) => (layer.vary && name in layer.vary ? layer.vary[name][i] : layer[name]);
    // A series is named after its layer, as the layer is named in the picture
    // (its text where it shows first, for a label whose text changes).
    const series = (m.series || []).map((s) => {
      const layer = m.layers[s.layer];
      if (!layer) return s;
      const first = s.values.findIndex((v) => v != null);
      return Object.assign({}, s, { label: displayName(layer.label, value(layer, "content", Math.max(first, 0))) });
    });
    // Layers of the same name (nine grid cells) are numbered in the
    // picture's order, so that each line and reading says which it is.
    const total = {}, seen = {};
    for (const s of series) total[s.label + "\n" + s.property] = (total[s.label + "\n" + s.property] || 0) + 1;
    for (const s of series) {
      const key = s.label + "\n" + s.property;
      if (total[key] > 1) { seen[key] = (seen[key] || 0) + 1; s.label = s.label + " " + seen[key]; }
    }
    return {
      dense: true, count: m.times.length, fps: m.fps || 60, series, keys: m.keys || [],
      time: (i) => m.times[i],
      progress: (i) => (m.progress ? m.progress[i] : null),
      layers: (i) => {
        let run = m.order[0];
        for (const r of m.order) { if (r[0] <= i) run = r; else break; }
        const shown = [];
        for (const n of run[1]) {
          const l = m.layers[n];
          const quad = value(l, "quad", i);
          if (!quad) continue;
          shown.push({ label: displayName(l.label, value(l, "content", i)), view: l.view, depth: l.depth, quad, shows: value(l, "shows", i),
            fill: value(l, "fill", i), dimmed: value(l, "dimmed", i), clips: value(l, "clips", i) || [],
            transform: value(l, "transform", i) });
        }
        return shown;
      },
    };
  }
  return {
    dense: false, count: keys.length, series: [], keys: keys.map((_, i) => i),
    time: (i) => keys[i].time,
    progress: (i) => keys[i].progress,
    layers: (i) => [...keys[i].layers].sort((a, b) => a.z - b.z)
      .map((l) => Object.assign({}, l, { label: displayName(l.label, l.content) })),
  };
}

function drawFrame(stage, layers, id) {
  const [width, height] = (stage.getAttribute("viewBox") || "0 0 1e9 1e9").split(" ").slice(2).map(Number);
  stage.replaceChildren();
  const defs = svg("defs", {});
  stage.append(defs);
  layers.forEach((layer, n) => {
    let parent = stage;
    (layer.clips || []).forEach((clip, c) => {
      const clipId = id + "-clip-" + n + "-" + c;
      const path = svg("clipPath", { id: clipId });
      path.append(svg("polygon", { points: points(clip) }));
      defs.append(path);
      const group = svg("g", { "clip-path": "url(#" + clipId + ")" });
      parent.append(group);
      parent = group;
    });
    const shows = layer.shows == null ? 1 : layer.shows;
    const polygon = svg("polygon", {
      points: points(layer.quad),
      fill: layer.fill ? layer.fill.hex : "none",
      "fill-opacity": layer.fill ? (layer.fill.alpha == null ? 1 : layer.fill.alpha) * shows : 0,
      "stroke-opacity": 0.35 * shows,
    });
    if (layer.dimmed) polygon.setAttribute("stroke-dasharray", "4 3");
    const title = svg("title", {});
    title.textContent = layer.label + (layer.transform && layer.transform !== "identity" ? " (" + layer.transform + ")" : "");
    polygon.append(title);
    parent.append(polygon);
    if (layer.view && layer.depth > 0 && shows > 0.05) {
      const xs = layer.quad.map((p) => p[0]), ys = layer.quad.map((p) => p[1]);
      // An upright box is labelled in its top left corner, on screen, as the
      // text frames label it; a turned or projected quad at its centre.
      const upright = layer.quad.length === 4 && Math.abs(ys[0] - ys[1]) < 0.01 && Math.abs(xs[0] - xs[3]) < 0.01
        && Math.abs(ys[2] - ys[3]) < 0.01 && Math.abs(xs[1] - xs[2]) < 0.01;
      const left = Math.max(Math.min(...xs), 0), right = Math.min(Math.max(...xs), width);
      const top = Math.max(Math.min(...ys), 0), bottom = Math.min(Math.max(...ys), height);
      if (upright ? right - left > 40 && bottom - top > 12 : Math.max(...xs) - Math.min(...xs) > 40) {
        const label = svg("text", upright
          ? { class: "corner", x: left + 4, y: top + 3, "fill-opacity": Math.max(0.4, shows) }
          : { x: xs.reduce((a, b) => a + b, 0) / xs.length, y: ys.reduce((a, b) => a + b, 0) / ys.length,
              "fill-opacity": Math.max(0.4, shows) });
        label.textContent = layer.label;
        parent.append(label);
      }
    }
  });
  // A label that a later one overlaps gives way, as the later layer is in
  // front (a tab bar's name under its middle item's "Timer").
  const kept = [];
  for (const text of [...stage.querySelectorAll("text")].reverse()) {
    let box;
    try { box = text.getBBox(); } catch (_) { continue; }
    const overlaps = (k) => box.x < k.x + k.width && k.x < box.x + box.width && box.y < k.y + k.height && k.y < box.y + box.height;
    if (box.width > 0 && kept.some(overlaps)) text.remove(); else kept.push(box);
  }
}

function round(v, digits) { const f = Math.pow(10, digits); return Math.round(v * f) / f; }

function describe(film, n) {
  let text = "t = " + round(film.time(n), 3).toFixed(3) + " s";
  const progress = film.progress(n);
  if (progress != null) text += "  " + Math.round(progress * 100) + "%";
  return text + "  (" + (n + 1) + "/" + film.count + ")";
}

// The graph: one plot per kind of value, each series a line over the film's
// time, the key moments dotted, the current time a line that moves.
const GRAPH_GROUPS = [
  { name: "Position (pt)", properties: ["x", "y"] },
  { name: "Scale", properties: ["scale", "x scale", "y scale"] },
  { name: "Alpha", properties: ["alpha"] },
  { name: "Rotation (deg)", properties: ["rotation", "x rotation", "y rotation"] },
];
const GRAPH_COLOURS = ["#0a58ca", "#d9480f", "#2b8a3e", "#9c36b5", "#c92a2a", "#1098ad", "#e67700", "#5c7cfa"];
const PLOT_WIDTH = 600, PLOT_HEIGHT = 100;

function buildGraph(film) {
  if (film.series.length === 0) return null;
  const t0 = film.time(0), t1 = film.time(film.count - 1);
  const span = t1 - t0 || 1;
  const x = (t) => round(((t - t0) / span) * PLOT_WIDTH, 2);
  const graph = element("div", { class: "graph", role: "group", "aria-label": "Animated values over time" });
  const cursors = [], readouts = [];
  let colour = 0;
  for (const group of GRAPH_GROUPS) {
    const series = film.series.filter((s) => group.properties.includes(s.property));
    if (series.length === 0) continue;
    const values = series.flatMap((s) => s.values.filter((v) => v != null));
    let low = Math.min(...values), high = Math.max(...values);
    if (high - low < 1e-9) { low -= 1; high += 1; }
    const pad = (high - low) * 0.08;
    const y = (v) => round(PLOT_HEIGHT - ((v - low + pad) / (high - low + 2 * pad)) * PLOT_HEIGHT, 2);
    const plot = element("div", { class: "plot" });
    const heading = element("div", { class: "plot-head" });
    heading.append(element("span", { class: "plot-name" }, group.name));
    const legend = element("ul", { class: "legend" });
    const chart = svg("svg", { viewBox: "0 0 " + PLOT_WIDTH + " " + PLOT_HEIGHT, preserveAspectRatio: "none",
      role: "img", "aria-label": group.name + " of " + series.map((s) => s.label + " " + s.property).join(", ") + " over time" });
    // The key moments, dotted (not for a timeline's dozens of samples).
    for (const key of film.keys.length <= 12 ? film.keys : []) {
      chart.append(svg("line", { class: "key", x1: x(film.time(key)), x2: x(film.time(key)), y1: 0, y2: PLOT_HEIGHT }));
    }
    for (const s of series) {
      const stroke = GRAPH_COLOURS[colour++ % GRAPH_COLOURS.length];
      // A series breaks where its layer does not show.
      const runs = [[]];
      s.values.forEach((v, i) => {
        if (v == null) { if (runs[runs.length - 1].length) runs.push([]); return; }
        runs[runs.length - 1].push(x(film.time(i)) + "," + y(v));
      });
      for (const run of runs.filter((r) => r.length)) {
        chart.append(svg("polyline", { points: run.join(" "), stroke, "data-series": s.label + " " + s.property }));
      }
      const item = element("li", {});
      const swatch = element("i", { "aria-hidden": "true" });
      swatch.style.background = stroke;
      const reading = element("output", {});
      item.append(swatch, s.label + " " + s.property + " ", reading);
      legend.append(item);
      readouts.push({ series: s, output: reading });
    }
    const cursor = svg("line", { class: "now", x1: 0, x2: 0, y1: 0, y2: PLOT_HEIGHT });
    chart.append(cursor);
    cursors.push(cursor);
    const axis = element("div", { class: "plot-axis" });
    axis.append(element("span", {}, String(round(high, 2))), element("span", {}, String(round(low, 2))));
    const body = element("div", { class: "plot-body" });
    body.append(axis, chart);
    plot.append(heading, body, legend);
    graph.append(plot);
  }
  const times = element("div", { class: "plot-times", "aria-hidden": "true" });
  times.append(element("span", {}, round(t0, 3) + " s"), element("span", {}, round(t1, 3) + " s"));
  graph.append(times);
  graph.mark = (n) => {
    const at = x(film.time(n));
    for (const c of cursors) { c.setAttribute("x1", at); c.setAttribute("x2", at); }
    for (const { series, output } of readouts) {
      const v = series.values[n];
      output.textContent = v == null ? "-" : String(round(v, 2));
    }
  };
  return graph;
}

const SPEEDS = [["1", "1\u00d7"], ["0.5", "\u00bd\u00d7"], ["0.25", "\u00bc\u00d7"], ["0.1", "1/10\u00d7"]];

let playerCount = 0;
// A figure's player: set up for every film on the page, and for films a
// page adds later (`workbook serve` shows a run's films in place).
function setUpPlayer(figure) {
  const data = figure.querySelector("script.frames");
  const stage = figure.querySelector("svg.stage");
  const player = figure.querySelector(".player");
  if (!data || !stage || !player) return;
  let film;
  try { film = filmOf(JSON.parse(data.textContent)); } catch (_) { return; }
  if (!film || film.count === 0) return;
  const id = "player" + playerCount++;
  let current = 0;
  // Controls: built here, since they only work with JavaScript.
  const old = player.querySelector(".controls");
  if (old) old.remove();
  let slider = null, label = null, play = null, speed = null, graph = null;
  if (film.count > 1) {
    const controls = element("div", { class: "controls" });
    const previous = element("button", { type: "button", "data-step": "-1", "aria-label": "Previous frame" }, "\u25c0\u25c0");
    play = element("button", { type: "button", "data-play": "", "aria-label": "Play" }, "\u25b6");
    const next = element("button", { type: "button", "data-step": "1", "aria-label": "Next frame" }, "\u25b6\u25b6");
    slider = element("input", { type: "range", min: "0", max: String(film.count - 1), value: "0", step: "1",
      "aria-label": film.dense ? "Time" : "Frame" });
    speed = element("select", { "aria-label": "Playback speed" });
    for (const [value, text] of SPEEDS) speed.append(element("option", { value }, text));
    label = element("output", { "aria-live": "off" });
    controls.append(previous, play, next, slider, speed, label);
    player.append(controls);
    graph = buildGraph(film);
    if (graph) player.append(graph);
  }
  stage.setAttribute("tabindex", "0");
  const show = (n) => {
    current = (n + film.count) % film.count;
    drawFrame(stage, film.layers(current), id);
    figure.dataset.frame = String(current);
    figure.dataset.time = String(film.time(current));
    if (slider) slider.value = String(current);
    if (label) label.textContent = describe(film, current);
    if (graph) graph.mark(current);
  };
  // Playing: the film's clock runs at the chosen speed; each animation frame
  // shows the last frame due. Key moments alone step every 0.4 s.
  let playing = false, clock = 0, last = null;
  const clockOf = (n) => (film.dense ? film.time(n) : n * 0.4);
  const pause = () => {
    playing = false;
    if (play) { play.textContent = "\u25b6"; play.setAttribute("aria-label", "Play"); }
  };
  const tick = () => {
    if (!playing) return;
    const now = performance.now();
    if (last != null) clock += ((now - last) / 1000) * Number(speed.value);
    last = now;
    let n = current;
    while (n + 1 < film.count && clockOf(n + 1) <= clock + 1e-9) n++;
    if (n !== current) show(n);
    if (n >= film.count - 1) { pause(); return; }
    requestAnimationFrame(tick);
  };
  const start = () => {
    if (current === film.count - 1) show(0);
    playing = true;
    clock = clockOf(current);
    last = null;
    play.textContent = "\u275a\u275a";
    play.setAttribute("aria-label", "Pause");
    requestAnimationFrame(tick);
  };
  if (play) play.addEventListener("click", () => (playing ? pause() : start()));
  for (const button of player.querySelectorAll("button[data-step]")) {
    button.addEventListener("click", () => { pause(); show(current + Number(button.dataset.step)); });
  }
  if (slider) slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  player.addEventListener("keydown", (event) => {
    if (event.target === slider || event.target === speed || film.count < 2) return;
    if (event.key === "ArrowRight") { pause(); show(current + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { pause(); show(current - 1); event.preventDefault(); }
    if (event.key === "Home") { pause(); show(0); event.preventDefault(); }
    if (event.key === "End") { pause(); show(film.count - 1); event.preventDefault(); }
    if (event.key === " " && event.target === stage) { (playing ? pause() : start()); event.preventDefault(); }
  });
  show(0);
}
for (const figure of document.querySelectorAll("figure.diagram")) setUpPlayer(figure);
window.WorkbookPlayer = { setUp: setUpPlayer };

// Knobs (KnobMarkup.swift): a slider per knob of a snippet, over the
// output at each stop the build ran (<template data-knob data-value>). The
// slider moves between those stops; the verified value is marked, and
// whenever the output shown is not the verified one the badge and a note
// say so. One knob moves at a time: moving one puts the others back at
// their verified values (that is what was run). In `workbook serve`
// (its run script defines window.WorkbookRun), a slider moves continuously and the
// page runs the exact values of every knob instead. The code box above
// shows each knob's literal at the value shown (marked when moved).
//
// The literal a knob sets, in the snippet's code box: its UTF-16 place in
// the snippet's code (data-start, data-length) is its place in the box's
// text, which the highlighter split into tokens; the characters there are
// wrapped in one <mark data-knob>. Null when the box's text there is not
// the literal.
function knobLiteral(codeBox, name, start, length, literal) {
  const code = codeBox ? codeBox.querySelector(":scope > pre > code") : null;
  if (!code || code.textContent.slice(start, start + length) !== literal) return null;
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let offset = 0, node;
  while ((node = walker.nextNode())) {
    const end = offset + node.data.length;
    if (offset <= start && start < end) range.setStart(node, start - offset);
    if (offset < start + length && start + length <= end) { range.setEnd(node, start + length - offset); break; }
    offset = end;
  }
  const mark = element("mark", { class: "knob-literal", "data-knob": name });
  mark.append(range.extractContents());
  range.insertNode(mark);
  return mark;
}

function setUpKnobs(output) {
  const panel = output.querySelector(":scope > .knobs");
  const body = output.querySelector(":scope > .output-body");
  if (!panel || !body) return;
  const note = output.querySelector(":scope > .knob-note");
  const badge = output.querySelector(":scope > .output-head .badge");
  const verifiedBadge = badge ? { text: badge.textContent, css: badge.className } : null;
  const verifiedBody = [...body.childNodes].map((node) => node.cloneNode(true));
  // Serve's run script (its pages only) is a plain script at the end of the body,
  // so it has run before this deferred one.
  const live = !!window.WorkbookRun;
  const knobs = [...panel.querySelectorAll("input[data-knob]")].map((input) => {
    const verified = input.dataset.verified;
    const values = [verified];
    for (const template of output.querySelectorAll(":scope > template[data-knob]")) {
      if (template.dataset.knob === input.dataset.knob) values.push(template.dataset.value);
    }
    values.sort((a, b) => Number(a) - Number(b));
    const whole = input.dataset.whole === "true";
    const step = knobStep(Number(input.min), Number(input.max), Number(verified), whole);
    return { input, verified, values, whole, step, shown: output.querySelector("output[for='" + input.id + "']") };
  });
  const codeBox = output.previousElementSibling && output.previousElementSibling.matches(".code")
    ? output.previousElementSibling : null;
  // Last first: a mark does not move the places of the literals before it.
  for (const knob of [...knobs].sort((a, b) => Number(b.input.dataset.start) - Number(a.input.dataset.start))) {
    const { knob: name, start, length } = knob.input.dataset;
    knob.literal = knobLiteral(codeBox, name, Number(start), Number(length), knob.verified);
  }
  // A number as a literal of the knob's kind: a float keeps its point.
  const literal = (knob, value) => {
    if (knob.whole) return String(Math.round(value));
    const digits = Math.min(9, Math.max(1, Math.ceil(-Math.log10(knob.step)) + 1));
    let text = Number(value).toFixed(digits).replace(/0+$/, "");
    if (text.endsWith(".")) text += "0";
    return text === "-0.0" ? "0.0" : text;
  };
  const valueOf = (knob) => live ? literal(knob, Number(knob.input.value)) : knob.values[Number(knob.input.value)];
  const setTo = (knob, value) => {
    knob.input.value = live ? value : String(knob.values.indexOf(value));
    knob.shown.textContent = value;
    knob.input.setAttribute("aria-valuetext", knob.input.dataset.knob + " " + value + (value === knob.verified ? " (verified)" : ""));
    knob.input.closest(".knob").classList.toggle("at-verified", value === knob.verified);
    if (knob.literal) {
      knob.literal.textContent = value;
      knob.literal.classList.toggle("moved", value !== knob.verified);
      knob.literal.title = value === knob.verified ? knob.input.dataset.knob + " (verified)"
        : knob.input.dataset.knob + ": written " + knob.verified + ", shown at " + value;
    }
  };
  for (const knob of knobs) {
    if (live) {
      knob.input.step = String(knob.step);
    } else {
      knob.input.min = "0";
      knob.input.max = String(knob.values.length - 1);
      knob.input.step = "1";
      knob.input.removeAttribute("list");
    }
    setTo(knob, knob.verified);
  }
  // The frame the reader was looking at stays in view when the film changes.
  const frameNow = () => {
    const scrub = body.querySelector("figure.diagram .player input[type=range]");
    return scrub ? Number(scrub.value) : 0;
  };
  const replaceBody = (nodes, frame) => {
    body.replaceChildren(...nodes);
    for (const figure of body.querySelectorAll("figure.diagram")) {
      setUpPlayer(figure);
      const scrub = figure.querySelector(".player input[type=range]");
      if (scrub && frame > 0) {
        scrub.value = String(Math.min(frame, Number(scrub.max)));
        scrub.dispatchEvent(new Event("input"));
      }
    }
  };
  const mark = (verified, text) => {
    output.classList.toggle("knob-moved", !verified);
    if (badge) {
      badge.textContent = verified ? verifiedBadge.text : text;
      badge.className = verified ? verifiedBadge.css : "badge status-knob";
    }
    note.hidden = verified;
    note.textContent = verified ? "" :
      "This output is the program run with " + text.replace(/^[^:]*: /, "") + ". The output block and the text around it are for the verified value"
      + (knobs.length > 1 ? "s" : "") + ": " + knobs.map((k) => k.input.dataset.knob + " " + k.verified).join(", ") + ".";
  };
  const movedValues = () => knobs.filter((k) => valueOf(k) !== k.verified).map((k) => k.input.dataset.knob + " = " + valueOf(k)).join(", ");
  let timer = null, running = false, again = false;
  const showStatic = (moved) => {
    for (const knob of knobs) if (knob !== moved) setTo(knob, knob.verified);
    const value = valueOf(moved);
    setTo(moved, value);
    const frame = frameNow();
    if (value === moved.verified) {
      replaceBody(verifiedBody.map((node) => node.cloneNode(true)), frame);
      mark(true);
      return;
    }
    const template = [...output.querySelectorAll(":scope > template[data-knob]")]
      .find((t) => t.dataset.knob === moved.input.dataset.knob && t.dataset.value === value);
    replaceBody([...template.content.cloneNode(true).childNodes], frame);
    mark(false, "Computed, not verified: " + movedValues());
  };
  // One run at a time (the server takes one): values moved during a run
  // are run when it ends, the latest only.
  const runLive = async () => {
    if (running) { again = true; return; }
    running = true;
    again = false;
    if (knobs.every((k) => valueOf(k) === k.verified)) {
      replaceBody(verifiedBody.map((node) => node.cloneNode(true)), frameNow());
      mark(true);
    } else {
      // The snippet's code with every knob's literal at its value, last first.
      let code = window.WorkbookRun.code(output);
      for (const knob of code == null ? [] : [...knobs].sort((a, b) => Number(b.input.dataset.start) - Number(a.input.dataset.start))) {
        const start = Number(knob.input.dataset.start);
        code = code.slice(0, start) + valueOf(knob) + code.slice(start + Number(knob.input.dataset.length));
      }
      const described = movedValues();
      output.setAttribute("aria-busy", "true");
      const answer = code == null ? null : await window.WorkbookRun.run(output, code);
      output.removeAttribute("aria-busy");
      if (answer && answer.outputHTML != null && (answer.status === "passed" || answer.status === "mismatch")) {
        const holder = document.createElement("div");
        holder.innerHTML = answer.outputHTML;
        replaceBody([...holder.childNodes], frameNow());
        mark(false, "Run here, not verified: " + described);
      } else {
        mark(false, "Did not run cleanly: " + described);
        note.textContent = (answer && answer.summary) || "The preview server did not answer (is workbook serve still running?)";
      }
    }
    running = false;
    if (again) runLive();
  };
  const showLive = (moved) => {
    setTo(moved, valueOf(moved));
    clearTimeout(timer);
    timer = setTimeout(runLive, 120);
  };
  // Without stops (a report made without them) a static page has nothing to move to.
  if (!live && knobs.every((knob) => knob.values.length < 2)) return;
  for (const knob of knobs) knob.input.addEventListener("input", () => (live ? showLive(knob) : showStatic(knob)));
  panel.hidden = false;
}
for (const output of document.querySelectorAll("#content .output")) setUpKnobs(output);

// A live slider's step: about a hundredth of the range, chosen so that the
// verified value is on the grid (a range input's grid starts at its min),
// so the slider can always return to what was verified.
function knobStep(low, high, verified, whole) {
  if (whole) return 1;
  const about = (high - low) / 100;
  if (!(verified > low) || !(about > 0)) return about;
  return (verified - low) / Math.max(1, Math.round((verified - low) / about));
}
