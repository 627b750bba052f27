// The move list (棋谱) beside the board, numbered in pairs, in the chosen notation; a click on a
// move shows the position after it (the list itself: /js/move-list.js).

import { t } from '/js/i18n.js';
import { renderMoveList } from '/js/move-list.js';

/** Fills the list: moves from the server's view, current = the ply shown (0 = start); `grades`
 * (per move, from the game review: {grade, loss, better} or null) marks the moves. */
export function renderRecord(list, moves, { notation, current, onPick, grades = [] }) {
  const items = moves.map((move, index) => {
    const graded = grades[index];
    const marked = graded && graded.grade !== 'good';
    return {
      number: move.number,
      first: move.side === 'red',
      label: move[notation] || move.iccs,
      classes: [move.side, move.check ? 'check' : '', marked ? `q-${graded.grade}` : ''].filter(Boolean),
      title: marked ? t(`xq.review.grade.${graded.grade}`) : '',
    };
  });
  renderMoveList(list, items, { current, onPick, empty: t('xq.no_moves') });
}
