// The knight's tour page: choose a board and a start square, move by clicking a highlighted
// square, undo, hint, auto-solve with a speed control, the timer and the leaderboard.

import '/js/shell.js';
import { applyTranslations, errorText, registerStrings, t } from '/js/i18n.js';
import { ApiError } from '/js/api.js';
import { STRINGS } from './strings.js';
import { drawBoard } from './board.js';
import { createAutoplay } from './autoplay.js';
import { createPseudocode } from '/js/pseudocode.js';
import { Clock, formatTime, showTimer } from '/js/timer.js';
import { showLeaderboard } from '/js/leaderboard.js';
import { createWatcher } from '/js/watch.js';
import { oneAtATime } from '/js/in-flight.js';
import { gridKeys } from '/js/grid-keys.js';
import { stepWithArrows } from '/js/step-keys.js';
import { rememberGame, resumeGame } from '/js/remember.js';
import * as server from './game-api.js';

registerStrings(STRINGS);
// The shell translated the page before these strings existed: translate it again.
applyTranslations();

const STORAGE_KEY = 'qipan.knight.game';
const $ = (id) => document.getElementById(id);
const svg = $('board');

let game = null; // the server's view of the game, null while choosing a start square
let hintSquare = null;
let solver = null; // the auto-solve animation, while it is shown
const clock = new Clock();
let message = { key: null, params: {}, kind: '' };

function say(key, params = {}, kind = '') {
  message = { key, params, kind };
  const status = $('status');
  status.textContent = key ? t(key, params) : '';
  status.className = `status ${kind}`;
}

function explain(err) {
  if (!(err instanceof ApiError)) throw err;
  message = { key: null };
  $('status').textContent = errorText(err);
  $('status').className = 'status error';
}

/** The board size chosen in the controls, clamped to 3..30. */
function chosenSize() {
  const value = $('size').value;
  $('custom-size').hidden = value !== 'custom';
  const clamp = (n) => Math.min(30, Math.max(3, Math.round(Number(n)) || 8));
  if (value === 'custom') return [clamp($('cols').value), clamp($('rows').value)];
  return value.split('x').map(Number);
}

function redraw() {
  if (solver) return;
  const cursor = keys.cell ? squareOfCell(keys.cell) : null;
  if (!game) {
    const [cols, rows] = chosenSize();
    drawBoard(svg, { cols, rows, cursor });
    svg.classList.add('choosing');
    return;
  }
  svg.classList.remove('choosing');
  drawBoard(svg, { cols: game.cols, rows: game.rows, trail: game.trail, reachable: game.reachable, hint: hintSquare, cursor });
}

/** The board's size now: the game's, or the one chosen while picking a start square. */
function boardSize() {
  const [cols, rows] = game ? [game.cols, game.rows] : chosenSize();
  return { cols, rows };
}

/** The square ([x, y], y from the bottom) of a keyboard cell (y from the top). */
function squareOfCell({ x, y }) {
  return [x, boardSize().rows - 1 - y];
}

/** What the keyboard's cursor stands on, read out. */
function describeCell(cell) {
  const [x, y] = squareOfCell(cell);
  const where = { col: x + 1, row: y + 1 };
  if (!game) return t('knight.cursor_start', where);
  const step = game.trail.findIndex(([a, b]) => a === x && b === y);
  if (step === game.trail.length - 1) return t('knight.cursor_knight', { ...where, step: step + 1 });
  if (step >= 0) return t('knight.cursor_visited', { ...where, step: step + 1 });
  if (game.reachable.some(([a, b]) => a === x && b === y)) return t('knight.cursor_reachable', where);
  return t('knight.cursor_empty', where);
}

const keys = gridKeys(svg, {
  size: () => (solver ? null : boardSize()),
  activate: (cell) => playSquare(squareOfCell(cell)),
  redraw,
  describe: describeCell,
  live: $('board-cursor'),
});

function describe() {
  const total = game.cols * game.rows;
  const params = { visited: game.trail.length, total, time: formatTime(game.time_ms ?? 0), hints: game.hints };
  if (game.status === 'ongoing' && game.trail.length === total) say('knight.not_closed', params, 'error');
  else if (game.status === 'finished') say(game.entered ? 'knight.entered' : game.assisted ? 'knight.finished_assisted' : 'knight.finished', params, 'ok');
  else if (!game.reachable.length) say('knight.dead_end', params, 'error');
  else say('knight.your_turn', params);
}

// Another tab (or device) changed this game: show the saved game as it is now.
const watcher = createWatcher();
const watching = {
  current: () => (game ? game.revision : -1),
  onChange: (revision) => run(async () => {
    if (revision === null || !game) return;
    hintSquare = null;
    setGame(await server.loadGame(game.id));
  }),
};

function setGame(view) {
  game = view;
  watcher.follow(view.id, watching);
  rememberGame(STORAGE_KEY, view.id);
  clock.set(view.elapsed_ms, view.status === 'ongoing');
  $('closed').checked = view.closed;
  const preset = `${view.cols}x${view.rows}`;
  const known = [...$('size').options].some((o) => o.value === preset);
  $('size').value = known ? preset : 'custom';
  $('cols').value = view.cols;
  $('rows').value = view.rows;
  chosenSize();
  $('lb-form').hidden = !(view.status === 'finished' && !view.entered && !view.assisted);
  // Undo and Hint only where they can work: not on a finished tour, nor undo on the first square.
  $('undo').disabled = view.status !== 'ongoing' || view.trail.length <= 1;
  $('hint').disabled = view.status !== 'ongoing';
  describe();
  redraw();
  keys.announce();
}

/** A player's action: one at a time, clicks while one is in flight are ignored. */
const act = oneAtATime((action) => run(action));

async function run(action) {
  try {
    await action();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'stale' && game) {
      setGame(await server.loadGame(game.id));
      say('knight.stale', {}, 'error');
      return;
    }
    explain(err);
  }
}

function chooseStart() {
  stopSolver();
  game = null;
  watcher.follow(null);
  hintSquare = null;
  clock.set(0, false);
  $('lb-form').hidden = true;
  $('undo').disabled = true;
  $('hint').disabled = true;
  say('knight.pick_start');
  redraw();
  refreshLeaderboard();
}

/** The leaderboard variant of a board, as the server names it: `8x8` or `8x8-closed`. */
const variantOf = (cols, rows, closed) => `${cols}x${rows}${closed ? '-closed' : ''}`;

/** The knight's leaderboard shows times. */
const TABLE = { value: (entry) => formatTime(entry.time_ms ?? 0), emptyKey: 'knight.no_entries' };

function currentVariant() {
  if (game) return variantOf(game.cols, game.rows, game.closed);
  const [cols, rows] = chosenSize();
  return variantOf(cols, rows, $('closed').checked);
}

function refreshLeaderboard() {
  const variant = currentVariant();
  $('lb-variant').textContent = variant.replace('x', ' × ').replace('-closed', ` · ${t('knight.closed_short')}`);
  showLeaderboard($('lb-rows'), 'knight', variant, TABLE).catch(explain);
}

/** The square under a pointer event (from its position: the board may be redrawn mid-click). */
function squareAt(event, cols, rows) {
  const box = svg.getBoundingClientRect();
  const x = Math.floor(((event.clientX - box.left) / box.width) * cols);
  const y = rows - 1 - Math.floor(((event.clientY - box.top) / box.height) * rows);
  return x >= 0 && y >= 0 && x < cols && y < rows ? [x, y] : null;
}

svg.addEventListener('click', (event) => {
  const { cols, rows } = boardSize();
  const square = squareAt(event, cols, rows);
  if (!square) return;
  keys.follow({ x: square[0], y: rows - 1 - square[1] });
  playSquare(square);
});

/** A click or Enter on a square: the start square while choosing, else a move there. */
function playSquare(square) {
  if (solver) return;
  const { cols, rows } = boardSize();
  if (!game) {
    act(async () => {
      setGame(await server.newGame(cols, rows, square, $('closed').checked));
      refreshLeaderboard();
    });
  } else if (game.status === 'ongoing' && game.reachable.some(([x, y]) => x === square[0] && y === square[1])) {
    act(async () => {
      const view = await server.move(game, square);
      hintSquare = null;
      setGame(view);
      if (view.status === 'finished') refreshLeaderboard();
    });
  }
}

$('undo').addEventListener('click', () => act(async () => {
  if (!game) return;
  hintSquare = null;
  setGame(await server.undo(game));
}));
$('hint').addEventListener('click', () => act(async () => {
  if (!game) return say('knight.pick_start');
  say('knight.thinking');
  const answer = await server.hint(game);
  hintSquare = answer.hint.kind === 'next' ? answer.hint.square : null;
  setGame(answer.game);
  say(`knight.hint_${answer.hint.kind}`, {}, answer.hint.kind === 'stuck' ? 'error' : '');
}));
$('new-board').addEventListener('click', chooseStart);
for (const id of ['size', 'closed']) $(id).addEventListener('change', chooseStart);
// Live while typing: a 'change' on blur would redraw the board under the click that caused it.
for (const id of ['cols', 'rows']) $(id).addEventListener('input', chooseStart);

// Auto-solve: a whole tour from the current start square, animated, with Warnsdorff's degrees of
// the next move's candidates and the rule's pseudo-code.
const JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const solveCode = createPseudocode($('solve-code'), [
  'knight.code1', 'knight.code2', 'knight.code3', 'knight.code4', 'knight.code5',
]);

/** The unvisited squares a knight's move from `from`. */
function onward(from, visited, cols, rows) {
  return JUMPS.map(([dx, dy]) => [from[0] + dx, from[1] + dy])
    .filter(([x, y]) => x >= 0 && y >= 0 && x < cols && y < rows && !visited.has(`${x},${y}`));
}

/** Each candidate of the move after `shown` with its degree (onward moves), the next one marked. */
function warnsdorff(shown, next, cols, rows) {
  const visited = new Set(shown.map(([x, y]) => `${x},${y}`));
  const last = shown[shown.length - 1];
  return onward(last, visited, cols, rows).map((square) => {
    visited.add(`${square[0]},${square[1]}`);
    const degree = onward(square, visited, cols, rows).length;
    visited.delete(`${square[0]},${square[1]}`);
    const chosen = Boolean(next) && next[0] === square[0] && next[1] === square[1];
    return { square, degree, chosen };
  });
}

/** Draws the tour shown so far, the next move's candidates and the running line of the rule. */
function renderSolve(path, shown, cols, rows) {
  const done = shown.length >= path.length;
  const degrees = done ? [] : warnsdorff(shown, path[shown.length], cols, rows);
  drawBoard(svg, { cols, rows, trail: shown, degrees });
  $('solve-info').textContent = t('knight.solve_step', { step: shown.length, total: path.length });
  if (done) {
    solveCode.highlight(4);
    $('solve-degrees').textContent = '';
    return;
  }
  solveCode.highlight(shown.length === 1 ? 0 : 1);
  const smallest = Math.min(...degrees.map((d) => d.degree));
  const taken = degrees.find((d) => d.chosen);
  $('solve-degrees').textContent = t(taken && taken.degree === smallest ? 'knight.degrees_rule' : 'knight.degrees_other', {
    n: degrees.length, smallest, taken: taken ? taken.degree : '–',
  });
}

function stepSolver(delta) {
  if (!solver) return;
  solver.step(delta);
  $('solve-play').textContent = t(solver.finished ? 'knight.solve_play' : 'knight.solve_resume');
}
$('solve-back').addEventListener('click', () => stepSolver(-1));
$('solve-forward').addEventListener('click', () => stepSolver(1));
stepWithArrows({ active: () => Boolean(solver), step: stepSolver, board: svg });
function stopSolver() {
  if (!solver) return;
  solver.pause();
  solver = null;
  $('solve-play').textContent = t('knight.solve_play');
  $('solve-info').textContent = '';
  $('solve-degrees').textContent = '';
  solveCode.highlight(-1);
  redraw();
}

$('solve-play').addEventListener('click', () => run(async () => {
  if (solver) {
    if (solver.playing) { solver.pause(); $('solve-play').textContent = t('knight.solve_resume'); }
    else if (!solver.finished) { solver.play(); $('solve-play').textContent = t('knight.solve_pause'); }
    return;
  }
  if (!game) return say('knight.pick_start');
  const { cols, rows, closed } = game;
  $('solve-info').textContent = t('knight.thinking');
  const answer = await server.solve(game)
    .finally(() => { $('solve-info').textContent = ''; });
  const { path } = answer;
  game = answer.game;
  $('lb-form').hidden = true;
  solver = createAutoplay(path, {
    speed: () => Number($('solve-speed').value),
    render: (shown) => renderSolve(path, shown, cols, rows),
    onEnd: () => {
      $('solve-info').textContent = t('knight.solve_done', { total: path.length });
      $('solve-play').textContent = t('knight.solve_play');
    },
  });
  $('solve-play').textContent = t('knight.solve_pause');
  solver.play();
}));
$('solve-stop').addEventListener('click', stopSolver);

// The leaderboard entry, after a tour the server has verified.
$('lb-form').addEventListener('submit', (event) => {
  event.preventDefault();
  run(async () => {
    setGame(await server.enterLeaderboard(game, $('lb-name').value));
    refreshLeaderboard();
  });
});

// The timer, counted locally from the server's elapsed time.
showTimer($('timer'), () => (game ? clock.read() : 0));

window.addEventListener('qipan:language', () => {
  if (message.key) say(message.key, message.params, message.kind);
  if (!solver) $('solve-play').textContent = t('knight.solve_play');
  refreshLeaderboard();
});

// Resume the last game, or wait for a start square.
(async () => {
  $('solve-play').textContent = t('knight.solve_play');
  const { view, missing } = await resumeGame(STORAGE_KEY, server.loadGame);
  if (!view) {
    chooseStart();
    if (missing) say('error.game_not_found', { id: missing }, 'error');
    return;
  }
  setGame(view);
  refreshLeaderboard();
})();
