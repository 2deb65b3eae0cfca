// Moves on the board: each legal action names the things a player picks for it, in order
// (a bird in the hand, then the Location it goes to), as the `data-key`s boards.js puts on
// them. An action that names nothing on the board (end the turn, decline) is a plain button.

/**
 * The keys a Perch action names, in the order they are picked.
 * @param {any} a the action document
 * @param {import("./types/perch_bop").View} v
 * @returns {string[]}
 */
function perchPath(a, v) {
  // A creature's move or effect may name a Pond where it names a Location.
  const ponds = v.ponds ? v.ponds.ponds.map((p) => p.tile) : [];
  const cell = (tile) => (ponds.includes(tile) ? `pond:${ponds.indexOf(tile)}`
    : `cell:${v.locations.findIndex((loc) => loc.tile === tile)}`);
  const pond = (tile) => `pond:${ponds.indexOf(tile)}`;
  const stack = (tile, colour) => (ponds.includes(tile) ? `pondbird:${ponds.indexOf(tile)}:${colour}`
    : `stack:${v.locations.findIndex((loc) => loc.tile === tile)}:${colour}`);
  switch (a.kind) {
    case "perch_bop.keep_objective": return [`objective:${a.objective}`];
    case "perch_bop.place": return [`hand:${a.player}:${a.colour}`, cell(a.location)];
    case "perch_bop.return_bird": return [`hand:${a.player}:${a.colour}`];
    case "perch_bop.swap_birds": return [`hand:${a.player}:${a.colour}`, `hand:${a.target}:${a.target_colour}`];
    case "perch_bop.feed_birds": return ["token:bread", stack(a.location, a.colour), pond(a.pond)];
    case "perch_bop.build_birdhouse": return ["token:birdhouse", stack(a.location, a.colour)];
    case "perch_bop.zap": return ["token:zap", stack(a.location, a.colour)];
    case "perch_bop.zap_nest": return ["token:zap", cell(a.location)];
    case "perch_bop.place_scarecrow": return [`ipt:${a.intersection}`];
    case "perch_bop.activate_creature": return [`creature:${a.creature}`];
    case "perch_bop.move_creature":
    case "perch_bop.move_golden_egg":
    case "perch_bop.move_yeti": return [cell(a.location)];
    case "perch_bop.choose_bird": return [stack(a.location, a.colour)];
    case "perch_bop.choose_destination": return a.location === null ? [] : [cell(a.location)];
    case "perch_bop.choose_slot":
    case "perch_bop.choose_fountain_bird": return [`slot:${a.slot}`];
    default: return [];
  }
}

/**
 * The keys a Peacock action names.
 * @param {any} a
 * @returns {string[]}
 */
function peacockPath(a) {
  const slot = (group, side) => `slot:${a.player}:${group}:${side}`;
  switch (a.kind) {
    case "peacock.draft_card": return [`hand:${a.card}`];
    case "peacock.place_island": return [`pool:island:${a.island}`, `newgroup:${a.player}`];
    case "peacock.tuck_island": return [`pool:island:${a.island}`, `group:${a.player}:${a.group}`];
    case "peacock.place_bird":
      return a.source === "tableau"
        ? [slot(a.from_group, a.from_slot), slot(a.group, a.slot)]
        : [`pool:${a.source}:${a.bird}`, slot(a.group, a.slot)];
    case "peacock.lift_bird": return [slot(a.group, a.slot), `aside:${a.player}`];
    default: return [];
  }
}

/**
 * The keys a Rookery action names.
 * @param {any} a
 * @returns {string[]}
 */
function rookeryPath(a) {
  switch (a.kind) {
    case "rookery.draft_habitat": return [`zone:${a.zone}`];
    case "rookery.play_habitat":
    case "rookery.play_predator":
    case "rookery.nest_bird": return [`hand:${a.card}`, `zone:${a.zone}`];
    case "rookery.play_event": {
      const path = [`hand:${a.card}`];
      if (a.target !== null && a.target !== undefined) path.push(`card:${a.target}`);
      if (a.zone !== null && a.zone !== undefined) path.push(`zone:${a.zone}`);
      return path;
    }
    case "rookery.play_season":
    case "rookery.discard_card": return [`hand:${a.card}`];
    case "rookery.tap_bird": return [`card:${a.bird}`];
    case "rookery.move_bird": return [`card:${a.bird}`, `zone:${a.zone}`];
    case "rookery.ambush":
    case "rookery.mob": return [`card:${a.predator}`];
    case "rookery.hunt": return [`card:${a.predator}`, `card:${a.target}`];
    case "rookery.choose_target": {
      const path = [`card:${a.target}`];
      if (a.zone !== null && a.zone !== undefined) path.push(`zone:${a.zone}`);
      return path;
    }
    default: return [];
  }
}

/**
 * The keys each legal move names on the board, in the order a player picks them.
 * @param {any} p the seat's payload
 * @param {Set<string> | null} [present] the keys the board draws, when known
 * @returns {Array<{index: number, text: string, action: any, path: string[]}>}
 */
export function boardMoves(p, present = null) {
  const pathOf = {
    perch_bop: (a) => perchPath(a, p.view),
    peacock: peacockPath,
    rookery: rookeryPath,
  }[p.game] || (() => []);
  return p.legal.map((legal, index) => {
    const path = pathOf(legal.action);
    // A move naming something the board does not draw is offered as a plain button.
    const drawn = !present || path.every((key) => present.has(key));
    return { index, text: legal.text, action: legal.action, path: drawn ? path : [] };
  });
}

/**
 * What a partly picked move leaves: the keys that can be picked next, and the moves the
 * picks so far name completely.
 * @param {ReturnType<typeof boardMoves>} moves
 * @param {string[]} picked
 */
export function narrow(moves, picked) {
  const matching = moves.filter((m) => m.path.length >= picked.length && picked.every((key, i) => m.path[i] === key));
  const next = new Set(matching.filter((m) => m.path.length > picked.length).map((m) => m.path[picked.length]));
  const complete = picked.length ? matching.filter((m) => m.path.length === picked.length) : [];
  return { next, complete };
}
