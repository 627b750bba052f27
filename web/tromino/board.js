// Draws the board as SVG from the game state (one unit per square, row y drawn at n - 1 - y)
// and turns pointer positions into board coordinates.

import { t } from '/js/i18n.js';
import { SHAPE_COLOURS, outlinePath } from './shapes.js';

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Redraws everything: view = {n, missing: [x, y] | null, pieces: [{x, y, shape, colour?}],
 * ghost: {piece, ok} | null, hint: piece | null, splits: [{origin, side}], block: {origin, side} | null,
 * cursor: [x, y] | null (the keyboard's square)}.
 */
export function drawBoard(svg, view) {
  const { n } = view;
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.replaceChildren();
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      el('rect', { x, y: n - 1 - y, width: 1, height: 1, class: (x + y) % 2 ? 'cell dark' : 'cell',
        'data-x': x, 'data-y': y }, svg);
    }
  }
  for (const [x, y] of view.marked || []) {
    el('rect', { x, y: n - 1 - y, width: 1, height: 1, class: 'good-square' }, svg);
  }
  if (view.missing) {
    const [mx, my] = view.missing;
    el('rect', { x: mx, y: n - 1 - my, width: 1, height: 1, class: 'missing' }, svg);
    const mark = el('text', { x: mx + 0.5, y: n - 1 - my + 0.5, class: 'missing-mark' }, svg);
    mark.textContent = t('tromino.special_mark');
  }
  for (const piece of view.pieces) {
    el('path', { d: outlinePath(piece, n), class: 'piece', fill: piece.colour || SHAPE_COLOURS[piece.shape] }, svg);
  }
  for (const { origin, side } of view.splits || []) {
    const [x0, y0] = origin;
    const top = n - (y0 + side);
    el('line', { x1: x0 + side / 2, y1: top, x2: x0 + side / 2, y2: top + side, class: 'split' }, svg);
    el('line', { x1: x0, y1: top + side / 2, x2: x0 + side, y2: top + side / 2, class: 'split' }, svg);
  }
  if (view.block) {
    const [x0, y0] = view.block.origin;
    el('rect', { x: x0, y: n - (y0 + view.block.side), width: view.block.side, height: view.block.side, class: 'block' }, svg);
  }
  if (view.quadrant) {
    const [x0, y0] = view.quadrant.origin;
    el('rect', { x: x0, y: n - (y0 + view.quadrant.side), width: view.quadrant.side, height: view.quadrant.side, class: 'hole-quadrant' }, svg);
  }
  if (view.placed) el('path', { d: outlinePath(view.placed, n), class: 'placed' }, svg);
  if (view.hint) el('path', { d: outlinePath(view.hint, n), class: 'hint' }, svg);
  if (view.ghost) el('path', { d: outlinePath(view.ghost.piece, n), class: view.ghost.ok ? 'ghost' : 'ghost bad' }, svg);
  if (view.cursor) {
    const [cx, cy] = view.cursor;
    el('rect', { x: cx + 0.04, y: n - 1 - cy + 0.04, width: 0.92, height: 0.92, class: 'board-cursor' }, svg);
  }
}

/** The board position under a pointer event, in squares from the lower-left corner (fractional), or null. */
export function boardPoint(svg, event, n) {
  const rect = svg.getBoundingClientRect();
  const fx = ((event.clientX - rect.left) / rect.width) * n;
  const fy = n - ((event.clientY - rect.top) / rect.height) * n;
  if (fx < 0 || fy < 0 || fx > n || fy > n) return null;
  return [fx, fy];
}

/** The piece of `shape` whose 2x2 box is centred nearest to the board point. */
export function pieceAt(point, shape) {
  return { x: Math.round(point[0] - 1), y: Math.round(point[1] - 1), shape };
}
