// A game's move list beside the board, numbered in pairs (1. first second, 2. …), each move a
// button that shows the position after it; written once for the games that keep a record
// (Xiangqi's 棋谱, Gomoku's moves).

/**
 * Fills `list` (an <ol class="move-list">) with `moves`, each `{ number, first, label, classes,
 * title }`: its move number, whether it is the first player's move of its pair, its text, extra
 * classes and a tooltip. `current` is the ply shown (1 = after the first move, 0 = the start),
 * `onPick(ply)` is called on a click, `empty` is shown when there are no moves. The list scrolls
 * itself to the current move, never the page (on a phone the board stays in view).
 */
export function renderMoveList(list, moves, { current, onPick, empty }) {
  list.replaceChildren();
  if (!moves.length) {
    const none = document.createElement('li');
    none.innerHTML = '<span class="empty"></span>';
    none.firstChild.textContent = empty;
    list.append(none);
    return;
  }
  let row = null;
  moves.forEach((move, index) => {
    const ply = index + 1;
    if (!row || move.first) {
      row = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${move.number}.`;
      row.append(num);
      if (!move.first) row.append(document.createElement('span'));
      list.append(row);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = ['mv', ...(move.classes || []), ply === current ? 'current' : ''].filter(Boolean).join(' ');
    button.dataset.ply = String(ply);
    button.textContent = move.label;
    if (move.title) button.title = move.title;
    if (ply === current) button.setAttribute('aria-current', 'step');
    button.addEventListener('click', () => onPick(ply));
    row.append(button);
  });
  const active = list.querySelector('.mv.current');
  if (active) {
    const top = active.offsetTop; // the list is positioned, so this is within it
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + active.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + active.offsetHeight - list.clientHeight;
    }
  }
}
