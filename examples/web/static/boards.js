// Draws each game's table from its view document (the JSON the codec writes for a View).
// Ids are shown by the display names the server sends beside the view (`names`).
//
// Every thing a move can name (a bird in a hand, a Location, a fountain slot, a card, a
// flock's slot ...) carries a `data-key`; moves.js says which keys each legal action names,
// in the order a player picks them, and marks the keys that can be picked now. A thing with
// rules text carries `data-tip` (the id whose text the tooltip shows) and every keyed thing a
// `data-label`, its accessible name.

export const TITLES = { perch_bop: "Perch", peacock: "Peacock", rookery: "Rookery" };
// Dark enough under white text (WCAG AA); the yellow flock takes black text.
const PERCH_COLOURS = ["#b8321f", "#f1c232", "#1f5fbf", "#2e7d32", "#6a3d9a"];
const PERCH_INK = ["#fff", "#000", "#fff", "#fff", "#fff"];
const PERCH_COLOUR_NAMES = ["red", "yellow", "blue", "green", "purple"];
const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98"];
const SVG = "http://www.w3.org/2000/svg";

export function seatColour(game, seat) {
  return game === "perch_bop" ? PERCH_COLOURS[seat] : SEAT_COLOURS[seat];
}

function el(tag, cls, ...children) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...(Node | string | null | false)} children
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  // The picture's words are for the eye; each button's label says them all.
  if (tag === "text") node.setAttribute("aria-hidden", "true");
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) {
    if (child !== null && child !== false) node.append(child instanceof Node ? child : document.createTextNode(child));
  }
  return node;
}

/**
 * Marks a node as a thing moves can name: its key, its accessible name, its rules id.
 * @template {Element} T
 * @param {T} node
 * @param {string} key
 * @param {string} label
 * @param {string | null} [tip]
 * @returns {T}
 */
function spot(node, key, label, tip = null) {
  node.setAttribute("data-key", key);
  node.setAttribute("data-label", label);
  if (tip) node.setAttribute("data-tip", tip);
  return node;
}

/**
 * Marks a node as having rules text (not a thing a move names).
 * @template {Element} T
 * @param {T} node
 * @param {string} tip
 * @param {string} label
 * @returns {T}
 */
function tipped(node, tip, label) {
  node.setAttribute("data-tip", tip);
  node.setAttribute("data-label", label);
  return node;
}

/**
 * @param {string} colour
 * @param {string | number} [label]
 */
function chip(colour, label = "") {
  const node = el("span", "chip", label);
  node.style.background = colour;
  return node;
}

/** A count with its words, for the counts a seat may see (bag, supply, decks, Bread). */
function count(label, value, id = "") {
  const node = el("span", "count", el("span", "count-label", label), " ", el("b", "", value));
  if (id) node.id = id;
  return node;
}

export function drawBoard(p) {
  const name = (id) => p.names[id] || id;
  const draw = { perch_bop: perch, peacock, rookery }[p.game];
  return draw ? draw(p.view, name, p) : el("pre", "", p.text);
}

// ---- Perch: the map of Locations, Ponds at meeting points, the fountain and the seats ----

// The server's geometry (payload.geometry) puts each Location's flat-topped hexagon and each
// meeting point in units of the distance between neighbouring cells; this many pixels each.
const UNIT = 196;
const MARGIN = 12;

/**
 * The Perch board's geometry in pixels, from the payload's `geometry`.
 * @param {import("./types/payload").BoardGeometry} g
 */
function perchGeometry(g) {
  const radius = g.hex_radius * UNIT;
  const halfHeight = (Math.sqrt(3) / 2) * radius;
  const at = (/** @type {import("./types/payload").Point} */ pt) => [MARGIN + radius + pt.x * UNIT, MARGIN + halfHeight + pt.y * UNIT];
  return {
    radius,
    centres: g.cells.map(at),
    points: g.intersections.map(at),
    width: 2 * MARGIN + radius + g.width * UNIT,
    height: 2 * MARGIN + halfHeight + g.height * UNIT,
  };
}

/** The outline of a flat-topped hexagon. */
function hexagon(cx, cy, r) {
  const corners = [0, 1, 2, 3, 4, 5].map((k) => {
    const angle = (Math.PI / 3) * k;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  });
  return corners.join(" ");
}

function article(text) {
  return text.replace(/^(The|A|An) /, "");
}

/**
 * @param {import("./types/perch_bop").View} v the viewer's view document
 * @param {(id: string) => string} name a card id's display name
 * @param {any} p the whole payload
 */
function perch(v, name, p) {
  const colourName = (c) => (c < v.players || v.players > 2 ? `${PERCH_COLOUR_NAMES[c]} (p${c})` : `${PERCH_COLOUR_NAMES[c]} (the dummy)`);
  const geo = perchGeometry(p.geometry);
  const { width, height } = geo;
  const creaturesAt = {};
  for (const c of v.creatures) {
    if (c.position !== null) (creaturesAt[`${c.position.where}${c.position.index}`] ||= []).push(c);
  }
  const layers = { tiles: svg("g"), marks: svg("g") };
  v.locations.forEach((loc, index) => {
    const [cx, cy] = geo.centres[index];
    const title = name(loc.tile);
    // The tile's face, name and notes are one button; its stacks are buttons of their own
    // beside it (not inside: a button holds no other button), clear of its centre.
    const tile = spot(svg("g", { class: "tile" + (loc.removed ? " removed" : "") }), `cell:${index}`,
      `${title} (Location ${index})`, loc.tile);
    tile.append(svg("polygon", { points: hexagon(cx, cy, geo.radius - 2), class: "hit tile-face" }));
    const words = article(title);
    const cut = words.length > 15 ? words.lastIndexOf(" ", Math.ceil(words.length / 2) + 3) : -1;
    const lines = cut > 0 ? [words.slice(0, cut), words.slice(cut + 1)] : [words];
    lines.forEach((line, k) => tile.append(svg("text", { x: cx, y: cy - 64 + k * 16 + (lines.length === 1 ? 6 : 0), class: "tile-name" }, line.slice(0, 18))));
    if (loc.removed) tile.append(svg("text", { x: cx, y: cy + 5, class: "tile-note centred" }, "removed"));
    const stacks = loc.birds.filter(Boolean).length;
    let sx = cx - ((stacks - 1) * 30) / 2;
    loc.birds.forEach((n, colour) => {
      if (!n) return;
      const stack = svg("g", { class: "stack" });
      if (loc.housed[colour]) {
        stack.append(svg("rect", { x: sx - 15, y: cy - 45, width: 30, height: 30, rx: 3, class: "house" }));
      }
      stack.append(svg("circle", { cx: sx, cy: cy - 30, r: 12, fill: PERCH_COLOURS[colour],
        class: "hit" + (loc.nested[colour] ? " nested" : "") }));
      stack.append(svg("text", { x: sx, y: cy - 25, class: "disc-count", fill: PERCH_INK[colour] }, String(n)));
      const words = `${n} ${colourName(colour)} on ${title}${loc.nested[colour] ? ", on a nest" : ""}${loc.housed[colour] ? ", under a birdhouse" : ""}`;
      layers.tiles.append(spot(stack, `stack:${index}:${colour}`, words));
      sx += 30;
    });
    const notes = [];
    if (loc.free_nests) notes.push(`${loc.free_nests} free ${loc.free_nests === 1 ? "nest" : "nests"}`);
    for (let k = 0; k < loc.free_nests; k++) {
      tile.append(svg("ellipse", { cx: cx - 52 + k * 16, cy: cy + 27, rx: 7, ry: 5, class: "free-nest" }));
    }
    if (notes.length) tile.append(svg("text", { x: cx - 56 + loc.free_nests * 16, y: cy + 31, class: "tile-note" }, notes.join(", ")));
    const marks = [];
    const mark = (text, cls, tip) => {
      const node = svg("g", { class: `mark ${cls}` }, svg("rect", { x: 0, y: cy + 42, width: 7.5 * text.length + 10, height: 18, rx: 8 }),
        svg("text", { x: 0, y: cy + 55, class: "mark-text" }, text));
      marks.push([tip ? tipped(node, tip, text) : node, 7.5 * text.length + 10]);
    };
    if (v.sky && v.sky.sun === index) mark("Sun", "sun", "sun");
    if (v.sky && v.sky.moon === index) mark("Moon", "moon", "moon");
    if (v.birdfeeders && v.birdfeeders.on[index]) mark("Birdfeeder", "feeder", "birdfeeder");
    const promo = v.promo_state;
    if (promo && promo.egg === index) mark("Golden Egg", "egg", "golden_goose");
    if (promo && promo.yeti === index) mark("Yeti", "yeti", "yeti");
    const extra = [notes.join(", "), ...marks.map(([node]) => node.getAttribute("data-label") || node.textContent)].filter(Boolean);
    if (extra.length) tile.setAttribute("data-label", `${title} (Location ${index}): ${extra.join(", ")}`);
    // The marks sit in a centred row near the bottom edge.
    let mx = cx - (marks.reduce((total, [, w]) => total + w + 4, 0) - 4) / 2;
    for (const [node, w] of marks) {
      node.firstChild.setAttribute("x", String(mx));
      node.lastChild.setAttribute("x", String(mx + w / 2));
      tile.append(node);
      mx += w + 4;
    }
    layers.tiles.prepend(tile);
    // Standees stand left and right of the centre, which stays the tile's own button.
    (creaturesAt[`cell${index}`] || []).forEach((c, k) => {
      layers.marks.append(creature(c, k % 2 ? cx + 26 : cx - 74, cy - 9 + Math.floor(k / 2) * 20, name));
    });
  });
  const pondAt = {};
  if (v.ponds) v.ponds.ponds.forEach((pond, k) => { pondAt[pond.intersection] = k; });
  geo.points.forEach(([x, y], k) => {
    const pt = { x, y, cells: v.locations.map((_, i) => i).filter((i) => Math.hypot(geo.centres[i][0] - x, geo.centres[i][1] - y) < geo.radius * 1.05) };
    const scarecrow = (creaturesAt[`intersection${k}`] || []);
    const pondIndex = pondAt[k];
    if (pondIndex !== undefined) {
      const pond = v.ponds.ponds[pondIndex];
      const title = name(pond.tile);
      const total = pond.birds.reduce((a, b) => a + b, 0);
      const node = spot(svg("g", { class: "pond" }), `pond:${pondIndex}`,
        `${title}, a Pond: ${total ? pond.birds.map((n, c) => (n ? `${n} ${colourName(c)}` : "")).filter(Boolean).join(", ") : "no birds"}`, pond.tile);
      node.append(svg("circle", { cx: pt.x, cy: pt.y, r: 30, class: "hit pond-face" }));
      node.append(svg("text", { x: pt.x, y: pt.y - 8, class: "pond-name" }, article(title).split(" ")[0]));
      // The Pond's birds are buttons of their own, below its centre (the Pond's button).
      const birds = pond.birds.filter(Boolean).length;
      let bx = pt.x - ((birds - 1) * 18) / 2;
      const discs = [];
      pond.birds.forEach((n, colour) => {
        if (!n) return;
        discs.push(spot(svg("g", { class: "stack" }, svg("circle", { cx: bx, cy: pt.y + 15, r: 8, fill: PERCH_COLOURS[colour], class: "hit pond-bird" }),
          svg("text", { x: bx, y: pt.y + 19, class: "disc-count small", fill: PERCH_INK[colour] }, String(n))),
        `pondbird:${pondIndex}:${colour}`, `${n} ${colourName(colour)} on ${title}`));
        bx += 18;
      });
      layers.marks.append(node, ...discs);
      // A meeting point is the left or right corner of one of its Locations and a top or
      // bottom corner of the other two, whose names run along their top edges: the Pond's
      // creatures hang below it on the side of the one whose corner it is, clear of them.
      const lone = pt.cells.find((i) => Math.abs(geo.centres[i][1] - pt.y) < 1);
      const side = lone === undefined || geo.centres[lone][0] > pt.x ? 1 : -1;
      (creaturesAt[`pond${pondIndex}`] || []).forEach((c, k) => {
        layers.marks.append(creature(c, side > 0 ? pt.x + 6 : pt.x - 50, pt.y + 34 + k * 20, name));
      });
    }
    const cellsWords = pt.cells.map((i) => name(v.locations[i].tile)).join(", ");
    // On a Pond the meeting point sits on its rim, so the Pond's own centre stays its button.
    const my = pondIndex === undefined ? pt.y : pt.y - 34;
    layers.marks.append(spot(svg("circle", { cx: pt.x, cy: my, r: 9, class: "hit meeting-point" }),
      `ipt:${k}`, `the meeting point of ${cellsWords}`));
    for (const c of scarecrow) layers.marks.append(creature(c, pt.x - 23, pondIndex === undefined ? pt.y - 36 : pt.y - 64, name));
  });
  const board = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "perch-map", role: "group",
    "aria-label": `The board: ${v.locations.length} Locations${v.ponds ? ` and ${v.ponds.ponds.length} Ponds` : ""}` },
  layers.tiles, layers.marks);
  board.style.maxWidth = `${width}px`;
  // The words drawn on buttons go to a top layer the pointer passes through: a button's
  // name is its label, which says them all.
  const words = svg("g", { class: "words", "aria-hidden": "true" });
  for (const text of board.querySelectorAll("[data-key] text")) words.append(text);
  board.append(words);
  return el("div", "perch",
    el("div", "status", `Round ${v.round} of 5, ${v.phase}`, v.turn_order.length ? `; turn order ${v.turn_order.map((s) => `p${s}`).join(", ")}` : "",
      v.promo_state && v.promo_state.controller !== null && v.promo_state.controller !== undefined
        ? `; the promos are held by p${v.promo_state.controller}` : ""),
    board,
    el("div", "small legend", "A disc is a stack: its number of birds, a brown ring when it sits on a nest, a square when a birdhouse closes it; brown ovals are free nests. Hover or tap anything to read what it does."),
    perchTable(v, name, colourName),
    el("div", "row seats", v.seats.map((seat, index) => perchSeat(v, seat, index, name, colourName))));
}

/**
 * A creature's standee: its name on a badge ringed in its controller's colour.
 * @param {import("./types/perch_bop").Creature} c
 */
function creature(c, x, y, name) {
  const title = name(c.id);
  const controller = c.controller === null ? "nobody" : `p${c.controller}`;
  const shown = title.slice(0, 9);
  // A long name is drawn narrower so that it stays on its chip.
  const fit = shown.length > 7 ? { textLength: 48, lengthAdjust: "spacingAndGlyphs" } : {};
  const node = svg("g", { class: "creature" + (c.used ? " used" : "") },
    svg("rect", { x: x - 4, y, width: 56, height: 18, rx: 9, class: "hit creature-face",
      stroke: c.controller === null ? "#555" : PERCH_COLOURS[c.controller] }),
    svg("text", { x: x + 24, y: y + 13, class: "creature-name", ...fit }, shown));
  return spot(node, `creature:${c.id}`, `the ${title}, controlled by ${controller}${c.used ? ", used this round" : ""}`, c.id);
}

/** The fountain, plaza, bag, supply and the expansions' counts: everything off the map. */
function perchTable(v, name, colourName) {
  const colours = (counts) => counts.map((n, c) => (n ? el("span", "tally", chip(PERCH_COLOURS[c]), ` ${n}`) : null));
  const slots = v.fountain.map((colour, slot) => spot(el("span", "slot" + (colour === null ? " empty" : ""),
    colour === null ? String(slot) : chip(PERCH_COLOURS[colour], "")),
  `slot:${slot}`, colour === null ? `fountain slot ${slot}, empty` : `fountain slot ${slot}: a ${colourName(colour)} bird`, "fountain"));
  const arrivals = v.arrivals.length
    ? el("div", "small", "heading for the fountain: ", v.arrivals.map((a) => el("span", "tally", chip(PERCH_COLOURS[a.colour]), ` chosen by p${a.chooser}`)))
    : null;
  const feeders = v.birdfeeders;
  return el("div", "table-things",
    tipped(el("div", "fountain", el("span", "label", "Fountain"), slots), "fountain", "the fountain"), arrivals,
    el("div", "counts",
      el("span", "count", el("span", "count-label", "Plaza"), " ", colours(v.plaza), v.plaza.some(Boolean) ? "" : "empty"),
      el("span", "count", el("span", "count-label", "Bag"), " ", colours(v.bag), v.bag.some(Boolean) ? "" : "empty",
        ` (${v.bag.reduce((a, b) => a + b, 0)} birds)`),
      el("span", "count", el("span", "count-label", "Supply"), " ", colours(v.supply)),
      feeders ? count("Birdfeeders taken", feeders.taken.map((n, s) => `p${s} ${n}`).join(", ")) : null,
      feeders && (feeders.discarded || feeders.removed) ? count("Birdfeeders gone", feeders.discarded + feeders.removed) : null),
    v.creatures.some((c) => c.position === null)
      ? el("div", "small", "Creatures not out yet: ", v.creatures.filter((c) => c.position === null).map((c) => name(c.id)).join(", ")) : null);
}

/**
 * One seat's side: score, hand, tokens, Bread, objective.
 * @param {import("./types/perch_bop").View} v
 * @param {import("./types/perch_bop").SeatView} seat
 * @param {number} index
 */
function perchSeat(v, seat, index, name, colourName) {
  const me = index === v.player;
  const hand = seat.hand.flatMap((n, colour) => Array.from({ length: n }, () =>
    spot(el("span", "bird", chip(PERCH_COLOURS[colour])), `hand:${index}:${colour}`, `a ${colourName(colour)} bird in p${index}'s hand`)));
  const bread = v.ponds ? v.ponds.bread[index] : null;
  const tokens = [];
  if (seat.birdhouse) tokens.push(spot(el("span", "token", "Birdhouse"), me ? "token:birdhouse" : `token:birdhouse:${index}`, `p${index}'s birdhouse`, "birdhouse"));
  if (seat.zap) tokens.push(spot(el("span", "token", "Lightning"), me ? "token:zap" : `token:zap:${index}`, `p${index}'s lightning token`, "zap"));
  if (bread) tokens.push(spot(el("span", "token", `Bread ×${bread}`), me ? "token:bread" : `token:bread:${index}`, `p${index}'s Bread: ${bread}`, "bread"));
  const objectives = me && !seat.objective_kept && v.dealt.length
    ? el("div", "", "keep one objective: ", v.dealt.map((id) => spot(el("span", "cardlet objective", name(id)), `objective:${id}`, `the ${name(id)} objective`, id)))
    : seat.objective ? el("div", "small", "objective: ", tipped(el("span", "cardlet objective", name(seat.objective)), seat.objective, name(seat.objective)))
      : el("div", "small", seat.objective_kept ? "objective kept (secret)" : "choosing an objective");
  return el("div", "card seat" + (v.to_act.includes(index) ? " acting" : ""),
    el("div", "name", chip(PERCH_COLOURS[index]), ` p${index}${me ? " (you)" : ""}: ${seat.score} points`),
    hand.length ? el("div", "hand-row", "hand: ", hand) : v.is_terminal ? null : el("div", "small", "no birds in hand"),
    tokens.length ? el("div", "tokens", tokens) : null,
    v.ponds ? el("div", "small", `Bread: ${v.ponds.bread[index]} held, ${v.ponds.spent[index]} spent`) : null,
    objectives);
}

// ---- Peacock: each player's tableau of islands and flock slots, the hands the viewer holds ----

/**
 * @param {import("./types/peacock").View} v the viewer's view document
 * @param {(id: string) => string} name a card id's display name
 */
function peacock(v, name) {
  const seats = v.seats.map((seat, index) => {
    const me = index === v.player;
    const hand = seat.hand_birds
      ? [...seat.hand_birds, ...seat.hand_islands].map((id) => spot(el("span", "cardlet" + (seat.hand_islands.includes(id) ? " island-card" : ""), name(id)),
        `hand:${id}`, `${name(id)} in your hand`, id))
      : null;
    const pool = (source, ids, words) => (ids.length
      ? el("div", "pool", `${words}: `, ids.map((id) => spot(el("span", "cardlet" + (source === "island" ? " island-card" : ""), name(id)),
        me ? `pool:${source}:${id}` : `pool:${index}:${source}:${id}`, `${name(id)}, ${words}`, id)))
      : null);
    const slotNode = (group, g, slotName) => {
      const f = group[slotName];
      const words = f ? `${f.size} ${name(f.species)}` : "empty";
      return spot(el("span", "flock" + (f ? "" : " empty"), f ? `${f.size}× ${name(f.species)}` : `${slotName} slot`),
        `slot:${index}:${g}:${slotName}`, `the ${slotName} slot of group ${g} (${name(group.island)}) of p${index}: ${words}`, f ? f.species : null);
    };
    return el("div", "card area" + (v.to_act.includes(index) ? " acting" : ""),
      el("div", "name", chip(SEAT_COLOURS[index]), ` p${index}${me ? " (you)" : ""}: ${seat.total} points`,
        seat.committed ? " · picked" : "", seat.done ? " · done" : "",
        v.phase === "migration" || v.phase === "additional_migration" ? ` · ${seat.moves_left} ${seat.moves_left === 1 ? "move" : "moves"} left` : ""),
      hand ? (hand.length ? el("div", "hand", "hand: ", hand) : v.is_terminal ? null : el("div", "small", "hand: empty"))
        : v.is_terminal ? null : count("cards in hand", seat.hand_size),
      seat.pick ? el("div", "small", "face-down pick: ", tipped(el("span", "cardlet", name(seat.pick)), seat.pick, name(seat.pick))) : null,
      pool("drafted", seat.drafted_birds, "drafted birds"),
      pool("island", seat.drafted_islands, "drafted islands"),
      pool("received", seat.received, "received"),
      el("div", "islands", seat.groups.map((group, g) => el("div", "island",
        spot(el("div", "island-name", `${g}. ${name(group.island)}`), `group:${index}:${g}`,
          `group ${g}: ${name(group.island)} of p${index}`, group.island),
        group.tucks.length ? el("div", "small", "tucked: ", group.tucks.map((t) => `${name(t.island)} (${t.half})`).join(", ")) : null,
        el("div", "food", `plant ${group.plant} · fish ${group.fish} · meat ${group.meat}`),
        el("div", "flocks", slotNode(group, g, "left"), slotNode(group, g, "right")))),
      me && !v.is_terminal ? spot(el("div", "island new-group", "+ new group"), `newgroup:${index}`, "a new group in your tableau") : null),
      (me && !v.is_terminal) || seat.aside.length ? el("div", "aside-row",
        me && !v.is_terminal ? spot(el("span", "aside", "set aside here"), `aside:${index}`, "set a bird aside") : el("span", "", "set aside: "),
        seat.aside.map((id) => spot(el("span", "cardlet", name(id)), me ? `pool:aside:${id}` : `pool:${index}:aside:${id}`,
          `${name(id)}, set aside`, id))) : null,
      el("div", "small", `seasons: ${seat.season_scores.join(" + ") || "none yet"}`));
  });
  return el("div", "peacock",
    el("div", "status", `Season ${v.round} of 3 (${v.season}), ${v.phase.replace("_", " ")}`),
    el("div", "counts", count("Bird deck", v.bird_deck_size, "bird-deck"), count("Island deck", v.island_deck_size, "island-deck"),
      v.gone.length ? count("Gone", v.gone.map(name).join(", ")) : null),
    el("div", "row", seats));
}

// ---- Rookery: the three zones, the viewer's hand and the season wheel ----

const SEASONS = ["spring", "summer", "autumn", "winter"];

/**
 * @param {import("./types/rookery").View} v the viewer's view document
 * @param {(id: string) => string} name a card id's display name
 */
function rookery(v, name) {
  const wheel = el("div", "wheel", SEASONS.map((season) =>
    el("span", "season" + (season === v.season ? " now" : ""), season)),
  el("span", "small", v.season ? ` ${v.turns_left} turns left · ${v.checkpoints} checkpoints` : ""));
  const zones = v.zones.map((zone) => el("div", "card zone" + (zone.controller !== null ? ` held-${zone.controller}` : ""),
    spot(el("div", "zone-name", `${zone.zone} zone · ${zone.habitat ? name(zone.habitat) : "no habitat yet"}`,
      zone.controller !== null ? ` · held by p${zone.controller}` : ""), `zone:${zone.zone}`,
    `the ${zone.zone} zone (${zone.habitat ? name(zone.habitat) : "no habitat yet"})`, zone.habitat),
    el("div", "birds", zone.birds.map((bird) => {
      const card = spot(el("span", "cardlet" + (bird.tapped ? " tapped" : ""),
        `${name(bird.card)} #${bird.uid}`, bird.nested ? "" : " · roosting", bird.damage ? ` · ${bird.damage} damage` : ""),
      `card:${bird.uid}`, `${name(bird.card)} #${bird.uid} of p${bird.owner} in the ${zone.zone} zone${bird.tapped ? ", tapped" : ""}${bird.nested ? "" : ", roosting"}`, bird.card);
      card.style.borderColor = SEAT_COLOURS[bird.owner];
      return card;
    })),
    el("div", "predators", zone.predators.map((pred) => {
      const title = pred.card ? `${name(pred.card)} #${pred.uid}` : `face-down predator #${pred.uid}`;
      const card = spot(el("span", "cardlet predator" + (pred.face_up ? "" : " face-down"), title, pred.face_up || !pred.card ? "" : " (face down)",
        pred.damage ? ` · ${pred.damage} damage` : ""), `card:${pred.uid}`, `${title} of p${pred.owner} in the ${zone.zone} zone`, pred.card);
      card.style.borderColor = SEAT_COLOURS[pred.owner];
      return card;
    })),
    zone.pile.length ? el("div", "small", `flip pile: ${zone.pile.map((c) => name(c.card)).join(", ")}`) : null));
  const seats = v.seats.map((seat, index) => el("div", "card seat" + (v.to_act.includes(index) ? " acting" : ""),
    el("div", "name", chip(SEAT_COLOURS[index]), ` p${index}${index === v.player ? " (you)" : ""}: ${seat.prizes} Prizes, ${seat.song} Song`),
    el("div", "counts", count("hand", seat.hand_size), count("deck", seat.deck_size), count("discard", seat.discard.length)),
    seat.discard.length ? el("div", "small", `discard: ${seat.discard.map(name).join(", ")}`) : null));
  return el("div", "rookery",
    el("div", "status", `${v.phase === "draft" ? "habitat draft" : v.phase}, turn ${v.turn_number}`), wheel,
    el("div", "row zones", zones),
    v.player === null || (v.is_terminal && !v.hand.length) ? null : el("div", "hand", "your hand: ", v.hand.length ? v.hand.map((id) =>
      spot(el("span", "cardlet", name(id)), `hand:${id}`, `${name(id)} in your hand`, id)) : "empty"),
    el("div", "row", seats));
}
