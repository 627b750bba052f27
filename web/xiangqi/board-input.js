// How a player moves on the Xiangqi board, the same on every page that has one: a short press
// is a click, a press that moves drags the piece; from the keyboard the arrows move a cursor over
// the points (as the board is shown), Enter or Space acts on the point as a click does, Escape
// drops the selection, and the cursor is read out.

import { t } from '/js/i18n.js';
import { parseFen, pointAt, stepSquare, svgPoint } from './board.js';

/**
 * Listens on `svg`. The page says:
 * - `fen()`, `flipped()`: what is shown;
 * - `canDrag(sq)`: whether a press on `sq` may pick its piece up (one of the mover's, when the
 *   page lets a move be made);
 * - `onPoint(sq)`: a click (or Enter) on a point, `null` off the board;
 * - `onDrop(from, to)`: a piece dragged to another point;
 * - `onLift(sq)`: a dragged piece left its point (the page selects it);
 * - `onEscape()`: the keyboard dropped the selection;
 * - `cursorStart()`: where the cursor starts when the board gets the focus;
 * - `redraw()`; `announcer`: the element that reads the cursor out.
 * The returned object has `drag` ({from, x, y} while a piece is dragged) and `cursor` for
 * drawing.
 */
export function attachBoardInput(svg, page) {
  const input = { drag: null, cursor: null };
  let press = null; // {from, start: {x, y}, x, y, moving}

  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const sq = pointAt(svg, event, page.flipped());
    if (sq && page.canDrag(sq)) {
      const p = svgPoint(svg, event);
      press = { from: sq, start: p, x: p.x, y: p.y, moving: false };
      svg.setPointerCapture(event.pointerId);
    } else {
      press = null;
    }
  });
  svg.addEventListener('pointermove', (event) => {
    if (!press) return;
    const p = svgPoint(svg, event);
    press.x = p.x; press.y = p.y;
    if (!press.moving && Math.hypot(p.x - press.start.x, p.y - press.start.y) > 12) {
      press.moving = true;
      page.onLift(press.from);
    }
    if (press.moving) { input.drag = press; page.redraw(); }
  });
  svg.addEventListener('pointerup', (event) => {
    const sq = pointAt(svg, event, page.flipped());
    const was = press;
    press = null;
    input.drag = null;
    if (was && was.moving) {
      if (sq && sq !== was.from) page.onDrop(was.from, sq);
      else { page.onLift(was.from); page.redraw(); }
      return;
    }
    page.onPoint(sq);
  });
  svg.addEventListener('pointercancel', () => { press = null; input.drag = null; page.redraw(); });

  const announce = () => {
    const letter = parseFen(page.fen()).get(input.cursor);
    page.announcer.textContent = letter
      ? t('xq.cursor_at', { square: input.cursor, piece: t(`piece.${letter}`) })
      : t('xq.cursor_empty', { square: input.cursor });
  };
  svg.addEventListener('focus', () => {
    input.cursor = input.cursor || page.cursorStart() || 'e0';
    announce();
    page.redraw();
  });
  svg.addEventListener('blur', () => { input.cursor = null; page.redraw(); });
  svg.addEventListener('keydown', (event) => {
    if (!input.cursor) return;
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[event.key]) {
      const [dx, dy] = steps[event.key];
      input.cursor = stepSquare(input.cursor, dx, dy, page.flipped());
      announce();
      page.redraw();
    } else if (event.key === 'Enter' || event.key === ' ') {
      page.onPoint(input.cursor);
    } else if (event.key === 'Escape') {
      page.onEscape();
    } else {
      return;
    }
    event.preventDefault();
  });
  return input;
}

/** Whether the piece on `sq` of `fen` belongs to `side` ('red' | 'black'). */
export function ownPiece(fen, sq, side) {
  const letter = sq && parseFen(fen).get(sq);
  return Boolean(letter) && (letter === letter.toUpperCase()) === (side === 'red');
}

