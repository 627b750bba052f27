// The move list (棋谱) beside the board, numbered in pairs, in the chosen notation; a click on a
// move shows the position after it.

import { t } from '/js/i18n.js';

/** Fills the list: moves from the server's view, current = the ply shown (0 = start); `grades`
 * (per move, from the game review: {grade, loss, better} or null) marks the moves. */
export function renderRecord(list, moves, { notation, current, onPick, grades = [] }) {
  list.replaceChildren();
  if (!moves.length) {
    const empty = document.createElement('li');
    empty.innerHTML = `<span class="empty">${t('xq.no_moves')}</span>`;
    list.append(empty);
    return;
  }
  let row = null;
  moves.forEach((move, index) => {
    const ply = index + 1;
    if (!row || move.side === 'red') {
      row = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${move.number}.`;
      row.append(num);
      if (move.side === 'black') row.append(document.createElement('span'));
      list.append(row);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `mv ${move.side}${move.check ? ' check' : ''}${ply === current ? ' current' : ''}`;
    button.dataset.ply = String(ply);
    button.textContent = move[notation] || move.iccs;
    const graded = grades[index];
    if (graded && graded.grade !== 'good') {
      button.classList.add(`q-${graded.grade}`);
      button.title = t(`xq.review.grade.${graded.grade}`);
    }
    button.addEventListener('click', () => onPick(ply));
    row.append(button);
  });
  const active = list.querySelector('.mv.current');
  // Scroll the record itself, never the page: on a phone the board must stay in view after a move.
  if (active) {
    const top = active.offsetTop; // the list is positioned, so this is within it
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + active.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + active.offsetHeight - list.clientHeight;
    }
  }
}
