// The board as SVG: wood, the 9×10 lines with the river (楚河 汉界) and both palaces, the point
// marks, coordinates in the players' style (Red 九…一, Black 1…9), the pieces as discs with their
// characters, and the highlights (selection, legal targets, last move, check, hint).

const NS = 'http://www.w3.org/2000/svg';
/** Distance between two lines, and the margin around the grid (room for the coordinates). */
export const STEP = 60;
const MARGIN = 64;
const WIDTH = 8 * STEP + 2 * MARGIN;
const HEIGHT = 9 * STEP + 2 * MARGIN;
const RED_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

const CHARS = {
  traditional: { K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' },
  simplified: { K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵', k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒' },
};

/** The pieces of a FEN as a Map from square name ('e0') to FEN letter. */
export function parseFen(fen) {
  const pieces = new Map();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else { pieces.set(square(file, rank), ch); file += 1; }
    }
  });
  return pieces;
}

export function square(file, rank) { return String.fromCharCode(97 + file) + rank; }
function fileOf(sq) { return sq.charCodeAt(0) - 97; }
function rankOf(sq) { return Number(sq.slice(1)); }

/** Screen coordinates of a point. */
function at(sq, flipped) {
  const f = fileOf(sq); const r = rankOf(sq);
  return flipped
    ? { x: MARGIN + (8 - f) * STEP, y: MARGIN + r * STEP }
    : { x: MARGIN + f * STEP, y: MARGIN + (9 - r) * STEP };
}

/** The point under a pointer event, or null when off the board. */
export function pointAt(svg, event, flipped) {
  const box = svg.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * WIDTH;
  const y = ((event.clientY - box.top) / box.height) * HEIGHT;
  let f = Math.round((x - MARGIN) / STEP);
  let r = 9 - Math.round((y - MARGIN) / STEP);
  if (flipped) { f = 8 - f; r = 9 - r; }
  if (f < 0 || f > 8 || r < 0 || r > 9) return null;
  return square(f, r);
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function defs() {
  const d = el('defs');
  d.innerHTML = `
    <linearGradient id="xq-wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f0cf8e"/><stop offset=".55" stop-color="#e3b56b"/><stop offset="1" stop-color="#d49f52"/>
    </linearGradient>
    <filter id="xq-grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.012 0.22" numOctaves="3" seed="7"/>
      <feColorMatrix values="0 0 0 0 0.45  0 0 0 0 0.27  0 0 0 0 0.08  0 0 0 0.55 -0.12"/>
    </filter>
    <radialGradient id="xq-disc" cx=".4" cy=".35" r=".75">
      <stop offset="0" stop-color="#fff8e6"/><stop offset=".7" stop-color="#f1dcb2"/><stop offset="1" stop-color="#d8b67c"/>
    </radialGradient>
    <filter id="xq-shadow" x="-30%" y="-30%" width="160%" height="160%">
      <feDropShadow dx="1.5" dy="2.5" stdDeviation="1.8" flood-color="#3a2309" flood-opacity=".45"/>
    </filter>
    <filter id="xq-lift" x="-40%" y="-40%" width="180%" height="180%">
      <feDropShadow dx="3" dy="7" stdDeviation="4" flood-color="#3a2309" flood-opacity=".45"/>
    </filter>`;
  return d;
}

function drawGrid(g, flipped) {
  const line = (a, b, cls = 'xq-line') => {
    const p = at(a, flipped); const q = at(b, flipped);
    g.append(el('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: cls }));
  };
  for (let r = 0; r <= 9; r++) line(square(0, r), square(8, r));
  for (let f = 0; f <= 8; f++) {
    if (f === 0 || f === 8) line(square(f, 0), square(f, 9));
    else { line(square(f, 0), square(f, 4)); line(square(f, 5), square(f, 9)); }
  }
  line('d0', 'f2'); line('f0', 'd2'); line('d7', 'f9'); line('f7', 'd9');
  const tl = at(flipped ? 'i0' : 'a9', flipped);
  g.append(el('rect', { x: tl.x - 8, y: tl.y - 8, width: 8 * STEP + 16, height: 9 * STEP + 16, class: 'xq-frame' }));
  // The marks of the cannons' and pawns' starting points.
  const marks = ['b2', 'h2', 'b7', 'h7', 'a3', 'c3', 'e3', 'g3', 'i3', 'a6', 'c6', 'e6', 'g6', 'i6'];
  for (const sq of marks) {
    const { x, y } = at(sq, flipped);
    const f = fileOf(sq);
    for (const dx of [-1, 1]) {
      if ((f === 0 && dx < 0) || (f === 8 && dx > 0)) continue;
      for (const dy of [-1, 1]) {
        const x0 = x + dx * 5; const y0 = y + dy * 5;
        g.append(el('path', { d: `M${x0 + dx * 10},${y0}H${x0}V${y0 + dy * 10}`, class: 'xq-mark' }));
      }
    }
  }
  const river = MARGIN + 4.5 * STEP;
  g.append(el('text', { x: MARGIN + 2 * STEP, y: river, class: 'xq-river' }, '楚 河'));
  g.append(el('text', { x: MARGIN + 6 * STEP, y: river, class: 'xq-river' }, '汉 界'));
}

function drawCoordinates(g, flipped) {
  for (let f = 0; f <= 8; f++) {
    const x = at(square(f, 0), flipped).x;
    const red = RED_NUMERALS[8 - f];
    const black = String(f + 1);
    const [top, bottom] = flipped ? [red, black] : [black, red];
    g.append(el('text', { x, y: MARGIN - 44, class: 'xq-coord' }, top));
    g.append(el('text', { x, y: HEIGHT - MARGIN + 44, class: 'xq-coord' }, bottom));
  }
}

function drawPiece(g, sq, letter, { flipped, chars, lifted, pos }) {
  const { x, y } = pos || at(sq, flipped);
  const red = letter === letter.toUpperCase();
  const piece = el('g', {
    class: `xq-piece ${red ? 'red' : 'black'}${lifted ? ' lifted' : ''}`,
    transform: `translate(${x},${y})`,
    'data-square': sq,
    'data-piece': letter,
  });
  piece.append(el('circle', { r: 27, class: 'xq-disc', filter: lifted ? 'url(#xq-lift)' : 'url(#xq-shadow)' }));
  piece.append(el('circle', { r: 22.5, class: 'xq-ring' }));
  piece.append(el('text', { y: 1, class: 'xq-char' }, CHARS[chars][letter] || '?'));
  g.append(piece);
  return piece;
}

/**
 * Draws everything. state: {fen, flipped, chars, selected, targets: [sq], lastMove: 'h2e2',
 * check: sq, hint: 'h2e2', blocked: sq, drag: {from, x, y}, cursor: sq (the keyboard's),
 * arrows: [{move: 'h2e2', weight: 0..1, rank: 1..5}] (an analysis's lines, drawn over the pieces)}.
 */
export function drawBoard(svg, state) {
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.replaceChildren();
  svg.append(defs());
  svg.append(el('rect', { width: WIDTH, height: HEIGHT, rx: 18, class: 'xq-wood', fill: 'url(#xq-wood)' }));
  svg.append(el('rect', { width: WIDTH, height: HEIGHT, rx: 18, filter: 'url(#xq-grain)', opacity: '.55' }));
  const grid = el('g', { class: 'xq-grid' });
  drawGrid(grid, state.flipped);
  drawCoordinates(grid, state.flipped);
  svg.append(grid);

  const marks = el('g', { class: 'xq-marks' });
  const corner = (sq, cls) => {
    const { x, y } = at(sq, state.flipped);
    marks.append(el('rect', { x: x - 30, y: y - 30, width: 60, height: 60, rx: 8, class: cls }));
  };
  if (state.lastMove) { corner(state.lastMove.slice(0, 2), 'xq-last from'); corner(state.lastMove.slice(2), 'xq-last to'); }
  if (state.hint) {
    const a = at(state.hint.slice(0, 2), state.flipped); const b = at(state.hint.slice(2), state.flipped);
    marks.append(el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'xq-hint' }));
    marks.append(el('circle', { cx: b.x, cy: b.y, r: 9, class: 'xq-hint-end' }));
  }
  if (state.blocked) {
    const { x, y } = at(state.blocked, state.flipped);
    marks.append(el('circle', { cx: x, cy: y, r: 32, class: 'xq-blocked' }));
  }
  if (state.check) {
    const { x, y } = at(state.check, state.flipped);
    marks.append(el('circle', { cx: x, cy: y, r: 33, class: 'xq-check' }));
  }
  svg.append(marks);
  const cursor = () => {
    if (!state.cursor) return;
    const { x, y } = at(state.cursor, state.flipped);
    svg.append(el('rect', { x: x - 32, y: y - 32, width: 64, height: 64, rx: 10, class: 'xq-cursor' }));
  };

  const pieces = parseFen(state.fen);
  const layer = el('g', { class: 'xq-pieces' });
  for (const [sq, letter] of pieces) {
    if (state.drag && state.drag.from === sq) continue;
    drawPiece(layer, sq, letter, state);
    if (state.selected === sq) {
      const { x, y } = at(sq, state.flipped);
      layer.append(el('circle', { cx: x, cy: y, r: 30, class: 'xq-selected' }));
    }
  }
  svg.append(layer);

  const targets = el('g', { class: 'xq-targets' });
  for (const sq of state.targets || []) {
    const { x, y } = at(sq, state.flipped);
    const capture = pieces.has(sq);
    targets.append(el('circle', {
      cx: x, cy: y, r: capture ? 29 : 9, class: capture ? 'xq-target capture' : 'xq-target', 'data-target': sq,
    }));
  }
  svg.append(targets);

  if (state.arrows && state.arrows.length) svg.append(drawArrows(state.arrows, state.flipped));
  cursor();
  if (state.drag) {
    const letter = pieces.get(state.drag.from);
    if (letter) drawPiece(svg, state.drag.from, letter, { ...state, lifted: true, pos: { x: state.drag.x, y: state.drag.y } });
  }
}

/** The engine's lines as arrows: the best boldest, each as thick and opaque as its weight. */
function drawArrows(arrows, flipped) {
  const layer = el('g', { class: 'xq-arrows', 'aria-hidden': 'true' });
  // The weakest first, so that the best lies on top.
  for (const arrow of [...arrows].reverse()) {
    const a = at(arrow.move.slice(0, 2), flipped); const b = at(arrow.move.slice(2, 4), flipped);
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (!length) continue;
    const ux = (b.x - a.x) / length; const uy = (b.y - a.y) / length;
    const width = 5 + 9 * arrow.weight;
    const head = width * 2.2;
    // From the edge of the moving piece to the point, the head ending on the target's centre.
    const x0 = a.x + ux * 20; const y0 = a.y + uy * 20;
    const x1 = b.x - ux * head; const y1 = b.y - uy * head;
    const px = -uy * head * 0.75; const py = ux * head * 0.75;
    const g = el('g', {
      class: `xq-arrow${arrow.rank === 1 ? ' best' : ''}`,
      opacity: (0.35 + 0.55 * arrow.weight).toFixed(2),
      'data-move': arrow.move,
      'data-rank': arrow.rank,
    });
    g.append(el('line', { x1: x0, y1: y0, x2: x1, y2: y1, 'stroke-width': width, 'stroke-linecap': 'round' }));
    g.append(el('path', { d: `M${b.x},${b.y}L${x1 + px},${y1 + py}L${x1 - px},${y1 - py}Z` }));
    layer.append(g);
  }
  return layer;
}

/** The square one step from `sq` in a screen direction (dx right, dy down), or `sq` at the edge. */
export function stepSquare(sq, dx, dy, flipped) {
  const sign = flipped ? -1 : 1;
  const file = sq.charCodeAt(0) - 97 + dx * sign;
  const rank = Number(sq.slice(1)) - dy * sign;
  if (file < 0 || file > 8 || rank < 0 || rank > 9) return sq;
  return square(file, rank);
}

/** SVG coordinates of a pointer event (for dragging). */
export function svgPoint(svg, event) {
  const box = svg.getBoundingClientRect();
  return { x: ((event.clientX - box.left) / box.width) * WIDTH, y: ((event.clientY - box.top) / box.height) * HEIGHT };
}

/** Where a side's general stands in a FEN. */
export function generalSquare(fen, side) {
  for (const [sq, letter] of parseFen(fen)) if (letter === (side === 'red' ? 'K' : 'k')) return sq;
  return null;
}
