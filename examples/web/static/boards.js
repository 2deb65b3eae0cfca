// Draws each game's table from its view document (the JSON the codec writes for a View).
// Ids are shown by the display names the server sends beside the view (`names`).

export const TITLES = { perch_bop: "Perch", peacock: "Peacock", rookery: "Rookery" };
const PERCH_COLOURS = ["#d9442b", "#e8b923", "#2f6fd6", "#3c9b4c", "#8a4fc4"];
const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98"];

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
 * @param {string} colour
 * @param {string | number} [label]
 */
function chip(colour, label = "") {
  const node = el("span", "chip", label);
  node.style.background = colour;
  return node;
}

export function drawBoard(p) {
  const name = (id) => p.names[id] || id;
  const draw = { perch_bop: perch, peacock, rookery }[p.game];
  return draw ? draw(p.view, name, p) : el("pre", "", p.text);
}

// ---- Perch: the trees and their stacks of birds, nests, creatures, Ponds, the fountain ----

/**
 * @param {import("./types/perch_bop").View} v the viewer's view document
 * @param {(id: string) => string} name a card id's display name
 * @param {unknown} p the whole payload
 */
function perch(v, name, p) {
  const creaturesAt = {};
  for (const c of v.creatures) {
    if (c.position !== null) (creaturesAt[`${c.position.where}${c.position.index}`] ||= []).push(c);
  }
  const locations = v.locations.map((loc, index) => el("div", "card location" + (loc.removed ? " removed" : ""),
    el("div", "name", `${index}. ${name(loc.tile)}`),
    el("div", "stacks", loc.birds.map((count, colour) => count === 0 ? null
      : el("div", "stack", Array.from({ length: count }, () => chip(PERCH_COLOURS[colour])),
        loc.nested[colour] ? el("span", "nest", "nest") : null,
        loc.housed[colour] ? el("span", "nest", "house") : null))),
    loc.free_nests ? el("div", "small", `${loc.free_nests} free nests`) : null,
    v.birdfeeders && v.birdfeeders.on[index] ? el("div", "small", "Birdfeeder") : null,
    v.sky && v.sky.sun === index ? el("div", "small sun", "☀ the Sun") : null,
    v.sky && v.sky.moon === index ? el("div", "small moon", "☾ the Moon") : null,
    (creaturesAt[`cell${index}`] || []).map((c) => el("div", "creature", `${name(c.id)}`))));
  const ponds = v.ponds ? v.ponds.ponds.map((pond, index) => el("div", "card pond",
    el("div", "name", `${name(pond.tile)} (Pond at meeting point ${pond.intersection})`),
    (creaturesAt[`pond${index}`] || []).map((c) => el("div", "creature", name(c.id))),
    el("div", "stacks", pond.birds.map((count, colour) =>
      count ? el("div", "stack", Array.from({ length: count }, () => chip(PERCH_COLOURS[colour]))) : null)))) : [];
  const fountain = el("div", "fountain", el("span", "label", "Fountain"),
    v.fountain.map((slot, index) => el("span", "slot", slot === null ? "·" : chip(PERCH_COLOURS[slot] || "#999", index))));
  const creatures = el("div", "row", v.creatures.map((c) => el("span", "creature",
    `${name(c.id)}${c.controller !== null ? ` (p${c.controller})` : ""}${c.position !== null ? ` on ${c.position.where} ${c.position.index}` : " not out yet"}`)));
  const seats = el("div", "row", v.seats.map((seat, index) => el("div", "card seat",
    el("div", "name", chip(PERCH_COLOURS[index]), ` p${index}${index === v.player ? " (you)" : ""}: ${seat.score} points`),
    el("div", "", "hand: ", seat.hand.map((count, colour) =>
      Array.from({ length: count }, () => chip(PERCH_COLOURS[colour])))),
    seat.objective ? el("div", "small", `objective: ${name(seat.objective)}`) : null)));
  return el("div", "perch",
    el("div", "status", `Round ${v.round}, ${v.phase}; turn order ${v.turn_order.map((s) => `p${s}`).join(", ")}`),
    el("div", "grid", locations, ponds), fountain,
    el("div", "row", el("span", "label", "Plaza: "), v.plaza.map((count, colour) =>
      Array.from({ length: count }, () => chip(PERCH_COLOURS[colour])))),
    creatures, seats);
}

// ---- Peacock: each player's islands with their flocks, the hands the viewer holds ----

/**
 * @param {import("./types/peacock").Flock | null} f
 * @param {(id: string) => string} name
 */
function flock(f, name) {
  return f ? el("span", "flock", `${f.size}× ${name(f.species)}`) : el("span", "flock empty", "—");
}

/**
 * @param {import("./types/peacock").View} v the viewer's view document
 * @param {(id: string) => string} name a card id's display name
 */
function peacock(v, name) {
  const seats = v.seats.map((seat, index) => el("div", "card area",
    el("div", "name", chip(SEAT_COLOURS[index]), ` p${index}${index === v.player ? " (you)" : ""}: ${seat.total} points`,
      seat.committed ? " · picked" : "", seat.done ? " · done" : "",
      v.phase === "migration" ? ` · ${seat.moves_left} ${seat.moves_left === 1 ? "move" : "moves"} left` : ""),
    seat.hand_birds ? el("div", "hand", "hand: ", [...seat.hand_birds, ...seat.hand_islands].map((id) => el("span", "cardlet", name(id))))
      : el("div", "small", `${seat.hand_size} cards in hand`),
    seat.pick ? el("div", "small", `face-down pick: ${name(seat.pick)}`) : null,
    seat.drafted_birds.length || seat.drafted_islands.length
      ? el("div", "small", "drafted: ", [...seat.drafted_birds, ...seat.drafted_islands].map(name).join(", ")) : null,
    seat.aside.length ? el("div", "small", `set aside: ${seat.aside.map(name).join(", ")}`) : null,
    el("div", "islands", seat.groups.map((group, g) => el("div", "island",
      el("div", "name", `${g}. ${name(group.island)}`),
      group.tucks.length ? el("div", "small", `tucked: ${group.tucks.map((t) => name(t.island)).join(", ")}`) : null,
      el("div", "food", `plant ${group.plant} · fish ${group.fish} · meat ${group.meat}`),
      el("div", "flocks", flock(group.left, name), flock(group.right, name))))),
    el("div", "small", `seasons: ${seat.season_scores.join(" + ") || "none yet"}`)));
  return el("div", "peacock",
    el("div", "status", `Season ${v.round} (${v.season}), ${v.phase}; ${v.bird_deck_size} birds and ${v.island_deck_size} islands in the decks`),
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
  const zones = v.zones.map((zone) => el("div", "card zone",
    el("div", "name", `${zone.zone} zone · ${zone.habitat || "no habitat yet"}`,
      zone.controller !== null ? ` · held by p${zone.controller}` : ""),
    el("div", "birds", zone.birds.map((bird) => {
      const card = el("span", "cardlet" + (bird.tapped ? " tapped" : ""),
        `${name(bird.card)} #${bird.uid}`, bird.nested ? " · nested" : "", bird.damage ? ` · ${bird.damage} damage` : "");
      card.style.borderColor = SEAT_COLOURS[bird.owner];
      return card;
    })),
    el("div", "predators", zone.predators.map((pred) => {
      const card = el("span", "cardlet predator", pred.face_up ? `${name(pred.card)} #${pred.uid}` : `face-down predator #${pred.uid}`);
      card.style.borderColor = SEAT_COLOURS[pred.owner];
      return card;
    })),
    zone.pile.length ? el("div", "small", `flip pile: ${zone.pile.map((c) => name(c.card)).join(", ")}`) : null));
  const seats = v.seats.map((seat, index) => el("div", "card seat",
    el("div", "name", chip(SEAT_COLOURS[index]), ` p${index}${index === v.player ? " (you)" : ""}: ${seat.prizes} Prizes, ${seat.song} Song`),
    el("div", "small", `${seat.hand_size} in hand, ${seat.deck_size} in deck`),
    seat.discard.length ? el("div", "small", `discard: ${seat.discard.map(name).join(", ")}`) : null));
  return el("div", "rookery",
    el("div", "status", `${v.phase}, turn ${v.turn_number}`), wheel,
    el("div", "row", zones),
    v.hand ? el("div", "hand", "your hand: ", v.hand.map((id) => el("span", "cardlet", name(id)))) : null,
    el("div", "row", seats));
}
