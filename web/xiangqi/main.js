// The Xiangqi page: a game from the server drawn on the board, moves by click-click or drag, the
// engine's replies, hint, undo, resign, draw, the record with replay, PGN and the saved games.

import { me } from '/js/shell.js';
import {
  abortGame, invitationLink, joinFromLink, mountClaim, mountRematch, playerName, presenceText, seatsFor,
} from '/js/live.js';
import { applyTranslations, currentLanguage, errorText, registerStrings, t } from '/js/i18n.js';
import { ApiError } from '/js/api.js';
import { oneAtATime } from '/js/in-flight.js';
import { stepWithArrows } from '/js/step-keys.js';
import { playSound, soundSwitch } from '/js/sound.js';
import { STRINGS } from './strings.js';
import { drawBoard, generalSquare, parseFen } from './board.js';
import { attachBoardInput, ownPiece } from './board-input.js';
import { renderRecord } from './record.js';
import { drawGraph, grades, progress, runReview, summary } from './review.js';
import { resultText, showSaves } from './saves.js';
import * as server from './game-api.js';
import { createWatcher } from '/js/watch.js';
import { SeatClocks, controlFromValue, fillControlSelect } from '/js/game-clock.js';
import { rememberGame, rememberedGame } from '/js/remember.js';

registerStrings(STRINGS);
applyTranslations();

const $ = (id) => document.getElementById(id);
const svg = $('board');
const GAME_KEY = 'qipan.xiangqi.game';
const PREFS_KEY = 'qipan.xiangqi.prefs';

let game = null; // the server's view
let viewPly = null; // null: the live position; n: the position after n plies (replay)
let playOn = null; // {fen, moves, ply}: the new game starts from a replayed position
let selected = null;
let hintMove = null;
let blocked = null; // the point that blocked a refused move (馬腿, 象眼)
let busy = false; // the engine is thinking
let autoplay = null;
let engineLine = null; // {key, params}
let message = null; // {key, params, ok} or {text}
let myId = null; // this browser's player
const prefs = loadPrefs();

function loadPrefs() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(PREFS_KEY) || '{}'); } catch { /* defaults */ }
  return { notation: 'chinese', chars: 'traditional', flipped: false, ...saved };
}

function savePrefs() {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* not remembered */ }
}

const sideName = (side) => t(`xq.${side}`);
const other = (side) => (side === 'red' ? 'black' : 'red');
const live = () => viewPly === null;
const engineToMove = () => game && game.mode === 'engine' && game.engine_side === game.side_to_move;
const seats = () => seatsFor(game, myId);
/** My seat in a game against a friend (null on one screen, against the engine, or watching). */
const mySeat = () => seats().mine;
const friendGame = () => seats().friend;
const seatOpen = () => seats().open;
const watching = () => seats().watching;
const myTurn = () => {
  if (watching()) return false;
  const seat = mySeat();
  return seat ? seat === game.side_to_move && !seatOpen() : !engineToMove();
};
const canPlay = () => game && live() && game.status === 'ongoing' && !busy && myTurn();

function shownFen() {
  if (live()) return game.fen;
  return viewPly === 0 ? game.start_fen : game.moves[viewPly - 1].fen;
}

function shownLastMove() {
  const ply = live() ? game.moves.length : viewPly;
  return ply > 0 ? game.moves[ply - 1].iccs : null;
}

function say(key, params = {}, ok = false) {
  message = key ? { key, params, ok } : null;
  renderMessage();
}

function renderMessage() {
  const box = $('message');
  if (!message) { box.textContent = ''; return; }
  box.textContent = message.text ?? t(message.key, message.params);
  box.className = `xq-message${message.ok ? ' ok' : ''}`;
}

function explain(err) {
  if (!(err instanceof ApiError)) throw err;
  message = { text: errorText(err) };
  renderMessage();
}

function redraw() {
  if (!game) return;
  const fen = shownFen();
  const check = live() ? (game.in_check ? generalSquare(fen, game.side_to_move) : null) : null;
  let pastCheck = null;
  if (!live() && viewPly > 0 && game.moves[viewPly - 1].check) {
    pastCheck = generalSquare(fen, other(game.moves[viewPly - 1].side));
  }
  drawBoard(svg, {
    fen,
    flipped: prefs.flipped,
    chars: prefs.chars,
    selected: live() ? selected : null,
    targets: live() && selected ? game.legal[selected] || [] : [],
    lastMove: shownLastMove(),
    check: check || pastCheck,
    hint: live() ? hintMove : null,
    blocked: live() ? blocked : null,
    drag: input.drag,
    cursor: input.cursor,
  });
  svg.dataset.fen = fen;
  svg.dataset.ply = String(live() ? game.moves.length : viewPly);
  svg.classList.toggle('busy', busy);
}

function renderStatus() {
  const status = $('status');
  status.className = 'xq-status';
  if (game.ending) {
    status.textContent = resultText(game.ending);
    status.classList.add('over');
  } else if (game.status === 'abandoned') {
    status.textContent = t('xq.aborted');
    status.classList.add('over');
  } else if (busy) {
    status.textContent = t('xq.thinking');
  } else if (seatOpen()) {
    status.textContent = t('xq.waiting_friend');
  } else {
    const side = sideName(game.side_to_move);
    if (mySeat()) status.textContent = t(myTurn() ? 'xq.your_turn' : 'xq.their_turn', { side });
    else status.textContent = game.mode === 'engine' && !engineToMove() ? t('xq.your_turn', { side }) : t('xq.turn', { side });
    if (game.in_check) { status.textContent += ` ${t('xq.check')}`; status.classList.add('check'); }
  }
  status.dataset.status = game.status;
  const info = $('engine-info');
  info.classList.toggle('thinking', busy);
  info.textContent = busy ? t('xq.thinking') : engineLine ? t(engineLine.key, engineLine.params) : '';
}

function playerLabel(side) {
  const holder = seats().holder(side);
  if (holder && friendGame()) {
    if (holder.open) return `${sideName(side)} · ${t('xq.player.open')}`;
    if (holder.me) return `${sideName(side)} · ${t('xq.player.you')}`;
    if (holder.player) {
      const here = presence && presenceText(presence.players[holder.player]);
      return `${sideName(side)} · ${t('xq.player.friend', { name: playerName(holder.player, renderPanel) })}${here ? ` · ${here}` : ''}`;
    }
  }
  if (game.mode === 'engine') {
    return `${sideName(side)} · ${game.engine_side === side ? t('xq.player.engine', { level: game.level }) : t('xq.player.human')}`;
  }
  // An imported record names its players.
  const named = game.tags && game.tags[side] && game.tags[side].trim();
  return named ? `${sideName(side)} · ${named}` : sideName(side);
}

/** An imported record's event and date, beside the board. */
function renderTags() {
  const box = $('record-tags');
  const tags = game && game.tags;
  const parts = tags ? [tags.event, tags.date].map((s) => (s || '').trim()).filter(Boolean) : [];
  box.hidden = parts.length === 0;
  box.textContent = parts.length ? t('xq.record_tags', { text: parts.join(' · ') }) : '';
}

// A clock at zero on this page: the server has ended the game (or will in a moment); show it.
const clocks = new SeatClocks({ onExpired: () => setTimeout(reloadGame, 300) });
function reloadGame() {
  if (game) server.loadGame(game.id).then((view) => setGame(view, { keepMessage: true }), () => {});
}

function renderPanel() {
  const bottom = prefs.flipped ? 'black' : 'red';
  clocks.place({ [bottom]: $('bottom-clock'), [other(bottom)]: $('top-clock') });
  for (const [id, side] of [['bottom-player', bottom], ['top-player', other(bottom)]]) {
    const el = $(id);
    el.textContent = playerLabel(side);
    el.className = `xq-player ${side}${!game.ending && game.side_to_move === side ? ' to-move' : ''}`;
  }
  const watchers = presence && presence.spectators ? ` · ${t('live.spectators', { n: presence.spectators })}` : '';
  $('game-no').textContent = t('xq.game_no', { id: game.id }) + watchers;
  renderTags();
  $('undos').textContent = t('xq.undos', game.undos);
  const ongoing = game.status === 'ongoing';
  $('undo').disabled = busy || !game.moves.length || (game.ending && ['resignation', 'agreement'].includes(game.ending.reason));
  const between = Boolean(mySeat());
  $('undo').hidden = between || watching();
  $('hint').hidden = between || watching();
  $('resign').hidden = watching();
  $('abort').hidden = !(between && ongoing && game.moves.length < 2);
  const asked = game.takeback_offer;
  $('ask-takeback').hidden = !between || !ongoing;
  $('ask-takeback').disabled = Boolean(asked) || !game.moves.length;
  $('takeback-offer').hidden = !(between && ongoing && asked && asked !== mySeat());
  if (asked) $('takeback-offer-text').textContent = t('xq.takeback_asked', { side: sideName(asked) });
  $('hint').disabled = !canPlay();
  $('resign').disabled = !ongoing || busy;
  $('offer-draw').disabled = !ongoing || Boolean(game.draw_offer) || seatOpen();
  $('offer-draw').hidden = game.mode !== 'pvp' || watching();
  const offer = $('draw-offer');
  // Between two players only the other side answers an offer.
  offer.hidden = !(ongoing && game.draw_offer) || watching() || (between && game.draw_offer === mySeat());
  if (game.draw_offer) {
    $('draw-offer-text').textContent = t('xq.draw_offered', { side: sideName(game.draw_offer), other: sideName(other(game.draw_offer)) });
  }
  const total = game.moves.length;
  const ply = live() ? total : viewPly;
  $('first').disabled = ply === 0;
  $('prev').disabled = ply === 0;
  $('next').disabled = ply >= total;
  $('last').disabled = ply >= total;
  $('play').textContent = autoplay ? '■' : '▶';
  $('play').title = t(autoplay ? 'xq.pause' : 'xq.play');
  $('viewing').hidden = live();
  // Analysis is for study, not for help during a game between two people.
  $('analyse-link').hidden = ongoing && friendGame();
  $('analyse-link').href = `/xiangqi/analysis.html?game=${game.id}&ply=${ply}`;
  if (!live()) $('viewing-text').textContent = t('xq.viewing', { ply: viewPly, total });
  renderRecord($('record'), game.moves, { notation: prefs.notation, current: ply, onPick: view, grades: grades(game) });
  renderReview(ply);
}

const rematch = mountRematch($('rematch'), {
  current: () => game,
  me: () => myId,
  onStarted: (id) => run(async () => setGame(await server.loadGame(id))),
  onError: (err) => explain(err),
});

const claim = mountClaim($('claim'), {
  current: () => game,
  me: () => myId,
  presence: () => presence,
  onClaimed: () => run(async () => { setGame(await server.loadGame(game.id)); }),
  onError: (err) => explain(err),
});

function render() {
  if (!game) return;
  redraw();
  renderStatus();
  renderPanel();
  renderMessage();
  rematch.update();
  claim.update();
}

// Another tab (or device, or the opponent) changed this game: show the saved game as it is now.
const watcher = createWatcher();
// Who has this game open, as its socket last said (with when that arrived).
let presence = null;
const following = {
  current: () => (game ? game.revision : -1),
  self: () => myId,
  onPresence: (report) => {
    presence = { ...report, at: performance.now() };
    renderPanel();
    claim.update();
  },
  onChange: (revision) => {
    if (revision === null || busy || !game) return;
    server.loadGame(game.id).then((view) => {
      const wasOpen = seatOpen();
      setGame(view, { keepMessage: true });
      if (wasOpen && !seatOpen()) $('invite-box').hidden = true;
    }, () => {});
  },
};

function setGame(next, { keepMessage = false } = {}) {
  const changed = !game || game.id !== next.id;
  const ended = !changed && game.status !== next.status;
  if (!changed) soundOfMove(game, next, ended);
  if (changed) presence = null;
  game = next;
  clocks.set(game.clock);
  watcher.follow(game.id, following);
  viewPly = null;
  selected = null;
  hintMove = null;
  if (changed) engineLine = null;
  if (!keepMessage) message = null;
  rememberGame(GAME_KEY, game.id);
  // Sit on my own side of the board in a game against a friend.
  if (changed && mySeat()) { prefs.flipped = mySeat() === 'black'; savePrefs(); }
  render();
  if (changed || ended) refreshSaves();
}

/** The sound of what happened between two views of one game: its end, else the new move's kind. */
function soundOfMove(before, after, ended) {
  if (ended) return playSound('win');
  if (after.moves.length <= before.moves.length) return;
  const last = after.moves[after.moves.length - 1];
  playSound(last.check ? 'check' : last.capture ? 'capture' : 'move');
}

/** Shows the invitation link for the open seat of a game against a friend. */
async function showInvitation() {
  const box = $('invite-box');
  if (!game || !seatOpen() || !mySeat()) { box.hidden = true; return; }
  $('invite-link').value = await invitationLink(game.id);
  box.hidden = false;
}

async function run(action) {
  try {
    await action();
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'stale' || err.code === 'not_engine_turn') && game) {
      busy = false;
      try { setGame(await server.loadGame(game.id)); } catch (again) { explain(again); }
      say('xq.stale');
      maybeEngine();
      return;
    }
    busy = false;
    render();
    explain(err);
  }
}

function engineText(info) {
  const move = info[prefs.notation] || info.chinese;
  if (info.mate_in != null) {
    return info.mate_in > 0
      ? { key: 'xq.engine_mate', params: { move, n: info.mate_in } }
      : { key: 'xq.engine_mated', params: { move, n: -info.mate_in } };
  }
  const score = (info.score_red > 0 ? '+' : '') + (info.score_red / 100).toFixed(2);
  return { key: 'xq.engine_said', params: { move, depth: info.depth, score, nodes: info.nodes.toLocaleString(), ms: info.millis } };
}

/** Lets the engine move when it is its turn; the board waits meanwhile. */
function maybeEngine() {
  if (!game || game.status !== 'ongoing' || !engineToMove() || busy) return;
  busy = true;
  document.body.dataset.busy = 'true';
  render();
  run(async () => {
    const view = await server.engineMove(game);
    busy = false;
    engineLine = view.engine ? engineText(view.engine) : null;
    setGame(view);
  }).finally(() => {
    busy = false;
    delete document.body.dataset.busy;
    if (game) render();
    refreshSaves();
  });
}

/** The point that blocks a horse's leg or an elephant's eye, for a refused move. */
function blockingPoint(code, from, to) {
  const f0 = from.charCodeAt(0) - 97; const r0 = Number(from[1]);
  const f1 = to.charCodeAt(0) - 97; const r1 = Number(to[1]);
  let f = null; let r = null;
  if (code === 'elephant_eye_blocked') { f = (f0 + f1) / 2; r = (r0 + r1) / 2; }
  if (code === 'horse_leg_blocked') {
    if (Math.abs(r1 - r0) === 2) { f = f0; r = r0 + (r1 - r0) / 2; } else { f = f0 + (f1 - f0) / 2; r = r0; }
  }
  return f === null ? null : String.fromCharCode(97 + f) + r;
}

/** Sends a move; clicks while one is in flight are ignored (see /js/in-flight.js). */
const tryMove = oneAtATime((from, to) => {
  selected = null;
  blocked = null;
  return run(async () => {
    let view;
    try {
      view = await server.move(game, from + to);
    } catch (err) {
      if (err instanceof ApiError) blocked = blockingPoint(err.code, from, to);
      throw err;
    }
    setGame(view);
    refreshSaves();
    maybeEngine();
  });
});

function onPoint(sq) {
  if (!game || !sq) return;
  if (!live()) { view(null); return; }
  if (game.status !== 'ongoing') { say('xq.game_over'); return; }
  if (watching()) { say('error.not_your_game'); return; }
  if (seatOpen()) { say('error.waiting_for_opponent'); return; }
  if (busy || !myTurn()) { say(mySeat() ? 'xq.their_turn' : 'error.not_your_turn', { side: sideName(game.side_to_move) }); return; }
  const letter = parseFen(game.fen).get(sq);
  const mine = ownPiece(game.fen, sq, game.side_to_move);
  blocked = null;
  if (mine && selected !== sq) {
    selected = sq;
    say(null);
    redraw();
  } else if (mine) {
    selected = null;
    redraw();
  } else if (selected) {
    // Legal or not, the server decides and says why a move is refused.
    tryMove(selected, sq);
  } else if (letter) {
    say('xq.select_own', { side: sideName(game.side_to_move) });
  }
}

const input = attachBoardInput(svg, {
  fen: () => (game ? shownFen() : ''),
  flipped: () => prefs.flipped,
  canDrag: (sq) => canPlay() && ownPiece(shownFen(), sq, game.side_to_move),
  onPoint,
  onDrop: (from, to) => tryMove(from, to),
  onLift: (sq) => { selected = sq; },
  onEscape: () => { selected = null; redraw(); },
  cursorStart: () => selected || generalSquare(shownFen(), mySeat() || (game ? game.side_to_move : 'red')),
  redraw,
  announcer: $('board-cursor'),
});

/** Shows the position after `ply` plies (null: back to the live game). */
function view(ply) {
  if (!game) return;
  viewPly = ply === null || ply >= game.moves.length ? null : Math.max(0, ply);
  selected = null;
  redraw();
  renderPanel();
}

function stopAutoplay() {
  if (autoplay) clearInterval(autoplay);
  autoplay = null;
}

function startAutoplay() {
  if (!game || !game.moves.length) return;
  if (live()) viewPly = 0;
  const delay = 2200 / Number($('speed').value);
  autoplay = setInterval(() => {
    const next = (viewPly ?? game.moves.length) + 1;
    view(next);
    if (live()) stopAutoplay();
    renderPanel();
  }, delay);
  view(viewPly);
}

function restartAutoplay() {
  if (!autoplay) return;
  stopAutoplay();
  startAutoplay();
}

const plyNow = () => (live() ? game.moves.length : viewPly);
$('first').addEventListener('click', () => { stopAutoplay(); view(0); });
$('prev').addEventListener('click', () => { stopAutoplay(); view(plyNow() - 1); });
$('next').addEventListener('click', () => { stopAutoplay(); view(plyNow() + 1); });
$('last').addEventListener('click', () => { stopAutoplay(); view(null); });
$('play').addEventListener('click', () => { if (autoplay) stopAutoplay(); else startAutoplay(); renderPanel(); });
$('speed').addEventListener('input', restartAutoplay);
$('back-live').addEventListener('click', () => { stopAutoplay(); view(null); });
// Off the board (where arrows move the cursor) and outside text fields, ← and → step through
// the record.
soundSwitch($('sound'));
stepWithArrows({
  active: () => Boolean(game),
  step: (delta) => { stopAutoplay(); view(plyNow() + delta); },
  board: svg,
});

$('undo').addEventListener('click', () => run(async () => {
  stopAutoplay();
  engineLine = null;
  setGame(await server.undo(game));
  refreshSaves();
}));
$('hint').addEventListener('click', () => run(async () => {
  $('hint').disabled = true;
  const info = await server.hint(game);
  hintMove = info.best;
  say('xq.hint_is', { move: info[prefs.notation] || info.chinese, depth: info.depth }, true);
  render();
}));
$('resign').addEventListener('click', () => {
  if (!window.confirm(t('xq.confirm_resign'))) return;
  run(async () => {
    const side = game.mode === 'engine' ? other(game.engine_side) : mySeat() || game.side_to_move;
    setGame(await server.resign(game, side));
    refreshSaves();
  });
});
$('ask-takeback').addEventListener('click', () => run(async () => {
  setGame(await server.takeback(game, 'offer'));
  say('xq.takeback_waiting', {}, true);
}));
$('accept-takeback').addEventListener('click', () => run(async () => setGame(await server.takeback(game, 'accept'))));
$('decline-takeback').addEventListener('click', () => run(async () => setGame(await server.takeback(game, 'decline'))));
$('abort').addEventListener('click', () => run(async () => {
  await abortGame(game);
  setGame(await server.loadGame(game.id));
  refreshSaves();
}));
$('offer-draw').addEventListener('click', () => run(async () => setGame(await server.draw(game, 'offer'))));
$('accept-draw').addEventListener('click', () => run(async () => { setGame(await server.draw(game, 'accept')); refreshSaves(); }));
$('decline-draw').addEventListener('click', () => run(async () => setGame(await server.draw(game, 'decline'))));
$('flip').addEventListener('click', () => { prefs.flipped = !prefs.flipped; savePrefs(); render(); });
$('notation').addEventListener('change', (e) => { prefs.notation = e.target.value; savePrefs(); render(); });
$('chars').addEventListener('change', (e) => { prefs.chars = e.target.value; savePrefs(); redraw(); });

let reviewing = null; // the id of the game under review, while the review runs

/** The review box: shown for a game that is over or imported; its graph, summary and the shown move's grade. */
function renderReview(ply) {
  const box = $('review-box');
  box.hidden = !(game.status !== 'ongoing' || game.variant === 'imported') || !game.moves.length;
  if (box.hidden) return;
  const [done, total] = progress(game);
  const running = reviewing === game.id;
  $('review-start').textContent = t(running ? 'xq.review.running' : done === 0 ? 'xq.review.start' : 'xq.review.resume');
  $('review-start').hidden = done === total && !running;
  $('review-start').disabled = running;
  $('review-progress').hidden = done === 0 || done === total;
  $('review-progress').max = total;
  $('review-progress').value = done;
  drawGraph($('review-graph'), game, { current: ply, onPick: view });
  const sums = summary(game);
  $('review-summary').textContent = sums.red.n + sums.black.n
    ? t('xq.review.summary', {
      red: Math.round(sums.red.loss / Math.max(1, sums.red.n)),
      black: Math.round(sums.black.loss / Math.max(1, sums.black.n)),
      red_bad: (sums.red.mistake || 0) + (sums.red.blunder || 0),
      black_bad: (sums.black.mistake || 0) + (sums.black.blunder || 0),
    })
    : '';
  const graded = ply > 0 ? grades(game)[ply - 1] : null;
  $('review-move').textContent = graded
    ? t(graded.better ? 'xq.review.move_better' : 'xq.review.move', {
      move: game.moves[ply - 1][prefs.notation] || game.moves[ply - 1].iccs,
      grade: t(`xq.review.grade.${graded.grade}`),
      loss: graded.loss,
      better: graded.better,
    })
    : '';
}

$('review-start').addEventListener('click', () => {
  if (!game || reviewing) return;
  const id = game.id;
  reviewing = id;
  render();
  runReview(game, {
    ask: (ply, revision) => server.reviewPly(id, ply, revision),
    onView: (next) => { if (game && game.id === id) { game = next; render(); } },
    stopped: () => !game || game.id !== id || document.hidden,
  }).catch(explain).finally(() => { reviewing = null; if (game) render(); });
});

/** "Play on from here": the new-game form starts its game from `target` ({fen, moves, ply}), the
 * moves so far kept as its history; null goes back to a fresh start. */
function setPlayOn(target) {
  playOn = target;
  $('play-on-note').hidden = !target;
  $('fen').disabled = Boolean(target);
  if (target) {
    $('play-on-text').textContent = t('xq.play_on_note', { ply: target.ply });
    $('new-box').open = true;
    $('new-box').scrollIntoView({ block: 'nearest' });
    $('mode').focus();
  }
}
$('play-on').addEventListener('click', () => {
  if (!game || live()) return;
  stopAutoplay();
  setPlayOn({ fen: game.start_fen, moves: game.moves.slice(0, viewPly).map((m) => m.iccs), ply: viewPly });
});
$('play-on-cancel').addEventListener('click', () => setPlayOn(null));

function syncForm() {
  const mode = $('mode').value;
  const engine = mode === 'engine';
  for (const el of document.querySelectorAll('.engine-only')) el.classList.toggle('hidden', !engine);
  for (const el of document.querySelectorAll('.people-only')) el.classList.toggle('hidden', engine);
  for (const el of document.querySelectorAll('.friend-only')) el.classList.toggle('hidden', mode !== 'friend');
  for (const el of document.querySelectorAll('.side-choice')) el.classList.toggle('hidden', mode === 'pvp');
  $('side-label').textContent = t(mode === 'friend' ? 'xq.side.mine' : 'xq.side');
  $('level-value').textContent = $('level').value;
}
$('mode').addEventListener('change', syncForm);
$('level').addEventListener('input', syncForm);
$('new-form').addEventListener('submit', (event) => {
  event.preventDefault();
  stopAutoplay();
  const mode = $('mode').value;
  const options = mode === 'friend'
    ? { mode: 'pvp', friend: true, side: $('side').value, private: $('private').checked }
    : { mode, level: Number($('level').value) };
  if (mode === 'engine') options.engine_side = other($('side').value);
  else options.clock = controlFromValue($('time-control').value);
  const fen = $('fen').value.trim();
  if (fen) options.fen = fen;
  if (playOn) { options.fen = playOn.fen; options.moves = playOn.moves; }
  run(async () => {
    const view = await server.newGame(options);
    setPlayOn(null);
    prefs.flipped = (mode === 'engine' && view.engine_side === 'red') || (mode === 'friend' && options.side === 'black');
    savePrefs();
    setGame(view);
    if (mode === 'friend') await showInvitation();
    maybeEngine();
  });
});
$('invite-copy').addEventListener('click', async () => {
  try { await navigator.clipboard.writeText($('invite-link').value); } catch { $('invite-link').select(); }
  say('xq.invite_copied', {}, true);
});

$('export').addEventListener('click', () => run(async () => {
  const { pgn, filename } = await server.exportPgn(game.id, prefs.notation, currentLanguage());
  $('pgn-text').value = pgn;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}));
$('import').addEventListener('click', () => run(async () => {
  stopAutoplay();
  const view = await server.importPgn($('pgn-text').value);
  setGame(view);
  viewPly = view.moves.length ? 0 : null;
  say('xq.imported', {}, true);
  render();
  refreshSaves();
}));

let savesPending = null;
function refreshSaves() {
  if (savesPending) return;
  savesPending = setTimeout(() => {
    savesPending = null;
    showSaves($('saves'), { currentId: game && game.id, onOpen: openGame, onError: explain }).catch(explain);
  }, 150);
}
$('refresh-saves').addEventListener('click', refreshSaves);

function openGame(id) {
  stopAutoplay();
  run(async () => {
    const view = await server.loadGame(id);
    setGame(view);
    if (view.status !== 'ongoing' && view.moves.length) { viewPly = 0; render(); }
    maybeEngine();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
}

// Another tab may have moved: look again when this one comes back into view.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !game || busy) return;
  server.loadGame(game.id).then((view) => {
    if (view.revision !== game.revision) setGame(view);
  }).catch(() => { /* the next action will say what is wrong */ });
});

window.addEventListener('qipan:language', () => { fillControlSelect($('time-control')); render(); refreshSaves(); });

async function start() {
  $('notation').value = prefs.notation;
  $('chars').value = prefs.chars;
  fillControlSelect($('time-control'));
  syncForm();
  let id = rememberedGame(GAME_KEY);
  const params = new URLSearchParams(location.search);
  const fromUrl = Number(params.get('game'));
  if (fromUrl) id = fromUrl;
  const player = await me;
  myId = player && player.id;
  let joined = null;
  try { joined = await joinFromLink(); } catch (err) { explain(err); }
  await run(async () => {
    let view = null;
    if (id) {
      try { view = await server.loadGame(id); } catch (err) { if (!(err instanceof ApiError) || err.status !== 404) throw err; }
    }
    // A game asked for in the address that does not exist is said, not silently replaced.
    if (!view && fromUrl) say('xq.game_not_found', { id: fromUrl });
    if (!view) view = await server.newGame({ mode: 'engine', engine_side: 'black', level: 3 });
    setGame(view, { keepMessage: Boolean(message) });
    if (joined) say('xq.joined', { side: sideName(joined.seat) }, true);
    else showInvitation().catch(() => {});
    maybeEngine();
  });
  refreshSaves();
  document.body.dataset.ready = 'true';
}

start();
