// The parts of a seat's payload (examples/web/server.py `seat_payload`) that explain the
// game beyond its view: written by hand, beside the generated declarations of each game.

/** Points one seat scored from one source (`birdgames.ScoreLine`). */
export interface ScoreLine {
  readonly seat: number;
  readonly points: number;
  /** Where the points came from, in words. */
  readonly source: string;
  /** The rule id they score under, as the game's rules page cites it ("§4.1", "K2.5"). */
  readonly rule: string;
}

/** A position on Perch's board picture: unit = distance between neighbouring cells' centres,
 * x to the right, y downwards. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where to draw Perch's board (`birdgames.perch_bop.drawing.board_geometry`). */
export interface BoardGeometry {
  /** Circumradius of every cell's flat-topped hexagon. */
  readonly hex_radius: number;
  /** Each Location's centre, in board order (the view's `locations`). */
  readonly cells: readonly Point[];
  /** Each meeting point of three Locations, by intersection index. */
  readonly intersections: readonly Point[];
  /** Each Pond's meeting point, in the order of the view's `ponds.ponds`. */
  readonly ponds: readonly Point[];
  /** Right edge of the rightmost hexagon (the leftmost's left edge is at -hex_radius). */
  readonly width: number;
  /** Bottom edge of the lowest hexagon (the highest's top edge is at -sqrt(3)/2 * hex_radius). */
  readonly height: number;
}

/** The score breakdown, rules text and board geometry of a seat's payload. */
export interface Explained {
  /** Each seat's points by source, in seat order; a seat's lines sum to its score. */
  readonly breakdown: readonly ScoreLine[];
  /** The rules text of every catalog id among the payload's `names`. */
  readonly rules: { readonly [id: string]: string };
  /** Perch's board picture; null for the other games. */
  readonly geometry: BoardGeometry | null;
}
