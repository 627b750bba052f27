// The tromino page: a board from the server, the tray, placement by drag or click, undo, hint,
// the divide-and-conquer demo, the timer and the leaderboard.

import '/js/shell.js';
import { applyTranslations, errorText, registerStrings, t } from '/js/i18n.js';
import { ApiError } from '/js/api.js';
import { oneAtATime } from '/js/in-flight.js';
import { gridKeys } from '/js/grid-keys.js';
import { stepWithArrows } from '/js/step-keys.js';
import { STRINGS } from './strings.js';
import { drawBoard, boardPoint, pieceAt } from './board.js';
import { cells, rotate } from './shapes.js';
import { createTray } from './tray.js';
import { PHASE_LINE, createDemo, createTree } from './demo.js';
import { createPseudocode } from '/js/pseudocode.js';
import { Clock, formatTime, showTimer } from '/js/timer.js';
import { showLeaderboard } from '/js/leaderboard.js';
import { createWatcher } from '/js/watch.js';
import { rememberGame, rememberedGame, resumeGame } from '/js/remember.js';
import * as server from './game-api.js';

registerStrings(STRINGS);
// The shell translated the page before these strings existed: translate it again.
applyTranslations();

const STORAGE_KEY = 'qipan.tromino.game';
const $ = (id) => document.getElementById(id);
const svg = $('board');

let game = null; // the server's view of the game
let mode = 'play'; // 'play' | 'choose' | 'demo'
let ghost = null; // {piece, ok}
let hintPiece = null;
let demo = null;
const clock = new Clock();
let message = { key: null, params: {}, kind: '' };

const tray = createTray($('tray'), {
  onSelect: () => redraw(),
  onDrag: (shape, event, phase) => {
    if (mode !== 'play' || !game) return;
    const point = boardPoint(svg, event, game.size);
    ghost = point ? { piece: pieceAt(point, shape), ok: true } : null;
    if (ghost) ghost.ok = localProblem(ghost.piece) === null;
    if (phase === 'drop') {
      const piece = ghost && ghost.piece;
      ghost = null;
      if (piece) tryPlace(piece);
    }
    redraw();
  },
});

function say(key, params = {}, kind = '') {
  message = { key, params, kind };
  const status = $('status');
  status.textContent = key ? t(key, params) : '';
  status.className = `status ${kind}`;
}

function explain(err) {
  if (err instanceof ApiError) {
    message = { key: null };
    $('status').textContent = errorText(err);
    $('status').className = 'status error';
    return;
  }
  throw err;
}

/** Why a piece cannot go there, judged locally before asking the server, or null. */
function localProblem(piece) {
  const n = game.size;
  const taken = new Set(game.placed.flatMap((p) => cells(p).map(([x, y]) => `${x},${y}`)));
  for (const [x, y] of cells(piece)) {
    if (x < 0 || y < 0 || x >= n || y >= n) return 'square_outside_board';
    if (x === game.missing[0] && y === game.missing[1]) return 'covers_missing';
    if (taken.has(`${x},${y}`)) return 'overlap';
  }
  return null;
}

/** The sides the server accepts (2 to 32); 3 | n boards are listed but cannot be started. */
const SIDES = Array.from({ length: 31 }, (_, i) => i + 2);

/** Whether a board of side n minus one square can be tiled (Chu and Johnsonbaugh 1986). */
const tileableSide = (n) => n % 3 !== 0;

/** On 5 × 5 only the 9 squares with both coordinates even can be the missing one. */
const fiveGoodSquares = () => [0, 2, 4].flatMap((x) => [0, 2, 4].map((y) => [x, y]));

function fillSizes() {
  const select = $('size');
  const chosen = select.value || '8';
  select.replaceChildren(...SIDES.map((n) => {
    const option = document.createElement('option');
    option.value = String(n);
    option.textContent = tileableSide(n) ? `${n} × ${n}` : t('tromino.size_untileable', { n });
    return option;
  }));
  select.value = chosen;
}

/** Explains, beside the controls, why the chosen side cannot be tiled or where its limits are. */
function explainSide() {
  const n = Number($('size').value);
  const why = $('why');
  const key = !tileableSide(n) ? 'tromino.why_three' : n === 5 ? 'tromino.why_five' : null;
  why.hidden = key === null;
  why.textContent = key ? t(key, { n, cells: n * n - 1 }) : '';
  $('new-random').disabled = !tileableSide(n);
  $('choose-square').disabled = !tileableSide(n);
}

function redraw() {
  if (!game) return;
  if (mode === 'demo' && demo) return demo.redraw();
  drawBoard(svg, {
    n: game.size,
    marked: mode === 'choose' && game.size === 5 ? fiveGoodSquares() : [],
    missing: mode === 'choose' ? null : game.missing,
    pieces: mode === 'choose' ? [] : game.placed,
    ghost: mode === 'play' ? ghost : null,
    hint: mode === 'play' ? hintPiece : null,
    cursor: keys.cell ? squareOfCell(keys.cell) : null,
  });
  svg.classList.toggle('choosing', mode === 'choose');
}

/** The square ([x, y], y from the bottom) of a keyboard cell (y from the top). */
const squareOfCell = ({ x, y }) => [x, game.size - 1 - y];

/** The keyboard's piece: the selected shape with its 2 × 2 box's lower-left corner on the cursor. */
const keyboardPiece = ([x, y]) => ({ x, y, shape: tray.selected });

/** What the keyboard's cursor stands on, read out. */
function describeCell(cell) {
  const [x, y] = squareOfCell(cell);
  const where = { col: x + 1, row: y + 1 };
  if (mode === 'choose') return t('tromino.cursor_choose', where);
  if (x === game.missing[0] && y === game.missing[1]) return t('tromino.cursor_missing', where);
  const covered = game.placed.some((p) => cells(p).some(([a, b]) => a === x && b === y));
  return t(covered ? 'tromino.cursor_covered' : 'tromino.cursor_free', where);
}

/** Keyboard: the cursor shows the selected tromino there (R turns it); Enter places it. */
function keyboardGhost() {
  if (mode !== 'play' || !keys.cell || !game || game.status !== 'ongoing') return;
  const piece = keyboardPiece(squareOfCell(keys.cell));
  ghost = { piece, ok: localProblem(piece) === null };
}

const keys = gridKeys(svg, {
  size: () => (game && mode !== 'demo' ? { cols: game.size, rows: game.size } : null),
  activate: (cell) => {
    const square = squareOfCell(cell);
    if (mode === 'choose') newGame(square);
    else if (mode === 'play' && game.status === 'ongoing') tryPlace(keyboardPiece(square));
  },
  cancel: () => { ghost = null; cancelChoose(); redraw(); },
  redraw: () => { keyboardGhost(); redraw(); },
  describe: describeCell,
  live: $('board-cursor'),
});

// Another tab (or device) changed this game: show the saved game as it is now.
const watcher = createWatcher();
const watching = {
  current: () => (game ? game.revision : -1),
  onChange: (revision) => run(async () => {
    if (revision === null || !game) return;
    hintPiece = null;
    ghost = null;
    setGame(await server.loadGame(game.id));
  }),
};

function setGame(view) {
  game = view;
  watcher.follow(view.id, watching);
  rememberGame(STORAGE_KEY, view.id);
  clock.set(view.elapsed_ms, view.status === 'ongoing');
  $('size').value = String(view.size);
  explainSide();
  $('lb-form').hidden = !(view.status === 'finished' && !view.entered && !view.assisted);
  $('lb-variant').textContent = `${view.size} × ${view.size}`;
  // Undo and Hint only where they can work: not on a finished tiling, nor undo on an empty board.
  $('undo').disabled = view.status !== 'ongoing' || view.placed.length === 0;
  $('hint').disabled = view.status !== 'ongoing';
  const total = (view.size * view.size - 1) / 3;
  if (view.status === 'finished') {
    const done = view.entered ? 'tromino.entered' : view.assisted ? 'tromino.finished_assisted' : 'tromino.finished';
    say(done, { time: formatTime(view.time_ms), hints: view.hints }, 'ok');
  } else if (view.undecided) {
    say('tromino.undecided');
  } else {
    say('tromino.your_turn', { placed: view.placed.length, total });
  }
  keyboardGhost();
  redraw();
  keys.announce();
}

/** Runs one server action at a time, showing its refusal; calls while one runs are ignored. */
const run = oneAtATime(runAction);

async function runAction(action) {
  try {
    await action();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'stale' && game) {
      setGame(await server.loadGame(game.id));
      say('tromino.stale', {}, 'error');
      return;
    }
    explain(err);
  }
}

function tryPlace(piece) {
  const problem = localProblem(piece);
  if (problem) {
    ghost = { piece, ok: false };
    redraw();
    say(`error.${problem}`, {}, 'error');
    return;
  }
  run(async () => {
    let view;
    try {
      view = await server.place(game, piece);
    } catch (err) {
      ghost = { piece, ok: false };
      redraw();
      throw err;
    }
    hintPiece = null;
    setGame(view);
    if (view.status === 'finished') refreshLeaderboard();
  });
}

function newGame(missing) {
  stopDemo();
  return run(async () => {
    // A refused square (5 x 5) leaves the player choosing, with the reason shown.
    const view = await server.newGame(Number($('size').value), missing);
    hintPiece = null;
    mode = 'play';
    $('choose-square').setAttribute('aria-pressed', 'false');
    setGame(view);
    refreshLeaderboard();
  });
}

/** The tromino leaderboard shows times. */
const TABLE = { value: (entry) => formatTime(entry.time_ms ?? 0), emptyKey: 'tromino.no_entries' };

function refreshLeaderboard() {
  const size = game ? game.size : Number($('size').value);
  showLeaderboard($('lb-rows'), 'tromino', `${size}x${size}`, TABLE).catch(explain);
}

// Board pointer: ghost preview, click to place, or click to choose the special square.
svg.addEventListener('pointermove', (event) => {
  if (mode !== 'play' || !game || game.status !== 'ongoing') return;
  const point = boardPoint(svg, event, game.size);
  ghost = point ? { piece: pieceAt(point, tray.selected), ok: true } : null;
  if (ghost) ghost.ok = localProblem(ghost.piece) === null;
  redraw();
});
svg.addEventListener('pointerleave', () => { ghost = null; redraw(); });
svg.addEventListener('click', (event) => {
  if (!game) return;
  const point = boardPoint(svg, event, game.size);
  if (!point) return;
  if (mode === 'choose') {
    const x = Math.min(game.size - 1, Math.floor(point[0]));
    const y = Math.min(game.size - 1, Math.floor(point[1]));
    newGame([x, y]);
  } else if (mode === 'play' && game.status === 'ongoing') {
    tryPlace(pieceAt(point, tray.selected));
  }
});

function rotateSelection() {
  tray.select(rotate(tray.selected));
  if (ghost) ghost = { piece: { ...ghost.piece, shape: tray.selected }, ok: localProblem({ ...ghost.piece, shape: tray.selected }) === null };
  redraw();
}

$('rotate').addEventListener('click', rotateSelection);
window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement) return;
  if (event.key === 'r' || event.key === 'R') rotateSelection();
  if (event.key === 'Escape') cancelChoose();
});

/** Leaves choose-the-square mode, back to the game as it was. */
function cancelChoose() {
  if (mode !== 'choose') return;
  mode = 'play';
  $('choose-square').setAttribute('aria-pressed', 'false');
  setGame(game);
}
$('undo').addEventListener('click', () => run(async () => { hintPiece = null; setGame(await server.undo(game)); }));
$('hint').addEventListener('click', () => run(async () => {
  const answer = await server.hint(game);
  setGame(answer.game);
  hintPiece = answer.hint;
  say('tromino.hint_shown');
  redraw();
}));
$('new-random').addEventListener('click', () => newGame(undefined));
$('choose-square').addEventListener('click', () => {
  stopDemo();
  mode = mode === 'choose' ? 'play' : 'choose';
  $('choose-square').setAttribute('aria-pressed', String(mode === 'choose'));
  if (mode === 'choose') {
    game = { ...game, size: Number($('size').value), placed: [] };
    say('tromino.pick_square');
    redraw();
  } else {
    run(async () => setGame(await server.loadGame(rememberedGame(STORAGE_KEY))));
  }
});
$('size').addEventListener('change', () => {
  explainSide();
  if (mode === 'choose') {
    if (tileableSide(Number($('size').value))) { game = { ...game, size: Number($('size').value) }; redraw(); }
    else { mode = 'play'; $('choose-square').setAttribute('aria-pressed', 'false'); setGame(game); }
  }
  refreshLeaderboard();
  $('lb-variant').textContent = `${$('size').value} × ${$('size').value}`;
});

// The demo.
function stopDemo() {
  if (!demo) return;
  demo.pause();
  demo = null;
  mode = 'play';
  $('demo-play').textContent = t('tromino.demo_play');
  $('demo-info').textContent = '';
  $('demo-tree').replaceChildren();
  demoCode.highlight(-1);
  redraw();
}

const demoCode = createPseudocode($('demo-code'), [
  'tromino.code1', 'tromino.code2', 'tromino.code3', 'tromino.code4', 'tromino.code5',
]);
let demoTree = null;

/** Draws one frame of the demo: the board, the step's text, the running line and the tree. */
function showDemoFrame(frame, steps) {
  const { size, missing } = game;
  drawBoard(svg, { n: size, missing, pieces: frame.pieces, splits: frame.splits, block: frame.block, quadrant: frame.quadrant, placed: frame.placed });
  demoCode.highlight(PHASE_LINE[frame.phase]);
  const c = frame.current;
  $('demo-info').textContent = c && frame.phase !== 'done'
    ? t(`tromino.demo_${frame.phase}`, { step: frame.index, total: steps.length, depth: c.depth, side: c.side, x: c.origin[0], y: c.origin[1], half: c.side / 2 })
    : frame.phase === 'done' ? t('tromino.demo_done', { total: steps.length }) : '';
  demoTree.show(frame.index - 1, frame.ancestors);
}

/** Starts the demo (asking the server for the steps) if it is not running; returns it. */
async function ensureDemo() {
  if (demo) return demo;
  if (!game || (game.size & (game.size - 1)) !== 0) {
    $('demo-info').textContent = t('tromino.demo_only_power');
    return null;
  }
  const answer = await server.demo(game);
  const { steps } = answer;
  game = answer.game;
  $('lb-form').hidden = true;
  mode = 'demo';
  ghost = null;
  demoTree = createTree($('demo-tree'), steps, (s) => t('tromino.tree_call', { side: s.side, x: s.origin[0], y: s.origin[1] }));
  demo = createDemo(steps, {
    speed: () => Number($('demo-speed').value),
    render: (frame) => showDemoFrame(frame, steps),
    onEnd: () => { $('demo-play').textContent = t('tromino.demo_play'); },
  });
  return demo;
}

$('demo-play').addEventListener('click', () => run(async () => {
  if (demo) {
    if (demo.playing) { demo.pause(); $('demo-play').textContent = t('tromino.demo_resume'); }
    else if (!demo.finished) { demo.play(); $('demo-play').textContent = t('tromino.demo_pause'); }
    return;
  }
  if (!(await ensureDemo())) return;
  $('demo-play').textContent = t('tromino.demo_pause');
  demo.play();
}));
/** One step of the demo back or forward (the buttons, or ← → while the demo is shown). */
const stepDemo = (delta) => run(async () => {
  if (!(await ensureDemo())) return;
  demo.step(delta);
  $('demo-play').textContent = t(demo.finished ? 'tromino.demo_play' : 'tromino.demo_resume');
});
for (const [id, delta] of [['demo-back', -1], ['demo-forward', 1]]) {
  $(id).addEventListener('click', () => stepDemo(delta));
}
stepWithArrows({ active: () => mode === 'demo', step: stepDemo, board: svg });
$('demo-stop').addEventListener('click', stopDemo);

// The leaderboard entry, after a finished game the server has verified.
$('lb-form').addEventListener('submit', (event) => {
  event.preventDefault();
  run(async () => {
    setGame(await server.enterLeaderboard(game, $('lb-name').value));
    refreshLeaderboard();
  });
});

// The timer, counted locally from the server's elapsed time.
showTimer($('timer'), () => (game && game.id !== undefined ? clock.read() : null));

window.addEventListener('qipan:language', () => {
  if (message.key) say(message.key, message.params, message.kind);
  if (!demo) $('demo-play').textContent = t('tromino.demo_play');
  refreshLeaderboard();
  demoTree?.relabel();
  redraw();
});

// Resume the last game, or start one.
(async () => {
  $('demo-play').textContent = t('tromino.demo_play');
  const { view, missing } = await resumeGame(STORAGE_KEY, server.loadGame);
  if (!view) {
    await newGame(undefined);
    if (missing) say('error.game_not_found', { id: missing }, 'error');
    return;
  }
  setGame(view);
  refreshLeaderboard();
})();

// Every side the server accepts, with the reason when a side cannot be tiled; the option texts
// and the explanation follow the language.
fillSizes();
explainSide();
window.addEventListener('qipan:language', () => { fillSizes(); explainSide(); });
