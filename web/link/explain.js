// "How it works" for Lianliankan: the path search from a chosen tile, shown layer by layer as the
// server's search finds it (cells reached straight, after one turn, after two), then, for a second
// tile, the path to it; beside the pseudo-code with the running line highlighted. What is shown is
// kept in `state` and painted again after every redraw of the board.

import { createPseudocode } from '/js/pseudocode.js';
import { CELL_W, CELL_H, cellOrigin, centre } from './board.js';

const NS = 'http://www.w3.org/2000/svg';

/** The pseudo-code lines, as string keys; one per step of the animation. */
const LINES = ['link.explain.code1', 'link.explain.code2', 'link.explain.code3', 'link.explain.code4'];

/** How long each layer stays before the next appears. */
const STEP_MS = 700;

/**
 * The view over `svg` (the board) and `code` (the pseudo-code list). `show(layers, tile, matches,
 * onStep)` animates one search, `showPath(corners)` draws the path to a second tile, `paint()`
 * draws the current state again (after the board was redrawn), `clear()` removes it all.
 */
export function createReachView(svg, code) {
  const pseudo = createPseudocode(code, LINES);
  let timers = [];
  // {layers, tile, matches, steps (shown so far, 0-4), path} or null.
  let state = null;

  function rect(group, point, turns) {
    const cell = document.createElementNS(NS, 'rect');
    const [x, y] = cellOrigin(point);
    for (const [k, v] of Object.entries({ x: x + 3, y: y + 3, width: CELL_W - 6, height: CELL_H - 6, rx: 5 })) {
      cell.setAttribute(k, v);
    }
    cell.setAttribute('class', `reach-cell turn-${turns}`);
    group.appendChild(cell);
  }

  const tileAt = ([x, y]) => svg.querySelector(`.tile[data-x="${x}"][data-y="${y}"]`);

  function unpaint() {
    svg.querySelector('.reach')?.remove();
    svg.querySelector('.reach-path')?.remove();
    for (const tile of svg.querySelectorAll('.tile.reached, .tile.joinable, .tile.origin')) {
      tile.classList.remove('reached', 'joinable', 'origin');
    }
  }

  function paint() {
    unpaint();
    if (!state || state.steps === 0) return;
    const group = document.createElementNS(NS, 'g');
    group.setAttribute('class', 'reach');
    svg.insertBefore(group, svg.querySelector('.tiles'));
    tileAt(state.tile)?.classList.add('origin');
    for (let turns = 0; turns < Math.min(3, state.steps); turns++) {
      for (const cell of state.layers.cells[turns]) rect(group, cell, turns);
    }
    if (state.steps >= 4) {
      for (const point of state.layers.tiles) {
        tileAt(point)?.classList.add(state.matches(point) ? 'joinable' : 'reached');
      }
    }
    if (state.path) {
      const line = document.createElementNS(NS, 'polyline');
      line.setAttribute('class', 'link-path reach-path');
      line.setAttribute('points', state.path.map((c) => centre(c).join(',')).join(' '));
      svg.appendChild(line);
    }
  }

  function clear() {
    for (const id of timers) clearTimeout(id);
    timers = [];
    state = null;
    unpaint();
    pseudo.highlight(-1);
  }

  /**
   * Animates the search from `tile` whose layers are `layers` ({cells: [[..], [..], [..]], tiles});
   * `matches(point)` says whether a reached tile has the same face. `onStep(i)` is told each step.
   */
  function show(layers, tile, matches, onStep) {
    clear();
    state = { layers, tile, matches, steps: 0, path: null };
    for (let i = 0; i < LINES.length; i++) {
      timers.push(setTimeout(() => {
        state.steps = i + 1;
        pseudo.highlight(i);
        paint();
        onStep(i);
      }, i * STEP_MS));
    }
  }

  /** Draws the path (corners [[x, y], ...]) from the search's tile to a second one, and keeps it. */
  function showPath(corners) {
    if (!state) return;
    state.path = corners;
    paint();
  }

  return { show, clear, showPath, paint };
}
