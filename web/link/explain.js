// "How it works" for Lianliankan: the path search from a chosen tile, shown layer by layer as the
// server's search finds it (cells reached straight, after one turn, after two), beside its
// pseudo-code with the running line highlighted.

import { createPseudocode } from '/js/pseudocode.js';
import { CELL_W, CELL_H } from './board.js';

const NS = 'http://www.w3.org/2000/svg';

/** The pseudo-code lines, as string keys; one per step of the animation. */
const LINES = ['link.explain.code1', 'link.explain.code2', 'link.explain.code3', 'link.explain.code4'];

/** How long each layer stays before the next appears. */
const STEP_MS = 700;

/**
 * The view over `svg` (the board) and `code` (the pseudo-code list). `show(layers, tile, kindAt)`
 * animates one search; `clear()` removes what it drew.
 */
export function createReachView(svg, code) {
  const pseudo = createPseudocode(code, LINES);
  let timers = [];

  function clear() {
    for (const id of timers) clearTimeout(id);
    timers = [];
    svg.querySelector('.reach')?.remove();
    for (const tile of svg.querySelectorAll('.tile.reached, .tile.joinable, .tile.origin')) {
      tile.classList.remove('reached', 'joinable', 'origin');
    }
    pseudo.highlight(-1);
  }

  function layerGroup() {
    let group = svg.querySelector('.reach');
    if (!group) {
      group = document.createElementNS(NS, 'g');
      group.setAttribute('class', 'reach');
      svg.insertBefore(group, svg.querySelector('.tiles'));
    }
    return group;
  }

  function drawCells(cells, turns) {
    const group = layerGroup();
    for (const [x, y] of cells) {
      const rect = document.createElementNS(NS, 'rect');
      rect.setAttribute('x', x * CELL_W + 3);
      rect.setAttribute('y', y * CELL_H + 3);
      rect.setAttribute('width', CELL_W - 6);
      rect.setAttribute('height', CELL_H - 6);
      rect.setAttribute('rx', 5);
      rect.setAttribute('class', `reach-cell turn-${turns}`);
      rect.dataset.turns = String(turns);
      group.appendChild(rect);
    }
  }

  function tileAt([x, y]) {
    return svg.querySelector(`.tile[data-x="${x}"][data-y="${y}"]`);
  }

  /**
   * Animates the search from `tile` whose layers are `layers` ({cells: [[..], [..], [..]], tiles});
   * `matches(point)` says whether a reached tile has the same face. `onStep(i)` is told each step.
   */
  function show(layers, tile, matches, onStep) {
    clear();
    const steps = [0, 1, 2].map((turns) => () => {
      if (turns === 0) tileAt(tile)?.classList.add('origin');
      drawCells(layers.cells[turns], turns);
    });
    steps.push(() => {
      for (const point of layers.tiles) {
        tileAt(point)?.classList.add(matches(point) ? 'joinable' : 'reached');
      }
    });
    steps.forEach((step, i) => {
      timers.push(setTimeout(() => { pseudo.highlight(i); step(); onStep(i); }, i * STEP_MS));
    });
  }

  return { show, clear };
}
