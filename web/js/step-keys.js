// ← and → step through a record, a replay or a demo, the same way on every page: outside text
// fields and off the board (where the arrows move the board's cursor), with no modifier key.

/**
 * Calls `step(-1)` / `step(1)` for ← / → while `active()` holds. `board` is the element whose
 * own arrow keys are left alone.
 */
export function stepWithArrows({ active, step, board = null }) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.altKey || event.ctrlKey || event.metaKey || !active()) return;
    const target = event.target;
    if (board && (target === board || board.contains(target))) return;
    if (target.closest && target.closest('input, textarea, select')) return;
    event.preventDefault();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  });
}
