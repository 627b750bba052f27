// Plays a board of cells from the keyboard, the same way on every puzzle page: the board (given
// tabindex="0") keeps a cursor cell; the arrow keys move it, Home/End jump to the row's ends,
// Enter or Space act on it as a click would, Escape cancels. The cursor stays where it was after
// a move (the board element keeps the focus while its drawing is replaced), and what stands under
// it is written to an aria-live element for screen readers.
//
// Cells are {x, y} as the board is drawn: x to the right, y downwards from the top-left cell.

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Attaches the keyboard to `board`. Options:
 * - `size()`: {cols, rows} of the board now, or null while there is none;
 * - `activate(cell)`: Enter/Space on the cursor's cell;
 * - `cancel()`: Escape (optional);
 * - `redraw()`: draws the board again, the page reading `keys.cell` to show the cursor;
 * - `describe(cell)`: the text read out for a cell; `live`: the element it is written to.
 * Returns `{ cell }`: the cursor, or null while the board does not have the focus.
 */
export function gridKeys(board, { size, activate, cancel = () => {}, redraw, describe, live }) {
  const keys = { cell: null };
  let last = { x: 0, y: 0 };

  const clamp = (cell, dims) => ({
    x: Math.max(0, Math.min(dims.cols - 1, cell.x)),
    y: Math.max(0, Math.min(dims.rows - 1, cell.y)),
  });
  const moveTo = (cell) => {
    keys.cell = cell;
    last = cell;
    live.textContent = describe(cell);
    redraw();
  };

  // Focus from the keyboard shows the cursor at once; focus from a click does not redraw (that
  // would replace the element under the pointer and lose the click): the first key shows it.
  board.addEventListener('focus', () => {
    const dims = size();
    if (dims && board.matches(':focus-visible')) moveTo(clamp(last, dims));
  });
  board.addEventListener('blur', () => {
    if (!keys.cell) return;
    keys.cell = null;
    redraw();
  });
  board.addEventListener('keydown', (event) => {
    const dims = size();
    if (!dims) return;
    if (!keys.cell) {
      // The cursor was not shown yet (the focus came from a click): it appears where it last
      // was, and an arrow key moves it from there; Enter only shows it.
      if (!STEPS[event.key] && !['Home', 'End', 'Enter', ' '].includes(event.key)) return;
      keys.cell = clamp(last, dims);
      if (!STEPS[event.key] && event.key !== 'Home' && event.key !== 'End') {
        event.preventDefault();
        moveTo(keys.cell);
        return;
      }
    }
    const step = STEPS[event.key];
    if (step) {
      moveTo(clamp({ x: keys.cell.x + step[0], y: keys.cell.y + step[1] }, dims));
    } else if (event.key === 'Home' || event.key === 'End') {
      moveTo({ x: event.key === 'Home' ? 0 : dims.cols - 1, y: keys.cell.y });
    } else if (event.key === 'Enter' || event.key === ' ') {
      activate(keys.cell);
    } else if (event.key === 'Escape') {
      cancel();
    } else {
      return;
    }
    event.preventDefault();
  });
  // A click puts the cursor where the pointer was, so that the keyboard goes on from there.
  keys.follow = (cell) => { if (cell) last = cell; };
  /** Reads the cursor's cell out again (after a move changed what stands there). */
  keys.announce = () => { if (keys.cell) live.textContent = describe(keys.cell); };
  return keys;
}
