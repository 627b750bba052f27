// Game review (复盘): the engine's evaluation of every position, asked for one position at a
// time so that the progress bar is true, saved with the game by the server; an evaluation graph
// (click a point to see that position), each move classified by what it lost, and each side's
// average loss.
//
// A move's loss is how much the mover's evaluation fell: before it, the engine's score of the
// position (best play); after it, the score of the position it made, both from the mover's side,
// in centipawns, mates counted as ±2000. Thresholds (stated on the page too):
//   好棋 good       loss ≤ 50
//   缓着 slack      51–150
//   失误 mistake    151–400
//   漏着 blunder    > 400

import { t } from '/js/i18n.js';

/** Scores beyond this count as this much (mates, won positions): the graph and losses clamp. */
const CLAMP = 2000;
/** The graph's vertical range, in centipawns either way. */
const GRAPH_RANGE = 1000;
const THRESHOLDS = { good: 50, slack: 150, mistake: 400 };

const NS = 'http://www.w3.org/2000/svg';

/** The review's evaluations when they belong to the game's current moves, else null. */
export function reviewOf(game) {
  const review = game && game.review;
  return review && review.moves === game.moves.length && review.plies.length === game.moves.length + 1 ? review : null;
}

const clamp = (score) => Math.max(-CLAMP, Math.min(CLAMP, score));

/** Per move (index = ply - 1): {loss, grade, better} where both positions are evaluated, else null. */
export function grades(game) {
  const review = reviewOf(game);
  if (!review) return game.moves.map(() => null);
  return game.moves.map((move, index) => {
    const before = review.plies[index];
    const after = review.plies[index + 1];
    if (!before || !after) return null;
    const side = move.side === 'red' ? 1 : -1;
    const loss = Math.max(0, side * clamp(before.score_red) - side * clamp(after.score_red));
    const grade = loss <= THRESHOLDS.good ? 'good' : loss <= THRESHOLDS.slack ? 'slack' : loss <= THRESHOLDS.mistake ? 'mistake' : 'blunder';
    const better = grade !== 'good' && before.best && before.best !== move.iccs ? before.best_chinese : null;
    return { loss, grade, better };
  });
}

/** Each side's average loss and count of each grade, over the graded moves. */
export function summary(game) {
  const out = { red: { loss: 0, n: 0 }, black: { loss: 0, n: 0 } };
  grades(game).forEach((g, index) => {
    if (!g) return;
    const side = out[game.moves[index].side];
    side.loss += g.loss;
    side.n += 1;
    side[g.grade] = (side[g.grade] || 0) + 1;
  });
  return out;
}

/** Draws the evaluation graph into `svg`: one point per position, `current` marked; a click on a
 * point calls `onPick(ply)`. */
export function drawGraph(svg, game, { current, onPick }) {
  const review = reviewOf(game);
  const n = game.moves.length;
  const [W, H] = [360, 120];
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const x = (ply) => (n ? (ply / n) * (W - 12) + 6 : W / 2);
  const y = (score) => H / 2 - (Math.max(-GRAPH_RANGE, Math.min(GRAPH_RANGE, score)) / GRAPH_RANGE) * (H / 2 - 6);
  const el = (name, attrs) => {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    svg.append(node);
    return node;
  };
  el('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'rv-red-half' });
  el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'rv-axis' });
  if (!review) return;
  const points = review.plies.map((p, ply) => (p ? [x(ply), y(p.score_red)] : null));
  const known = points.filter(Boolean);
  if (known.length > 1) el('polyline', { points: known.map((p) => p.join(',')).join(' '), class: 'rv-line' });
  const marks = grades(game);
  review.plies.forEach((p, ply) => {
    if (!p) return;
    const grade = ply > 0 && marks[ply - 1] ? marks[ply - 1].grade : 'good';
    const dot = el('circle', {
      cx: x(ply), cy: y(p.score_red), r: ply === current ? 5 : 3.2,
      class: `rv-dot ${grade}${ply === current ? ' current' : ''}`,
      tabindex: -1, 'data-ply': ply,
    });
    dot.addEventListener('click', () => onPick(ply));
    const title = document.createElementNS(NS, 'title');
    title.textContent = t('xq.review.point', { ply, score: (p.score_red / 100).toFixed(2) });
    dot.append(title);
  });
}

/**
 * Runs the review of `game`: asks the server for each position not yet evaluated, one at a
 * time; `onView(view)` takes each answer (the game with its review so far). Stops when
 * `stopped()` says so (another game shown, the tab hidden). `ask(ply, revision)` calls the API.
 */
export async function runReview(game, { ask, onView, stopped }) {
  let current = game;
  for (let ply = 0; ply <= current.moves.length; ply++) {
    if (stopped()) return current;
    const review = reviewOf(current);
    if (review && review.plies[ply]) continue;
    current = await ask(ply, current.revision);
    onView(current);
  }
  return current;
}

/** How far the review has come: [positions evaluated, positions]. */
export function progress(game) {
  const review = reviewOf(game);
  const total = game.moves.length + 1;
  return [review ? review.plies.filter(Boolean).length : 0, total];
}
