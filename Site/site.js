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

function search(query) {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  const phrase = words.join(" ");
  const found = [];
  for (const entry of index) {
    const heading = entry.h.toLowerCase();
    const text = entry.x.toLowerCase();
    if (!words.every((w) => heading.includes(w) || text.includes(w))) continue;
    let score = 0;
    if (text.includes(phrase)) score += 10;
    for (const w of words) { if (heading.includes(w)) score += 5; if (text.includes(w)) score += 1; }
    found.push({ entry, score, at: text.indexOf(phrase) >= 0 ? text.indexOf(phrase) : text.indexOf(words[0]) });
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

// The diagram player: draws a frame of the engine's frame data as SVG and
// steps through the frames (play, pause, scrub, frame by frame).
const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const key in attributes) node.setAttribute(key, attributes[key]);
  return node;
}

function points(quad) { return quad.map((p) => p[0] + "," + p[1]).join(" "); }

function drawFrame(stage, frame, id) {
  stage.replaceChildren();
  const defs = svg("defs", {});
  stage.append(defs);
  const layers = [...frame.layers].sort((a, b) => a.z - b.z);
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
    const fill = layer.fill ? layer.fill.hex : "none";
    const polygon = svg("polygon", {
      points: points(layer.quad),
      fill: fill,
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
      const width = Math.max(...xs) - Math.min(...xs);
      if (width > 40) {
        const label = svg("text", {
          x: xs.reduce((a, b) => a + b, 0) / xs.length,
          y: ys.reduce((a, b) => a + b, 0) / ys.length,
          "fill-opacity": Math.max(0.4, shows),
        });
        label.textContent = layer.label;
        parent.append(label);
      }
    }
  });
}

function describe(frame, n, count) {
  let text = (n + 1) + " / " + count + "  t = " + frame.time + " s";
  if (frame.progress != null) text += "  " + Math.round(frame.progress * 100) + "%";
  return text;
}

let playerCount = 0;
for (const figure of document.querySelectorAll("figure.diagram")) {
  const data = figure.querySelector("script.frames");
  const stage = figure.querySelector("svg.stage");
  if (!data || !stage) continue;
  let frames;
  try { frames = JSON.parse(data.textContent).frames; } catch (_) { continue; }
  if (!frames || frames.length === 0) continue;
  const id = "player" + playerCount++;
  const slider = figure.querySelector("input[type=range]");
  const label = figure.querySelector(".controls output");
  const play = figure.querySelector("button[data-play]");
  let current = 0;
  let timer = null;
  const show = (n) => {
    current = (n + frames.length) % frames.length;
    drawFrame(stage, frames[current], id);
    figure.dataset.frame = String(current);
    if (slider) slider.value = String(current);
    if (label) label.textContent = describe(frames[current], current, frames.length);
  };
  const pause = () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (play) { play.innerHTML = "&#9654;"; play.setAttribute("aria-label", "Play"); }
  };
  const start = () => {
    if (current === frames.length - 1) show(0);
    timer = setInterval(() => { if (current + 1 >= frames.length) pause(); else show(current + 1); }, 400);
    play.innerHTML = "&#10074;&#10074;";
    play.setAttribute("aria-label", "Pause");
  };
  if (play) play.addEventListener("click", () => (timer ? pause() : start()));
  for (const button of figure.querySelectorAll("button[data-step]")) {
    button.addEventListener("click", () => { pause(); show(current + Number(button.dataset.step)); });
  }
  if (slider) slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  figure.querySelector(".player").addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    if (event.key === "ArrowRight") { pause(); show(current + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { pause(); show(current - 1); event.preventDefault(); }
  });
  show(0);
}
