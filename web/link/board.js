// Drawing the board: tiles from the server's view, the selection, a hint, and the path that
// joined a removed pair (drawn along its corners, through the free ring around the board).

import { faceSymbol, faceName } from './faces.js';

const NS = 'http://www.w3.org/2000/svg';
/** Size of a cell, in SVG units. */
export const CELL_W = 44;
export const CELL_H = 52;

/** On a narrow portrait screen a wide board is drawn turned a quarter clockwise, so that its
 * tiles stay big enough to tap; the tiles' pictures stay upright. */
const NARROW = window.matchMedia('(max-width: 560px)');
let turned = false;
let boardRows = 0;

/** Calls `redraw` when the screen becomes narrow or wide (the board may turn). */
export function onTurn(redraw) {
  NARROW.addEventListener('change', redraw);
}

/** The top-left corner of cell (x, y) as drawn; the ring around the board is x = -1 or cols, y = -1 or rows. */
export function cellOrigin([x, y]) {
  return turned ? [(boardRows - 1 - y) * CELL_W, x * CELL_H] : [x * CELL_W, y * CELL_H];
}

/** The centre of cell (x, y) as drawn. */
export function centre(point) {
  const [ox, oy] = cellOrigin(point);
  return [ox + CELL_W / 2, oy + CELL_H / 2];
}

/** The board's columns and rows as drawn (swapped when turned). */
export function shownSize({ cols, rows }) {
  return turned ? { cols: rows, rows: cols } : { cols, rows };
}

/** The tile [x, y] at a drawn cell {x, y} (the keyboard's cursor moves over the drawing). */
export function tileAtShown({ x, y }) {
  return turned ? [y, boardRows - 1 - x] : [x, y];
}

/** The drawn cell {x, y} of tile [x, y]. */
export function shownOfTile([x, y]) {
  return turned ? { x: boardRows - 1 - y, y: x } : { x, y };
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/**
 * Draws the game's tiles into `svg`. `marks` = {selected: [x, y] | null, hint: [[x, y], [x, y]] |
 * null, cursor: [x, y] | null (the keyboard's cell)}; `label(kind, x, y)` names a tile for screen
 * readers.
 */
export function drawBoard(svg, game, marks, label) {
  const { rows, cols } = game;
  turned = cols > rows && NARROW.matches;
  boardRows = rows;
  const shown = shownSize(game);
  svg.setAttribute('viewBox', `${-CELL_W / 2} ${-CELL_H / 2} ${(shown.cols + 1) * CELL_W} ${(shown.rows + 1) * CELL_H}`);
  svg.parentElement.style.setProperty('--board-aspect', String(((shown.cols + 1) * CELL_W) / ((shown.rows + 1) * CELL_H)));
  const kinds = new Set();
  const parts = [];
  (game.tiles || []).forEach((row, y) => row.forEach((kind, x) => {
    if (kind === null) return;
    kinds.add(kind);
    const classes = ['tile'];
    if (same(marks.selected, [x, y])) classes.push('selected');
    if (marks.hint && (same(marks.hint[0], [x, y]) || same(marks.hint[1], [x, y]))) classes.push('hinted');
    const [px, py] = cellOrigin([x, y]);
    parts.push(
      `<g class="${classes.join(' ')}" data-x="${x}" data-y="${y}" role="img" aria-label="${label(kind, x, y)}">`
      + `<rect class="tile-edge" x="${px + 2}" y="${py + 4}" width="${CELL_W - 4}" height="${CELL_H - 4}" rx="6"/>`
      + `<rect class="tile-face" x="${px + 2}" y="${py + 1}" width="${CELL_W - 5}" height="${CELL_H - 6}" rx="6"/>`
      + `<use href="#face-${kind}" x="${px + 4}" y="${py + 6}" width="${CELL_W - 9}" height="${CELL_W - 9}"/>`
      + '</g>',
    );
  }));
  const defs = [...kinds].map(faceSymbol).join('');
  const at = marks.cursor && cellOrigin(marks.cursor);
  const cursor = at
    ? `<rect class="board-cursor" x="${at[0]}" y="${at[1] - 1}" width="${CELL_W - 1}" height="${CELL_H - 1}" rx="7"/>`
    : '';
  svg.innerHTML = `<defs>${defs}</defs><g class="tiles">${parts.join('')}</g><g class="paths"></g>${cursor}`;
}

/** Draws the path through `corners` ([[x, y], ...]) and removes it after `ms`. */
export function flashPath(svg, corners, ms) {
  const layer = svg.querySelector('.paths');
  if (!layer) return Promise.resolve();
  const line = document.createElementNS(NS, 'polyline');
  line.setAttribute('class', 'link-path');
  line.setAttribute('points', corners.map((c) => centre(c).join(',')).join(' '));
  layer.appendChild(line);
  for (const c of [corners[0], corners[corners.length - 1]]) {
    const dot = document.createElementNS(NS, 'circle');
    const [cx, cy] = centre(c);
    dot.setAttribute('cx', cx);
    dot.setAttribute('cy', cy);
    dot.setAttribute('r', 6);
    dot.setAttribute('class', 'link-end');
    layer.appendChild(dot);
  }
  return new Promise((resolve) => setTimeout(() => { layer.replaceChildren(); resolve(); }, ms));
}

/** Fades out the tiles at the given points (before the board is redrawn). */
export function fadeTiles(svg, points) {
  for (const [x, y] of points) {
    const tile = svg.querySelector(`.tile[data-x="${x}"][data-y="${y}"]`);
    if (tile) tile.classList.add('vanishing');
  }
}

/** The [x, y] of the tile an event happened on, or null. */
export function tileOf(event) {
  const tile = event.target.closest && event.target.closest('.tile');
  return tile ? [Number(tile.dataset.x), Number(tile.dataset.y)] : null;
}

export { faceName };
