// The Gomoku page: play against a friend or the engine, undo, resign, saved games, replay and
// records. The server decides every rule; this module draws what it says and sends clicks.

import { me } from '/js/shell.js';
import {
  abortGame, invitationLink, joinFromLink, mountClaim, mountRematch, playerName as seatedName, presenceText, seatsFor,
} from '/js/live.js';
import './strings.js';
import { applyTranslations, currentLanguage, errorText, t } from '/js/i18n.js';
import { Board, coordName } from './board.js';
import * as client from './client.js';
import { Replay } from './replay.js';
import { AnalysisPanel } from './analysis.js';
import { openingOverlay, openingText, renderOpening } from './opening.js';
import { renderMoveList } from '/js/move-list.js';
import { renderSaves } from './saves.js';
import { createWatcher } from '/js/watch.js';
import { oneAtATime } from '/js/in-flight.js';
import { stepWithArrows } from '/js/step-keys.js';
import { playSound, soundSwitch } from '/js/sound.js';
import { SeatClocks, controlFromValue, fillControlSelect } from '/js/game-clock.js';

applyTranslations();

const CURRENT_KEY = 'qipan.gomoku.current';
const NUMBERS_KEY = 'qipan.gomoku.numbers';
const $ = (sel) => document.querySelector(sel);

const page = {
  game: null,        // the game being played (the server's view)
  replaying: null,   // the game being replayed, or null
  presence: null,    // who has the game open, as its socket last said (with `at`, when)
  replayAt: 0,
  thinking: false,
  saves: [],
  numbers: localStorage.getItem(NUMBERS_KEY) === '1',
  me: null,          // this browser's player id
  hint: null,        // the engine's suggestion: {id, ply, point: [x, y]}, shown until a move
  playOn: null,      // a new game starting from a replayed position: {moves, ply, rule, size}
};

/** The game's seats as this player sees them (its own seat against a friend, open, watching). */
const seats = () => seatsFor(page.game, page.me);
/** Whether it is this player's move: its seat against a friend, else whoever is not the engine. */
function myTurn() {
  const s = seats();
  if (s.watching || s.open) return false;
  return s.mine ? s.mine === page.game.acting : true;
}

/** The step the opening rule is at ('play' once it is over, or without a rule). */
function openingStep(g) {
  return g && g.opening ? g.opening.step : 'play';
}

/** A point in words for screen readers: its name and what stands there. */
function describePoint(x, y) {
  const g = page.replaying || page.game;
  const size = g ? g.size : 15;
  const name = String.fromCharCode(97 + x) + String(size - y);
  const i = g ? g.moves.findIndex(([mx, my]) => mx === x && my === y) : -1;
  const stone = i < 0 ? t('gm.point_empty') : t(i % 2 === 0 ? 'gm.point_black' : 'gm.point_white', { n: i + 1 });
  return `${name}: ${stone}`;
}
const board = new Board($('#gm-board-wrap'), (x, y) => playAt(x, y), showForbiddenHint, describePoint);
const replay = new Replay($('#gm-replay'), (k) => { page.replayAt = k; drawBoard(); renderPanel(); });
// While replaying, ← and → step through the moves (outside text fields).
soundSwitch($('#gm-sound'));
stepWithArrows({
  active: () => page.replaying,
  step: (delta) => { replay.pause(); replay.go(page.replayAt + delta); },
  board: $('#gm-board-wrap'),
});

/** Under the pointer on a renju forbidden point, the legend says which rule forbids it. */
function showForbiddenHint(point) {
  const g = page.game;
  const f = point && g && canPlay() ? g.forbidden.find((p) => p.x === point[0] && p.y === point[1]) : null;
  const legend = $('#gm-legend');
  legend.textContent = f ? t(`gm.forbidden_explain.${f.kind}`) : t('gm.forbidden_legend');
  legend.classList.toggle('active', !!f);
}

function sideName(side) { return t(side === 'black' ? 'gm.black' : 'gm.white'); }

/** A server error in the player's language. */
function explain(err) {
  const code = err.code || '';
  if (code.startsWith('forbidden_')) return t(`gm.forbidden_explain.${code.slice('forbidden_'.length)}`);
  if (code.startsWith('record_')) {
    // The server's message names the line; in Chinese, the problem is said by its code instead.
    const problem = currentLanguage() === 'en' ? err.message : errorText(err, ['gm.error.']);
    return t('gm.error.record', { message: problem });
  }
  return errorText(err, ['gm.error.']);
}

let noticeTimer = null;
function notify(text, kind = 'error') {
  const box = $('#gm-notice');
  box.textContent = text;
  box.className = `notice ${kind === 'error' ? 'error' : ''}`;
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function clearNotice() { $('#gm-notice').hidden = true; }

function canPlay() {
  const g = page.game;
  return !!g && !page.replaying && g.status === 'ongoing' && !page.thinking && !g.engine_to_move && myTurn()
    && openingStep(g) !== 'decide';
}

/**
 * The position the analysis card works on: the replayed move or the live game's last one; none
 * while a game between two players goes on (help from outside) or before a game.
 */
function analysisPosition() {
  const g = page.replaying || page.game;
  if (!g || (g.status === 'ongoing' && seatsFor(g, page.me).friend)) return null;
  return { game: g, ply: page.replaying ? page.replayAt : g.moves.length };
}
const analysis = new AnalysisPanel($('#gm-analysis'), {
  position: analysisPosition,
  request: (game, ply, lines) => client.analyse(game, ply, lines),
  redraw: () => drawBoard(),
  explain: (err) => explain(err),
});

function drawBoard() {
  const { extra, marks } = analysis.overlay();
  if (page.replaying) {
    const g = page.replaying;
    const k = page.replayAt;
    const atEnd = k === g.moves.length;
    board.draw({
      size: g.size, moves: g.moves.slice(0, k), numbers: page.numbers, extra, annotations: marks,
      winLine: atEnd && g.outcome && !extra.length ? g.outcome.line : null, forbidden: [],
      toMove: k % 2 === 0 ? 'black' : 'white', interactive: false, label: t('gm.board_label'),
    });
    return;
  }
  const g = page.game;
  const hint = g && page.hint && page.hint.id === g.id && page.hint.ply === g.moves.length ? page.hint.point : null;
  // While a forced win is stepped through on the live board, the board only shows it.
  const playable = canPlay() && !extra.length;
  const opening = openingOverlay(g);
  board.draw({
    size: g ? g.size : 15, moves: g ? g.moves : [], numbers: page.numbers, hint, extra,
    annotations: [...opening.marks, ...marks], region: opening.region,
    winLine: g && g.outcome && !extra.length ? g.outcome.line : null,
    forbidden: g && playable ? g.forbidden : [],
    toMove: g ? g.to_move : 'black', interactive: playable, label: t('gm.board_label'),
    forbiddenTitle: (kind) => t('gm.forbidden_hint', { kind: t(`gm.forbidden.${kind}`) }),
  });
}

function playerName(g, side) {
  const s = seatsFor(g, page.me);
  const holder = s.friend ? s.holder(side) : null;
  if (holder && holder.open) return t('gm.open_seat');
  if (holder && holder.me) return t('gm.you');
  if (holder && holder.player) {
    const here = page.presence && presenceText(page.presence.players[holder.player]);
    return t('gm.friend_name', { name: seatedName(holder.player, renderPanel) }) + (here ? ` · ${here}` : '');
  }
  if (g.mode !== 'pve') return t('gm.player');
  return g.human === side ? t('gm.you') : t('gm.engine_level', { level: g.level });
}

function outcomeText(g) {
  const o = g.outcome;
  if (!o) return '';
  if (!o.winner) return t('gm.draw');
  const side = sideName(o.winner);
  let text;
  if (o.reason === 'five') text = t('gm.win.five', { side });
  else if (['resign', 'time', 'abandoned'].includes(o.reason)) {
    text = t(`gm.win.${o.reason}`, { side, loser: sideName(o.winner === 'black' ? 'white' : 'black') });
  }
  else text = t('gm.win.forbidden', { side, kind: t(`gm.forbidden.${o.kind}`) });
  if (g.mode === 'pve') text = `${t(o.winner === g.human ? 'gm.you_win' : 'gm.you_lose')} ${text}`;
  return text;
}

function renderPanel() {
  const g = page.replaying || page.game;
  for (const side of ['black', 'white']) {
    const row = $(`#gm-p-${side}`);
    row.querySelector('.gm-name').textContent = g ? playerName(g, side) : '';
    const used = g ? g.undos[side] : 0;
    const limit = g && g.undo_limit != null ? g.undo_limit : t('gm.no_limit');
    const undos = row.querySelector('.gm-undos');
    undos.textContent = g ? `${t('gm.undo')} ${t('gm.undos_of', { used, limit })}` : '';
    undos.title = t('gm.undos');
    row.classList.toggle('to-move', !!g && !g.outcome && !page.replaying && (g.acting || g.to_move) === side);
  }
  let status = '';
  if (page.replaying) {
    const atEnd = page.replayAt === g.moves.length && g.outcome;
    status = atEnd ? outcomeText(g) : t('gm.replay.title');
  }
  else if (!g) status = t('gm.new_game');
  else if (g.outcome) status = outcomeText(g);
  else if (g.status === 'abandoned') status = t('gm.aborted');
  else if (seats().open) status = t('gm.waiting_friend');
  else if (openingText(g) && !(page.thinking || g.engine_to_move)) status = openingText(g);
  else if (seats().mine) status = t(myTurn() ? 'gm.your_turn' : 'gm.their_turn', { side: sideName(g.to_move) });
  else if (page.thinking || g.engine_to_move) status = t('gm.thinking');
  else if (g.mode === 'pve') status = t('gm.your_turn', { side: sideName(g.to_move) });
  else status = t('gm.to_move', { side: sideName(g.to_move) });
  // Renju opens on the centre point: said before the first move, not only refused after it.
  if (g && g.rule === 'renju' && g.moves.length === 0 && !g.outcome && !page.replaying) {
    const c = Math.floor(g.size / 2);
    status += ` ${t('gm.renju_centre', { point: coordName(c, c, g.size) })}`;
  }
  $('#gm-status').textContent = status;
  renderOpening($('#gm-opening'), page.replaying ? null : page.game, {
    mayDecide: mayDecide(),
    onDecide: (decision) => act(() => client.opening(page.game, { decision })),
  });
  $('#gm-status').classList.toggle('thinking', page.thinking);
  $('#gm-meta').textContent = g
    ? `${t(`gm.rule_short.${g.rule}`)} · ${g.size}×${g.size} · ${t('gm.move_count', { n: page.replaying ? page.replayAt : g.moves.length })} · ${t('gm.autosaved')}`
      + (page.presence && page.presence.spectators ? ` · ${t('live.spectators', { n: page.presence.spectators })}` : '')
    : '';
  const info = !page.replaying && page.game ? page.game.engine : null;
  $('#gm-engine-info').hidden = !info;
  if (info) {
    const nodes = Number(info.nodes).toLocaleString(currentLanguage());
    $('#gm-engine-info').textContent = t(`gm.found.${info.found}`, { depth: info.depth, nodes });
  }
  $('#gm-legend').hidden = !(g && g.rule === 'renju' && !page.replaying);
  const over = page.game && page.game.outcome && !page.replaying;
  $('#gm-banner').hidden = !over;
  // A rematch against a friend needs the friend's consent (coming): no one-sided rematch button.
  $('#gm-rematch').hidden = Boolean(page.game && seats().friend);
  $('#gm-banner').classList.toggle('win', !!over && page.game.mode === 'pve' && page.game.outcome.winner === page.game.human);
  if (over) $('#gm-banner-text').textContent = outcomeText(page.game);
  const live = page.game && page.game.status === 'ongoing' && !page.replaying && !page.thinking;
  $('#gm-undo').disabled = !live || page.game.moves.length === 0;
  // A hint is the engine's help for the person to move: not between two players.
  $('#gm-hint').hidden = !page.game || Boolean(seats().friend) || seats().watching;
  $('#gm-hint').disabled = !canPlay() || openingStep(page.game) !== 'play';
  $('#gm-resign').disabled = !live || seats().open;
  $('#gm-undo').hidden = Boolean(seats().mine) || seats().watching;
  $('#gm-resign').hidden = seats().watching;
  $('#gm-abort').hidden = !(live && seats().mine && page.game.moves.length < 2);
  const asked = page.game && page.game.takeback_offer;
  $('#gm-ask-takeback').hidden = !(live && seats().mine);
  $('#gm-ask-takeback').disabled = Boolean(asked) || !(page.game && page.game.moves.length);
  $('#gm-takeback').hidden = !(live && seats().mine && asked && asked !== seats().mine);
  if (asked) $('#gm-takeback-text').textContent = t('gm.takeback_asked', { side: sideName(asked) });
  if (!seats().open || !seats().mine) $('#gm-invite').hidden = true;
  $('#gm-replay-open').disabled = !page.game || page.replaying !== null;
  $('#gm-replay').hidden = !page.replaying;
  for (const id of ['#gm-export-psq', '#gm-export-sgf', '#gm-export-coords']) $(id).disabled = !g;
  replay.label();
  renderMoves();
  analysis.render();
}

const claim = mountClaim($('#gm-claim'), {
  current: () => page.game,
  me: () => page.me,
  presence: () => page.presence,
  onClaimed: () => reload(),
  onError: (err) => notify(explain(err)),
});

const rematch = mountRematch($('#gm-rematch-box'), {
  current: () => page.game,
  me: () => page.me,
  onStarted: (id) => { client.getGame(id).then(setGame, (err) => notify(explain(err))); },
  onError: (err) => notify(explain(err)),
});

function render() {
  drawBoard();
  renderPanel();
  rematch.update();
  claim.update();
  renderSaves($('#gm-saves-table'), $('#gm-saves-empty'), page.saves, page.game?.id, {
    resume: (id) => openGame(id),
    replay: (id) => replayGame(id),
    remove: (id) => removeGame(id),
  });
}

// Another tab (or device) changed this game: show the saved game as it is now.
const watcher = createWatcher();
const watching = {
  current: () => (page.game ? page.game.revision : -1),
  self: () => page.me,
  onPresence: (report) => {
    page.presence = { ...report, at: performance.now() };
    render();
  },
  onChange: (revision) => {
    if (revision !== null && !page.thinking && !page.replaying) reload();
  },
};

// A clock at zero here: the server has ended the game (or will in a moment); show it.
const clocks = new SeatClocks({ onExpired: () => setTimeout(reload, 300) });
clocks.place({ black: $('#gm-clock-black'), white: $('#gm-clock-white') });

function setGame(view) {
  const same = Boolean(view && page.game && page.game.id === view.id);
  const ended = same && page.game.status !== view.status;
  if (same && (view.moves.length > page.game.moves.length || ended)) playSound(ended ? 'win' : 'move');
  if (!same) page.presence = null;
  page.game = view;
  if (ended) refreshSaves();
  clocks.set(view && !page.replaying ? view.clock : null);
  watcher.follow(view ? view.id : null, watching);
  if (view) {
    localStorage.setItem(CURRENT_KEY, String(view.id));
    history.replaceState(null, '', `?game=${view.id}`);
  } else {
    localStorage.removeItem(CURRENT_KEY);
    history.replaceState(null, '', location.pathname);
  }
  render();
}

async function refreshSaves() {
  try { page.saves = await client.listSaved(); } catch { /* the list is a convenience */ }
  render();
}

/** Reloads the current game from the server (after a conflict from another tab). */
async function reload() {
  if (!page.game) return;
  try { setGame(await client.getGame(page.game.id)); } catch (err) { notify(explain(err)); }
}

async function handle(err) {
  if (err.code === 'stale') {
    await reload();
    notify(t('gm.error.stale'), 'info');
  } else {
    notify(explain(err));
  }
}

/**
 * Sends an action and shows its result; the engine replies when it is its turn. One at a time:
 * clicks while an action (or the engine's reply to it) is in flight are ignored.
 */
const act = oneAtATime(async (request) => {
  clearNotice();
  try {
    setGame(await request());
  } catch (err) {
    await handle(err);
    return;
  }
  await maybeEngine();
  refreshSaves();
}, (busy) => { document.body.dataset.busy = busy ? 'true' : ''; });

async function maybeEngine() {
  const g = page.game;
  if (!g || !g.engine_to_move || page.thinking) return;
  page.thinking = true;
  render();
  try {
    const view = await client.engineReply(g);
    page.thinking = false;
    setGame(view);
  } catch (err) {
    page.thinking = false;
    await handle(err);
  }
  render();
}

function playAt(x, y) {
  if (!canPlay()) return;
  const g = page.game;
  // Taraguchi's fifth moves are offered and picked on the board, but are not moves yet.
  if (['offer', 'pick'].includes(openingStep(g))) act(() => client.opening(g, { point: [x, y] }));
  else act(() => client.play(g, x, y));
}

/** Whether this player makes the opening's pending choice. */
function mayDecide() {
  const g = page.game;
  if (!g || page.replaying || g.status !== 'ongoing' || page.thinking || g.engine_to_move) return false;
  return openingStep(g) === 'decide' && myTurn();
}

async function openGame(id) {
  stopReplay();
  try {
    setGame(await client.getGame(id));
  } catch (err) {
    notify(explain(err));
    return;
  }
  await maybeEngine();
  refreshSaves();
}

async function replayGame(id) {
  try {
    const view = page.game && page.game.id === id ? page.game : await client.getGame(id);
    startReplay(view);
  } catch (err) { notify(explain(err)); }
}

function startReplay(view, at = 0) {
  page.replaying = view;
  replay.open(view.moves.length, at);
  render();
}

/** The move list beside the board: a click shows the position after that move (a replay). */
function renderMoves() {
  const g = page.replaying || page.game;
  const moves = g ? g.moves : [];
  const items = moves.map(([x, y], i) => ({
    number: Math.floor(i / 2) + 1,
    first: i % 2 === 0,
    label: coordName(x, y, g.size),
    classes: [i % 2 === 0 ? 'black' : 'white'],
  }));
  renderMoveList($('#gm-moves'), items, {
    current: page.replaying ? page.replayAt : moves.length,
    empty: t('gm.no_moves'),
    onPick: (ply) => {
      if (page.replaying) { replay.pause(); replay.go(ply); }
      else if (page.game && ply < page.game.moves.length) startReplay(page.game, ply);
    },
  });
}

function stopReplay() {
  replay.pause();
  page.replaying = null;
}

async function removeGame(id) {
  if (!window.confirm(t('gm.saves.confirm_delete'))) return;
  try { await client.deleteSaved(id); } catch (err) { notify(explain(err)); return; }
  if (page.replaying && page.replaying.id === id) stopReplay();
  if (page.game && page.game.id === id) setGame(null);
  refreshSaves();
}

/** The settings of a game, to start another one like it. */
function settingsOf(g) {
  const s = { mode: g.mode, rule: g.rule, size: g.size, undo_limit: g.undo_limit, opening: g.opening ? g.opening.rule : 'free' };
  if (g.mode === 'pve') Object.assign(s, { human: g.human, level: g.level });
  return s;
}

async function startGame(settings) {
  stopReplay();
  const old = page.game;
  // A game left without a single move is not worth keeping in the saved list.
  if (old && old.status === 'ongoing' && old.moves.length === 0) {
    try { await client.deleteSaved(old.id); } catch { /* kept; harmless */ }
  }
  await act(() => client.newGame(settings));
}

// New game dialog.
const dialog = $('#gm-new-dialog');
const form = $('#gm-new-form');
function syncForm() {
  const mode = form.elements.mode.value;
  const pve = mode === 'pve';
  for (const node of form.querySelectorAll('.gm-pve-only')) node.hidden = !pve;
  for (const node of form.querySelectorAll('.gm-people-only')) node.hidden = pve;
  for (const node of form.querySelectorAll('.gm-friend-only')) node.hidden = mode !== 'friend';
  for (const node of form.querySelectorAll('.gm-side-choice')) node.hidden = mode === 'pvp';
  // Swap and Swap2 belong to freestyle and standard, Taraguchi-10 to renju.
  const renju = form.elements.rule.value === 'renju';
  for (const option of form.elements.opening.options) {
    option.hidden = option.value !== 'free' && (option.value === 'taraguchi10') !== renju;
  }
  if (form.elements.opening.selectedOptions[0]?.hidden) form.elements.opening.value = 'free';
  form.elements.opening.disabled = Boolean(page.playOn);
  $('#gm-color-legend').textContent = t(mode === 'friend' ? 'gm.setting.my_color' : 'gm.setting.color');
  $('#gm-level-out').textContent = form.elements.level.value;
}
form.addEventListener('input', syncForm);
function openNewDialog(playOn) {
  page.playOn = playOn;
  const note = $('#gm-playon-note');
  note.hidden = !playOn;
  if (playOn) note.textContent = t('gm.play_on_note', { ply: playOn.ply });
  // The moves so far fix the rule and the board.
  form.elements.rule.disabled = Boolean(playOn);
  form.elements.size.disabled = Boolean(playOn);
  if (playOn) {
    form.elements.rule.value = playOn.rule;
    form.elements.size.value = String(playOn.size);
  }
  syncForm();
  dialog.showModal();
}
$('#gm-rp-playon').addEventListener('click', () => {
  const g = page.replaying;
  if (!g) return;
  replay.pause();
  const moves = g.moves.slice(0, page.replayAt).map(([x, y]) => coordName(x, y, g.size));
  openNewDialog({ moves, ply: page.replayAt, rule: g.rule, size: g.size });
});
$('#gm-new').addEventListener('click', () => {
  if (page.game) {
    const s = settingsOf(page.game);
    form.elements.mode.value = s.mode;
    form.elements.rule.value = s.rule;
    form.elements.size.value = String(s.size);
    form.elements.undo_limit.value = s.undo_limit ?? '';
    form.elements.opening.value = s.opening;
    if (s.mode === 'pve') { form.elements.human.value = s.human; form.elements.level.value = String(s.level); }
  }
  openNewDialog(null);
});
$('#gm-new-cancel').addEventListener('click', () => dialog.close());
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const f = form.elements;
  const friend = f.mode.value === 'friend';
  const settings = { mode: friend ? 'pvp' : f.mode.value, rule: f.rule.value, size: Number(f.size.value) };
  if (f.opening.value !== 'free' && !page.playOn) settings.opening = f.opening.value;
  if (f.undo_limit.value !== '') settings.undo_limit = Number(f.undo_limit.value);
  if (settings.mode === 'pve') Object.assign(settings, { human: f.human.value, level: Number(f.level.value) });
  if (friend) Object.assign(settings, { friend: true, side: f.human.value, private: f.private.checked });
  if (settings.mode === 'pvp') settings.clock = controlFromValue(f.clock.value);
  if (page.playOn) Object.assign(settings, { moves: page.playOn.moves, rule: page.playOn.rule, size: page.playOn.size });
  page.playOn = null;
  dialog.close();
  startGame(settings).then(() => { if (friend) showInvitation(); });
});

/** Shows the link that invites a friend to the open seat. */
async function showInvitation() {
  if (!page.game || !seats().open || !seats().mine) return;
  try {
    $('#gm-invite-link').value = await invitationLink(page.game.id);
    $('#gm-invite').hidden = false;
  } catch (err) { notify(explain(err)); }
}
$('#gm-invite-copy').addEventListener('click', async () => {
  try { await navigator.clipboard.writeText($('#gm-invite-link').value); } catch { $('#gm-invite-link').select(); }
  notify(t('gm.invite_copied'), 'info');
});

// Controls.
$('#gm-rematch').addEventListener('click', () => startGame(settingsOf(page.game)));
$('#gm-undo').addEventListener('click', () => act(() => client.undo(page.game)));
$('#gm-hint').addEventListener('click', async () => {
  const g = page.game;
  if (!canPlay()) return;
  $('#gm-hint').disabled = true;
  try {
    const answer = await client.hint(g);
    page.hint = { id: g.id, ply: g.moves.length, point: answer.point };
    notify(t('gm.hint_shown', { point: coordName(answer.point[0], answer.point[1], g.size) }), 'info');
    drawBoard();
  } catch (err) { notify(explain(err)); }
  renderPanel();
});
$('#gm-resign').addEventListener('click', () => {
  if (!window.confirm(t('gm.confirm_resign'))) return;
  act(() => client.resign(page.game));
});
$('#gm-ask-takeback').addEventListener('click', () => act(async () => {
  const view = await client.takeback(page.game, 'offer');
  notify(t('gm.takeback_waiting'), 'info');
  return view;
}));
$('#gm-accept-takeback').addEventListener('click', () => act(() => client.takeback(page.game, 'accept')));
$('#gm-decline-takeback').addEventListener('click', () => act(() => client.takeback(page.game, 'decline')));
$('#gm-abort').addEventListener('click', () => act(async () => {
  await abortGame(page.game);
  return client.getGame(page.game.id);
}));
$('#gm-replay-open').addEventListener('click', () => { if (page.game) startReplay(page.game); });
$('#gm-rp-exit').addEventListener('click', () => { stopReplay(); render(); });
$('#gm-numbers').checked = page.numbers;
$('#gm-numbers').addEventListener('change', (e) => {
  page.numbers = e.target.checked;
  localStorage.setItem(NUMBERS_KEY, page.numbers ? '1' : '0');
  drawBoard();
});

// Records.
function recordGame() { return page.replaying || page.game; }

async function exportAs(format) {
  const g = recordGame();
  if (!g) return;
  try {
    const record = await client.exportRecord(g.id, format, currentLanguage());
    $('#gm-record-out').textContent = record.text;
    if (format === 'coords') {
      try { await navigator.clipboard.writeText(record.text); } catch { /* shown below anyway */ }
      notify(t('gm.copied', { text: record.text }), 'info');
      return;
    }
    const url = URL.createObjectURL(new Blob([record.text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = record.filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) { notify(explain(err)); }
}
$('#gm-export-psq').addEventListener('click', () => exportAs('psq'));
$('#gm-export-sgf').addEventListener('click', () => exportAs('sgf'));
$('#gm-export-coords').addEventListener('click', () => exportAs('coords'));

const importDialog = $('#gm-import-dialog');
const importForm = $('#gm-import-form');
$('#gm-import-open').addEventListener('click', () => { $('#gm-import-error').hidden = true; importDialog.showModal(); });
$('#gm-import-cancel').addEventListener('click', () => importDialog.close());
importForm.elements.file.addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  importForm.elements.text.value = await file.text();
  const name = file.name.toLowerCase();
  if (name.endsWith('.psq')) importForm.elements.format.value = 'psq';
  else if (name.endsWith('.sgf')) importForm.elements.format.value = 'sgf';
});
importForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = importForm.elements;
  try {
    const view = await client.importRecord({ format: f.format.value, text: f.text.value, rule: f.rule.value });
    importDialog.close();
    startReplay(view);
    refreshSaves();
  } catch (err) {
    const box = $('#gm-import-error');
    box.textContent = explain(err);
    box.hidden = false;
  }
});

window.addEventListener('qipan:language', () => { applyTranslations(); fillControlSelect($('#gm-time-control')); render(); });
fillControlSelect($('#gm-time-control'));

// Start: the game in the address, else the last one played, else ask for settings.
async function start() {
  const fromUrl = new URLSearchParams(location.search).get('game');
  const wanted = fromUrl || localStorage.getItem(CURRENT_KEY);
  const player = await me;
  page.me = player && player.id;
  let joined = null;
  try { joined = await joinFromLink(); } catch (err) { notify(explain(err)); }
  render();
  refreshSaves();
  if (wanted && /^\d+$/.test(wanted)) {
    try {
      setGame(await client.getGame(Number(wanted)));
      if (joined) notify(t('gm.joined', { side: sideName(joined.seat) }), 'info');
      else showInvitation();
      await maybeEngine();
      return;
    } catch {
      setGame(null);
    }
  }
  // A game asked for in the address that does not exist is said, not silently replaced.
  if (fromUrl) notify(t('gm.game_not_found', { id: fromUrl }));
  openNewDialog(null);
}

start().finally(() => document.querySelector('main').setAttribute('data-game-ready', ''));
