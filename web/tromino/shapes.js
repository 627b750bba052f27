// The four L shapes, named by the empty corner of their 2x2 box (as the server names them), and
// their outlines in board units (x right, y up).

/** Shapes in the order the tray shows them; rotating a quarter turn clockwise moves to the next. */
export const SHAPES = ['ll', 'ul', 'ur', 'lr'];

/** The three covered squares of a shape as [dx, dy] offsets in its 2x2 box. */
export function offsets(shape) {
  const empty = { ll: [0, 0], lr: [1, 0], ul: [0, 1], ur: [1, 1] }[shape];
  return [[0, 0], [1, 0], [0, 1], [1, 1]].filter(([dx, dy]) => dx !== empty[0] || dy !== empty[1]);
}

/** The squares a piece {x, y, shape} covers. */
export function cells(piece) {
  return offsets(piece.shape).map(([dx, dy]) => [piece.x + dx, piece.y + dy]);
}

/** The next shape a quarter turn clockwise. */
export function rotate(shape) {
  return SHAPES[(SHAPES.indexOf(shape) + 1) % SHAPES.length];
}

/**
 * The outline of a piece as an SVG path in a board drawn with row y at n - 1 - y. Outline points
 * (box corner at 0,0, y up) go round the L, then are flipped.
 */
export function outlinePath(piece, n) {
  const pts = {
    ll: [[1, 0], [2, 0], [2, 2], [0, 2], [0, 1], [1, 1]],
    lr: [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2], [0, 2]],
    ul: [[0, 0], [2, 0], [2, 2], [1, 2], [1, 1], [0, 1]],
    ur: [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]],
  }[piece.shape];
  return 'M' + pts.map(([px, py]) => `${piece.x + px} ${n - (piece.y + py)}`).join('L') + 'Z';
}

/** A fill colour per shape, like the seed's four coloured pieces. */
export const SHAPE_COLOURS = { ll: '#e65c4f', lr: '#f2c14e', ul: '#4f9dde', ur: '#6cc07a' };
