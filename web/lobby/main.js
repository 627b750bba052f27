// The lobby (大厅): open a seek or pair quickly, accept another player's seek, watch live games.
// The lobby's socket says when seeks change and when a game starts; a game started from one of
// this player's seeks opens at once.

import { displayName, me } from '/js/shell.js';
import { api, ApiError } from '/js/api.js';
import { applyTranslations, errorText, registerStrings, t } from '/js/i18n.js';
import { TIME_CONTROLS, controlFromValue, describeControl } from '/js/game-clock.js';

registerStrings({
  'zh-CN': {
    'lobby.title': '大厅',
    'lobby.lead': '找一位对手：发布约战，或接受别人的约战；也可以观看正在进行的对局。',
    'lobby.new_seek': '发布约战',
    'lobby.game': '棋类',
    'lobby.game.xiangqi': '象棋',
    'lobby.game.gomoku_freestyle': '五子棋 · 自由规则',
    'lobby.game.gomoku_standard': '五子棋 · 标准规则',
    'lobby.game.gomoku_renju': '五子棋 · 连珠规则',
    'lobby.game.gomoku_freestyle+swap2': '五子棋 · 自由规则 · 交换二开局',
    'lobby.game.gomoku_standard+swap2': '五子棋 · 标准规则 · 交换二开局',
    'lobby.game.gomoku_renju+taraguchi10': '五子棋 · 连珠规则 · Taraguchi-10 开局',
    'lobby.color': '我执',
    'lobby.color.random': '随机',
    'lobby.color.red': '红方（先走）',
    'lobby.color.black_xq': '黑方（后走）',
    'lobby.color.black': '黑方（先下）',
    'lobby.color.white': '白方（后下）',
    'lobby.rated': '计算等级分',
    'lobby.range': '对手等级分（可留空）',
    'lobby.range_min': '最低',
    'lobby.range_max': '最高',
    'lobby.create': '发布',
    'lobby.quick': '快速配对',
    'lobby.seeks': '等待对手的约战',
    'lobby.no_seeks': '现在没有人在等待。发布一个约战吧。',
    'lobby.live': '正在进行的对局',
    'lobby.no_live': '现在没有公开进行的对局。',
    'lobby.col.player': '棋手',
    'lobby.col.players': '对局双方',
    'lobby.col.rating': '等级分',
    'lobby.col.game': '棋类',
    'lobby.col.clock': '用时',
    'lobby.col.mode': '类型',
    'lobby.col.color': '执',
    'lobby.col.spectators': '观众',
    'lobby.mode.rated': '计分',
    'lobby.mode.casual': '友谊',
    'lobby.accept': '接受',
    'lobby.withdraw': '撤回',
    'lobby.watch': '观看',
    'lobby.waiting': '已发布，等待对手接受……',
    'lobby.quick_waiting': '正在为你寻找等级分相近的对手……',
    'lobby.you': '（你）',
    'error.own_seek': '这是你自己的约战，要由其他棋手接受。',
    'error.seek_gone': '这个约战已被别人接受或已撤回。',
    'error.out_of_rating_range': '你的等级分不在对方要求的范围内。',
    'error.too_many_seeks': '你最多同时发布 3 个约战：请先撤回一个。',
    'error.bad_rating_range': '等级分范围需要是 0 到 4000 之间的两个数，低的在前。',
    'error.too_many_live_games': '你进行中的对局太多了：先下完或认输一盘。',
  },
  en: {
    'lobby.title': 'Lobby',
    'lobby.lead': "Find an opponent: open a seek or accept somebody else's; or watch a game being played.",
    'lobby.new_seek': 'Open a seek',
    'lobby.game': 'Game',
    'lobby.game.xiangqi': 'Xiangqi',
    'lobby.game.gomoku_freestyle': 'Gomoku · freestyle',
    'lobby.game.gomoku_standard': 'Gomoku · standard',
    'lobby.game.gomoku_renju': 'Gomoku · renju',
    'lobby.game.gomoku_freestyle+swap2': 'Gomoku · freestyle · Swap2 opening',
    'lobby.game.gomoku_standard+swap2': 'Gomoku · standard · Swap2 opening',
    'lobby.game.gomoku_renju+taraguchi10': 'Gomoku · renju · Taraguchi-10 opening',
    'lobby.color': 'I play',
    'lobby.color.random': 'Random',
    'lobby.color.red': 'Red (moves first)',
    'lobby.color.black_xq': 'Black (moves second)',
    'lobby.color.black': 'Black (moves first)',
    'lobby.color.white': 'White (moves second)',
    'lobby.rated': 'Rated',
    'lobby.range': "Opponent's rating (optional)",
    'lobby.range_min': 'from',
    'lobby.range_max': 'to',
    'lobby.create': 'Open',
    'lobby.quick': 'Quick pairing',
    'lobby.seeks': 'Players waiting',
    'lobby.no_seeks': 'Nobody is waiting now. Open a seek.',
    'lobby.live': 'Games being played',
    'lobby.no_live': 'No public game is being played now.',
    'lobby.col.player': 'Player',
    'lobby.col.players': 'Players',
    'lobby.col.rating': 'Rating',
    'lobby.col.game': 'Game',
    'lobby.col.clock': 'Time',
    'lobby.col.mode': 'Mode',
    'lobby.col.color': 'Plays',
    'lobby.col.spectators': 'Watching',
    'lobby.mode.rated': 'Rated',
    'lobby.mode.casual': 'Casual',
    'lobby.accept': 'Accept',
    'lobby.withdraw': 'Withdraw',
    'lobby.watch': 'Watch',
    'lobby.waiting': 'Seek open: waiting for an opponent…',
    'lobby.quick_waiting': 'Looking for an opponent near your rating…',
    'lobby.you': '(you)',
    'error.own_seek': 'This seek is yours: another player accepts it.',
    'error.seek_gone': 'This seek was taken by somebody else or withdrawn.',
    'error.out_of_rating_range': "Your rating is outside the range this player asked for.",
    'error.too_many_seeks': 'You may have 3 seeks open at once: withdraw one first.',
    'error.bad_rating_range': 'The rating range is two numbers from 0 to 4000, the lower first.',
    'error.too_many_live_games': 'You play too many games at once: finish or resign one first.',
  },
});

applyTranslations();

const $ = (id) => document.getElementById(id);
const page = { me: null, lobby: { seeks: [], games: [] }, names: new Map(), opening: false };
const COLORS = {
  xiangqi: [['random', 'lobby.color.random'], ['red', 'lobby.color.red'], ['black', 'lobby.color.black_xq']],
  gomoku: [['random', 'lobby.color.random'], ['black', 'lobby.color.black'], ['white', 'lobby.color.white']],
};

function say(text, bad = false) {
  const box = $('lobby-message');
  box.textContent = text;
  box.classList.toggle('bad', bad);
}

function explain(err) {
  if (!(err instanceof ApiError)) throw err;
  say(errorText(err), true);
}

function gameLabel(game, rule) {
  return t(game === 'xiangqi' ? 'lobby.game.xiangqi' : `lobby.game.gomoku_${rule || 'freestyle'}`);
}

function colorLabel(game, color) {
  if (color === 'random') return t('lobby.color.random');
  if (game === 'xiangqi') return t(color === 'red' ? 'lobby.color.red' : 'lobby.color.black_xq');
  return t(`lobby.color.${color}`);
}

/** A player's name as a link to its page (names of other players are fetched once). */
function playerLink(id, known) {
  const a = document.createElement('a');
  a.href = `/player/?id=${encodeURIComponent(id)}`;
  const name = known ?? page.names.get(id);
  a.textContent = name || displayName({ name: null, tag: id.slice(0, 4) });
  if (known === undefined && !page.names.has(id)) {
    page.names.set(id, null);
    api('GET', `/api/players/${encodeURIComponent(id)}`).then((p) => { page.names.set(id, displayName(p)); render(); }, () => {});
  }
  if (id === page.me) a.textContent += ` ${t('lobby.you')}`;
  return a;
}

function cell(row, content, className) {
  const td = document.createElement('td');
  if (className) td.className = className;
  if (content instanceof Node) td.append(content); else td.textContent = content;
  row.append(td);
  return td;
}

function button(label, primary, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = primary ? 'button primary small' : 'button small';
  b.textContent = t(label);
  b.addEventListener('click', onClick);
  return b;
}

function renderSeeks() {
  const body = $('seeks').querySelector('tbody');
  body.replaceChildren(...page.lobby.seeks.map((seek) => {
    const row = document.createElement('tr');
    const mine = seek.player === page.me;
    row.classList.toggle('mine', mine);
    row.dataset.seek = String(seek.id);
    cell(row, playerLink(seek.player, seek.name ? seek.name : undefined));
    cell(row, `${seek.rating}${seek.provisional ? '?' : ''}`, 'num');
    cell(row, gameLabel(seek.game, seek.rule));
    cell(row, describeControl(seek.control));
    cell(row, t(seek.rated ? 'lobby.mode.rated' : 'lobby.mode.casual'));
    cell(row, colorLabel(seek.game, seek.color));
    cell(row, mine
      ? button('lobby.withdraw', false, () => act(() => api('DELETE', `/api/seeks/${seek.id}`)))
      : button('lobby.accept', true, () => act(async () => open(await api('POST', `/api/seeks/${seek.id}/accept`, {})))));
    return row;
  }));
  $('seeks-empty').hidden = page.lobby.seeks.length > 0;
}

function renderLive() {
  const body = $('live').querySelector('tbody');
  body.replaceChildren(...page.lobby.games.map((game) => {
    const row = document.createElement('tr');
    const players = document.createElement('span');
    game.seats.forEach((seat, i) => {
      if (i) players.append(' – ');
      if (seat.holder && seat.holder.player) players.append(playerLink(seat.holder.player));
    });
    cell(row, players);
    cell(row, gameLabel(game.game, game.variant.split('-')[0]));
    cell(row, describeControl(game.clock && game.clock.control));
    cell(row, t(game.rated ? 'lobby.mode.rated' : 'lobby.mode.casual'));
    cell(row, String(game.spectators), 'num');
    const watch = document.createElement('a');
    watch.className = 'button small';
    watch.href = `/${game.game}/?game=${game.id}`;
    watch.textContent = t('lobby.watch');
    cell(row, watch);
    return row;
  }));
  $('live-empty').hidden = page.lobby.games.length > 0;
}

function render() {
  renderSeeks();
  renderLive();
}

async function refresh() {
  try { page.lobby = await api('GET', '/api/lobby'); render(); } catch (err) { explain(err); }
}

async function act(action) {
  try { await action(); } catch (err) { explain(err); }
  refresh();
}

/** Opens a started game, once: the quick pairing's answer and the lobby's event both bring it, and
 * a second navigation would abort the first. */
function open(started) {
  if (page.opening) return;
  page.opening = true;
  location.href = `/${started.kind}/?game=${started.game}`;
}

function syncColors() {
  const [game] = $('seek-game').value.split(':');
  const select = $('seek-color');
  const chosen = select.value;
  select.replaceChildren(...COLORS[game].map(([value, key]) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = t(key);
    return o;
  }));
  if (COLORS[game].some(([v]) => v === chosen)) select.value = chosen;
}

function fillClocks() {
  const select = $('seek-clock');
  const chosen = select.value || 'f:300:3';
  select.replaceChildren(...TIME_CONTROLS.filter(Boolean).map((value) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = describeControl(controlFromValue(value));
    return o;
  }));
  select.value = chosen;
}

function settings() {
  const [game, rule] = $('seek-game').value.split(':');
  const body = { game, clock: controlFromValue($('seek-clock').value), rated: $('seek-rated').checked };
  if (rule) body.rule = rule;
  return body;
}

$('seek-game').addEventListener('change', syncColors);
$('seek-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const body = { ...settings(), color: $('seek-color').value };
  const f = event.target.elements;
  if (f.min.value !== '' || f.max.value !== '') body.rating_range = [Number(f.min.value || 0), Number(f.max.value || 4000)];
  act(async () => { await api('POST', '/api/seeks', body); say(t('lobby.waiting')); });
});
$('quick').addEventListener('click', () => act(async () => {
  const paired = await api('POST', '/api/lobby/quick', settings());
  if (paired.started) open(paired.started);
  else say(t('lobby.quick_waiting'));
}));

function watchLobby() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/api/lobby/events`);
  socket.addEventListener('message', (event) => {
    let change = null;
    try { change = JSON.parse(event.data); } catch { return; }
    if (change.started && change.started.players.includes(page.me)) { open(change.started); return; }
    refresh();
  });
  socket.addEventListener('close', () => setTimeout(watchLobby, 3000));
}

window.addEventListener('qipan:language', () => { applyTranslations(); fillClocks(); syncColors(); render(); });

async function start() {
  fillClocks();
  syncColors();
  const player = await me;
  page.me = player && player.id;
  await refresh();
  watchLobby();
  // Live games and their spectators change without a lobby event: look again now and then.
  setInterval(refresh, 5000);
  document.body.dataset.ready = 'true';
}

start();
