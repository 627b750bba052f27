// The Xiangqi analysis board: any position (the start, a FEN, a position of a saved game), the
// engine analysing it continuously over a WebSocket (its lines as arrows and a list, an
// evaluation bar), free moves that grow a variation tree, and "play on from here".
//
// The rules live on the server: every position shown comes from its answer (legal moves, the
// notation of each move, the ending), so this page never judges a move itself.

import { me } from '/js/shell.js';
import { seatsFor } from '/js/live.js';
import { applyTranslations, errorText, registerStrings, t } from '/js/i18n.js';
import { ApiError } from '/js/api.js';
import { stepWithArrows } from '/js/step-keys.js';
import { STRINGS } from './strings.js';
import { drawBoard, generalSquare } from './board.js';
import { attachBoardInput, ownPiece } from './board-input.js';
import { resultText } from './saves.js';
import * as server from './game-api.js';
import { AnalysisSocket } from './analysis-socket.js';
import { VariationTree } from './variation-tree.js';
import { arrowsOf, linesSummary, renderEvalBar, renderLines, renderTree } from './analysis-view.js';

registerStrings(STRINGS);
applyTranslations();

const $ = (id) => document.getElementById(id);
const svg = $('board');
const PREFS_KEY = 'qipan.xiangqi.prefs';
const ANALYSIS_KEY = 'qipan.xiangqi.analysis';
const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const prefs = loadPrefs();
let tree = new VariationTree(START_FEN);
let current = tree.root;
let position = null; // the server's description of the position shown
let lines = [];
let millis = 0;
let engineState = { state: 'connecting' };
let selected = null;
let pending = null; // {parent, seq}: a move sent, its notation awaited
let setup = null; // {fen, seq}: a new start position sent, its check awaited
let message = null;
let lineHeight = 0; // one engine line's height in pixels, once one has been shown

function loadPrefs() {
  let saved = {};
  let analysis = {};
  try { saved = JSON.parse(localStorage.getItem(PREFS_KEY) || '{}'); } catch { /* defaults */ }
  try { analysis = JSON.parse(localStorage.getItem(ANALYSIS_KEY) || '{}'); } catch { /* defaults */ }
  return { notation: 'chinese', chars: 'traditional', flipped: false, lines: 3, analysing: true, ...saved, ...analysis };
}

function savePrefs() {
  const { notation, chars, flipped, lines: count, analysing } = prefs;
  try {
    const shared = JSON.parse(localStorage.getItem(PREFS_KEY) || '{}');
    localStorage.setItem(PREFS_KEY, JSON.stringify({ ...shared, notation, chars, flipped }));
    localStorage.setItem(ANALYSIS_KEY, JSON.stringify({ lines: count, analysing }));
  } catch { /* not remembered */ }
}

const socket = new AnalysisSocket({
  onMessage,
  onConnection: (open) => {
    if (!open) { engineState = { state: 'connecting' }; renderEngine(); }
  },
});

/** Asks the server about the position after `moves` from `fen` (analysed while wanted). */
function askFor(moves, { fen = tree.startFen, record = false } = {}) {
  const analyse = prefs.analysing && document.visibilityState === 'visible';
  lines = [];
  millis = 0;
  engineState = { state: analyse ? 'queued' : document.visibilityState === 'visible' ? 'off' : 'hidden' };
  return socket.ask({ fen, moves, analyse, lines: prefs.lines, record });
}

/** Shows `node`'s position and asks about it. */
function go(node) {
  if (!node) return;
  current = node;
  selected = null;
  pending = null;
  message = null;
  // Until the server describes it, the position is drawn from the tree and takes no move.
  position = null;
  askFor(tree.moves(current));
  render();
}

function onMessage(m) {
  if (m.type === 'position') {
    if (setup && m.seq === setup.seq) {
      tree = new VariationTree(setup.fen, m.moves || []);
      current = tree.end(tree.root);
      setup = null;
    } else if (pending && m.seq === pending.seq && m.last) {
      current = tree.add(pending.parent, m.last);
      pending = null;
    }
    position = m;
    if (m.analysis === 'game_over') engineState = { state: 'game_over' };
    render();
  } else if (m.type === 'error') {
    pending = null;
    setup = null;
    message = errorText(new ApiError(422, m.code, m.message, m.details || {}));
    render();
    // The position shown is still the one before: ask about it again.
    if (m.seq !== 0) askFor(tree.moves(current));
  } else if (m.type === 'lines') {
    lines = m.lines;
    millis = m.millis;
    renderEngine();
    redraw();
  } else if (m.type === 'state') {
    engineState = { state: m.state, reason: m.reason };
    if (m.lines) { lines = m.lines; redraw(); }
    renderEngine();
  }
}

/** Plays `iccs` from the position shown: an existing line is followed, a new move asked about. */
function play(iccs) {
  selected = null;
  const known = current.children.find((child) => child.move.iccs === iccs);
  if (known) { go(known); return; }
  message = null;
  pending = { parent: current, seq: askFor([...tree.moves(current), iccs]) };
  redraw();
}

const shownFen = () => (position ? position.fen : tree.fen(current));
const sideToMove = () => (shownFen().split(' ')[1] === 'b' ? 'black' : 'red');
const canMove = () => Boolean(position) && !position.ending && !pending;
const targets = () => (position && selected ? position.legal[selected] || [] : []);

function onPoint(sq) {
  if (!sq || !canMove()) return;
  if (selected && targets().includes(sq)) { play(selected + sq); return; }
  if (ownPiece(shownFen(), sq, sideToMove()) && selected !== sq) selected = sq;
  else selected = null;
  redraw();
}

const input = attachBoardInput(svg, {
  fen: shownFen,
  flipped: () => prefs.flipped,
  canDrag: (sq) => canMove() && ownPiece(shownFen(), sq, sideToMove()),
  onPoint,
  onDrop: (from, to) => {
    if ((position.legal[from] || []).includes(to)) play(from + to);
    else { selected = null; redraw(); }
  },
  onLift: (sq) => { selected = sq; },
  onEscape: () => { selected = null; redraw(); },
  cursorStart: () => selected || generalSquare(shownFen(), sideToMove()),
  redraw,
  announcer: $('board-cursor'),
});

function redraw() {
  const fen = shownFen();
  const last = current.move;
  const check = position && position.in_check ? generalSquare(fen, sideToMove()) : null;
  drawBoard(svg, {
    fen,
    flipped: prefs.flipped,
    chars: prefs.chars,
    selected,
    targets: targets(),
    lastMove: last ? last.iccs : null,
    check,
    drag: input.drag,
    cursor: input.cursor,
    arrows: prefs.analysing ? arrowsOf(lines) : [],
  });
  svg.dataset.fen = fen;
  svg.dataset.ply = String(tree.ply(current));
  svg.dataset.position = position ? 'known' : 'asked';
  renderEvalBar({ bar: $('eval-bar'), fill: $('eval-fill'), text: $('eval-text') }, lines[0], sideToMove(), prefs.flipped);
}

function renderStatus() {
  const status = $('status');
  status.className = 'xq-status';
  if (position && position.ending) {
    status.textContent = resultText(position.ending);
    status.classList.add('over');
  } else {
    status.textContent = t('xq.turn', { side: t(`xq.${sideToMove()}`) });
    if (position && position.in_check) { status.textContent += ` ${t('xq.check')}`; status.classList.add('check'); }
  }
  $('message').textContent = message || '';
}

function renderEngine() {
  const button = $('analyse');
  button.textContent = t(prefs.analysing ? 'xa.analyse_stop' : 'xa.analyse_start');
  button.setAttribute('aria-pressed', String(prefs.analysing));
  const { state, reason } = engineState;
  const said = state === 'done' ? t(`xa.state.done.${reason}`)
    : state === 'failed' ? t('xa.state.failed', { reason })
      : t(`xa.state.${state}`);
  const summary = linesSummary(lines, millis, sideToMove());
  $('engine-state').textContent = summary ? `${said} · ${summary}` : said;
  $('engine-state').dataset.state = state;
  const list = $('engine-lines');
  renderLines(list, prefs.analysing ? lines : [], { notation: prefs.notation, sideToMove: sideToMove(), onPlay: play });
  // Keep the room of the lines asked for while a new position's lines stream in, so that the
  // boxes below do not move under the pointer.
  if (list.firstElementChild) lineHeight = list.firstElementChild.offsetHeight;
  const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
  list.style.minHeight = prefs.analysing && lineHeight ? `${prefs.lines * (lineHeight + gap) - gap}px` : '';
}

function renderTreeBox() {
  renderTree($('tree'), tree, current, { notation: prefs.notation, onPick: go });
  const at = $('tree').querySelector('.xa-move.current');
  if (at) at.scrollIntoView({ block: 'nearest' });
  $('first').disabled = !current.parent;
  $('prev').disabled = !current.parent;
  $('next').disabled = !current.children.length;
  $('last').disabled = !current.children.length;
  $('promote').disabled = tree.onMainLine(current);
  $('delete').disabled = !current.parent;
  $('fen-now').textContent = shownFen();
  $('play-on-text').textContent = t('xa.play_on_text', { ply: tree.ply(current) });
  $('play-on-start').disabled = Boolean(position && position.ending);
}

function render() {
  redraw();
  renderStatus();
  renderEngine();
  renderTreeBox();
}

// The engine: on or off, how many lines.
$('analyse').addEventListener('click', () => {
  prefs.analysing = !prefs.analysing;
  savePrefs();
  askFor(tree.moves(current));
  render();
});
$('lines').addEventListener('change', () => {
  prefs.lines = Number($('lines').value);
  savePrefs();
  askFor(tree.moves(current));
  render();
});
$('notation').addEventListener('change', () => {
  prefs.notation = $('notation').value;
  savePrefs();
  render();
});
$('flip').addEventListener('click', () => { prefs.flipped = !prefs.flipped; savePrefs(); redraw(); });
// A hidden tab stops the analysis; shown again, it goes on.
document.addEventListener('visibilitychange', () => { askFor(tree.moves(current)); render(); });

// The tree: step through it, promote a side line, delete a line.
const step = (delta) => go(delta < 0 ? current.parent : current.children[0]);
$('first').addEventListener('click', () => go(tree.root));
$('prev').addEventListener('click', () => step(-1));
$('next').addEventListener('click', () => step(1));
$('last').addEventListener('click', () => go(tree.end(current)));
$('promote').addEventListener('click', () => { tree.promote(current); renderTreeBox(); });
$('delete').addEventListener('click', () => go(tree.remove(current)));
stepWithArrows({ active: () => true, step, board: svg });
// Home and End go to the start and the end of the line; ↑ and ↓ to the neighbouring line at the
// last fork (outside text fields and off the board, whose arrows move its cursor).
document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target === svg || (target.closest && target.closest('input, textarea, select'))) return;
  if (event.key === 'Home') go(tree.root);
  else if (event.key === 'End') go(tree.end(current));
  else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && current.parent) {
    const siblings = current.parent.children;
    const next = siblings[siblings.indexOf(current) + (event.key === 'ArrowUp' ? -1 : 1)];
    if (!next) return;
    go(next);
  } else return;
  event.preventDefault();
});

// Play on: a new game from the position shown, its moves kept as the game's history.
function syncForm() {
  const engine = $('mode').value === 'engine';
  for (const el of document.querySelectorAll('#play-on-form .engine-only')) el.classList.toggle('hidden', !engine);
  $('level-value').textContent = $('level').value;
}
$('mode').addEventListener('change', syncForm);
$('level').addEventListener('input', syncForm);
$('play-on-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const mode = $('mode').value;
  const options = { mode, fen: tree.startFen, moves: tree.moves(current) };
  if (mode === 'engine') {
    options.level = Number($('level').value);
    options.engine_side = $('side').value === 'red' ? 'black' : 'red';
  }
  try {
    const view = await server.newGame(options);
    location.href = `/xiangqi/?game=${view.id}`;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    message = errorText(err);
    renderStatus();
  }
});

// Set up: any FEN, or the initial position.
function startFrom(fen, moves = []) {
  message = null;
  selected = null;
  setup = { fen, seq: askFor(moves, { fen, record: true }) };
  render();
}
$('setup-form').addEventListener('submit', (event) => {
  event.preventDefault();
  startFrom($('fen').value.trim() || START_FEN);
});
$('setup-start').addEventListener('click', () => startFrom(START_FEN));

window.addEventListener('qipan:language', render);

/** Opens what the address names: `?game=<id>&ply=<n>` (a saved game; not one in progress between
 * two players), `?fen=<FEN>&moves=<iccs,...>`, or the initial position. */
async function start() {
  $('notation').value = prefs.notation;
  $('lines').value = String(prefs.lines);
  syncForm();
  const params = new URLSearchParams(location.search);
  const id = Number(params.get('game'));
  if (id) {
    try {
      const player = await me;
      const game = await server.loadGame(id);
      if (game.status === 'ongoing' && seatsFor(game, player && player.id).friend) {
        message = t('xa.live_refused', { id });
      } else {
        tree = new VariationTree(game.start_fen, game.moves);
        const ply = params.has('ply') ? Number(params.get('ply')) : game.moves.length;
        current = tree.root;
        for (let i = 0; i < ply && current.children.length; i++) [current] = current.children;
        message = t('xa.from_game', { id });
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      message = errorText(err);
    }
    askFor(tree.moves(current));
  } else if (params.get('fen') || params.get('moves')) {
    const moves = (params.get('moves') || '').split(',').filter(Boolean);
    startFrom(params.get('fen') || START_FEN, moves);
  } else {
    askFor([]);
  }
  render();
  document.body.dataset.ready = 'true';
}

start();
