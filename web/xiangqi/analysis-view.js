// What the analysis board shows of the engine and of the moves: the lines with their scores, the
// evaluation bar, the arrows' weights, and the variation tree as nested lines.

import { t } from '/js/i18n.js';

const other = (side) => (side === 'red' ? 'black' : 'red');

/** A score in pawns with its sign ("+0.35"). */
const pawns = (centipawns) => (centipawns > 0 ? '+' : centipawns < 0 ? '−' : '') + (Math.abs(centipawns) / 100).toFixed(2);

/** A line's score, from Red's view or the side to move's: a mate names who mates and in how many
 * moves. */
export function scoreText(line, sideToMove, view = 'red') {
  if (line.mate_in != null) {
    const winner = line.mate_in > 0 ? sideToMove : other(sideToMove);
    return t('xa.mate', { side: t(`xq.${winner}`), n: Math.abs(line.mate_in) });
  }
  return pawns(view === 'red' ? line.score_red : line.score);
}

/** Red's share of the evaluation bar, 0..1: a logistic of Red's score (400 cp ≈ 73%), a mate
 * all or nothing. */
export function redShare(line, sideToMove) {
  if (!line) return 0.5;
  if (line.mate_in != null) return (line.mate_in > 0) === (sideToMove === 'red') ? 1 : 0;
  return 1 / (1 + Math.exp(-line.score_red / 400));
}

/** The lines as arrows: the best at full weight, the others lighter the more they lose
 * (nothing left at three pawns behind). */
export function arrowsOf(lines) {
  if (!lines.length || !lines[0].pv.length) return [];
  const best = lines[0].mate_in != null ? 3000 : lines[0].score;
  return lines.filter((line) => line.pv.length).map((line, index) => {
    const score = line.mate_in != null ? Math.sign(line.mate_in) * 3000 : line.score;
    const weight = index === 0 ? 1 : Math.max(0.1, 1 - (best - score) / 300);
    return { move: line.pv[0], weight, rank: index + 1 };
  });
}

/** Fills the evaluation bar from the best line (`flipped`: Black at the bottom). */
export function renderEvalBar({ bar, fill, text }, line, sideToMove, flipped) {
  const share = redShare(line, sideToMove);
  fill.style.height = `${((flipped ? 1 - share : share) * 100).toFixed(1)}%`;
  fill.classList.toggle('black', flipped);
  bar.classList.toggle('flipped', flipped);
  bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
  const words = line ? scoreText(line, sideToMove) : '';
  text.textContent = words;
  bar.setAttribute('aria-valuetext', line ? t('xa.score_red', { score: words }) : t('xa.no_score'));
}

/** Fills the list of lines; a click on a line plays its first move (`onPlay(iccs)`). */
export function renderLines(list, lines, { notation, sideToMove, onPlay }) {
  list.replaceChildren();
  for (const line of lines) {
    const item = document.createElement('li');
    item.className = 'xa-line';
    item.dataset.multipv = line.multipv;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'xa-line-play';
    button.dataset.move = line.pv[0] || '';
    const score = document.createElement('b');
    score.className = `xa-score ${line.score_red >= 0 ? 'red' : 'black'}`;
    score.textContent = scoreText(line, sideToMove);
    score.title = `${t('xa.score_red', { score: scoreText(line, sideToMove, 'red') })} · ${t('xa.score_side', { score: scoreText(line, sideToMove, 'side') })}`;
    const moves = document.createElement('span');
    moves.className = 'xa-pv';
    const written = notation === 'iccs' ? line.pv : line[notation];
    moves.textContent = (written && written.length ? written : line.pv).join(' ');
    const depth = document.createElement('small');
    depth.textContent = t('xa.depth', { depth: line.depth });
    button.append(score, moves, depth);
    button.setAttribute('aria-label', t('xa.play_line', { score: score.textContent, moves: moves.textContent }));
    button.addEventListener('click', () => { if (line.pv[0]) onPlay(line.pv[0]); });
    item.append(button);
    list.append(item);
  }
}

/** The summary above the lines: the best line's scores in both views, depth, speed, time. */
export function linesSummary(lines, millis, sideToMove) {
  if (!lines.length) return '';
  const best = lines[0];
  return t('xa.summary', {
    red: scoreText(best, sideToMove, 'red'),
    side: scoreText(best, sideToMove, 'side'),
    depth: best.depth,
    seldepth: best.seldepth,
    nps: best.nps >= 1e6 ? `${(best.nps / 1e6).toFixed(2)} M` : `${Math.round(best.nps / 1000)} k`,
    seconds: (millis / 1000).toFixed(1),
  });
}

/** Fills `box` with the tree: the main line as numbered moves, each fork's side lines nested
 * after the main move in brackets; `onPick(node)` on a click. */
export function renderTree(box, tree, current, { notation, onPick }) {
  box.replaceChildren();
  if (!tree.root.children.length) {
    const empty = document.createElement('p');
    empty.className = 'xa-empty';
    empty.textContent = t('xq.no_moves');
    box.append(empty);
    return;
  }
  const moveButton = (n, withNumber) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `xa-move ${n.move.side}${n === current ? ' current' : ''}`;
    button.dataset.node = n.id;
    const number = withNumber || n.move.side === 'red' ? `${n.move.number}.${n.move.side === 'black' ? '…' : ''}` : '';
    button.textContent = `${number}${number ? ' ' : ''}${n.move[notation] || n.move.iccs}`;
    if (n === current) button.setAttribute('aria-current', 'true');
    button.addEventListener('click', () => onPick(n));
    return button;
  };
  // A line: `first` and its main continuation; after a move that has alternatives (its later
  // siblings), those side lines, nested, and the move number again.
  const line = (first, into, depth) => {
    let numbered = true;
    for (let n = first; n; n = n.children[0] || null) {
      into.append(moveButton(n, numbered));
      numbered = false;
      const siblings = n.parent.children;
      if (siblings[0] !== n || siblings.length < 2) continue;
      for (const side of siblings.slice(1)) {
        const nested = document.createElement('span');
        nested.className = 'xa-variation';
        nested.dataset.depth = depth + 1;
        line(side, nested, depth + 1);
        into.append(nested);
      }
      numbered = true;
    }
  };
  const main = document.createElement('div');
  main.className = 'xa-mainline';
  line(tree.root.children[0], main, 0);
  box.append(main);
}
