// The Lianliankan page: levels, the board from the server, clicks that become pairs, hints,
// shuffles, undo, pause, the countdown, and the leaderboard of each level.

import '/js/shell.js';
import { applyTranslations, errorText, registerStrings, t, currentLanguage } from '/js/i18n.js';
import { ApiError } from '/js/api.js';
import { STRINGS } from './strings.js';
import { drawBoard, flashPath, fadeTiles, tileOf, faceName, onTurn, shownOfTile, shownSize, tileAtShown } from './board.js';
import { Clock, formatCountdown } from '/js/timer.js';
import { fillLeaderboard, topEntries } from '/js/leaderboard.js';
import { createWatcher } from '/js/watch.js';
import { rememberGame, resumeGame } from '/js/remember.js';
import * as server from './game-api.js';
import { createReachView } from './explain.js';
import { gridKeys } from '/js/grid-keys.js';

registerStrings(STRINGS);
// The shell translated the page before these strings were known.
applyTranslations();

const STORAGE_KEY = 'qipan.link.game';
const PATH_MS = 380;
const $ = (id) => document.getElementById(id);
const svg = $('board');
const reachView = createReachView(svg, $('explain-code'));

let levels = [];
let game = null; // the server's view of the game
let selected = null; // [x, y]
let hint = null; // [[x, y], [x, y]]
let busy = false;
// Until the saved game is resumed (or found missing) a new deal would race with it: "New game"
// waits for that, as it waits while another request is out.
let ready = false;
let explaining = false; // "how it works": a click shows the path search instead of playing
const clock = new Clock({ down: true }); // the time left
let message = { key: 'link.status.start', params: {}, kind: '' };

function say(key, params = {}, kind = '') {
  message = { key, params, kind };
  showMessage();
}

function showMessage() {
  const status = $('status');
  status.textContent = message.key ? t(message.key, message.params) : message.text || '';
  status.className = `status ${message.kind}`;
}

function explain(err) {
  if (!(err instanceof ApiError)) throw err;
  message = { key: null, text: errorText(err), kind: 'error' };
  showMessage();
}

function label(kind, x, y) {
  return t('link.tile', { face: faceName(kind, currentLanguage()), col: x + 1, row: y + 1 });
}

function modeName(mode) {
  return t(`link.mode.${mode}`);
}

function fillLevels() {
  const select = $('level');
  const chosen = select.value || (game ? String(game.level.number) : '1');
  select.replaceChildren(...levels.map((l) => {
    const option = document.createElement('option');
    option.value = String(l.number);
    option.textContent = t('link.level_option', { n: l.number, rows: l.rows, cols: l.cols, mode: modeName(l.mode) });
    return option;
  }));
  select.value = chosen;
}

function showClock() {
  if (!game) return;
  const left = clock.read();
  $('time').textContent = formatCountdown(left);
  const fill = $('time-fill');
  const share = left / (game.level.seconds * 1000);
  fill.style.width = `${Math.max(0, Math.min(1, share)) * 100}%`;
  fill.classList.toggle('low', share < 0.2);
}

function redraw() {
  fillLevels();
  const playing = game && game.state === 'playing';
  $('hint').textContent = t('link.hint', { n: game ? game.hints_left : 0 });
  $('shuffle').textContent = t('link.shuffle', { n: game ? game.shuffles_left : 0 });
  $('hint').disabled = !playing || game.hints_left === 0;
  $('shuffle').disabled = !playing || game.shuffles_left === 0;
  $('undo').disabled = !playing || !game.can_undo;
  const paused = game && game.state === 'paused';
  $('pause').disabled = !game || !(playing || paused);
  $('start').disabled = !ready || busy;
  $('pause').textContent = t(paused ? 'link.resume' : 'link.pause');
  $('pause').setAttribute('aria-pressed', String(Boolean(paused)));
  $('paused').hidden = !paused;
  showMessage();
  if (!game) return;
  $('score').textContent = String(game.score);
  $('chain').textContent = game.chain > 0 && playing ? t('link.chain', { n: game.chain + 1 }) : '';
  $('tiles-left').textContent = String(game.tiles_left);
  $('mode').textContent = modeName(game.level.mode);
  $('mode-help').textContent = t(`link.mode_help.${game.level.mode}`);
  $('lb-level').textContent = t('link.level_option', {
    n: game.level.number, rows: game.level.rows, cols: game.level.cols, mode: modeName(game.level.mode),
  });
  const over = game.status === 'finished';
  $('after').hidden = !over;
  $('next').hidden = !(game.state === 'won' && game.level.number < levels.length);
  $('lb-form').hidden = !(game.state === 'won' && !game.entered);
  drawBoard(svg, game, { selected, hint, cursor: keys.cell ? tileAtShown(keys.cell) : null }, label);
  reachView.paint();
  showClock();
  keys.announce(); // what stands under the cursor may have changed (selected, removed)
}

// Another tab (or device) changed this game: show the saved game as it is now.
const watcher = createWatcher();
const watching = {
  current: () => (game ? game.revision : -1),
  onChange: (revision) => call(async () => {
    if (revision === null || !game) return;
    selected = null;
    hint = null;
    adopt(await server.loadGame(game.id));
  }),
};

/** Takes a new view of the game from the server. */
function adopt(view) {
  game = view;
  watcher.follow(view.id, watching);
  clock.set(view.time_left_ms, view.state === 'playing');
  rememberGame(STORAGE_KEY, view.id);
  if (view.status === 'finished') {
    const key = `link.status.${view.state}`;
    say(key, { score: view.score }, view.state === 'won' ? 'good' : 'error');
    showLeaderboard();
  }
}

async function call(work) {
  if (busy) return;
  busy = true;
  redraw();
  try {
    await work();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'stale' && game) {
      adopt(await server.loadGame(game.id));
    }
    explain(err);
  } finally {
    busy = false;
    redraw();
  }
}

function start(level) {
  return call(async () => {
    selected = null;
    hint = null;
    adopt(await server.newGame(level));
    say('link.status.pick', {}, '');
    message = { key: null, text: '', kind: '' };
    showLeaderboard();
  });
}

function choose(point) {
  if (!game || game.state !== 'playing' || busy) return;
  if (!selected) {
    selected = point;
    say('link.status.pick');
    return redraw();
  }
  if (selected[0] === point[0] && selected[1] === point[1]) {
    selected = null;
    return redraw();
  }
  const a = selected;
  call(async () => {
    try {
      const answer = await server.act(game, 'pair', { a, b: point });
      selected = null;
      hint = null;
      fadeTiles(svg, [a, point]);
      await flashPath(svg, answer.path, PATH_MS);
      adopt(answer.game);
      if (answer.game.status !== 'finished') {
        say(answer.reshuffled ? 'link.status.reshuffled' : 'link.status.matched', { points: answer.points }, 'good');
      }
    } catch (err) {
      // A refused pair: say why, and take the second tile as the new choice.
      if (err instanceof ApiError && (err.code === 'different_kinds' || err.code === 'no_path')) {
        selected = point;
      }
      throw err;
    }
  });
}


let explainOrigin = null; // the tile whose search is shown

/**
 * Shows the path search from the tile at `point`, layer by layer; a click on a second tile then
 * shows whether the search reaches it, and the path.
 */
function explainFrom(point) {
  if (!game || game.state !== 'playing') return;
  const origin = explainOrigin;
  if (origin && !(origin[0] === point[0] && origin[1] === point[1])) {
    call(async () => {
      const answer = await server.reach(game, origin, point);
      if (answer.path) reachView.showPath(answer.path);
      const key = answer.path ? 'link.explain.pair_reached' : 'link.explain.pair_unreached';
      $('explain-info').textContent = t(key, { turns: answer.path ? answer.path.length - 2 : 0 });
    });
    return;
  }
  explainOrigin = point;
  call(async () => {
    const layers = await server.reach(game, point);
    const kind = game.tiles[point[1]][point[0]];
    const matches = ([x, y]) => game.tiles[y] && game.tiles[y][x] === kind;
    const joinable = layers.tiles.filter(matches).length;
    reachView.show(layers, point, matches, (step) => {
      $('explain-info').textContent = step < 3
        ? t('link.explain.layer', { turns: step, cells: layers.cells[step].length })
        : t('link.explain.found', { tiles: layers.tiles.length, joinable });
    });
  });
}

function setExplaining(on) {
  explaining = on;
  explainOrigin = null;
  $('explain').setAttribute('aria-pressed', String(on));
  $('explain-info').textContent = on ? t('link.explain.pick') : '';
  selected = null;
  reachView.clear();
  redraw();
}

$('explain').addEventListener('click', () => setExplaining(!explaining));

/** A click or Enter on a tile: show the search from it (how it works) or choose it. */
function pick(point) {
  if (explaining) explainFrom(point);
  else choose(point);
}

svg.addEventListener('click', (event) => {
  const point = tileOf(event);
  if (!point) return;
  keys.follow(shownOfTile(point));
  pick(point);
});

/** What the keyboard's cursor (a drawn cell) stands on, read out. */
function describeCell(cell) {
  const [x, y] = tileAtShown(cell);
  const kind = game.tiles[y][x];
  if (kind === null) return t('link.cursor_empty', { col: x + 1, row: y + 1 });
  const name = label(kind, x, y);
  return selected && selected[0] === x && selected[1] === y ? t('link.cursor_selected', { tile: name }) : name;
}

const keys = gridKeys(svg, {
  size: () => (game && game.tiles ? shownSize(game) : null),
  activate: (cell) => {
    const [x, y] = tileAtShown(cell);
    if (game.tiles[y][x] !== null) pick([x, y]);
  },
  cancel: () => { selected = null; redraw(); },
  redraw: () => redraw(),
  describe: describeCell,
  live: $('board-cursor'),
});

$('start').addEventListener('click', () => start(Number($('level').value)));
$('retry').addEventListener('click', () => game && start(game.level.number));
$('next').addEventListener('click', () => {
  if (!game) return;
  $('level').value = String(game.level.number + 1);
  start(game.level.number + 1);
});
$('hint').addEventListener('click', () => call(async () => {
  const answer = await server.act(game, 'hint');
  adopt(answer.game);
  hint = answer.hint;
  selected = null;
  say('link.status.hint');
}));
$('shuffle').addEventListener('click', () => call(async () => {
  adopt((await server.act(game, 'shuffle')).game);
  selected = null;
  hint = null;
  say('link.status.shuffled', {}, 'good');
}));
$('undo').addEventListener('click', () => call(async () => {
  adopt((await server.act(game, 'undo')).game);
  selected = null;
  hint = null;
  say('link.status.undone');
}));
$('pause').addEventListener('click', () => call(async () => {
  const resume = game.state === 'paused';
  adopt((await server.act(game, resume ? 'resume' : 'pause')).game);
  say(resume ? 'link.status.pick' : 'link.status.paused');
  if (resume) message = { key: null, text: '', kind: '' };
}));
$('lb-form').addEventListener('submit', (event) => {
  event.preventDefault();
  call(async () => {
    adopt(await server.enterLeaderboard(game, $('lb-name').value));
    say('link.entered', {}, 'good');
    await showLeaderboard();
  });
});

/** Lianliankan's leaderboard shows scores. */
const TABLE = { value: (entry) => String(entry.score ?? ''), emptyKey: 'link.no_entries' };

async function showLeaderboard() {
  const level = game ? game.level.number : Number($('level').value || 1);
  let entries = [];
  try { entries = await topEntries('link', `level-${level}`); } catch { entries = []; }
  fillLeaderboard($('lb-rows'), entries, TABLE);
}

// The countdown: drawn locally between server answers; at zero the server is asked, and it
// decides (it keeps the real clock).
setInterval(() => {
  if (!game || !clock.running) return;
  showClock();
  if (clock.read() <= 0 && !busy) {
    clock.running = false;
    call(async () => adopt(await server.loadGame(game.id)));
  }
}, 250);

window.addEventListener('qipan:language', () => redraw());
onTurn(() => redraw());

async function init() {
  try {
    levels = await server.levels();
  } catch (err) {
    explain(err);
    return;
  }
  const { view, missing } = await resumeGame(STORAGE_KEY, server.loadGame);
  if (view) {
    adopt(view);
    $('level').value = String(game.level.number);
    if (game.status !== 'finished') message = { key: null, text: '', kind: '' };
  } else if (missing) {
    say('error.game_not_found', { id: missing }, 'error');
  }
  ready = true;
  redraw();
  showLeaderboard();
}

init();
