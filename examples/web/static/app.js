// The birdgames browser client: a home page that creates or loads a table, and a play page
// that shows one seat's view, its legal moves in words and what it was told. The server
// holds the game; this page only draws the JSON it is sent and posts the action picked.
import { drawBoard, seatColour, TITLES } from "./boards.js";
import { boardMoves, narrow } from "./moves.js";

const main = document.getElementById("main");
const body = document.body;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "data") Object.assign(node.dataset, value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showError(error) {
  const box = document.getElementById("error") || main.appendChild(el("p", { id: "error" }));
  box.textContent = error.message;
  body.dataset.busy = "";
}

// ---- home: create or load a table ----

async function home() {
  const { games, bots: botKinds } = await api("/api/games");
  const game = el("select", { id: "game" },
    games.map((g) => el("option", { value: g.name }, TITLES[g.name] || g.name)));
  const players = el("select", { id: "players" });
  const options = el("fieldset", { id: "options" });
  const refresh = () => {
    const chosen = games.find((g) => g.name === game.value);
    const was = players.value;
    players.replaceChildren(...chosen.player_counts.map((n) => el("option", { value: n }, n)));
    if (chosen.player_counts.includes(Number(was))) players.value = was;
    optionFields(chosen, Number(players.value), options);
  };
  game.addEventListener("change", refresh);
  players.addEventListener("change", () => {
    optionFields(games.find((g) => g.name === game.value), Number(players.value), options);
    seatChoices();
  });
  // Empty: the server draws a secret seed. A typed seed lets whoever knows it see every card.
  const seed = el("input", { id: "seed", type: "number", placeholder: "secret" });
  const botSeats = el("div", { id: "bots" });
  const seatChoices = () => {
    botSeats.replaceChildren(...Array.from({ length: Number(players.value) }, (_, seat) => el("label", {},
      ` p${seat}: `, el("select", { class: "bot-kind", data: { seat } },
        el("option", { value: "" }, "a player"),
        botKinds.map((kind) => el("option", { value: kind }, `${kind} bot`))),
      el("input", { class: "bot-budget", type: "number", min: 1, max: 5000, value: 200,
        title: "ISMCTS playouts per move" }))));
  };
  const mode = el("select", { id: "mode" },
    el("option", { value: "hotseat" }, "hotseat: one device, passed around"),
    el("option", { value: "seats" }, "one seat per browser: a secret link each"));
  const links = el("div", { id: "links" });
  const start = async (created) => {
    if (created.mode === "hotseat") {
      location.href = created.host;
      return;
    }
    links.replaceChildren(
      el("h3", {}, "Send each player their own link"),
      el("ul", {}, created.seats.map((link, seat) =>
        el("li", {}, `p${seat}: `, link === null ? "a bot" : el("a", { href: link, class: "seat-link", target: "_blank" },
          location.origin + link)))),
      el("p", {}, "Watch (and save) as the host: ", el("a", { href: created.host, id: "host-link" },
        location.origin + created.host)));
  };
  const create = el("button", { id: "create", onclick: async () => {
    try {
      const settings = { game: game.value, mode: mode.value, config: readOptions(options) };
      if (seed.value !== "") settings.seed = Number(seed.value);
      if (mode.value === "seats") {
        settings.bots = [...botSeats.querySelectorAll("select.bot-kind")].map((select) =>
          select.value === "" ? null
            : { kind: select.value, budget: Number(select.parentNode.querySelector(".bot-budget").value) });
      }
      await start(await api("/api/tables", { method: "POST", body: JSON.stringify(settings) }));
    } catch (error) { showError(error); }
  } }, "Start a game");
  const upload = el("input", { type: "file", id: "upload", accept: ".json" });
  upload.addEventListener("change", async () => {
    try {
      const text = await upload.files[0].text();
      await start(await api(`/api/load?mode=${mode.value}`, { method: "POST", body: text }));
    } catch (error) { showError(error); }
  });
  main.replaceChildren(
    el("section", { class: "panel" },
      el("h2", {}, "New game"),
      el("label", {}, "Game ", game), el("label", {}, " Players ", players),
      el("label", {}, " Seed ", seed), el("br"), el("label", {}, "Mode ", mode),
      el("details", { id: "bot-seats" }, el("summary", {}, "Bots (one seat per browser only)"), botSeats),
      el("details", {}, el("summary", {}, "Options"), options),
      create, links),
    el("section", { class: "panel" },
      el("h2", {}, "Load a game"),
      el("label", {}, "Upload a save file ", upload),
      el("p", { class: "small" }, "A table's saves are kept with it: its host link lists and loads them.")));
  refresh();
  seatChoices();
  body.dataset.screen = "home";
}

/**
 * Fills the option form from the game's default config for `count` players and the schema
 * of each config field: a switch, a number, a set of choices or a pick-or-draw; fields the
 * form does not offer (fixed decks, layouts) keep their default.
 */
function optionFields(chosen, count, form) {
  const config = chosen.configs[count];
  const fields = [];
  const kept = [];
  for (const [key, value] of Object.entries(config)) {
    if (["kind", "format", "players"].includes(key)) continue;
    const field = chosen.options[key] || {};
    // The field's description without its rule reference and its "None: ..." clause.
    const words = (field.description || "").replace(/ \(rules: [^)]*\)/g, "").replace(/;? ?None: .*$/, "").trim()
      || key.replaceAll("_", " ");
    const id = `option-${key}`;
    const subset = /Any subset of ([a-z_]+(?:, [a-z_]+)*)/.exec(field.description || "");
    const choices = (field.anyOf || []).find((part) => part.enum);
    const nullableInteger = value === null && (field.anyOf || []).some((part) => part.type === "integer");
    if (typeof value === "boolean") {
      fields.push(el("div", {}, el("input", { type: "checkbox", id, data: { key, kind: "boolean" }, ...(value ? { checked: "" } : {}) }),
        el("label", { for: id }, ` ${words}`)));
    } else if (Number.isInteger(value) || nullableInteger) {
      fields.push(el("div", {}, el("label", { for: id }, `${words} `),
        el("input", { type: "number", id, min: 0, data: { key, kind: "integer" }, value: value === null ? "" : value,
          ...(value === null ? { placeholder: "drawn" } : {}) })));
    } else if (subset && Array.isArray(value)) {
      fields.push(el("fieldset", { data: { key, kind: "subset" } }, el("legend", {}, key.replaceAll("_", " ")),
        subset[1].split(", ").map((item) => el("label", {},
          el("input", { type: "checkbox", value: item, ...(value.includes(item) ? { checked: "" } : {}) }),
          ` ${item.replaceAll("_", " ")} `))));
    } else if (choices && value === null) {
      fields.push(el("div", {}, el("label", { for: id }, `${words} `),
        el("select", { id, data: { key, kind: "choice" } }, el("option", { value: "" }, "drawn from the seed"),
          choices.enum.map((item) => el("option", { value: item }, item)))));
    } else {
      kept.push(key.replaceAll("_", " "));
    }
  }
  form.replaceChildren(el("legend", {}, `${TITLES[chosen.name] || chosen.name} options`), ...fields,
    kept.length ? el("p", { class: "small" }, `Left as the game sets them: ${kept.join(", ")}.`) : null);
  form.dataset.defaults = JSON.stringify(config);
}

/** The config the option form describes: its defaults with each field's value. */
function readOptions(form) {
  const config = JSON.parse(form.dataset.defaults);
  for (const node of form.querySelectorAll("[data-kind]")) {
    const input = /** @type {HTMLInputElement} */ (node);
    const key = input.dataset.key;
    if (input.dataset.kind === "boolean") config[key] = input.checked;
    else if (input.dataset.kind === "integer") config[key] = input.value === "" ? null : Number(input.value);
    else if (input.dataset.kind === "choice") config[key] = input.value === "" ? null : input.value;
    else {
      config[key] = [...input.querySelectorAll("input:checked")].map((box) => /** @type {HTMLInputElement} */ (box).value).sort();
    }
  }
  return config;
}

// ---- play: one table, one seat at a time ----

const token = location.pathname.split("/")[2];
let info = null;
let shown = null; // hotseat: the seat whose screen is up

function scoresTable(p) {
  return el("table", { id: "scores", data: { scores: JSON.stringify(p.scores) } },
    el("tr", {}, el("th", {}, "seat"), el("th", {}, "score")),
    p.scores.map((score, seat) => el("tr", {
      class: (p.to_act.includes(seat) ? "to-act " : "") + (p.winners.includes(seat) ? "winner" : ""),
    }, el("td", {}, el("span", { class: "swatch", style: `background:${seatColour(p.game, seat)}` }),
      ` p${seat}${seatName(p, seat)}${seat === p.seat ? " (you)" : ""}${p.winners.includes(seat) ? " — wins" : ""}`),
    el("td", {}, score))));
}

function seatName(p, seat) {
  const name = (p.player_names || [])[seat] || (p.bots || [])[seat];
  return name ? ` ${name}` : "";
}

function render(p) {
  if (p.steps < lastSteps && info.mode === "seats") return; // a stale push from before a resync
  lastSteps = p.steps;
  current = p;
  const seat = p.seat;
  body.dataset.steps = p.steps;
  body.dataset.seat = seat === null ? "" : seat;
  body.dataset.toAct = JSON.stringify(p.to_act);
  body.dataset.busy = "";
  body.dataset.screen = p.is_terminal ? "over" : (p.legal.length ? "turn" : "wait");
  document.getElementById("title").textContent =
    `${TITLES[p.game] || p.game} · ${seat === null ? "the table" : `p${seat}`} · step ${p.steps}`;
  announce(p);
  // The same choices as shown keep their panel (and what was picked on the board): a push
  // (another seat's move) redrawing them under the pointer would eat the click.
  const movesKey = JSON.stringify(p.legal.length ? [seat, p.legal] : [seat, p.is_terminal, p.to_act, p.winners]);
  const same = movesKey === shownMoves.key && shownMoves.node;
  if (!same) picked = [];
  const moves = same ? shownMoves.node : movesPanel(p);
  shownMoves = { key: movesKey, node: moves };
  for (const button of moves.querySelectorAll("button.action, button.plain-move")) {
    /** @type {HTMLButtonElement} */ (button).disabled = false;
  }
  const controls = info.mode === "hotseat"
    ? el("div", { class: "controls" },
      p.is_terminal ? null : el("button", { id: "undo", onclick: undo }, "Undo"),
      el("button", { id: "save", onclick: save }, "Save"), el("span", { id: "saved" }))
    : (seat === null ? el("div", { class: "controls" },
      el("button", { id: "save", onclick: save }, "Save"), el("span", { id: "saved" }))
      : el("div", { class: "controls" }, el("label", {}, "Your name ",
        el("input", { id: "name", maxlength: 24, value: (p.player_names || [])[seat] || "" })),
      el("button", { id: "set-name", onclick: setName }, "Set")));
  const extras = [];
  const host = seat === null || info.mode === "hotseat";
  if (host) extras.push(savesPanel());
  if (p.is_terminal) {
    extras.push(el("section", { class: "panel" }, el("h2", {}, "The whole game"),
      el("a", { id: "replay-link", href: `/play/${token}?replay` }, "Watch the replay"), " · ",
      el("a", { id: "record-link", href: `/api/play/${token}/record` }, "Download the record (with its seed)")));
  }
  const parts = [
    connectionBanner(),
    el("div", { class: "top" }, scoresTable(p), controls),
    p.is_terminal ? scoreSheet(p) : null,
    // Wide screens put the moves beside the board; narrow ones right under it, above the log.
    el("div", { class: "play" },
      el("section", { class: "panel board", "aria-label": "The table" }, drawBoard(p)),
      el("div", { class: "side" }, moves, p.is_terminal ? null : scoreSheet(p),
        el("section", { class: "panel log" }, el("h2", {}, "What you were told"),
          el("ol", { reversed: "", tabindex: "0", "aria-label": "What you were told, latest first" }, [...p.log].reverse().map((line) => el("li", {}, line)))))),
    rulesPanel(p),
    el("details", { class: "panel" }, el("summary", {}, "The table as text"), el("pre", {}, p.text)),
    ...extras];
  main.replaceChildren(...parts.filter((part) => part !== null));
  hideTip();
  // Focus lost with the old page (a move sent, another seat's move) goes to the first thing
  // to pick, so a keyboard player carries on from there.
  refreshPicker(!document.activeElement || document.activeElement === body);
  if (host) refreshSaves();
  if (body.dataset.connection === "lost") disableMoves();
}

// ---- moves on the board: pick the things a move names, then confirm its words ----

let current = null; // the payload shown
let sentencesOpen = false; // whether the list of every move in words is open (it stays so)
let picked = []; // the keys picked so far on the board

function movesPanel(p) {
  if (!p.legal.length) {
    return el("section", { class: "panel moves", id: "moves" }, el("h2", {},
      p.is_terminal ? `Game over: ${p.winners.map((w) => `p${w}`).join(", ")} won`
        : `Waiting for ${p.to_act.map((s) => `p${s}`).join(", ")}`));
  }
  return el("section", { class: "panel moves", id: "moves" }, el("h2", {}, `Your move, p${p.seat}`),
    el("div", { id: "pick", role: "group", "aria-label": "The move being picked" }),
    el("div", { id: "plain", class: "actions plain" }),
    el("details", { class: "sentences", ontoggle: (event) => { sentencesOpen = event.target.open; },
      ...(sentencesOpen ? { open: "" } : {}) }, el("summary", {}, `Every move in words (${p.legal.length})`),
      el("div", { class: "actions" }, p.legal.map((legal, index) =>
        el("button", { class: "action", data: { index }, onclick: () => act(legal.action) }, legal.text)))));
}

/**
 * Marks what can be picked on the board now and shows the move picked so far.
 * @param {boolean} moveFocus whether to put the keyboard focus on the first thing to pick
 */
function refreshPicker(moveFocus) {
  const p = current;
  const pick = document.getElementById("pick");
  const present = new Set([...main.querySelectorAll("[data-key]")].map((node) => node.getAttribute("data-key")));
  const moves = p && p.legal.length ? boardMoves(p, present) : [];
  let { next, complete } = narrow(moves, picked);
  if (picked.length && !next.size && !complete.length) {
    picked = [];
    ({ next, complete } = narrow(moves, picked));
  }
  const labels = {};
  const shownPicked = new Set(); // a picked key shows on its first thing (three red birds: one)
  for (const node of main.querySelectorAll("[data-key]")) {
    const key = node.getAttribute("data-key");
    labels[key] ||= node.getAttribute("data-label");
    const target = next.has(key);
    const chosen = picked.includes(key) && !shownPicked.has(key);
    if (chosen) shownPicked.add(key);
    node.classList.toggle("target", target);
    node.classList.toggle("selected", chosen);
    if (target || chosen) {
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", accessibleName(node) + (chosen ? " (picked; press to take back)" : ""));
      if (chosen) node.setAttribute("aria-pressed", "true");
      else node.removeAttribute("aria-pressed");
    } else {
      for (const attr of ["role", "tabindex", "aria-label", "aria-pressed"]) node.removeAttribute(attr);
    }
  }
  if (!pick) return;
  // The moves that name nothing on the board, as buttons (kept while they stay the same, so
  // a redraw does not move them under the pointer).
  const plainBox = document.getElementById("plain");
  const plain = moves.filter((m) => !m.path.length);
  const plainKey = JSON.stringify(plain.map((m) => m.index));
  if (plainBox && plainBox.dataset.moves !== plainKey) {
    plainBox.dataset.moves = plainKey;
    plainBox.replaceChildren(...plain.map((m) =>
      el("button", { class: "plain-move", data: { index: m.index }, onclick: () => act(m.action) }, m.text)));
  }
  const parts = [];
  if (!picked.length) {
    parts.push(el("p", { class: "prompt" }, next.size
      ? "Pick a highlighted bird, card or place on the board" + (moves.some((m) => !m.path.length) ? ", or a move below." : ".")
      : "Pick a move below."));
  } else {
    parts.push(el("p", { class: "prompt" }, "Picked: ", picked.map((key) => labels[key] || key).join(" → "),
      next.size ? ". Now pick where on the board" + (complete.length ? ", or:" : ".") : ""));
    if (complete.length === 1 && !next.size) {
      parts.push(el("p", { class: "confirm" }, el("span", { id: "confirm-text" }, complete[0].text)),
        el("button", { id: "send", class: "send", onclick: () => act(complete[0].action) }, "Send this move"));
    } else {
      parts.push(el("div", { class: "actions" }, complete.map((m) =>
        el("button", { class: "choice", onclick: () => act(m.action) }, m.text))));
    }
    parts.push(el("button", { id: "cancel", onclick: () => { picked = []; refreshPicker(true); } }, "Start again"));
  }
  pick.replaceChildren(...parts);
  if (moveFocus && body.dataset.screen === "turn") {
    const first = document.getElementById("send") || pick.querySelector("button.choice")
      || main.querySelector("[data-key].target") || main.querySelector("button.plain-move, button.action");
    if (first) /** @type {HTMLElement} */ (first).focus({ preventScroll: picked.length === 0 });
  }
}

/** A picked thing's name: its label, led by the words it shows when the label lacks them. */
function accessibleName(node) {
  const label = node.getAttribute("data-label") || "";
  if (node instanceof SVGElement) return label; // its words are hidden: the label says them
  const seen = node.textContent.replace(/\s+/g, " ").trim();
  return label.toLowerCase().includes(seen.toLowerCase()) ? label : `${seen}: ${label}`;
}

function choose(node) {
  const key = node.getAttribute("data-key");
  if (node.classList.contains("target")) picked.push(key);
  else if (node.classList.contains("selected")) picked = picked.slice(0, picked.indexOf(key));
  else return false;
  refreshPicker(true);
  return true;
}

main.addEventListener("click", (event) => {
  const node = /** @type {Element} */ (event.target).closest("[data-key], [data-tip]");
  if (!node) {
    hideTip();
    return;
  }
  if (node.hasAttribute("data-key") && choose(node)) return;
  // A tap on a thing that cannot be picked shows what it does (a touch's hover may have
  // shown it already: the tap keeps it up).
  showTip(node);
});

main.addEventListener("keydown", (event) => {
  const node = /** @type {Element} */ (event.target);
  if (event.key === "Escape" && picked.length) {
    picked = [];
    refreshPicker(true);
  } else if ((event.key === "Enter" || event.key === " ") && node.hasAttribute("data-key")) {
    event.preventDefault();
    choose(node);
  }
});

// ---- tooltips: a thing's name and its rules text, on hover, focus or a tap ----

const tip = document.getElementById("tip") || body.appendChild(el("div", { id: "tip", role: "tooltip", hidden: "" }));
let tipFor = null;

function showTip(node) {
  const p = current;
  const id = node.getAttribute("data-tip");
  const rules = id && p && p.rules ? p.rules[id] : null;
  const label = node.getAttribute("data-label") || (id && p ? p.names[id] || id : "");
  if (!rules && !label) return;
  tip.replaceChildren(...[el("b", {}, label), rules ? el("span", {}, rules) : null].filter((part) => part !== null));
  tip.hidden = false;
  const box = node.getBoundingClientRect();
  const left = Math.max(4, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - 284));
  tip.style.left = `${left}px`;
  tip.style.top = `${box.bottom + window.scrollY + 6}px`;
  tipFor = node;
}

function hideTip() {
  tip.hidden = true;
  tipFor = null;
}

// A tooltip placed for another width would stick out of the page.
window.addEventListener("resize", hideTip);
main.addEventListener("mouseover", (event) => {
  const node = /** @type {Element} */ (event.target).closest("[data-tip], [data-key]");
  if (node && node !== tipFor) showTip(node);
});
main.addEventListener("mouseout", (event) => {
  const to = /** @type {Element | null} */ (event.relatedTarget);
  if (tipFor && !(to && tipFor.contains(to))) hideTip();
});
main.addEventListener("focusin", (event) => {
  const node = /** @type {Element} */ (event.target);
  if (node.hasAttribute("data-key") || node.hasAttribute("data-tip")) showTip(node);
  else hideTip();
});

// ---- score sheet, rules text and the announcements of others' moves ----

function scoreSheet(p) {
  const lines = p.breakdown || [];
  if (!lines.length) return null;
  const rows = new Map();
  for (const line of lines) {
    const key = `${line.source}\u0000${line.rule}`;
    if (!rows.has(key)) rows.set(key, { source: line.source, rule: line.rule, points: Array(p.players).fill(0) });
    rows.get(key).points[line.seat] += line.points;
  }
  const seats = Array.from({ length: p.players }, (_, s) => s);
  const totals = seats.map((s) => lines.filter((l) => l.seat === s).reduce((a, l) => a + l.points, 0));
  return el("details", { class: "panel score-sheet", id: "score-sheet", ...(p.is_terminal ? { open: "" } : {}) },
    el("summary", {}, p.is_terminal ? "Final score sheet" : "Score sheet so far (what is public)"),
    el("table", { class: "sheet" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "points for"), seats.map((s) => el("th", { scope: "col" }, `p${s}`)))),
      el("tbody", {}, [...rows.values()].map((row) => el("tr", {},
        el("th", { scope: "row" }, row.source, el("span", { class: "rule" }, ` (${row.rule})`)),
        row.points.map((n) => el("td", {}, n))))),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "total"), totals.map((n) => el("td", {}, n))))));
}

function rulesPanel(p) {
  const rules = p.rules || {};
  const ids = Object.keys(rules).filter((id) => rules[id]).sort((a, b) => (p.names[a] || a).localeCompare(p.names[b] || b));
  if (!ids.length) return null;
  return el("details", { class: "panel", id: "rules" }, el("summary", {}, "What each card, tile and creature does"),
    el("dl", {}, ids.map((id) => [el("dt", {}, p.names[id] || id), el("dd", {}, rules[id])])));
}

let told = { seat: undefined, log: [] };

/** Says the lines others' moves added to the log, in the page's live region. */
function announce(p) {
  const region = document.getElementById("announce");
  if (!region) return;
  if (told.seat === p.seat) {
    const last = told.log[told.log.length - 1];
    const from = last === undefined ? 0 : p.log.lastIndexOf(last) + 1;
    const fresh = p.log.slice(from).filter((line) => p.seat === null || !line.startsWith(`p${p.seat} `));
    if (fresh.length) region.textContent = fresh.join("\n");
  }
  told = { seat: p.seat, log: p.log };
}

async function setName() {
  try {
    await api(`/api/play/${token}/name`, { method: "POST",
      body: JSON.stringify({ name: /** @type {HTMLInputElement} */ (document.getElementById("name")).value }) });
  } catch (error) { showError(error); }
}

// ---- the host's saves: they hold every secret, so only the host link lists and loads them ----

function savesPanel() {
  return el("section", { class: "panel", id: "saves" }, el("h2", {}, "Saves of this table"),
    el("ul", { id: "save-list" }));
}

async function refreshSaves() {
  const list = document.getElementById("save-list");
  if (!list) return;
  const saves = await api(`/api/play/${token}/saves`).catch(() => []);
  list.replaceChildren(...saves.map((saved) => el("li", {}, `after step ${saved.steps} `,
    el("button", { class: "load-save", onclick: () => loadSave(saved.save, "hotseat") }, "Load as hotseat"), " ",
    el("button", { onclick: () => loadSave(saved.save, "seats") }, "Load with a link per seat"), " ",
    el("a", { href: `/api/play/${token}/saves/${saved.save}` }, "Download"))));
}

async function loadSave(id, mode) {
  try {
    const created = await api(`/api/play/${token}/load?save=${id}&mode=${mode}`, { method: "POST" });
    if (mode === "hotseat") location.href = created.host;
    else {
      document.getElementById("saves").append(el("ul", {}, created.seats.map((link, seat) =>
        el("li", {}, `p${seat}: `, el("a", { href: link, class: "seat-link" }, location.origin + link)))));
    }
  } catch (error) { showError(error); }
}

async function act(action) {
  body.dataset.busy = "1";
  picked = [];
  try {
    const p = await api(`/api/play/${token}/action`, { method: "POST", body: JSON.stringify(action) });
    if (info.mode === "hotseat" && (p.is_terminal || !p.to_act.includes(p.seat))) await table();
    else render(p);
  } catch (error) { showError(error); }
}

async function undo() {
  body.dataset.busy = "1";
  try {
    await api(`/api/play/${token}/undo`, { method: "POST" });
    shown = null;
    await table();
  } catch (error) { showError(error); }
}

async function save() {
  try {
    const saved = await api(`/api/play/${token}/save`, { method: "POST" });
    document.getElementById("saved").textContent = ` saved at step ${saved.steps}: ${saved.save}`;
    refreshSaves();
  } catch (error) { showError(error); }
}

// Hotseat: between two seats, a screen hides the last one until the next player is ready.
async function table() {
  const p = await api(`/api/play/${token}/state`);
  if (p.is_terminal || p.to_act.length === 0) {
    render(p);
    return;
  }
  const next = p.to_act[0];
  if (next === shown) {
    render(await api(`/api/play/${token}/state?seat=${next}`));
    return;
  }
  shown = null;
  body.dataset.steps = p.steps;
  body.dataset.seat = "";
  body.dataset.screen = "pass";
  body.dataset.busy = "";
  document.getElementById("title").textContent = `${TITLES[p.game] || p.game} · step ${p.steps}`;
  main.replaceChildren(el("section", { class: "panel pass" },
    el("h2", {}, `Pass the device to p${next}`),
    el("p", {}, `p${next}, click when the others look away.`),
    el("button", { id: "ready", data: { seat: next }, onclick: async () => {
      body.dataset.busy = "1";
      shown = next;
      told = { seat: undefined, log: [] };
      try { render(await api(`/api/play/${token}/state?seat=${next}`)); } catch (error) { showError(error); }
    } }, `I am p${next}: show my seat`)));
  document.getElementById("ready").focus();
}

// ---- one seat per browser: the seat's payload pushed over a WebSocket ----

let lastSteps = -1;
let shownMoves = { key: null, node: null };
let retryIn = 1; // seconds before the next reconnect: 1, 2, 4 ... 30
let banner = "";

function connectionBanner() {
  return banner ? el("p", { id: "banner", class: "banner" }, banner) : el("span", { id: "banner" });
}

function showBanner(text) {
  banner = text;
  const old = document.getElementById("banner");
  if (old) old.replaceWith(connectionBanner());
  else main.prepend(connectionBanner());
}

function disableMoves() {
  for (const button of document.querySelectorAll("button.action, button.plain-move, button.send, button.choice")) {
    /** @type {HTMLButtonElement} */ (button).disabled = true;
  }
}

function gone() {
  body.dataset.connection = "gone";
  body.dataset.screen = "nothing";
  main.replaceChildren(el("p", { id: "error" }, "This game no longer exists."));
}

function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/play/${token}/updates`);
  socket.onopen = () => {
    retryIn = 1;
  };
  socket.onmessage = (message) => {
    // Every push is the whole payload with its step number: after a reconnect the first
    // one brings the page up to date from whatever step it showed.
    body.dataset.connection = "live";
    showBanner("");
    render(JSON.parse(message.data));
  };
  socket.onclose = async (event) => {
    if (event.code === 4404) return gone();
    try {
      await api(`/api/play/${token}`);
    } catch (error) {
      if (error.message === "no such game") return gone();
    }
    body.dataset.connection = "lost";
    disableMoves();
    const wait = retryIn;
    retryIn = Math.min(retryIn * 2, 30);
    showBanner(`Disconnected from the server: trying again in ${wait} s. Moves are off until then.`);
    setTimeout(listen, wait * 1000);
  };
}

// ---- replay of a finished game, from its record ----

async function replay() {
  let step = 0;
  let seat = "";
  const draw = async () => {
    try {
      const p = await api(`/api/play/${token}/replay?step=${step}&seat=${seat}`);
      body.dataset.steps = p.steps;
      body.dataset.seat = p.seat === null ? "" : p.seat;
      body.dataset.screen = "replay";
      body.dataset.busy = "";
      document.getElementById("title").textContent =
        `${TITLES[p.game] || p.game} · replay · step ${p.replay.step} of ${p.replay.steps}`;
      const go = (to) => { step = Math.max(0, Math.min(p.replay.steps, to)); draw(); };
      const jump = el("input", { id: "jump", type: "range", min: 0, max: p.replay.steps, value: step, "aria-label": "step" });
      jump.addEventListener("change", () => go(Number(jump.value)));
      const viewer = el("select", { id: "viewer" }, el("option", { value: "" }, "the spectator"),
        Array.from({ length: p.players }, (_, k) => el("option", { value: k }, `p${k}`)));
      viewer.value = seat;
      viewer.addEventListener("change", () => { seat = viewer.value; draw(); });
      main.replaceChildren(...[
        el("div", { class: "top" }, scoresTable(p), el("div", { class: "controls" },
          el("button", { id: "start", onclick: () => go(0) }, "start"),
          el("button", { id: "back", onclick: () => go(step - 1) }, "◀ back"),
          el("button", { id: "forward", onclick: () => go(step + 1) }, "forward ▶"),
          el("button", { id: "end", onclick: () => go(p.replay.steps) }, "end"), " ", jump,
          el("label", {}, " seen by ", viewer))),
        el("section", { class: "panel board" }, drawBoard(p)),
        scoreSheet(p),
        el("section", { class: "panel log" }, el("h2", {}, "What they were told"),
          el("ol", { reversed: "", tabindex: "0", "aria-label": "What they were told, latest first" },
            [...p.log].reverse().map((line) => el("li", {}, line))))].filter((part) => part !== null));
    } catch (error) { showError(error); }
  };
  await draw();
}

async function play() {
  try {
    info = await api(`/api/play/${token}`);
  } catch (error) {
    body.dataset.screen = "nothing";
    main.replaceChildren(el("p", { id: "error" }, "There is no game at this link."));
    return;
  }
  if (new URLSearchParams(location.search).has("replay")) await replay();
  else if (info.mode === "hotseat") await table();
  else listen();
}

if (location.pathname.startsWith("/play/")) play();
else home().catch(showError);
